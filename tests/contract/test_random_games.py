"""Random games of every registered game to their end, the contract kept at every move
(OpenSpiel's random_sim_test is the model)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.engine import registry

from ..outside_game import installed
from .conftest import SLUGS, examples
from .harness import new_state, random_game

SEEDS = st.integers(0, 2**31 - 1)


def test_the_suite_covers_every_registered_game(outside_site):
    with installed(outside_site):
        assert registry.slugs() == SLUGS


@examples(8)
@given(seed=SEEDS)
def test_random_games_keep_the_contract_to_their_end(game, seed):
    rules = game.rules
    rng = random.Random(seed)
    previous = None
    for state, seat, action in random_game(game, new_state(game, rng), rng):
        if previous is not None:
            earlier, dumped = previous
            assert earlier.model_dump() == dumped, "apply changed the state it was given"
            assert state.log[: len(earlier.log)] == earlier.log, "the log only grows"
            assert state.info_epoch >= earlier.info_epoch and state.rng_draws >= earlier.rng_draws
        if seat is None:
            break
        assert game.narrator.describe(state, seat, action)
        previous = (state, state.model_dump())
    final = state
    players = len(final.seats)
    assert all(rules.legal_actions(final, other) == [] for other in range(players))
    sheet = rules.score_sheet(final)
    assert sheet.players == [seat.name for seat in final.seats]
    assert len(sheet.totals) == players and sheet.decided_by
    assert sheet.winners and set(sheet.winners) <= set(range(players))
    assert game.narrator.progress(final)
