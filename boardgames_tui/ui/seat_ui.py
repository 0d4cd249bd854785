"""One seat's UI state: what the screen shows that seat apart from the game itself.

Cursors, selections, open panels, a pending hint, the status message and half-built
turns belong to the seat at the keyboard, not to the screen: when the keyboard passes,
the screen puts the leaving seat's object away and takes out the next seat's (a seat
new to the screen gets a fresh one, never another seat's).  A game's screen adds its
own fields by subclassing `SeatUI` and naming the subclass in its `SEAT_UI_CLASS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text


@dataclass
class SeatUI:
    # The move a hint suggested, until the next move: screens may mark it.
    hint: Any = None
    # The status bar's message to this seat, until its next move.
    message: Text | None = None
