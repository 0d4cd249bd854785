"""A migration's records built past the frozen dataclass's constructor (`task_record`,
`contest_record`) are the records its constructor builds, field for field, and save as
they do."""

from __future__ import annotations

import dataclasses

from pydantic import TypeAdapter

from boardgames_tui.games.everbloom.model import Contest, Task, contest_record, task_record


def test_a_task_built_through_its_slots_is_the_one_its_constructor_builds() -> None:
    built = task_record("loser", 2, "t3", "c17", [0, 3, 1], 4, "forest")
    made = Task(kind="loser", seat=2, space="t3", card="c17", counts=[0, 3, 1], number=4, text="forest")
    assert built == made
    assert [getattr(built, each.name) for each in dataclasses.fields(Task)] == [
        "loser", 2, "t3", "c17", [0, 3, 1], 4, "forest",
    ]
    assert TypeAdapter(Task).dump_json(built) == TypeAdapter(Task).dump_json(made)


def test_a_contest_built_through_its_slots_is_the_one_its_constructor_builds() -> None:
    built = contest_record(2, "t3", "c17", [0, 3, 3], 1, [1, 2], "P2 won it with the fewest habitat cards (1)")
    made = Contest(
        round=2, space="t3", card="c17", counts=[0, 3, 3], winner=1, tied=[1, 2],
        tie_break="P2 won it with the fewest habitat cards (1)",
    )
    assert built == made
    assert [getattr(built, each.name) for each in dataclasses.fields(Contest)] == [
        2, "t3", "c17", [0, 3, 3], 1, [1, 2], "P2 won it with the fewest habitat cards (1)", [], "", "",
    ]
    assert TypeAdapter(Contest).dump_json(built) == TypeAdapter(Contest).dump_json(made)
