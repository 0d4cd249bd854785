"""The cursor over a planet: where a key moves it, and where a plan opens it."""

from __future__ import annotations

from boardgames_tui.games.evergreen.rules import SIZE, space_name

STEPS = {"left": -1, "right": 1, "up": -SIZE, "down": SIZE}


def nearest(space: int, targets: set[int]) -> int:
    """The target closest to `space` (a plan opens on a space where a step can be taken:
    every planet's centre is a ravine, where nothing is possible)."""
    row, column = divmod(space, SIZE)
    return min(targets, key=lambda target: (abs(target // SIZE - row) + abs(target % SIZE - column), target))


def stepped(space: int, key: str) -> int | str:
    """The space `key` moves the cursor to, or why it stays: it stops at the planet's
    edge, since wrapping round would plant on the far side unseen."""
    row, column = divmod(space, SIZE)
    delta = STEPS[key]
    if key in ("left", "right"):
        column += delta
    else:
        row += delta // SIZE
    if not (0 <= row < SIZE and 0 <= column < SIZE):
        edge = key.replace("up", "top").replace("down", "bottom")
        return f"{space_name(space)} is on the planet's {edge} edge: the cursor stops here."
    return row * SIZE + column
