"""A seat's record and its plan are slotted dataclasses inside the pydantic state: their
copies hold every field, and a save is read and refused as it was for models."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import ValidationError

from boardgames_tui.games.evergreen.model import EvergreenState, Plan, PlayerState

from .helpers import RULES, new_game, to_actions


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
