"""Finished games, cheaply: random legal moves to the end, for the score-sheet tests."""

from __future__ import annotations

import random

from boardgames_tui.engine.contract import ScoreSheet, Seat
from boardgames_tui.engine.registry import get_game

NAMES = ["Anna Lena", "Benedikt", "Chiara", "Dmitri"]


def finished_sheet(slug: str, seats: int = 4, seed: int = 7) -> ScoreSheet:
    """The score sheet of a game `seats` random players played to its end."""
    rules = get_game(slug)
    state = rules.setup(rules.parse_options({}), [Seat(name=name) for name in NAMES[:seats]], seed)
    rng = random.Random(seed)
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.playout_action(state, seat, rules.legal_actions(state, seat), rng))
    return rules.score_sheet(state)
