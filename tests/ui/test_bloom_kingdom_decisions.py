"""Bloom Kingdom after a decision taken at the keyboard: a seat that plays on keeps the
keyboard (no curtain of its own, its keys waiting for quiet), and what its Fortune
Teller saw is shown to it at once, over its own screen."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.model import PlayCard
from boardgames_tui.games.bloom_kingdom.news import turns_this_round
from boardgames_tui.games.bloom_kingdom.rules import card_label, character_of
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen
from boardgames_tui.ui.seat_notice import SeatNoticeScreen

from .conftest import make_app, screen_text
from .settling import settle
from .test_learn_to_play import status_line

DECISIONS = ("knight", "wizard", "jester", "fortune")


class SteppedClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self, *_: object) -> float:
        return self.now


@pytest.fixture
def guarded(monkeypatch: pytest.MonkeyPatch) -> SteppedClock:
    """The real guards against held keys, on a clock the test moves."""
    clock = SteppedClock()
    for screen in (CurtainScreen, AnnouncementScreen, GameScreen, SeatNoticeScreen):
        monkeypatch.setattr(screen, "GUARD_SECONDS", 0.6)
        monkeypatch.setattr(screen, "clock", clock)
    return clock


async def test_the_seat_that_takes_a_turn_s_last_decision_plays_on_without_a_curtain(tmp_path, guarded):
    """Enter, twice, on the turn's last decision (mid-round): the seat keeps its screen
    for the next turn, the second Enter plays nothing, and a deliberate one plays."""
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            await settle(pilot)
            screen = app.screen
            guarded.now += 1
            if isinstance(screen, (CurtainScreen, AnnouncementScreen, SeatNoticeScreen)):
                await pilot.press("enter")
                continue
            assert isinstance(screen, BloomKingdomScreen) and screen.ui.targets, type(screen)
            state = app.match.state
            if state.phase in DECISIONS and len(state.queue) == 1 and state.turn < turns_this_round(state):
                break
            deciding = [
                action for action in screen.ui.targets
                if isinstance(action, PlayCard) and character_of(action.card) in ("knight", "wizard", "jester", "fortune_teller")
            ]
            screen.highlight_action(deciding[0] if deciding else screen.ui.targets[0])
            await pilot.press("enter")
        else:
            raise AssertionError("nobody had the last decision of a turn before a round's last")
        seat, moves = screen.audience, len(app.match.moves)
        if state.phase == "knight":
            await pilot.press("y", "y")
        else:
            await pilot.press("enter", "enter")
        await settle(pilot)
        assert len(app.match.moves) == moves + 1, "the second key played a card"
        assert app.match.state.phase == "play" and app.match.state.players[seat].chosen is None
        # The seat is still at the keyboard, its own screen up: no curtain to lower first.
        assert app.screen is screen and screen.audience == seat
        assert "came right after your decision" in status_line(app), status_line(app)
        guarded.now += 1
        await pilot.press("enter")
        await settle(pilot)
        assert app.match.state.players[seat].chosen is not None


async def test_what_a_fortune_teller_saw_is_shown_to_its_owner_at_once(tmp_path):
    """Four people press Enter through a game: after each Fortune Teller's choice its
    owner reads what it saw before anything else, on its own screen: in the status line
    when it plays on, on a note over its screen when the keyboard passes on."""
    names = ("Ann", "Ben", "Cat", "Dan")
    app = make_app(tmp_path, [Seat(name=name) for name in names], seed=7)
    seen: dict[str, int] = {"plays on": 0, "note": 0}
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, ScoreSheetScreen) or min(seen.values()):
                break
            state = app.match.state
            chooser = screen.audience if isinstance(screen, BloomKingdomScreen) else None
            deciding = state.phase == "fortune" and chooser is not None and chooser in app.match.to_act()
            await pilot.press("enter")
            if not deciding:
                continue
            await settle(pilot)
            [peek] = [peek for peek in app.match.state.peeks if (peek.viewer, peek.round, peek.turn) == (chooser, state.round, state.turn)]
            words = f"your Fortune Teller saw {card_label(peek.card)} in {names[peek.target]}'s hand"
            # Its own screen is up, nobody else's, and no curtain came first.
            game = next(layer for layer in app.screen_stack if isinstance(layer, BloomKingdomScreen))
            assert game.audience == chooser, f"{names[chooser]}'s choice, then {type(app.screen).__name__}"
            if isinstance(app.screen, SeatNoticeScreen):
                seen["note"] += 1
                assert words in app.screen.text.plain
                assert card_label(peek.card) in screen_text(app)
            else:
                seen["plays on"] += 1
                assert app.screen is game and chooser in app.match.to_act()
                assert words in status_line(app), status_line(app)
        assert min(seen.values()), seen
