"""The situations that bring Everbloom's lessons up (assets/everbloom/lessons.json).

Each looks only at one seat's own view and legal actions: a lesson never tells a seat
what it may not see (others' nectar and pollination choices are hidden in the view).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.everbloom.content import factions
from boardgames_tui.games.everbloom.model import (
    EverbloomState,
    FinishPollination,
    MovePollinator,
    PlaceChip,
    Pollinate,
    TakeGrove,
)
from boardgames_tui.games.everbloom.rules import EverbloomRules

_RULES = EverbloomRules()
WILDLIFE_LANDMARKS = ("west", "east")


def _acts(view: EverbloomState, seat: int, legal: list[Any], phase: str) -> bool:
    return view.phase == phase and bool(legal)


def nectar_draft(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    return _acts(view, seat, legal, "draft")


def first_chip(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    return _acts(view, seat, legal, "wilderness") and view.round == 1 and view.players[seat].chips_placed == 0


def _playing(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    """The seat is to place a chip (not in the middle of a turn's split)."""
    return _acts(view, seat, legal, "wilderness") and view.turn is None and view.choice is None


def storm_this_round(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    """An event with a storm lies face up on a card space."""
    if not _playing(view, seat, legal):
        return False
    for space in view.stacks:
        rule = _RULES.card_rule(view, space)
        if rule is not None and str(rule.kind).startswith("storm"):
            return True
    return False


def tie_possible(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    """Another player has pollinators on a card or chips on a wildlife landmark: the
    seat's chip could draw level with them."""
    if not _playing(view, seat, legal):
        return False
    on_cards = any(count for counts in view.pollinators.values() for other, count in enumerate(counts) if other != seat)
    on_wildlife = any(chip.seat != seat for landmark in WILDLIFE_LANDMARKS for chip in view.chips.get(landmark, ()))
    return on_cards or on_wildlife


def butterflies_power_on_offer(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    """The seat may play the chip that moves a pollinator (the Butterflies' 4), or has
    played it and is asked whether to move one: taught before the chip is chosen."""
    turn = view.turn
    if turn is not None and turn.seat == seat and turn.steps[:1] == ["butterfly"]:
        return any(isinstance(action, MovePollinator) for action in legal)
    ability = factions()[view.players[seat].faction].ability
    return (
        _playing(view, seat, legal)
        and ability.kind == "move_pollinator"
        and any(isinstance(action, PlaceChip) and action.chip == ability.chip and not action.first_chip for action in legal)
    )


def after_migration(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    return bool(legal) and view.phase != "draft" and bool(view.contests)


def pollinating(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    return view.phase == "pollination" and any(isinstance(action, (TakeGrove, Pollinate, FinishPollination)) for action in legal)


def a_later_round(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    return _playing(view, seat, legal) and view.round >= 2


def last_round(view: EverbloomState, seat: int, legal: list[Any]) -> bool:
    return _playing(view, seat, legal) and view.round >= 3


SITUATIONS = {
    "nectar_draft": nectar_draft,
    "first_chip": first_chip,
    "storm_this_round": storm_this_round,
    "tie_possible": tie_possible,
    "butterflies_power_on_offer": butterflies_power_on_offer,
    "after_migration": after_migration,
    "pollinating": pollinating,
    "a_later_round": a_later_round,
    "last_round": last_round,
}
