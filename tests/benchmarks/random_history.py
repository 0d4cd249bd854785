"""Whole random games as the benchmarks pick their positions from."""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.contract import GameRules, Seat


def random_history(rules: GameRules, seats: int, seed: int, mover: random.Random) -> list[tuple[Any, int]]:
    """Every (state, seat to act) of a game of `seats` bot seats set up from `seed` and
    played to its end by legal moves `mover` picks at random."""
    state = rules.setup(rules.parse_options({}), [Seat(name=f"S{n}", kind="bot") for n in range(seats)], seed)
    history = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        history.append((state, seat))
        state = rules.apply(state, seat, mover.choice(rules.legal_actions(state, seat)))
    return history
