"""A key that closes what lies over the game (the inspector, a question, the rules, the
lessons so far), pressed twice or held, is not taken by the game under it: keys wait for
quiet, as after a lesson or the curtain, and a deliberate press then plays."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.ui.game_screen import GameScreen

from .settling import settle
from .test_learn_to_play import past_curtains_and_lessons, status_line, teaching_app

LAYERS = {
    "the inspector": ("i", "i"),
    "the question": ("q", "n"),
    "the rules": ("f1", "escape"),
    "the lessons so far": ("L", "enter"),
}


@pytest.mark.parametrize("layer", list(LAYERS))
async def test_the_key_that_closed_a_layer_plays_nothing_under_it(tmp_path, monkeypatch, layer):
    now = [1000.0]
    monkeypatch.setattr(GameScreen, "GUARD_SECONDS", 0.6)
    monkeypatch.setattr(GameScreen, "clock", lambda self=None: now[0])
    app = teaching_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await past_curtains_and_lessons(app, pilot, now)
        opens, closes = LAYERS[layer]
        now[0] += 1
        await pilot.press(opens)
        await settle(pilot)
        now[0] += 1
        await pilot.press(closes)
        await settle(pilot)
        assert app.screen is screen
        moves = len(app.match.moves)
        # Enter on the heels of the key that closed it: the card under the cursor stays.
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.match.moves) == moves
        assert f"came right after {layer}" in status_line(app), status_line(app)
        now[0] += 1
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.match.moves) > moves
