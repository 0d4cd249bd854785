"""Pollen's rules: plant a card, pollinate surrounded tokens, attract new ones.

How the app reads the rulebook where it is silent or loose (the same list is in the
`_about` header of assets/pollen/content.json):

1. The garden is an unbounded square grid.  Cards fill cells, tokens sit on the
   corner points between them (see model.py for the coordinates).  The grid is
   exactly what "four garden cards can fit around each token" asks for, so a card
   may be planted in any empty cell that has a token on one of its corners; it
   need not touch another card.  The first token lies on point (0, 0).
2. A scored token is turned face down and stays where it is: its spot never takes
   another token and never scores again.
3. Pollinate: a token is scored once all four cells around it hold cards.  For each
   insect on it, each player adds up the matching icons on their own cards around
   it; every star counts for every insect.  A single highest count takes a meeple
   of that insect; a tie (including "nobody has any") gives nothing.  When one card
   surrounds several tokens they are scored one after another in reading order
   (top row first, left to right); the order cannot change anything, because
   a meeple earned from an empty pile still counts (it is recorded as a fill-in).
4. Attract: an empty corner point is eligible when the cards around it belong to at
   least two different players ("two cards of different players").  Every
   eligible point is filled each turn while tokens last, so only the corners of
   the card just planted can become eligible.
5. One eligible point takes the next-up token automatically.  With several, the
   active player receives the next-up token plus one token from the bag per extra
   point, all face up, and places them one at a time (a `PlaceToken` action each).
   When every drawn token shows the same insects and there is one per point the
   choice cannot matter, so they are placed without asking.  The new next-up token
   is drawn only after all are placed, so it cannot sway the choice.
6. If the bag runs dry while attracting, the active player gets the tokens that are
   left and chooses which of the eligible points receive them; the rest stay empty.
   Placing the last token (the bag empty and no next-up token) ends the game.
7. A token placed on a point whose four cells are already full is scored at once,
   when it is placed.
8. A turn is: plant, pollinate, attract, then draw a card if the deck has one.  The
   end of the game is checked when the turn is over: the last meeple of an insect
   has been awarded (its pile is empty), the last token has been placed, or every
   hand is empty.  Not printed: if no empty cell touches a token any more, nobody
   can plant, so the game ends as well.
9. Turns go clockwise, which is seat order here.  A player with an empty hand
   would be skipped (with equal decks this cannot happen before the game ends).
10. Four players each return one single-star and one double-star card to the box
    before shuffling (13-card decks).  Two players use 10 meeples per insect.
11. Final scoring follows the printed steps: a leader of an insect has strictly the
    most meeples of it; leading two or three insects wins outright; players who lead
    nothing are eliminated; with no leader at all, the most meeples in total wins
    (a tie there is shared); otherwise each remaining player sets aside the insect
    they lead and counts the rest; a tie is broken by total meeples, then shared.
12. `legal_actions` offers identical cards in hand (e.g. two single stars) once,
    by the lowest id, and identical drawn tokens once; `validate` accepts either.
13. What a seat sees (`view`): its own hand, and its own remaining deck sorted
    (its contents can be worked out at the table, its order cannot); of everybody
    else only how many cards they hold; the bag sorted, never its order; no seed.
    Opening hands and drawn cards are logged privately to their owner.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import GameRules
from boardgames_tui.games.pollen.model import Action, PollenState
from boardgames_tui.games.pollen.rules.turns import Turns
from boardgames_tui.games.pollen.rules.scoring import Scoring, hidden_information

# The game's other modules (news, search, catalogue, the screen) and the tests import these from the rules.
from boardgames_tui.games.pollen.rules.common import (  # noqa: F401
    PollenOptions,
    HIDDEN_PLAYERS,
    attract_points,
    card_label,
    card_owner,
    cell_corners,
    cell_label,
    eligible_points,
    garden_map,
    insect_counts,
    is_surrounded,
    legal_cells,
    plantable_cells,
    point_cells,
    point_label,
    pollinate_point,
    reading_order,
    standing,
    surrounded_points,
    token_insects,
    token_label,
)


class PollenRules(Turns, Scoring, GameRules[PollenState]):
    """Pollen's rules, one part for each phase (see each module)."""

    slug: ClassVar[str] = "pollen"
    title: ClassVar[str] = "Pollen"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = PollenOptions
    # Won by the elimination steps; meeple totals only break ties.
    points_decide: ClassVar[bool] = False
    state_model = PollenState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)
