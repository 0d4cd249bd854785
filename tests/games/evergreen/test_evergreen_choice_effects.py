"""The inspector's words on an Evergreen choice: what each power's use leaves on its
space and what it changes in the score as things stand, the growths, a lake's two
growths, and the draft (headless; the screen test walks them on a planet)."""

from __future__ import annotations

import dataclasses

import pytest

from boardgames_tui.games.evergreen.model import DraftCard, Grow, LakeGrow, Plan, Plant, UsePower
from boardgames_tui.games.evergreen.rules import CARDS, POWERS
from boardgames_tui.games.evergreen.summary import choice_effect, step_effect

from .helpers import board, cards_where, cell, new_game


def planning(power: str, planet: str):
    """Daisy's view in a plan, holding a card with `power`, on `planet`."""
    state = new_game(2, seed=1, modules="both", cherry_replaces="small-to-big", bamboo_replaces="points")
    card = next(info.id for info in CARDS if info.power == power)
    players = list(state.players)
    players[0] = dataclasses.replace(players[0], card=card, board=planet, plan=Plan(board=planet))
    return state.model_copy(update={"players": players, "phase": "actions"})


@pytest.mark.parametrize(
    ("power", "space", "says"),
    [
        ("sprout", "E4", "a sprout on this space"),
        ("sprout-to-small", "C3", "this sprout becomes a small tree"),
        ("bush", "E4", "joins trees into one forest"),
        ("lake", "E4", "l may grow up to two different plants"),
        ("cherry", "C3", "raises its biome's fertility by 1 for you alone"),
        ("bamboo", "E4", "2 points at the end for each biome where you have bamboo"),
    ],
)
def test_o_on_a_space_names_the_power_and_what_it_leaves_there(power, space, says):
    view = planning(power, board(C3="s", D3="t"))
    words = step_effect(view, 0, "o", UsePower(space=cell(space)))
    assert words.startswith(f"o: your power, {POWERS[power].name} (level ")
    assert says in words


def test_a_step_says_what_it_changes_in_the_score_as_things_stand():
    view = planning("cherry", board(C3="s"))
    assert "light now 0 → 2" in step_effect(view, 0, "o", UsePower(space=cell("C3")))
    assert "the sprout here grows into a small tree" in step_effect(view, 0, "g", Grow(space=cell("C3")))
    lake = step_effect(view, 0, "l", LakeGrow(space=cell("C3")))
    assert "one of the two growths beside your new lake" in lake


def test_the_lake_counts_the_plants_beside_it_that_could_grow():
    view = planning("lake", board(C3="s", E3="t", D2="b"))
    assert "(2 plants beside this space could grow)" in step_effect(view, 0, "o", UsePower(space=cell("D3")))


def test_taking_a_draft_card_says_the_power_level_and_where_its_action_works():
    state = new_game(2, seed=1)
    card = state.row[0]
    words = choice_effect(state, 0, DraftCard(card=card))
    assert words.startswith("Taking it: ") and "level 1" in words


def test_a_first_step_outside_the_card_s_biome_says_it_would_be_the_whole_action():
    """Found playing: the card said "Snow" and the planet "N"; the cursor stood in Swamp (S)."""
    view = planning("sprout", board())
    snow = cards_where(biome="snow", power="sprout")[0]
    players = list(view.players)
    players[0] = dataclasses.replace(players[0], card=snow)
    view = view.model_copy(update={"players": players})
    outside = step_effect(view, 0, "p", Plant(space=cell("C4")))  # C4 is Swamp
    assert "Swamp is not your card's biome (Snow, N on your planet)" in outside
    inside = step_effect(view, 0, "p", Plant(space=cell("D5")))  # D5 is Snow
    assert "in your card's biome, Snow" in inside
