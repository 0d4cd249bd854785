"""The situations that bring Evergreen's lessons up (assets/evergreen/lessons.json).

Each looks only at one seat's own view and legal actions: a lesson never tells a seat
what it may not see (the others' plans are hidden in the view until the reveal).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.evergreen.content import cards, powers
from boardgames_tui.games.evergreen.rules import SEASON_ROUNDS
from boardgames_tui.games.evergreen.rules.common import BIG, GROWTH
from boardgames_tui.games.evergreen.model import EvergreenState, Grow, LakeGrow, UsePower

_CARDS = cards()
_POWERS = powers()


def _drafting(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    return view.phase == "draft" and bool(legal)


def _planning(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    return view.phase == "actions" and bool(legal)


def first_draft(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    return _drafting(view, seat, legal) and view.season == 0 and view.round == 1


def first_plan(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    plan = view.players[seat].plan
    return _planning(view, seat, legal) and view.season == 0 and view.round == 1 and plan is not None and not plan.steps


def lake_power(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    """The seat's card gives Place a Lake and a use is on offer: its growths come next."""
    card = view.players[seat].card
    return (
        _planning(view, seat, legal)
        and card is not None
        and _CARDS[card].power == "lake"
        and any(isinstance(action, UsePower) for action in legal)
    )


def aridity_in_row(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    return _drafting(view, seat, legal) and any(_CARDS[card].aridity for card in view.row)


def module_card_in_row(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    return _drafting(view, seat, legal) and any(_POWERS[_CARDS[card].power].module for card in view.row)


def big_tree_possible(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    """A step on offer turns a small tree into a big one: what fertility pays for at the end."""
    plan = view.players[seat].plan
    card = view.players[seat].card
    if not _planning(view, seat, legal) or plan is None:
        return False
    for action in legal:
        if isinstance(action, (Grow, LakeGrow)) and GROWTH.get(plan.board[action.space]) == BIG:
            return True
        if isinstance(action, UsePower) and card is not None and _CARDS[card].power == "small-to-big":
            return True
    return False


def winter(view: EvergreenState, seat: int, legal: list[Any]) -> bool:
    return (_drafting(view, seat, legal) or _planning(view, seat, legal)) and view.season == len(SEASON_ROUNDS) - 1


SITUATIONS = {
    "first_draft": first_draft,
    "first_plan": first_plan,
    "lake_power": lake_power,
    "aridity_in_row": aridity_in_row,
    "module_card_in_row": module_card_in_row,
    "big_tree_possible": big_tree_possible,
    "winter": winter,
}
