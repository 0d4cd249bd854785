"""Property tests over random legal games for 2, 3 and 4 seats.

Each game is played through `Match`, checking after every move that every card,
token and meeple is accounted for, that illegal moves are refused without a
trace, that `apply` leaves its input alone and that views hide what they must.
At the end the state survives a save/load round trip and a replay of its moves.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import HIDDEN, IllegalMove
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.content import DECK_SIZE, TOKEN_COUNT
from boardgames_tui.games.pollen.model import PlaceToken, Plant, PollenState
from boardgames_tui.games.pollen.rules import (
    PollenOptions,
    eligible_points,
    is_surrounded,
    plantable_cells,
)

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


def illegal_moves(state: PollenState, rng: random.Random) -> list[tuple[int, object]]:
    """A few moves the rules must refuse in `state`."""
    players = len(state.players)
    seat = state.active
    other = (seat + 1) % players
    moves: list[tuple[int, object]] = []
    hand = state.players[seat].hand
    not_mine = [card for card in range(players * DECK_SIZE) if card not in hand]
    some_cell = rng.choice(state.open_cells) if state.open_cells else (0, 0)
    if state.phase == "plant":
        moves.append((seat, Plant(card=rng.choice(not_mine), x=some_cell[0], y=some_cell[1])))
        moves.append((seat, Plant(card=hand[0], x=1000, y=-1000)))
        if state.garden:
            taken = rng.choice(state.garden)
            moves.append((seat, Plant(card=hand[0], x=taken.x, y=taken.y)))
        moves.append((seat, PlaceToken(token=state.bag[0] if state.bag else 0, x=0, y=0)))
        their_card = state.players[other].hand[0] if state.players[other].hand else 0
        moves.append((other, Plant(card=their_card, x=some_cell[0], y=some_cell[1])))
    else:
        token = state.pending_tokens[0]
        moves.append((seat, Plant(card=hand[0] if hand else 0, x=some_cell[0], y=some_cell[1])))
        moves.append((seat, PlaceToken(token=token, x=1000, y=1000)))
        wrong = [candidate for candidate in range(TOKEN_COUNT) if candidate not in state.pending_tokens]
        point = state.pending_points[0]
        moves.append((seat, PlaceToken(token=rng.choice(wrong), x=point[0], y=point[1])))
        moves.append((other, PlaceToken(token=token, x=point[0], y=point[1])))
    moves.append((players, Plant(card=0, x=0, y=0)))
    return moves


def check_view(state: PollenState) -> None:
    for seat in [*range(len(state.players)), -1]:
        view = RULES.view(state, seat)
        assert view.seed == 0 and view.rng_draws == 0
        assert view.bag == sorted(state.bag)
        assert view.log == [entry for entry in state.log if entry.visible_to is None or seat in entry.visible_to]
        for index, player in enumerate(view.players):
            if index == seat:
                assert player.hand == state.players[index].hand
                assert player.deck == sorted(state.players[index].deck)
            else:
                assert set(player.hand) <= {HIDDEN} and set(player.deck) <= {HIDDEN}
                assert len(player.hand) == len(state.players[index].hand)


def play(players: int, seed: int, pick: int) -> tuple[Match, list[PollenState]]:
    rng = random.Random(pick)
    options = PollenOptions(starting_player=rng.choice(["random", *range(1, players + 1)]))
    match = Match(GAME, options, seats(players), seed)
    states = [match.state]
    check_accounting(match.state)
    while not match.is_over():
        state = match.state
        [seat] = match.to_act()
        legal = RULES.legal_actions(state, seat)
        assert legal
        for action in rng.sample(legal, min(3, len(legal))):
            RULES.validate(state, seat, action)
        before = state.model_dump()
        if rng.random() < 0.25:
            for wrong_seat, wrong in illegal_moves(state, rng):
                with pytest.raises(IllegalMove):
                    match.submit(wrong_seat, wrong, autosave=False)
                assert match.state is state
            assert len(match.moves) == len(states) - 1
        if rng.random() < 0.2:
            check_view(state)
        match.submit(seat, rng.choice(legal), autosave=False)
        # apply never touches the state it was given.
        assert state.model_dump() == before
        check_accounting(match.state)
        states.append(match.state)
        assert len(states) < 400
    return match, states


def check_finished(match: Match, states: list[PollenState]) -> None:
    final = match.state
    assert final.phase == "over" and final.end_reasons
    assert RULES.to_act(final) == [] and RULES.legal_actions(final, 0) == []
    sheet = RULES.score_sheet(final)
    assert sheet.winners and sheet.decided_by
    assert sheet.totals == [sum(row) for row in final.meeples]
    # Save/load equality, through JSON text, at the end and somewhere in the middle.
    for state in (final, states[len(states) // 2]):
        data = json.loads(json.dumps(state.model_dump(mode="json")))
        assert RULES.load_state(data) == state
    # Replay equality: the seed and the moves give the same game.
    moves = [
        (move.seat, RULES.parse_action(json.loads(json.dumps(RULES.dump_action(move.action)))))
        for move in match.moves
    ]
    again = Match.replay(GAME, match.options, match.seats, match.seed, moves)
    assert again.state == final
    assert again.states == match.states


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), pick=st.integers(0, 2**31 - 1))
def test_random_games_keep_everything_accounted_for(players, seed, pick):
    match, states = play(players, seed, pick)
    check_finished(match, states)


@pytest.mark.parametrize("players", [2, 4])
def test_save_file_round_trip(tmp_path, players):
    store = SaveStore(tmp_path)
    match, _ = play(players, seed=100 + players, pick=7)
    path = store.write(match)
    loaded = store.load(path)
    assert loaded.state == match.state
    assert [(move.seat, move.action) for move in loaded.moves] == [(move.seat, move.action) for move in match.moves]
    # A game in progress too, stopped in the middle of a turn when there is one.
    unfinished = Match(GAME, PollenOptions(), seats(players), seed=5)
    rng = random.Random(3)
    for _ in range(20):
        seat = unfinished.to_act()[0]
        unfinished.submit(seat, rng.choice(RULES.legal_actions(unfinished.state, seat)), autosave=False)
    loaded = store.load(store.write(unfinished))
    assert loaded.state == unfinished.state
    [summary] = [entry for entry in store.list() if entry.path == store.path_for(unfinished)]
    assert summary.progress.startswith("Turn ")
