"""The pass-the-keyboard curtain: a whole screen with nothing private on it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Button, Footer, Static

from boardgames_tui.ui.base import SizedScreen


class CurtainScreen(SizedScreen[str]):
    """Names the next player and waits for them; dismisses with "ready" or "undo"."""

    MIN_SIZE = (40, 12)
    BINDINGS = [
        Binding("enter,space", "ready", "I'm ready", priority=True),
        Binding("u", "undo", "Take back"),
        Binding("q", "leave", "Save & quit"),
    ]

    def __init__(self, player: str, message: str = "", undo_for: str | None = None) -> None:
        super().__init__(classes="curtain")
        self.player = player
        self.message = message
        self.undo_for = undo_for

    def compose_body(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static("Pass the keyboard", id="curtain-title")
            # Names and messages are shown as they are written, never read as markup.
            yield Static(Text.assemble((self.player, "bold"), ", it is your turn."), id="curtain-player")
            if self.message:
                yield Static(Text(self.message), id="curtain-message")
            yield Static(
                "Everyone else, look away: the next screen shows your hand.",
                id="curtain-hint",
            )
            with Center():
                yield Button(Text(f"I am {self.player} — show my screen"), id="curtain-ready", variant="primary")
            if self.undo_for:
                yield Static(
                    Text.assemble(self.undo_for, " may still press ", ("u", "bold"), " to take back the last move."),
                    id="curtain-undo",
                )
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_for is not None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("ready")

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_undo(self) -> None:
        self.dismiss("undo")

    def action_leave(self) -> None:
        self.dismiss("quit")
