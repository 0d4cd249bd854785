"""A move's copy of the state (`state_for_move`, written out for `apply`) owns every
container a move may change in place and shares the rest: a field added to the state or
to a record and forgotten there would be shared with the state before, and that state
would change under whoever holds it."""

from __future__ import annotations

import dataclasses
import random

from pydantic import BaseModel

from boardgames_tui.engine.contract import NEVER_EDITED, Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom.model import EverbloomOptions, EverbloomState
from boardgames_tui.games.everbloom.rules.common import player_for_move, state_for_move, turn_for_move

RULES = get_game("everbloom").rules


def _changeable(value: object) -> bool:
    """Whether a move could change `value` in place (a container or a record not frozen)."""
    if isinstance(value, (list, dict, set)):
        return True
    if dataclasses.is_dataclass(value):
        return not type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    return isinstance(value, BaseModel) and not value.model_config.get("frozen")


def _positions() -> list[EverbloomState]:
    """States of one seeded random four-seat game: a chip's turn with pollinators sent,
    a pollination under way and the end (every field in use somewhere)."""
    seats = [Seat(name=f"P{number}") for number in range(1, 5)]
    state = RULES.setup(EverbloomOptions(), seats, 5)
    chooser = random.Random(5)
    kept: dict[str, EverbloomState] = {}
    while not RULES.is_over(state):
        if state.turn is not None and state.turn.sent and state.turn.steps:
            kept.setdefault("turn", state)
        if state.turn is not None and state.turn.sent:
            kept.setdefault("sending", state)
        works = [player.pollination for player in state.players]
        if any(work is not None and work.cards for work in works):
            kept.setdefault("pollination", state)
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    kept["over"] = state
    assert {"sending", "pollination", "over"} <= set(kept)
    return list(kept.values())


def test_a_moves_copy_owns_what_a_move_may_change() -> None:
    for state in _positions():
        copied = state_for_move(state)
        assert copied.model_dump() == state.model_dump()
        assert copied.model_fields_set == state.model_fields_set
        for name, field in EverbloomState.model_fields.items():
            value, twin = getattr(state, name), getattr(copied, name)
            if NEVER_EDITED in field.metadata or not _changeable(value):
                assert twin is value, name
            else:
                assert twin is not value, name
        # The seats' records are shared until `own_player` copies one.
        assert all(twin is player for twin, player in zip(copied.players, state.players))
        if state.turn is not None:
            for name in ("targets", "sent", "steps"):
                assert getattr(copied.turn, name) is not getattr(state.turn, name), name


def test_a_seats_record_and_its_turn_copied_for_a_move_own_what_changes_in_place() -> None:
    for state in _positions():
        for player in state.players:
            copied = player_for_move(player)
            assert copied == player and copied is not player
            for field in dataclasses.fields(player):
                value = getattr(player, field.name)
                if field.name == "pollination" and value is not None:
                    assert copied.pollination is not value and copied.pollination.cards is not value.cards
                else:
                    # Containers marked NEVER_EDITED are replaced whole: shared.
                    assert getattr(copied, field.name) is value, field.name
        if state.turn is not None:
            turn = turn_for_move(state.turn)
            assert turn == state.turn
            assert [name for name in ("targets", "sent", "steps") if getattr(turn, name) is getattr(state.turn, name)] == []


def test_a_view_shows_the_stacks_as_they_are_after_a_change_in_place() -> None:
    """The view keeps its last hidden stacks (every view between two migrations asks the
    same): a stack or the cards face up changed in place since are seen, not the old answer."""
    state = RULES.setup(EverbloomOptions(), [Seat(name="A"), Seat(name="B")], 3)
    space = next(space for space, cards in state.stacks.items() if len(cards) > 1)
    first = RULES.view(state, 0).stacks[space]
    state.face_up.append(state.stacks[space][1])
    turned = RULES.view(state, 0).stacks[space]
    assert turned[1] == state.stacks[space][1] and first[1] != turned[1]
    state.face_up.append(state.stacks[space][-1])
    RULES.view(state, 0)
    state.stacks[space].reverse()
    view = RULES.view(state, 0)
    assert view.stacks[space][0] == state.stacks[space][0]
    # As `model_copy(update=…)` counts them: the state's fields given, and those the view hides.
    hidden = {"seed", "rng_draws", "players", "stacks", "bloom_deck", "nectar_deck", "event_deck", "boxed", "log"}
    assert view.model_fields_set == state.model_fields_set | hidden
