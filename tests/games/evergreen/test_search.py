"""The search bots' hooks for Evergreen: determinize, estimate_scores, playout_action."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from boardgames_tui.engine.contract import HIDDEN, Seat
from boardgames_tui.games.evergreen import search
from boardgames_tui.games.evergreen.model import EvergreenOptions, EvergreenState
from boardgames_tui.games.evergreen.rules import BOX, CARDS, pool_left
from boardgames_tui.engine.registry import get_game

from ..playouts import checked_play_out, checked_step

GAME = get_game("evergreen")
RULES = GAME.rules
MODULES = ["none", "cherry", "bamboo", "both"]


def new_game(seed: int) -> tuple[EvergreenState, random.Random]:
    rng = random.Random(seed)
    players = rng.randint(1, 4)
    options = EvergreenOptions(modules=rng.choice(MODULES))
    return RULES.setup(options, [Seat(name=f"P{index + 1}") for index in range(players)], seed), rng


def step(state: EvergreenState, rng: random.Random) -> EvergreenState:
    return checked_step(GAME, state, rng)


def play_out(state: EvergreenState, rng: random.Random) -> EvergreenState:
    return checked_play_out(GAME, state, rng, limit=3000)


def random_point(seed: int) -> EvergreenState:
    state, rng = new_game(seed)
    for _ in range(rng.randrange(400)):
        if RULES.is_over(state):
            break
        state = step(state, rng)
    return state


def card_multiset(state: EvergreenState) -> Counter[int]:
    cards: Counter[int] = Counter(state.deck)
    cards.update(state.discard)
    cards.update(state.row)
    for stack in state.zone.values():
        cards.update(entry.card for entry in stack)
    for player in state.players:
        cards.update(player.drafted)
    if state.leftover is not None:
        cards[state.leftover] += 1
    return cards


@pytest.mark.parametrize("seed", range(25))
def test_determinize_is_consistent_with_the_view(seed: int) -> None:
    state = random_point(seed)
    in_play = Counter(card.id for card in CARDS if card.power in state.powers)
    assert card_multiset(state) == in_play
    for seat in range(len(state.players)):
        view = RULES.view(state, seat)
        sample = GAME.advisor.determinize(view, seat, random.Random(seed * 10 + seat))
        assert sample.rng_draws == 0
        assert HIDDEN not in sample.deck
        assert card_multiset(sample) == in_play
        # The seat's own secrets are its own.
        assert sample.players[seat].plan == state.players[seat].plan
        if state.phase == "actions":
            assert all(player.plan is not None for player in sample.players)
        # The pool is public: kept as it is, every piece accounted for, and no
        # sampled plan takes more than it holds.
        assert sample.pool == state.pool
        for glyph, left in sample.pool.items():
            assert left + sum(player.board.count(glyph) for player in sample.players) == BOX[glyph]
            assert all(pool_left(sample, player, glyph) >= 0 for player in sample.players)
            for other, player in enumerate(sample.players):
                assert player.committed == state.players[other].committed
        finished = play_out(sample, random.Random(seed))
        assert RULES.is_over(finished)


def test_different_rngs_sample_different_decks() -> None:
    state, rng = new_game(3)
    for _ in range(10):
        state = step(state, rng)
    view = RULES.view(state, 0)
    assert len(view.deck) > 5
    decks = {tuple(GAME.advisor.determinize(view, 0, random.Random(seed)).deck) for seed in range(20)}
    assert len(decks) > 15
    seeds = {GAME.advisor.determinize(view, 0, random.Random(seed)).seed for seed in range(20)}
    assert len(seeds) > 15


def test_hidden_plans_of_other_seats_are_replaced_by_legal_ones() -> None:
    state, rng = new_game(11)
    state = RULES.setup(EvergreenOptions(modules="both"), [Seat(name=f"P{i}") for i in range(3)], 11)
    while state.phase != "actions":
        state = step(state, rng)
    # Seat 1 locks in a plan, seat 2 is still planning, seat 0 looks.
    while 1 in RULES.to_act(state):
        state = RULES.apply(state, 1, GAME.advisor.playout_action(state, 1, RULES.legal_actions(state, 1), rng))
    view = RULES.view(state, 0)
    assert view.players[1].plan is None and view.players[1].committed
    for sample_seed in range(10):
        sample = GAME.advisor.determinize(view, 0, random.Random(sample_seed))
        assert sample.players[1].committed and sample.players[1].plan is not None
        assert sample.players[2].plan is not None and not sample.players[2].plan.steps
        assert RULES.to_act(sample) == RULES.to_act(state)
        play_out(sample, random.Random(sample_seed))


@pytest.mark.parametrize("seed", range(12))
def test_estimate_scores_is_one_float_per_seat_and_exact_at_the_end(seed: int) -> None:
    state, rng = new_game(seed)
    while not RULES.is_over(state):
        estimate = search.estimate_scores(state)
        assert len(estimate) == len(state.players)
        assert all(isinstance(value, float) for value in estimate)
        state = step(state, rng)
    assert GAME.advisor.estimate_scores(state) == [float(total) for total in RULES.totals(state)]


@pytest.mark.parametrize("seed", range(4))
def test_a_playout_is_cut_only_where_a_round_is_settled(seed: int) -> None:
    """Mid-round the seats that planned first have this round's growth and the rest do
    not yet: the search's estimate is asked for only at a round's start (or the end)."""
    state, rng = new_game(seed)
    settled = unsettled = 0
    while not RULES.is_over(state):
        estimate = GAME.advisor.estimate_scores(state)
        if state.phase == "draft" and state.picked == 0:
            assert estimate == search.estimate_scores(state)
            settled += 1
        else:
            assert estimate is None, (state.phase, state.picked)
            unsettled += 1
        state = step(state, rng)
    assert settled and unsettled


def test_estimate_tracks_the_final_score_on_average() -> None:
    """Mean error under 3 points at the start of every season (games by the playout policy)."""
    errors: dict[int, list[float]] = {}
    for seed in range(30):
        state, rng = new_game(1000 + seed)
        snapshots = []
        while not RULES.is_over(state):
            if state.phase == "draft" and state.picked == 0 and state.round == 1:
                snapshots.append((state.season, GAME.advisor.estimate_scores(state)))
            state = step(state, rng)
        totals = RULES.totals(state)
        for season, estimate in snapshots:
            errors.setdefault(season, []).extend(t - e for t, e in zip(totals, estimate))
    for season, values in errors.items():
        assert abs(sum(values) / len(values)) < 3, (season, sum(values) / len(values))


def test_playout_action_picks_a_legal_action() -> None:
    state, rng = new_game(5)
    for _ in range(200):
        if RULES.is_over(state):
            break
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        assert GAME.advisor.playout_action(state, seat, actions, rng) in actions
        state = step(state, rng)
    assert search.rounds_left(state) >= 0


@pytest.mark.parametrize("seed", range(4))
def test_apply_in_place_gives_what_apply_gives(seed: int) -> None:
    """A search's quick games change their own copy in place and write no log: every
    step ends where `apply` would have but for the log, and no other state changes
    (the one it came from, nor those `apply` made alongside, which share its parts)."""
    state, rng = new_game(seed)
    start = state.model_dump()
    seat = RULES.to_act(state)[0]
    owned = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    alongside = []
    while not RULES.is_over(owned):
        seat = RULES.to_act(owned)[0]
        action = search.playout_action(owned, seat, RULES.legal_actions(owned, seat), rng)
        copied = RULES.apply(owned, seat, action)
        alongside.append((copied, copied.model_dump()))
        owned = RULES.apply_in_place(owned, seat, action)
        assert owned.model_dump(exclude={"log"}) == copied.model_dump(exclude={"log"})
    assert state.model_dump() == start
    for copied, made in alongside:
        assert copied.model_dump() == made


@pytest.mark.parametrize("seed", range(3))
def test_a_search_leaves_the_view_as_it_was(seed: int) -> None:
    """The search changes its samples in place, never the view it was handed."""
    import math

    from boardgames_tui.engine.mcts import SearchBudget, search as run_search

    state, rng = new_game(seed)
    for _ in range(rng.randrange(20, 120)):
        if RULES.is_over(state):
            break
        state = step(state, rng)
    if RULES.is_over(state):
        state, _ = new_game(seed)
    seat = RULES.to_act(state)[0]
    view = RULES.view(state, seat)
    before, true_before = view.model_dump(), state.model_dump()
    run_search(GAME, view, seat, SearchBudget(iterations=60, seconds=math.inf), random.Random(seed))
    assert view.model_dump() == before
    assert state.model_dump() == true_before


def test_an_action_read_back_is_the_same_key() -> None:
    """Actions hash their one field themselves (a search's tree is keyed by them): an
    action read back from its JSON, as a save or the wire gives it, is equal to the
    one the rules offer and finds the same entry."""
    from boardgames_tui.games.evergreen.model import ChooseBiome, Done, DraftCard, Grow, LakeGrow, Plant, UsePower

    actions = [DraftCard(card=7), ChooseBiome(biome="swamp"), Plant(space=9), Grow(space=9), LakeGrow(space=9),
               UsePower(space=9), UsePower(), Done()]
    keyed = {action: index for index, action in enumerate(actions)}
    assert len(keyed) == len(actions)
    for index, action in enumerate(actions):
        read_back = RULES.action_adapter.validate_json(RULES.action_adapter.dump_json(action))
        assert read_back == action and hash(read_back) == hash(action)
        assert keyed[read_back] == index


def test_the_estimates_spread_is_how_far_final_scores_stray_from_it() -> None:
    """A playout cut at a round's start credits each seat with its chance of finishing on
    top under `estimate_spread`; that spread must be the estimate's real error.  Over
    fresh games of 3 seats by the playout policy, each seat's final score less its
    estimate (less the seats' mean error) strays by within 20% of the spread, early,
    middle and late; and the spread is 0 once the game is over."""
    bins: dict[str, list[tuple[float, float]]] = {"late": [], "middle": [], "early": []}
    for seed in range(24):
        state = RULES.setup(EvergreenOptions(modules=MODULES[seed % 4]), [Seat(name=f"P{n}") for n in range(3)], 500 + seed)
        rng = random.Random(seed)
        snapshots = []
        while not RULES.is_over(state):
            if GAME.advisor.estimate_scores(state) is not None:
                snapshots.append((search.rounds_left(state), search.estimate_scores(state), search.estimate_spread(state)))
            state = step(state, rng)
        assert search.estimate_spread(state) == 0.0
        totals = RULES.totals(state)
        for left, estimate, spread in snapshots:
            errors = [total - value for total, value in zip(totals, estimate)]
            mean = sum(errors) / len(errors)
            name = "late" if left <= 4 else "middle" if left <= 9 else "early"
            bins[name].extend(((error - mean) * math.sqrt(3 / 2), spread) for error in errors)
    for name, pairs in bins.items():
        measured = math.sqrt(sum(error * error for error, _ in pairs) / len(pairs))
        expected = math.sqrt(sum(spread * spread for _, spread in pairs) / len(pairs))
        assert abs(measured / expected - 1) < 0.2, (name, measured, expected, len(pairs))
