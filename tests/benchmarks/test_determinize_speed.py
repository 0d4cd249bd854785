"""How quickly each game deals a seat's unseen cards anew (`Advisor.determinize`): a hint
or a bot does it once per playout, thousands of times a search.

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_determinize_speed.py --benchmark-only -p no:cacheprovider
Aim: well under a millisecond each (Bloom Kingdom and Pollen took 15–20 µs on a laptop).
These were two timed tests once; timing belongs here, where nothing fails on a busy machine.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]


def mid_game_view(slug: str, seats: int = 4, moves: int = 30) -> tuple[object, int]:
    """A seat's view some random moves into a seeded game, before it ends."""
    game = get_game(slug)
    rules = game.rules
    chooser = random.Random(3)
    state = rules.setup(rules.parse_options({}), [Seat(name=f"S{n}", kind="bot") for n in range(seats)], 3)
    for _ in range(moves):
        seat = rules.to_act(state)[0]
        following = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))
        if rules.is_over(following):
            break
        state = following
    return rules.view(state, 1), 1


@pytest.mark.parametrize("slug", GAMES)
def test_determinize(benchmark, slug: str) -> None:
    game = get_game(slug)
    view, seat = mid_game_view(slug)
    rng = random.Random(1)
    sample = benchmark(game.advisor.determinize, view, seat, rng)
    assert not game.rules.is_over(sample)
