"""Plain characters: the app in ASCII, for a terminal that cannot show more.

Every cell the app draws passes one table on its way to the terminal (a Textual line
filter): borders, blocks, the marks on a board, the legend and the key bar alike, so the
legend always shows the very marks the board shows.  Each character becomes as many ASCII
characters as the cells it takes, so nothing on the screen moves.  Keys are named in
words instead of arrows (`get_key_display`), since a key bar has the room for them.
Prose that would need more than a cell for a character ("½") is written in ASCII at its
source.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from textual.binding import Binding
from textual.color import Color
from textual.filter import LineFilter

# The app's own marks, each to the ASCII character nearest in look.  Marks that a
# game's legend tells apart stay apart (tests/ui/test_plain_characters.py).
MARKS: dict[str, str] = {
    # separators, ellipses, dashes and quotes
    "·": ".",
    "…": ".",
    "—": "-",
    "–": "-",
    "−": "-",
    "‐": "-",
    "′": "'",
    "″": '"',
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "×": "x",
    # arrows, cursors and pointers
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "▶": ">",
    "◀": "<",
    "►": ">",
    "◄": "<",
    "▸": ">",
    "◂": "<",
    "▲": "^",
    "▼": "v",
    "▴": "^",
    "▾": "v",
    # the seats' marks and the games' own
    "●": "o",
    "■": "#",
    "◆": "$",
    "•": "o",
    "○": "o",
    "◐": "%",
    "✓": "+",
    "✔": "+",
    "✗": "x",
    "★": "*",
    "✦": "~",
    "✿": "@",
    "☀": "@",
    "⚡": "!",
    "⚠": "!",
    "▤": "=",
    "▮": "|",
    "░": ":",
    "▒": "%",
    "▓": "#",
    "█": "#",
    "①": "1",
    # Textual's toggle buttons draw "▐X▌": "[X]"
    "▐": "[",
    "▌": "]",
}

# A character no rule below knows: one per cell it takes.
UNKNOWN = "?"


def _box_drawing(name: str) -> str | None:
    """A line of a box (U+2500 to U+257F) by the directions its name gives."""
    if not name.startswith("BOX DRAWINGS "):
        return None
    words = set(name.split()[2:])
    if "DIAGONAL" in words:
        if "CROSS" in words:
            return "X"
        return "/" if name.endswith("UPPER RIGHT TO LOWER LEFT") else "\\"
    across = words & {"HORIZONTAL", "LEFT", "RIGHT"}
    down = words & {"VERTICAL", "UP", "DOWN"}
    if down and not across:
        return "|"
    # A heavy line is drawn with "=", corners and all: Pollen's cursor frame is told
    # from the "+" of an open space.
    if "HEAVY" in words or (across and not down and "DOUBLE" in words):
        return "="
    return "-" if across and not down else "+"


def _block(name: str) -> str | None:
    """A block element (U+2580 to U+259F) by its name: an edge where it draws one."""
    if not name.endswith("BLOCK") and "QUADRANT" not in name:
        return None
    if name.startswith(("LEFT", "RIGHT")):
        return "|"
    if name.startswith("UPPER"):
        return "-"
    if name == "LOWER ONE EIGHTH BLOCK":
        return "_"
    if name.startswith("LOWER"):
        # A scroll bar's thumb ends in a part of a cell: the track shows there instead.
        return " "
    return "#"


@lru_cache(maxsize=4096)
def ascii_for(character: str) -> str:
    """`character` in ASCII, in exactly as many cells as it takes."""
    if character.isascii():
        return character
    cells = cell_len(character)
    mark = MARKS.get(character)
    if mark is not None:
        # A mark some terminals draw two cells wide ("⚡") keeps its second cell.
        return mark.ljust(cells)
    if cells == 0:
        return ""  # a joiner or a combining accent: its letter is replaced on its own
    name = unicodedata.name(character, "")
    shape = _box_drawing(name) or _block(name)
    if shape is not None:
        return shape * cells
    # A letter with an accent loses the accent: "é" is "e".
    letters = "".join(part for part in unicodedata.normalize("NFKD", character) if part.isascii())
    if letters and len(letters) == cells:
        return letters
    return UNKNOWN * cells


# Marks that need two ASCII characters take the space before them: "Farmers ≥ Nobles"
# is "Farmers>= Nobles", never a wrong "Farmers > Nobles".
WIDE_MARKS = {"≥": ">=", "≤": "<="}
_SPACE_AND_WIDE_MARK = re.compile("|".join(f" {mark}" for mark in WIDE_MARKS))


def ascii_cells(text: str) -> str:
    """`text` in ASCII, cell for cell."""
    if text.isascii():
        return text
    text = _SPACE_AND_WIDE_MARK.sub(lambda found: WIDE_MARKS[found.group()[1]], text)
    return "".join(ascii_for(character) for character in text)


class AsciiOnly(LineFilter):
    """Every cell drawn in ASCII: the last filter a line passes.  The line is read whole,
    so that a wide mark finds the space before it in a segment of its own (a legend's
    column), then cut again where its segments were, cell for cell."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(segment.text.isascii() for segment in segments) or any(segment.control for segment in segments):
            return segments
        line = ascii_cells("".join(segment.text for segment in segments))
        drawn = []
        start = 0
        for text, style, _ in segments:
            end = start + cell_len(text)
            drawn.append(Segment(line[start:end], style))
            start = end
        return drawn


ASCII_ONLY = AsciiOnly()


class PlainCharacters:
    """The App's part of plain characters (mixed into the App): on or off, drawn at once.

    Off unless asked for: the command line turns it on for good where the terminal needs
    it or the player says so (`require_plain_characters`, boardgames_tui/terminal.py),
    and the `plain` setting turns it on or off otherwise."""

    plain_characters = False
    plain_required = False

    def require_plain_characters(self) -> None:
        self.plain_required = True
        self.set_plain_characters(True)

    def set_plain_characters(self, plain: bool) -> None:
        """Draws every screen again, in ASCII or not, with its key bars."""
        plain = plain or self.plain_required
        if plain == self.plain_characters:
            return
        self.plain_characters = plain
        app: Any = self
        if not app.is_running:
            return
        for screen in app.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh()
            # The key bar names its keys anew (`get_key_display`).
            screen.refresh_bindings()

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()  # type: ignore[misc]
        return [*filters, ASCII_ONLY] if self.plain_characters else filters

    def get_key_display(self, binding: Binding) -> str:
        shown: str = super().get_key_display(binding)  # type: ignore[misc]
        if not self.plain_characters or shown.isascii():
            return shown
        # An arrow or ⏎: the key's own name ("up", "shift+enter"), "^" for ctrl as Textual writes it.
        modifiers, key = binding.parse_key()
        prefix = "^" if "ctrl" in modifiers else ""
        return prefix + "+".join([modifier for modifier in modifiers if modifier != "ctrl"] + [key])
