"""What every game's screen shares: the turn loop, curtains, bots, undo, log, keys.

A game's screen subclasses `GameScreen`, composes its board in `compose_board`,
draws a seat's view in `show_view`, and turns keys into actions it hands to
`submit`.  It never changes the state itself, nor holds it: it talks to a table
(engine/table.py), a local match or a replay, and reads views from it.
"""

from __future__ import annotations

import importlib
import time
from typing import Any, Callable, ClassVar

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import Header, RichLog
from textual.worker import get_current_worker

from boardgames_tui.engine.bots import find_hint, make_bot, view_after
from boardgames_tui.engine.mcts import Verdict
from boardgames_tui.engine.contract import (
    NO_CHANGES,
    SPECTATOR,
    ChangeReport,
    GameState,
    IllegalMove,
    LogEntry,
    MoveExplanation,
    TableMoment,
)
from boardgames_tui.engine.lessons import Lesson, Teacher
from boardgames_tui.engine.parts import Game, Narrator
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.table import Table
from boardgames_tui.engine.text import and_list, plural, possessive
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.curtain import CurtainScreen, QuietGuard
from boardgames_tui.ui.footer import KeysFooter
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.seat_ui import SeatUI
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.lesson import MARKED, LessonPanel, LessonsSeenScreen
from boardgames_tui.ui.widgets import MessageBar, TextPanel


SINCE_HEADING = "Since your last turn"


# Said when a game key comes while a lesson shows; cleared when the lesson closes.
READ_THE_LESSON_FIRST = "Read the lesson first: Enter closes it, then the game goes on."

class CursorNote(Text):
    """A status message on the place under the cursor (why a cell takes no card): like
    the prompt, it follows the cursor, so the bar keeps its height as the cursor moves."""


def hint_reason(verdict: Verdict, runner_up: MoveExplanation | None) -> str:
    """Why the hint's move, from the record of the simulated games behind it.

    The move named is always the one with the best record the line cites.  "Either is
    fine" only when the next best is within the noise of it, and then the next best is
    named with what it does; otherwise the hint is said to be better (or probably
    better), by how much in points of score as well as in games won.
    """
    best, other_stats = verdict.best, verdict.runner_up
    if verdict.games == 0:
        return "it is the only move you have."
    cut = (
        f" The machine was too busy: the search stopped after {verdict.games} simulated games, "
        "short of its usual count; ask again for the full answer."
        if verdict.cut_short
        else ""
    )
    if verdict.measure == "too few":
        return (
            f"only {verdict.games} simulated games, over {verdict.tried} moves: "
            "too few to tell them apart, so take it as a first idea." + cut
        )
    if best.win_rate > 0.0:
        record = f"it won {_share(best.win_rate, best.visits)} simulated games from here"
    else:
        record = f"no simulated game from here was won with it ({best.visits})"
    if other_stats is None or runner_up is None:
        if verdict.clear:
            if best.win_rate == 0.0:
                record += ", but it finished nearest the top score"
            return f"{record}; the search soon dropped the other moves (none tried in more than {verdict.dropped})." + cut
        return f"{record}; the other moves were tried too rarely to compare (none in more than {verdict.dropped})." + cut
    other = f"\u201c{runner_up.move.rstrip('.')}\u201d"
    if verdict.level or verdict.measure == "all won":
        # What the other move does comes after its record, in a clause of its own: in
        # the record's parenthesis a reason with parentheses of its own nested them
        # (found playing Everbloom: "(you would lead on Snowbell Seal (1 to 0); won 66%
        # of 121)"), and two parentheses side by side read as one muddle (found
        # playing: "(the Dragon column grows to 2) (60% of 410)").
        reason = runner_up.reason.rstrip(".") if runner_up.reason else ""
        does = f"; with that move {reason}" if reason else ""
        if verdict.measure == "all won":
            line = f"it won all {best.visits} simulated games that tried it, as {other} won all {other_stats.visits}"
        elif verdict.measure == "score":
            line = (
                f"no simulated game from here was won with it ({best.visits}) or with {other} "
                f"({other_stats.visits}), and it finished about as near the top score"
            )
        else:
            line = f"{record}, about as good as {other}, which won {_share(other_stats.win_rate, other_stats.visits)}"
        return f"{line}{does}: either is fine." + cut
    # The doubt is said once, by "probably" (found playing: "probably better …, though
    # in too few games to be sure" said it twice).
    points = _points(best.margin - other_stats.margin)
    if verdict.measure == "score":
        nearer = f"{points} nearer the top score a game" if points else "nearer the top score"
        sure = "it" if verdict.clear else "it probably"
        return (
            f"no simulated game from here was won with it ({best.visits}) or with {other} ({other_stats.visits}), "
            f"but {sure} finished {nearer}." + cut
        )
    gain = round(100 * (best.win_rate - other_stats.win_rate))
    by = f"by {plural(gain, 'point')} of win rate" + (f" and {points} of score a game" if points else "")
    better = "better" if verdict.clear else "probably better"
    return (
        f"{record}; {better} than the next best, {other} "
        f"(won {_share(other_stats.win_rate, other_stats.visits)}), {by}." + cut
    )


def _points(lead: float) -> str:
    """ "2.3 points": a score difference worth saying, or "" when under a tenth."""
    if lead < 0.05:
        return ""
    return f"{lead:.1f} points" if round(lead, 1) != 1.0 else "1 point"


def hint_message(narrator: Narrator, view: GameState, seat: int, verdict: Verdict) -> Text:
    """The status line of a hint: the move in the seat's words, what it does in the
    game's terms, and the record of the simulated games behind it."""
    explanation = narrator.explain_move(view, seat, verdict.best.action)
    reason = f"{explanation.reason.rstrip('.')}; " if explanation.reason else ""
    runner_up = None
    if verdict.runner_up is not None:
        runner_up = narrator.explain_move(view, seat, verdict.runner_up.action)
    return Text.assemble(
        ("Hint: ", "bold"), (explanation.move.rstrip("."), "bold"), f" — {reason}{hint_reason(verdict, runner_up)}"
    )


def _share(rate: float, games: int) -> str:
    """ "62% of 480", "all 480", "none of 480": a win rate beside what it was counted from.
    A few wins never read as "0%" (found playing: "it won 0% of 421"), nor a few losses as "100%"."""
    if rate >= 1.0:
        return f"all {games}"
    if rate <= 0.0:
        return f"none of {games}"
    if rate < 0.005:
        return f"under 1% of {games}"
    if rate > 0.995:
        return f"over 99% of {games}"
    return f"{rate:.0%} of {games}"


def log_text(entry: LogEntry) -> Text:
    """A log entry as the log shows it: a line only its seat may read is in italics."""
    return Text(entry.text, style="italic" if entry.visible_to else "")


class GameLog(RichLog, can_focus=False):
    """The log never takes focus: the arrow keys belong to the game; the wheel scrolls it.

    RichLog keeps each line wrapped to the width it had when it was written, so the
    log keeps what it was given and writes it all again whenever its width changes
    (a resize, a compact layout's panel opening): no line stays cut to an old width.

    Written again whole, it is written in one go (`show_entries`): every pass of the
    keyboard shows the next seat its own log, and its lines are nearly all the ones
    the last seat saw.  Each entry's wrapped lines are kept per width, and the log's
    size is set once, not once a line (measured: 300 entries took 220 ms of CPU
    written one by one, on a machine where a bare Textual keypress takes 7 ms).
    """

    # Kept wrapped lines beyond this many are forgotten (a long game at several widths).
    RENDERED_LIMIT = 4000

    # The log's size comes from CSS, never from its lines: a new line moves its scroll
    # bar, not the other panels, so it needs no layout of the screen (Textual lays the
    # whole screen out whenever a widget's virtual size changes: every move written to
    # the log did, most of the CPU of a bot's move on screen).  A scroll bar that comes
    # or goes still lays the screen out (`show_vertical_scrollbar`).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted:
            self._scroll_update(size)

    def __init__(self, **kwargs: Any) -> None:
        # Always wrapped, never cut to a number of lines: `show_entries` draws as
        # `write` does with these two settings.
        super().__init__(wrap=True, max_lines=None, **kwargs)
        self._entries: list[Text] = []
        self._written_width: int | None = None
        self._rendered: dict[tuple[Any, ...], tuple[list[Strip], int]] = {}

    def add_entry(self, text: Text) -> None:
        self._entries.append(text)
        if self._put_away():
            return
        self.write(text)

    def _put_away(self) -> bool:
        """Whether the log is hidden now (Pollen's short screen shows the news instead):
        it has no width, so a line written now would wrap at `min_width` (found at
        80×24: 20 columns of a 30-column panel, while a bot thought), and shown again at
        its old width it would not be written again. It is written when it has a width."""
        if self._size_known and self.scrollable_content_region.width == 0:
            self._written_width = None
            return True
        return False

    def show_entries(self, entries: list[Text]) -> None:
        """Shows exactly `entries`, from the top, as `write` would have drawn them."""
        self._entries = list(entries)
        if self._put_away():
            return
        if not self._size_known:
            # RichLog holds writes back until it knows its width: written one by one.
            self.clear()
            for text in self._entries:
                self.write(text)
            return
        width = self.scrollable_content_region.width
        lines: list[Strip] = []
        widest = 0
        for text in self._entries:
            strips, line_width = self._wrapped_lines(text, width)
            lines.extend(strips)
            widest = max(widest, line_width)
        self.lines = lines
        self._line_cache.clear()
        self._start_line = 0
        self._deferred_renders.clear()
        self._widest_line_width = widest
        self.virtual_size = Size(widest, len(lines))
        self.refresh()
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _wrapped_lines(self, text: Text, width: int) -> tuple[list[Strip], int]:
        """`text`'s lines as `write` renders them at `width` (shrunk to fit, never below
        `min_width`), and the widest line's width; kept for the next time."""
        key = (text.plain, text.style, tuple(text.spans), text.justify, text.overflow, text.no_wrap, width, self.min_width)
        known = self._rendered.get(key)
        if known is not None:
            return known
        if len(self._rendered) >= self.RENDERED_LIMIT:
            self._rendered.clear()
        console = self.app.console
        text = text.copy()
        text.expand_tabs()
        options = console.options
        render_width = max(min(measure_renderables(console, options, [text]).maximum, width), self.min_width)
        split = list(Segment.split_lines(console.render(text, options.update_width(render_width))))
        if split:
            known = (Strip.from_lines(split), max(sum(segment.cell_length for segment in line) for line in split))
        else:
            known = ([Strip.blank(render_width)], render_width)
        self._rendered[key] = known
        return known

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width == self._written_width or width == 0:
            # Only the height changed (a panel above grew): keep the newest line in
            # view, as a write would.
            if self.auto_scroll:
                self.scroll_end(animate=False, immediate=False, x_axis=False)
            return
        self._written_width = width
        self.show_entries(self._entries)


class GameScreen(QuietGuard, SizedScreen[None]):
    """The shared screen of a game at a table, drawn for one audience at a time.

    The audience is one seat (its private view) or the table (`None`: the public
    view only, while a curtain, an announcement or the score sheet is up, or a bot
    plays between two humans).  UI state belongs to a seat: `ui` is the `SeatUI` of
    the seat at the keyboard, put away when that seat leaves it and given back when it
    returns; a seat that has not used the screen yet starts from a fresh one.

    Just after a curtain goes down, keys wait for quiet (`QuietGuard`) as the curtain's
    own did: the second of an Enter pressed twice, or held, would otherwise play the
    highlighted choice on a screen its player has not seen yet (found playing: a double
    Enter on Ann's curtain discarded her first nectar card).
    """

    # One seat's UI state; games add their cursors, selections, open panels and
    # half-built turns in a subclass.
    SEAT_UI_CLASS: ClassVar[type[SeatUI]] = SeatUI

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("s", "step_away", "Step away"),
        Binding("f1", "rules", "Rules"),
        Binding("f2", "legend", "Legend"),
        Binding("f3", "whole_message", "Message"),
        Binding("i", "inspect", "Inspect"),
        Binding("question_mark", "keys", "Keys"),
        Binding("q", "leave", "Save & quit"),
        Binding("escape", "step_back", "Back", show=False),
        Binding("L", "lessons", "Lessons", show=False),
    ]
    # The shared keys a crowded key bar leaves out first, in this order (the bar then
    # ends in "… ? all keys"): a game's own keys, its moves, stay longest.
    KEYS_LEFT_OUT_FIRST: ClassVar[tuple[str, ...]] = (
        "keys",
        "whole_message",
        "step_away",
        "legend",
        "inspect",
        "rules",
        "hint",
        "leave",
        "undo",
    )

    def __init__(self, table: Table) -> None:
        super().__init__(classes="game")
        self.table = table
        self.game = table.game
        self.rules = table.rules
        self.narrator: Narrator = table.game.narrator
        # The human seat whose private information is on screen, or None (public only).
        self.viewer: int | None = None
        # Whether the viewer came to the keyboard through its own curtain: a seat shown
        # straight away for a public step (a draft from an open row) is watched by the
        # whole table, so its first secret needs a curtain all the same.
        self._curtained = False
        # What keys still wait for quiet after ("the curtain", "the lesson"): a key
        # held, or pressed twice, to close it must not also play on the screen behind.
        self._keys_settling: str | None = None
        # The screen laid over this one, while one is (a dialog, an announcement…).
        self._covered_by: object = None
        self.thinking: int | None = None
        # The seat whose move handed the screen to the table (a bot or another machine
        # plays next): it may still take that move back, from the table's screen or
        # from the next curtain.
        self._last_mover: int | None = None
        self._bot_generation = 0
        # The pass-the-keyboard curtain, made at the first pass and reused for every other.
        self._curtain: CurtainScreen | None = None
        self._log_shown: list[LogEntry] = []
        self._view_key: tuple[object, int] | None = None
        # The public view of `_public_key`, the position it was read at (`public_view`).
        self._public_key: object = None
        self._public: GameState | None = None
        # The table as the last whole redraw found it (`_table_look`).
        self._drawn_look: tuple[object, frozenset[int], frozenset[int], str | None] | None = None
        self._view: GameState | None = None
        self._legal_key: tuple[GameState, int | None] | None = None
        self._legal_actions: list[Any] = []
        # The public view when the table was last told what happened (table moments).
        self._public_told: GameState | None = None
        self._since_key: tuple[object, int | None] | None = None
        self._since: ChangeReport = NO_CHANGES
        self._bots = {seat: make_bot(table.seats[seat].bot_level, table.search_seed(), seat) for seat in table.bots_here()}
        # The UI state of the seat at the keyboard (the table's while nobody is), and
        # each other seat's, put away.
        self.ui: SeatUI = self.new_seat_ui()
        self._seat_ui: dict[int, SeatUI] = {}
        humans = [seat for seat in range(len(table.seats)) if table.played_here(seat)]
        # The position this screen last went on from: a change it did not make itself
        # (another machine's move) arrives through `table.watch`.
        self._position_seen: object = None
        self._unwatch: Callable[[], None] = lambda: None
        # With one human there is nobody to hide from: no curtains at all.
        self.uses_curtains = len(humans) > 1
        # Who is taught what, and how to remember it (`teach`); None: no lessons.
        self.teacher: Teacher | None = None
        self._remember_lesson: Callable[[int, Lesson], None] | None = None
        if not self.uses_curtains and humans:
            self.viewer = humans[0]
            self._curtained = True

    # -- layout ---------------------------------------------------------------------------
    def min_size(self) -> tuple[int, int]:
        return self.game.min_screen

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game-main"):
            with Vertical(id="board"):
                yield from self.compose_board()
            with Vertical(id="sidebar"):
                yield from self.compose_sidebar()
                yield TextPanel("", id="since-panel")
                yield GameLog(id="game-log", markup=False, auto_scroll=True, min_width=20)
        yield MessageBar("", id="status")
        yield KeysFooter()
        yield InspectorPanel(id="inspector")
        yield LessonPanel(id="lesson")

    def compose_board(self) -> ComposeResult:
        yield from ()

    def compose_sidebar(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.title = self.rules.title
        self.query_one("#game-log", RichLog).border_title = "Log"
        self.query_one("#since-panel", TextPanel).border_title = SINCE_HEADING
        self._public_told = self.public_view()
        self._unwatch = self.table.watch(self._table_changed)
        self.call_after_refresh(self.advance)

    def _table_changed(self) -> None:
        # Called by the table, perhaps inside this screen's own submit: looked at once
        # the loop is free, and only a position this screen has not gone on from counts.
        self.call_later(self._changed_elsewhere)

    def _changed_elsewhere(self) -> None:
        if not self.is_mounted:
            return
        if self.table.position is self._position_seen:
            # Someone came or went, or a refusal arrived; not this screen's own move,
            # which it drew as it made it (a second whole redraw each bot move).
            if self._table_look() != self._drawn_look:
                self.redraw()
            return
        # A message about the position before (a key refused while waiting) is stale.
        self.ui.message = None
        self._drop_hint()
        self.after_move()

    # -- audiences ---------------------------------------------------------------------------
    @property
    def audience(self) -> int | None:
        """Who this screen is drawn for: a seat, or None for the whole table."""
        return self.viewer if self._curtained else None

    def new_seat_ui(self) -> SeatUI:
        """The UI state of a seat new to the screen (a hook, for state that needs the game)."""
        return self.SEAT_UI_CLASS()

    def show_to(self, seat: int | None, *, curtained: bool = True) -> None:
        """Put `seat` (None: nobody) at the keyboard, swapping in that seat's UI state;
        `curtained` when it came through its own curtain (else the table watches)."""
        self._curtained = curtained and seat is not None
        if seat == self.viewer:
            return
        # What one seat inspected is that seat's: it never stays up for the next audience.
        for panel in self.query(InspectorPanel):
            panel.close()
        # A lesson too; not dismissed, it comes again when its seat is back.
        self._close_lesson()
        if self.viewer is not None:
            self._seat_ui[self.viewer] = self.ui
        # The table never keeps anything: it always starts where a fresh screen does.
        restored = self._seat_ui.pop(seat, None) if seat is not None else None
        self.ui = restored if restored is not None else self.new_seat_ui()
        self.viewer = seat
        if seat is not None:
            self._last_mover = None

    def announce(self, heading: str | Text, text: str | Text) -> None:
        """Public news for the table: drawn over the public view, then the next curtain."""
        self.announce_all([(heading, text)])

    def announce_all(self, news: list[tuple[str | Text, str | Text]]) -> None:
        """Several announcements in turn (Enter: the next one, Escape: skip the rest),
        over the public view; then play goes on and the next curtain comes."""
        if self.uses_curtains:
            self.show_to(None)
        self.redraw()

        def show(index: int, answer: str | None = None) -> None:
            if index == len(news) or answer == "skip" or not self.is_mounted:
                self.advance()
                return
            heading, text = news[index]
            self.app.push_screen(
                AnnouncementScreen(heading, text, position=(index + 1, len(news))),
                lambda answer: show(index + 1, answer),
            )

        show(0)

    def tell_table(self) -> list[TableMoment]:
        """The public events since the table was last told (the game's `table_moments`)."""
        now = self.public_view()
        before, self._public_told = self._public_told, now
        if before is None:
            return []
        return self.narrator.table_moments(before, now)

    # -- since your last turn ------------------------------------------------------------------
    def since_last_turn(self) -> ChangeReport:
        """What changed for the seat at the keyboard since its own last move (or since the
        game began, before its first): marked
        on the board and summed up until it moves again.  Built from that seat's own
        views (the public ones while the table watches); nothing for the table."""
        seat = self.viewer
        if seat is None:
            return NO_CHANGES
        key = (self.table.position, seat if self.audience == seat else None)
        if self._since_key is not None and self._since_key[0] is key[0] and self._since_key[1] == key[1]:
            return self._since
        self._since_key = key
        self._since = self.table.changes_since_last_move(seat, seat if self.audience == seat else SPECTATOR)
        return self._since

    def change_marks(self) -> frozenset[Any]:
        """The game's keys for what the board marks as changed since the viewer's last move."""
        return self.since_last_turn().marks

    def show_since(self) -> None:
        """Draw `since_last_turn`'s lines (a hook: a game with its own panel draws them there)."""
        panel = self.query_one("#since-panel", TextPanel)
        lines = self.since_last_turn().lines
        panel.display = bool(lines)
        if lines:
            # Its height follows its text: a longer summary lays the sidebar out again.
            panel.show_text(Text("\n".join(lines)), layout=True)

    # -- drawing ---------------------------------------------------------------------------
    def current_view(self) -> GameState | None:
        if self.viewer is None:
            return None
        # Cursor moves redraw often; the view only changes with a move or a new viewer.
        # The key holds the state itself, not its id(): a freed object's id is reused.
        key = (self.table.position, self.viewer)
        if self._view_key is None or self._view_key[0] is not key[0] or self._view_key[1] != key[1]:
            self._view_key = key
            self._view = self.table.view(self.viewer)
        return self._view

    def viewer_acts(self, view: GameState) -> bool:
        """Whether the seat at the keyboard must act now (and no bot is thinking)."""
        return self.viewer is not None and self.thinking is None and self.viewer in self.rules.to_act(view)

    def viewer_legal_actions(self) -> list[Any]:
        """The viewer's legal actions, computed once per move: the board, the status
        line and the key checks all ask for them on every keypress."""
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            return []
        key = (view, self.viewer)
        if self._legal_key is None or self._legal_key[0] is not view or self._legal_key[1] != self.viewer:
            self._legal_key = key
            self._legal_actions = self.rules.legal_actions(view, self.viewer)
        return self._legal_actions

    def public_view(self) -> GameState:
        """What anyone may see, for the moments no human is at the keyboard.  One object
        per position, as `current_view`: panels skip a text built from the very same
        view (`TextPanel.drawn_from`), and a new object each time rebuilt them all."""
        position = self.table.position
        if self._public_key is not position:
            self._public_key = position
            self._public = self.table.view(SPECTATOR)
        return self._public

    def _table_look(self) -> tuple[object, frozenset[int], frozenset[int], str | None]:
        """What the screen shows of the table besides the game: the position, who is
        away, whose seat a bot plays meanwhile and what the table must say in red."""
        return (self.table.position, frozenset(self.table.away()), frozenset(self.table.stand_ins()), self.table.save_error)

    def redraw(self, *, cursor_only: bool = False) -> None:
        """Draw the current view; `cursor_only` when just a highlight moved."""
        view = self.current_view()
        shown = view if view is not None else self.public_view()
        if not cursor_only:
            self.sub_title = self.table.progress()
            self.show_log(shown)
        self.show_view(shown, self.viewer)
        self._update_status(cursor_only=cursor_only)
        if not cursor_only:
            self.show_since()
            self._offer_lesson()
            self.refresh_bindings()
            self._drawn_look = self._table_look()

    def show_view(self, view: GameState, viewer: int | None) -> None:
        """Draw `view`; `viewer` is None when only public information may show."""

    def prompt_text(self, view: GameState, viewer: int) -> str:
        return ""

    def show_log(self, view: GameState) -> None:
        """Show `view`'s log: append what is new, or rewrite it when it is another
        seat's log (private lines differ) or an undo took lines away."""
        log = self.query_one("#game-log", GameLog)
        shown = self._log_shown
        if view.log[: len(shown)] != shown:
            log.show_entries([log_text(entry) for entry in view.log])
        else:
            for entry in view.log[len(shown) :]:
                log.add_entry(log_text(entry))
        self._log_shown = list(view.log)

    def _update_status(self, *, cursor_only: bool = False) -> None:
        """The status bar: a message, else who is thinking, the seat's prompt or who is
        awaited; `cursor_only` when only a highlight moved since it was last set."""
        status = self.query_one("#status", MessageBar)
        if self.ui.message is not None:
            status.show_text(self.ui.message, follows_cursor=isinstance(self.ui.message, CursorNote), cursor_only=cursor_only)
            return
        if self.table.save_error:
            status.show_text(Text(self.table.save_error, style="bold red"))
            return
        if self.thinking is not None:
            status.show_text(Text(f"{self.table.seats[self.thinking].name} is thinking…", style="italic"))
            return
        stand_ins = self.table.stand_ins()
        if self.viewer is not None and self.viewer in stand_ins:
            # A joined player back while the host's bot still plays their seat.
            status.show_text(Text("A bot plays your seat until the host hands it back to you.", style="italic"))
            return
        if self.viewer is not None and self.viewer in self.table.to_act():
            name = self.table.seats[self.viewer].name
            prompt = Text.assemble((f"{name}: ", "bold"), self.prompt_text(self.current_view(), self.viewer))
            status.show_text(prompt, follows_cursor=True, cursor_only=cursor_only)
            return
        to_act = self.table.to_act()
        away = self.table.away()
        elsewhere = [seat for seat in to_act if not self.table.played_here(seat) and seat not in self._bots]
        if elsewhere:
            # Played on another machine (or by the host's bots): they think there.
            # A seat the host handed to a bot is played, not waited for.
            played_for = [self.table.seats[seat].name for seat in elsewhere if seat in stand_ins]
            gone = [self.table.seats[seat].name for seat in elsewhere if seat in away and seat not in stand_ins]
            if played_for or gone:
                said = [f"A bot is playing for {and_list(played_for)}."] if played_for else []
                if gone:
                    said.append(f"{and_list(gone)} {'is' if len(gone) == 1 else 'are'} away.")
                status.show_text(Text(" ".join(said), style="italic"))
            else:
                names = and_list([self.table.seats[seat].name for seat in elsewhere])
                status.show_text(Text(f"{names} {'is' if len(elsewhere) == 1 else 'are'} thinking…", style="italic"))
            return
        waiting = and_list([self.table.seats[seat].name for seat in to_act])
        status.show_text(Text(f"Waiting for {waiting}.") if waiting else "")

    def say(self, message: str, error: bool = False, *, about_cursor: bool = False) -> None:
        """Show a message in the status bar until the next move; `about_cursor` for a
        note on the place the cursor just moved to (it follows the cursor like the
        prompt: the bar keeps its height)."""
        self.ui.message = (CursorNote if about_cursor else Text)(message, style="bold red" if error else "bold")
        self._update_status(cursor_only=about_cursor)

    # -- the turn loop ---------------------------------------------------------------------
    def submit(self, action: Any) -> bool:
        """Hand the viewer's action to the table; show the reason if it is refused."""
        if self.viewer is None or self.thinking is not None:
            return False
        try:
            self.table.submit(self.viewer, action)
        except IllegalMove as refusal:
            self.say(refusal.reason, error=True)
            return False
        self.ui.message = None
        self._drop_hint()
        self.after_move()
        return True

    def after_move(self) -> None:
        """After a committed move: the table is told what happened (the game's
        `table_moments`), then play goes on."""
        self._position_seen = self.table.position
        moments = self.tell_table()
        if not self.uses_curtains and not self.app.settings.pause_after_reveals:  # type: ignore[attr-defined]
            # One person at the table: what the board shows needs no Enter to pass on.
            moments = [moment for moment in moments if not moment.shown_on_board]
        if moments:
            self.announce_all([(moment.heading, "\n".join(moment.lines)) for moment in moments])
        else:
            self.advance()

    def advance(self, prefer: int | None = None) -> None:
        """Decide who acts next: a bot (off the UI thread), this viewer, or a curtain
        (for `prefer` if that seat is among those to act)."""
        if not self.is_mounted:
            return
        self._position_seen = self.table.position
        if self.table.is_over():
            if self.uses_curtains:
                self.show_to(None)
            self.redraw()
            self.app.show_score_sheet(self.table)
            return
        to_act = self.table.to_act()
        humans = [seat for seat in to_act if self.table.played_here(seat)]
        if self.viewer in humans and (self._curtained or not self.needs_curtain(self.viewer)):
            self.redraw()
            return
        if humans:
            # A seat already at the keyboard (shown for a public step) keeps it.
            seat = prefer if prefer in humans else self.viewer if self.viewer in humans else humans[0]
            if self.needs_curtain(seat):
                self._pass_keyboard(seat)
            else:
                self.show_to(seat, curtained=False)
                self.redraw()
            return
        if self.uses_curtains and self.viewer is not None:
            # The keyboard has left the seat that moved, and the next person may already
            # be looking: while bots (or other machines) play, the screen is the table's.
            mover = self.viewer
            self.show_to(None)
            self._last_mover = mover
        self.redraw()
        bots = [seat for seat in to_act if seat in self._bots]
        if bots:
            self._start_bot(bots[0])
        # Else the seats to act are played elsewhere: their moves arrive through `watch`.

    def _pass_keyboard(self, seat: int, message: str | None = None) -> None:
        previous = self.viewer if self.viewer is not None else self._last_mover
        undo_for = None
        if previous is not None and previous != seat and self.table.can_undo(previous):
            undo_for = self.table.seats[previous].name
        # Clear every private widget before the curtain goes up.
        self.show_to(None)
        self.redraw()
        words = (seat, self.table.seats[seat].name, self.curtain_message(seat) if message is None else message, undo_for)
        if self._curtain is None:
            self._curtain = CurtainScreen(*words, secret=self.curtain_secret(seat))
            # Installed, so that going down does not destroy it: the next pass reuses it.
            self.app.install_screen(self._curtain, f"curtain-{id(self)}")
        else:
            self._curtain.show_pass(*words, secret=self.curtain_secret(seat))
        self._curtain.before_lowering = lambda: self._draw_behind_curtain(seat)
        self.app.push_screen(self._curtain, lambda answer: self._after_curtain(answer, seat, previous))

    def _draw_behind_curtain(self, seat: int) -> None:
        """`seat` is lowering its curtain: its screen is drawn while the curtain still
        hides it, so the first frame after the curtain is that seat's and the screen is
        laid out once, as it shows (`SizedScreen.is_current`)."""
        if self.is_mounted:
            self.show_to(seat)
            self.redraw()

    def on_unmount(self) -> None:
        self._unwatch()
        # The game is left: its curtain goes with it.
        curtain, self._curtain = self._curtain, None
        if curtain is not None and curtain not in self.app.screen_stack:
            self.app.uninstall_screen(curtain)
            curtain.remove()

    def curtain_message(self, seat: int) -> str:
        return ""

    def curtain_secret(self, seat: int) -> str:
        """What `seat`'s screen shows that others must not see, for its curtain
        ("Ann's hand"): each game says it in its own words.  The curtain says it to
        everyone else, so it names the owner, never "your"."""
        return f"{possessive(self.table.seats[seat].name)} hand"

    def needs_curtain(self, seat: int) -> bool:
        """Whether `seat` may see anything the table may not: only then the keyboard
        passes behind a curtain (a public step, such as a draft from an open row,
        goes straight on)."""
        return self.table.view(seat) != self.public_view()

    def _after_curtain(self, answer: str | None, seat: int, previous: int | None) -> None:
        if answer == "quit":
            self.action_save_quit()
            return
        if answer == "undo" and previous is not None:
            # Taken back in front of the table: the mover's own curtain comes next.
            self._undo(previous)
            return
        self.show_to(seat)
        if answer == "ready":  # lowered by a key, which may be held or pressed twice
            self._settle_keys_after("the curtain")
        self.advance()

    def _settle_keys_after(self, what: str) -> None:
        """Keys wait for quiet after `what` was closed by a key."""
        self.start_quiet()
        self._keys_settling = what

    def on_screen_suspend(self) -> None:
        stack = self.app.screen_stack
        self._covered_by = stack[-1] if stack else None

    def on_screen_resume(self) -> None:
        """A screen laid over this one has closed (a question, an announcement, the rules):
        keys wait for quiet, as after a lesson, so that the key that closed it, pressed
        twice or held, is not taken here before this screen is on the terminal.  The
        curtain decides for itself (`_after_curtain`)."""
        covered, self._covered_by = self._covered_by, None
        if covered is not None and covered is not self and covered is not self._curtain:
            self._settle_keys_after(getattr(covered, "LAYER_NAME", "the screen over the game"))

    def key_left_over(self, event: events.Key) -> bool:
        """Whether `event` came on the heels of the curtain or a lesson (a key held or
        pressed twice to close it): then it is used for nothing, and the bar says so."""
        if self._keys_settling is None:
            return False
        if self.deliberate():
            self._keys_settling = None
            return False
        event.stop()
        event.prevent_default()
        self.say(f"That key came right after {self._keys_settling} (held or pressed twice) and was not used: press it again.")
        return True

    def action_step_away(self) -> None:
        """The seat at the keyboard raises its own curtain; only it lowers it again."""
        if not self.uses_curtains or self.viewer is None:
            self.say("There is nobody to hide this screen from.", error=True)
            return
        # The game waits while its player is away: a bot's move restarts on return.
        self._cancel_bot()
        self._drop_hint()
        seat = self.viewer
        self._pass_keyboard(seat, f"{self.table.seats[seat].name} stepped away; the screen is hidden until they are back.")

    # -- bots ----------------------------------------------------------------------------------
    def _start_bot(self, seat: int) -> None:
        self.thinking = seat
        self._bot_generation += 1
        self._update_status()
        # A bot taking several steps in a row (a hidden plan) pauses fully only once.
        continuing = bool(self.table.own_run(seat))
        pause = self.app.bot_delay / 6 if continuing else self.app.bot_delay
        self._bot_turn(seat, self._bot_generation, self.table.view(seat), pause)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _bot_turn(self, seat: int, generation: int, view: GameState, pause: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        action = self._bots[seat].choose(self.game, view, seat, lambda: worker.is_cancelled)
        # A short pause so people can follow what the bots do; checked often so that
        # quitting or undoing never waits for it.
        while time.monotonic() - started < pause:
            if worker.is_cancelled:
                return
            time.sleep(0.02)
        if worker.is_cancelled:
            return
        try:
            self.app.call_from_thread(self._bot_done, seat, generation, action)
        except RuntimeError:
            pass  # the app closed while the bot was thinking

    def _bot_done(self, seat: int, generation: int, action: Any) -> None:
        if generation != self._bot_generation or not self.is_mounted:
            return
        self.thinking = None
        try:
            self.table.submit(seat, action)
        except IllegalMove as refusal:
            # A bot only offers legal actions; if one is refused the game must still go on.
            self.say(f"{self.table.seats[seat].name}'s bot made an illegal move: {refusal.reason}", error=True)
            return
        self.after_move()

    def _cancel_bot(self) -> None:
        self._bot_generation += 1
        self.thinking = None
        self.workers.cancel_group(self, "bot")

    # -- hints ----------------------------------------------------------------------------------
    def action_hint(self) -> None:
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            self.say("A hint is for the player whose move it is.", error=True)
            return
        self._drop_hint()
        self.say("Looking for a hint (about a second of simulated games)…")
        self.look_for_hint(self.viewer, self.table.position, view)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def look_for_hint(self, seat: int, position: object, view: GameState, decided: tuple[Any, ...] = ()) -> None:
        """Find the best move for `seat` from `view` at the table's `position` in a worker
        and show it (a hook: a game may ask about the decision after moves its turn
        builder holds, `decided`, such as a chip chosen but not yet placed)."""
        worker = get_current_worker()
        verdict = find_hint(self.game, view, seat, lambda: worker.is_cancelled, decided=decided)
        if worker.is_cancelled:
            return
        words_view = view_after(self.game, view, seat, decided)
        try:
            self.app.call_from_thread(self._hint_found, seat, position, words_view, verdict)
        except RuntimeError:
            pass  # the app closed while the hint was being found

    def _hint_found(self, seat: int, position: object, view: GameState, verdict: Verdict) -> None:
        # A move, an undo or a new viewer since the question makes the answer stale.
        if not self.is_mounted or self.table.position is not position or self.viewer != seat:
            return
        self.ui.hint = verdict.best.action
        self.highlight_action(verdict.best.action)
        self.ui.message = hint_message(self.narrator, view, seat, verdict)
        self.redraw(cursor_only=True)

    def highlight_action(self, action: Any) -> None:
        """Put the screen's cursor on `action` so that the confirm key plays it."""

    def _drop_hint(self) -> None:
        self.ui.hint = None
        self.workers.cancel_group(self, "hint")

    # -- actions -------------------------------------------------------------------------------
    # Keys that still work while the window is too small to show the game.
    ALWAYS_AVAILABLE = frozenset({"save_quit", "leave", "step_back", "rules", "legend", "keys"})

    def on_key(self, event: events.Key) -> None:
        """A printable key bound to nothing says so (found playing: a stray letter did
        nothing at all, and a newcomer could not tell a dead key from a slow one).
        A game whose keys `allows` hides says more in its own `on_key` (Everbloom)."""
        if self.key_left_over(event) or self.lesson_key(event):
            return
        if self.is_too_small or not event.is_printable or event.key in self.active_bindings:
            return
        self.say(f"The key {event.key} does nothing here: ? lists the keys.", error=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.is_too_small and action not in self.ALWAYS_AVAILABLE:
            return False
        if self.lesson_open():
            # A lesson is read before the decision it is about: only it and the reading
            # keys work (checked here, before any game's own `allows`).
            return action in self.LESSON_KEYS
        return self.allows(action, parameters)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """True: offered; None: shown dimmed; False: hidden. Games extend this."""
        if action == "dismiss_lesson":
            return False
        if action == "lessons":
            return self.teacher is not None
        # Undo is always offered: when it cannot be done, the key says why (a dimmed
        # binding would swallow the key in silence).
        if action == "step_away":
            return self.uses_curtains and self.viewer is not None
        if action == "whole_message":
            # Offered only while the status bar has more to show (or is showing it).
            # The footer also asks while the screen is being taken down (leaving the
            # game), when the bar may be gone already: then nothing is offered.
            bar = self.query_one_optional("#status", MessageBar)
            return bar is not None and (bar.is_cut or bar.expanded)
        return True

    def action_undo(self) -> None:
        # On the table's screen, the seat that handed it over may take its move back:
        # its own curtain comes first (`advance` after the undo).
        seat = self.viewer if self.viewer is not None else self._last_mover
        if seat is None:
            self.say("Nothing to undo here: no player is at the keyboard.", error=True)
            return
        blocker = self.table.undo_blocker(seat)
        if blocker is not None:
            # Refused before anything stops: a thinking bot goes on thinking.
            self.say(f"Undo is not possible. {blocker}", error=True)
            return
        self._undo(seat)

    def _undo(self, seat: int) -> None:
        self._cancel_bot()
        self._drop_hint()
        try:
            self.table.undo(seat)
        except IllegalMove as refusal:
            self.say(refusal.reason, error=True)
            self.advance()
            return
        self.ui.message = Text("Move taken back.", style="bold")
        # What was taken back is not news for the table.
        self._public_told = self.public_view()
        self.advance(prefer=seat)

    # -- lessons ---------------------------------------------------------------------------------
    LESSON_KEYS = frozenset({"dismiss_lesson", "lessons", "rules", "legend", "keys", "leave", "save_quit", "step_away"})

    def teach(self, teacher: Teacher, remember: Callable[[int, Lesson], None] | None = None) -> None:
        """Show `teacher`'s lessons to its seats, each before the decision it is about;
        `remember(seat, lesson)` is told each lesson a seat has read."""
        self.teacher = teacher
        self._remember_lesson = remember

    def lesson_key(self, event: events.Key) -> bool:
        """While a lesson shows, Enter closes it and any other game key says so; True if
        `event` was taken.  (A game's own binding of Enter replaces a shared one, and
        every game key is refused while a lesson shows: see `allows`.)"""
        if not self.lesson_open() or event.key in self.active_bindings:
            return False
        event.stop()
        event.prevent_default()
        if event.key == "enter":
            self.action_dismiss_lesson()
        else:
            self.say(READ_THE_LESSON_FIRST, error=True)
        return True

    def lesson_open(self) -> bool:
        panel = self.query_one_optional("#lesson", LessonPanel)
        return panel is not None and panel.is_open

    def _offer_lesson(self) -> None:
        """Show the next lesson due for the seat at the keyboard: behind its own curtain, or
        in front of the table when the seat's decision is public (its view is the table's,
        so its lessons tell nothing the table may not know; found with two people at an
        Evergreen draft, whose first lessons never came)."""
        seat = self.viewer
        if self.teacher is None or seat is None or self.lesson_open() or self.is_too_small:
            return
        in_public = self.audience is None
        if self.audience != seat and not in_public:
            return
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            return
        if in_public and self.needs_curtain(seat):
            return
        # The decision is named by the position's identity (a match keeps its past
        # positions, so an id is not reused while the game is on screen).
        due = self.teacher.due(view, seat, self.viewer_legal_actions(), id(self.table.position))
        if not due:
            return
        lesson = due[0]
        # The lesson is about the decision now: what was inspected before it goes.
        self.query_one(InspectorPanel).close()
        marked = self.query_one_optional(f"#{lesson.marks}")
        if marked is not None:
            marked.add_class(MARKED)
        at_top = marked is not None and marked.region.y > self.size.height // 3
        number = len(self.teacher.seen.get(seat, [])) + 1
        # In front of the table the card says whose lesson it is.
        reader = self.table.seats[seat].name if in_public else None
        self.query_one("#lesson", LessonPanel).show_lesson(lesson, number, at_top, reader)

    def _close_lesson(self) -> Lesson | None:
        panel = self.query_one_optional("#lesson", LessonPanel)
        lesson = panel.close() if panel is not None else None
        for widget in self.query(f".{MARKED}"):
            widget.remove_class(MARKED)
        return lesson

    def action_dismiss_lesson(self) -> None:
        lesson = self._close_lesson()
        # Closed by a key: Enter pressed twice to close a lesson took the move under
        # the cursor (found playing Evergreen's public draft with two people).
        self._settle_keys_after("the lesson")
        seat = self.viewer
        if lesson is not None and seat is not None and self.teacher is not None:
            self.teacher.mark_seen(seat, lesson, id(self.table.position))
            if self._remember_lesson is not None:
                self._remember_lesson(seat, lesson)
        # The word about the lesson goes with it (it stayed under a board with no lesson).
        if self.ui.message is not None and self.ui.message.plain == READ_THE_LESSON_FIRST:
            self.ui.message = None
            self._update_status()
        # The next lesson due now, if any; then the game's prompt.
        self._offer_lesson()
        self.refresh_bindings()

    def action_lessons(self) -> None:
        if self.teacher is None or self.viewer is None or self.audience != self.viewer:
            self.say("Lessons are shown to the player at the keyboard, in a game that teaches.", error=True)
            return
        self.app.push_screen(LessonsSeenScreen(self.teacher.seen_lessons(self.viewer)))

    def action_whole_message(self) -> None:
        self.query_one("#status", MessageBar).toggle_whole()

    def action_rules(self) -> None:
        from boardgames_tui.ui.rules_viewer import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_legend(self) -> None:
        from boardgames_tui.ui.rules_viewer import RulesScreen

        self.app.push_screen(RulesScreen(self.game, tab="legend"))

    def action_keys(self) -> None:
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()

    def action_leave(self) -> None:
        from boardgames_tui.ui.confirm import confirm_then

        confirm_then(self, "Save this game and go back to the menu?", self.action_save_quit)

    def close_view(self) -> bool:
        """Closes a view the player opened (another seat's board); True if one was open."""
        return False

    def inspect_target(self) -> CatalogueEntry | None:
        """The full text of what the seat at the keyboard has highlighted (a card, a
        landmark, a cell…), from the game's catalogue; None when nothing is."""
        return None

    def action_inspect(self) -> None:
        panel = self.query_one(InspectorPanel)
        if panel.close():
            self._settle_keys_after("the inspector")
            return
        entry = self.inspect_target() if self.viewer is not None else None
        if entry is None:
            self.say("Nothing is highlighted to inspect here; move the cursor onto a card, a space or a choice first.", error=True)
            return
        panel.show_entry(entry)

    def action_step_back(self) -> None:
        """Escape closes the inspector or an open view; otherwise it never leaves a game without a question."""
        if self.query_one(InspectorPanel).close():
            self._settle_keys_after("the inspector")
            return
        if self.close_view():
            return
        if self.app.settings.confirmations:
            self.action_leave()
        else:
            self.say("Press q to save this game and go back to the menu.")

    def action_save_quit(self) -> None:
        self._cancel_bot()
        self._drop_hint()
        self.table.leave()
        self.app.return_to_menu()



def game_screen_class(game: Game) -> type[GameScreen]:
    """`game`'s screen class, loaded by the import path its record names."""
    module_name, _, class_name = game.screen.partition(":")
    return getattr(importlib.import_module(module_name), class_name)
