"""Ruling 1 in the setup form: every seat may pick its faction; Duo asks for two seats."""

from __future__ import annotations

from textual.widgets import Select

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.setup import SetupScreen


async def _everbloom_form(pilot) -> SetupScreen:
    await pilot.pause()
    await pilot.press("enter", "down", "enter")  # New game, Everbloom (second in the list)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen) and screen.rules.slug == "everbloom"
    return screen


async def test_a_seat_picks_its_faction_in_the_form(tmp_path):
    """Rulebook, player setup: "Select a faction and take the following steps"."""
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _everbloom_form(pilot)
        screen.query_one("#option-faction_2", Select).value = "lizards"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.match is not None
        assert app.match.state.players[1].faction == "lizards"


async def test_the_form_refuses_duo_for_three_seats_with_a_reason(tmp_path):
    """Rulebook: "Duo (landmarks selected for the two player experience)"."""
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _everbloom_form(pilot)
        screen.query_one("#kind-3", Select).value = "bot:normal"
        screen.query_one("#option-landmark_theme", Select).value = "duo"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Duo landmarks are for 2 players, not 3" in str(screen.query_one("#setup-error").render())
