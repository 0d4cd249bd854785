"""One Everbloom seat's UI state, put away while another seat has the keyboard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames_tui.games.everbloom.chip_turn import ChipTurn
from boardgames_tui.games.everbloom.panes import PANES
from boardgames_tui.ui.seat_ui import SeatUI


@dataclass(kw_only=True)
class EverbloomSeatUI(SeatUI):
    """The highlighted choice, the habitat on show and the half-built wilderness turn."""

    # The seat's wilderness turn as it is built: chip, landmark, split.
    chip_turn: ChipTurn
    choice: int = 0
    # The list `choice` points into: (moves made then, that list).  Another list
    # opens on its own first or best row, never on a row number picked in the last.
    choice_key: tuple[int, list[Any]] | None = None
    # Whose habitat is on screen: None means the viewer's own.
    shown_seat: int | None = None
    # In a small window one panel shows under the board at a time (p cycles them).
    pane: str = PANES[0]
    # The last decision this seat was shown (moves made then, its step's name): a new
    # one brings the choices to the front of a small window.
    decision_shown: tuple[int, str] | None = None
    # The pane v left to show a habitat in a small window, restored after a move.
    pane_before_view: str | None = None
