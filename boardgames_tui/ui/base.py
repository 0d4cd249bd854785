"""The base every screen shares: a clear message when the terminal is too small."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.screen import Screen
from textual.widgets import Header, Static

# The app's own header icon, on every screen (Textual's default is its logo).
APP_ICON = "✿"


ResultT = TypeVar("ResultT")


def hidden_under_another(screen: Screen[Any]) -> bool:
    """Whether a screen with an opaque background lies above `screen` in the stack, so
    that no cell of it can show (a curtain over a game, a game over the menu)."""
    try:
        stack = screen.app.screen_stack
    except Exception:  # no app or no stack any more: nothing is shown at all
        return False
    if not stack or stack[-1] is screen or screen not in stack:
        return False
    above = stack[stack.index(screen) + 1 :]
    return any(other.styles.background.a == 1 for other in above)


class SizedScreen(Screen[ResultT]):
    """A screen that swaps its body for a resize request below `MIN_SIZE`.

    Subclasses compose their content in `compose_body`; nothing else changes.
    """

    MIN_SIZE: ClassVar[tuple[int, int]] = (60, 20)

    def min_size(self) -> tuple[int, int]:
        return self.MIN_SIZE

    @property
    def is_current(self) -> bool:
        """Textual lays out and repaints the screen just under the top one as if it
        showed through, even under an opaque screen (a curtain): every redraw of a game
        behind its curtain would cost a layout nobody sees.  A screen hidden whole waits: what
        it was asked to do while hidden is done once, when it shows again (Textual
        repaints a resumed screen whole)."""
        if hidden_under_another(self):
            return False
        return super().is_current

    def compose(self) -> ComposeResult:
        width, height = self.min_size()
        yield Static(
            f"This window is too small.\n\nMake the window at least {width}×{height}\n"
            "(it will carry on by itself when it is big enough).\n\nCtrl+Q quits.",
            id="too-small",
        )
        with Container(id="body"):
            yield from self.compose_body()

    def compose_body(self) -> ComposeResult:
        yield from ()

    # Textual calls the on_mount of every class in the MRO by itself, so subclasses
    # add their own on_mount without calling this one.
    def on_mount(self) -> None:
        self._check_size()
        for header in self.query(Header):
            header.icon = APP_ICON

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.min_size()
        size = self.app.size
        too_small = size.width < width or size.height < height
        if too_small != self.is_too_small:
            self.set_class(too_small, "too-small")
            self.refresh_bindings()

    @property
    def is_too_small(self) -> bool:
        return self.has_class("too-small")
