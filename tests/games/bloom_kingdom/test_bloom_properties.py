"""Random whole games of Bloom Kingdom, checked after every action (hypothesis)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.saves import SaveStore, load_match
from boardgames_tui.games.bloom_kingdom.model import (
    BloomKingdomState,
    FortuneChoice,
    JesterChoice,
    KnightChoice,
    PlayCard,
    ReturnCard,
    WizardChoice,
)
from boardgames_tui.games.bloom_kingdom.rules import character_of

from .bloom_builders import COLUMNS, GAME, RULES, every_card

# Whole games are slow-ish examples: a few of each size keep the suite quick.
GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYER_COUNTS = st.integers(min_value=2, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)

# Every action the model can express, legal or not, plus a few that name nothing.
ANY_ACTION = (
    [PlayCard(card=card) for card in range(-1, 101)]
    + [ReturnCard(card=card) for card in range(-1, 101)]
    + [KnightChoice(remove=True), KnightChoice(remove=False)]
    + [WizardChoice(column=column) for column in (*COLUMNS, None, "jester", "goblin")]
    + [JesterChoice(column=column) for column in (*COLUMNS, "jester", "goblin")]
    + [FortuneChoice(target=target) for target in range(-1, 5)]
)


def new_seats(players: int) -> list[Seat]:
    return [Seat(name=f"Player {number + 1}") for number in range(players)]


def new_game(players: int, seed: int) -> BloomKingdomState:
    return RULES.setup(RULES.parse_options({}), new_seats(players), seed)


def check_invariants(state: BloomKingdomState, previous: BloomKingdomState | None) -> None:
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
    if previous is not None:
        assert state.log[: len(previous.log)] == previous.log, "the log only grows"
        assert state.info_epoch >= previous.info_epoch
        assert state.rng_draws >= previous.rng_draws


def play_randomly(state: BloomKingdomState, chooser: random.Random, *, careful: bool = True):
    """Plays legal actions until the game ends; yields (state, seat, action) before each."""
    while not RULES.is_over(state):
        waiting = RULES.to_act(state)
        assert waiting, f"nobody may act in phase {state.phase}"
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
            check_invariants(new_state, state)
        state = new_state
    yield state, None, None


@GAMES
@given(players=PLAYER_COUNTS, seed=SEEDS, chooser=st.randoms(use_true_random=False))
def test_random_legal_games_end_normally(players, seed, chooser):
    state = new_game(players, seed)
    check_invariants(state, None)
    final = None
    for state, seat, action in play_randomly(state, chooser):
        if seat is None:
            final = state
            break
        view = RULES.view(state, seat)
        assert RULES.legal_actions(view, seat) == RULES.legal_actions(state, seat)
    assert final is not None and final.phase == "over"
    assert not final.ended_early and len(final.rounds) == 3
    assert all(player.hand == [] for player in final.players)
    sheet = RULES.score_sheet(final)
    assert sheet.totals == [sum(results[seat].total for results in final.rounds) for seat in range(players)]
    assert sheet.winners and all(sheet.totals[winner] == max(sheet.totals) for winner in sheet.winners)


@GAMES
@given(players=PLAYER_COUNTS, seed=SEEDS, chooser=st.randoms(use_true_random=False))
def test_validate_accepts_exactly_the_legal_actions(players, seed, chooser):
    state = new_game(players, seed)
    for state, seat, _ in play_randomly(state, chooser, careful=False):
        if seat is None:
            break
        if chooser.random() > 0.3:
            continue
        before = state.model_dump()
        for _ in range(6):
            tried_seat = chooser.randrange(-1, players + 1)
            action = chooser.choice(ANY_ACTION)
            legal = 0 <= tried_seat < players and action in RULES.legal_actions(state, tried_seat)
            if legal:
                RULES.validate(state, tried_seat, action)
                continue
            with pytest.raises(IllegalMove) as refused:
                RULES.validate(state, tried_seat, action)
            assert refused.value.reason.strip()
        assert state.model_dump() == before


@GAMES
@given(players=PLAYER_COUNTS, seed=SEEDS, chooser=st.randoms(use_true_random=False))
def test_a_match_refuses_illegal_actions_unchanged(players, seed, chooser):
    match = Match(GAME, RULES.parse_options({}), new_seats(players), seed)
    while not match.is_over():
        if chooser.random() < 0.25:
            seat = chooser.randrange(players)
            action = chooser.choice(ANY_ACTION)
            if action not in RULES.legal_actions(match.state, seat):
                before, moves = match.state.model_dump(), len(match.moves)
                with pytest.raises(IllegalMove):
                    match.submit(seat, action, autosave=False)
                assert match.state.model_dump() == before and len(match.moves) == moves
        seat = chooser.choice(match.to_act())
        match.submit(seat, chooser.choice(RULES.legal_actions(match.state, seat)), autosave=False)
    with pytest.raises(IllegalMove, match="over"):
        match.submit(0, PlayCard(card=0), autosave=False)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYER_COUNTS, seed=SEEDS, chooser=st.randoms(use_true_random=False), stops=st.integers(1, 4))
def test_saving_and_loading_anywhere_gives_the_same_game(players, seed, chooser, stops):
    seats = [Seat(name=f"P{n}", kind="bot" if n else "human") for n in range(players)]
    with tempfile.TemporaryDirectory() as directory:
        store = SaveStore(Path(directory))
        match = Match(GAME, RULES.parse_options({}), seats, seed, store=store)
        checks = 0
        while not match.is_over():
            if chooser.random() < 0.05 and checks < stops:
                checks += 1
                loaded = load_match(store.write(match))
                assert loaded.state.model_dump() == match.state.model_dump()
                assert [(move.seat, move.action) for move in loaded.moves] == [
                    (move.seat, move.action) for move in match.moves
                ]
            seat = chooser.choice(match.to_act())
            match.submit(seat, chooser.choice(RULES.legal_actions(match.state, seat)), autosave=False)
        loaded = load_match(store.write(match))
        assert loaded.is_over() and loaded.state.model_dump() == match.state.model_dump()


@GAMES
@given(players=PLAYER_COUNTS, seed=SEEDS, chooser=st.randoms(use_true_random=False))
def test_the_same_seed_and_moves_make_the_same_game(players, seed, chooser):
    seats = new_seats(players)
    options = RULES.parse_options({})
    state = new_game(players, seed)
    moves = []
    for state, seat, action in play_randomly(state, chooser, careful=False):
        if seat is None:
            break
        moves.append((seat, action))
    replayed = Match.replay(GAME, options, seats, seed, moves)
    again = Match.replay(GAME, options, seats, seed, moves)
    assert replayed.state.model_dump() == state.model_dump()
    assert again.state.model_dump() == replayed.state.model_dump()
    # Every intermediate state is reproduced too, not only the last one.
    assert [s.model_dump() for s in again.states[::7]] == [s.model_dump() for s in replayed.states[::7]]
