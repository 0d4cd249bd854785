"""The suite draws a headless app's frame only when a test reads it (tests/conftest.py):
the frames a test reads must be the very frames the app draws for a terminal."""

from __future__ import annotations

import random

import pytest
from textual.screen import Screen

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.setup import StartRequest

from .privacy_harness import frame_of
from .settling import settle

KEYS = ["left", "right", "up", "down", "enter", "enter", "u", "i", "escape", "p", "question_mark", "1", "2"]
# Evergreen's plan asks before a step that gives up part of the action: a dialog over
# the game, with the game redrawn beneath it.
EVERGREEN_KEYS = ["left", "right", "up", "down", "enter", "enter", "p", "g", "d", "d", "y", "n", "u", "i", "escape"]


async def frames_read(tmp_path, slug: str) -> list:
    """Two people and a bot, 25 seeded keys; the whole frame (text and styles) after each."""
    keys = random.Random(slug)
    pressable = EVERGREEN_KEYS if slug == "evergreen" else KEYS
    seats = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot", bot_level="random")]
    start = StartRequest(slug=slug, seats=seats, options={}, seed=3)
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    frames = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(25):
            await pilot.press(keys.choice(pressable))
            await settle(pilot)
            frames.append(frame_of(app))
    return frames


@pytest.mark.draws_every_frame
@pytest.mark.parametrize("slug", ["pollen", "evergreen"])
async def test_a_frame_read_is_the_frame_a_terminal_gets(tmp_path, slug, monkeypatch):
    from tests.conftest import _draw_only_what_is_read

    drawn_every_time = await frames_read(tmp_path / "every", slug)
    monkeypatch.setattr(Screen, "_compositor_refresh", _draw_only_what_is_read)
    drawn_when_read = await frames_read(tmp_path / "read", slug)
    assert len(drawn_when_read) == len(drawn_every_time)
    for number, (read, every) in enumerate(zip(drawn_when_read, drawn_every_time, strict=True)):
        assert read == every, f"frame {number} differs:\n{read.text}\n---\n{every.text}"
