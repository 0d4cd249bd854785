"""Keys that must wait for quiet: a screen the table must see, or a question about a
move just made, takes a key only after a moment with none, so that a key pressed twice
(or held) for the screen before cannot answer it unseen."""

from __future__ import annotations

import time
from typing import Callable, ClassVar

# How long the keys must be quiet before one lowers a curtain: longer than a key
# repeat or a double press, shorter than a person passing the keyboard.
QUIET_SECONDS = 0.6


class QuietGuard:
    """For a screen the table must see, or a question about a move just made: a key
    counts only after `GUARD_SECONDS` of quiet since the screen rose or since the last
    key it ignored, so a key pressed twice (or held) for the screen before cannot
    dismiss it unseen."""

    # Long enough to cover a key held down (repeat starts after ~0.25–0.6 s, then every
    # ~30 ms, each restarting the wait) and a quick double press; short enough that a
    # player who has read the screen never notices it.
    GUARD_SECONDS: ClassVar[float] = QUIET_SECONDS
    # The clock the guard reads; tests replace it to step time instead of sleeping.
    clock: ClassVar[Callable[[], float]] = staticmethod(time.monotonic)

    def start_quiet(self) -> None:
        """The screen has (re)appeared: the wait starts afresh."""
        self._quiet_since = self.clock()

    def deliberate(self) -> bool:
        """Whether a key arriving now is meant for this screen, not left over from the last one."""
        now = self.clock()
        settled = now - self._quiet_since >= self.GUARD_SECONDS
        if not settled:
            self._quiet_since = now
        return settled
