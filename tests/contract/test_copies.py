"""A state's copy owns its containers: what one search's simulated game changes in place
never reaches the states it came from."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Annotated

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ConfigDict, Field

from boardgames_tui.engine.contract import NEVER_EDITED, ChangedInPlace, copy_containers

from .conftest import examples
from .harness import mutate_every_container, positions

SEEDS = st.integers(0, 2**31 - 1)


@examples(5)
@given(seed=SEEDS)
def test_a_copy_owns_every_container_of_a_state(game, seed):
    """Every container reachable in the copy is changed; the original stays as it was.
    Left alone: frozen models and what a field marks NEVER_EDITED, shared on purpose
    (the next test holds the rules to that)."""
    for state in positions(game, random.Random(seed), 5):
        before = copy.deepcopy(state)
        copied = copy_containers(state)
        assert copied == state and copied.model_fields_set == state.model_fields_set
        mutate_every_container(copied)
        assert state == before


@examples(6)
@given(seed=SEEDS)
def test_a_game_played_on_in_place_leaves_the_states_before_it_as_they_were(game, seed):
    """`apply_in_place` changes only what the state it is given owns: after one `apply`,
    a simulated game played on in place to its end leaves the state before that `apply`
    (a search's tree node) as it was, shared parts (NEVER_EDITED) and all."""
    rules = game.rules
    rng = random.Random(seed)
    for state in positions(game, rng, 3):
        if rules.is_over(state):
            continue
        before = state.model_dump()
        seat = rng.choice(rules.to_act(state))
        played = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        while not rules.is_over(played):
            seat = rng.choice(rules.to_act(played))
            played = rules.apply_in_place(played, seat, rng.choice(rules.legal_actions(played, seat)))
        assert state.model_dump() == before


def test_a_field_assigned_in_place_is_stored_as_pydantic_stores_it():
    """`ChangedInPlace` (every game's state) skips pydantic's look-ups for a field and
    nothing else: the value kept, the field counted as given, any other name refused,
    and no model that validates or refuses assignment may use it."""

    class Record(ChangedInPlace):
        model_config = ConfigDict(extra="forbid")
        count: int = 0
        names: list[str] = Field(default_factory=list)

    record = Record()
    record.count = 3
    assert record.count == 3 and record.model_fields_set == {"count"}
    assert record.model_dump() == {"count": 3, "names": []}
    with pytest.raises(ValueError):
        record.unknown = 1
    with pytest.raises(TypeError):

        class Checked(ChangedInPlace):
            model_config = ConfigDict(validate_assignment=True)


@dataclasses.dataclass(slots=True)
class _Record:
    cards: list[int]
    counts: dict[str, int]
    sealed: _Sealed
    shared: Annotated[list[int], NEVER_EDITED]


@dataclasses.dataclass(slots=True, frozen=True)
class _Sealed:
    cards: tuple[int, ...]


class _Holder(ChangedInPlace):
    model_config = ConfigDict(extra="forbid")
    records: list[_Record]
    last: _Record | None = None


def test_a_copy_owns_the_containers_of_the_dataclass_records_a_state_holds():
    """The rules keep their hot records as slotted dataclasses: a copy owns what those
    hold as it owns what a model holds, and shares frozen records and NEVER_EDITED
    fields as it shares frozen models."""
    record = _Record(cards=[1, 2], counts={"a": 1}, sealed=_Sealed(cards=(3,)), shared=[9])
    holder = _Holder(records=[record], last=record)
    before = copy.deepcopy(holder)
    copied = copy_containers(holder)
    assert copied == holder and copied.model_dump() == holder.model_dump()
    assert copied.records[0].sealed is record.sealed and copied.records[0].shared is record.shared
    mutate_every_container(copied, _Holder)
    assert holder == before


def test_a_copy_shares_its_set_of_given_fields_only_when_it_names_every_field():
    """`copy_with_all_given` shares a set naming every field (no assignment can change
    it) and copies any other, as `copy_with` does: assigning on the copy never marks a
    field given in the original."""
    from boardgames_tui.engine.contract import copy_with_all_given, count_every_field_given

    class Record(ChangedInPlace):
        model_config = ConfigDict(extra="forbid")
        count: int = 0
        names: list[str] = Field(default_factory=list)

    partial = Record(count=1)
    copied = copy_with_all_given(partial, dict(partial.__dict__))
    copied.names = ["a"]
    assert partial.model_fields_set == {"count"} and copied.model_fields_set == {"count", "names"}
    count_every_field_given(partial)
    copied = copy_with_all_given(partial, dict(partial.__dict__))
    assert copied == partial and copied.__pydantic_fields_set__ is partial.__pydantic_fields_set__
