"""A yes/no question for the player at the keyboard.

`confirm_then` asks only while the Confirmations setting is on (leaving a game);
a question that guards something that cannot be undone (deleting a save) pushes
`ConfirmScreen` itself, always.
"""

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

    # How the game screen under it names it (`GameScreen.on_screen_resume`).
    LAYER_NAME = "the question"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    SETTINGS_HINT = "y: yes · n or Escape: no (Settings turns these questions off)"

    def __init__(self, question: str | Text, detail: str = SETTINGS_HINT) -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question) if isinstance(self.question, str) else self.question, id="confirm-question")
            yield Static(Text(self.detail), classes="hint", id="confirm-detail")
            with Horizontal(id="confirm-buttons"):
                yield Button("Yes (y)", id="confirm-yes", variant="primary")
                yield Button("No (n)", id="confirm-no")

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
