"""One way for the games' search tests to play on from a (sampled) state."""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.contract import GameRules, GameState


def checked_step(rules: GameRules, state: GameState, rng: random.Random) -> GameState:
    """One playout move by a random seat that must act, validated before it is applied."""
    seat = rng.choice(rules.to_act(state))
    action: Any = rules.playout_action(state, seat, rules.legal_actions(state, seat), rng)
    rules.validate(state, seat, action)
    return rules.apply(state, seat, action)


def checked_play_out(rules: GameRules, state: GameState, rng: random.Random, limit: int = 5000) -> GameState:
    """Plays `state` to its end with `checked_step`; fails if it takes more than `limit` moves."""
    for _ in range(limit):
        if rules.is_over(state):
            return state
        state = checked_step(rules, state, rng)
    raise AssertionError("the game did not end")
