"""How many random full 4-seat Evergreen games one core plays per second (aim: 20 or more).

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_evergreen_speed.py --benchmark-only -p no:cacheprovider -p no:xdist
"""

from __future__ import annotations

from itertools import count

import pytest

from boardgames_tui.engine.simulate import play_bot_game
from boardgames_tui.games.evergreen.model import EvergreenOptions
from boardgames_tui.engine.registry import get_game

GAME = get_game("evergreen")
RULES = GAME.rules
GAMES_PER_ROUND = 10


@pytest.mark.benchmark(group="random-games")
@pytest.mark.parametrize("modules", ["none", "both"])
def test_random_four_seat_evergreen_games_per_second(benchmark, modules):
    options = EvergreenOptions(modules=modules)
    seeds = count()

    def play_round() -> int:
        for _ in range(GAMES_PER_ROUND):
            final, _moves = play_bot_game(GAME, options, ["random"] * 4, next(seeds))
            assert RULES.is_over(final)
        return GAMES_PER_ROUND

    play_round()  # warm-up: imports, caches
    benchmark.pedantic(play_round, rounds=5, iterations=1)
    games_per_second = GAMES_PER_ROUND / benchmark.stats.stats.mean
    benchmark.extra_info["games_per_second"] = round(games_per_second, 1)
    print(f"\nEvergreen ({modules}): {games_per_second:.1f} random 4-seat games per second")
