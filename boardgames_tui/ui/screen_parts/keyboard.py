"""Passing the keyboard: who is at it, the curtain between two seats, and each seat's
own UI state, put away while another seat plays."""

from __future__ import annotations

from typing import Any

from textual import events

from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.screen_parts.keys import leave_question
from boardgames_tui.ui.seat_ui import SeatUI


class KeyboardPass:
    def __init__(self, screen: Any, humans: list[int]) -> None:
        self.screen = screen
        # With one human there is nobody to hide from: no curtains at all.
        self.uses_curtains = len(humans) > 1
        # The human seat whose private information is on screen, or None (public only).
        self.viewer: int | None = None
        # Whether the viewer came to the keyboard through its own curtain: a seat shown
        # straight away for a public step (a draft from an open row) is watched by the
        # whole table, so its first secret needs a curtain all the same.
        self.curtained = False
        # The seat whose move handed the screen to the table (a bot or another machine
        # plays next): it may still take that move back, from the table's screen or
        # from the next curtain.
        self.last_mover: int | None = None
        # What keys still wait for quiet after ("the curtain", "the lesson"): a key
        # held, or pressed twice, to close it must not also play on the screen behind.
        self._keys_settling: str | None = None
        # The curtain, made at the first pass and reused for every other.
        self._curtain: CurtainScreen | None = None
        # Each other seat's UI state, put away.
        self._put_away: dict[int, SeatUI] = {}
        # The screen laid over the game's, while one is (a dialog, an announcement…).
        self._covered_by: object = None
        if not self.uses_curtains and humans:
            self.viewer = humans[0]
            self.curtained = True

    @property
    def audience(self) -> int | None:
        return self.viewer if self.curtained else None

    def show_to(self, seat: int | None, *, curtained: bool = True) -> None:
        screen = self.screen
        self.curtained = curtained and seat is not None
        if seat == self.viewer:
            return
        # What one seat inspected is that seat's: it never stays up for the next audience.
        for panel in screen.query(InspectorPanel):
            panel.close()
        # A lesson too; not dismissed, it comes again when its seat is back.
        screen.lessons.close()
        if self.viewer is not None:
            self._put_away[self.viewer] = screen.ui
        # The table never keeps anything: it always starts where a fresh screen does.
        restored = self._put_away.pop(seat, None) if seat is not None else None
        screen.ui = restored if restored is not None else screen.new_seat_ui()
        self.viewer = seat
        if seat is not None:
            self.last_mover = None

    def hand_to_table(self) -> None:
        """The keyboard has left the seat that moved, and the next person may already be
        looking: while bots (or other machines) play, the screen is the table's."""
        if self.uses_curtains and self.viewer is not None:
            mover = self.viewer
            self.show_to(None)
            self.last_mover = mover

    def mover(self) -> int | None:
        """The seat an undo is for: the one at the keyboard, or the one that just left it."""
        return self.viewer if self.viewer is not None else self.last_mover

    def pass_to(self, seat: int, message: str | None = None) -> None:
        """The curtain for `seat`, over the table's view; `message` in place of the game's."""
        screen = self.screen
        table = screen.table
        previous = self.mover()
        undo_for = None
        if previous is None:
            undo_refusal = "Nobody at this keyboard has moved since the game was opened."
        elif previous == seat:
            undo_refusal = "Show your screen first: u takes your move back there."
        else:
            undo_refusal = table.undo_blocker(previous) or ""
            if not undo_refusal:
                undo_for = table.seats[previous].name
        # Clear every private widget before the curtain goes up.
        self.show_to(None)
        screen.redraw()
        words = (seat, table.seats[seat].name, screen.curtain_message(seat) if message is None else message, undo_for)
        if self._curtain is None:
            self._curtain = CurtainScreen(
                *words, undo_refusal=undo_refusal, secret=screen.curtain_secret(seat), leaving=leave_question(table)
            )
            # Installed, so that going down does not destroy it: the next pass reuses it.
            screen.app.install_screen(self._curtain, f"curtain-{id(screen)}")
        else:
            self._curtain.show_pass(*words, undo_refusal=undo_refusal, secret=screen.curtain_secret(seat))
        self._curtain.before_lowering = lambda: self._draw_behind_curtain(seat)
        screen.app.push_screen(self._curtain, lambda answer: self._after_curtain(answer, seat, previous))

    def _draw_behind_curtain(self, seat: int) -> None:
        """`seat` is lowering its curtain: its screen is drawn while the curtain still
        hides it, so the first frame after the curtain is that seat's and the screen is
        laid out once, as it shows (`SizedScreen.is_current`)."""
        if self.screen.is_mounted:
            self.show_to(seat)
            self.screen.redraw()

    def _after_curtain(self, answer: str | None, seat: int, previous: int | None) -> None:
        screen = self.screen
        if answer == "quit":
            screen.action_save_quit()
            return
        if answer == "undo" and previous is not None:
            # Taken back in front of the table: the mover's own curtain comes next.
            screen.undo_move(previous)
            return
        self.show_to(seat)
        if answer == "ready":  # lowered by a key, which may be held or pressed twice
            self.settle_keys_after("the curtain")
        screen.advance()

    def step_away(self) -> None:
        """The seat at the keyboard raises its own curtain; only it lowers it again."""
        screen = self.screen
        if not self.uses_curtains or self.viewer is None:
            screen.say("There is nobody to hide this screen from.", error=True)
            return
        # The game waits while its player is away: a bot's move restarts on return.
        screen.bots.cancel()
        screen.hints.drop()
        seat = self.viewer
        self.pass_to(seat, f"{screen.table.seats[seat].name} stepped away; the screen is hidden until they are back.")

    def settle_keys_after(self, what: str) -> None:
        """Keys wait for quiet after `what` was closed by a key."""
        self.screen.start_quiet()
        self._keys_settling = what

    def key_left_over(self, event: events.Key) -> bool:
        """Whether `event` came on the heels of the curtain or a lesson (a key held or
        pressed twice to close it): then it is used for nothing, and the bar says so."""
        if self._keys_settling is None:
            return False
        if self.screen.deliberate():
            self._keys_settling = None
            return False
        event.stop()
        event.prevent_default()
        self.screen.say(
            f"That key came right after {self._keys_settling} (held or pressed twice) and was not used: press it again."
        )
        return True

    def cover(self) -> None:
        """A screen is laid over the game's."""
        stack = self.screen.app.screen_stack
        self._covered_by = stack[-1] if stack else None

    def uncover(self) -> None:
        """A screen laid over the game's has closed (a question, an announcement, the
        rules): keys wait for quiet, as after a lesson, so that the key that closed it,
        pressed twice or held, is not taken here before this screen is on the terminal.
        The curtain decides for itself (`_after_curtain`)."""
        covered, self._covered_by = self._covered_by, None
        if covered is not None and covered is not self.screen and covered is not self._curtain:
            self.settle_keys_after(getattr(covered, "LAYER_NAME", "the screen over the game"))

    def leave(self) -> None:
        """The game is left: its curtain goes with it."""
        curtain, self._curtain = self._curtain, None
        app = self.screen.app
        if curtain is not None and curtain not in app.screen_stack:
            app.uninstall_screen(curtain)
            curtain.remove()
