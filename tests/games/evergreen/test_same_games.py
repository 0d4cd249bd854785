"""The same seed plays the same Evergreen game, move for move: a digest of seeded
random games pinned here, so that work on the rules' speed can show it changed nothing.

A rule changed on purpose changes the digest: then check that the change is the one
meant, and write the new digest here (the CHANGELOG line says why).  The log's words
are left out, so rewording a line does not change it.
"""

from __future__ import annotations

import hashlib
import random

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.evergreen.model import EvergreenOptions
from tests.games.seeded_searches import search_digest

GAME = get_game("evergreen")
RULES = GAME.rules
# (seats, modules) of each game; seed = its place in this list.
GAMES = [(1, "none"), (2, "both"), (3, "cherry"), (4, "bamboo"), (4, "none"), (2, "none"), (3, "both"), (4, "both")]
DIGEST = "459fa43d35c273c1d28a8f33bee54ea42fedfff19bb54ba7e7d481a16db0c1eb"


def _digest() -> str:
    digest = hashlib.sha256()
    for seed, (count, modules) in enumerate(GAMES):
        rng = random.Random(seed)
        state = RULES.setup(EvergreenOptions(modules=modules), [Seat(name=f"P{n + 1}") for n in range(count)], seed)
        while not RULES.is_over(state):
            for seat in RULES.to_act(state):
                actions = RULES.legal_actions(state, seat)
                digest.update(repr(actions).encode())
                action = rng.choice(actions)
                state = RULES.apply(state, seat, action)
        digest.update(state.model_dump_json(exclude={"log"}).encode())
    return digest.hexdigest()


def test_seeded_random_games_are_the_same_move_for_move() -> None:
    assert _digest() == DIGEST


SEARCH_DIGEST = "b8c4bda8ca5464c041a91d6bdeecc66d046d67af5c97daf70b1d9d50bb9f5e69"


def test_the_search_finds_the_same_from_seeded_positions() -> None:
    """The bots' search from positions of seeded games: every simulated game it plays the same."""
    assert search_digest(GAME, [(2, 9), (4, 10), (3, 100), (2, 100)], level="normal") == SEARCH_DIGEST
