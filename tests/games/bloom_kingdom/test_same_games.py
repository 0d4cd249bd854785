"""The same seed plays the same Bloom Kingdom game, move for move, and the bots' search
finds the same from the same positions: digests pinned here, so that work on the
rules' speed can show it changed nothing.

A rule changed on purpose changes a digest: then check that the change is the one
meant, and write the new digest here (the CHANGELOG line says why).
"""

from __future__ import annotations

import hashlib
import random

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from tests.games.seeded_searches import search_digest

GAME = get_game("bloom-kingdom")
RULES = GAME.rules
# Seat counts of the seeded games; seed = the place in this list.
PLAYERS = [2, 3, 4, 4, 2, 3, 4, 2, 3, 4, 4, 2]
RANDOM_GAMES_DIGEST = "02c781c3053f7d4d649f31eb7aa8d1a4b73eea7bfbca26c8491fbd8cf3e128ca"
SEARCH_DIGEST = "918ea7cc9425d2ad7c71f63813cfe35b5701ccbedaa01f9ad3b883212d68377b"


def random_games_digest() -> str:
    """Every move's legal actions, what the seat to act sees, and every state after a
    move (its log included), of seeded random games."""
    digest = hashlib.sha256()
    for seed, count in enumerate(PLAYERS):
        chooser = random.Random(seed)
        state = RULES.setup(RULES.parse_options({}), [Seat(name=f"P{n + 1}") for n in range(count)], seed)
        while not RULES.is_over(state):
            for seat in RULES.to_act(state):
                actions = RULES.legal_actions(state, seat)
                digest.update(repr(actions).encode())
                digest.update(RULES.view(state, seat).model_dump_json().encode())
                state = RULES.apply(state, seat, chooser.choice(actions))
                digest.update(state.model_dump_json().encode())
    return digest.hexdigest()


def test_seeded_random_games_are_the_same_move_for_move() -> None:
    assert random_games_digest() == RANDOM_GAMES_DIGEST


def test_the_search_finds_the_same_from_seeded_positions() -> None:
    assert search_digest(GAME, [(2, 9), (4, 10), (3, 30), (2, 40)]) == SEARCH_DIGEST
