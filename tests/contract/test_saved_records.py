"""A state's inner records are slotted dataclasses in the rules (not pydantic models), and
a save is untrusted: a record in a saved state that names a field the record does not
have is refused, as it was when the records were models."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from .harness import positions


def record_paths(value: Any, path: tuple[Any, ...] = ()) -> dict[type, tuple[Any, ...]]:
    """Where the first record of each dataclass class lies in `value`, as keys and
    indexes into its saved (JSON) form."""
    found: dict[type, tuple[Any, ...]] = {}
    if isinstance(value, BaseModel):
        children = list(value.__dict__.items())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        found[type(value)] = path
        children = [(field.name, getattr(value, field.name)) for field in dataclasses.fields(value)]
    elif isinstance(value, (list, tuple)):
        children = list(enumerate(value))
    elif isinstance(value, dict):
        children = [(key, item) for key, item in value.items() if isinstance(key, str)]
    else:
        return found
    for key, item in children:
        for kind, where in record_paths(item, (*path, key)).items():
            found.setdefault(kind, where)
    return found


def test_a_saved_record_naming_an_unknown_field_is_refused(game):
    rules = game.rules
    records: dict[type, tuple[Any, tuple[Any, ...]]] = {}
    for state in positions(game, random.Random(7), 6):
        for kind, path in record_paths(state).items():
            records.setdefault(kind, (state, path))
    if game.slug in {"bloom-kingdom", "pollen", "evergreen", "everbloom"}:
        assert records, "the built-in games keep their inner records as dataclasses"
    for kind, (state, path) in records.items():
        data = state.model_dump(mode="json")
        assert rules.load_state(copy.deepcopy(data)).model_dump(mode="json") == data
        record = data
        for key in path:
            record = record[key]
        record["surprise"] = 1
        with pytest.raises(ValidationError):
            rules.load_state(data)
