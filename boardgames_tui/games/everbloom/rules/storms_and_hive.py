"""Everbloom's rules, storms and the hive: the events that bind where chips may go,
an event card's arrival, and the bees' hive.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.everbloom.model import EverbloomState, PlaceChip, Task
from boardgames_tui.games.everbloom.rules.common import CARDS, card_space_ids, board_facts, card_name, new_task, telling


class StormsAndHive:
    def _storms(self, state: EverbloomState) -> tuple[tuple[str, Any], ...]:
        """The storms binding first chips: (card space, its event's rule), by space."""
        return board_facts(state).storms

    def storms_obeyed(self, state: EverbloomState, seat: int, landmark: str, storms: tuple[tuple[str, Any], ...]) -> int:
        """How many of `storms` a first chip at `landmark` obeys."""
        reach = self.reach(state, seat, landmark)
        return sum(1 for space, storm in storms if (space in reach) == (storm.adjacent == "must"))

    def storm_binds(
        self, state: EverbloomState, seat: int, placements: dict[tuple[int, bool], list[PlaceChip]]
    ) -> bool:
        """Whether a storm limits this seat's next chip (given its `placements`): then no
        chip may go to a grove instead."""
        if state.players[seat].chips_placed:
            return False
        storms = self._storms(state)
        return bool(storms) and any(
            self.storms_obeyed(state, seat, a.landmark, storms) for legal in placements.values() for a in legal
        )

    def _empty_space(self, state: EverbloomState) -> str | None:
        return next((space for space in card_space_ids(state.side) if not state.stacks[space]), None)

    def _task_event(self, state: EverbloomState, task: Task) -> None:
        if not state.event_deck:
            return
        event_id, *rest = state.event_deck
        state.event_deck = rest
        event = CARDS[event_id]
        if telling(state):
            state.say(f"Event: {event.name} (placed by the {event.placement} icon).")
        stacks = state.__dict__["stacks"]
        candidates = [
            space for space in card_space_ids(state.side)
            if stacks[space] and not CARDS[stacks[space][0]].is_event and event.placement in CARDS[stacks[space][0]].biomes
        ]
        if len(candidates) > 1:
            self._ask(
                state, state.first_player, f"Which {event.placement} hybrid does {event.name} displace?",
                candidates, new_task(kind="event", card=event_id),
            )
            return
        self._answer_event(state, new_task(kind="event", card=event_id), candidates[0] if candidates else "")

    def _answer_event(self, state: EverbloomState, task: Task, space: str) -> None:
        state.face_up = [*state.face_up, task.card]
        empty = self._empty_space(state)
        stacks = dict(state.stacks)
        state.stacks = stacks
        if space and empty is not None:
            moved, *rest = stacks[space]
            stacks[empty] = [moved, *stacks[empty]]
            stacks[space] = [task.card, *rest]
            if telling(state):
                state.say(f"{card_name(moved)} moves to the empty space; {card_name(task.card)} takes its place.")
        else:
            target = empty or space or card_space_ids(state.side)[0]
            stacks[target] = [task.card, *stacks[target]]
            if telling(state):
                state.say(f"{card_name(task.card)} goes to the empty space.")

    def _task_hive(self, state: EverbloomState, task: Task) -> None:
        bees = next((seat for seat, p in enumerate(state.players) if p.faction == "bees"), None)
        if bees is None:
            return
        self._ask(state, bees, "Place the beehive on a landmark", self.hive_options(state), new_task(kind="hive", seat=bees))

    @staticmethod
    def hive_options(state: EverbloomState) -> list[str]:
        """Ruling 6: landmarks the hive has not covered in this game; if it has covered
        every one, the one it covered least recently."""
        fresh = [space for space in state.landmarks if space not in state.hive_history]
        return fresh or state.hive_history[:1]

    def _answer_hive(self, state: EverbloomState, task: Task, space: str) -> None:
        state.hive = space
        state.hive_history = [other for other in state.hive_history if other != space] + [space]
        if telling(state):
            state.say(f"{state.name(task.seat)} set the beehive on landmark {state.landmarks[space][0]}.")
