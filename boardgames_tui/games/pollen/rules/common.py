"""What every part of Pollen's rules shares: cards, tokens and insects looked up
once, the garden's geometry, a pollination's count, and the standing of the insects."""

from __future__ import annotations

import random
import threading
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from boardgames_tui.engine.contract import HIDDEN, LogEntry, construct_frozen, copy_with
from boardgames_tui.engine.text import and_list, name_verb, verb_for
from boardgames_tui.games.pollen.content import cards, insects, tokens
from boardgames_tui.games.pollen.model import (
    InsectResult,
    PlaceToken,
    PlacedToken,
    Plant,
    PlayerState,
    Planted,
    PollenState,
    Pollination,
)
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

Cell = tuple[int, int]
Point = tuple[int, int]

_CARDS = cards(4)
_OWNER = tuple(card.owner for card in _CARDS)
# -1 for a star card (wild).
_INSECT = tuple(-1 if card.insect is None else card.insect for card in _CARDS)
_ICONS = tuple(card.icons for card in _CARDS)
KIND = tuple(card.kind for card in _CARDS)
CARD_LABEL = tuple(card.label for card in _CARDS)
_TOKENS = tokens()
TOKEN_INSECTS = tuple(token.insects for token in _TOKENS)
TOKEN_LABEL = tuple(token.label for token in _TOKENS)
_INSECTS = insects()
NAME = tuple(insect.name for insect in _INSECTS)
PLURAL = tuple(insect.plural for insect in _INSECTS)
INSECT_COUNT = len(_INSECTS)
LAST_MEEPLE = tuple(f"The last {name} meeple has been awarded." for name in NAME)


def card_label(card: int) -> str:
    """ "4 Bees", "2 wild stars" … """
    return CARD_LABEL[card]


def card_owner(card: int) -> int:
    return _OWNER[card]


def token_label(token: int) -> str:
    """ "Bee/Junebug" … """
    return TOKEN_LABEL[token]


def token_insects(token: int) -> tuple[int, ...]:
    return TOKEN_INSECTS[token]


def cell_label(cell: Cell) -> str:
    """A cell as the garden's rulers number it: "(2, -1)" is column 2, row -1."""
    return f"({cell[0]}, {cell[1]})"


def point_label(point: Point) -> str:
    """A token's corner, named by the cell it is the top-left corner of (the rulers number cells)."""
    return f"the top-left corner of ({point[0]}, {point[1]})"  # `cell_label`'s words


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
    return _icon_counts(_cards_around(cards_at, point), insect, players)


def _cards_around(cards_at: Mapping[Cell, int], point: Point) -> list[int]:
    """The cards in the four cells around `point`."""
    x, y = point
    get = cards_at.get
    return [card for card in (get((x - 1, y - 1)), get((x, y - 1)), get((x - 1, y)), get((x, y))) if card is not None]


def _icon_counts(cards: Iterable[int], insect: int, players: int) -> list[int]:
    """Each seat's icons for `insect` on `cards` (stars are wild)."""
    counts = [0] * players
    for card in cards:
        shown = _INSECT[card]
        if shown == insect or shown == -1:
            counts[_OWNER[card]] += _ICONS[card]
    return counts


def pollinate_point(cards_at: Mapping[Cell, int], point: Point, token: int, players: int) -> list[InsectResult]:
    """Scores the token `token` at `point`: one result per insect it shows.

    The single highest count wins that insect's meeple; a tie gives nothing.
    """
    return [InsectResult(insect, counts, winner) for insect, counts, winner in score_token(cards_at, point, token, players)]


def score_token(
    cards_at: Mapping[Cell, int], point: Point, token: int, players: int
) -> list[tuple[int, list[int], int | None]]:
    """(insect, counts, winner) for each insect on `token`; see pollinate_point()."""
    around = _cards_around(cards_at, point)
    results = []
    for insect in TOKEN_INSECTS[token]:
        counts = _icon_counts(around, insect, players)
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
    """The printed scoring steps applied to everybody's meeples: numbers, with the
    sentence that says how the winner was found (`decided_by`) written only when asked."""

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
    # Each seat's name for `decided_by`; None: "Seat 1", "Seat 2", …
    names: Sequence[str] | None = None

    @property
    def decided_by(self) -> str:
        """How the winner was found, in the rulebook's words ("Count: most meeples …")."""
        names = list(self.names) if self.names is not None else [f"Seat {seat + 1}" for seat in range(len(self.totals))]
        first = self.winners[0]
        if self.step == "outright":
            insects_led = and_list([PLURAL[insect] for insect in self.led[first]])
            name = names[first]
            return f"Elimination: {name_verb(name, 'lead')} {insects_led} and {verb_for(name, 'win')} outright"
        if all(leader is None for leader in self.leaders):
            best = self.totals[first]
            if len(self.winners) == 1:
                return f"Elimination: no insect has a single leader, so the most meeples in total wins ({best})"
            tied = and_list([names[seat] for seat in self.winners])
            return f"Elimination: no insect has a single leader; {tied} tie on {best} meeples in total and share the victory"
        if self.step == "count":
            if self.eliminated.count(False) == 1:
                return f"Elimination: only {names[first]} leads an insect, so nobody else can win"
            return f"Count: most meeples after setting aside the insect each one leads ({self.counts[first]})"
        best_count, best_total = self.counts[first], self.totals[first]
        if self.step == "tie breaker":
            return (
                f"Tie breaker: {and_list([names[seat] for seat in self.tied])} tie on the count ({best_count}); "
                f"{name_verb(names[first], 'have')} the most meeples in total ({best_total})"
            )
        return (
            f"Tie breaker: {and_list([names[seat] for seat in self.winners])} tie on the count ({best_count}) "
            f"and on total meeples ({best_total}): they share the victory"
        )


def standing(meeples: Sequence[Sequence[int]], names: Sequence[str] | None = None) -> Standing:
    """Applies Elimination, Discard, Count and Tie Breaker to `meeples[seat][insect]`;
    `names` are only for the words of `decided_by`."""
    players = len(meeples)
    table = [list(row) for row in meeples]
    totals = [sum(row) for row in table]
    leaders: list[int | None] = []
    for insect in range(INSECT_COUNT):
        column = [row[insect] for row in table]
        best = max(column)
        leaders.append(column.index(best) if best > 0 and column.count(best) == 1 else None)
    led = [[insect for insect, leader in enumerate(leaders) if leader == seat] for seat in range(players)]

    def result(
        step: Step,
        winners: list[int],
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
            names=names,
        )

    for seat in range(players):
        if len(led[seat]) >= 2:
            return result("outright", [seat], [not led[other] for other in range(players)])
    if all(leader is None for leader in leaders):
        best = max(totals)
        winners = [seat for seat in range(players) if totals[seat] == best]
        return result("no leaders" if len(winners) == 1 else "shared", winners, [False] * players)
    eliminated = [not led[seat] for seat in range(players)]
    counts: list[int | None] = [
        None if eliminated[seat] else totals[seat] - table[seat][led[seat][0]] for seat in range(players)
    ]
    remaining = [seat for seat in range(players) if not eliminated[seat]]
    best_count = max(counts[seat] for seat in remaining)  # type: ignore[type-var]
    top = [seat for seat in remaining if counts[seat] == best_count]
    if len(remaining) == 1 or len(top) == 1:
        return result("count", top, eliminated, counts)
    best_total = max(totals[seat] for seat in top)
    winners = [seat for seat in top if totals[seat] == best_total]
    return result("tie breaker" if len(winners) == 1 else "shared", winners, eliminated, counts, top)


def rank_words(column: Sequence[int], seat: int) -> str:
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
# Plantings are kept by cell, in a slot per card id (None until first offered), so
# that a move's plantings take one look-up per open cell, not one per cell and card.
_ROW_LIMIT = 50_000
_PLANTINGS: dict[Cell, list[Plant | None]] = {}
_PLACE_ROWS: list[dict[Point, PlaceToken]] = [{} for _ in _TOKENS]


def plantings(cards: Sequence[int], cells: list[Cell]) -> list[Plant]:
    """The planting of each of `cards` in each of `cells`, card by card."""
    try:
        by_cell = list(map(_PLANTINGS.__getitem__, cells))
    except KeyError:
        by_cell = [_PLANTINGS.get(cell) or _new_row(cell) for cell in cells]
    actions = [slots[card] for card in cards for slots in by_cell]
    # all(), not `None in`: that would call pydantic's slow __eq__ on every planting.
    if not all(actions):
        # Random games reach new cells on most moves: only the plantings never offered
        # before are built, found by their place in `actions` (card by card).
        width = len(cells)
        for index in [index for index, planting in enumerate(actions) if planting is None]:
            card = cards[index // width]
            column = index % width
            x, y = cells[column]
            actions[index] = by_cell[column][card] = _new_plant(card, x, y)
    return actions  # type: ignore[return-value]


def _new_row(cell: Cell) -> list[Plant | None]:
    if len(_PLANTINGS) > _ROW_LIMIT:
        _PLANTINGS.clear()
    row = _PLANTINGS[cell] = [None] * len(_CARDS)
    return row


_OFFERED_LIMIT = 50_000
_OFFERED: dict[tuple[int, ...], tuple[int, ...]] = {}


def offered_cards(hand: list[int]) -> tuple[int, ...]:
    """The cards of `hand` a seat is offered to plant: one of each kind, the lowest id,
    in order of id (HIDDEN cards left out)."""
    key = tuple(hand)
    offered = _OFFERED.get(key)
    if offered is None:
        kinds: dict[str, int] = {}
        for card in sorted(hand):
            if card != HIDDEN and KIND[card] not in kinds:
                kinds[KIND[card]] = card
        if len(_OFFERED) > _OFFERED_LIMIT:
            _OFFERED.clear()
        offered = _OFFERED[key] = tuple(kinds.values())
    return offered


def place_actions(token: int, points: list[Point]) -> list[PlaceToken]:
    row = _PLACE_ROWS[token]
    for x, y in points:
        if (x, y) not in row:
            if len(row) > _ROW_LIMIT:
                row.clear()
            row[(x, y)] = _new_place_token(token, x, y)
    return [row[point] for point in points]


# Random games keep reaching cells no game reached before, so new plantings are built
# on most moves: without validation, as `Plant(card=…, x=…, y=…)` leaves them (the
# kind not counted as given), all sharing one set of the fields given.
_PLANT_GIVEN = {"card", "x", "y"}
_PLACE_GIVEN = {"token", "x", "y"}


def _new_plant(card: int, x: int, y: int) -> Plant:
    return construct_frozen(Plant, {"kind": "plant", "card": card, "x": x, "y": y}, _PLANT_GIVEN)


def _new_place_token(token: int, x: int, y: int) -> PlaceToken:
    return construct_frozen(PlaceToken, {"kind": "place_token", "token": token, "x": x, "y": y}, _PLACE_GIVEN)


# The garden's cards and the tokens are frozen, and a state shares them with its
# copies already, so equal ones are one object, built the first time it is needed.
_SHARED_LIMIT = 100_000
_PLANTED: dict[tuple[int, int, int], Planted] = {}
_TOKENS_FACE_UP: dict[tuple[int, int, int], PlacedToken] = {}
_TOKENS_FACE_DOWN: dict[tuple[int, int, int], PlacedToken] = {}
_Piece = TypeVar("_Piece", Planted, PlacedToken)


def _remember(table: dict[tuple[int, int, int], _Piece], key: tuple[int, int, int], piece: _Piece) -> _Piece:
    """Keeps `piece` in `table` under `key` (emptied first when full) and returns it."""
    if len(table) > _SHARED_LIMIT:
        table.clear()
    table[key] = piece
    return piece


def new_planted(x: int, y: int, card: int) -> Planted:
    """Planted(x=x, y=y, card=card)."""
    key = (x, y, card)
    return _PLANTED.get(key) or _remember(_PLANTED, key, Planted(x, y, card))


def new_token(x: int, y: int, token: int) -> PlacedToken:
    """PlacedToken(x=x, y=y, token=token), face up."""
    key = (x, y, token)
    return _TOKENS_FACE_UP.get(key) or _remember(_TOKENS_FACE_UP, key, PlacedToken(x, y, token))


def _scored_token(placed: PlacedToken) -> PlacedToken:
    """PlacedToken(x=…, y=…, token=…, face_up=False): `placed` turned face down."""
    key = (placed.x, placed.y, placed.token)
    scored = _TOKENS_FACE_DOWN.get(key)
    if scored is None:
        scored = _remember(_TOKENS_FACE_DOWN, key, PlacedToken(placed.x, placed.y, placed.token, False))
    return scored


# A frozen dataclass's constructor sets each field through `object.__setattr__`, found
# anew for each; a pollination's records (one or two a pollination, every second move)
# are built past it, through their slots' own setters, with the same values.
_new_object = object.__new__
_SET_RESULT = tuple(InsectResult.__dict__[name].__set__ for name in ("insect", "counts", "winner", "from_empty_pile"))
_SET_POLLINATION = tuple(Pollination.__dict__[name].__set__ for name in ("turn", "token", "x", "y", "results"))


def insect_result(insect: int, counts: list[int], winner: int | None, from_empty_pile: bool) -> InsectResult:
    """InsectResult(insect, counts, winner, from_empty_pile)."""
    set_insect, set_counts, set_winner, set_from_empty_pile = _SET_RESULT
    result = _new_object(InsectResult)
    set_insect(result, insect)
    set_counts(result, counts)
    set_winner(result, winner)
    set_from_empty_pile(result, from_empty_pile)
    return result


def new_pollination(turn: int, placed: PlacedToken, results: list[InsectResult]) -> Pollination:
    """Pollination(turn, placed.token, placed.x, placed.y, results)."""
    set_turn, set_token, set_x, set_y, set_results = _SET_POLLINATION
    pollination = _new_object(Pollination)
    set_turn(pollination, turn)
    set_token(pollination, placed.token)
    set_x(pollination, placed.x)
    set_y(pollination, placed.y)
    set_results(pollination, results)
    return pollination


# The fields of a state whose lists a move may change in place, besides the seats'
# records and the meeples (what `copy_containers` would copy; a test holds them equal).
COPIED_LISTS = (
    "garden",
    "tokens",
    "bag",
    "pending_tokens",
    "pending_points",
    "supply",
    "fill_ins",
    "pollinations",
    "open_cells",
    "log",
)


def copy_for_move(state: PollenState, seat: int) -> PollenState:
    """`copy_containers(state)` with only `seat`'s record copied (the others are shared:
    see PollenState.players), written out for `apply`, which makes one every move."""
    values = state.__dict__.copy()
    # `.copy()`, not `list()`: a method needs no look-up of a global nor a type's call.
    for name in COPIED_LISTS:
        values[name] = values[name].copy()
    values["meeples"] = list(map(_copy_list, values["meeples"]))
    players = values["players"] = values["players"].copy()
    players[seat] = players[seat].copy()
    return copy_with(state, values)


_copy_list = list.copy


HIDDEN_PLAYERS: dict[tuple[int, int], PlayerState] = {}


def hidden_player(hand: int, deck: int) -> PlayerState:
    """Another player as a view shows them: only how many cards they hold (shared; read-only)."""
    key = (hand, deck)
    player = HIDDEN_PLAYERS.get(key)
    if player is None:
        player = HIDDEN_PLAYERS[key] = PlayerState(hand=[HIDDEN] * hand, deck=[HIDDEN] * deck)
    return player


def flush(state: PollenState, notes: list[str] | None) -> None:
    """Logs the gathered public sentences as one line (None: a quick game, no log)."""
    if notes:
        say(state, " ".join(notes))
        notes.clear()


# Every entry a move logs counts the same fields as given: one set for all of them.
_LOG_GIVEN = {"text", "visible_to"}


def say(state: PollenState, text: str, visible_to: tuple[int, ...] | None = None) -> None:
    """`state.say(text, visible_to)` for the moves' lines (two or three a move), the entry
    built as `say` builds it from a string and a tuple, sharing its set of fields given
    (`construct_frozen`: entries are frozen)."""
    entry = {"text": text, "visible_to": visible_to}
    state.__dict__["log"].append(construct_frozen(LogEntry, entry, _LOG_GIVEN))


class Board:
    """Where each card and token of one state lies: cell -> card, and point -> the
    token's place in `state.tokens`.  A turn looks only at the new card's neighbours.
    A state changed in place move after move (a search's simulated game) keeps its
    board (`board_of`), so that they are found without reading the whole garden and
    every token again, which would be a good share of each move's cost.

    The rules only ever append to a state's garden and tokens (a token turned face
    down stays in its place), so a board catches up with its state's lists by reading
    what was appended since it last looked; the rules record their own changes
    through `plant`, `place` and `turn_face_down`."""

    __slots__ = ("garden", "tokens", "cards", "token_index", "_cards_seen", "_tokens_seen", "applied", "shared")

    def __init__(self, state: PollenState, same: Board | None = None) -> None:
        """The board of `state`, read afresh; or, given `same` (the board of a state
        whose garden and tokens `state` holds copies of), a copy of that one."""
        self.garden = state.garden
        self.tokens = state.tokens
        if same is None:
            self.cards: dict[Cell, int] = {}
            self.token_index: dict[Point, int] = {}
            self._cards_seen = 0
            self._tokens_seen = 0
        else:
            self.cards = same.cards.copy()
            self.token_index = same.token_index.copy()
            self._cards_seen = same._cards_seen
            self._tokens_seen = same._tokens_seen
        # The garden and tokens as `apply` left them (copies), or None.
        self.applied: tuple[list[Planted], list[PlacedToken]] | None = None
        # Whether more than one move is made from this board's state (see `board_of_copy`).
        self.shared = False

    def catch_up(self) -> Board:
        garden, tokens = self.garden, self.tokens
        if self._cards_seen == len(garden) and self._tokens_seen == len(tokens):
            # The rules recorded every change themselves (the usual case).
            return self
        if self._cards_seen > len(garden) or self._tokens_seen > len(tokens):
            # Shorter than last time: not a change the rules made.  Read them again.
            self.cards.clear()
            self.token_index.clear()
            self._cards_seen = self._tokens_seen = 0
        cards = self.cards
        for index in range(self._cards_seen, len(garden)):
            planted = garden[index]
            cards[(planted.x, planted.y)] = planted.card
        self._cards_seen = len(garden)
        token_index = self.token_index
        for index in range(self._tokens_seen, len(tokens)):
            placed = tokens[index]
            token_index[(placed.x, placed.y)] = index
        self._tokens_seen = len(tokens)
        return self

    def plant(self, planted: Planted) -> None:
        self.garden.append(planted)
        self.cards[(planted.x, planted.y)] = planted.card
        self._cards_seen += 1

    def place(self, placed: PlacedToken) -> None:
        self.token_index[(placed.x, placed.y)] = len(self.tokens)
        self.tokens.append(placed)
        self._tokens_seen += 1

    def turn_face_down(self, point: Point) -> PlacedToken:
        """Turns the token at `point` face down; returns it as it was."""
        index = self.token_index[point]
        placed = self.tokens[index]
        self.tokens[index] = _scored_token(placed)
        return placed


# A search changes one state in place move after move: its board is kept between the
# moves, found by the state's garden list (the board holds that list, so no other
# list can take its id while it is kept).  One small set per thread, since a hint and
# a bot may search at once.
_KEPT_BOARDS = 8
_boards_by_thread = threading.local()


def board_of(state: PollenState) -> Board:
    """The board of `state`, up to date."""
    boards = _kept_boards()
    garden = state.garden
    board = boards.get(id(garden))
    if board is None or board.garden is not garden or board.tokens is not state.tokens:
        board = _keep(boards, Board(state))
    return board.catch_up()


def board_of_copy(state: PollenState, copied: PollenState) -> Board:
    """The board of `copied`, a copy of `state` that owns its own garden and tokens
    (`copy_containers`), made from the board `apply` left for `state` when there is
    one and `state` still holds what it held then.  (A state is never changed once
    made, but a test building a position may edit one in place: then its board is
    read afresh.)

    A game played move by move through `apply` (a game at the table, a checked
    simulation) makes one move from each state: the board passes on to the copy, as
    it is.  A state that a second move is made from (a search's samples share their
    garden with the position searched) is read afresh once and kept, and each move
    from it copies its board: two dictionaries rather than the whole garden and every
    token."""
    boards = _kept_boards()
    values = state.__dict__
    garden, tokens = values["garden"], values["tokens"]
    key = id(garden)
    board = boards.get(key)
    if (
        board is None
        or board.applied is None
        or board.garden is not garden
        or board.tokens is not tokens
        or board.applied[0] != garden
        or board.applied[1] != tokens
    ):
        board = Board(state).catch_up()
        board.shared = True
        applied(board)
    elif not board.shared:
        del boards[key]
        copied_values = copied.__dict__
        board.garden, board.tokens, board.applied = copied_values["garden"], copied_values["tokens"], None
        return _keep(boards, board)
    else:
        # Kept as the last one in, so that a search's own boards do not push it out.
        del boards[key]
    _keep(boards, board)
    return _keep(boards, Board(copied, board))


def applied(board: Board) -> None:
    """Notes what `board`'s state holds once `apply` is done with it (see `board_of_copy`)."""
    board.applied = (board.garden[:], board.tokens[:])


def _kept_boards() -> dict[int, Board]:
    boards: dict[int, Board] | None = getattr(_boards_by_thread, "boards", None)
    if boards is None:
        boards = _boards_by_thread.boards = {}
    return boards


def _keep(boards: dict[int, Board], board: Board) -> Board:
    if len(boards) >= _KEPT_BOARDS:
        del boards[next(iter(boards))]
    boards[id(board.garden)] = board
    return board


def mixed_owners(cards: Iterable[int | None]) -> bool:
    """Whether the cards (None: an empty cell) belong to at least two players."""
    first = None
    for card in cards:
        if card is not None:
            owner = _OWNER[card]
            if first is None:
                first = owner
            elif owner != first:
                return True
    return False


def all_alike(drawn: Sequence[int]) -> bool:
    """Whether the tokens show the same insects (at least one token)."""
    insects = TOKEN_INSECTS[drawn[0]]
    for token in drawn:
        if TOKEN_INSECTS[token] != insects:
            return False
    return True


def set_field(state: PollenState, name: str, value: object) -> None:
    """`state.name = value` as pydantic would do it without validation (the state's
    model validates no assignment), minus the checks of its `__setattr__`: the rules
    set a few fields on every move of every simulated game."""
    state.__dict__[name] = value
    state.__pydantic_fields_set__.add(name)
