"""validate accepts exactly the legal actions, and a refusal says why and changes nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.engine.bots import move_identity
from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.engine.match import Match

from .conftest import examples
from .harness import ActionSpace, random_game, random_setup

SEEDS = st.integers(0, 2**31 - 1)
# The share of a game's positions probed, and the actions tried at each.
PROBED = 0.3
TRIES = 12


@examples(10)
@given(seed=SEEDS)
def test_validate_accepts_exactly_the_legal_actions(game, seed):
    """Actions drawn from the game's action space (offered somewhere in the game, the
    same with a field changed, or new), for random seats, at random positions: each is
    accepted if and only if its seat must act and the rules offer it there, or a move
    its seat cannot tell from one they offer (the same words: two copies of a card)."""
    rules = game.rules
    rng = random.Random(seed)
    options, seats, setup_seed = random_setup(game, rng)
    space = ActionSpace(game)
    refused = 0
    for state, seat, _ in random_game(game, rules.setup(options, seats, setup_seed), rng):
        waiting = rules.to_act(state)
        legal = {acting: rules.legal_actions(state, acting) for acting in waiting}
        for actions in legal.values():
            assert len(actions) == len(set(actions)), "an action is offered twice"
            space.learn(actions)
        if seat is not None and rng.random() > PROBED:
            continue
        before = state.model_dump()
        for _ in range(TRIES):
            tried = rng.choice(waiting) if waiting and rng.random() < 0.6 else rng.randrange(-1, len(seats) + 1)
            offered = legal.get(tried, [])
            action = space.draw(rng, offered)
            if action is None:
                continue
            if action in offered:
                rules.validate(state, tried, action)
                continue
            try:
                rules.validate(state, tried, action)
            except IllegalMove as refusal:
                assert refusal.reason.strip()
                refused += 1
            else:
                # Accepted though not offered: only as a move the seat cannot tell from
                # one offered (Pollen offers one of two identical cards in a hand).
                same_move = move_identity(game, rules.view(state, tried), tried)
                assert same_move(action) in {same_move(other) for other in offered}, f"{action} accepted, not offered"
        assert state.model_dump() == before, "validate changed the state"
    assert refused, "nothing was tried"


@examples(4)
@given(seed=SEEDS)
def test_a_table_refuses_an_illegal_action_and_keeps_its_state(game, seed):
    rules = game.rules
    rng = random.Random(seed)
    options, seats, setup_seed = random_setup(game, rng)
    match = Match(game, options, seats, setup_seed)
    space = ActionSpace(game)
    while not match.is_over():
        waiting = match.to_act()
        for acting in waiting:
            space.learn(rules.legal_actions(match.state, acting))
        tried = rng.randrange(len(seats))
        action = space.draw(rng, rules.legal_actions(match.state, tried) if tried in waiting else [])
        if action is not None and (tried not in waiting or action not in rules.legal_actions(match.state, tried)):
            state, moves = match.state, len(match.moves)
            with pytest.raises(IllegalMove):
                match.submit(tried, action, autosave=False)
            assert match.state is state and len(match.moves) == moves
        seat = rng.choice(waiting)
        match.submit(seat, rng.choice(rules.legal_actions(match.state, seat)), autosave=False)
