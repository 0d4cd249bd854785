"""The hint key: the search's best move, highlighted with its reason and record, played
only by the player; refused off turn; dropped when a move or undo makes it stale."""

from __future__ import annotations

import re
from dataclasses import replace
from contextlib import asynccontextmanager
from typing import AsyncIterator

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import bots
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.contract import MoveExplanation
from boardgames_tui.engine.mcts import MoveStats, Verdict, judge
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.hint_words import hint_reason
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import press_through_news, screen_text

# Each game's options; in each, Enter plays the highlighted move of Ann's first turn
# (Evergreen and Everbloom open with a draft: Enter takes the highlighted card).
GAMES = {
    "bloom-kingdom": {},
    "pollen": {"starting_player": 1},
    "evergreen": {"modules": "none"},
    "everbloom": {},
}
NOT_YOUR_MOVE = "A hint is for the player whose move it is."


def one_human_app(tmp_path, slug: str) -> BoardGamesApp:
    seats = [Seat(name="Ann"), Seat(name="Bot", kind="bot")]
    start = StartRequest(slug=slug, seats=seats, options=GAMES[slug], seed=11)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def wait_for(pilot, condition, rounds: int = 400) -> None:
    for _ in range(rounds):
        if condition():
            return
        if not await press_through_news(pilot):
            await pilot.pause(0.02)
    raise AssertionError("waited too long")


def status(app: BoardGamesApp) -> str:
    # The game's own status bar, also while a table announcement is over it.
    game = next(screen for screen in reversed(app.screen_stack) if isinstance(screen, GameScreen))
    return str(game.query_one("#status").render())


async def anns_turn(pilot, screen: GameScreen) -> None:
    # Ann's turn with her screen on top, not a table announcement over it.
    await wait_for(pilot, lambda: screen.app.screen is screen and screen.viewer_acts(screen.current_view()))


@asynccontextmanager
async def at_anns_turn(tmp_path, slug: str) -> AsyncIterator[tuple[BoardGamesApp, object, GameScreen]]:
    """A game of `slug`, Ann against a bot, once it is Ann's move."""
    app = one_human_app(tmp_path, slug)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await anns_turn(pilot, screen)
        yield app, pilot, screen


async def ask_for_hint(pilot, screen: GameScreen) -> None:
    await pilot.press("h")
    await wait_for(pilot, lambda: screen.ui.hint is not None)


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_hint_highlights_a_legal_move_that_only_the_players_key_plays(tmp_path, slug):
    async with at_anns_turn(tmp_path, slug) as (app, pilot, screen):
        moves_before = len(app.match.moves)
        state_before = app.match.state
        await ask_for_hint(pilot, screen)
        hint = screen.ui.hint
        assert hint in app.match.rules.legal_actions(app.match.view(0), 0)
        assert "Hint:" in screen_text(app)
        # Asking changed nothing: the player has not moved yet.
        await pilot.pause(0.2)
        assert len(app.match.moves) == moves_before and app.match.state is state_before
        await pilot.press("enter")
        await pilot.pause()
        assert app.match.moves[moves_before].action == hint
        # The move made the hint stale: it is gone from the screen's state and its status line.
        assert screen.ui.hint is None
        assert "Hint:" not in status(app)


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_a_hint_names_its_move_with_the_games_reason_and_its_record(tmp_path, slug):
    async with at_anns_turn(tmp_path, slug) as (app, pilot, screen):
        await ask_for_hint(pilot, screen)
        explanation = app.match.game.narrator.explain_move(app.match.view(0), 0, screen.ui.hint)
        line = status(app)
        assert line.startswith(f"Hint: {explanation.move.rstrip('.')} — ")
        if explanation.reason:
            assert explanation.reason.rstrip(".") in line
        assert "simulated games" in line or "the only move you have" in line
        assert not re.search(r"(?<!\d)0% of", line), "a record of no wins is said in words"


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_a_hint_is_refused_with_a_reason_while_the_bot_is_to_move(tmp_path, slug):
    async with at_anns_turn(tmp_path, slug) as (app, pilot, screen):
        # From now on the bot waits long before moving: the turn stays the bot's.
        app.bot_delay = 30
        for _ in range(20):
            if not screen.viewer_acts(screen.current_view()):
                break
            assert screen.submit(screen.viewer_legal_actions()[0])
            await pilot.pause()
        assert screen.thinking == 1
        moves = len(app.match.moves)
        await pilot.press("h")
        await pilot.pause(0.1)
        assert screen.ui.hint is None
        assert status(app) == NOT_YOUR_MOVE
        assert len(app.match.moves) == moves


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_a_hint_still_being_found_is_dropped_by_a_move(tmp_path, slug, monkeypatch):
    # A search that takes its real time (screen tests otherwise get quick ones), so
    # that Enter comes while it is still going.
    monkeypatch.setattr(bots, "HINT_BUDGET", replace(bots.HINT_BUDGET, iterations=10**9, seconds=1.0))
    async with at_anns_turn(tmp_path, slug) as (app, pilot, screen):
        moves = len(app.match.moves)
        await pilot.press("h", "enter")
        assert len(app.match.moves) > moves and app.match.moves[moves].seat == 0, "Enter played Ann's move at once"
        # Long enough for the search to have finished; its answer must not appear.
        await pilot.pause(1.5)
        assert screen.ui.hint is None
        assert "Hint:" not in status(app)


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_a_refused_undo_keeps_the_hint_it_did_not_make_stale(tmp_path, slug):
    async with at_anns_turn(tmp_path, slug) as (app, pilot, screen):
        assert not app.match.can_undo(0), "nothing has been played yet"
        await ask_for_hint(pilot, screen)
        hint = screen.ui.hint
        await pilot.press("u")
        await pilot.pause()
        assert status(app).startswith("Undo is not possible. ")
        assert screen.ui.hint == hint


# Games where a seat's turn has several moves (a plan, a split), so an undo inside it is
# allowed; Pollen's every move draws a card, so no move of Ann's can be taken back.
UNDO_GAMES = ["bloom-kingdom", "evergreen", "everbloom"]


@pytest.mark.parametrize("slug", UNDO_GAMES)
async def test_an_undo_drops_the_hint(tmp_path, slug):
    async with at_anns_turn(tmp_path, slug) as (app, pilot, screen):
        for _ in range(40):
            await anns_turn(pilot, screen)
            if app.match.can_undo(0):
                break
            assert screen.submit(screen.viewer_legal_actions()[0])
        assert app.match.can_undo(0), "no move of Ann's could be taken back"
        await ask_for_hint(pilot, screen)
        await pilot.press("u")
        await pilot.pause()
        assert status(app) == "Move taken back."
        assert screen.ui.hint is None


def record(action: str, visits: int, win_rate: float, mean_reward: float | None = None, margin: float = 0.0) -> MoveStats:
    return MoveStats(action, visits, win_rate if mean_reward is None else mean_reward, win_rate, margin=margin)


DRAGON = MoveExplanation("Play the Dragon", "the Dragon column grows to 2")
PASS = MoveExplanation("Pass")


def test_a_clear_lead_says_it_is_better_in_points_and_in_games_won():
    verdict = Verdict(record("a", 480, 0.62, margin=1.5), record("b", 150, 0.41, margin=-0.8), True, "wins", 700)
    assert hint_reason(verdict, DRAGON) == (
        "it won 62% of 480 simulated games from here; better than the next best, \u201cPlay the Dragon\u201d "
        "(won 41% of 150), by 21 points of win rate and 2.3 points of score a game."
    )


def test_moves_within_the_noise_are_called_equally_good_and_both_say_what_they_do():
    verdict = Verdict(record("a", 480, 0.62), record("b", 410, 0.60), False, "wins", 900, level=True)
    line = hint_reason(verdict, DRAGON)
    assert line.endswith(
        "about as good as \u201cPlay the Dragon\u201d, which won 60% of 410; with that move the Dragon column "
        "grows to 2: either is fine."
    )


def test_an_equal_moves_reason_with_parentheses_of_its_own_is_never_nested_in_others():
    verdict = Verdict(record("a", 121, 0.67), record("b", 121, 0.66), False, "wins", 600, level=True)
    landmark = MoveExplanation("Place your 3 on landmark 13", "you would lead on Snowbell Seal (1 to 0)")
    line = hint_reason(verdict, landmark)
    assert line.endswith(
        "about as good as \u201cPlace your 3 on landmark 13\u201d, which won 66% of 121; with that move you would "
        "lead on Snowbell Seal (1 to 0): either is fine."
    )
    depth = 0
    for character in line:
        depth += {"(": 1, ")": -1}.get(character, 0)
        assert depth <= 1, line


def test_a_lead_outside_the_noise_is_never_either_is_fine():
    """Found playing: "either is fine" beside 42% against 25%, a lead of about 1.5
    standard errors: now it is "probably better", with the doubt said."""
    verdict = judge([record("a", 40, 0.42, margin=0.4), record("b", 40, 0.25, margin=-1.0)], 80)
    assert not verdict.clear and not verdict.level
    line = hint_reason(verdict, PASS)
    assert "either is fine" not in line
    assert line == (
        "it won 42% of 40 simulated games from here; probably better than the next best, \u201cPass\u201d "
        "(won 25% of 40), by 17 points of win rate and 1.4 points of score a game."
    )


def test_moves_that_never_won_are_told_apart_by_score_without_a_zero_percent():
    verdict = Verdict(record("a", 300, 0.0, 0.2, margin=-3.0), record("b", 200, 0.0, 0.1, margin=-5.5), True, "score", 500)
    line = hint_reason(verdict, PASS)
    assert line == (
        "no simulated game from here was won with it (300) or with \u201cPass\u201d (200), "
        "but it finished 2.5 points nearer the top score a game."
    )
    alike = hint_reason(Verdict(verdict.best, verdict.runner_up, False, "score", 500, level=True), PASS)
    assert alike.endswith("about as near the top score: either is fine.") and "0%" not in alike


def test_moves_that_always_won_are_equally_good():
    verdict = Verdict(record("a", 90, 1.0), record("b", 80, 1.0), False, "all won", 170, level=True)
    assert hint_reason(verdict, PASS) == (
        "it won all 90 simulated games that tried it, as \u201cPass\u201d won all 80: either is fine."
    )


def test_a_few_wins_never_read_as_none():
    verdict = Verdict(record("a", 421, 0.002), record("b", 379, 0.0), False, "wins", 800, level=True)
    assert hint_reason(verdict, PASS).startswith("it won under 1% of 421 simulated games from here")
    verdict = Verdict(record("a", 421, 0.998), record("b", 379, 0.997), False, "wins", 800, level=True)
    assert "which won over 99% of 379" in hint_reason(verdict, PASS)


def test_a_move_the_search_settled_on_says_the_others_were_dropped():
    verdict = Verdict(record("a", 640, 0.9), None, True, "wins", 650, dropped=4)
    assert hint_reason(verdict, None) == (
        "it won 90% of 640 simulated games from here; the search soon dropped the other moves "
        "(none tried in more than 4)."
    )


def test_a_search_too_short_for_any_record_says_so_without_percentages():
    verdict = Verdict(record("a", 6, 0.5), None, False, "too few", 240, tried=84)
    line = hint_reason(verdict, None)
    assert line == (
        "only 240 simulated games, over 84 moves: too few to tell them apart, so take it as a first idea."
    )


def test_the_only_move_needs_no_search():
    verdict = Verdict(MoveStats("a", 0, 0.0), None, True, "score", 0)
    assert hint_reason(verdict, None) == "it is the only move you have."


async def test_enter_plays_an_evergreen_hint_to_finish_the_plan(tmp_path):
    """Finishing a plan has no space to stand on: Enter plays the hint all the same."""
    from boardgames_tui.games.evergreen.model import Done as Finish

    async with at_anns_turn(tmp_path, "evergreen") as (app, pilot, screen):
        for _ in range(30):
            await anns_turn(pilot, screen)
            if Finish() in screen.viewer_legal_actions():
                break
            assert screen.submit(screen.viewer_legal_actions()[0])
        assert Finish() in screen.viewer_legal_actions()
        moves = len(app.match.moves)
        screen.ui.hint = Finish()
        await pilot.press("enter")
        await pilot.pause()
        if app.match.moves[moves:]:
            assert app.match.moves[moves].action == Finish()
        else:
            # Uses were left: the guard rail asks before the plan ends.
            from boardgames_tui.ui.confirm import ConfirmScreen

            assert isinstance(app.screen, ConfirmScreen)
