"""A yes/no question for the player at the keyboard.

Two kinds, so that a second Enter never silently undoes what the player chose:

- `confirm_move_then`: a move the player (or the hint) already chose, asked about
  because it gives something up.  Enter says yes, n or Escape no; an Enter on the
  heels of the one that made the move (held, or pressed once too often) waits.
- `confirm_then`: leaving a game, where No is the safe default and focused; a No,
  by Enter or otherwise, says "Not done: …" so that nobody thinks it happened.

Both ask only while the Confirmations setting is on; a question that guards what
cannot be undone (deleting a save) pushes `ConfirmScreen` itself, always.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from boardgames_tui.ui.quiet import QuietGuard

SETTINGS_HINT = "y: yes · n or Escape: no (Settings turns these questions off)"
MOVE_HINT = "Enter or y: yes · n or Escape: no (Settings turns these questions off)"
TOO_SOON = "That key came right after the move (held or pressed twice) and was not taken: press it again."


class ConfirmScreen(QuietGuard, ModalScreen[bool]):
    """Lays over the screen that asked (the same audience: it adds nothing private).

    `enter_says_yes`: the question is about a move already chosen; Yes is focused and
    takes Enter only after a moment's quiet (`QuietGuard`).  Otherwise No is focused,
    the safe default."""

    # How the game screen under it names it (`GameScreen.on_screen_resume`).
    LAYER_NAME = "the question"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str | Text, detail: str | None = None, *, enter_says_yes: bool = False) -> None:
        super().__init__()
        self.question = question
        self.enter_says_yes = enter_says_yes
        self.detail = detail if detail is not None else MOVE_HINT if enter_says_yes else SETTINGS_HINT
        self.start_quiet()

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question) if isinstance(self.question, str) else self.question, id="confirm-question")
            yield Static(Text(self.detail), classes="hint", id="confirm-detail")
            with Horizontal(id="confirm-buttons"):
                yield Button("Yes (y)", id="confirm-yes", variant="primary")
                yield Button("No (n)", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-yes" if self.enter_says_yes else "#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        yes = event.button.id == "confirm-yes"
        if yes and self.enter_says_yes and not self.deliberate():
            # The Enter that made the move, held or pressed once too often, is no answer
            # (y, n and Escape are never that key: they answer at once).
            self.query_one("#confirm-detail", Static).update(Text(f"{TOO_SOON}  {MOVE_HINT}", style="bold"))
            return
        self.dismiss(yes)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def confirm_move_then(screen: Screen, question: str, then: Callable[[], object]) -> None:
    """Runs `then` (the move the player chose) at once when confirmations are off, else
    after a yes, which Enter gives."""
    if not screen.app.settings.confirmations:  # type: ignore[attr-defined]
        then()
        return
    screen.app.push_screen(ConfirmScreen(question, enter_says_yes=True), lambda yes: then() if yes else None)


def confirm_then(screen: Screen, question: str, then: Callable[[], object], not_done: Callable[[], object]) -> None:
    """Runs `then` at once when confirmations are off, else after a yes; after a no,
    `not_done`, which says "Not done: …"."""
    if not screen.app.settings.confirmations:  # type: ignore[attr-defined]
        then()
        return
    screen.app.push_screen(ConfirmScreen(question), lambda yes: then() if yes else not_done())
