"""A game saved and loaded, or replayed from its seed and moves, is the same game."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.saves import SaveStore

from .conftest import examples
from .harness import random_setup

SEEDS = st.integers(0, 2**31 - 1)


def same_save(loaded: Match, match: Match) -> None:
    assert loaded.state == match.state
    assert [(move.seat, move.action) for move in loaded.moves] == [(move.seat, move.action) for move in match.moves]


@examples(5)
@given(seed=SEEDS)
def test_saves_and_replays_give_the_same_game(game, seed, tmp_path_factory):
    rules = game.rules
    rng = random.Random(seed)
    options, seats, setup_seed = random_setup(game, rng)
    store = SaveStore(tmp_path_factory.mktemp("saves"))
    match = Match(game, options, seats, setup_seed, store=store)
    saved_midway = False
    while not match.is_over():
        if not saved_midway and rng.random() < 0.05:
            # In the middle of the game, perhaps in the middle of a turn.
            same_save(store.load(store.write(match)), match)
            saved_midway = True
        seat = rng.choice(match.to_act())
        match.submit(seat, rng.choice(rules.legal_actions(match.state, seat)), autosave=False)
    same_save(store.load(store.write(match)), match)
    # Each state as a save file carries it, through JSON text.
    for state in (match.state, match.states[len(match.states) // 2]):
        assert rules.load_state(json.loads(json.dumps(state.model_dump(mode="json")))) == state
    # The seed and the moves, each read back from JSON, make every state again.
    moves = [(move.seat, rules.parse_action(json.loads(json.dumps(rules.dump_action(move.action))))) for move in match.moves]
    assert [action for _, action in moves] == [move.action for move in match.moves]
    replayed = Match.replay(game, options, seats, setup_seed, moves)
    assert replayed.states == match.states
