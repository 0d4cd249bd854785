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

import random
from bisect import insort
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from boardgames_tui.engine.contract import (
    HIDDEN,
    GameRules,
    IllegalMove,
    ScoreRow,
    ScoreSheet,
    Seat,
    visible_log,
)
from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.engine.text import plural, possessive
from boardgames_tui.games.pollen.content import (
    DECK_SIZE,
    TOKEN_COUNT,
    cards,
    hand_size,
    insects,
    meeples_per_insect,
    removed_positions,
    tokens,
)
from boardgames_tui.games.pollen.model import (
    Action,
    InsectResult,
    PlacedToken,
    Plant,
    Planted,
    PlaceToken,
    PlayerState,
    Pollination,
    PollenState,
)
from boardgames_tui.engine.text import and_list

Cell = tuple[int, int]
Point = tuple[int, int]

_CARDS = cards(4)
_OWNER = tuple(card.owner for card in _CARDS)
# -1 for a star card (wild).
_INSECT = tuple(-1 if card.insect is None else card.insect for card in _CARDS)
_ICONS = tuple(card.icons for card in _CARDS)
_KIND = tuple(card.kind for card in _CARDS)
_CARD_LABEL = tuple(card.label for card in _CARDS)
_TOKENS = tokens()
_TOKEN_INSECTS = tuple(token.insects for token in _TOKENS)
_TOKEN_LABEL = tuple(token.label for token in _TOKENS)
_INSECTS = insects()
_NAME = tuple(insect.name for insect in _INSECTS)
_PLURAL = tuple(insect.plural for insect in _INSECTS)
_INSECT_COUNT = len(_INSECTS)


def card_label(card: int) -> str:
    """ "4 Bees", "2 wild stars" … """
    return _CARD_LABEL[card]


def card_owner(card: int) -> int:
    return _OWNER[card]


def token_label(token: int) -> str:
    """ "Bee/Junebug" … """
    return _TOKEN_LABEL[token]


def token_insects(token: int) -> tuple[int, ...]:
    return _TOKEN_INSECTS[token]


def cell_label(cell: Cell) -> str:
    """A cell as the garden's rulers number it: "(2, -1)" is column 2, row -1."""
    return f"({cell[0]}, {cell[1]})"


def point_label(point: Point) -> str:
    """A token's corner, named by the cell it is the top-left corner of (the rulers number cells)."""
    return f"the top-left corner of {cell_label(point)}"


def seat_name(name: str) -> str:
    """A player's name as lines about them show it: a name that reads as the word
    "you" is quoted, so that '"You" plants …' is not taken for the reader."""
    return f'"{name}"' if name.strip().lower() == "you" else name


def reading_order(point: tuple[int, int]) -> tuple[int, int]:
    """Sort key: top row first, left to right (y grows downwards)."""
    return (point[1], point[0])


# -- geometry: pure helpers over plain mappings (a screen uses them to highlight) --------
def cell_corners(cell: Cell) -> tuple[Point, Point, Point, Point]:
    """The four token points at the corners of `cell`."""
    x, y = cell
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def point_cells(point: Point) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells around the token point `point`."""
    x, y = point
    return ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))


def legal_cells(cells: Collection[Cell], token_points: Iterable[Point]) -> list[Cell]:
    """Empty cells with a token on one of their corners: where a card may be planted.

    `cells` are the occupied cells; `token_points` the points holding a token.
    """
    found: set[Cell] = set()
    for x, y in token_points:
        for cell in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if cell not in cells:
                found.add(cell)
    return sorted(found, key=reading_order)


def is_surrounded(cells: Collection[Cell], point: Point) -> bool:
    """True when all four cells around `point` hold cards."""
    x, y = point
    return (x - 1, y - 1) in cells and (x, y - 1) in cells and (x - 1, y) in cells and (x, y) in cells


def surrounded_points(cells: Collection[Cell], points: Iterable[Point]) -> list[Point]:
    """Those of `points` whose four cells are all full, in reading order."""
    return sorted((point for point in set(points) if is_surrounded(cells, point)), key=reading_order)


def attract_points(
    owners: Mapping[Cell, int],
    occupied: Collection[Point],
    candidates: Iterable[Point] | None = None,
) -> list[Point]:
    """Empty points touching cards of at least two different players, in reading order.

    `owners` maps each occupied cell to the seat whose card lies there; `occupied`
    are the points already holding a token (face up or down).  `candidates` limits
    the search (the rules pass the new card's corners); by default every corner of
    every card is considered.
    """
    if candidates is None:
        candidates = {corner for cell in owners for corner in cell_corners(cell)}
    found = []
    for point in set(candidates):
        if point in occupied:
            continue
        seats = {owners[cell] for cell in point_cells(point) if cell in owners}
        if len(seats) >= 2:
            found.append(point)
    return sorted(found, key=reading_order)


def insect_counts(cards_at: Mapping[Cell, int], point: Point, insect: int, players: int) -> list[int]:
    """Each seat's icons for `insect` on the cards around `point` (stars are wild)."""
    counts = [0] * players
    for cell in point_cells(point):
        card = cards_at.get(cell)
        if card is None:
            continue
        shown = _INSECT[card]
        if shown == insect or shown == -1:
            counts[_OWNER[card]] += _ICONS[card]
    return counts


def pollinate_point(cards_at: Mapping[Cell, int], point: Point, token: int, players: int) -> list[InsectResult]:
    """Scores the token `token` at `point`: one result per insect it shows.

    The single highest count wins that insect's meeple; a tie gives nothing.
    """
    return [
        InsectResult(insect=insect, counts=counts, winner=winner)
        for insect, counts, winner in _score_token(cards_at, point, token, players)
    ]


def _score_token(
    cards_at: Mapping[Cell, int], point: Point, token: int, players: int
) -> list[tuple[int, list[int], int | None]]:
    """(insect, counts, winner) for each insect on `token`; see pollinate_point()."""
    results = []
    for insect in _TOKEN_INSECTS[token]:
        counts = insect_counts(cards_at, point, insect, players)
        best = max(counts)
        winner = counts.index(best) if best > 0 and counts.count(best) == 1 else None
        results.append((insect, counts, winner))
    return results


# -- the same questions asked of a state -------------------------------------------------
def garden_map(state: PollenState) -> dict[Cell, int]:
    """Cell -> card id of every planted card."""
    return {(planted.x, planted.y): planted.card for planted in state.garden}


def garden_owners(state: PollenState) -> dict[Cell, int]:
    """Cell -> seat of every planted card."""
    return {(planted.x, planted.y): _OWNER[planted.card] for planted in state.garden}


def token_map(state: PollenState) -> dict[Point, PlacedToken]:
    """Point -> token of every token on the table (face up or down)."""
    return {(placed.x, placed.y): placed for placed in state.tokens}


def plantable_cells(state: PollenState) -> list[Cell]:
    """Where the active player may plant now, in reading order."""
    cells = {(planted.x, planted.y) for planted in state.garden}
    return legal_cells(cells, [(placed.x, placed.y) for placed in state.tokens if placed.face_up])


def eligible_points(state: PollenState) -> list[Point]:
    """Every empty point that cards of two different players touch (see attract_points)."""
    return attract_points(garden_owners(state), token_map(state))


# -- final scoring ------------------------------------------------------------------------
Step = Literal["outright", "no leaders", "count", "tie breaker", "shared"]


@dataclass(frozen=True)
class Standing:
    """The printed scoring steps applied to everybody's meeples."""

    meeples: list[list[int]]
    totals: list[int]
    # Per insect: the seat with strictly the most meeples of it, or None.
    leaders: list[int | None]
    # Per seat: the insects it leads.
    led: list[list[int]]
    eliminated: list[bool]
    # Per seat: meeples left after setting aside the led insect (None: not counted).
    counts: list[int | None]
    # Seats tied for the best count, when the tie breaker was needed.
    tied: list[int]
    winners: list[int]
    step: Step
    decided_by: str


def standing(meeples: Sequence[Sequence[int]], names: Sequence[str] | None = None) -> Standing:
    """Applies Elimination, Discard, Count and Tie Breaker to `meeples[seat][insect]`."""
    players = len(meeples)
    names = list(names) if names is not None else [f"Seat {seat + 1}" for seat in range(players)]
    table = [list(row) for row in meeples]
    totals = [sum(row) for row in table]
    leaders: list[int | None] = []
    for insect in range(_INSECT_COUNT):
        column = [row[insect] for row in table]
        best = max(column)
        leaders.append(column.index(best) if best > 0 and column.count(best) == 1 else None)
    led = [[insect for insect, leader in enumerate(leaders) if leader == seat] for seat in range(players)]

    def result(
        step: Step,
        winners: list[int],
        decided_by: str,
        eliminated: list[bool],
        counts: list[int | None] | None = None,
        tied: list[int] | None = None,
    ) -> Standing:
        return Standing(
            meeples=table,
            totals=totals,
            leaders=leaders,
            led=led,
            eliminated=eliminated,
            counts=counts if counts is not None else [None] * players,
            tied=tied or [],
            winners=winners,
            step=step,
            decided_by=decided_by,
        )

    nobody_out = [False] * players
    for seat in range(players):
        if len(led[seat]) >= 2:
            insects_led = and_list([_PLURAL[insect] for insect in led[seat]])
            return result(
                "outright",
                [seat],
                f"Elimination: {names[seat]} leads {insects_led} and wins outright",
                [not led[other] for other in range(players)],
            )
    if all(leader is None for leader in leaders):
        best = max(totals)
        winners = [seat for seat in range(players) if totals[seat] == best]
        if len(winners) == 1:
            text = f"Elimination: no insect has a single leader, so the most meeples in total wins ({best})"
        else:
            text = (
                "Elimination: no insect has a single leader; "
                f"{and_list([names[seat] for seat in winners])} tie on {best} meeples in total and share the victory"
            )
        step: Step = "no leaders" if len(winners) == 1 else "shared"
        return result(step, winners, text, nobody_out)
    eliminated = [not led[seat] for seat in range(players)]
    counts: list[int | None] = [
        None if eliminated[seat] else totals[seat] - table[seat][led[seat][0]] for seat in range(players)
    ]
    remaining = [seat for seat in range(players) if not eliminated[seat]]
    best_count = max(counts[seat] for seat in remaining)  # type: ignore[type-var]
    top = [seat for seat in remaining if counts[seat] == best_count]
    if len(remaining) == 1:
        return result(
            "count",
            top,
            f"Elimination: only {names[top[0]]} leads an insect, so nobody else can win",
            eliminated,
            counts,
        )
    if len(top) == 1:
        return result(
            "count",
            top,
            f"Count: most meeples after setting aside the insect each one leads ({best_count})",
            eliminated,
            counts,
        )
    best_total = max(totals[seat] for seat in top)
    winners = [seat for seat in top if totals[seat] == best_total]
    tied_names = and_list([names[seat] for seat in top])
    if len(winners) == 1:
        return result(
            "tie breaker",
            winners,
            f"Tie breaker: {tied_names} tie on the count ({best_count}); "
            f"{names[winners[0]]} has the most meeples in total ({best_total})",
            eliminated,
            counts,
            top,
        )
    return result(
        "shared",
        winners,
        f"Tie breaker: {and_list([names[seat] for seat in winners])} tie on the count ({best_count}) "
        f"and on total meeples ({best_total}): they share the victory",
        eliminated,
        counts,
        top,
    )


def _rank_words(column: Sequence[int], seat: int) -> str:
    """Where `seat` stands on one insect: "leads 4 to 2", "tied for most at 3: no leader", "2nd"."""
    count = column[seat]
    higher = sum(1 for other in column if other > count)
    same = sum(1 for other in column if other == count) - 1
    if count == 0:
        return "none"
    if higher == 0:
        if same:
            return f"tied for most at {count}: no leader"
        runner_up = max((other for index, other in enumerate(column) if index != seat), default=0)
        return f"leads {count} to {runner_up}"
    place = higher + 1
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{'tied ' if same else ''}{place}{suffix}"


# -- options and the clone ----------------------------------------------------------------
class PollenOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # "random", or the seat number (1–4) of the player who most recently watered a plant.
    starting_player: Literal["random", 1, 2, 3, 4] = "random"


# Actions are frozen, so legal_actions hands out shared instances: building dozens of
# pydantic models for every move would cost more than all the rules put together.
_ROW_LIMIT = 50_000
_PLANT_ROWS: list[dict[Cell, Plant]] = [{} for _ in _CARDS]
_PLACE_ROWS: list[dict[Point, PlaceToken]] = [{} for _ in _TOKENS]


def _plant_actions(card: int, cells: list[Cell]) -> list[Plant]:
    row = _PLANT_ROWS[card]
    try:
        return list(map(row.__getitem__, cells))
    except KeyError:
        if len(row) > _ROW_LIMIT:
            row.clear()
        for x, y in cells:
            if (x, y) not in row:
                row[(x, y)] = Plant(card=card, x=x, y=y)
        return list(map(row.__getitem__, cells))


def _place_actions(token: int, points: list[Point]) -> list[PlaceToken]:
    row = _PLACE_ROWS[token]
    for x, y in points:
        if (x, y) not in row:
            if len(row) > _ROW_LIMIT:
                row.clear()
            row[(x, y)] = PlaceToken(token=token, x=x, y=y)
    return [row[point] for point in points]


def _clone(state: PollenState, seat: int) -> PollenState:
    # A hand-written copy: far cheaper than a deep copy; apply never shares a list it
    # changes.  Only the acting seat's hand and deck ever change, so only that player
    # is copied.
    players = list(state.players)
    player = players[seat]
    players[seat] = PlayerState(hand=list(player.hand), deck=list(player.deck))
    return state.model_copy(
        update={
            "log": list(state.log),
            "players": players,
            "meeples": [list(row) for row in state.meeples],
            "garden": list(state.garden),
            "tokens": list(state.tokens),
            "bag": list(state.bag),
            "pending_tokens": list(state.pending_tokens),
            "pending_points": list(state.pending_points),
            "supply": list(state.supply),
            "fill_ins": list(state.fill_ins),
            "pollinations": list(state.pollinations),
            "open_cells": list(state.open_cells),
            "end_reasons": list(state.end_reasons),
        }
    )


_HIDDEN_PLAYERS: dict[tuple[int, int], PlayerState] = {}


def _hidden_player(hand: int, deck: int) -> PlayerState:
    """Another player as a view shows them: only how many cards they hold (shared; read-only)."""
    key = (hand, deck)
    player = _HIDDEN_PLAYERS.get(key)
    if player is None:
        player = _HIDDEN_PLAYERS[key] = PlayerState(hand=[HIDDEN] * hand, deck=[HIDDEN] * deck)
    return player


def _flush(state: PollenState, notes: list[str]) -> None:
    """Logs the gathered public sentences as one line."""
    if notes:
        state.say(" ".join(notes))
        notes.clear()


def _cards_near(state: PollenState, cell: Cell) -> dict[Cell, int]:
    """Cell -> card for the 3 x 3 block of cells centred on `cell`."""
    x, y = cell
    return {
        (planted.x, planted.y): planted.card
        for planted in state.garden
        if x - 1 <= planted.x <= x + 1 and y - 1 <= planted.y <= y + 1
    }


class PollenRules(GameRules[PollenState]):
    slug: ClassVar[str] = "pollen"
    title: ClassVar[str] = "Pollen"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = PollenOptions
    state_model = PollenState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)

    # -- setup -----------------------------------------------------------------------------
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> PollenState:
        self.check_players(len(seats))
        if not isinstance(options, PollenOptions):
            options = PollenOptions.model_validate(options.model_dump())
        players = len(seats)
        choice = options.starting_player
        if choice != "random" and choice > players:
            raise ValueError(f"Seat {choice} cannot start: this game has only {players} players")
        per_insect = meeples_per_insect(players)
        state = PollenState(
            game=self.slug,
            seats=list(seats),
            seed=seed,
            active=0,
            first_player=0,
            players=[],
            meeples=[],
            bag=[],
            next_up=None,
            supply=[per_insect] * _INSECT_COUNT,
            fill_ins=[0] * _INSECT_COUNT,
            meeples_per_insect=per_insect,
        )
        removed = removed_positions(players)
        size = hand_size()
        for seat in range(players):
            deck = [seat * DECK_SIZE + position for position in range(DECK_SIZE) if position not in removed]
            state.removed.extend(seat * DECK_SIZE + position for position in removed)
            state.rng().shuffle(deck)
            state.players.append(PlayerState(hand=deck[:size], deck=deck[size:]))
            state.meeples.append([0] * _INSECT_COUNT)
        bag = list(range(TOKEN_COUNT))
        state.rng().shuffle(bag)
        centre = bag.pop()
        state.tokens.append(PlacedToken(x=0, y=0, token=centre))
        state.open_cells = list(point_cells((0, 0)))
        state.next_up = bag.pop()
        state.bag = bag
        if choice == "random":
            first = state.rng().randrange(players)
            how = "picked at random"
        else:
            first = choice - 1
            how = "chosen at setup"
        state.first_player = first
        state.active = first
        state.say(f"{and_list([seat.name for seat in seats])} sit down to Pollen.")
        if removed:
            state.say("With four players everyone returns a single-star and a double-star card to the box.")
        state.say(
            f"The first token ({token_label(centre)}) lies in the centre; next up: {token_label(state.next_up)}. "
            f"{per_insect} meeples of each insect."
        )
        for seat, player in enumerate(state.players):
            # Each label is one card ("2 Bees" shows two Bee icons): the count says so,
            # or two single-star cards would read as a line written twice.
            hand = ", ".join(card_label(card) for card in sorted(player.hand))
            state.say(
                f"{possessive(seat_name(state.name(seat)))} opening hand, {len(player.hand)} cards: {hand}.",
                visible_to=(seat,),
            )
        state.say(f"{seat_name(state.name(first))} plays first ({how}).")
        return state

    # -- who acts --------------------------------------------------------------------------
    def to_act(self, state: PollenState) -> list[int]:
        return [] if state.phase == "over" else [state.active]

    def is_over(self, state: PollenState) -> bool:
        return state.phase == "over"

    def prompt(self, state: PollenState, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        if state.phase == "over" or seat != state.active:
            return ""
        if state.phase == "assign":
            left = len(state.pending_tokens)
            return f"place the drawn pollinator token{'s' if left > 1 else ''} ({left} left)"
        return "plant a garden card next to a token"

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: PollenState, seat: int) -> list[Any]:
        if state.phase == "over" or seat != state.active:
            return []
        if state.phase == "plant":
            offered: dict[str, int] = {}
            for card in sorted(state.players[seat].hand):
                if card != HIDDEN and _KIND[card] not in offered:
                    offered[_KIND[card]] = card
            actions: list[Any] = []
            for card in offered.values():
                actions.extend(_plant_actions(card, state.open_cells))
            return actions
        kinds: dict[tuple[int, ...], int] = {}
        for token in sorted(state.pending_tokens):
            kinds.setdefault(_TOKEN_INSECTS[token], token)
        actions = []
        for token in kinds.values():
            actions.extend(_place_actions(token, state.pending_points))
        return actions

    def validate(self, state: PollenState, seat: int, action: Any) -> None:
        if not 0 <= seat < len(state.seats):
            raise IllegalMove(f"There is no seat {seat + 1} in this game.")
        if state.phase == "over":
            raise IllegalMove("The game is over.")
        name = state.name(seat)
        if seat != state.active:
            raise IllegalMove(
                f"It is not {possessive(seat_name(name))} turn: {seat_name(state.name(state.active))} is playing."
            )
        if isinstance(action, Plant):
            if state.phase == "assign":
                left = len(state.pending_tokens)
                raise IllegalMove(
                    f"First place the pollinator token{'s' if left > 1 else ''} you drew ({left} left)."
                )
            if action.card not in state.players[seat].hand:
                raise IllegalMove("That card is not in your hand.")
            cell = (action.x, action.y)
            if cell in state.open_cells:
                return
            if any(planted.x == action.x and planted.y == action.y for planted in state.garden):
                raise IllegalMove("That cell already holds a card.")
            raise IllegalMove("That cell does not touch any token.")
        elif isinstance(action, PlaceToken):
            if state.phase != "assign":
                raise IllegalMove("There is no drawn pollinator token to place: plant a garden card.")
            if action.token not in state.pending_tokens:
                raise IllegalMove("That is not one of the pollinator tokens you drew.")
            point = (action.x, action.y)
            if point not in state.pending_points:
                if any(placed.x == action.x and placed.y == action.y for placed in state.tokens):
                    raise IllegalMove("That spot already holds a token.")
                raise IllegalMove(
                    "That spot cannot attract a token: choose one of the spots next to the new card "
                    "where cards of two different players meet."
                )
        else:
            raise IllegalMove("That is not a move in Pollen.")

    # -- applying ----------------------------------------------------------------------------
    # Public sentences of one action are gathered in `notes` and logged as one line;
    # a pollination, the end of the game and private draws get lines of their own.
    def apply(self, state: PollenState, seat: int, action: Any) -> PollenState:
        state = _clone(state, seat)
        notes = [self.log_line(state, seat, action)]
        if isinstance(action, Plant):
            self._plant(state, seat, action, notes)
        elif isinstance(action, PlaceToken):
            # The waiting spots are corners of the card just planted.
            last = state.last_planted
            cards_at = _cards_near(state, last) if last is not None else garden_map(state)
            self._place_token(state, action.token, (action.x, action.y), cards_at, notes, announce=False)
            self._continue_attract(state, seat, cards_at, notes)
        else:
            raise IllegalMove("That is not a move in Pollen.")
        _flush(state, notes)
        return state

    def log_line(self, state: PollenState, seat: int, action: Any) -> str:
        name = seat_name(state.seats[seat].name)
        if isinstance(action, Plant):
            return f"{name} plants {_CARD_LABEL[action.card]} at {cell_label((action.x, action.y))}."
        if isinstance(action, PlaceToken):
            return f"{name} places the {_TOKEN_LABEL[action.token]} token at {point_label((action.x, action.y))}."
        return f"{name}: {action!r}"

    def _plant(self, state: PollenState, seat: int, action: Plant, notes: list[str]) -> None:
        # 1. Plant.
        state.players[seat].hand.remove(action.card)
        cell = (action.x, action.y)
        state.garden.append(Planted(x=action.x, y=action.y, card=action.card))
        state.open_cells.remove(cell)
        state.last_planted = cell
        # Everything this turn happens at the new card's corners, so the cards in the
        # 3 x 3 block around it are all that is ever looked at.
        cards_at = _cards_near(state, cell)
        corners = cell_corners(cell)
        x, y = cell
        at_corners: dict[Point, PlacedToken] = {}
        for placed in state.tokens:
            if x <= placed.x <= x + 1 and y <= placed.y <= y + 1:
                at_corners[(placed.x, placed.y)] = placed
        # Only the new card's corners can have become surrounded (2. Pollinate) or
        # eligible for a token (3. Attract); corners are already in reading order.
        get = cards_at.get
        points: list[Point] = []
        for point in corners:
            px, py = point
            around = (get((px - 1, py - 1)), get((px, py - 1)), get((px - 1, py)), get((px, py)))
            placed = at_corners.get(point)
            if placed is None:
                owners = {_OWNER[card] for card in around if card is not None}
                if len(owners) >= 2:
                    points.append(point)
            elif placed.face_up and None not in around:
                self._pollinate(state, placed, cards_at, notes)
        if not points or state.next_up is None:
            self._end_turn(state, seat, notes)
            return
        drawn = [state.next_up]
        state.next_up = None
        while len(drawn) < len(points) and state.bag:
            drawn.append(state.bag.pop())
        if len(drawn) > 1:
            state.info_epoch += 1
            notes.append(
                f"{len(points)} spots attract pollinators: {seat_name(state.name(seat))} takes the next-up token and draws "
                f"{len(drawn) - 1} more ({', '.join(token_label(token) for token in drawn)})."
            )
        elif len(points) > 1:
            notes.append(f"{len(points)} spots attract pollinators, but only the next-up token is left.")
        state.pending_tokens.extend(drawn)
        state.pending_points.extend(points)
        self._continue_attract(state, seat, cards_at, notes)

    def _continue_attract(
        self, state: PollenState, seat: int, cards_at: Mapping[Cell, int], notes: list[str]
    ) -> None:
        """Places drawn tokens while the choice cannot matter; else waits for the player."""
        pending, points = state.pending_tokens, state.pending_points
        while pending:
            if len(points) == len(pending) and len({_TOKEN_INSECTS[token] for token in pending}) == 1:
                self._place_token(state, pending[0], points[0], cards_at, notes, announce=True)
                continue
            if state.phase != "assign":
                state.phase = "assign"
            return
        if state.phase != "plant":
            state.phase = "plant"
        if points:
            # The bag ran dry: these spots stay empty.
            points.clear()
        if state.next_up is None and state.bag:
            state.next_up = state.bag.pop()
            state.info_epoch += 1
            notes.append(f"Next up: {token_label(state.next_up)}.")
        self._end_turn(state, seat, notes)

    def _place_token(
        self,
        state: PollenState,
        token: int,
        point: Point,
        cards_at: Mapping[Cell, int],
        notes: list[str],
        *,
        announce: bool,
    ) -> None:
        state.pending_tokens.remove(token)
        state.pending_points.remove(point)
        placed = PlacedToken(x=point[0], y=point[1], token=token)
        state.tokens.append(placed)
        if announce:
            notes.append(f"A {_TOKEN_LABEL[token]} token settles at {point_label(point)}.")
        open_cells = state.open_cells
        surrounded = True
        for cell in point_cells(point):
            if cell not in cards_at:
                surrounded = False
                if cell not in open_cells:
                    insort(open_cells, cell, key=reading_order)
        if surrounded:
            notes.append(f"All four cells around {point_label(point)} are already full, so it is scored at once.")
            self._pollinate(state, placed, cards_at, notes)

    def _pollinate(
        self, state: PollenState, placed: PlacedToken, cards_at: Mapping[Cell, int], notes: list[str]
    ) -> None:
        point = (placed.x, placed.y)
        names = [seat_name(seat.name) for seat in state.seats]
        results = []
        parts = []
        for insect, counts, winner in _score_token(cards_at, point, placed.token, len(names)):
            shown = ", ".join(f"{names[seat]} {count}" for seat, count in enumerate(counts) if count > 0)
            if winner is None:
                parts.append(f"{_PLURAL[insect]}: {shown}, a tie: no meeple" if shown else f"{_PLURAL[insect]}: none")
                results.append(InsectResult(insect=insect, counts=counts, winner=None))
                continue
            empty = state.supply[insect] == 0
            if empty:
                state.fill_ins[insect] += 1
                won = f"{names[winner]} wins a {_NAME[insect]} meeple (the pile is empty; it still counts)"
            else:
                state.supply[insect] -= 1
                won = f"{names[winner]} wins a {_NAME[insect]} meeple"
            state.meeples[winner][insect] += 1
            parts.append(f"{_PLURAL[insect]}: {shown}, {won}")
            results.append(InsectResult(insect=insect, counts=counts, winner=winner, from_empty_pile=empty))
        state.pollinations.append(
            Pollination(turn=state.turn, token=placed.token, x=placed.x, y=placed.y, results=results)
        )
        tokens_ = state.tokens
        index = next(index for index, other in enumerate(tokens_) if other is placed)
        tokens_[index] = PlacedToken(x=placed.x, y=placed.y, token=placed.token, face_up=False)
        _flush(state, notes)
        state.say(
            f"The {_TOKEN_LABEL[placed.token]} token at {point_label(point)} is pollinated. " + "; ".join(parts) + "."
        )

    def _end_turn(self, state: PollenState, seat: int, notes: list[str]) -> None:
        _flush(state, notes)
        player = state.players[seat]
        if player.deck:
            card = player.deck.pop(0)
            player.hand.append(card)
            state.info_epoch += 1
            state.say(f"{state.seats[seat].name} drew {_CARD_LABEL[card]}.", visible_to=(seat,))
        reasons = self.end_reasons(state)
        if reasons:
            state.phase = "over"
            state.end_reasons = reasons
            state.say("The game ends: " + " ".join(reasons))
            return
        state.turn += 1
        players = len(state.players)
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if state.players[candidate].hand:
                state.active = candidate
                return

    @staticmethod
    def end_reasons(state: PollenState) -> list[str]:
        """Which end-of-game triggers hold now (checked when a turn is over)."""
        reasons = [
            f"The last {_NAME[insect]} meeple has been awarded."
            for insect in range(_INSECT_COUNT)
            if state.supply[insect] == 0
        ]
        if state.next_up is None and not state.bag:
            reasons.append("The last pollinator token has been placed.")
        if all(not player.hand for player in state.players):
            reasons.append("Every garden card has been played.")
        elif not state.open_cells:
            reasons.append("No empty cell touches a token any more, so nobody can plant.")
        return reasons

    # -- what a seat may see ---------------------------------------------------------------
    def view(self, state: PollenState, seat: int) -> PollenState:
        players = [
            PlayerState(hand=player.hand, deck=sorted(player.deck))
            if index == seat
            else _hidden_player(len(player.hand), len(player.deck))
            for index, player in enumerate(state.players)
        ]
        return state.model_copy(
            update={
                "seed": 0,
                "rng_draws": 0,
                "players": players,
                # Which tokens are left can be counted from the table; their order cannot.
                "bag": sorted(state.bag),
                "log": visible_log(state.log, seat),
            }
        )

    # -- scores ------------------------------------------------------------------------------
    def standing(self, state: PollenState) -> Standing:
        return standing(state.meeples, [seat_name(seat.name) for seat in state.seats])

    def score_sheet(self, state: PollenState) -> ScoreSheet:
        names = [seat.name for seat in state.seats]
        result = self.standing(state)
        players = len(names)
        rows: list[ScoreRow] = []
        # Where each meeple came from: the scored tokens that gave it, some from an empty pile.
        won_on: list[list[list[str]]] = [[[] for _ in range(_INSECT_COUNT)] for _ in range(players)]
        from_empty = [[0] * _INSECT_COUNT for _ in range(players)]
        for pollination in state.pollinations:
            for insect_result in pollination.results:
                if insect_result.winner is not None:
                    won_on[insect_result.winner][insect_result.insect].append(str(pollination.turn))
                    from_empty[insect_result.winner][insect_result.insect] += insect_result.from_empty_pile
        for insect in range(_INSECT_COUNT):
            column = [row[insect] for row in result.meeples]
            details = []
            for seat in range(players):
                rank = _rank_words(column, seat)
                sources = won_on[seat][insect]
                if sources:
                    turns = "turn" if len(sources) == 1 else "turns"
                    rank += f"; won on {plural(len(sources), 'token')} ({turns} {', '.join(sources)})"
                if from_empty[seat][insect]:
                    rank += f", {from_empty[seat][insect]} from the empty pile"
                details.append(rank)
            rows.append(ScoreRow(category=f"{_PLURAL[insect]} meeples", values=column, details=details))
        rows.append(ScoreRow(category="Total meeples", values=list(result.totals)))
        notes: list[str] = []

        led_details = []
        for seat in range(players):
            led = result.led[seat]
            if result.step == "outright" and seat in result.winners:
                led_details.append(f"leads {and_list([_PLURAL[i] for i in led])}: wins outright")
            elif led:
                led_details.append(f"leads {_PLURAL[led[0]]}")
            elif result.step in ("no leaders", "shared") and all(leader is None for leader in result.leaders):
                led_details.append("no insect has a leader")
            else:
                led_details.append("leads nothing: eliminated")
        rows.append(
            ScoreRow(
                category="1. Elimination: insects led",
                values=[len(led) for led in result.led],
                details=led_details,
            )
        )
        for seat in range(players):
            if result.eliminated[seat]:
                notes.append(f"{seat_name(names[seat])} leads no insect and is eliminated.")
        counted = any(count is not None for count in result.counts)
        if counted:
            rows.append(
                ScoreRow(
                    category="2. Discard: led insect set aside",
                    values=[
                        0 if result.counts[seat] is None else result.meeples[seat][result.led[seat][0]]
                        for seat in range(players)
                    ],
                    details=[
                        "eliminated" if result.counts[seat] is None else f"{_PLURAL[result.led[seat][0]]} set aside"
                        for seat in range(players)
                    ],
                )
            )
            count_details = []
            for seat in range(players):
                if result.counts[seat] is None:
                    count_details.append("eliminated")
                    continue
                kept = [
                    f"{_PLURAL[insect]} {result.meeples[seat][insect]}"
                    for insect in range(_INSECT_COUNT)
                    if insect != result.led[seat][0]
                ]
                count_details.append(" + ".join(kept))
            rows.append(
                ScoreRow(
                    category="3. Count: meeples left",
                    values=[count or 0 for count in result.counts],
                    details=count_details,
                )
            )
        if result.tied:
            rows.append(
                ScoreRow(
                    category="4. Tie breaker: total meeples",
                    values=[result.totals[seat] if seat in result.tied else 0 for seat in range(players)],
                    details=["tied on the count" if seat in result.tied else "not tied" for seat in range(players)],
                )
            )
        if state.end_reasons:
            notes.append("The game ended: " + " ".join(state.end_reasons))
        for insect in range(_INSECT_COUNT):
            if state.fill_ins[insect]:
                won = plural(state.fill_ins[insect], f"{_NAME[insect]} meeple")
                notes.append(f"{won} {'was' if state.fill_ins[insect] == 1 else 'were'} won after the pile ran out; they count.")
        scored = len(state.pollinations)
        ties = sum(
            1 for pollination in state.pollinations for insect_result in pollination.results
            if insect_result.winner is None and max(insect_result.counts) > 0
        )
        notes.append(f"Tokens scored: {scored}; insects tied on them, so that nobody won the meeple: {ties}.")
        # The end reveals everything the table could not see: unplanted cards, the bag.
        for section in hidden_information(state):
            owned = section.title in names
            title = f"{possessive(seat_name(section.title))} cards never planted" if owned else section.title
            notes.append(f"{title}: {'; '.join(section.lines)}.")
        notes.append("Totals are all meeples won; the winner is decided by the scoring steps above.")
        return ScoreSheet(
            players=names,
            rows=rows,
            totals=list(result.totals),
            winners=list(result.winners),
            decided_by=result.decided_by,
            notes=notes,
        )


def _card_names(cards: list[int]) -> str:
    return ", ".join(card_label(card) for card in cards)


def hidden_information(state: PollenState) -> list[RevealedSection]:
    """Everything a Pollen table cannot see, for the end's reveal and a replay's
    "everything revealed" view: every hand, the order of each seat's draw pile (its
    owner sees only which cards are left) and the order of the token bag."""
    sections = []
    for seat, player in enumerate(state.players):
        lines = []
        if player.hand:
            lines.append(f"Hand: {_card_names(player.hand)}")
        if player.deck:
            # Drawn from the front (rules.py: player.deck.pop(0)).
            lines.append(f"Draw pile ({len(player.deck)}), next drawn first: {_card_names(player.deck)}")
        if lines:
            sections.append(RevealedSection(state.name(seat), tuple(lines)))
    if state.bag:
        # Drawn from the end (rules.py: state.bag.pop()).
        order = ", ".join(token_label(token) for token in reversed(state.bag))
        sections.append(RevealedSection("Token bag", (f"{len(state.bag)} tokens, next drawn first: {order}",)))
    return sections
