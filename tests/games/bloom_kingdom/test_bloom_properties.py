"""Random whole games of Bloom Kingdom, checked after every action (hypothesis): what is
particular to Bloom Kingdom (the contract every game keeps, validate, views, saves and
replays, is tests/contract's)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState
from boardgames_tui.games.bloom_kingdom.rules import character_of

from ...contract.harness import random_game
from .bloom_builders import GAME, RULES, every_card

# Whole games are slow-ish examples: a few of each size keep the suite quick.
GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYER_COUNTS = st.integers(min_value=2, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def new_seats(players: int) -> list[Seat]:
    return [Seat(name=f"Player {number + 1}") for number in range(players)]


def new_game(players: int, seed: int) -> BloomKingdomState:
    return RULES.setup(RULES.parse_options({}), new_seats(players), seed)


def check_invariants(state: BloomKingdomState) -> None:
    cards = every_card(state)
    assert sorted(cards) == list(range(100)), "a card is missing or held twice"
    displayed = {card for column in state.display.values() for card in column}
    for card in state.revealed:
        assert card is None or card in state.queue or card in state.box or card in displayed
    # Only the card resolving may be both queued and placed: a Knight, Wizard or
    # Fortune Teller joins its column before its player chooses; a Jester after.
    assert not displayed.intersection(state.queue[1:])
    if state.queue:
        assert (state.queue[0] in displayed) == (state.phase in ("knight", "wizard", "fortune"))
    for column, cards_in_column in state.display.items():
        characters = [character_of(card) for card in cards_in_column]
        assert all(character in (column, "jester") for character in characters)
        if cards_in_column:
            # A Jester only joins a column with a real card, and leaves first.
            assert column in characters
    if state.phase == "play":
        held = {len(player.hand) + (player.chosen is not None) for player in state.players}
        assert len(held) == 1, "hands must stay the same size"


@GAMES
@given(players=PLAYER_COUNTS, seed=SEEDS, chooser=st.randoms(use_true_random=False))
def test_random_legal_games_end_normally(players, seed, chooser):
    for final, _, _ in random_game(GAME, new_game(players, seed), chooser):
        check_invariants(final)
    assert final.phase == "over"
    assert not final.ended_early and len(final.rounds) == 3
    assert all(player.hand == [] for player in final.players)
    sheet = RULES.score_sheet(final)
    assert sheet.totals == [sum(results[seat].total for results in final.rounds) for seat in range(players)]
    assert all(sheet.totals[winner] == max(sheet.totals) for winner in sheet.winners)
