"""The end-of-game score sheet, and a public announcement between turns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Header, Static

from boardgames_tui.engine.contract import ScoreSheet
from boardgames_tui.engine.reference import CatalogueEntry, RevealedSection
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.quiet import QuietGuard
from boardgames_tui.ui.footer import KeysFooter
from boardgames_tui.ui.inspector import entry_text
from boardgames_tui.engine.text import and_list

if TYPE_CHECKING:
    from boardgames_tui.engine.table import Table


# A seat's column narrower than this turns the sheet into one block per player.
MIN_SEAT_COLUMN = 12
# Row labels wrap beyond this share of the width, so the seats keep their room.
LABEL_SHARE = 4


def _label_width(sheet: ScoreSheet, width: int, share: int) -> int:
    longest = max(len(label) for label in [*(row.category for row in sheet.rows), "Total"])
    return max(8, min(longest, width // share))


def _score_cell(value: int, detail: str | None) -> Text:
    cell = Text(str(value), style="bold")
    if detail:
        cell.append(f"\n{detail}", style="dim")
    return cell


def _name(sheet: ScoreSheet, index: int) -> Text:
    return Text(sheet.players[index], style="bold reverse" if index in sheet.winners else "bold")


def _columns(sheet: ScoreSheet, label_width: int) -> Table:
    """Categories down the left, one column per seat; every cell wraps, none is cut."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, padding=(0, 1), row_styles=["", "on #202020"], pad_edge=False)
    table.add_column("", width=label_width, overflow="fold")
    for index in range(len(sheet.players)):
        table.add_column(_name(sheet, index), ratio=1, overflow="fold")
    for row in sheet.rows:
        details = row.details or [None] * len(row.values)
        table.add_row(Text(row.category), *[_score_cell(value, detail) for value, detail in zip(row.values, details)])
    table.add_row(
        Text("Total", style="bold"),
        *[Text(str(total), style="bold reverse" if index in sheet.winners else "bold") for index, total in enumerate(sheet.totals)],
        end_section=True,
    )
    return table


def _per_player(sheet: ScoreSheet, label_width: int) -> Group:
    """One block per seat, for widths where the seats' columns would not fit side by side."""
    blocks: list[RenderableType] = []
    for index in range(len(sheet.players)):
        heading = _name(sheet, index)
        heading.append(f"  Total {sheet.totals[index]}", style="bold")
        if index in sheet.winners:
            heading.append("  ★ wins", style="bold")
        table = Table(box=None, expand=True, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column("category", width=label_width, overflow="fold")
        table.add_column("points", justify="right", width=5)
        table.add_column("details", ratio=1, overflow="fold", style="dim")
        for row in sheet.rows:
            detail = row.details[index] if row.details else ""
            table.add_row(Text(row.category), Text(str(row.values[index]), style="bold"), Text(detail))
        blocks += [heading, table, Text("")]
    return Group(*blocks[:-1])


def score_table(sheet: ScoreSheet, width: int) -> RenderableType:
    """The whole sheet for `width` columns: seats side by side when each gets
    `MIN_SEAT_COLUMN` columns, otherwise one block per seat."""
    label_width = _label_width(sheet, width, LABEL_SHARE)
    seats = len(sheet.players)
    room = width - label_width - 1 - 2 * seats
    if room >= seats * MIN_SEAT_COLUMN:
        return _columns(sheet, label_width)
    # One seat at a time, the labels may take up to half the width.
    return _per_player(sheet, _label_width(sheet, width, 2))


class ScoreTable(Widget):
    """The score sheet laid out for the width it gets; its height follows its text."""

    DEFAULT_CSS = "ScoreTable { height: auto; }"

    def __init__(self, sheet: ScoreSheet, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sheet = sheet

    def render(self) -> RenderableType:
        return score_table(self.sheet, self.content_region.width or self.app.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        console = self.app.console
        lines = console.render_lines(score_table(self.sheet, width), console.options.update_width(width), pad=False)
        return len(lines)


def revealed_text(sections: Sequence[RevealedSection], nothing: str) -> Text:
    """The sections as plain text (names inside are data, never markup): each title, then
    its lines; `nothing` when there are none."""
    if not sections:
        return Text(nothing, style="italic")
    return Text("\n\n").join(entry_text(CatalogueEntry(section.title, section.lines)) for section in sections)


class ScoreSheetScreen(SizedScreen[str]):
    """The table's last screen: who won and by what, every seat's points by category,
    and what stayed hidden to the end.  Built with the finished game's table
    (`ScoreSheetScreen.of_match`), it also opens the final boards in the replay viewer.
    `play_again`: whether p starts the same game again (a joined seat's host decides that)."""

    MIN_SIZE = (60, 20)
    BINDINGS = [
        Binding("p", "again", "Play again"),
        Binding("b", "final_boards", "Final boards"),
        Binding("m,escape", "menu", "Menu"),
    ]

    def __init__(
        self,
        title: str,
        sheet: ScoreSheet,
        *,
        revealed: Sequence[RevealedSection] = (),
        table: Table | None = None,
        play_again: bool = True,
    ) -> None:
        super().__init__()
        self.game_title = title
        self.sheet = sheet
        self.revealed = list(revealed)
        # The finished game's table, whose final boards `b` opens; None for a sheet alone.
        self.table = table
        self.play_again = play_again

    @classmethod
    def of_match(cls, match: Table) -> ScoreSheetScreen:
        """The sheet of a finished match, with everything its final state still hid.  A
        seat joined on another machine's table has no history here to replay and no game
        to start again (its host keeps the game): its sheet offers the menu alone."""
        joined = match.joined
        return cls(
            match.rules.title,
            match.score_sheet(),
            revealed=match.hidden_information(),
            table=None if joined else match,
            play_again=not joined,
        )

    def compose_body(self) -> ComposeResult:
        yield Header()
        # The panel scrolls as a whole: at 80×24 a four-seat sheet is taller than the window.
        with VerticalScroll(classes="panel centered", id="score-panel"):
            winners = and_list(self.sheet.winner_names())
            # "Winner: You" reads right for any name ("You wins!" did not).
            label = "Winner: " if len(self.sheet.winners) == 1 else "Winners, sharing the victory: "
            # Names are shown as they are written, never read as markup.
            yield Static(Text.assemble(label, (winners, "bold")), id="winner")
            yield Static(Text(f"Decided by: {self.sheet.decided_by}"), id="decided-by")
            for note in self.sheet.notes:
                yield Static(Text(note), classes="note")
            yield ScoreTable(self.sheet, id="score-table")
            if self.revealed or self.table is not None:
                # The game is over: the table may now see all that was hidden.
                yield Static("Revealed at the end", classes="subheading", id="revealed-heading")
                yield Static(revealed_text(self.revealed, "Nothing was left hidden."), id="revealed")
            with Horizontal(id="score-buttons"):
                if self.play_again:
                    yield Button("Play again", id="again", variant="primary")
                if self.table is not None:
                    yield Button("Final boards", id="final_boards")
                yield Button("Menu", id="menu")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A sheet shown without its match (a test's, a record's, a joined seat's) has no boards to open.
        if action == "final_boards":
            return self.table is not None
        if action == "again":
            return self.play_again
        return True

    def on_mount(self) -> None:
        self.title = self.game_title
        self.sub_title = "Final scores"
        # The panel, not a button, takes focus: focusing a button would scroll the
        # winner out of sight on a small window; p and m work from anywhere.
        self.query_one("#score-panel", VerticalScroll).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "final_boards":
            self.action_final_boards()
            return
        self.dismiss(event.button.id or "menu")

    def action_again(self) -> None:
        self.dismiss("again")

    def action_final_boards(self) -> None:
        """The match's last position in the replay viewer (v: the table, each seat, all
        revealed; ← steps back through the game); leaving it comes back here."""
        if self.table is None:
            return
        # The app opens it: the score sheet knows no replay (no import circle).
        self.app.show_final_boards(self.table)  # type: ignore[attr-defined]

    def action_menu(self) -> None:
        self.dismiss("menu")


class AnnouncementScreen(QuietGuard, ModalScreen[str | None]):
    """Public news everyone at the table should see, such as a round's scores.

    Its audience is the table: the screen under it must show the public view only
    (`GameScreen.announce` sees to that).  Like a curtain it goes only for a
    deliberate key: the Enter pressed twice to make the move it tells of does not
    dismiss it unread.
    """

    # How the game screen under it names it (`GameScreen.on_screen_resume`).
    LAYER_NAME = "the announcement"
    BINDINGS = [
        # Before the focused button's own Enter, as on the curtain: the guard decides.
        Binding("enter,space", "close", "Continue", priority=True),
        Binding("escape", "skip", "Skip the rest"),
        Binding("down", "scroll_body(1)", "Scroll down", show=False),
        Binding("up", "scroll_body(-1)", "Scroll up", show=False),
    ]

    def __init__(self, heading: str | Text, text: str | Text, *, position: tuple[int, int] = (1, 1)) -> None:
        super().__init__()
        self.heading = heading
        self.text = text
        # Which of several announcements in a row this is (1 of 3): Escape skips the rest.
        self.position = position
        # Whether a key it does not take was pressed: the keys line then says why.
        self._refused_key = False
        self.start_quiet()

    def compose(self) -> ComposeResult:
        with Vertical(id="announcement"):
            heading = Text(self.heading) if isinstance(self.heading, str) else self.heading.copy()
            number, count = self.position
            if count > 1:
                heading.append(f"   ({number} of {count})", style="dim")
            # Names are inside: shown as written, never read as markup.
            yield Static(heading, id="announcement-heading")
            # A long summary (a migration, a season) scrolls inside the box at 80×24.
            with VerticalScroll(id="announcement-body"):
                yield Static(Text(self.text) if isinstance(self.text, str) else self.text, id="announcement-text")
            yield Button("Continue", id="announcement-ok", variant="primary")
            yield Static(self._keys_text(), id="announcement-keys")

    def _keys_text(self, more_below: bool = False) -> Text:
        number, count = self.position
        later = "  ·  Esc: skip the rest" if number < count else ""
        # Said in words: a scrollbar alone is easy to miss, and a round's totals and lead
        # cut off at 80×24 would leave no sign of being there.
        more = "↓ more below (↑/↓ scroll)  ·  " if more_below else ""
        if self._refused_key:
            # The game's bar below still lists its keys (u Undo, h Hint…): say why they wait.
            return Text(f"The game's keys wait: read this first.  {more}Enter: continue{later}", style="bold")
        return Text(f"{more}Enter: continue{later}", style="dim")

    def on_key(self, event: events.Key) -> None:
        """A key none of the announcement's bindings took (the game's u, h, i…) says why
        it does nothing, here, where the player is looking."""
        if event.key in ("tab", "shift+tab") or event.key in self.active_bindings:
            return  # a key with a meaning here (Esc, ↑/↓, F1…) goes to its binding
        event.stop()
        event.prevent_default()
        self._refused_key = True
        self._show_what_is_below()

    def on_mount(self) -> None:
        self.query_one("#announcement-ok", Button).focus()
        self.call_after_refresh(self._show_what_is_below)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_what_is_below)

    def _show_what_is_below(self) -> None:
        if not self.is_mounted:
            return
        body = self.query_one("#announcement-body", VerticalScroll)
        self.query_one("#announcement-keys", Static).update(self._keys_text(body.scroll_y < body.max_scroll_y))

    def action_scroll_body(self, step: int) -> None:
        body = self.query_one("#announcement-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + step * max(1, body.size.height - 1), animate=False, immediate=True)
        self._show_what_is_below()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.deliberate():
            self.dismiss(None)

    def action_close(self) -> None:
        if self.deliberate():
            self.dismiss(None)

    def action_skip(self) -> None:
        if self.deliberate():
            self.dismiss("skip")
