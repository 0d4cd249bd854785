"""Finished games, cheaply: random legal moves to the end, for the score-sheet tests."""

from __future__ import annotations

import random

from boardgames_tui.engine.contract import ScoreSheet, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game

NAMES = ["Anna Lena", "Benedikt", "Chiara", "Dmitri"]


def finished_match(slug: str, seats: int = 4, seed: int = 7) -> Match:
    """A game `seats` random players played to its end, as the app's match (no save)."""
    game = get_game(slug)
    rules = game.rules
    options = rules.parse_options({})
    players = [Seat(name=name) for name in NAMES[:seats]]
    state = rules.setup(options, players, seed)
    rng = random.Random(seed)
    moves = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        action = game.advisor.playout_action(state, seat, rules.legal_actions(state, seat), rng)
        moves.append((seat, action))
        state = rules.apply(state, seat, action)
    return Match.replay(game, options, players, seed, moves)


def finished_sheet(slug: str, seats: int = 4, seed: int = 7) -> ScoreSheet:
    """The score sheet of a game `seats` random players played to its end."""
    match = finished_match(slug, seats, seed)
    return match.rules.score_sheet(match.state)
