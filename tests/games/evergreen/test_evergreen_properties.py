"""Random legal games for 1–4 seats and every module choice, checked as they go (hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import SPECTATOR, IllegalMove
from boardgames_tui.engine.match import Match
from boardgames_tui.games.evergreen.model import (
    ChooseBiome,
    Done,
    DraftCard,
    EvergreenOptions,
    EvergreenState,
    Grow,
    LakeGrow,
    Plant,
    UsePower,
)
from boardgames_tui.games.evergreen.rules import (
    BASE_POWERS,
    BIOME_KEYS,
    CARDS,
    CELLS,
    EMPTY_BOARD,
    POWER_TRACK_MAX,
    RAVINE,
    BOX,
    TOTAL_ROUNDS,
    pool_left,
)

from .helpers import GAME, RULES, seats

# The move chooser is seeded by a plain integer: a whole game's worth of random draws
# through st.randoms() trips hypothesis's 'large base example' health check.
GAMES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = st.integers(min_value=1, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
MODULES = st.sampled_from(["none", "cherry", "bamboo", "both"])
REPLACES = st.sampled_from(["random", *BASE_POWERS])

# Every action the model can express, legal or not, and a few that name nothing.
ANY_ACTION = (
    [DraftCard(card=card) for card in range(-1, len(CARDS) + 1)]
    + [ChooseBiome(biome=biome) for biome in (*BIOME_KEYS, "lava")]
    + [Plant(space=space) for space in range(-1, CELLS + 1)]
    + [Grow(space=space) for space in range(-1, CELLS + 1)]
    + [LakeGrow(space=space) for space in range(-1, CELLS + 1)]
    + [UsePower(space=space) for space in (None, *range(-1, CELLS + 1))]
    + [Done()]
)

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
        assert RULES.to_act(state) == []
        assert all(player.fertility is not None and len(player.light) == 4 for player in state.players)
    else:
        assert RULES.to_act(state), f"nobody may act in phase {state.phase}"
    if previous is not None:
        assert state.log[: len(previous.log)] == previous.log, "the log only grows"
        assert state.info_epoch >= previous.info_epoch
        assert state.rng_draws >= previous.rng_draws


def play_randomly(state: EvergreenState, chooser: random.Random, *, careful: bool = True):
    """Plays legal actions until the game ends; yields (state, seat, action) before each."""
    expected = cards_in_play(state)
    if careful:
        check_invariants(state, None, expected)
    while not RULES.is_over(state):
        waiting = RULES.to_act(state)
        seat = chooser.choice(waiting)
        actions = RULES.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = chooser.choice(actions)
        yield state, seat, action
        before = state.model_dump() if careful else None
        RULES.validate(state, seat, action)
        new_state = RULES.apply(state, seat, action)
        if careful:
            assert state.model_dump() == before, "apply changed the state it was given"
            check_invariants(new_state, state, expected)
        state = new_state
    yield state, None, None


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
            assert view.seed == 0 and view.rng_draws == 0 and all(card == -1 for card in view.deck)
            assert all(player.plan is None for index, player in enumerate(view.players) if index != viewer)
        assert RULES.legal_actions(RULES.view(state, seat), seat) == RULES.legal_actions(state, seat)
        assert GAME.narrator.describe(state, seat, action)
    assert final is not None and RULES.is_over(final)
    sheet = RULES.score_sheet(final)
    assert sheet.totals == [player.total for player in final.players]
    assert len(sheet.winners) == 1 and sheet.totals[sheet.winners[0]] == max(sheet.totals)


@GAMES
@given(players=PLAYERS, seed=SEEDS, modules=MODULES, chooser_seed=SEEDS)
def test_validate_accepts_exactly_the_legal_actions_and_refuses_without_change(players, seed, modules, chooser_seed):
    chooser = random.Random(chooser_seed)
    state = RULES.setup(options_for(modules, "random", "random"), seats(players), seed)
    checked = 0
    for state, seat, _ in play_randomly(state, chooser, careful=False):
        if seat is None:
            break
        if chooser.random() > 0.08:
            continue
        checked += 1
        before = state.model_dump()
        for tried_seat in range(-1, players + 1):
            legal = RULES.legal_actions(state, tried_seat) if 0 <= tried_seat < players else []
            assert len(legal) == len(set(legal)), "an action is offered twice"
            for action in legal:
                RULES.validate(state, tried_seat, action)
            for action in chooser.sample(ANY_ACTION, 60):
                if action in legal:
                    continue
                with pytest.raises(IllegalMove) as refused:
                    RULES.validate(state, tried_seat, action)
                assert refused.value.reason.strip()
        assert state.model_dump() == before
    assume(checked > 0)


@GAMES
@given(players=PLAYERS, seed=SEEDS, modules=MODULES, chooser_seed=SEEDS)
def test_a_match_refuses_illegal_actions_and_keeps_its_state(players, seed, modules, chooser_seed):
    chooser = random.Random(chooser_seed)
    match = Match(GAME, options_for(modules, "random", "random"), seats(players), seed)
    while not match.is_over():
        if chooser.random() < 0.1:
            seat = chooser.randrange(players)
            action = chooser.choice(ANY_ACTION)
            if seat not in match.to_act() or action not in RULES.legal_actions(match.state, seat):
                before, moves = match.state.model_dump(), len(match.moves)
                with pytest.raises(IllegalMove):
                    match.submit(seat, action, autosave=False)
                assert match.state.model_dump() == before and len(match.moves) == moves
        seat = chooser.choice(match.to_act())
        match.submit(seat, chooser.choice(RULES.legal_actions(match.state, seat)), autosave=False)
    with pytest.raises(IllegalMove, match="over"):
        match.submit(0, Done(), autosave=False)


@GAMES
@given(players=PLAYERS, seed=SEEDS, modules=MODULES, cherry=REPLACES, bamboo=REPLACES,
       chooser_seed=SEEDS)
def test_saving_and_loading_and_replaying_give_the_same_game(players, seed, modules, cherry, bamboo, chooser_seed):
    chooser = random.Random(chooser_seed)
    options = options_for(modules, cherry, bamboo)
    state = RULES.setup(options, seats(players), seed)
    moves = []
    for state, seat, action in play_randomly(state, chooser, careful=False):
        if chooser.random() < 0.03 or seat is None:
            # Through JSON text, as a save file would carry it.
            data = json.loads(json.dumps(state.model_dump(mode="json")))
            assert RULES.load_state(data) == state
            assert RULES.load_state(state.model_dump(mode="json")) == state
        if seat is None:
            break
        moves.append((seat, RULES.parse_action(RULES.dump_action(action))))
    replayed = Match.replay(GAME, options, seats(players), seed, moves)
    again = Match.replay(GAME, options, seats(players), seed, moves)
    assert replayed.state == state
    assert replayed.state.model_dump() == again.state.model_dump()
    assert [s.model_dump() for s in again.states[::17]] == [s.model_dump() for s in replayed.states[::17]]
