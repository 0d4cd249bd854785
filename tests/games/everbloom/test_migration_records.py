"""A migration's tasks built past the frozen dataclass's constructor are the tasks its
constructor builds, field for field, and save as they do."""

from __future__ import annotations

import dataclasses

from pydantic import TypeAdapter

from boardgames_tui.games.everbloom.model import Task, task_record


def test_a_task_built_through_its_slots_is_the_one_its_constructor_builds() -> None:
    built = task_record("loser", 2, "t3", "c17", [0, 3, 1], 4, "forest")
    made = Task(kind="loser", seat=2, space="t3", card="c17", counts=[0, 3, 1], number=4, text="forest")
    assert built == made
    assert [getattr(built, each.name) for each in dataclasses.fields(Task)] == [
        "loser", 2, "t3", "c17", [0, 3, 1], 4, "forest",
    ]
    assert TypeAdapter(Task).dump_json(built) == TypeAdapter(Task).dump_json(made)
