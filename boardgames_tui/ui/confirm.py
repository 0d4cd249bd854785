"""A yes/no question for the player at the keyboard, asked only when the Confirmations setting is on."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Lays over the screen that asked (the same audience: it adds nothing private)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question), id="confirm-question")
            yield Static("y: yes · n or Escape: no (Settings turns these questions off)", classes="hint")
            with Horizontal(id="confirm-buttons"):
                yield Button("Yes", id="confirm-yes", variant="primary")
                yield Button("No", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def confirm_then(screen: Screen, question: str, then: Callable[[], object]) -> None:
    """Runs `then` at once when confirmations are off, else after a yes."""
    if not screen.app.settings.confirmations:  # type: ignore[attr-defined]
        then()
        return
    screen.app.push_screen(ConfirmScreen(question), lambda yes: then() if yes else None)
