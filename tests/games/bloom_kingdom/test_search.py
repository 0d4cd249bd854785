"""determinize and the playout hooks the search bots use (games/bloom_kingdom/search.py)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import HIDDEN, Seat
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState

from ..playouts import checked_play_out
from .bloom_builders import GAME, RULES, every_card

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Fields a determinized state may differ in from the view it was built from.
FREE = {"seed", "rng_draws", "log"}


def fields(state: BloomKingdomState) -> dict:
    return {name: getattr(state, name) for name in type(state).model_fields if name not in FREE}


def game_at(players: int, seed: int, steps: int, chooser: random.Random) -> BloomKingdomState:
    """A random legal game stopped after `steps` actions (or at its end)."""
    state = RULES.setup(RULES.parse_options({}), [Seat(name=f"P{n}") for n in range(players)], seed)
    for _ in range(steps):
        if RULES.is_over(state):
            break
        seat = chooser.choice(RULES.to_act(state))
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    return state


def hidden_assignment(state: BloomKingdomState, seat: int) -> tuple:
    """What stands in the view's hidden slots, in order."""
    others = tuple((tuple(p.hand), p.chosen) for index, p in enumerate(state.players) if index != seat)
    return (others, tuple(state.deck), tuple(state.box))


def play_out(state: BloomKingdomState, rng: random.Random) -> BloomKingdomState:
    return checked_play_out(GAME, state, rng, limit=1000)


@SETTINGS
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31 - 1),
    steps=st.integers(0, 150),
    chooser=st.randoms(use_true_random=False),
)
def test_determinize_is_a_state_the_seat_could_be_in(players, seed, steps, chooser):
    state = game_at(players, seed, steps, chooser)
    for seat in range(players):
        view = RULES.view(state, seat)
        before = view.model_dump()
        samples = [GAME.advisor.determinize(view, seat, random.Random(n)) for n in range(8)]
        assert view.model_dump() == before, "determinize changed the view"
        hidden_slots = len(view.deck) + len(view.box) + sum(
            len(p.hand) + (p.chosen is not None) for index, p in enumerate(view.players) if index != seat
        )
        for sample in samples:
            assert fields(RULES.view(sample, seat)) == fields(view)
            assert sample.rng_draws == 0
            assert sorted(every_card(sample)) == list(range(100))
            assert HIDDEN not in every_card(sample)
            assert sample.players[seat].hand == state.players[seat].hand
            assert sample.players[seat].chosen == state.players[seat].chosen
            # Whatever a kept card was, it now lies in the box.
            for results in sample.rounds:
                for result in results:
                    assert set(result.cards) <= set(sample.box)
            # A card this seat peeked at this round and has not seen since is still there.
            for peek in view.peeks:
                if peek.round == sample.round and peek.card in state.players[peek.target].hand:
                    target = sample.players[peek.target]
                    peeked = {other.card for other in view.peeks if other.round == view.round and other.target == peek.target}
                    if len(peeked) <= len(target.hand) + (target.chosen is not None):
                        assert peek.card in target.hand or peek.card == target.chosen
        # Cards seen by a Fortune Teller this round may be bound to a hand.
        bound = len({peek.card for peek in view.peeks if peek.round == view.round})
        if hidden_slots - bound >= 2:
            assert len({hidden_assignment(sample, seat) for sample in samples}) > 1
            assert len({sample.seed for sample in samples}) > 1
        # Random playouts from a sample reach a score sheet.
        final = play_out(samples[0], chooser)
        sheet = RULES.score_sheet(final)
        assert len(sheet.totals) == players


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 150))
def test_determinize_reads_nothing_but_the_view(players, seed, steps):
    """Two true states that look the same to the seat give the same samples."""
    chooser = random.Random(seed)
    state = game_at(players, seed, steps, chooser)
    seat = chooser.randrange(players)
    view = RULES.view(state, seat)
    # Another state the seat could be in: same view, other hidden cards and seed.
    twin = GAME.advisor.determinize(view, seat, random.Random(-1))
    twin_view = RULES.view(twin, seat)
    assert fields(twin_view) == fields(view)
    first = GAME.advisor.determinize(view, seat, random.Random(7))
    second = GAME.advisor.determinize(twin_view, seat, random.Random(7))
    assert first == second



def test_a_card_seen_by_a_fortune_teller_this_round_stays_in_that_hand():
    cases = 0
    for seed in range(80):
        chooser = random.Random(seed)
        state = game_at(2 + seed % 3, seed, chooser.randrange(150), chooser)
        for seat in range(len(state.players)):
            view = RULES.view(state, seat)
            for peek in view.peeks:
                if peek.round != state.round or peek.card not in state.players[peek.target].hand:
                    continue
                cases += 1
                for n in range(10):
                    target = GAME.advisor.determinize(view, seat, random.Random(n)).players[peek.target]
                    assert peek.card in target.hand or peek.card == target.chosen
    assert cases, "no game of these seeds had a peek to check"
