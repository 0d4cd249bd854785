"""What every game's screen shares: the turn loop, conducted over small parts.

A game's screen subclasses `GameScreen`, composes its board in `compose_board`,
draws a seat's view in `show_view`, and turns keys into actions it hands to
`submit`.  It never changes the state itself, nor holds it: it talks to a table
(engine/table.py), a local match, a replay or a host, and reads views from it.

The screen keeps the turn loop (`advance`) and what a frame is drawn from; each other
job is a part's (`ui/screen_parts/`): `keyboard` passes the keyboard behind curtains
and keeps each seat's UI state, `bots` runs this machine's bots, `hints` the hint
desk, `lessons` the lesson desk, `status` the status line, `news` what the table is
told and what changed since a seat's last move, `table_watch` what the table changes
without this screen's keys.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, RichLog

from boardgames_tui.engine.contract import SPECTATOR, ChangeReport, GameState, IllegalMove, LogEntry
from boardgames_tui.engine.parts import Game, Narrator
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.table import Table
from boardgames_tui.engine.text import named_owner
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.quiet import QuietGuard
from boardgames_tui.ui.footer import KeysFooter
from boardgames_tui.ui.game_log import GameLog, log_text
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.lesson import LessonPanel
from boardgames_tui.ui.screen_parts.bots import BotRunner
from boardgames_tui.ui.screen_parts.hints import HintDesk
from boardgames_tui.ui.screen_parts.keyboard import KeyboardPass
from boardgames_tui.ui.screen_parts.keys import SharedKeys
from boardgames_tui.ui.screen_parts.lessons import LESSON_KEYS, LessonDesk
from boardgames_tui.ui.screen_parts.news import TableNews
from boardgames_tui.ui.screen_parts.status import StatusLine
from boardgames_tui.ui.screen_parts.table_watch import TableWatch
from boardgames_tui.ui.seat_ui import SeatUI
from boardgames_tui.ui.widgets import HAND_HIDDEN_BETWEEN_PLAYERS, MessageBar, TextPanel

SINCE_HEADING = "Since your last turn"


class GameScreen(SharedKeys, QuietGuard, SizedScreen[None]):
    """The shared screen of a game at a table, drawn for one audience at a time.

    The audience is one seat (its private view) or the table (`None`: the public
    view only, while a curtain, an announcement or the score sheet is up, or a bot
    plays between two humans).  UI state belongs to a seat: `ui` is the `SeatUI` of
    the seat at the keyboard, put away when that seat leaves it and given back when it
    returns; a seat that has not used the screen yet starts from a fresh one.

    Just after a curtain or a lesson is closed by a key, keys wait for quiet
    (`QuietGuard`) as the curtain's own do: the second of an Enter pressed twice, or
    held, would otherwise play the highlighted choice on a screen its player has not
    seen yet.
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
        # One action, named for the table it leaves (`check_action` offers the one that
        # fits): a game kept here is saved; a joined seat's host keeps its game.
        Binding("q", "leave('here')", "Save & quit"),
        Binding("q", "leave('joined')", "Leave the table"),
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
    # What a seat's private panel says while no seat's own view is shown.
    HAND_HIDDEN: ClassVar[str] = HAND_HIDDEN_BETWEEN_PLAYERS
    # Keys that still work while the window is too small to show the game.
    ALWAYS_AVAILABLE = frozenset({"save_quit", "leave", "step_back", "rules", "legend", "keys"})

    def __init__(self, table: Table) -> None:
        super().__init__(classes="game")
        self.table = table
        self.game = table.game
        self.rules = table.rules
        self.narrator: Narrator = table.game.narrator
        # The UI state of the seat at the keyboard (the table's while nobody is).
        self.ui: SeatUI = self.new_seat_ui()
        self.keyboard = KeyboardPass(self, [seat for seat in range(len(table.seats)) if table.played_here(seat)])
        self.bots = BotRunner(self)
        self.hints = HintDesk(self)
        self.lessons = LessonDesk(self)
        self.status = StatusLine(self)
        self.news = TableNews(self)
        self._log_shown: list[LogEntry] = []
        # The view of `_view_key` (position, seat), and the public view of `_public_key`:
        # one object per position, so panels skip a text built from the very same view.
        self._view_key: tuple[object, int] | None = None
        self._view: GameState | None = None
        self._public_key: object = None
        self._public: GameState | None = None
        self._legal_key: tuple[GameState, int | None] | None = None
        self._legal_actions: list[Any] = []
        # The position this screen last went on from: a change it did not make itself
        # (another machine's move) arrives through `table_watch`.
        self.position_seen: object = None
        self.table_watch = TableWatch(self)

    # -- who is looking -----------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The human seat whose private information is on screen, or None (public only)."""
        return self.keyboard.viewer

    @property
    def audience(self) -> int | None:
        """Who this screen is drawn for: a seat, or None for the whole table."""
        return self.keyboard.audience

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is thinking here, if any."""
        return self.bots.thinking

    def new_seat_ui(self) -> SeatUI:
        """The UI state of a seat new to the screen (a hook, for state that needs the game)."""
        return self.SEAT_UI_CLASS()

    def show_to(self, seat: int | None, *, curtained: bool = True) -> None:
        """Put `seat` (None: nobody) at the keyboard, swapping in that seat's UI state;
        `curtained` when it came through its own curtain (else the table watches)."""
        self.keyboard.show_to(seat, curtained=curtained)

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
        log = self.query_one_optional("#game-log", RichLog)
        if log is None:
            return  # left (the app closing) before it was first shown
        self.title = self.rules.title
        log.border_title = "Log"
        self.query_one("#since-panel", TextPanel).border_title = SINCE_HEADING
        self.news.last_told = self.public_view()
        self.table_watch.start()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        self.table_watch.stop()
        self.keyboard.leave()

    def on_screen_suspend(self) -> None:
        self.keyboard.cover()

    def on_screen_resume(self) -> None:
        self.keyboard.uncover()

    # -- what is drawn ------------------------------------------------------------------------
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
        if self._legal_key is None or self._legal_key[0] is not view or self._legal_key[1] != self.viewer:
            self._legal_key = (view, self.viewer)
            self._legal_actions = self.rules.legal_actions(view, self.viewer)
        return self._legal_actions

    def public_view(self) -> GameState:
        """What anyone may see, for the moments no human is at the keyboard."""
        position = self.table.position
        if self._public_key is not position:
            self._public_key = position
            self._public = self.table.view(SPECTATOR)
        return self._public

    def header_line(self) -> str:
        """The header's words: how far the game is, and how many watch the table."""
        watching = self.table.watching()
        progress = self.table.progress()
        return f"{progress} · {watching} watching" if watching else progress

    def redraw(self, *, cursor_only: bool = False) -> None:
        """Draw the current view; `cursor_only` when just a highlight moved."""
        view = self.current_view()
        shown = view if view is not None else self.public_view()
        if not cursor_only:
            self.sub_title = self.header_line()
            self.show_log(shown)
        self.show_view(shown, self.viewer)
        inspector = self.query_one(InspectorPanel)
        if inspector.is_open:
            # What is inspected is what is highlighted: it follows the cursor.
            inspector.follow(self.inspect_target() if self.viewer is not None else None)
        self.status.update(cursor_only=cursor_only)
        if not cursor_only:
            self.show_since()
            self.lessons.offer()
            self.refresh_bindings()
            self.table_watch.drawn()

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

    def since_last_turn(self) -> ChangeReport:
        return self.news.since_last_turn()

    def show_since(self) -> None:
        """Draw `since_last_turn`'s lines (a hook: a game with its own panel draws them there)."""
        self.news.show_since()

    def say(self, message: str, error: bool = False, *, about_cursor: bool = False) -> None:
        self.status.say(message, error, about_cursor=about_cursor)

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
        self.hints.drop()
        self.after_move()
        return True

    def after_move(self) -> None:
        """After a committed move: the table is told what happened (the game's
        `table_moments`), then play goes on."""
        self.position_seen = self.table.position
        moments = self.news.tell_table()
        if not self.keyboard.uses_curtains and not self.app.settings.pause_after_reveals:  # type: ignore[attr-defined]
            # One person at the table: what the board shows needs no Enter to pass on.
            moments = [moment for moment in moments if not moment.shown_on_board]
        if moments:
            self.news.announce_all([(moment.heading, "\n".join(moment.lines)) for moment in moments])
        else:
            self.advance()

    def advance(self, prefer: int | None = None) -> None:
        """Decide who acts next: a bot (off the UI thread), this viewer, or a curtain
        (for `prefer` if that seat is among those to act)."""
        if not self.is_mounted:
            return
        self.position_seen = self.table.position
        if self.table.is_over():
            if self.keyboard.uses_curtains:
                self.show_to(None)
            self.redraw()
            self.app.show_score_sheet(self.table)  # type: ignore[attr-defined]
            return
        to_act = self.table.to_act()
        humans = [seat for seat in to_act if self.table.played_here(seat)]
        if self.viewer in humans and (self.keyboard.curtained or not self.needs_curtain(self.viewer)):
            self.redraw()
            return
        if humans:
            # A seat already at the keyboard (shown for a public step) keeps it.
            seat = prefer if prefer in humans else self.viewer if self.viewer in humans else humans[0]
            if self.needs_curtain(seat):
                self.keyboard.pass_to(seat)
            else:
                self.show_to(seat, curtained=False)
                self.redraw()
            return
        self.keyboard.hand_to_table()
        self.redraw()
        bot = self.bots.first_of(to_act)
        if bot is not None:
            self.bots.start(bot)
        # Else the seats to act are played elsewhere: their moves arrive through `watch`.

    def undo_move(self, seat: int) -> None:
        """Take back `seat`'s last move; its own curtain comes next if it needs one."""
        self.bots.cancel()
        self.hints.drop()
        try:
            self.table.undo(seat)
        except IllegalMove as refusal:
            self.say(refusal.reason, error=True)
            self.advance()
            return
        self.ui.message = Text("Move taken back.", style="bold")
        self.news.forget()
        self.advance(prefer=seat)

    # -- hooks a game fills in ----------------------------------------------------------------
    def curtain_message(self, seat: int) -> str:
        return ""

    def curtain_secret(self, seat: int) -> str:
        """What `seat`'s screen shows that others must not see, for its curtain
        ("Ann's hand"): each game says it in its own words.  The curtain says it to
        everyone else, so it names the owner, never "your"."""
        return f"{named_owner(self.table.seats[seat].name)} hand"

    def needs_curtain(self, seat: int) -> bool:
        """Whether `seat` may see anything the table may not: only then the keyboard
        passes behind a curtain (a public step, such as a draft from an open row,
        goes straight on)."""
        return self.table.view(seat) != self.public_view()

    def look_for_hint(self, seat: int, position: object, view: GameState, decided: tuple[Any, ...] = ()) -> None:
        """Ask the hint desk about `seat`'s decision (a hook: a game may ask about the
        decision after moves its turn builder holds, `decided`)."""
        self.hints.look(seat, position, view, decided)

    def highlight_action(self, action: Any) -> None:
        """Put the screen's cursor on `action` so that the confirm key plays it."""

    def close_view(self) -> bool:
        """Closes a view the player opened (another seat's board); True if one was open."""
        return False

    def inspect_target(self) -> CatalogueEntry | None:
        """The full text of what the seat at the keyboard has highlighted (a card, a
        landmark, a cell…), from the game's catalogue; None when nothing is."""
        return None

    # -- keys ------------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """A printable key bound to nothing says so: a newcomer cannot tell a dead key
        from a slow one.  A game whose keys `allows` hides says more in its own `on_key`."""
        if self.key_for_layers(event):
            return
        if self.is_too_small or not event.is_printable or event.key in self.active_bindings:
            return
        self.say(f"The key {event.key} does nothing here: ? lists the keys.", error=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave" and parameters and (parameters[0] == "joined") != self.table.joined:
            return False  # q is named for the other kind of table
        if self.is_too_small and action not in self.ALWAYS_AVAILABLE:
            return False
        if self.lessons.is_open():
            # A lesson is read before the decision it is about: only it and the reading
            # keys work (checked here, before any game's own `allows`).
            return action in LESSON_KEYS
        return self.allows(action, parameters)


def game_screen_class(game: Game) -> type[GameScreen]:
    """`game`'s screen class, loaded by the import path its record names."""
    module_name, _, class_name = game.screen.partition(":")
    return getattr(importlib.import_module(module_name), class_name)
