"""Bot think time and search playouts per second, per game and level.

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_bot_speed.py --benchmark-only -p no:cacheprovider
Aims: normal's move at most 1 s (median), hard's at most 3 s.  Each round times one
move from one of several mid-game 2-seat positions; playouts per second are in
the extra info of the report (`--benchmark-json`).
"""

from __future__ import annotations

import random
from itertools import count

import pytest

from boardgames_tui.engine.bots import SEARCH_LEVELS
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.mcts import search
from boardgames_tui.engine.registry import get_game

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]


def positions(slug: str, how_many: int = 6) -> list[tuple[object, int]]:
    """(view, seat) pairs a few random moves into 2-seat games, where the seat has a real choice."""
    game = get_game(slug)
    rules = game.rules
    found = []
    for seed in range(100):
        state = rules.setup(rules.parse_options({}), [Seat(name="A", kind="bot"), Seat(name="B", kind="bot")], seed)
        mover_rng = random.Random(seed)
        for _ in range(mover_rng.randrange(4, 40)):
            if rules.is_over(state):
                break
            seat = rules.to_act(state)[0]
            state = rules.apply(state, seat, mover_rng.choice(rules.legal_actions(state, seat)))
        if rules.is_over(state):
            continue
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        if len(rules.legal_actions(view, seat)) > 1:
            found.append((view, seat))
        if len(found) == how_many:
            break
    return found


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("slug", GAMES)
def test_bot_think_time(benchmark, slug, level):
    game = get_game(slug)
    rules = game.rules
    cases = positions(slug)
    numbers = count()
    rates: list[float] = []

    def think() -> None:
        number = next(numbers)
        view, seat = cases[number % len(cases)]
        result = search(game, view, seat, SEARCH_LEVELS[level], random.Random(number))
        rates.append(result.playouts_per_second)

    benchmark.pedantic(think, rounds=len(cases) * 2, iterations=1)
    benchmark.extra_info["playouts_per_second_median"] = sorted(rates)[len(rates) // 2]
    assert benchmark.stats.stats.median <= SEARCH_LEVELS[level].seconds + 0.1
