"""How many random 4-seat Pollen games one core plays per second (aim: 100 or more).

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_pollen_speed.py --benchmark-only -p no:cacheprovider
"""

from __future__ import annotations

from itertools import count

from boardgames_tui.engine.simulate import play_bot_game
from boardgames_tui.games.pollen.rules import PollenOptions, PollenRules

RULES = PollenRules()
OPTIONS = PollenOptions()
GAMES_PER_ROUND = 20


def test_random_four_seat_games_per_second(benchmark):
    seeds = count()

    def play_round() -> int:
        for _ in range(GAMES_PER_ROUND):
            final, _moves = play_bot_game(RULES, OPTIONS, ["random"] * 4, next(seeds))
            assert RULES.is_over(final)
        return GAMES_PER_ROUND

    # A warm-up round fills the shared action cache, as a long simulate run would.
    play_round()
    benchmark.pedantic(play_round, rounds=10, iterations=1)
    games_per_second = GAMES_PER_ROUND / benchmark.stats.stats.mean
    benchmark.extra_info["games_per_second"] = round(games_per_second, 1)
    print(f"\nPollen: {games_per_second:.1f} random 4-seat games per second")
