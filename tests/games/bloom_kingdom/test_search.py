"""determinize and the playout hooks the search bots use (games/bloom_kingdom/search.py):
what is particular to Bloom Kingdom (that determinize reads only the view and gives a
state to play on is tests/contract's)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import HIDDEN, Seat
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState

from .bloom_builders import GAME, RULES, every_card

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
        samples = [GAME.advisor.determinize(view, seat, random.Random(n)) for n in range(8)]
        hidden_slots = len(view.deck) + len(view.box) + sum(
            len(p.hand) + (p.chosen is not None) for index, p in enumerate(view.players) if index != seat
        )
        for sample in samples:
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
