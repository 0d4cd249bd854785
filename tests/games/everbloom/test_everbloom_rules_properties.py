"""Property tests over random legal Everbloom games for 1-4 seats, every theme: what is
particular to Everbloom (the contract every game keeps is tests/contract's)."""

from __future__ import annotations

import random
import re
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import EverbloomOptions, PlaceChip
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom.rules import splits_keeping_rules

from ...contract.harness import random_game

GAME = get_game("everbloom")
RULES = GAME.rules
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.tuples(
    st.integers(1, 4),
    st.sampled_from(["first-blossom", "natural-selection", "duo"]),
    st.sampled_from(["day", "night"]),
    st.integers(0, 2**20),
    st.booleans(),
)


def new_game(players: int, theme: str, habitat: str, seed: int, pick_factions: bool):
    factions = random.Random(seed).sample(list(C.FACTIONS), players) if pick_factions else []
    if players not in C.landmark_themes()[theme].players:
        theme = "first-blossom"  # Duo is for two seats only
    options = EverbloomOptions.with_factions(factions, landmark_theme=theme, habitat_theme=habitat)
    seats = [Seat(name=f"P{index + 1}") for index in range(players)]
    return RULES.setup(options, seats, seed)


def play(state, seed: int, on_state=None):
    """Plays `state` to its end (tests/contract's random game), telling `on_state` of
    each position and its mover; returns the final state."""
    for state, seat, _ in random_game(GAME, state, random.Random(seed)):
        if seat is not None and on_state is not None:
            on_state(state, seat)
    return state


def check_accounting(state) -> None:
    total = C.numbers().pollinators
    for seat, player in enumerate(state.players):
        held = player.supply + sum(g[seat] for g in state.groves.values()) + sum(p[seat] for p in state.pollinators.values())
        assert held == total, (seat, held)
        assert player.supply >= 0
        assert all(g[seat] >= 0 for g in state.groves.values())
    cards = C.cards()
    on_board = sum(len(stack) for stack in state.stacks.values())
    in_habitats = sum(1 for p in state.players for cs in p.habitat.values() for c in cs if c.id in cards)
    boxed = sum(1 for card in state.boxed if card in cards)
    expected = len(C.BIOMES) * 3 + 3 + (len(C.BIOMES) + 1 if len(state.players) == 4 else 0)
    pending = {task.card for task in state.tasks if task.card in cards and task.kind in ("event", "place")}
    if state.choice is not None and state.choice.task.kind in ("event", "place") and state.choice.task.card in cards:
        pending.add(state.choice.task.card)
    pending = {card for card in pending if not any(card in stack for stack in state.stacks.values())}
    assert on_board + in_habitats + boxed + len(state.event_deck) + len(pending) == expected
    nectar = len(state.nectar_deck) + sum(len(p.nectar) + len(p.draft) for p in state.players)
    nectar += sum(1 for card in state.boxed if card.startswith("N"))
    assert nectar == C.NECTAR_CARDS
    wild = len(state.wildlife_deck) + sum(1 for p in state.players for cs in p.habitat.values() for c in cs if c.id.startswith("W"))
    pending = [task.card for task in state.tasks] + ([state.choice.task.card] if state.choice else [])
    wild += sum(1 for card in pending if card.startswith("W"))
    assert wild == C.WILDLIFE_CARDS
    if state.phase == "wilderness":
        for seat, player in enumerate(state.players):
            placed = sum(1 for stack in state.chips.values() for chip in stack if chip.seat == seat)
            assert placed <= player.chips_placed
            owned = len(C.factions()[player.faction].chips) + (1 if seat == state.first_player else 0)
            assert len(player.chips) + int(player.first_chip) + player.chips_placed == owned


@SETTINGS
@given(games)
def test_random_games_end_with_everything_accounted_for(game):
    players, theme, habitat, seed, pick = game
    state = new_game(players, theme, habitat, seed, pick)
    check_accounting(state)
    final = play(state, seed, on_state=lambda s, seat: check_accounting(s))
    check_accounting(final)
    assert final.round == 3 and final.final is not None
    assert RULES.score_sheet(final).totals == final.final.totals


@settings(max_examples=6, deadline=None)
@given(games)
def test_views_hide_the_cards_others_hold_and_the_decks(game):
    players, theme, habitat, seed, pick = game

    def probe(state, seat):
        view = RULES.view(state, seat)
        assert all(card == "?" for card in view.nectar_deck + view.bloom_deck + view.event_deck)
        for other, player in enumerate(view.players):
            if other != seat:
                assert all(card == "?" for card in player.nectar + player.draft)
                if player.pollination is not None:
                    assert player.pollination.grove is None and not player.pollination.cards
        for stack in view.stacks.values():
            assert all(card == "?" for card in stack[1:])

    play(new_game(players, theme, habitat, seed, pick), seed, on_state=probe)


@SETTINGS
@given(games)
def test_the_log_names_biomes_as_the_board_does(game):
    """"the Aquatic grove", "a Forest nectar card": never the state's lower-case keys."""
    players, theme, habitat, seed, pick = game
    final = play(new_game(players, theme, habitat, seed, pick), seed)
    keys = "|".join(info.key for info in C.biomes())
    lower_case = re.compile(rf"\b({keys}) (grove|nectar|biome)\b")
    assert not [entry.text for entry in final.log if lower_case.search(entry.text)]


@settings(max_examples=8, deadline=None)
@given(games)
def test_the_kept_splits_of_a_chip_are_those_the_rules_words_accept(game):
    """`splits_keeping_rules` (the hints' and the answer's fast list of a chip's splits)
    keeps exactly the splits `split_problem` (the screen's worded check) accepts."""
    checked = 0

    def compare(state, seat):
        nonlocal checked
        if state.phase != "wilderness" or state.turn is not None or state.choice is not None:
            return
        for place in RULES.legal_actions(state, seat):
            if not isinstance(place, PlaceChip):
                continue
            plan = RULES.plan(state, seat, place.chip, place.landmark, place.ignore_rule)
            if plan.reason is not None or not plan.targets or plan.count <= 0:
                continue
            zeros = (0,) * len(plan.targets)
            kept = set(splits_keeping_rules(plan.count, zeros, plan.limits, plan.one_card, plan.even))
            accepted = {
                split for split in product(range(plan.count + 1), repeat=len(plan.targets))
                if sum(split) == plan.count
                and RULES.split_problem(state, place.landmark, dict(zip(plan.targets, split)), plan.one_card, plan.even) is None
            }
            assert kept == accepted, (place, plan.targets, plan.limits)
            checked += 1

    play(new_game(*game), game[3], compare)
    assert checked


def test_the_kept_splits_keep_an_even_share_a_single_card_and_each_cards_limits():
    free = (0, 99, 0)
    assert splits_keeping_rules(4, (0, 0, 0), (free,) * 3, False, True) == ((1, 1, 2), (1, 2, 1), (2, 1, 1))
    assert splits_keeping_rules(3, (0, 0), (free,) * 2, True, False) == ((0, 3), (3, 0))
    # Two already sent to the first card: the rest of an even share of five.
    assert splits_keeping_rules(3, (2, 0), (free,) * 2, False, True) == ((0, 3), (1, 2))
    # At most 1 on the first card (a storm of sand), 0 or at least 2 on the second
    # (wind), at least 1 on the third (an edge).
    limits = ((0, 1, 0), (0, 99, 2), (1, 99, 0))
    assert splits_keeping_rules(3, (0, 0, 0), limits, False, False) == ((0, 0, 3), (0, 2, 1), (1, 0, 2))
