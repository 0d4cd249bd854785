"""A digest of what the bots' search finds from positions of seeded games: the pin that
work on the rules' speed left every simulated game of a search as it was.

The search reads the rules everywhere a bot does (`determinize`, `legal_actions`,
`apply`, `apply_in_place`, the playout policy, the outcome), and every move's record
(its games and its mean reward to nine places) depends on every simulated game, so a
single playout that went differently changes the digest.  An easy bot's budget without
its time ceiling keeps it cheap and the same on any machine (a game whose easy search
plays only a handful of games asks for a larger one).
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import replace

from boardgames_tui.engine.bots import SEARCH_LEVELS
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.mcts import search
from boardgames_tui.engine.parts import Game



def search_digest(game: Game, positions: list[tuple[int, int]], level: str = "easy") -> str:
    """For each (seats, moves) of `positions`, a random game of that many seats seeded
    by its place in the list, played that many moves and then searched from the view
    of the seat to act with the bot `level`'s budget; every move's record digested."""
    rules = game.rules
    budget = replace(SEARCH_LEVELS[level], seconds=math.inf)
    digest = hashlib.sha256()
    for seed, (count, moves) in enumerate(positions):
        chooser = random.Random(seed)
        state = rules.setup(rules.parse_options({}), [Seat(name=f"P{n + 1}") for n in range(count)], seed)
        for _ in range(moves):
            if rules.is_over(state):
                raise AssertionError(f"seed {seed} ended before {moves} moves: choose a shorter opening")
            seat = rules.to_act(state)[0]
            state = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))
        seat = rules.to_act(state)[0]
        result = search(game, rules.view(state, seat), seat, budget, random.Random(seed))
        for move in result.moves:
            digest.update(f"{move.action!r} {move.visits} {move.mean_reward:.9f}\n".encode())
    return digest.hexdigest()
