"""The hint key: the normal bot's move, highlighted with a reason, played only by the player."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import screen_text

GAMES = {
    "bloom-kingdom": ({}, "enter"),
    "pollen": ({"starting_player": 1}, "enter"),
    # Evergreen opens with the draft: Enter takes the highlighted card.
    "evergreen": ({"modules": "none"}, "enter"),
    # Everbloom opens with the nectar draft, a list: Enter takes the highlighted entry.
    "everbloom": ({}, "enter"),
}


def one_human_app(tmp_path, slug: str, options: dict) -> BoardGamesApp:
    start = StartRequest(slug=slug, seats=[Seat(name="Ann"), Seat(name="Bot", kind="bot")], options=options, seed=11)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def wait_for(pilot, condition, rounds: int = 400) -> None:
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("waited too long")


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_hint_highlights_a_legal_move_that_only_the_players_key_plays(tmp_path, slug):
    options, confirm = GAMES[slug]
    app = one_human_app(tmp_path, slug, options)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_for(pilot, lambda: screen.viewer_acts(screen.current_view()))
        moves_before = len(app.match.moves)
        state_before = app.match.state
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.hint is not None)
        hint = screen.hint
        assert hint in app.match.rules.legal_actions(app.match.view(0), 0)
        text = screen_text(app)
        assert "Hint:" in text and "simulated games" in text
        # Asking changed nothing: the player has not moved yet.
        await pilot.pause(0.2)
        assert len(app.match.moves) == moves_before and app.match.state is state_before
        await pilot.press(confirm)
        await pilot.pause()
        assert app.match.moves[moves_before].action == hint
        assert screen.hint is None


async def test_no_hint_while_another_seat_is_to_move(tmp_path):
    start = StartRequest(
        slug="pollen", seats=[Seat(name="Ann"), Seat(name="Bot", kind="bot")], options={"starting_player": 2}, seed=3
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.thinking == 1
        await pilot.press("h")
        await pilot.pause()
        assert screen.hint is None
        assert "A hint is for the player whose move it is." in screen_text(app)
        assert app.match.moves == []
