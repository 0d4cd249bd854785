"""The situations that bring Pollen's lessons up (assets/pollen/lessons.json).

Each looks only at one seat's own view and legal actions: a lesson never tells a seat
what it may not see (other hands are hidden in the view).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.games.pollen.content import cards
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules import garden_map, point_cells

_CARDS = cards(4)


def _planting(view: PollenState, seat: int, legal: list[Any]) -> bool:
    return view.phase == "plant" and bool(legal)


def first_planting(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """The seat's first card: none of its cards is in the garden yet."""
    return _planting(view, seat, legal) and not any(_CARDS[planted.card].owner == seat for planted in view.garden)


def token_to_complete(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """A face-up token has three of its four spaces planted and the fourth is open: a card
    there scores it."""
    if not _planting(view, seat, legal):
        return False
    planted = garden_map(view)
    open_cells = set(view.open_cells)
    for token in view.tokens:
        if not token.face_up:
            continue
        cells = point_cells((token.x, token.y))
        empty = [cell for cell in cells if cell not in planted]
        if len(empty) == 1 and empty[0] in open_cells:
            return True
    return False


def tokens_to_place(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """Several points attracted at once: the seat places the drawn tokens one by one."""
    return view.phase == "assign" and bool(legal)


def star_card_in_hand(view: PollenState, seat: int, legal: list[Any]) -> bool:
    hand = view.players[seat].hand
    return _planting(view, seat, legal) and any(card != HIDDEN and _CARDS[card].is_star and _CARDS[card].icons >= 2 for card in hand)


def gardens_meet(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """Cards of two players lie in the garden: new tokens come where they meet."""
    return _planting(view, seat, legal) and len({_CARDS[planted.card].owner for planted in view.garden}) >= 2


def a_tie_happened(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """A scored insect went to nobody because the best counts were level."""
    return _planting(view, seat, legal) and any(
        result.winner is None and max(result.counts) > 0 for scored in view.pollinations for result in scored.results
    )


def meeples_won(view: PollenState, seat: int, legal: list[Any]) -> bool:
    return _planting(view, seat, legal) and any(sum(meeples) for meeples in view.meeples)


def end_in_sight(view: PollenState, seat: int, legal: list[Any]) -> bool:
    """A meeple pile, the tokens or the seat's cards are nearly gone."""
    if not _planting(view, seat, legal):
        return False
    own = view.players[seat]
    tokens_left = len(view.bag) + (view.next_up is not None)
    return min(view.supply) <= 3 or tokens_left <= 4 or len(own.hand) + len(own.deck) <= 4


SITUATIONS = {
    "first_planting": first_planting,
    "token_to_complete": token_to_complete,
    "tokens_to_place": tokens_to_place,
    "star_card_in_hand": star_card_in_hand,
    "gardens_meet": gardens_meet,
    "a_tie_happened": a_tie_happened,
    "meeples_won": meeples_won,
    "end_in_sight": end_in_sight,
}
