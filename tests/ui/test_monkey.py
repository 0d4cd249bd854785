"""Random keys everywhere: whatever a player mashes, the app never crashes."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import all_games
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.setup import StartRequest

KEYS = [
    # Not q, Escape or F1: they leave the game or open the rules (tested elsewhere),
    # and the point here is to mash keys inside a game.
    "left", "right", "up", "down", "enter", "space", "tab", "shift+tab",
    "u", "n", "y", "p", "g", "o", "l", "d", "v", "m",
    "left_square_bracket", "right_square_bracket", "question_mark",
    "1", "2", "3", "4", "5", "9", "0", "a", "z",
]


# Everbloom's random keys are test_everbloom_screen's test_random_keys_never_crash: these
# keys and its own (hints, paging), with two bots; one run of random keys per game is enough.
@pytest.mark.long(seconds=16)
@pytest.mark.draws_every_frame
@pytest.mark.parametrize("slug", [game.slug for game in all_games() if game.slug != "everbloom"])
async def test_random_keys_never_crash(tmp_path, slug):
    keys = random.Random(slug)
    seats = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot")]
    start = StartRequest(slug=slug, seats=seats, options={}, seed=11)
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # 140 keys: each is a frame drawn in full; the run still crosses several turns
        # and curtains (the moves made are asserted below).
        for _ in range(140):
            await pilot.press(keys.choice(KEYS))
        await pilot.pause()
        # Pilot re-raises anything that reached Textual; getting here means none did.
        assert app.is_running
        assert app.match is not None and app.match.moves
