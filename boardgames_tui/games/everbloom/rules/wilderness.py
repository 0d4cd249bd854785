"""Everbloom's rules, the wilderness: landmarks with their rules and reach, the plan
of a chip's pollinators, and a seat's chip turn from placing to sending.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any

from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    Chip,
    ChipToGrove,
    EverbloomState,
    MovePollinator,
    PlaceChip,
    PlayerState,
    PollinatorMoved,
    PullFromGrove,
    SendPollinator,
    Task,
    TurnWork,
)
from boardgames_tui.games.everbloom.rules.common import (
    BIOMES,
    NUM,
    CardsReached,
    Plan,
    CAVE,
    EVENT_RULES,
    FACTIONS,
    LANDMARKS,
    NO_CONSTRAINT,
    UNKNOWN,
    add_count,
    chip_of,
    own_player,
    without,
    landmark_ids,
    place_action,
    reach_of,
    send_constraint,
    BoardFacts,
    wildlife_spaces,
    board_facts,
    biome_name,
    card_name,
    telling,
)


# `_chip_sends`'s refusal when a chip with pollinators to send reaches no card.
_NO_CARDS = "no_cards"
# `_chip_sends`'s refusal when no count of the chip's pollinators keeps every rule.
_CANNOT_SEND = "cannot_send"


def _chip_sends(
    rule: RuleFacts | None, value: int, stack: list[Chip], round_number: int, avail: int, supply: int,
    reached: CardsReached,
) -> tuple[str | None, int, int | None, int, bool, bool]:
    """What a chip of `value` does at a landmark with `rule` (`rule_facts`; None: no rule binds it),
    the chips `stack` already there, and the cards it `reached`, for a seat with
    `avail` pollinators (`supply` of them in its supply).

    Returns (why it is refused: the kind of the rule that refuses it, `_NO_CARDS` or
    `_CANNOT_SEND`; None when it fits), the pollinators it calls for, how many can be
    sent, its bloom advances, and whether all go to one card / are shared evenly."""
    bonus_pollinators = bonus_bloom = 0
    one_card = even = False
    if rule is not None:
        kind = rule.kind
        if kind == "only_values":
            if value not in rule.values:
                return kind, 0, None, 0, False, False
        elif kind == "max_chips":
            if len(stack) >= rule.count:
                return kind, 0, None, 0, False, False
        elif kind == "match_round":
            if value != round_number:
                return kind, 0, None, 0, False, False
        elif kind == "if_value":
            if value in rule.values:
                bonus_pollinators, bonus_bloom = rule.pollinators, rule.bloom
        elif kind == "if_extreme":
            if (rule.extreme == "lowest" and all(chip.value > value for chip in stack)) or (
                rule.extreme == "highest" and all(chip.value < value for chip in stack)
            ):
                bonus_pollinators, bonus_bloom = rule.pollinators, rule.bloom
        else:
            one_card = kind == "one_card"
            even = kind == "even_split"
    # The chip's pollinators, at most what the seat has (comparisons, not min and max:
    # every chip at every landmark of every playout step comes here).
    count = value + bonus_pollinators
    if count > avail:
        count = avail
    if count <= 0:
        count = 0
    elif not reached.targets:
        return _NO_CARDS, count, None, bonus_bloom, one_card, even
    # The supply's pollinators must go; those from the groves may stay (ruling 22), so
    # the chip fits if some count from the supply's share up to all of them can be sent.
    least = count if count < supply else supply
    sendable = reached.answers.get((count, least, one_card, even), UNKNOWN)
    if sendable is UNKNOWN:
        sendable = reached.sendable(count, least, one_card, even)
    if sendable is None:
        return _CANNOT_SEND, count, None, bonus_bloom, one_card, even
    return None, count, sendable, bonus_bloom, one_card, even


def _offer(
    landmark: LandmarkRow, rule: RuleFacts | None, value: int, first: bool, chips: dict[str, list[Chip]],
    round_number: int, avail: int, supply: int,
) -> PlacementRow | None:
    """The placement of a chip of `value` (the first player's or not) at `landmark` under
    `rule` (None: disregarded) with what `_chip_sends` finds for it (None: it may not go there)."""
    reached = landmark.reached
    sends = _chip_sends(rule, value, chips[landmark.space], round_number, avail, supply, reached)
    if sends[0] is not None:
        return None
    return (place_action(value, landmark.space, first, rule is None and landmark.rule is not None), sends, reached)


class RuleFacts:
    """A landmark rule's fields in plain slots, for `_chip_sends`, which every chip at
    every landmark of every step asks (a content model's field reads several times
    slower than a slot's).  A field the rule lacks reads as nothing."""

    __slots__ = ("kind", "values", "count", "pollinators", "bloom", "extreme")

    def __init__(self, rule: Any) -> None:
        self.kind: str = rule.kind
        self.values: tuple[int, ...] = getattr(rule, "values", ())
        self.count: int = getattr(rule, "count", 0)
        self.pollinators: int = getattr(rule, "pollinators", 0)
        self.bloom: int = getattr(rule, "bloom", 0)
        self.extreme: str = getattr(rule, "extreme", "")


def rule_facts(rule: Any) -> RuleFacts | None:
    """The `RuleFacts` of a landmark rule (None: no rule), made once for each rule."""
    if rule is None:
        return None
    known = _RULE_FACTS.get(id(rule))
    if known is None or known[0] is not rule:
        known = _RULE_FACTS[id(rule)] = (rule, RuleFacts(rule))
    return known[1]


# id of a content rule -> (the rule, its facts); the rule is kept so that its id stays its own.
_RULE_FACTS: dict[int, tuple[Any, RuleFacts]] = {}


def _rule_of(side: str, landmarks: dict[str, list[int]], hive: str | None, bees: bool, space: str) -> Any:
    """The rule binding a chip at landmark space `space` (None: no rule), of the Bees or not."""
    if space in wildlife_spaces(side):
        return None
    if hive == space:
        return None if bees else C.hive().rule
    number, flipped = landmarks[space]
    return LANDMARKS[number].side(bool(flipped)).rule


@lru_cache(maxsize=1024)
def _rules_of(side: str, landmarks: tuple[tuple[str, int, int], ...], hive: str | None, bees: bool) -> tuple[Any, ...]:
    """`_rule_of`'s facts for every landmark space in the board's order, from the landmarks as
    (space, number, flipped): they change only between rounds, so every chip step of a
    round asks the same question."""
    shown = {space: [number, flipped] for space, number, flipped in landmarks}
    return tuple(rule_facts(_rule_of(side, shown, hive, bees, space)) for space in landmark_ids(side))


# A legal placement with what `_chip_sends` found for it and the cards it reaches.
PlacementRow = tuple[PlaceChip, tuple[Any, ...], CardsReached]

# The landmark rules whose answer for a chip reads neither the chips already there nor
# anything of the state but the round, which a landmark's row is kept for (see
# `LandmarkRow.spare`).
_STACK_FREE_RULES = frozenset({"only_values", "if_value", "one_card", "even_split", "match_round"})


class LandmarkRow:
    """One landmark as a seat's chips meet it in one round: its space, the rule binding
    them there (`rule_facts`; None: no rule), the cards it reaches, and what each chip
    does there once worked out (`offers`), where that answer holds whatever the state
    around it: every chip step of a round asks the same of every landmark.  Every board
    and seat meeting the same rule and cards there share the row (`_shared_row`).

    Under a rule that reads neither the chips there nor anything but the round, a chip's
    answer reads the seat's pollinators only to cap its count: with `spare` more in the
    supply than the chip's value (the most a rule there adds), nothing is capped and the
    answer in `offers` holds.  Under any other rule `spare` is out of reach, so nothing
    is kept."""

    __slots__ = ("space", "rule", "reached", "spare", "offers")

    def __init__(self, space: str, rule: RuleFacts | None, reached: CardsReached) -> None:
        self.space = space
        self.rule = rule
        self.reached = reached
        if rule is None:
            self.spare = 0
        elif rule.kind in _STACK_FREE_RULES:
            self.spare = rule.pollinators if rule.kind == "if_value" else 0
        else:
            self.spare = _NEVER
        # `_offer_key` -> the placement's row, or None where the chip may not go.
        self.offers: dict[int, PlacementRow | None] = {}


# A `LandmarkRow.spare` no supply reaches.
_NEVER = 1 << 30


def _offer_key(value: int, first: bool, ignore: bool) -> int:
    """A placement of a chip at one landmark as one small number, for `LandmarkRow.offers`."""
    return value * 4 + first * 2 + ignore


def _landmark_rows(state: EverbloomState, board: BoardFacts, bees: bool, lemur_reach: bool) -> tuple[LandmarkRow, ...]:
    """Per landmark space in the board's order, its `LandmarkRow` for a seat of the Bees
    or not, with the Lemurs' reach or not, in the state's round: kept with the board's
    facts, since every chip step of a round asks the same."""
    values = state.__dict__
    landmarks = values["landmarks"]
    hive = values["hive"]
    round_number = values["round"]
    # The last rows for this kind of seat come first: a board's chip steps ask with the
    # same landmarks, and comparing them costs less than building their key.
    seat_kind = _SEAT_KINDS[bees][lemur_reach]
    last = board.landmark_rows.get(seat_kind)
    if last is not None and last[1] == hive and last[2] == round_number and last[0] == landmarks:
        return last[3]
    key = (tuple(landmarks), tuple(chain.from_iterable(landmarks.values())), hive, bees, lemur_reach, round_number)
    rows = board.landmark_rows.get(key)
    if rows is None:
        side = values["side"]
        shown = tuple([(space, number, flipped) for space, (number, flipped) in landmarks.items()])
        rules = _rules_of(side, shown, hive, bees)
        reached = board.reached
        rows = tuple(
            _shared_row(space, rule, reached[(space, lemur_reach)], round_number)
            for space, rule in zip(landmark_ids(side), rules)
        )
        board.landmark_rows[key] = rows
    board.landmark_rows[seat_kind] = (dict(zip(landmarks, map(list, landmarks.values()))), hive, round_number, rows)
    return rows


def _shared_row(space: str, rule: RuleFacts | None, reached: CardsReached, round_number: int) -> LandmarkRow:
    """The `LandmarkRow` for a chip at `space` under `rule` reaching the cards of `reached`
    in round `round_number`: one for every board and kind of seat meeting the same there
    (the Bees differ only at the hive, the Lemurs only at the wildlife landmarks, and a
    board's tops are mostly kinds of card that boards before had too)."""
    key = (space, rule, reached.targets, reached.cons, round_number)
    row = _SHARED_ROWS.get(key)
    if row is None:
        if len(_SHARED_ROWS) >= _MOST_SHARED_ROWS:
            _SHARED_ROWS.clear()
        row = _SHARED_ROWS[key] = LandmarkRow(space, rule, reached)
    return row


# `_shared_row`'s rows by (space, rule, the cards' spaces and limits, round): the key
# holds the rule, so that its identity stays its own.  Emptied when full.
_SHARED_ROWS: dict[tuple[Any, ...], LandmarkRow] = {}
_MOST_SHARED_ROWS = 2048


# `_landmark_rows`' key in a board's rows for the last rows of a seat of the Bees or not
# (first index), with the Lemurs' reach or not (second).
_SEAT_KINDS = ((("rows of", False, False), ("rows of", False, True)), (("rows of", True, False), ("rows of", True, True)))


def _chip_rows(
    landmarks: tuple[LandmarkRow, ...], value: int, first: bool, may_disregard: bool,
    chips: dict[str, list[Chip]], round_number: int, avail: int, supply: int,
) -> list[PlacementRow]:
    """A chip's placements at `landmarks`, in their order (`Wilderness._placement_rows`):
    each landmark's kept answer where it holds (`LandmarkRow.offers`), worked out and kept
    where it is new, worked out alone where the supply caps the chip; with the placement
    disregarding the rule after each where `may_disregard`."""
    key = _offer_key(value, first, False)
    legal: list[PlacementRow] = []
    for landmark in landmarks:
        rule = landmark.rule
        if value + landmark.spare <= supply:
            row = landmark.offers.get(key, UNKNOWN)
            if row is UNKNOWN:
                row = landmark.offers[key] = _offer(landmark, rule, value, first, chips, round_number, avail, supply)
        else:
            row = _offer(landmark, rule, value, first, chips, round_number, avail, supply)
        if row is not None:
            legal.append(row)
        if may_disregard and rule is not None:
            # No rule binds the chip then: its answer holds with the supply to spare.
            if value <= supply:
                row = landmark.offers.get(key + 1, UNKNOWN)
                if row is UNKNOWN:
                    row = landmark.offers[key + 1] = _offer(landmark, None, value, first, chips, round_number, avail, supply)
            else:
                row = _offer(landmark, None, value, first, chips, round_number, avail, supply)
            if row is not None:
                legal.append(row)
    return legal


class KeptRows:
    """A board's landmark rows (`_landmark_rows`, held so that their identity stays their
    own) by space, and what they give each chip: with `spare` more pollinators in the
    supply than the chip's value (the most any of their rules adds), every landmark's
    answer is the one its row keeps (`LandmarkRow.offers`), so a chip's placements there
    are too (`legal`, by `_offer_key` of the chip, plus one where it may disregard a rule)."""

    __slots__ = ("rows", "by_space", "spare", "legal")

    def __init__(self, rows: tuple[LandmarkRow, ...]) -> None:
        self.rows = rows
        self.by_space = {row.space: row for row in rows}
        self.spare = max((row.spare for row in rows), default=0)
        self.legal: dict[int, tuple[PlacementRow, ...]] = {}


def _kept_rows(rows: tuple[LandmarkRow, ...]) -> KeptRows:
    """The `KeptRows` of `rows`, the last asked first: a round's chip steps ask of the same
    rows.  Kept by the rows themselves (a tuple of them), so boards whose landmarks meet
    the same rows (`_shared_row`) share what their chips do there."""
    kept = _last_kept_rows[0]
    if kept.rows is rows:
        return kept
    kept = _KEPT_ROWS.get(rows)
    if kept is None:
        if len(_KEPT_ROWS) >= _MOST_SHARED_ROWS:
            _KEPT_ROWS.clear()
        kept = _KEPT_ROWS[rows] = KeptRows(rows)
    _last_kept_rows[0] = kept
    return kept


# A board's landmark rows -> their `KeptRows`; emptied when full.
_KEPT_ROWS: dict[tuple[LandmarkRow, ...], KeptRows] = {}
_last_kept_rows: list[KeptRows] = [KeptRows(())]


def placement_actions(rows: dict[tuple[int, bool], Sequence[PlacementRow]]) -> dict[tuple[int, bool], list[PlaceChip]]:
    """The placements of `Wilderness._placement_rows`' rows, per chip."""
    return {chip: list(map(action_of_row, legal)) for chip, legal in rows.items()}


# A `PlacementRow`'s placement.
action_of_row = itemgetter(0)


def _board(state: EverbloomState) -> BoardFacts:
    """`board_facts(state)`, given again from the last two boards asked while the stacks
    are as they were (compared by content): a chip step asks for its board of the seat's
    view (its stacks as the view shows them) and of the state, and building the key of
    `board_facts` (every card space's top) costs more than comparing the stacks."""
    values = state.__dict__
    stacks = values["stacks"]
    side = values["side"]
    boards = _last_boards[0]
    for held, kept, kept_side, board in boards:
        if held is stacks and kept_side == side and stacks == kept:
            return board
    board = board_facts(state)
    _last_boards[0] = ((stacks, dict(zip(stacks, map(list, stacks.values()))), side, board), boards[0])
    return board


# `_board`'s last two boards, each as (the stacks asked with, held so that their identity
# stays theirs; a copy of them; the board's side; its facts), the last first: one tuple
# replaced whole, so that a reader never sees half of one answer.
_last_boards: list[tuple[tuple[Any, Any, str, Any], ...]] = [((None, None, "", None), (None, None, "", None))]


@lru_cache(maxsize=256)
def _chip_choices_of(chips: tuple[int, ...], first_chip: bool) -> tuple[tuple[int, bool], ...]:
    """The chips a seat holding `chips` (and the first player's chip or not) may place, as
    (value, first chip): each value it holds once, lowest first; the first player's chip
    only after them.  A seat holds few kinds of chips, so every chip step asks again."""
    if chips:
        return tuple([(value, False) for value in sorted(set(chips))])
    if first_chip:
        return ((NUM.first_player_chip, True),)
    return ()


def _has_lemur_reach(player: PlayerState) -> bool:
    """Whether `player` is the Lemurs with their wildlife reach still unused."""
    return player.faction == "lemurs" and not player.lemur_reach_used


class Wilderness:
    def rule_at(self, state: EverbloomState, space: str, seat: int) -> Any:
        """The rule binding `seat` at landmark space `space` (None: no rule)."""
        return _rule_of(state.side, state.landmarks, state.hive, state.players[seat].faction == "bees", space)

    def is_wildlife(self, state: EverbloomState, space: str) -> bool:
        """Whether landmark space `space` holds one of the two wildlife landmarks."""
        return space in wildlife_spaces(state.side)

    def landmark_label(self, state: EverbloomState, space: str) -> str:
        wild = wildlife_spaces(state.side).get(space)
        if wild:
            return f"the {'western' if wild == 'west' else 'eastern'} wildlife landmark"
        if state.hive == space:
            return f"the hive (on landmark {state.landmarks[space][0]})"
        number, flipped = state.landmarks[space]
        return f"landmark {number}{' (flipped)' if flipped else ''}"

    def reach(self, state: EverbloomState, seat: int, space: str) -> tuple[str, ...]:
        """Card spaces a chip of `seat` at `space` reaches (the Lemurs' reach included)."""
        return reach_of(state.side, space, self._lemur_reach(state, seat))

    @staticmethod
    def _lemur_reach(state: EverbloomState, seat: int) -> bool:
        """Whether `seat` is the Lemurs with their wildlife reach still unused."""
        return _has_lemur_reach(state.__dict__["players"][seat])

    def available(self, state: EverbloomState, seat: int) -> int:
        """The pollinators `seat` could send: its supply and its pollinators in the groves."""
        values = state.__dict__
        total = values["players"][seat].supply
        for grove in values["groves"].values():
            total += grove[seat]
        return total

    def card_rule(self, state: EverbloomState, space: str) -> Any:
        """The rule of the event on top of `space` (None: no event there, or a hidden top)."""
        stack = state.stacks[space]
        return EVENT_RULES.get(stack[0]) if stack else None

    def split_problem(
        self, state: EverbloomState, landmark: str, final: dict[str, int], one_card: bool, even: bool
    ) -> str | None:
        """Why a whole split of a chip's pollinators (the final count on each target card)
        breaks a card's or the landmark's rule, in the words `validate` uses; None if it holds."""
        for space, value in final.items():
            ability = self.card_rule(state, space)
            if ability is None:
                continue
            kind = ability.kind
            if (
                (kind == "storm_max_send" and value > ability.max)
                or (kind == "storm_min_send" and 0 < value < ability.min)
                or (kind == "edge_must_send" and value < ability.min)
            ):
                return f"{card_name(state.stacks[space][0])}: {ability.summary}"
        values = list(final.values())
        if one_card and sum(1 for value in values if value) > 1:
            return f"{self.landmark_label(state, landmark).capitalize()}: all pollinators go to a single card"
        if even and values and max(values) - min(values) > 1:
            return f"{self.landmark_label(state, landmark).capitalize()}: pollinators are shared out evenly"
        return None

    def send_limits(self, state: EverbloomState, targets: list[str]) -> tuple[tuple[int, int, int], ...]:
        """Per target card space, what its top card's event allows (see `splits_keeping_rules`)."""
        stacks = state.stacks
        return tuple([send_constraint(stacks[space][0]) if stacks[space] else NO_CONSTRAINT for space in targets])

    def sending_plan(self, state: EverbloomState, seat: int) -> Plan | None:
        """The `Plan` of what is left of `seat`'s chip at its sends: the pollinators still
        to go, its cards and their limits (None: no chip of `seat`'s at its sends)."""
        turn = state.turn
        if turn is None or turn.seat != seat or turn.steps or turn.to_send <= 0 or not turn.targets:
            return None
        targets = list(turn.targets)
        return Plan(
            count=turn.to_send, targets=targets, one_card=turn.one_card, even=turn.even_split,
            limits=self.send_limits(state, targets),
        )

    def plan(self, state: EverbloomState, seat: int, value: int, space: str, ignore: bool) -> Plan:
        """What a chip of `value` at `space` would do, or why it may not go there."""
        if space not in state.chips:
            return Plan(reason=f"There is no landmark space {space!r}")
        rule = None if ignore else rule_facts(self.rule_at(state, space, seat))
        reached = board_facts(state).reached[(space, self._lemur_reach(state, seat))]
        player = state.players[seat]
        refused, count, sendable, bloom, one_card, even = _chip_sends(
            rule, value, state.chips[space], state.round, self.available(state, seat), player.supply, reached
        )
        if refused is None:
            return Plan(
                count=sendable, bloom=bloom, targets=list(reached.targets), one_card=one_card, even=even,
                limits=reached.cons,
            )
        label = self.landmark_label(state, space).capitalize()
        if refused == "only_values":
            return Plan(reason=f"{label} takes only a {C._words(list(rule.values))}")
        if refused == "max_chips":
            return Plan(reason=f"{label} has room for {rule.count} chip{'s' if rule.count > 1 else ''} only")
        if refused == "match_round":
            return Plan(reason=f"{label} takes only a chip matching the round ({state.round})")
        if refused == _NO_CARDS:
            return Plan(reason=f"{label} has no card next to it to send pollinators to")
        return Plan(
            reason=f"The {count} pollinator{'s' if count != 1 else ''} of that chip cannot be sent from {self.landmark_label(state, space)} under the rules of the cards next to it"
        )

    def _chip_choices(self, state: EverbloomState, seat: int) -> tuple[tuple[int, bool], ...]:
        player = state.__dict__["players"][seat]
        return _chip_choices_of(tuple(player.chips), player.first_chip)

    def placement_fits(self, state: EverbloomState, seat: int, action: PlaceChip) -> bool:
        """Whether `action` is among `placements` (what `validate` asks, without working
        out every other placement: a storm binding a first chip is judged over them all)."""
        board = _board(state)
        if self._placement_offer(state, seat, action, board) is None:
            return False
        storms = board.storms
        if not storms or state.players[seat].chips_placed or (
            self.storms_obeyed(state, seat, action.landmark, storms) == len(storms)
        ):
            return True
        # A storm binds a first chip that does not obey them all, if another placement obeys more.
        chip = (action.chip, action.first_chip)
        return action in self.placements(state, seat, chip).get(chip, ())

    def _placement_offer(
        self, state: EverbloomState, seat: int, action: PlaceChip, board: BoardFacts
    ) -> PlacementRow | None:
        """The row `_placement_rows` gives `action` but for the storms (None: the chip is
        not the seat's to place, or may not go there), worked out at its one landmark on
        `board` (`board_facts`): what `validate` and `apply` ask of a placed chip."""
        values = state.__dict__
        player = values["players"][seat]
        value = action.chip
        first = action.first_chip
        # The chips `_chip_choices` offers: the faction's, then the first player's.
        if first:
            if player.chips or not player.first_chip or value != NUM.first_player_chip:
                return None
        elif value not in player.chips:
            return None
        space = action.landmark
        chips = values["chips"]
        if space not in chips:
            return None
        landmark = _kept_rows(_landmark_rows(state, board, player.faction == "bees", _has_lemur_reach(player))).by_space.get(space)
        if landmark is None:
            return None
        rule = landmark.rule
        ignore = action.ignore_rule
        if ignore:
            ability = FACTIONS[player.faction].ability
            if ability.kind != "ignore_landmark" or value != ability.chip or first or rule is None:
                return None
            rule = None
        supply = player.supply
        if value + (0 if ignore else landmark.spare) > supply:
            return _offer(landmark, rule, value, first, chips, values["round"], self.available(state, seat), supply)
        key = _offer_key(value, first, ignore)
        row = landmark.offers.get(key, UNKNOWN)
        if row is UNKNOWN:
            row = landmark.offers[key] = _offer(
                landmark, rule, value, first, chips, values["round"], self.available(state, seat), supply
            )
        return row

    def placements(
        self, state: EverbloomState, seat: int, only: tuple[int, bool] | None = None
    ) -> dict[tuple[int, bool], list[PlaceChip]]:
        """Legal placements per chip (value, first chip), or for the chip `only`."""
        return placement_actions(self._placement_rows(state, seat, only))

    def placement_plans(self, state: EverbloomState, seat: int) -> list[tuple[PlaceChip, Plan]]:
        """Every legal placement with its `Plan` (what `plan` gives for it), in the order of
        `legal_actions`: a hint's quick games weigh every placement of the seat answering."""
        return [
            (action, Plan(count=sendable, bloom=bloom, targets=list(reached.targets), one_card=one_card, even=even, limits=reached.cons))
            for rows in self._placement_rows(state, seat, None).values()
            for action, (_, _, sendable, bloom, one_card, even), reached in rows
        ]

    def _placement_rows(
        self, state: EverbloomState, seat: int, only: tuple[int, bool] | None
    ) -> dict[tuple[int, bool], Sequence[PlacementRow]]:
        """`placements` with what `_chip_sends` found for each and the cards it reaches.

        Every playout step asks this for every chip and landmark, so it asks `_chip_sends`
        directly (what `plan` asks too), skips the words of a refusal and reads what a
        landmark answered before where the answer holds (`LandmarkRow`), and a chip's
        placements over all the landmarks where every answer holds (`KeptRows`)."""
        values = state.__dict__
        player = values["players"][seat]
        result: dict[tuple[int, bool], Sequence[PlacementRow]] = {}
        ability = FACTIONS[player.faction].ability
        # The Hummingbirds' chip that may disregard a landmark's rule (None: no such chip).
        disregarding = ability.chip if ability.kind == "ignore_landmark" else None
        board = _board(state)
        storms = board.storms if player.chips_placed == 0 else ()
        avail = -1  # worked out when asked: a chip whose rows are all kept needs none
        supply = player.supply
        round_number = values["round"]
        chips = values["chips"]
        landmarks = _landmark_rows(state, board, player.faction == "bees", _has_lemur_reach(player))
        kept = _kept_rows(landmarks)
        for value, first in self._chip_choices(state, seat):
            # A storm is judged over every chip the faction holds, so all are needed then.
            if only is not None and (value, first) != only and not storms:
                continue
            may_disregard = value == disregarding and not first
            key = _offer_key(value, first, False)
            if value + kept.spare <= supply:
                rows = kept.legal.get(key + may_disregard)
                if rows is not None:
                    result[(value, first)] = rows
                    continue
            if avail < 0:
                avail = self.available(state, seat)
            legal = _chip_rows(landmarks, value, first, may_disregard, chips, round_number, avail, supply)
            if value + kept.spare <= supply:
                # Every row came from the landmarks' kept offers: so will the next.
                result[(value, first)] = kept.legal[key + may_disregard] = tuple(legal)
            else:
                result[(value, first)] = legal
        if storms:
            # Ruling 11: the first chip obeys as many storms as any placement of any chip can.
            obeyed = {landmark.space: self.storms_obeyed(state, seat, landmark.space, storms) for landmark in landmarks}
            best = max((obeyed[row[0].landmark] for legal in result.values() for row in legal), default=0)
            if best:
                result = {chip: [row for row in legal if obeyed[row[0].landmark] == best] for chip, legal in result.items()}
            if only is not None:
                result = {only: result.get(only, [])}
        return result

    def _task_wilderness(self, state: EverbloomState, task: Task) -> None:
        state.phase = "wilderness"
        state.turn_seat = state.first_player
        state.turn = None

    def _place(self, state: EverbloomState, seat: int, action: PlaceChip) -> None:
        row = self._placement_offer(state, seat, action, _board(state))
        if row is None:
            # Not a legal placement (`apply` without `validate`): what `plan` makes of it.
            plan = self.plan(state, seat, action.chip, action.landmark, action.ignore_rule)
            count, bloom, targets, one_card, even = plan.count, plan.bloom, plan.targets, plan.one_card, plan.even
            cards = self.reach(state, seat, action.landmark)
        else:
            _, (_, _, count, bloom, one_card, even), reached = row
            targets = list(reached.targets)
            cards = reached.targets
        player = own_player(state, seat)
        if action.first_chip:
            player.first_chip = False
        else:
            player.chips = without(player.chips, action.chip)
        player.chips_placed += 1
        values = state.__dict__
        tells = telling(state)
        stack = values["chips"][action.landmark]
        if player.faction == "bats" and stack and action.chip > stack[-1].value:
            player.cave = min(player.cave + 1, len(CAVE.spaces) - 1)
            if tells:
                state.say(f"The cave marker of {state.name(seat)} moved to space {player.cave + 1}.")
        if action.landmark in wildlife_spaces(values["side"]) and player.faction == "lemurs" and not player.lemur_reach_used:
            player.lemur_reach_used = True
        values["chips"][action.landmark] = [*stack, chip_of(seat, action.chip, action.first_chip)]
        if tells:
            state.say(self.log_line(state, seat, action))
        if bloom:
            self._advance_bloom(state, seat, bloom, "the landmark")
        steps = []
        ability = FACTIONS[player.faction].ability
        if ability.kind == "move_pollinator" and action.chip == ability.chip and not action.first_chip:
            steps.append("butterfly")
        # The cards the chip reaches (an empty space has no event, so the row's own
        # cards, those with a card on them, are all that may add a step).
        for space in cards:
            rule = self.card_rule(state, space)
            if rule is not None and rule.kind == "edge_pull_from_grove":
                steps.append(f"sea:{space}")
            elif rule is not None and rule.kind == "edge_may_move_out":
                steps.append(f"forest:{space}")
        state.turn = TurnWork(
            seat=seat, landmark=action.landmark, value=action.chip, targets=targets, to_send=count,
            sent={}, one_card=one_card, even_split=even, steps=steps,
        )
        self._advance_turn(state)

    def _chip_to_grove(self, state: EverbloomState, seat: int, action: ChipToGrove) -> None:
        player = own_player(state, seat)
        if action.first_chip:
            player.first_chip = False
        else:
            player.chips = without(player.chips, action.chip)
        player.chips_placed += 1
        moved = min(action.chip, player.supply)
        player.supply -= moved
        add_count(state.groves, action.grove, seat, moved)
        if telling(state):
            state.say(self.log_line(state, seat, action))
        self._next_turn(state)

    def _turn_step(self, state: EverbloomState, seat: int, action: Any) -> None:
        turn = state.turn
        assert turn is not None
        if not turn.steps:
            # A Skip while sending: the pollinators still to send stay in the groves.
            self._say_sent(state, seat, f"; {turn.to_send} stay{'s' if turn.to_send == 1 else ''} in the groves")
            self._next_turn(state)
            return
        step = turn.steps.pop(0)
        if isinstance(action, MovePollinator):
            add_count(state.pollinators, action.source, action.owner, -1)
            add_count(state.pollinators, action.target, action.owner, 1)
            state.moved = [*state.moved, PollinatorMoved(seat=seat, owner=action.owner, source=action.source, target=action.target)]
            if telling(state):
                state.say(self.log_line(state, seat, action))
        elif isinstance(action, PullFromGrove):
            space = step.split(":")[1]
            add_count(state.groves, action.grove, seat, -1)
            add_count(state.pollinators, space, seat, 1)
            if telling(state):
                state.say(f"Edge of the Sea: {state.name(seat)} brought a pollinator from the {biome_name(action.grove)} grove.")
        self._advance_turn(state)

    def _send(self, state: EverbloomState, seat: int, action: SendPollinator) -> None:
        # Half of all moves: the state's fields are read from its dictionary.
        values = state.__dict__
        turn = values["turn"]
        assert turn is not None
        grove = action.grove
        space = action.space
        if grove is None:
            own_player(state, seat).supply -= 1
        else:
            add_count(values["groves"], grove, seat, -1)
        add_count(values["pollinators"], space, seat, 1)
        sent = turn.sent
        sent[space] = sent.get(space, 0) + 1
        turn.to_send -= 1
        if turn.to_send == 0:
            self._say_sent(state, seat, "")
        self._advance_turn(state)

    def _say_sent(self, state: EverbloomState, seat: int, rest: str) -> None:
        if not telling(state):
            return
        turn = state.turn
        assert turn is not None
        stacks = state.__dict__["stacks"]
        parts = ", ".join([f"{count} to {card_name(stacks[space][0])}" for space, count in turn.sent.items()])
        state.say(f"{state.name(seat)} sent {parts or 'nothing'}{rest}.")

    def _advance_turn(self, state: EverbloomState) -> None:
        turn = state.__dict__["turn"]
        assert turn is not None
        seat = turn.seat
        while turn.steps:
            step = turn.steps[0]
            if step == "butterfly":
                possible = self._can_move(state, None, None)
            elif step.startswith("forest:"):
                possible = self._can_move(state, seat, step.split(":")[1])
            else:
                space = step.split(":")[1]
                possible = state.pollinators[space][seat] == 0 and any(state.groves[b][seat] for b in BIOMES)
            if possible:
                return
            turn.steps.pop(0)
        if turn.to_send > 0:
            # The supply alone covering what is left, nothing caps it (the groves need no count).
            if state.__dict__["players"][seat].supply < turn.to_send:
                turn.to_send = min(turn.to_send, self.available(state, seat))
            if turn.to_send > 0 and self._can_send(state, seat):
                return
        self._next_turn(state)

    def _next_turn(self, state: EverbloomState) -> None:
        state.turn = None
        players = state.players
        count = len(players)
        turn_seat = state.turn_seat
        for step in range(1, count + 1):
            seat = (turn_seat + step) % count
            # A seat with a chip to place (what `_chip_choices` offers) plays next.
            player = players[seat]
            if player.chips or player.first_chip:
                state.turn_seat = seat
                return
        self._start_migration(state)
