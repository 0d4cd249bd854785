"""The letters a seat types to pick a landmark or a grove, as the board and the legend
draw them.  Kept apart from the widgets so that the chip turn (chip_turn.py), which
never imports Textual, speaks of the same keys."""

from __future__ import annotations

from functools import cache

from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.rules import BIOMES

# The key that picks each landmark space, in the legend's order: h (the hint) and
# i (the inspector) are never landmark letters.
LANDMARK_LETTERS = "abcdefgjkl"

# Lower-case biome letter -> grove, for a chip that fits at no landmark.
_BIOME_LETTERS = {info.key: info.letter for info in C.biomes()}
GROVE_KEYS = {_BIOME_LETTERS[biome].lower(): biome for biome in BIOMES}


@cache
def landmark_keys(side: str) -> dict[str, str]:
    """Landmark space id -> the letter that picks it, as drawn on the board and legend."""
    return {space.id: LANDMARK_LETTERS[index] for index, space in enumerate(C.board_side(side).landmark_spaces)}
