"""The situations that bring Pollen's lessons up (assets/pollen/lessons.json).

Each looks only at one seat's own view and legal actions: a lesson never tells a seat
what it may not see (other hands are hidden in the view).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.pollen.content import cards
from boardgames_tui.games.pollen.model import PollenState

_CARDS = cards(4)


def _planting(view: PollenState, seat: int, legal: list[Any]) -> bool:
    return view.phase == "plant" and bool(legal)


def first_planting(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """The seat's first card: none of its cards is in the garden yet."""
    return _planting(view, seat, legal) and not any(_CARDS[planted.card].owner == seat for planted in view.garden)


def second_planting(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """The seat has a card in the garden already: meeples are in reach, and how they win the game matters."""
    return _planting(view, seat, legal) and not first_planting(view, seat, legal)


def tokens_to_place(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """Several points attracted at once: the seat places the drawn tokens one by one."""
    return view.phase == "assign" and bool(legal)


def gardens_meet(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """Cards of two players lie in the garden: new tokens come where they meet."""
    return _planting(view, seat, legal) and len({_CARDS[planted.card].owner for planted in view.garden}) >= 2


def end_in_sight(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """A meeple pile, the tokens or the seat's cards are nearly gone."""
    if not _planting(view, seat, legal):
        return False
    own = view.players[seat]
    tokens_left = len(view.bag) + (view.next_up is not None)
    return min(view.supply) <= 3 or tokens_left <= 4 or len(own.hand) + len(own.deck) <= 4


SITUATIONS = {
    "first_planting": first_planting,
    "second_planting": second_planting,
    "tokens_to_place": tokens_to_place,
    "gardens_meet": gardens_meet,
    "end_in_sight": end_in_sight,
}
