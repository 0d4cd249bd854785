"""A seat's record and its plan are slotted dataclasses inside the pydantic state: their
copies hold every field, and a save is read and refused as it was for models.  The
state's own copies for a move copy what the engine's generic copy would."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.contract import copy_containers
from boardgames_tui.games.evergreen.model import EvergreenState, Plan, PlayerState
from boardgames_tui.games.evergreen.rules.common import copy_for_move, copy_for_pick
from tests.contract.harness import mutate_every_container, positions

from .helpers import GAME, RULES, new_game, to_actions


def _every_field_its_own(record_class: type) -> object:
    """A record whose every field holds a value of its own, so that a copy that skips
    or swaps one differs."""
    values = {field.name: object() for field in dataclasses.fields(record_class)}
    return record_class(**values)


@pytest.mark.parametrize("record_class", [PlayerState, Plan])
def test_a_record_s_copy_holds_every_field_and_is_a_new_record(record_class):
    record = _every_field_its_own(record_class)
    copied = record.copied()
    assert copied is not record and type(copied) is record_class
    for field in dataclasses.fields(record_class):
        assert getattr(copied, field.name) is getattr(record, field.name), field.name


def test_a_save_reads_back_the_same_and_refuses_unknown_keys_in_a_record():
    state = to_actions(new_game(2, seed=3))
    state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    data = state.model_dump(mode="json")
    assert data["players"][0]["plan"]["steps"]
    assert EvergreenState.model_validate_json(state.model_dump_json()) == state
    assert isinstance(EvergreenState.model_validate(data).players[0].plan.steps[0], type(state.players[0].plan.steps[0]))
    stack = next(stack for stack in data["zone"].values() if stack)
    for where in (data["players"][1], data["players"][0]["plan"], stack[0]):
        where["smuggled"] = 1
        with pytest.raises(ValidationError):
            EvergreenState.model_validate(data)
        del where["smuggled"]


def test_a_move_s_copy_copies_what_copy_containers_copies_and_no_more():
    """`copy_for_move` is `copy_containers` written out: the same fields copied (a field
    added to the state and left out here would be shared and changed under the states
    before it), and each copy owns its containers.  `copy_for_pick` copies a subset."""
    rng = random.Random(5)
    for state in positions(GAME, rng, 4):
        generic = copy_containers(state)
        copied = copy_for_move(state)
        assert copied == state
        for name, value in state.__dict__.items():
            assert (copied.__dict__[name] is value) == (generic.__dict__[name] is value), name
        picked = copy_for_pick(state)
        assert {name for name, value in state.__dict__.items() if picked.__dict__[name] is not value} <= {
            name for name, value in state.__dict__.items() if copied.__dict__[name] is not value
        }
        before = copy.deepcopy(state)
        mutate_every_container(copied)
        assert state == before


def test_a_save_with_a_line_for_some_seats_only_is_refused():
    """A view shows an Evergreen log whole, unfiltered: the rules cannot write a private
    line, and a save or a message that holds one is refused."""
    state = new_game(2)
    data = state.model_dump(mode="json")
    data["log"].append({"text": "Only Daisy reads this.", "visible_to": [0]})
    with pytest.raises(ValidationError):
        EvergreenState.model_validate(data)
    del data["log"][-1]
    assert EvergreenState.model_validate(data) == state
    with pytest.raises(ValueError):
        state.say("Only Daisy reads this.", visible_to=(0,))
    assert EvergreenState.model_validate(data) == state


def test_a_move_leaves_a_view_s_log_as_it_was():
    """A view shares its state's log (every line is public): the next move writes to a
    copy of it."""
    state = new_game(3)
    view = RULES.view(state, 1)
    before = list(view.log)
    seat = RULES.to_act(state)[0]
    RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    assert view.log == before
