"""Ruling 22 in the split keys: a grove's count may be 0, and those pollinators stay."""

from __future__ import annotations

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.everbloom.model import Skip
from tests.ui.conftest import screen_text
from tests.ui.test_everbloom_screen import _status, _to_wilderness_turn, everbloom_app


async def test_a_grove_set_to_zero_leaves_its_pollinators_there(tmp_path):
    """Rulebook: "If you have more pollinators to place than you have in your supply,
    you may take them from the groves of your choice instead." """
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(116, 38)) as pilot:
        await pilot.pause()
        await _to_wilderness_turn(pilot, app, 0)
        screen = app.screen
        # Ann's supply holds only 1; her jungle grove holds 3.
        state = app.match.state.model_copy(deep=True)
        state.players[0].supply = 1
        app.match.states[-1] = state
        await pilot.press("3", "d")  # chip 3 at m1: four pollinators with landmark 29
        await pilot.pause()
        # The jungle grove's row follows the four cards (the list stops at its ends), set to none.
        await pilot.press("down", "down", "down", "down", "0")
        await pilot.pause()
        sending = screen.ui.chip_turn.sending
        assert sending.kept == 3 and sending.groves == {"jungle": 0}
        assert sum(sending.counts.values()) == 1, _status(app)
        assert "1 pollinator, all placed · 3 stay in groves" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.match.moves[-1].action, Skip)
        state = app.match.state
        assert state.groves["jungle"][0] == 3 and state.players[0].supply == 0
        assert sum(state.pollinators[space][0] for space in ("t1", "t2", "b1", "b2")) == 1
        assert state.turn is None
