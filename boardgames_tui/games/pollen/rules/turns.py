"""Pollen's rules, the turns: setup, who acts, legal moves and refusals, planting
a card, placing and scoring a token, the end of a turn and of the game, and
what a seat may see.

One part of `PollenRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bisect import insort
from operator import itemgetter
from boardgames_tui.engine.contract import (
    UNREAD_LOG,
    IllegalMove,
    Seat,
    copy_with,
    telling,
    visible_log,
)
from boardgames_tui.engine.text import and_list, capital, name_verb, possessive, verb_for
from boardgames_tui.games.pollen.content import (
    DECK_SIZE,
    TOKEN_COUNT,
    hand_size,
    meeples_per_insect,
    removed_positions,
)
from boardgames_tui.games.pollen.model import (
    PlaceToken,
    PlacedToken,
    Plant,
    PlayerState,
    PollenState,
)
from boardgames_tui.games.pollen.rules.common import (
    Point,
    PollenOptions,
    CARD_LABEL,
    INSECT_COUNT,
    LAST_MEEPLE,
    NAME,
    PLURAL,
    TOKEN_INSECTS,
    TOKEN_LABEL,
    all_alike,
    Board,
    applied,
    board_of,
    board_of_copy,
    copy_for_move,
    flush,
    HIDDEN_PLAYERS,
    insect_result,
    hidden_player,
    mixed_owners,
    new_planted,
    new_pollination,
    new_token,
    place_actions,
    plantings,
    offered_cards,
    score_token,
    say,
    set_field,
    card_label,
    point_cells,
    point_label,
    token_label,
)


# Which four cells of the 3 x 3 block centred on a new card (row by row, see `_plant`)
# surround each of the card's corners (in the order of `cell_corners`).
_CORNER_CELLS = ((0, 1, 3, 4), (1, 2, 4, 5), (3, 4, 6, 7), (4, 5, 7, 8))


# The fields a view changes (see `Turns.view`).
_VIEW_CHANGES = ("seed", "rng_draws", "players", "bag", "log")
_DRAW_FIELDS = ("next_up", "info_epoch")
_TURN_FIELDS = ("turn", "active")
# `reading_order`, without a Python call for each comparison of a sorted insertion.
_READING_ORDER = itemgetter(1, 0)


class Turns:
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
            supply=[per_insect] * INSECT_COUNT,
            fill_ins=[0] * INSECT_COUNT,
            meeples_per_insect=per_insect,
        )
        removed = removed_positions(players)
        size = hand_size()
        for seat in range(players):
            deck = [seat * DECK_SIZE + position for position in range(DECK_SIZE) if position not in removed]
            state.removed.extend(seat * DECK_SIZE + position for position in removed)
            state.rng().shuffle(deck)
            state.players.append(PlayerState(hand=deck[:size], deck=deck[size:]))
            state.meeples.append([0] * INSECT_COUNT)
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
                f"{capital(possessive(state.name(seat)))} opening hand, {len(player.hand)} cards: {hand}.",
                visible_to=(seat,),
            )
        state.say(f"{name_verb(state.name(first), 'play')} first ({how}).")
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
        values = state.__dict__
        phase = values["phase"]
        if phase == "over" or seat != values["active"]:
            return []
        if phase == "plant":
            return plantings(offered_cards(values["players"][seat].hand), values["open_cells"])
        kinds: dict[tuple[int, ...], int] = {}
        for token in sorted(values["pending_tokens"]):
            kinds.setdefault(TOKEN_INSECTS[token], token)
        actions: list[Any] = []
        for token in kinds.values():
            actions.extend(place_actions(token, values["pending_points"]))
        return actions

    def validate(self, state: PollenState, seat: int, action: Any) -> None:
        values = state.__dict__
        if not 0 <= seat < len(values["seats"]):
            raise IllegalMove(f"There is no seat {seat + 1} in this game.")
        phase = values["phase"]
        if phase == "over":
            raise IllegalMove("The game is over.")
        if seat != values["active"]:
            name = state.name(seat)
            raise IllegalMove(
                f"It is not {possessive(name)} turn: {name_verb(state.name(state.active), 'be')} playing."
            )
        if isinstance(action, Plant):
            if phase == "assign":
                left = len(state.pending_tokens)
                raise IllegalMove(
                    f"First place the pollinator token{'s' if left > 1 else ''} you drew ({left} left)."
                )
            planted = action.__dict__
            if planted["card"] not in values["players"][seat].hand:
                raise IllegalMove("That card is not in your hand.")
            cell = (planted["x"], planted["y"])
            if cell in values["open_cells"]:
                return
            if any(planted.x == action.x and planted.y == action.y for planted in state.garden):
                raise IllegalMove("That cell already holds a card.")
            raise IllegalMove("That cell does not touch any token.")
        elif isinstance(action, PlaceToken):
            if phase != "assign":
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
    # A search's quick game keeps no log: its `notes` are None and no words are built.
    def apply(self, state: PollenState, seat: int, action: Any) -> PollenState:
        copied = copy_for_move(state, seat)
        board = board_of_copy(state, copied)
        self._act(copied, seat, action, board)
        applied(board)
        return copied

    def apply_in_place(self, state: PollenState, seat: int, action: Any) -> PollenState:
        # After one `apply` the state owns every list a turn changes (see `copy_containers`)
        # and the mover's record; the first move in place takes every seat's record for
        # its own and drops the log, which nobody reads in a quick game.
        if telling(state):
            set_field(state, "players", [player.copy() for player in state.players])
            set_field(state, "log", UNREAD_LOG)
        return self._act(state, seat, action, board_of(state))

    def _act(self, state: PollenState, seat: int, action: Any, board: Board) -> PollenState:
        """Makes `action` on `state`, which the caller owns, and returns it."""
        notes = [self.log_line(state, seat, action)] if telling(state) else None
        if isinstance(action, Plant):
            self._plant(state, seat, action, board, notes)
        elif isinstance(action, PlaceToken):
            self._place_token(state, action.token, (action.x, action.y), board, notes, announce=False)
            self._continue_attract(state, seat, board, notes)
        else:
            raise IllegalMove("That is not a move in Pollen.")
        if notes:
            flush(state, notes)
        return state

    def log_line(self, state: PollenState, seat: int, action: Any) -> str:
        name = state.seats[seat].name
        if isinstance(action, Plant):
            planted = action.__dict__
            # `cell_label`'s words, written out.
            return f"{name_verb(name, 'plant')} {CARD_LABEL[planted['card']]} at ({planted['x']}, {planted['y']})."
        if isinstance(action, PlaceToken):
            return f"{name_verb(name, 'place')} the {TOKEN_LABEL[action.token]} token at {point_label((action.x, action.y))}."
        return f"{name}: {action!r}"

    def _plant(self, state: PollenState, seat: int, action: Plant, board: Board, notes: list[str] | None) -> None:
        # The state's fields and the action's are read from their dictionaries: a read
        # through a model costs several of a dictionary's (see `set_field`).
        values = state.__dict__
        planted = action.__dict__
        card, x, y = planted["card"], planted["x"], planted["y"]
        # 1. Plant.
        values["players"][seat].hand.remove(card)
        cell = (x, y)
        board.plant(new_planted(x, y, card))
        values["open_cells"].remove(cell)
        given = state.__pydantic_fields_set__
        values["last_planted"] = cell  # `set_field(state, "last_planted", cell)`, written out
        given.add("last_planted")
        # Only the new card's corners can have become surrounded (2. Pollinate) or
        # eligible for a token (3. Attract); corners are already in reading order.
        get = board.cards.get
        # The 3 x 3 block of cells centred on the card, row by row, written out.
        left, right, up, down = x - 1, x + 1, y - 1, y + 1
        block = (get((left, up)), get((x, up)), get((right, up)),
                 get((left, y)), get((x, y)), get((right, y)),
                 get((left, down)), get((x, down)), get((right, down)))  # fmt: skip
        token_at = board.token_index.get
        tokens = values["tokens"]
        points: list[Point] = []
        corners = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))  # `cell_corners(cell)`
        for point, (top_left, top_right, bottom_left, bottom_right) in zip(corners, _CORNER_CELLS):
            around = (block[top_left], block[top_right], block[bottom_left], block[bottom_right])
            index = token_at(point)
            if index is None:
                if mixed_owners(around):
                    points.append(point)
            elif tokens[index].face_up and None not in around:
                self._pollinate(state, point, board, notes)
        next_up = values["next_up"]
        if not points or next_up is None:
            self._end_turn(state, seat, notes)
            return
        drawn = [next_up]
        set_field(state, "next_up", None)
        bag = values["bag"]
        while len(drawn) < len(points) and bag:
            drawn.append(bag.pop())
        if len(drawn) > 1:
            set_field(state, "info_epoch", values["info_epoch"] + 1)
            if notes is not None:
                notes.append(
                    f"{len(points)} spots attract pollinators: {name_verb(state.name(seat), 'take')} the next-up token and {verb_for(state.name(seat), 'draw')} "
                    f"{len(drawn) - 1} more ({', '.join(token_label(token) for token in drawn)})."
                )
        elif len(points) > 1 and notes is not None:
            notes.append(f"{len(points)} spots attract pollinators, but only the next-up token is left.")
        values["pending_tokens"].extend(drawn)
        values["pending_points"].extend(points)
        self._continue_attract(state, seat, board, notes)

    def _continue_attract(self, state: PollenState, seat: int, board: Board, notes: list[str] | None) -> None:
        """Places drawn tokens while the choice cannot matter; else waits for the player."""
        values = state.__dict__
        pending, points = values["pending_tokens"], values["pending_points"]
        while pending:
            if len(points) == len(pending) and all_alike(pending):
                self._place_token(state, pending[0], points[0], board, notes, announce=True)
                continue
            if values["phase"] != "assign":
                set_field(state, "phase", "assign")
            return
        if values["phase"] != "plant":
            set_field(state, "phase", "plant")
        if points:
            # The bag ran dry: these spots stay empty.
            points.clear()
        bag = values["bag"]
        if values["next_up"] is None and bag:
            next_up = values["next_up"] = bag.pop()
            values["info_epoch"] += 1
            state.__pydantic_fields_set__.update(_DRAW_FIELDS)  # `set_field`'s, for both
            if notes is not None:
                notes.append(f"Next up: {TOKEN_LABEL[next_up]}.")
        self._end_turn(state, seat, notes)

    def _place_token(
        self,
        state: PollenState,
        token: int,
        point: Point,
        board: Board,
        notes: list[str] | None,
        *,
        announce: bool,
    ) -> None:
        values = state.__dict__
        values["pending_tokens"].remove(token)
        values["pending_points"].remove(point)
        board.place(new_token(point[0], point[1], token))
        if announce and notes is not None:
            notes.append(f"A {TOKEN_LABEL[token]} token settles at {point_label(point)}.")
        open_cells = values["open_cells"]
        cards = board.cards
        surrounded = True
        x, y = point
        for cell in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if cell not in cards:
                surrounded = False
                if cell not in open_cells:
                    insort(open_cells, cell, key=_READING_ORDER)
        if surrounded:
            if notes is not None:
                notes.append(f"All four cells around {point_label(point)} are already full, so it is scored at once.")
            self._pollinate(state, point, board, notes)

    def _pollinate(self, state: PollenState, point: Point, board: Board, notes: list[str] | None) -> None:
        values = state.__dict__
        placed = board.turn_face_down(point)
        scored = score_token(board.cards, point, placed.token, len(values["seats"]))
        supply, fill_ins, meeples = values["supply"], values["fill_ins"], values["meeples"]
        results = []
        # Per insect: whether its meeple came from an empty pile (None: nobody won it).
        empty_piles: list[bool | None] = []
        for insect, counts, winner in scored:
            if winner is None:
                empty = None
            else:
                empty = supply[insect] == 0
                if empty:
                    fill_ins[insect] += 1
                else:
                    supply[insect] -= 1
                meeples[winner][insect] += 1
            empty_piles.append(empty)
            results.append(insect_result(insect, counts, winner, empty is True))
        values["pollinations"].append(new_pollination(values["turn"], placed, results))
        if notes is not None:
            flush(state, notes)
            say(state, _pollination_line(state, point, placed.token, scored, empty_piles))

    def _end_turn(self, state: PollenState, seat: int, notes: list[str] | None) -> None:
        if notes:
            flush(state, notes)
        values = state.__dict__
        # `set_field`s written out below: every move ends here.
        given = state.__pydantic_fields_set__
        players = values["players"]
        player = players[seat]
        deck = player.deck
        if deck:
            card = deck.pop(0)
            player.hand.append(card)
            values["info_epoch"] += 1
            given.add("info_epoch")
            if notes is not None:
                say(state, f"{values['seats'][seat].name} drew {CARD_LABEL[card]}.", (seat,))
        reasons = self.end_reasons(state)
        if reasons:
            set_field(state, "phase", "over")
            set_field(state, "end_reasons", reasons)
            if notes is not None:
                say(state, "The game ends: " + " ".join(reasons))
            return
        count = len(players)
        for step in range(1, count + 1):
            candidate = (seat + step) % count
            if players[candidate].hand:
                values["turn"] += 1
                values["active"] = candidate
                given.update(_TURN_FIELDS)
                return
        set_field(state, "turn", values["turn"] + 1)

    @staticmethod
    def end_reasons(state: PollenState) -> list[str]:
        """Which end-of-game triggers hold now (checked when a turn is over)."""
        # Asked after every turn of every simulated game: the usual answer (none) is
        # found without building a line.
        values = state.__dict__
        supply = values["supply"]
        reasons: list[str] = []
        if 0 in supply:
            reasons = [LAST_MEEPLE[insect] for insect in range(INSECT_COUNT) if supply[insect] == 0]
        if values["next_up"] is None and not values["bag"]:
            reasons.append("The last pollinator token has been placed.")
        for player in values["players"]:
            if player.hand:
                if not values["open_cells"]:
                    reasons.append("No empty cell touches a token any more, so nobody can plant.")
                break
        else:
            reasons.append("Every garden card has been played.")
        return reasons

    # -- what a seat may see ---------------------------------------------------------------
    def view(self, state: PollenState, seat: int) -> PollenState:
        # Built without validation (a bot game asks for a view before every move): the
        # seat's own record gets new lists, as validating would have made.
        values = state.__dict__
        players = []
        hidden = HIDDEN_PLAYERS.get
        for index, player in enumerate(values["players"]):
            if index == seat:
                players.append(PlayerState(player.hand[:], sorted(player.deck)))
            else:
                sizes = (len(player.hand), len(player.deck))
                players.append(hidden(sizes) or hidden_player(*sizes))
        seen = values.copy()
        seen["seed"] = 0
        seen["rng_draws"] = 0
        seen["players"] = players
        # Which tokens are left can be counted from the table; their order cannot.
        seen["bag"] = sorted(values["bag"])
        seen["log"] = visible_log(values["log"], seat)
        # As `shallow_copy` would make it, written out: a bot game asks for a view every move.
        view = copy_with(state, seen)
        view.__pydantic_fields_set__.update(_VIEW_CHANGES)
        return view


def _pollination_line(
    state: PollenState,
    point: Point,
    token: int,
    scored: list[tuple[int, list[int], int | None]],
    empty_piles: list[bool | None],
) -> str:
    """The log's line for the token at `point` scored (`score_token`'s results)."""
    names = [seat.name for seat in state.seats]
    parts = []
    for (insect, counts, winner), empty in zip(scored, empty_piles):
        shown = ", ".join([f"{names[seat]} {count}" for seat, count in enumerate(counts) if count > 0])
        if winner is None:
            parts.append(f"{PLURAL[insect]}: {shown}, a tie: no meeple" if shown else f"{PLURAL[insect]}: none")
            continue
        won = f"{name_verb(names[winner], 'win')} a {NAME[insect]} meeple"
        if empty:
            won += " (the pile is empty; it still counts)"
        parts.append(f"{PLURAL[insect]}: {shown}, {won}")
    return f"The {TOKEN_LABEL[token]} token at {point_label(point)} is pollinated. " + "; ".join(parts) + "."
