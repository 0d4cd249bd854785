"""A terminal for the app under test: what the app really sent, cell by cell.

Pilot tests read the screen by drawing it afresh from the widgets, so a part of the
terminal the app never drew again (a lesson's card left behind after it closed) looks
right in every one of them.  Here the app runs with a driver that is not headless: every
frame Textual writes for a terminal, partial updates and all, goes to the `pyte`
terminal emulator.  `compare` then sets the emulated screen beside the app's own
full render of the same moment, fed to a second emulator, and lists every cell whose
character, colours or attributes differ.

Drawing the full render asks Textual where each widget is, and that question arranges
the screen again by itself: read carelessly, it would tidy up the very state that left
a stale region (tests/conftest.py's frames drawn only when read do the same).  The
render here leaves each screen's compositor exactly as it found it.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any, AsyncIterator

import pyte
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver

from boardgames_tui.ui.textual_compat import full_frame_untouched
from tests.ui.settling import settle


# What Textual writes for a frame, nearly all of it: runs of text, colours and
# attributes (SGR), cursor moves and new lines.  `pyte.Stream` reads its input one
# character at a time through a generator (most of this harness's own time); these
# are read a whole sequence at a time and handed to the same `pyte.Screen` methods the
# stream would call.  Any other sequence, and any control character, goes through
# `pyte.Stream` itself, a whole sequence at once.
_SEQUENCE = re.compile(
    r"(?P<text>[^\x00-\x1f\x1b\x7f-\x9f]+)"
    r"|\x1b\[(?P<sgr>[0-9;]*)m"
    r"|\x1b\[(?P<row>[0-9]+);(?P<column>[0-9]+)H"
    r"|(?P<newline>\n)"
    r"|(?P<other>\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[^\[\]]|[\x00-\x1a\x1c-\x1f\x7f-\x9f])"
)


# Whether a character takes one cell, as pyte counts cells, by character.
_ONE_CELL: dict[str, bool] = {}


def _one_cell_each(text: str) -> bool:
    """Whether every character of `text` takes one cell, as pyte counts them."""
    if text.isascii():
        return text.isprintable()
    for character in text:
        one = _ONE_CELL.get(character)
        if one is None:
            one = _ONE_CELL[character] = pyte.screens.wcwidth(character) == 1
        if not one:
            return False
    return True


class EmulatedTerminal:
    """A `pyte` screen fed what an app's driver writes."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.screen = pyte.Screen(*size)
        self._stream = pyte.Stream(self.screen)
        # The start of a sequence cut off at the end of a write, kept for the next one.
        self._pending = ""
        self._cells: dict[tuple[pyte.screens.Char, str], pyte.screens.Char] = {}
        self.bytes_received = 0

    def resize(self, size: tuple[int, int]) -> None:
        """The window is resized: the app draws the whole frame again at the new size."""
        self.size = size
        self.screen.resize(lines=size[1], columns=size[0])

    def receive(self, data: str) -> None:
        self.bytes_received += len(data.encode("utf-8"))
        data = self._pending + data
        screen = self.screen
        end = len(data)
        offset = 0
        while offset < end:
            match = _SEQUENCE.match(data, offset)
            if match is None:
                # An escape sequence not finished yet (or one past reading: pyte reads it).
                if end - offset > 64:
                    self._stream.feed(data[offset:])
                    offset = end
                break
            offset = match.end()
            kind = match.lastgroup
            if kind == "text":
                self._draw(match.group("text"))
            elif kind == "sgr":
                screen.select_graphic_rendition(*(min(int(number or 0), 9999) for number in match.group("sgr").split(";")))
            elif kind == "column":
                screen.cursor_position(int(match.group("row")), int(match.group("column")))
            elif kind == "newline":
                screen.linefeed()
            else:
                self._stream.feed(match.group("other"))
        self._pending = data[offset:]

    def _draw(self, text: str) -> None:
        """`pyte.Screen.draw` for a run of one-cell characters that fits the line (nearly
        every run Textual writes), with each cell made once per character and style; any
        other run is pyte's own."""
        screen = self.screen
        cursor = screen.cursor
        x = cursor.x
        if x + len(text) > screen.columns or pyte.modes.IRM in screen.mode or not _one_cell_each(text):
            screen.draw(text)
            return
        line = screen.buffer[cursor.y]
        attrs = cursor.attrs
        cells = self._cells
        for character in text:
            cell = cells.get((attrs, character))
            if cell is None:
                cell = cells[attrs, character] = attrs._replace(data=character)
            line[x] = cell
            x += 1
        cursor.x = x
        screen.dirty.add(cursor.y)

    def driver_class(self) -> type[HeadlessDriver]:
        """A driver that writes to this terminal: Textual's headless one (no real input
        or output device, the size it is given), except that the app draws for it."""
        terminal = self

        class TerminalDriver(HeadlessDriver):
            @property
            def is_headless(self) -> bool:
                # Textual sends a frame to the driver only when it is not headless.
                return False

            def write(self, data: str) -> None:
                terminal.receive(data)

        return TerminalDriver

    @property
    def lines(self) -> list[str]:
        """The emulated screen's text, one string a row, as a person would read it."""
        return list(self.screen.display)

    def text(self) -> str:
        """The emulated screen's text, rows joined by new lines."""
        return "\n".join(self.lines)


@contextlib.asynccontextmanager
async def run_in_terminal(
    app: App[Any], size: tuple[int, int], terminal: EmulatedTerminal | None = None
) -> AsyncIterator[tuple[Any, EmulatedTerminal]]:
    """Runs `app` drawing for an emulated terminal of `size` (a new one unless given);
    yields the pilot and the terminal."""
    terminal = EmulatedTerminal(size) if terminal is None else terminal
    app.driver_class = terminal.driver_class()
    async with app.run_test(headless=False, size=size) as pilot:
        yield pilot, terminal


def emulated_text(terminal: EmulatedTerminal) -> str:
    """The text the terminal shows now, for checks of what a person at it reads (the
    privacy harness's frames, say, read from what was really sent)."""
    return terminal.text()


def full_render(app: App[Any]) -> pyte.Screen:
    """The app's own full render of this moment, as a terminal would show it."""
    data = full_frame_untouched(app)
    rendered = EmulatedTerminal((app.size.width, app.size.height))
    rendered.receive(data)
    return rendered.screen


@dataclass(frozen=True)
class Mismatch:
    """Where the terminal shows other than what the app holds."""

    cells: list[tuple[int, int]]
    shown: list[str]
    held: list[str]

    def __str__(self) -> str:
        rows = sorted({y for _, y in self.cells})
        lines = [f"{len(self.cells)} cells differ, on rows {rows}:"]
        for y in rows:
            lines.append(f"  terminal {y:2}: {self.shown[y]}")
            lines.append(f"  app      {y:2}: {self.held[y]}")
        return "\n".join(lines)


def compare(terminal: EmulatedTerminal, app: App[Any]) -> Mismatch | None:
    """None when every cell of the terminal is the app's full render's cell (character,
    colours, bold, italics, underline, strikethrough, reverse); else where they differ."""
    held = full_render(app)
    shown = terminal.screen
    width, height = terminal.size
    cells = [
        (x, y)
        for y in range(height)
        if shown.buffer[y] != held.buffer[y]
        for x in range(width)
        if shown.buffer[y][x] != held.buffer[y][x]
    ]
    if not cells:
        return None
    return Mismatch(cells, list(shown.display), list(held.display))


class TerminalDiffers(AssertionError):
    pass


async def check_terminal(pilot: Any, terminal: EmulatedTerminal, moment: str) -> None:
    """Once the app is idle, the terminal must show exactly what the app holds."""
    await settle(pilot)
    mismatch = compare(terminal, pilot.app)
    if mismatch is not None:
        raise TerminalDiffers(f"{moment}: the terminal shows other than the app holds\n{mismatch}")
