"""What each seat, and the table, may see: a view hides what it must, and determinize
samples a state from a view alone."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.engine.contract import SPECTATOR, shallow_copy

from .conftest import examples
from .harness import alternative_state, play_to_the_end, positions, without_log

SEEDS = st.integers(0, 2**31 - 1)


@examples(8)
@given(seed=SEEDS)
def test_a_view_is_the_same_for_every_state_its_audience_cannot_tell_apart(game, seed):
    """A view shows no seed (it decides every draw to come), only the log lines its
    audience may read, and nothing that differs between the true state and another its
    audience could be in (sampled by the game's own determinize, from the view; for the
    table, from every seat's).  A secret that a game's view and its determinize agree to
    show is beyond this check: each game's own tests say what its views hide."""
    rules = game.rules
    rng = random.Random(seed)
    for state in positions(game, rng, 6):
        for audience in (SPECTATOR, *range(len(state.seats))):
            view = rules.view(state, audience)
            assert view.seed == 0 and view.rng_draws == 0
            assert view.log == [entry for entry in state.log if entry.visible_to is None or audience in entry.visible_to]
            for _ in range(2):
                alternative = alternative_state(game, state, audience, rng)
                assert without_log(rules.view(alternative, audience)) == without_log(view)
            if audience != SPECTATOR:
                # A seat's screen offers the moves its view allows: they must be its moves.
                assert rules.legal_actions(view, audience) == rules.legal_actions(state, audience)


@examples(8)
@given(seed=SEEDS)
def test_determinize_reads_only_the_view_and_gives_a_state_to_play_on(game, seed):
    rules, advisor = game.rules, game.advisor
    rng = random.Random(seed)
    for state in positions(game, rng, 4):
        seat = rng.randrange(len(state.seats))
        view = rules.view(state, seat)
        before = view.model_dump()
        sample = advisor.determinize(view, seat, random.Random(7))
        assert view.model_dump() == before, "determinize changed the view"
        # Another state the seat could be in, seen by the seat: it must give the same samples.
        twin = advisor.determinize(view, seat, random.Random(-1))
        twin_view = shallow_copy(rules.view(twin, seat), log=view.log)
        assert advisor.determinize(twin_view, seat, random.Random(7)) == sample
        final = play_to_the_end(game, sample, rng)
        assert len(rules.score_sheet(final).totals) == len(state.seats)
