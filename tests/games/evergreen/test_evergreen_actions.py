"""The simultaneous action phase: options, steps, powers, lakes, supply, hiding and the reveal."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import SPECTATOR, IllegalMove
from boardgames_tui.engine.match import Match
from boardgames_tui.games.evergreen.content import WILD
from boardgames_tui.games.evergreen.model import DraftCard, Done, EvergreenOptions, Grow, LakeGrow, Plant, UsePower
from boardgames_tui.games.evergreen.rules import open_options

from .helpers import GAME, RULES, board, card_where, cell, give_card, new_game, seats, to_actions, with_player

SWAMP_SPROUT = card_where(biome="swamp", power="sprout")
SWAMP_POINTS = card_where(biome="swamp", power="points")
WILD_LAKE = card_where(biome=WILD, power="lake")
MEADOW_SMALL = card_where(biome="meadow", power="sprout-to-small")


def action_state(card: int = SWAMP_SPROUT, level: int = 1, planet: str | None = None, **options):
    state = to_actions(new_game(2, seed=1, **options))
    state = give_card(state, 0, card, level)
    if planet is not None:
        state = with_player(state, 0, board=planet)
    return state


def play(state, seat, *actions):
    for action in actions:
        RULES.validate(state, seat, action)
        state = RULES.apply(state, seat, action)
    return state


def refused(state, seat, action, match):
    before = state.model_dump()
    with pytest.raises(IllegalMove, match=match):
        RULES.validate(state, seat, action)
    assert action not in RULES.legal_actions(state, seat)
    assert state.model_dump() == before


def test_both_seats_act_at_once_in_the_action_phase():
    state = action_state()
    assert state.phase == "actions" and RULES.to_act(state) == [0, 1]


def test_option_1_plants_up_to_three_sprouts_in_the_cards_biome():
    state = play(action_state(), 0, Plant(space=cell("A4")), Plant(space=cell("B4")), Plant(space=cell("C5")))
    assert open_options(state.players[0].plan, SWAMP_SPROUT) == [1]
    refused(state, 0, Plant(space=cell("A5")), "No action allows that")
    assert state.players[0].plan.board == board(A4="s", B4="s", C5="s")
    assert state.players[0].board == board()


def test_option_2_grows_two_plants_and_option_3_plants_one_and_grows_another():
    planet = board(A4="s", B4="t", C4="s")
    state = play(action_state(planet=planet), 0, Grow(space=cell("A4")), Grow(space=cell("B4")))
    assert state.players[0].plan.board == board(A4="t", B4="T", C4="s")
    refused(state, 0, Grow(space=cell("C4")), "No action allows that")
    refused(state, 0, Plant(space=cell("A5")), "No action allows that")
    state = play(action_state(planet=planet), 0, Plant(space=cell("A5")), Grow(space=cell("C4")))
    assert open_options(state.players[0].plan, SWAMP_SPROUT) == [3]
    refused(state, 0, Grow(space=cell("A4")), "No action allows that")
    refused(state, 0, Plant(space=cell("B5")), "No action allows that")
    # The same holds whichever step of option 3 comes first.
    state = play(action_state(planet=planet), 0, Grow(space=cell("C4")), Plant(space=cell("A5")))
    refused(state, 0, Plant(space=cell("B5")), "No action allows that")
    refused(state, 0, Grow(space=cell("A4")), "No action allows that")


def test_an_actions_steps_need_different_spaces():
    state = play(action_state(), 0, Plant(space=cell("A4")))
    refused(state, 0, Grow(space=cell("A4")), "its own space")


def test_option_4_takes_one_step_anywhere_and_nothing_more():
    state = play(action_state(), 0, Plant(space=cell("E6")))  # Rocks, outside the Swamp
    assert open_options(state.players[0].plan, SWAMP_SPROUT) == [4]
    refused(state, 0, Plant(space=cell("F6")), "all in Swamp")
    refused(state, 0, Plant(space=cell("A4")), "No action allows that")


def test_a_wild_card_acts_in_any_one_biome():
    state = play(action_state(WILD_LAKE), 0, Plant(space=cell("D1")), Plant(space=cell("E1")))
    refused(state, 0, Plant(space=cell("E6")), "all in one biome")
    state = play(state, 0, Plant(space=cell("D2")))
    assert state.players[0].plan.board == board(D1="s", E1="s", D2="s")


def test_sprouts_go_only_on_empty_spaces_that_are_not_ravines():
    state = action_state(planet=board(A4="b"))
    refused(state, 0, Plant(space=cell("A4")), "not empty: it holds a bush")
    refused(state, 0, Plant(space=cell("D4")), "ravine")
    refused(state, 0, Plant(space=99), "no space")
    refused(state, 0, Grow(space=cell("A4")), "Only a sprout or a small tree can grow")


def test_powers_come_before_or_after_the_action_never_in_the_middle():
    state = action_state(level=3)
    state = play(state, 0, UsePower(space=cell("G1")), Plant(space=cell("A4")), Plant(space=cell("B4")))
    assert state.players[0].plan.stage == "action"
    state = play(state, 0, UsePower(space=cell("G2")))
    assert state.players[0].plan.stage == "after"
    refused(state, 0, Plant(space=cell("C4")), "action is over")
    state = play(state, 0, UsePower(space=cell("G3")))
    refused(state, 0, UsePower(space=cell("G4")), "level 3")
    assert state.players[0].plan.board == board(G1="s", A4="s", B4="s", G2="s", G3="s")


def test_a_power_may_touch_a_space_the_action_used():
    state = action_state(MEADOW_SMALL, level=1)
    state = play(state, 0, Plant(space=cell("D1")), UsePower(space=cell("D1")))
    assert state.players[0].plan.board == board(D1="t")
    # And a sprout planted by a power may be grown by the action.
    state = action_state(SWAMP_SPROUT, level=1)
    state = play(state, 0, UsePower(space=cell("A4")), Grow(space=cell("A4")))
    assert state.players[0].plan.board == board(A4="t")


def test_a_lake_then_up_to_two_growths_beside_it():
    planet = board(B3="s", A2="t", A4="s", B4="s")
    state = action_state(WILD_LAKE, level=1, planet=planet)
    refused(state, 0, LakeGrow(space=cell("B3")), "straight after placing a lake")
    state = play(state, 0, UsePower(space=cell("A3")))
    legal = RULES.legal_actions(state, 0)
    assert {action.space for action in legal if isinstance(action, LakeGrow)} == {cell("B3"), cell("A2"), cell("A4")}
    refused(state, 0, LakeGrow(space=cell("B4")), "not beside the lake")
    state = play(state, 0, LakeGrow(space=cell("A2")))
    refused(state, 0, LakeGrow(space=cell("A2")), "different spaces|Only a sprout")
    state = play(state, 0, LakeGrow(space=cell("B3")))
    refused(state, 0, LakeGrow(space=cell("A4")), "at most two")
    assert state.players[0].plan.board == board(A3="l", A2="T", B3="t", A4="s", B4="s")


def test_any_other_step_gives_up_the_lakes_remaining_growths():
    state = action_state(WILD_LAKE, level=1, planet=board(B3="s"))
    state = play(state, 0, UsePower(space=cell("A3")), Plant(space=cell("A1")))
    refused(state, 0, LakeGrow(space=cell("B3")), "straight after placing a lake")


def test_the_points_power_scores_its_level_once_at_the_reveal():
    state = action_state(SWAMP_POINTS, level=3)
    refused(state, 0, UsePower(space=cell("A4")), "needs no space")
    state = play(state, 0, UsePower(space=None))
    refused(state, 0, UsePower(space=None), "already scored")
    assert state.players[0].power_points == 0 and state.players[0].plan.points == 3
    state = play(state, 0, Done())
    state = play(state, 1, Done())
    assert state.players[0].power_points == 3


def test_cherry_and_bamboo_powers():
    cherry_card = card_where(biome="swamp", power="cherry")
    state = action_state(cherry_card, level=2, planet=board(A4="s", B4="t"), modules="cherry", cherry_replaces="bush")
    refused(state, 0, UsePower(space=cell("B4")), "needs a sprout")
    state = play(state, 0, UsePower(space=cell("A4")))
    assert state.players[0].plan.board == board(A4="c", B4="t")
    # Cherry trees never grow by an action.
    refused(state, 0, Grow(space=cell("A4")), "Only a sprout or a small tree")
    bamboo_card = card_where(biome="swamp", power="bamboo")
    state = action_state(bamboo_card, level=1, modules="bamboo", bamboo_replaces="bush")
    state = play(state, 0, UsePower(space=cell("E6")))
    assert state.players[0].plan.board == board(E6="m")


def test_plans_stay_hidden_from_other_seats_until_everyone_is_done():
    state = action_state(level=2)
    epoch = state.info_epoch
    state = play(state, 0, Plant(space=cell("A4")))
    hidden = RULES.view(state, 1).players[0]
    state = play(state, 0, UsePower(space=cell("G1")))
    # A step changes the plan only: the other seats' views go on showing the same record.
    assert RULES.view(state, 1).players[0] is hidden
    for viewer in (1, SPECTATOR):
        view = RULES.view(state, viewer)
        assert view.players[0].plan is None and view.players[0].board == board()
        assert not any("A4" in entry.text for entry in view.log)
        assert view.seed == 0 and view.rng_draws == 0 and set(view.deck) <= {-1}
    own = RULES.view(state, 0)
    assert own.players[0].plan.board == board(A4="s", G1="s")
    assert RULES.legal_actions(own, 0) == RULES.legal_actions(state, 0)
    state = play(state, 0, Done())
    assert RULES.to_act(state) == [1] and state.info_epoch == epoch
    assert RULES.view(state, 1).players[0].committed
    refused(state, 0, Plant(space=cell("B4")), "already finished")
    state = play(state, 1, Done())
    assert state.info_epoch > epoch
    assert state.players[0].board == board(A4="s", G1="s") and state.players[0].plan is None
    assert any("Daisy revealed: sprout on A4" in entry.text and entry.visible_to is None for entry in state.log)


def test_done_is_always_legal_and_an_empty_plan_changes_nothing():
    state = action_state()
    assert Done() in RULES.legal_actions(state, 0)
    state = play(state, 0, Done())
    state = play(state, 1, Done())
    assert state.players[0].board == board()
    assert any("Daisy revealed: nothing this round" in entry.text for entry in state.log)


def test_steps_are_refused_during_the_draft_and_drafts_during_the_actions():
    state = new_game(2, seed=1)
    seat = RULES.to_act(state)[0]
    refused(state, seat, Plant(space=cell("A4")), "this is the draft")
    state = action_state()
    refused(state, 0, DraftCard(card=0), "draft is over")


def test_apply_never_changes_the_state_it_is_given():
    state = action_state(WILD_LAKE, level=2, planet=board(B3="s"))
    for action in (UsePower(space=cell("A3")), LakeGrow(space=cell("B3")), Plant(space=cell("D1")), Done()):
        before = state.model_dump()
        after = RULES.apply(state, 0, action)
        assert state.model_dump() == before
        state = after


def test_undo_steps_back_within_a_plan_but_not_over_the_reveal():
    options = EvergreenOptions()
    match = Match(GAME, options, seats(2), 1)
    while match.state.phase != "actions":
        seat = match.to_act()[0]
        match.submit(seat, RULES.legal_actions(match.state, seat)[0], autosave=False)
    first = RULES.legal_actions(match.state, 0)[0]
    match.submit(0, first, autosave=False)
    assert match.can_undo(0)
    match.undo(0)
    assert match.state.players[0].plan.steps == []
    match.submit(0, Done(), autosave=False)
    match.submit(1, Done(), autosave=False)
    assert not match.can_undo(1)


def test_offers_kept_from_board_to_board_are_those_of_a_walk():
    """Legal moves take the plants, growths and power uses on offer across a board from
    the board before it (rules/offers.py): each kept board's must be what a walk finds."""
    from boardgames_tui.engine.simulate import play_bot_game
    from boardgames_tui.games.evergreen.rules import offers
    from boardgames_tui.games.evergreen.rules.common import EMPTY, GROW, PLANT, PLAYABLE, POWER, SMALL, SPROUT

    worked_out = 0
    for seed in (1, 2, 3):
        offers._OFFERS.clear()
        offers._STEPPED.clear()
        play_bot_game(GAME, EvergreenOptions(modules="both"), ["random"] * 4, seed)
        worked_out += sum(board in offers._STEPPED for board in offers._OFFERS)
        for board, (powers, steps) in offers._OFFERS.items():
            assert powers == [POWER[cell] for cell in PLAYABLE if board[cell] == EMPTY]
            assert steps == [
                PLANT[cell] if board[cell] == EMPTY else GROW[cell]
                for cell in PLAYABLE
                if board[cell] in (EMPTY, SPROUT, SMALL)
            ]
    assert worked_out > 10


def test_a_line_said_again_is_the_same_entry_and_reads_the_same():
    """A log line is a frozen entry: saying the same words again hands out the entry
    already made (the saved game reads as before)."""
    state = new_game(2)
    state.say("Daisy finished planning.")
    state.say("Daisy finished planning.")
    assert state.log[-1] is state.log[-2]
    assert state.model_dump(mode="json")["log"][-2:] == [{"text": "Daisy finished planning.", "visible_to": None}] * 2
