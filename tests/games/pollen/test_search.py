"""determinize and the playout hooks the search bots use (games/pollen/search.py):
what is particular to Pollen (that determinize reads only the view and gives a state
like it is tests/contract's)."""

from __future__ import annotations

import dataclasses

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.games.pollen import rules as pollen_rules
from boardgames_tui.games.pollen.content import DECK_SIZE, TOKEN_COUNT
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules import PollenOptions

from ..playouts import checked_play_out
from .helpers import GAME, RULES, seats

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def game_at(players: int, seed: int, steps: int, chooser: random.Random) -> PollenState:
    """A random legal game stopped after `steps` actions (or at its end)."""
    state = RULES.setup(PollenOptions(), seats(players), seed)
    for _ in range(steps):
        if RULES.is_over(state):
            break
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    return state


def every_card(state: PollenState) -> list[int]:
    held = [card for player in state.players for card in (*player.hand, *player.deck)]
    return held + [planted.card for planted in state.garden] + list(state.removed)


def every_token(state: PollenState) -> list[int]:
    loose = [] if state.next_up is None else [state.next_up]
    return [*state.bag, *loose, *state.pending_tokens, *(placed.token for placed in state.tokens)]


def hidden_assignment(state: PollenState, seat: int) -> tuple:
    """What stands in the view's hidden slots and hidden orders."""
    others = tuple((tuple(p.hand), tuple(p.deck)) for index, p in enumerate(state.players) if index != seat)
    return (others, tuple(state.players[seat].deck), tuple(state.bag))


def play_out(state: PollenState, rng: random.Random) -> PollenState:
    return checked_play_out(GAME, state, rng, limit=500)


@SETTINGS
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31 - 1),
    steps=st.integers(0, 70),
    chooser=st.randoms(use_true_random=False),
)
def test_determinize_is_a_state_the_seat_could_be_in(players, seed, steps, chooser):
    state = game_at(players, seed, steps, chooser)
    shared_hidden = {key: dataclasses.asdict(player) for key, player in pollen_rules.HIDDEN_PLAYERS.items()}
    for seat in range(players):
        view = RULES.view(state, seat)
        before = view.model_dump()
        samples = [GAME.advisor.determinize(view, seat, random.Random(n)) for n in range(8)]
        # Zones whose contents or order are hidden: other seats' cards, own deck, bag.
        zones = [len(p.hand) + len(p.deck) for index, p in enumerate(view.players) if index != seat]
        zones += [len(view.players[seat].deck), len(view.bag)]
        for sample in samples:
            assert sample.rng_draws == 0
            assert sorted(every_card(sample)) == list(range(players * DECK_SIZE))
            assert sorted(every_token(sample)) == list(range(TOKEN_COUNT))
            assert HIDDEN not in every_card(sample)
            assert sample.players[seat].hand == state.players[seat].hand
            assert sorted(sample.players[seat].deck) == sorted(state.players[seat].deck)
            for index, player in enumerate(sample.players):
                # A seat holds only its own garden cards.
                assert all(card // DECK_SIZE == index for card in (*player.hand, *player.deck))
        if max(zones) >= 2:
            assert len({hidden_assignment(sample, seat) for sample in samples}) > 1
            assert len({sample.seed for sample in samples}) > 1
        # Playouts from a sample reach a score sheet, and leave the view as it was.
        final = play_out(samples[0], chooser)
        assert len(RULES.score_sheet(final).totals) == players
        assert view.model_dump() == before
    # The views' shared hidden players were only read.
    for key, dumped in shared_hidden.items():
        assert dataclasses.asdict(pollen_rules.HIDDEN_PLAYERS[key]) == dumped
