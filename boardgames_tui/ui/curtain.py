"""The pass-the-keyboard curtain: a whole screen with nothing private on it."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Button, Static

from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.confirm import confirm_then
from boardgames_tui.ui.footer import KeysFooter
from boardgames_tui.ui.quiet import QuietGuard


class CurtainScreen(QuietGuard, SizedScreen[str]):
    """Names the next player and waits for them; dismisses with "ready" (a key),
    "tapped" (its button, by mouse or touch), "undo" or "quit".

    Its audience is the whole table.  It goes down only by a deliberate key
    (`QuietGuard`), so a held or quickly repeated Enter (or keys typed ahead) that
    ended the last player's turn cannot show the next player's screen.  A hold ends
    when the keys stop; then one press lowers it.
    """

    MIN_SIZE = (40, 12)
    BINDINGS = [
        Binding("enter,space", "ready", "I'm ready", priority=True),
        Binding("u", "undo", "Take back"),
        # The same key where nothing can be taken back: it says why instead.
        Binding("u", "why_no_undo", "Take back", show=False),
        Binding("q", "leave", "Save & quit"),
    ]

    def __init__(
        self,
        seat: int,
        player: str,
        message: str = "",
        undo_for: str | None = None,
        *,
        undo_refusal: str = "",
        secret: str = "your hand",
        leaving: tuple[str, str] = ("Save this game and go back to the menu?", "Not done: the game goes on."),
    ) -> None:
        super().__init__(classes="curtain")
        self.seat = seat
        self.player = player
        self.message = message
        self.undo_for = undo_for
        # Why the last move cannot be taken back here, when it cannot.
        self.undo_refusal = undo_refusal
        # What the next screen shows that the others must not see, in the game's words.
        self.secret = secret
        # What q asks, and what is said if the table stays: the game screen's own
        # question for this table (a hosted one pauses for those who joined).
        self.leaving = leaving
        # Called as the named seat lowers the curtain, while it still hides the screen
        # behind it (see `show_seat`).
        self.before_lowering: Callable[[], None] | None = None
        self.start_quiet()

    def compose_body(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static("Pass the keyboard", id="curtain-title")
            yield Static(id="curtain-player")
            yield Static(id="curtain-message")
            yield Static(id="curtain-hint")
            with Center():
                yield Button("", id="curtain-ready", variant="primary")
            yield Static(id="curtain-undo")
        yield KeysFooter()

    def on_mount(self) -> None:
        # A curtain still up when the app closes can be sent Mount while the app takes
        # its screens down, after its own widgets are gone: then there is nothing to word.
        if self.query("#curtain-ready"):
            self._show_words()

    def show_pass(
        self,
        seat: int,
        player: str,
        message: str = "",
        undo_for: str | None = None,
        *,
        undo_refusal: str = "",
        secret: str = "your hand",
    ) -> None:
        """The same curtain for the next pass of the keyboard: only its words change, so
        its footer and layout are kept (building a curtain per pass, footer and all, would
        be most of a hand-over's cost).  Called while it is down, before it rises again."""
        offers_undo = self.undo_for is not None
        self.seat, self.player, self.message, self.undo_for, self.secret = seat, player, message, undo_for, secret
        self.undo_refusal = undo_refusal
        self.start_quiet()
        if self.is_mounted:
            self._show_words()
            if offers_undo != (undo_for is not None):
                self.refresh_bindings()

    def _show_words(self) -> None:
        # Names and messages are shown as they are written, never read as markup.
        self.query_one("#curtain-player", Static).update(Text.assemble((self.player, "bold"), ", it is your turn."))
        message = self.query_one("#curtain-message", Static)
        message.display = bool(self.message)
        message.update(Text(self.message))
        self.query_one("#curtain-hint", Static).update(
            Text(f"Everyone else, look away: the next screen shows {self.secret}.")
        )
        ready = self.query_one("#curtain-ready", Button)
        ready.label = Text(f"I am {self.player} — show my screen")
        # Sized again for the new name: a reused curtain kept the last name's width and
        # cut "I am [red]x[/] — show my screen" after "show my".
        ready.refresh(layout=True)
        undo = self.query_one("#curtain-undo", Static)
        undo.display = self.undo_for is not None
        undo.update(
            Text.assemble(self.undo_for, " may still press ", ("u", "bold"), " to take back the last move.")
            if self.undo_for
            else ""
        )

    def on_screen_resume(self) -> None:
        # Shown again (after the rules or the key help): the wait starts afresh.
        self.start_quiet()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_for is not None
        if action == "why_no_undo":
            return self.undo_for is None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.deliberate():
            # Not a key: nothing can be left over for the screen behind it.
            self.show_seat("tapped")

    def action_ready(self) -> None:
        if self.deliberate():
            self.show_seat("ready")

    def show_seat(self, answer: str) -> None:
        """The named seat is here: the screen behind is drawn for it while still hidden,
        then the curtain goes.  Its first frame is that seat's, laid out once (drawn
        after the curtain had gone, the screen would be laid out for the table and then
        again for the seat)."""
        if self.before_lowering is not None:
            self.before_lowering()
        self.dismiss(answer)

    def action_undo(self) -> None:
        if self.deliberate():
            self.dismiss("undo")

    def action_why_no_undo(self) -> None:
        undo = self.query_one("#curtain-undo", Static)
        undo.display = True
        undo.update(Text(f"Undo is not possible. {self.undo_refusal}", style="bold"))

    def action_leave(self) -> None:
        # The same question as on the game screen: a q typed ahead never leaves the game.
        question, _ = self.leaving
        confirm_then(self, question, lambda: self.dismiss("quit"), self._not_left)

    def _not_left(self) -> None:
        message = self.query_one("#curtain-message", Static)
        message.display = True
        message.update(Text(self.leaving[1], style="bold"))
