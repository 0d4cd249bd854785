"""Random legal games for 1–4 seats and every module choice, checked as they go
(hypothesis): what is particular to Evergreen (the contract every game keeps, validate,
views, saves and replays, is tests/contract's)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import SPECTATOR
from boardgames_tui.games.evergreen.model import EvergreenOptions, EvergreenState
from boardgames_tui.games.evergreen.rules import (
    BASE_POWERS,
    CELLS,
    EMPTY_BOARD,
    POWER_TRACK_MAX,
    RAVINE,
    BOX,
    TOTAL_ROUNDS,
    pool_left,
)

from ...contract.harness import random_game
from .helpers import GAME, RULES, seats

# The move chooser is seeded by a plain integer: a whole game's worth of random draws
# through st.randoms() trips hypothesis's 'large base example' health check.
GAMES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = st.integers(min_value=1, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
MODULES = st.sampled_from(["none", "cherry", "bamboo", "both"])
REPLACES = st.sampled_from(["random", *BASE_POWERS])

# How a space may change from one moment to a later one: pieces are only ever added,
# grown or (a sprout) turned into a cherry tree; nothing shrinks or disappears.
LATER = {
    ".": set(".stTblcmM"),
    "s": set("stTc"),
    "t": set("tT"),
    "T": {"T"},
    "b": {"b"},
    "l": {"l"},
    "c": {"c"},
    "m": {"m", "M"},
    "M": {"M"},
    "#": {"#"},
}


def options_for(modules: str, cherry: str, bamboo: str) -> EvergreenOptions:
    assume(not (modules == "both" and cherry != "random" and cherry == bamboo))
    return EvergreenOptions(modules=modules, cherry_replaces=cherry, bamboo_replaces=bamboo)


def cards_in_play(state: EvergreenState) -> list[int]:
    held = list(state.deck) + list(state.discard) + list(state.row)
    held += [entry.card for stack in state.zone.values() for entry in stack]
    for player in state.players:
        held += player.drafted
    if state.leftover is not None:
        held.append(state.leftover)
    return sorted(held)


def check_board(state: EvergreenState, planet: str) -> None:
    assert len(planet) == CELLS
    assert all((glyph == RAVINE) == (EMPTY_BOARD[cell] == RAVINE) for cell, glyph in enumerate(planet))
    for glyph in set(planet) - {".", RAVINE}:
        assert glyph in state.pool, f"{glyph} is not a piece of this game"


def grew_from(before: str, after: str) -> bool:
    return all(new in LATER[old] for old, new in zip(before, after))


def check_invariants(state: EvergreenState, previous: EvergreenState | None, expected_cards: list[int]) -> None:
    # Cards: every card of this game is in exactly one place.
    assert cards_in_play(state) == expected_cards, "a card is missing or in two places"
    assert len(state.powers) == 6 and len(set(state.powers)) == 6
    rounds_started = sum((5, 4, 3, 2)[: state.season]) + state.round - (state.phase in ("draft", "wild"))
    # Pieces: each one is in the shared pool or on a public planet, and no secret plan
    # takes more than the pool holds.
    for glyph, left in state.pool.items():
        assert left >= 0, f"the pool holds {left} {glyph}"
        assert left + sum(player.board.count(glyph) for player in state.players) == BOX[glyph], f"{glyph} miscounted"
    for seat, player in enumerate(state.players):
        check_board(state, player.board)
        if player.plan is not None:
            check_board(state, player.plan.board)
            assert all(pool_left(state, player, glyph) >= 0 for glyph in state.pool), "a plan overdraws the pool"
            assert grew_from(player.board, player.plan.board)
            assert state.phase == "actions"
        assert all(0 <= level <= POWER_TRACK_MAX for level in player.levels)
        assert sum(player.levels) <= min(rounds_started, TOTAL_ROUNDS)
        if previous is not None:
            assert grew_from(previous.players[seat].board, player.board), "a piece vanished or shrank"
    if state.phase == "over":
        assert all(player.fertility is not None and len(player.light) == 4 for player in state.players)


def play_randomly(state: EvergreenState, chooser: random.Random):
    """Plays a random game (tests/contract's) to its end, checking Evergreen's invariants
    after every move; yields (state, seat, action) before each move, then (final, None, None)."""
    expected = cards_in_play(state)
    previous = None
    for state, seat, action in random_game(GAME, state, chooser):
        check_invariants(state, previous, expected)
        previous = state
        yield state, seat, action


@GAMES
@given(players=PLAYERS, seed=SEEDS, modules=MODULES, cherry=REPLACES, bamboo=REPLACES,
       chooser_seed=SEEDS)
def test_random_legal_games_keep_every_piece_and_card_accounted_for(players, seed, modules, cherry, bamboo, chooser_seed):
    chooser = random.Random(chooser_seed)
    options = options_for(modules, cherry, bamboo)
    state = RULES.setup(options, seats(players), seed)
    final = None
    for state, seat, action in play_randomly(state, chooser):
        if seat is None:
            final = state
            break
        for viewer in (seat, SPECTATOR):
            view = RULES.view(state, viewer)
            assert all(card == -1 for card in view.deck)
            assert all(player.plan is None for index, player in enumerate(view.players) if index != viewer)
    assert final is not None and RULES.is_over(final)
    sheet = RULES.score_sheet(final)
    assert sheet.totals == [player.total for player in final.players]
    assert len(sheet.winners) == 1 and sheet.totals[sheet.winners[0]] == max(sheet.totals)
