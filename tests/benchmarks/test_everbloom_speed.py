"""Random full 4-seat Everbloom games per CPU-second on one core, every move checked
(each seat's view, its legal moves, `validate` and `apply`, as `simulate` plays them).

    python -m pytest tests/benchmarks/test_everbloom_speed.py --benchmark-only -p no:cacheprovider
"""

from __future__ import annotations

import itertools
import time

import pytest

from boardgames_tui.engine.simulate import play_bot_game
from boardgames_tui.engine.registry import get_game


@pytest.mark.benchmark(group="random-games", timer=time.process_time)
def test_random_four_seat_everbloom_games(benchmark):
    game = get_game("everbloom")
    rules = game.rules
    options = rules.parse_options({})
    seeds = itertools.count(1)
    final, _ = benchmark.pedantic(
        lambda: play_bot_game(game, options, ["random"] * 4, next(seeds)), rounds=60, iterations=1, warmup_rounds=2
    )
    assert rules.is_over(final)
    benchmark.extra_info["games_per_cpu_second"] = round(1 / benchmark.stats.stats.median, 1)
