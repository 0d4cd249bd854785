"""Property tests over random legal games for 2, 3 and 4 seats: what is particular to
Pollen (the contract every game keeps, tests/contract's, covers validate, views,
saves and replays).

After every move every card, token and meeple is accounted for; views hide the hands
and decks they must; a finished game says why it ended and scores the meeples won.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.content import DECK_SIZE, TOKEN_COUNT
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules import (
    PollenOptions,
    eligible_points,
    is_surrounded,
    plantable_cells,
)

from ...contract.harness import random_game
from .helpers import GAME, RULES, seats

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_accounting(state: PollenState) -> None:
    players = len(state.players)
    # Cards: each seat's 15 are in its hand, its deck, the garden or the box, once.
    planted = [planted.card for planted in state.garden]
    for seat in range(players):
        player = state.players[seat]
        own = [
            *player.hand,
            *player.deck,
            *(card for card in planted if card // DECK_SIZE == seat),
            *(card for card in state.removed if card // DECK_SIZE == seat),
        ]
        assert sorted(own) == list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))
    assert all(card // DECK_SIZE < players for card in planted)
    cells = [(planted.x, planted.y) for planted in state.garden]
    assert len(set(cells)) == len(cells)
    # Tokens: all 44 are in the bag, next up, drawn and waiting, or on the table, once.
    on_table = [placed.token for placed in state.tokens]
    loose = [] if state.next_up is None else [state.next_up]
    assert sorted([*state.bag, *loose, *state.pending_tokens, *on_table]) == list(range(TOKEN_COUNT))
    points = [(placed.x, placed.y) for placed in state.tokens]
    assert len(set(points)) == len(points)
    # Meeples: what is left plus what was won is the pile, plus fill-ins from an empty pile.
    for insect in range(3):
        won = sum(row[insect] for row in state.meeples)
        assert state.supply[insect] >= 0
        assert state.supply[insect] + won == state.meeples_per_insect + state.fill_ins[insect]
        if state.fill_ins[insect]:
            assert state.supply[insect] == 0
    # Scored tokens are exactly the surrounded ones, each scored once.
    cell_set = set(cells)
    for placed in state.tokens:
        assert placed.face_up != is_surrounded(cell_set, (placed.x, placed.y))
    assert len(state.pollinations) == sum(1 for placed in state.tokens if not placed.face_up)
    # The kept list of open cells is what the geometry says.
    assert state.open_cells == plantable_cells(state)
    if state.phase == "plant":
        # Every spot that attracts has been given a token.
        assert eligible_points(state) == []
        assert state.pending_tokens == [] and state.pending_points == []
    elif state.phase == "assign":
        assert state.pending_tokens
        assert set(state.pending_points) <= set(eligible_points(state))
        assert len(state.pending_points) >= len(state.pending_tokens)


def check_view(state: PollenState) -> None:
    for seat in [*range(len(state.players)), -1]:
        view = RULES.view(state, seat)
        assert view.bag == sorted(state.bag)
        for index, player in enumerate(view.players):
            if index == seat:
                assert player.hand == state.players[index].hand
                assert player.deck == sorted(state.players[index].deck)
            else:
                assert set(player.hand) <= {HIDDEN} and set(player.deck) <= {HIDDEN}
                assert len(player.hand) == len(state.players[index].hand)


def play(players: int, seed: int, pick: int) -> PollenState:
    """A random game (tests/contract's) from a random starting player, checked as it goes."""
    rng = random.Random(pick)
    options = PollenOptions(starting_player=rng.choice(["random", *range(1, players + 1)]))
    state = RULES.setup(options, seats(players), seed)
    for state, seat, _ in random_game(GAME, state, rng):
        check_accounting(state)
        if rng.random() < 0.2:
            check_view(state)
    return state


def check_finished(final: PollenState) -> None:
    assert final.phase == "over" and final.end_reasons
    assert RULES.score_sheet(final).totals == [sum(row) for row in final.meeples]


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), pick=st.integers(0, 2**31 - 1))
def test_random_games_keep_everything_accounted_for(players, seed, pick):
    check_finished(play(players, seed, pick))


def test_a_saved_game_in_progress_is_listed_by_its_turn(tmp_path):
    store = SaveStore(tmp_path)
    unfinished = Match(GAME, PollenOptions(), seats(3), seed=5)
    rng = random.Random(3)
    for _ in range(20):
        seat = unfinished.to_act()[0]
        unfinished.submit(seat, rng.choice(RULES.legal_actions(unfinished.state, seat)), autosave=False)
    store.write(unfinished)
    [summary] = [entry for entry in store.list() if entry.path == store.path_for(unfinished)]
    assert summary.progress.startswith("Turn ")


def test_several_moves_from_one_position_each_come_out_as_from_the_position_read_afresh():
    """`apply` hands a position's board (where its cards and tokens lie) on to the first
    move made from it, and reads the position afresh for a second: moves made one
    after another from one position end where the same move from a copy of it ends."""
    rng = random.Random(7)
    state = RULES.setup(PollenOptions(), seats(3), 7)
    for _ in range(30):
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        for action in actions[:: max(1, len(actions) // 4)]:
            fresh = PollenState.model_validate(state.model_dump())
            assert RULES.apply(state, seat, action).model_dump() == RULES.apply(fresh, seat, action).model_dump()
        state = RULES.apply(state, seat, rng.choice(actions))
