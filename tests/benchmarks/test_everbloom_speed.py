"""Random full 4-seat Everbloom games per second (aim: 10 or more on one core)."""

from __future__ import annotations

import itertools

import pytest

from boardgames_tui.engine.simulate import play_bot_game
from boardgames_tui.engine.registry import get_game


@pytest.mark.benchmark(group="random-games")
def test_random_four_seat_everbloom_games(benchmark):
    game = get_game("everbloom")
    rules = game.rules
    options = rules.parse_options({})
    seeds = itertools.count(1)
    final, _ = benchmark(lambda: play_bot_game(game, options, ["random"] * 4, next(seeds)))
    assert rules.is_over(final)
    benchmark.extra_info["games_per_second"] = round(1 / benchmark.stats.stats.mean, 1)
