"""How long a hint takes, per game, from mid-game positions (aim: about a second).

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_hint_speed.py --benchmark-only -p no:cacheprovider
Each round is what the hint key's worker does: the hint's search from the seat's view
and the status line that names the move, its reason and its record.  The extra info
holds the simulated games per hint (median) and how many hints found a clear lead
(those stop early, as soon as it is clear).  A hint's work is a count of simulated
games, so on a busy machine it takes longer rather than finding less; the time is
wall clock, so measure on a quiet one.
"""

from __future__ import annotations

import random
from itertools import count

import pytest

from boardgames_tui.engine.bots import find_hint, forget_hints
from boardgames_tui.engine.hint_words import hint_words
from boardgames_tui.engine.registry import get_game
from tests.benchmarks.random_history import random_history

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]


def mid_game_positions(slug: str, seats: int, how_many: int) -> list[tuple[object, int]]:
    """(view, seat) pairs from the middle third of random games, where the seat has a real choice."""
    game = get_game(slug)
    rules = game.rules
    found: list[tuple[object, int]] = []
    for seed in range(how_many):
        mover_rng = random.Random(seed)
        states = random_history(rules, seats, seed, mover_rng)
        middle = states[len(states) // 3 : 2 * len(states) // 3]
        choices = [(state, seat) for state, seat in middle if len(rules.legal_actions(state, seat)) > 1]
        state, seat = mover_rng.choice(choices)
        found.append((rules.view(state, seat), seat))
    return found


@pytest.mark.benchmark(group="hint")
@pytest.mark.parametrize("slug", GAMES)
def test_hint_latency(benchmark, slug):
    game = get_game(slug)
    rules = game.rules
    seat_counts = sorted({2, min(4, rules.max_players)})
    cases = [case for seats in seat_counts for case in mid_game_positions(slug, seats, 3)]
    numbers = count()
    games: list[int] = []
    clear: list[bool] = []
    cut_short: list[bool] = []

    def hint() -> None:
        number = next(numbers)
        view, seat = cases[number % len(cases)]
        # Every round searches: asked again, a hint would come from the cache.
        forget_hints()
        verdict = find_hint(game, view, seat)
        hint_words(game.narrator, view, seat, verdict)
        games.append(verdict.games)
        clear.append(verdict.clear)
        cut_short.append(verdict.cut_short)

    benchmark.pedantic(hint, rounds=len(cases) * 2, iterations=1)
    benchmark.extra_info["simulated_games_median"] = sorted(games)[len(games) // 2]
    benchmark.extra_info["clear_leads"] = f"{sum(clear)} of {len(clear)}"
    assert not any(cut_short), "a hint was cut short by a safety stop"
