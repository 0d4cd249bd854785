"""The emulated terminal reads what the app writes exactly as pyte's own stream does."""

from __future__ import annotations

import pyte
import pytest

from boardgames_tui.engine.contract import Seat

from tests.ui.conftest import make_app
from tests.ui.settling import settle

from .emulator import EmulatedTerminal, compare, emulated_text, run_in_terminal

pytestmark = pytest.mark.draws_every_frame


def pyte_reading(size: tuple[int, int], writes: list[str]) -> pyte.Screen:
    screen = pyte.Screen(*size)
    stream = pyte.ByteStream(screen)
    for data in writes:
        stream.feed(data.encode("utf-8"))
    return screen


def same_screens(ours: pyte.Screen, theirs: pyte.Screen) -> bool:
    return [dict(ours.buffer[y]) for y in range(ours.lines)] == [dict(theirs.buffer[y]) for y in range(theirs.lines)] and (
        ours.cursor.x,
        ours.cursor.y,
        ours.cursor.attrs,
    ) == (theirs.cursor.x, theirs.cursor.y, theirs.cursor.attrs)


def test_read_as_pyte_reads_it():
    size = (20, 4)
    writes = [
        "\x1b]2;title\x07\x1b[?25l\x1b[1;1H\x1b[1;38;2;10;20;30;48;5;17mplain \x1b[0m表 e\u0301 ",
        "\x1b[2;19Hwrapped past the edge\x1b[",  # a sequence cut in two by the writes
        "3;2H\x1b[7;3;4mreverse\x1b[m\n\rnext\x1b[4;1H\x1b[K\x01",
    ]
    terminal = EmulatedTerminal(size)
    for data in writes:
        terminal.receive(data)
    assert same_screens(terminal.screen, pyte_reading(size, writes))


class RecordingTerminal(EmulatedTerminal):
    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.writes: list[str] = []

    def receive(self, data: str) -> None:
        self.writes.append(data)
        super().receive(data)


async def test_the_app_s_frames_read_as_pyte_reads_them(tmp_path, monkeypatch):
    monkeypatch.setenv("COLORTERM", "truecolor")
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    terminal = RecordingTerminal((80, 24))
    async with run_in_terminal(app, terminal.size, terminal) as (pilot, _):
        for key in ("enter", "down", "i", "i", "enter"):
            await pilot.press(key)
            await settle(pilot)
            assert compare(terminal, app) is None
        assert "Pass the keyboard" in emulated_text(terminal)
    assert same_screens(terminal.screen, pyte_reading(terminal.size, terminal.writes))
