"""What a browser seat shows under its game screen instead of the menu.

A browser seat's app runs on the host's machine (remote/browser.py): a menu there would
open the host's saves, settings and records to whoever holds the link.  So it has none:
this screen says it is joining (or why it could not), and leaving the game ends the app.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class SeatOnlyScreen(Screen[None]):
    DEFAULT_CSS = """
    SeatOnlyScreen { align: center middle; }
    #seat-only { width: auto; max-width: 100%; height: auto; padding: 1 2; }
    """
    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(Text("Joining the table…"), id="seat-only")

    def say(self, message: str) -> None:
        self.query_one("#seat-only", Static).update(Text(message))
