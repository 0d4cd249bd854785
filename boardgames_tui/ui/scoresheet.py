"""The end-of-game score sheet, and a public announcement between turns."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Footer, Header, Static

from boardgames_tui.engine.contract import ScoreSheet
from boardgames_tui.ui.base import SizedScreen


def score_table(table: DataTable, sheet: ScoreSheet) -> None:
    table.clear(columns=True)
    table.add_column("", key="category")
    for index, name in enumerate(sheet.players):
        label = Text(name, style="bold reverse" if index in sheet.winners else "bold")
        table.add_column(label, key=f"seat-{index}")
    for row in sheet.rows:
        cells = []
        for index, value in enumerate(row.values):
            cell = Text(str(value), style="bold")
            if row.details:
                cell.append(f"\n{row.details[index]}", style="dim")
            cells.append(cell)
        table.add_row(Text(row.category), *cells, height=2 if row.details else 1)
    table.add_row(
        Text("Total", style="bold"),
        *[Text(str(total), style="bold reverse" if index in sheet.winners else "bold") for index, total in enumerate(sheet.totals)],
    )


class ScoreSheetScreen(SizedScreen[str]):
    MIN_SIZE = (60, 20)
    BINDINGS = [
        Binding("p", "again", "Play again"),
        Binding("m,escape", "menu", "Menu"),
    ]

    def __init__(self, title: str, sheet: ScoreSheet) -> None:
        super().__init__()
        self.game_title = title
        self.sheet = sheet

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel wide centered", id="score-panel"):
            winners = " and ".join(self.sheet.winner_names())
            verb = "wins" if len(self.sheet.winners) == 1 else "share the victory"
            yield Static(f"[b]{winners}[/b] {verb}!", id="winner")
            yield Static(f"Decided by: {self.sheet.decided_by}", id="decided-by")
            for note in self.sheet.notes:
                yield Static(note, classes="note")
            yield DataTable(id="score-table", cursor_type="none", zebra_stripes=True)
            with Horizontal(id="score-buttons"):
                yield Button("Play again", id="again", variant="primary")
                yield Button("Menu", id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.game_title
        self.sub_title = "Final scores"
        score_table(self.query_one("#score-table", DataTable), self.sheet)
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "menu")

    def action_again(self) -> None:
        self.dismiss("again")

    def action_menu(self) -> None:
        self.dismiss("menu")


class AnnouncementScreen(ModalScreen[None]):
    """Public news everyone at the table should see, such as a round's scores.

    Its audience is the table: the screen under it must show the public view only
    (`GameScreen.announce` sees to that).
    """

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, heading: str, text: str) -> None:
        super().__init__()
        self.heading = heading
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="announcement"):
            yield Static(Text(self.heading), id="announcement-heading")
            yield Static(Text(self.text), id="announcement-text")
            yield Button("Continue", id="announcement-ok", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#announcement-ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
