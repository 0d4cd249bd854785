"""A refused undo says why, in every game, instead of doing nothing."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game

GAMES = ["bloom-kingdom", "pollen", "evergreen", "everbloom"]


@pytest.mark.parametrize("slug", GAMES)
async def test_undo_before_any_move_says_why(tmp_path, slug):
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.ui.game_screen import GameScreen
    from boardgames_tui.ui.setup import StartRequest

    rules = get_game(slug).rules
    seats = [Seat(name="Ann"), Seat(name="Bot", kind="bot", bot_level="random")]
    seats += [Seat(name=f"Bot {n}", kind="bot", bot_level="random") for n in range(3, rules.min_players + 1)]
    start = StartRequest(slug=slug, seats=seats, options={}, seed=5)
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, GameScreen) and app.screen.viewer_acts(app.screen.current_view()):
                break
        screen = app.screen
        assert isinstance(screen, GameScreen)
        blocker = app.match.undo_blocker(0)
        assert blocker is not None
        states_before = len(app.match.states)
        await pilot.press("u")
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert "Undo is not possible" in status and blocker.rstrip(".") in status
        assert len(app.match.states) == states_before
