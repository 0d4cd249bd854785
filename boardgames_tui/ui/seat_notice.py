"""A word for the seat at the keyboard alone, over its own screen, before the keyboard
passes on (what its Fortune Teller just saw, say): Enter goes on."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from boardgames_tui.ui.quiet import QuietGuard


class SeatNoticeScreen(QuietGuard, ModalScreen[None]):
    """Its audience is the one seat whose own screen lies under it: it is raised only
    over that screen, and goes before any curtain or announcement.  Like an
    announcement it goes only for a deliberate key, so the key that took the decision,
    pressed twice, does not close it unread."""

    # How the game screen under it names it (`GameScreen.on_screen_resume`).
    LAYER_NAME = "the note"
    BINDINGS = [Binding("enter,space,escape", "close", "Go on", priority=True)]
    DEFAULT_CSS = """
    SeatNoticeScreen { align: center middle; }
    SeatNoticeScreen > Vertical {
        width: 70; max-width: 100%; height: auto;
        border: thick $warning; padding: 1 2; background: $surface;
    }
    #notice-heading { text-style: bold; margin-bottom: 1; }
    #notice-keys { margin-top: 1; color: $text-muted; }
    """

    def __init__(self, heading: str, text: Text) -> None:
        super().__init__()
        self.heading = heading
        self.text = text
        self.start_quiet()

    def compose(self) -> ComposeResult:
        with Vertical():
            # Names are inside: shown as written, never read as markup.
            yield Static(Text(self.heading), id="notice-heading")
            yield Static(self.text, id="notice-text")
            yield Static(Text("Enter: go on"), id="notice-keys")

    def on_key(self, event: events.Key) -> None:
        """The game's keys wait until this is read; the keys line says so."""
        if event.key in self.active_bindings:
            return
        event.stop()
        event.prevent_default()
        self.query_one("#notice-keys", Static).update(Text("The game's keys wait: read this first.  Enter: go on", style="bold"))

    def action_close(self) -> None:
        if self.deliberate():
            self.dismiss(None)
