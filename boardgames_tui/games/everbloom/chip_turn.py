"""Everbloom's wilderness turn, built key by key: a turn builder.

A chip turn is a chip, a landmark and a split of the chip's pollinators over the cards
the landmark reaches.  A seat builds it in two steps:

* place: a chip (a digit, ←/→) and a landmark (its letter, ↑/↓ and Enter).  Every
  landmark is a row with what the chip would do there, or the rule that closes it; a
  chip that fits nowhere has one row per grove instead.
* send: one counter per card the chip reaches, already holding a legal split (or the
  split a hint named), and, once the supply is empty, one per grove the pollinators
  come from.  A counter may never break a card's rule nor the chip's total.

Nothing reaches the rules until the seat sends: `whole_turn` then builds the chip and
one pollinator per send, which the screen has its table check as a whole before any
of it is played.

`ChipTurn` holds one seat's half-built turn (the screen keeps one per seat, so another
seat never finds it) and answers what the screen draws and why a key is refused; the
counters of the send step are its `Sending`.  Neither imports Textual: they are tested
headless (tests/games/everbloom/test_chip_turn.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from boardgames_tui.engine.bots import view_after
from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.games.everbloom.describe import pollinators
from boardgames_tui.engine.parts import Game
from boardgames_tui.games.everbloom.game import EverbloomNarrator
from boardgames_tui.games.everbloom.letters import GROVE_KEYS, landmark_keys
from boardgames_tui.games.everbloom.model import ChipToGrove, EverbloomState, PlaceChip, SendPollinator, Skip, TurnWork
from boardgames_tui.games.everbloom.rules import BIOMES, EverbloomRules, Plan, biome_name, card_name

Chip = tuple[int, bool]  # (value, whether it is the first player's "1" chip)

_GROVE_LETTERS = {biome: letter for letter, biome in GROVE_KEYS.items()}


def chip_words(chip: Chip) -> str:
    return 'the "1" chip' if chip[1] else f"chip {chip[0]}"


@dataclass(frozen=True, eq=False)
class Seen:
    """What the seat at the keyboard sees (`view`) and may do (`legal`) now."""

    view: EverbloomState
    seat: int
    legal: list[Any]


@dataclass(frozen=True)
class PlaceRow:
    """One row of the place step: a landmark (or, for a chip that fits nowhere, a grove)."""

    key: str  # the letter that picks it
    space: str  # the landmark space, or the grove's biome
    action: PlaceChip | ChipToGrove | None  # None: closed to this chip
    why: str | None = None  # why it is closed, in the rules' words
    plan: Plan | None = None  # what the chip would do there


@dataclass(frozen=True)
class WholeTurn:
    """A chip turn as the rules take it, in order (`ChipTurn.whole_turn`)."""

    actions: list[Any]
    # The split to put on the counters again once the chip's question is answered.
    carried: dict[str, int] | None = None


@dataclass
class Sending:
    """The pollinators the seat is about to send: nothing is submitted until Enter.

    `place` is the chip still to be placed (None once it is on the board); `counts`
    are the pollinators to add per target card, `groves` those taken from groves once
    the supply is empty, `cursor` the highlighted row (cards first, then groves).

    Methods that answer a key return None when they did what the key asks, else the
    reason they did nothing, for the screen to say.
    """

    rules: EverbloomRules = field(repr=False, compare=False)
    landmark: str
    place: PlaceChip | None
    targets: list[str]
    total: int
    one_card: bool
    even: bool
    sent: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    groves: dict[str, int] = field(default_factory=dict)
    # Pollinators the seat leaves in the groves (they need not be sent).
    kept: int = 0
    cursor: int = 0
    key: tuple[Any, ...] = ()

    def left(self) -> int:
        return self.total - self.kept - sum(self.counts.values())

    def need_from_groves(self, seen: Seen) -> int:
        return max(0, self.total - seen.view.players[seen.seat].supply)

    @staticmethod
    def my_groves(seen: Seen) -> list[str]:
        return [biome for biome in BIOMES if seen.view.groves[biome][seen.seat] > 0]

    def row_count(self, seen: Seen) -> int:
        """How many rows the send step has: the cards, then the groves when needed."""
        return len(self.targets) + (len(self.my_groves(seen)) if self.need_from_groves(seen) else 0)

    def problem(self, seen: Seen, counts: dict[str, int]) -> str | None:
        """Why this split breaks a card's or the landmark's rule, in the rules' words."""
        final = {space: self.sent.get(space, 0) + counts.get(space, 0) for space in self.targets}
        return self.rules.split_problem(seen.view, self.landmark, final, self.one_card, self.even)

    def put_default_split(self, seen: Seen, counts: dict[str, int] | None = None) -> None:
        """`counts` on the cards (else the most even legal split), the groves' share on
        the groves."""
        self.counts = counts if counts is not None else self._default_counts(seen)
        self.groves = self._default_groves(seen)

    def _default_counts(self, seen: Seen) -> dict[str, int]:
        """The most even legal split (earlier cards first), or everything on the first card."""
        targets = self.targets
        if not targets or self.total <= 0:
            return {space: 0 for space in targets}
        best: tuple[int, ...] | None = None
        for split in product(range(self.total + 1), repeat=len(targets)):
            if sum(split) != self.total:
                continue
            counts = dict(zip(targets, split))
            if self.problem(seen, counts) is None:
                rank = (max(split), [-value for value in split])
                if best is None or rank < (max(best), [-value for value in best]):
                    best = split
        if best is None:
            best = tuple(self.total if index == 0 else 0 for index in range(len(targets)))
        return dict(zip(targets, best))

    def _default_groves(self, seen: Seen) -> dict[str, int]:
        need = self.need_from_groves(seen)
        groves: dict[str, int] = {}
        for biome in self.my_groves(seen):
            take = min(need, seen.view.groves[biome][seen.seat])
            groves[biome] = take
            need -= take
        return groves

    def move_cursor(self, seen: Seen, delta: int) -> str | None:
        rows = self.row_count(seen)
        if not rows:
            return None
        # Stops at the first and last card (saying so): wrapping round would put
        # pollinators on a card the player did not mean.
        cursor = max(0, min(rows - 1, self.cursor + delta))
        if cursor == self.cursor:
            return f"That is the {'first' if delta < 0 else 'last'} row of this split."
        self.cursor = cursor
        return None

    def set_count(self, seen: Seen, value: int, step: bool) -> str | None:
        """Set (or, with `step`, change by) the count on the highlighted row, keeping the
        chip's total: the surplus comes off the other rows, the fullest first."""
        if self.cursor >= len(self.targets):
            return self._set_grove(seen, value, step)
        space = self.targets[self.cursor]
        counts = dict(self.counts)
        wanted = counts.get(space, 0) + value if step else value
        if wanted < 0:
            return "None to take off here."
        if wanted > self.total:
            return f"This chip sends {pollinators(self.total)} in all: no more than that can go to one card."
        counts[space] = wanted
        while sum(counts.values()) > self.total - self.kept:
            other = max((s for s in self.targets if s != space and counts.get(s, 0) > 0), key=lambda s: counts[s])
            counts[other] -= 1
        rule = self.rules.card_rule(seen.view, space)
        if rule is not None and rule.kind == "storm_max_send" and self.sent.get(space, 0) + wanted > rule.max:
            return f"{card_name(seen.view.stacks[space][0])}: {rule.summary}"
        self.counts = counts
        return None

    def _set_grove(self, seen: Seen, value: int, step: bool) -> str | None:
        groves = self.my_groves(seen)
        index = self.cursor - len(self.targets)
        if not 0 <= index < len(groves):
            return None
        biome = groves[index]
        takes = {b: self.groves.get(b, 0) for b in groves}
        wanted = takes[biome] + value if step else value
        if wanted < 0:
            return "None to take off here."
        have = seen.view.groves[biome][seen.seat]
        need = self.need_from_groves(seen)
        if wanted > have:
            return f"You have only {pollinators(have)} in the {biome_name(biome)} grove."
        if wanted > need:
            return f"Only {pollinators(need)} come from groves: your supply gives the rest."
        takes[biome] = wanted
        while sum(takes.values()) > need:
            other = max((b for b in groves if b != biome and takes[b] > 0), key=lambda b: takes[b])
            takes[other] -= 1
        self.groves = takes
        # What the groves do not give stays there (ruling 22): the cards get that many fewer.
        self.kept = need - sum(takes.values())
        while self.left() < 0:
            fullest = max((s for s in self.targets if self.counts.get(s, 0) > 0), key=lambda s: self.counts[s])
            self.counts[fullest] -= 1
        return None

    def count_at_least_one(self, seen: Seen, space: str) -> None:
        """Put one pollinator on `space` when the split still sends none there (one still
        to place, else one taken from the fullest other card), if that keeps every rule:
        Enter then sends one where a hint said."""
        if space not in self.targets:
            return
        self.cursor = self.targets.index(space)
        if self.counts.get(space, 0):
            return
        counts = dict(self.counts)
        if self.left() <= 0:
            if not any(counts.values()):
                return
            fullest = max((other for other in counts if counts[other] > 0), key=lambda other: counts[other])
            counts[fullest] -= 1
        counts[space] = 1
        if self.problem(seen, counts) is None:
            self.counts = counts

    def refusal(self, seen: Seen) -> str | None:
        """Why the split on the counters may not be sent yet."""
        left = self.left()
        if left:
            return f"A chip sends all its pollinators: {pollinators(left)} still to place (→ or a digit on a card)."
        return self.problem(seen, self.counts)

    def sends(self, seen: Seen) -> list[Any]:
        """One action per pollinator: the supply first, then the groves picked."""
        from_groves = [biome for biome, take in self.groves.items() for _ in range(take)]
        supply = seen.view.players[seen.seat].supply
        actions: list[Any] = []
        for space in self.targets:
            for _ in range(self.counts.get(space, 0)):
                grove = None if supply > 0 else (from_groves.pop(0) if from_groves else None)
                supply -= 1
                actions.append(SendPollinator(space=space, grove=grove))
        if self.kept:
            actions.append(Skip())
        return actions


class ChipTurn:
    """One seat's chip turn while it is being built (see the module's words).

    Methods that answer a key return None when they did what the key asks, else the
    reason they did nothing, for the screen to say."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules: EverbloomRules = game.rules  # type: ignore[assignment]
        # For the split a hint has in mind (`suggest_split`).
        self.narrator: EverbloomNarrator = game.narrator  # type: ignore[assignment]
        self.chip: Chip | None = None
        self.spot = 0  # the highlighted row of the place step
        self.ignore = False  # the Hummingbirds' choice to disregard the landmark's rule
        self.sending: Sending | None = None
        # Counts to carry over when a move has to come between the chip and its sends.
        self.pending: dict[str, int] | None = None
        # The moves made when this turn was last set up: a new turn starts afresh.
        self.started_at = -1
        self._options_key: tuple[Any, ...] | None = None
        self._options: dict[Chip, list[Any]] = {}
        self._rows_key: tuple[Any, ...] | None = None
        self._rows: list[PlaceRow] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> ChipTurn:
        # The rules are shared; what is cached from a view is rebuilt when asked.
        memo[id(self.rules)] = self.rules
        twin = ChipTurn(self.game)
        twin.chip, twin.spot, twin.ignore, twin.started_at = self.chip, self.spot, self.ignore, self.started_at
        twin.sending = copy.deepcopy(self.sending, memo)
        twin.pending = copy.deepcopy(self.pending, memo)
        return twin

    # -- which step ---------------------------------------------------------------------------
    def step(self, seen: Seen, moves: int) -> str:
        """'place', 'send', or 'list' (a decision the rules list whole) for the acting seat;
        `moves` is how many moves the game has had, which tells a new turn."""
        view = seen.view
        if view.phase != "wilderness" or view.choice is not None:
            return "list"
        turn = view.turn
        if turn is None:
            self._open(seen, moves)
            return "send" if self.sending is not None else "place"
        if turn.seat == seen.seat and not turn.steps and turn.to_send > 0:
            self._follow(seen)
            return "send"
        return "list"

    def _open(self, seen: Seen, moves: int) -> None:
        """A chip turn the seat has not touched yet opens on the first chip that may go
        and its first open landmark, never on what the seat picked last turn."""
        if self.started_at == moves:
            return
        self.started_at = moves
        self.chip = None
        self.ignore = False
        self.sending = None
        rows = self.place_rows(seen)
        self.spot = next((index for index, row in enumerate(rows) if row.action is not None), 0)

    def clear(self) -> None:
        """After a move: the next turn starts afresh."""
        self.sending = None
        self.chip = None
        self.ignore = False
        self.spot = 0

    # -- placing a chip ---------------------------------------------------------------------------
    def chip_options(self, seen: Seen) -> dict[Chip, list[Any]]:
        """The seat's chips in hand, each with its legal placements (or grove sends)."""
        old = self._options_key
        if old is not None and old[0] is seen.view and old[1] is seen.legal:
            return self._options
        player = seen.view.players[seen.seat]
        options: dict[Chip, list[Any]] = {(value, False): [] for value in sorted(set(player.chips))}
        if player.first_chip:
            options[(1, True)] = []
        for action in seen.legal:
            if isinstance(action, (PlaceChip, ChipToGrove)):
                options.setdefault((action.chip, action.first_chip), []).append(action)
        self._options_key = (seen.view, seen.legal)
        self._options = options
        return options

    def selected_chip(self, seen: Seen) -> Chip | None:
        options = self.chip_options(seen)
        if self.chip not in options or not options[self.chip]:
            self.chip = next((chip for chip, actions in options.items() if actions), None)
            self.ignore = False
            self.spot = 0
        return self.chip

    def place_rows(self, seen: Seen) -> list[PlaceRow]:
        """One row per landmark, or per grove when the chip fits at no landmark."""
        view, seat = seen.view, seen.seat
        chip = self.selected_chip(seen)
        key = (view, seat, chip, self.ignore)
        old = self._rows_key
        if old is not None and old[0] is view and old[1:] == key[1:]:
            return self._rows
        rows: list[PlaceRow] = []
        actions = self.chip_options(seen).get(chip, []) if chip is not None else []
        if actions and isinstance(actions[0], ChipToGrove):
            rows = [PlaceRow(_GROVE_LETTERS[action.grove], action.grove, action) for action in actions]
        elif chip is not None:
            for space, letter in landmark_keys(view.side).items():
                variants = [a for a in actions if isinstance(a, PlaceChip) and a.landmark == space]
                action = next((a for a in variants if a.ignore_rule == self.ignore), None)
                if action is None:
                    action = next((a for a in variants if not a.ignore_rule), None)
                if action is not None:
                    plan = self.rules.plan(view, seat, chip[0], space, action.ignore_rule)
                    rows.append(PlaceRow(letter, space, action, plan=plan))
                    continue
                probe = PlaceChip(chip=chip[0], landmark=space, first_chip=chip[1], ignore_rule=self.ignore)
                try:
                    self.rules.validate(view, seat, probe)
                    why = "closed to this chip"
                except IllegalMove as refusal:
                    why = refusal.reason
                rows.append(PlaceRow(letter, space, None, why=why))
        self._rows_key = key
        self._rows = rows
        return rows

    def fits_nowhere(self, seen: Seen) -> bool:
        rows = self.place_rows(seen)
        return bool(rows) and isinstance(rows[0].action, ChipToGrove)

    def can_ignore(self, seen: Seen) -> bool:
        """Whether the chip picked may disregard a landmark's rule (the Hummingbirds' 2)."""
        chip = self.chip
        return chip is not None and any(
            isinstance(a, PlaceChip) and a.ignore_rule for a in self.chip_options(seen).get(chip, [])
        )

    def highlighted_row(self, seen: Seen) -> PlaceRow | None:
        rows = self.place_rows(seen)
        if not rows:
            return None
        self.spot %= len(rows)
        return rows[self.spot]

    def move_spot(self, seen: Seen, delta: int) -> str | None:
        rows = self.place_rows(seen)
        if not rows:
            return None
        # The list stops at its ends (saying so): it never jumps round to the other end.
        spot = max(0, min(len(rows) - 1, self.spot + delta))
        if spot == self.spot:
            what = "grove" if self.fits_nowhere(seen) else "landmark"
            return f"That is the {'first' if delta < 0 else 'last'} {what}."
        self.spot = spot
        return None

    def step_chip(self, seen: Seen, delta: int) -> str | None:
        """The next chip that may go now, that way; none: the chip stays (no wrapping round)."""
        options = self.chip_options(seen)
        chips = list(options)
        chip = self.selected_chip(seen)
        if not chips or chip is None:
            return None
        index = chips.index(chip) + delta
        skipped = []
        while 0 <= index < len(chips) and not options[chips[index]]:
            skipped.append(chips[index])
            index += delta
        if 0 <= index < len(chips):
            self.select_chip(chips[index])
            return None
        if skipped:
            # A chip is there but may not go (the first player's "1" before the others):
            # the rules say why.
            return self.why_chip_waits(seen, *skipped[0])
        return f"No {'smaller' if delta < 0 else 'larger'} chip: this is your {'smallest' if delta < 0 else 'largest'}."

    def select_chip(self, chip: Chip) -> None:
        if chip != self.chip:
            self.chip = chip
            self.ignore = False

    def pick_chip(self, seen: Seen, value: int) -> str | None:
        """The chip of `value` (the first player's "1" once their own 1 is spent)."""
        player = seen.view.players[seen.seat]
        first = value == 1 and 1 not in player.chips and player.first_chip
        chip = (value, first)
        if self.chip_options(seen).get(chip):
            self.select_chip(chip)
            return None
        return self.why_chip_waits(seen, value, first)

    def why_chip_waits(self, seen: Seen, value: int, first: bool) -> str:
        """Why chip `value` may not go now, in the rules' words."""
        landmark = next(iter(landmark_keys(seen.view.side)))
        try:
            self.rules.validate(seen.view, seen.seat, PlaceChip(chip=value, landmark=landmark, first_chip=first))
        except IllegalMove as refusal:
            return refusal.reason
        return f"Chip {value} cannot be placed now"

    def toggle_ignore(self) -> None:
        self.ignore = not self.ignore

    def spot_of_letter(self, seen: Seen, letter: str) -> str | None:
        """Highlight the row `letter` picks."""
        rows = self.place_rows(seen)
        index = next((i for i, row in enumerate(rows) if row.key == letter), None)
        if index is None:
            if self.fits_nowhere(seen):
                return f"This chip fits at no landmark: pick a grove ({', '.join(row.key.upper() for row in rows)})."
            return f"There is no landmark {letter} on this board."
        self.spot = index
        return None

    def closed_reason(self, row: PlaceRow) -> str:
        """What a refused landmark says."""
        chip = chip_words(self.chip) if self.chip else "that chip"
        return f"{chip.capitalize()} cannot go to {row.space}: {row.why}"

    def highlight(self, seen: Seen, action: Any) -> None:
        """Put the place step on `action` (a hint's placement)."""
        if not isinstance(action, (PlaceChip, ChipToGrove)):
            return
        self.chip = (action.chip, action.first_chip)
        self.ignore = isinstance(action, PlaceChip) and action.ignore_rule
        for index, row in enumerate(self.place_rows(seen)):
            if row.action == action:
                self.spot = index

    # -- sending pollinators -------------------------------------------------------------------------
    def start_sending(self, seen: Seen, action: PlaceChip, hint: Any = None) -> None:
        """The send step for `action`, its counters on the split the hint named if the
        hint was this very placement, else on the most even legal split."""
        plan = self.rules.plan(seen.view, seen.seat, action.chip, action.landmark, action.ignore_rule)
        self.sending = Sending(
            self.rules, landmark=action.landmark, place=action, targets=list(plan.targets), total=plan.count,
            one_card=plan.one_card, even=plan.even,
        )
        self.sending.put_default_split(seen, self._hinted_counts(seen, action) if action == hint else None)

    def _hinted_counts(self, seen: Seen, action: PlaceChip) -> dict[str, int] | None:
        """The split the hint named for its placement, so that Enter sends what it said:
        the narrator's `suggest_split` (the split their hint words name), kept only when it
        sends every pollinator and keeps every rule."""
        sending = self.sending
        assert sending is not None
        suggested = self.narrator.suggest_split(seen.view, seen.seat, action)
        counts = {space: suggested.get(space, 0) for space in sending.targets}
        if sum(counts.values()) != sending.total or sending.problem(seen, counts) is not None:
            return None
        return counts

    def _follow(self, seen: Seen) -> None:
        """Once the chip is on the board, follow the rules' record of the turn."""
        turn = seen.view.turn
        assert turn is not None
        key = (turn.landmark, turn.to_send, tuple(turn.targets), tuple(sorted(turn.sent.items())))
        sending = self.sending
        if sending is not None and sending.place is None and sending.key == key:
            return
        sending = self.sending = Sending(
            self.rules, landmark=turn.landmark, place=None, targets=list(turn.targets), total=turn.to_send,
            one_card=turn.one_card, even=turn.even_split, sent=dict(turn.sent), key=key,
        )
        carried, self.pending = self.pending, None
        fits = carried is not None and set(carried) == set(sending.targets) and sum(carried.values()) == sending.total
        sending.put_default_split(seen, dict(carried) if carried is not None and fits else None)

    def back(self) -> None:
        """From the send step back to the landmarks (the chip is not on the board yet)."""
        self.sending = None

    def count_hinted_send(self, seen: Seen, action: SendPollinator) -> None:
        """Put the counters on the split a send's hint named (its pollinator and the rest
        of the chip's: `split_of_send`), so that Enter sends what it said; where that
        split does not fit the counters, one pollinator where the hint said
        (`count_at_least_one`)."""
        sending = self.sending
        if sending is None or action.space not in sending.targets:
            return
        view = view_after(self.game, seen.view, seen.seat, self.decided(seen))
        named = self.narrator.split_of_send(view, seen.seat, action)
        counts = {space: named.get(space, 0) for space in sending.targets}
        if sum(counts.values()) == sending.total and sending.problem(seen, counts) is None:
            sending.cursor = sending.targets.index(action.space)
            sending.counts = counts
            return
        sending.count_at_least_one(seen, action.space)

    def _turn_after(self, seen: Seen, place: PlaceChip) -> TurnWork | None:
        """The rules' record of the turn once `place` is played: a question first, the
        sends, or nothing more.  That hangs only on what the seat sees (the cards a chip
        reaches are face up all through the wilderness, ruling 28, and a nectar card a
        bloom advance draws asks nothing), so one sample of the hidden state, with the
        chip played on it, tells; the view alone cannot take a draw."""
        return view_after(self.game, seen.view, seen.seat, (place,)).turn

    def asks_before_sending(self, seen: Seen, place: PlaceChip) -> bool:
        """Whether `place` asks its question (a pollinator to move or to bring in) before
        any pollinator is sent: the question then comes straight after the landmark, as
        the rules text tells it, and the split after the answer."""
        turn = self._turn_after(seen, place)
        return turn is not None and turn.seat == seen.seat and bool(turn.steps)

    def whole_turn(self, seen: Seen) -> WholeTurn:
        """The whole turn as the rules take it: the chip, then one action per pollinator.
        A chip that asks for a move before its sends (a pollinator to move or to bring
        in) goes alone, and the counters wait for after that move.  Nothing is checked
        here against the game: the screen asks its table (`Table.check_turn`)."""
        sending = self.sending
        assert sending is not None
        sends = sending.sends(seen)
        place = sending.place
        if place is None:
            return WholeTurn(sends)
        if place not in seen.legal:
            # Refused by the rules, which say why when the table is asked.
            return WholeTurn([place, *sends])
        turn = self._turn_after(seen, place)
        if turn is not None and turn.seat == seen.seat and not turn.steps:
            return WholeTurn([place, *sends])
        asks = turn is not None and bool(turn.steps)
        return WholeTurn([place], carried=dict(sending.counts) if asks else None)

    def sent(self, turn: WholeTurn) -> None:
        """The table took `turn`: the split closes (its counters carried over to after
        the chip's question, when it asks one)."""
        self.pending = turn.carried
        self.sending = None

    def decided(self, seen: Seen) -> tuple[PlaceChip, ...]:
        """The chip of the open split, when its sends follow it at once: the move a hint
        on the split takes as made (its search plays it on samples of the hidden state,
        never on the view).  Empty when no chip waits, it is refused, or it asks for
        another decision before its sends (a pollinator to move or bring in)."""
        sending = self.sending
        if sending is None or sending.place is None:
            return ()
        try:
            self.rules.validate(seen.view, seen.seat, sending.place)
        except IllegalMove:
            return ()
        turn = self._turn_after(seen, sending.place)
        if turn is None or turn.steps or turn.seat != seen.seat:
            return ()
        return (sending.place,)
