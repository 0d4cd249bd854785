"""One way for the games' search tests to play on from a (sampled) state."""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.contract import GameState
from boardgames_tui.engine.parts import Game


def checked_step(game: Game, state: GameState, rng: random.Random) -> GameState:
    rules = game.rules
    """One playout move by a random seat that must act, validated before it is applied."""
    seat = rng.choice(rules.to_act(state))
    action: Any = game.advisor.playout_action(state, seat, rules.legal_actions(state, seat), rng)
    rules.validate(state, seat, action)
    return rules.apply(state, seat, action)


def checked_play_out(game: Game, state: GameState, rng: random.Random, limit: int = 5000) -> GameState:
    rules = game.rules
    """Plays `state` to its end with `checked_step`; fails if it takes more than `limit` moves."""
    for _ in range(limit):
        if rules.is_over(state):
            return state
        state = checked_step(game, state, rng)
    raise AssertionError("the game did not end")
