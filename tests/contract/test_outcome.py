"""The rules' outcome in numbers, over every registered game: the score sheet tells the
same totals and winners, the stage a position is in only moves forward, and a search
reads the outcome without ever building a score sheet."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from boardgames_tui.engine import bots
from boardgames_tui.engine.bots import find_hint, forget_hints, make_bot
from boardgames_tui.engine.contract import GAME_OVER, GameState, Seat
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.registry import all_games, get_game

GAMES = [pytest.param(game.slug, id=game.slug) for game in all_games()]
SEEDS = (1, 2)


@cache
def random_game(slug: str, players: int, seed: int) -> tuple[GameState, ...]:
    """Every state of a game of uniformly random moves, from its setup to its end."""
    rules = get_game(slug).rules
    rng = random.Random(seed)
    seats = [Seat(name=f"Seat {number + 1}") for number in range(players)]
    state = rules.setup(rules.parse_options({}), seats, seed)
    states = [state]
    while not rules.is_over(state):
        assert len(states) < 5000, "the game did not end"
        seat = rng.choice(rules.to_act(state))
        actions = rules.legal_actions(state, seat)
        state = rules.apply(state, seat, actions[rng.randrange(len(actions))])
        states.append(state)
    return tuple(states)


def every_table(game: Game) -> list[tuple[int, int]]:
    return [(players, seed) for players in range(game.rules.min_players, game.rules.max_players + 1) for seed in SEEDS]


@pytest.mark.parametrize("slug", GAMES)
def test_the_score_sheet_tells_the_outcome(slug: str):
    game = get_game(slug)
    rules = game.rules
    for players, seed in every_table(game):
        final = random_game(slug, players, seed)[-1]
        outcome = rules.outcome(final)
        sheet = rules.score_sheet(final)
        assert sheet.totals == list(outcome.totals), (players, seed)
        assert sheet.winners == list(outcome.winners), (players, seed)
        assert len(outcome.totals) == players and all(type(total) is int for total in outcome.totals)
        assert outcome.winners and set(outcome.winners) <= set(range(players))
        assert list(outcome.winners) == sorted(set(outcome.winners))


@pytest.mark.parametrize("slug", GAMES)
def test_a_stage_once_left_never_comes_back(slug: str):
    game = get_game(slug)
    rules = game.rules
    for players, seed in every_table(game):
        states = random_game(slug, players, seed)
        stages = [rules.stage(state) for state in states]
        assert [stage == GAME_OVER for stage in stages] == [rules.is_over(state) for state in states]
        runs = [stage for index, stage in enumerate(stages) if index == 0 or stage != stages[index - 1]]
        assert len(set(runs)) == len(runs), f"{players} seats, seed {seed}: {runs}"
        assert all(type(stage.number) is int for stage in runs)


def late_position(slug: str) -> tuple[GameState, int]:
    """A position a few moves before the end of a two-seat game whose mover has a choice:
    a search's simulated games from there reach the end rather than an estimate."""
    game = get_game(slug)
    rules = game.rules
    states = random_game(slug, max(game.rules.min_players, min(2, game.rules.max_players)), SEEDS[0])
    for state in reversed(states[:-2]):
        seat = rules.to_act(state)[0]
        if len(rules.legal_actions(state, seat)) > 1:
            return state, seat
    raise AssertionError("no move of the game had a choice")


@pytest.mark.parametrize("slug", GAMES)
def test_a_search_reads_the_outcome_and_builds_no_score_sheet(slug: str, monkeypatch: pytest.MonkeyPatch):
    game = get_game(slug)
    rules = game.rules
    state, seat = late_position(slug)
    rules_class = type(rules)

    def no_words(self: object, state: GameState) -> None:
        raise AssertionError("a search built a score sheet")

    read: list[int] = []
    outcome = rules_class.outcome
    monkeypatch.setattr(rules_class, "score_sheet", no_words)
    monkeypatch.setattr(rules_class, "outcome", lambda self, state: (read.append(1), outcome(self, state))[1])
    monkeypatch.setattr(bots, "HINT_BUDGET", replace(bots.HINT_BUDGET, iterations=40, least_per_move=0))
    forget_hints()
    view = rules.view(state, seat)

    verdict = find_hint(game, view, seat)
    rules.validate(state, seat, verdict.best.action)
    hinted = len(read)
    assert hinted, "no simulated game of the hint reached the end"
    rules.validate(state, seat, make_bot("easy", 1, seat).choose(game, view, seat))
    assert len(read) > hinted, "no simulated game of the bot reached the end"
