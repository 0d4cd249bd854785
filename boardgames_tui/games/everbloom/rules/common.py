"""What every part of Everbloom's rules shares: the content looked up once, the words
for cards, biomes and moves, the board's geometry, and the plan of a chip's pollinators."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from boardgames_tui.engine.contract import UNREAD_LOG, copy_containers, copy_with_all_given, record_copier, telling
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    Chip,
    ChipToGrove,
    Choose,
    DiscardNectar,
    EverbloomState,
    FinishPollination,
    HabitatCard,
    MovePollinator,
    PlaceChip,
    PlayerState,
    Pollinate,
    PollinationWork,
    PullFromGrove,
    SendPollinator,
    Skip,
    TakeGrove,
    Task,
    TurnWork,
    is_hidden,
)

BIOMES = C.BIOMES
ROUNDS = C.numbers().rounds
NUM = C.numbers()
CARDS = C.cards()
WILDLIFE = {card.id: card for card in C.wildlife_cards()}
BLOOMS = {card.id: card for card in C.blooms()}
NECTAR = {card.id: card for card in C.nectar_cards()}
FACTIONS = C.factions()
LANDMARKS = C.landmarks()
TILES = C.habitat_tiles()
TRACK = C.bloom_track()
CAVE = C.cave_track()
_BIOME_NAMES = {info.key: info.name for info in C.biomes()}
SKIP = Skip()
# An event's rule by card id: a hidden top ('?…') is no card id, so it finds none.
EVENT_RULES = {card_id: card.ability for card_id, card in CARDS.items() if card.is_event}


def card_info(card_id: str) -> Any:
    return CARDS.get(card_id) or WILDLIFE[card_id]


# A card's biomes, cost, name and whether it pollinates itself are read from the content
# once for each card: a migration asks them of every card it moves, several times.
@cache
def card_biomes(card_id: str) -> tuple[str, ...]:
    biomes = card_info(card_id).biomes
    return BIOMES if biomes == (C.WILD,) else tuple(biomes)


@cache
def card_cost(card_id: str) -> int:
    return card_info(card_id).cost


@cache
def auto_pollinates(card_id: str) -> bool:
    return card_id in WILDLIFE or CARDS[card_id].auto_pollinates


# The log's line between a round's last placement and its migration.
MIGRATION_BEGINS = "Migration begins."


@cache
def card_name(card_id: str) -> str:
    return card_info(card_id).name if not is_hidden(card_id) else "a hidden card"


def move_words(state: EverbloomState, seat: int, owner: int, source: str, target: str, viewer: int | None = None) -> str:
    """"moved a pollinator belonging to Ann from Lily Pad Frog to Liana Gibbon" (`seat`
    moving; right for any name), "one of your pollinators" when told to its owner `viewer`."""
    if owner == seat:
        whose = "one of their own pollinators"
    elif owner == viewer:
        whose = "one of your pollinators"
    else:
        whose = f"a pollinator belonging to {state.name(owner)}"
    return f"moved {whose} from {space_card_name(state, source)} to {space_card_name(state, target)}"


def space_card_name(state: EverbloomState, space: str) -> str:
    """The name of the card on top of card space `space` (the space itself when empty)."""
    stack = state.stacks.get(space) or []
    return card_name(stack[0]) if stack else space


def biome_name(biome: str) -> str:
    """A biome as players name it: "Aquatic" (the state keeps "aquatic")."""
    return _BIOME_NAMES.get(biome, biome)


def nectar_card_name(card_id: str) -> str:
    """A nectar card as players name it: "Forest 3" (its biome and its nectar)."""
    if card_id not in NECTAR:
        return "a hidden nectar card"
    info = NECTAR[card_id]
    return f"{_BIOME_NAMES[info.biome]} {info.nectar}"


def card_back(card_id: str) -> str:
    """What a stack card's back shows: its biome deck, or 'event'."""
    card = CARDS[card_id]
    return "event" if card.is_event else card.deck


def add_count(counts: dict[str, list[int]], key: str, seat: int, change: int) -> None:
    """Adds `change` to `seat`'s count under `key` of `counts` (a state's pollinators per
    card space or per grove): the list is replaced, never changed in place, since the
    states before this one share it (the dict is this state's own)."""
    changed = list(counts[key])
    changed[seat] += change
    counts[key] = changed


copy_player = record_copier(PlayerState)
copy_pollination_work = record_copier(PollinationWork)
copy_turn_work = record_copier(TurnWork)


def player_for_move(player: PlayerState) -> PlayerState:
    """A copy of `player` that a move may change: its containers are replaced whole,
    never changed in place (`PlayerState`), so they are shared; its pollination work
    is changed in place, so it is copied."""
    copied = copy_player(player)
    work = player.pollination
    if work is not None:
        work = copied.pollination = copy_pollination_work(work)
        work.cards = list(work.cards)
    return copied


def turn_for_move(turn: TurnWork) -> TurnWork:
    """A copy of a chip's turn that a move may change (its lists and sends in place)."""
    copied = copy_turn_work(turn)
    copied.targets = list(turn.targets)
    copied.sent = dict(turn.sent)
    copied.steps = list(turn.steps)
    return copied


def state_for_move(state: EverbloomState) -> EverbloomState:
    """A copy of `state` that owns every container a move changes in place, sharing the
    rest (what `EverbloomState` marks NEVER_EDITED, the seats' records until
    `own_player` copies one): `apply` makes one every move.  The containers copied are
    the fields not marked NEVER_EDITED but the turn and the final score, each named
    (`test_move_copies.py` holds the list to the model)."""
    values = state.__dict__.copy()
    values["log"] = values["log"].copy()
    values["chips"] = values["chips"].copy()
    values["pollinators"] = values["pollinators"].copy()
    values["groves"] = values["groves"].copy()
    values["players"] = values["players"].copy()
    values["tasks"] = values["tasks"].copy()
    turn = values["turn"]
    if turn is not None:
        values["turn"] = turn_for_move(turn)
    final = values["final"]
    if final is not None:
        values["final"] = copy_containers(final)
    return copy_with_all_given(state, values)


def own_player(state: EverbloomState, seat: int) -> PlayerState:
    """`seat`'s record, made the state's own before a move changes it: the states
    before this one share the records (`EverbloomState.players`), so it is replaced by
    a copy.  Each handler that changes the mover's record asks first; a step that may
    change any seat's (a migration, the pollinations revealed) asks `own_players`.  A
    quick game owns every record from its first move on (`start_quick_game`)."""
    players = state.__dict__["players"]
    if not telling(state):
        return players[seat]
    player = players[seat] = player_for_move(players[seat])
    return player


def own_players(state: EverbloomState) -> None:
    """Every seat's record made the state's own (see `own_player`)."""
    if telling(state):
        state.players = [player_for_move(player) for player in state.players]


def start_quick_game(state: EverbloomState) -> None:
    """Makes `state`, a search's own, a quick game: it keeps no log (`telling`), and it
    owns every seat's record from now on, so that no move copies one again."""
    if telling(state):
        own_players(state)
        state.log = UNREAD_LOG


def without(values: list[int], value: int) -> list[int]:
    """A copy of `values` without its first `value` (a record's lists are replaced, not changed)."""
    kept = list(values)
    kept.remove(value)
    return kept


def earn(state: EverbloomState, seat: int, points: int, source: str) -> None:
    """`seat` scores `points` during play, counted under `source` for the score sheet."""
    player = state.__dict__["players"][seat]
    player.score += points
    if points:
        player.earned = {**player.earned, source: player.earned.get(source, 0) + points}


@cache
def side_board(side: str) -> C.BoardSide:
    return C.board_side(side)


@cache
def _touches(side: str) -> dict[str, tuple[str, ...]]:
    return {space.id: space.touches for space in side_board(side).landmark_spaces}


@cache
def wildlife_spaces(side: str) -> dict[str, str]:
    """Landmark space id -> 'west'/'east' for the two wildlife landmarks."""
    return {space.id: space.wildlife for space in side_board(side).landmark_spaces if space.wildlife}


@cache
def landmark_ids(side: str) -> tuple[str, ...]:
    return tuple(space.id for space in side_board(side).landmark_spaces)


@cache
def card_space_ids(side: str) -> tuple[str, ...]:
    return tuple(space.id for space in side_board(side).card_spaces)


def turn_order(state: EverbloomState) -> tuple[int, ...]:
    values = state.__dict__
    return _turn_order(values["first_player"], len(values["players"]))


@cache
def _turn_order(first: int, count: int) -> tuple[int, ...]:
    return tuple((first + step) % count for step in range(count))


def first_player_line(state: EverbloomState) -> str:
    """Who places the round's first chip.  The Bees set their hive before that: when
    another seat holds them, it is named too, or the table would be told one first
    player while the status line waits for someone else."""
    line = f"First player: {state.name(state.first_player)}"
    bees = next((seat for seat, player in enumerate(state.players) if player.faction == "bees"), None)
    if bees is not None and bees != state.first_player and state.hive is None:
        line += f", once {state.name(bees)} has set the Bees' hive"
    return line + "."


@lru_cache(maxsize=65536)
def feasible(left: int, sent: tuple[int, ...], cons: tuple[tuple[int, int, int], ...], one_card: bool, even: bool) -> bool:
    """Whether `left` more pollinators can be added to `sent` so every rule holds
    (nothing to send at all always does)."""
    if left + sum(sent) == 0:
        return True
    return bool(splits_keeping_rules(left, sent, cons, one_card, even))


@lru_cache(maxsize=65536)
def splits_keeping_rules(
    count: int, sent: tuple[int, ...], cons: tuple[tuple[int, int, int], ...], one_card: bool, even: bool
) -> tuple[tuple[int, ...], ...]:
    """Every way of adding `count` pollinators to `sent` (per target) whose final counts
    keep every rule, each as the counts added, in lexicographic order.

    cons: per target (at least, at most, batch): the final count must be >= at least
    (edge), <= at most (storm of sand), and 0 or >= batch (storm of wind); `one_card`:
    one target at most gets any; `even`: the final counts differ by one at most.  The
    rules ask the same few questions over and over (every chip of every quick game),
    so the answers are kept."""
    kept = []
    for added in _compositions(count, len(sent)):
        final = [already + more for already, more in zip(sent, added)]
        if any(value < low or value > high or 0 < value < batch for value, (low, high, batch) in zip(final, cons)):
            continue
        if one_card and sum(1 for value in final if value) > 1:
            continue
        if even and final and max(final) - min(final) > 1:
            continue
        kept.append(added)
    return tuple(kept)


@cache
def _compositions(count: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every tuple of `parts` counts from 0 up summing to `count`, in lexicographic order."""
    if parts == 0:
        return ((),) if count == 0 else ()
    return tuple((first, *rest) for first in range(count + 1) for rest in _compositions(count - first, parts - 1))


@lru_cache(maxsize=65536)
def open_targets(
    left: int, sent: tuple[int, ...], cons: tuple[tuple[int, int, int], ...], one_card: bool, even: bool
) -> tuple[int, ...]:
    """The targets (by index) that may take the next of `left` pollinators still to send,
    `sent` having gone so far, with the rest still able to keep every rule (`feasible`)."""
    return tuple(
        index for index in range(len(sent))
        if feasible(left - 1, sent[:index] + (sent[index] + 1,) + sent[index + 1:], cons, one_card, even)
    )


class Plan:
    """What placing one chip at one landmark would do (or why it may not)."""

    __slots__ = ("reason", "count", "bloom", "targets", "one_card", "even", "limits")

    def __init__(
        self, reason: str | None = None, count: int = 0, bloom: int = 0, targets: list[str] | None = None,
        one_card: bool = False, even: bool = False, limits: tuple[tuple[int, int, int], ...] = (),
    ) -> None:
        self.reason = reason
        self.count = count
        self.bloom = bloom
        self.targets = targets or []
        self.one_card = one_card
        self.even = even
        # Per target, what its top card's event allows (`splits_keeping_rules`' cons).
        self.limits = limits


# (at least, at most, batch) for a card that puts no rule on what is sent to it.
NO_CONSTRAINT = (0, 99, 0)


@cache
def send_constraint(card: str) -> tuple[int, int, int]:
    """What the event `card` (on top of a stack) allows to be sent to it, for `feasible`."""
    ability = EVENT_RULES.get(card)
    if ability is None:
        return NO_CONSTRAINT
    if ability.kind == "storm_max_send":
        return (0, ability.max, 0)
    if ability.kind == "storm_min_send":
        return (0, 99, ability.min)
    if ability.kind == "edge_must_send":
        return (ability.min, 99, 0)
    return NO_CONSTRAINT


@cache
def reach_of(side: str, space: str, lemur_reach: bool) -> tuple[str, ...]:
    """Card spaces a chip at landmark `space` reaches; `lemur_reach`: the chip is the
    Lemurs' and their reach is unused, so a wildlife landmark reaches both wildlife
    landmarks' cards (KeyError for an unknown space)."""
    touches = _touches(side)
    wild = wildlife_spaces(side)
    if space in wild and lemur_reach:
        both: list[str] = []
        for other in wild:
            both.extend(card for card in touches[other] if card not in both)
        return tuple(both)
    return touches[space]


class CardsReached:
    """The cards a chip at one landmark may send to (those with a card on them), what
    each top allows to be sent (see `feasible`), and the answers `sendable` found so
    far (`answers`, keyed by its arguments, which the wilderness reads first): every
    playout on one board asks the same few questions again."""

    __slots__ = ("targets", "cons", "answers")

    def __init__(self, targets: tuple[str, ...], cons: tuple[tuple[int, int, int], ...]) -> None:
        self.targets = targets
        self.cons = cons
        self.answers: dict[tuple[int, int, bool, bool], int | None] = {}

    def sendable(self, count: int, least: int, one_card: bool, even: bool) -> int | None:
        """The most pollinators, from `count` down to `least` (the supply's share, which
        must go: ruling 22), that can be sent here under the landmark's rule (`one_card`,
        `even`); None if no such count keeps every rule."""
        key = (count, least, one_card, even)
        found = self.answers.get(key, UNKNOWN)
        if found is UNKNOWN:
            found = self.answers[key] = most_sendable(count, least, self.cons, one_card, even)
        return found


# `CardsReached.answers`' mark for a question not asked before (None is an answer).
UNKNOWN = object()


@lru_cache(maxsize=65536)
def most_sendable(count: int, least: int, cons: tuple[tuple[int, int, int], ...], one_card: bool, even: bool) -> int | None:
    """`CardsReached.sendable` for cards whose tops allow `cons`: a new board asks again
    what other boards with the same kinds of tops answered before."""
    zeros = (0,) * len(cons)
    return next((n for n in range(count, least - 1, -1) if feasible(n, zeros, cons, one_card, even)), None)


class BoardFacts:
    """What the card tops decide for every chip of a wilderness: per (landmark space,
    Lemurs' reach) the `CardsReached`, and the storms binding first chips.  The tops
    change only between one round's wilderness and the next (events, migration), so
    `board_facts` works this out once per board, not for every chip and landmark of
    every step."""

    __slots__ = ("reached", "storms", "landmark_rows")

    def __init__(self, side: str, tops: tuple[str, ...]) -> None:
        top_of = dict(zip(card_space_ids(side), tops))
        self.reached: dict[tuple[str, bool], CardsReached] = {}
        for space in landmark_ids(side):
            for lemur_reach in (False, True):
                targets = tuple(card for card in reach_of(side, space, lemur_reach) if top_of[card])
                self.reached[(space, lemur_reach)] = CardsReached(
                    targets, tuple(send_constraint(top_of[card]) for card in targets)
                )
        self.storms: tuple[tuple[str, Any], ...] = tuple(
            (space, EVENT_RULES[top]) for space, top in top_of.items()
            if top in EVENT_RULES and EVENT_RULES[top].kind == "storm_first_chip"
        )
        # Per landmark, what a seat's chip meets there on this board, kept by the wilderness
        # (`Wilderness._landmark_rows`): the landmarks turn only between rounds.
        self.landmark_rows: dict[Any, tuple[Any, ...]] = {}


@lru_cache(maxsize=1024)
def _board_facts(side: str, tops: tuple[str, ...]) -> BoardFacts:
    return BoardFacts(side, tops)


def board_facts(state: EverbloomState) -> BoardFacts:
    """The `BoardFacts` of `state`'s card tops (cached: many states share one board)."""
    stacks = state.stacks
    tops = tuple([stacks[space][0] if stacks[space] else "" for space in card_space_ids(state.side)])
    return _board_facts(state.side, tops)


def new_task(
    kind: str, seat: int = -1, space: str = "", card: str = "", counts: list[int] | None = None, number: int = 0,
    text: str = "",
) -> Task:
    """A `Task`, built without validation, once for every state that queues the same one
    (tasks are frozen): a search's quick games play migration after migration from one
    position, and nine in ten of the tasks they queue (a card space's, its winner's,
    losers' and bonuses') were queued by another quick game before."""
    return _task(kind, seat, space, card, () if counts is None else tuple(counts), number, text)


@lru_cache(maxsize=8192)
def _task(kind: str, seat: int, space: str, card: str, counts: tuple[int, ...], number: int, text: str) -> Task:
    return Task(kind=kind, seat=seat, space=space, card=card, counts=list(counts), number=number, text=text)

# Actions are frozen: each one a bot or a hint may be offered is built once.  So are
# habitat cards: each (card, pollinated or not) is built once too.
habitat_card = cache(lambda card, pollinated: HabitatCard(id=card, pollinated=pollinated))
send_action = cache(lambda space, grove: SendPollinator(space=space, grove=grove))
choose_action = cache(lambda option: Choose(option=option))
discard_action = cache(lambda card: DiscardNectar(card=card))
chip_to_grove_action = cache(lambda chip, grove, first: ChipToGrove(chip=chip, grove=grove, first_chip=first))
move_action = cache(lambda owner, source, target: MovePollinator(owner=owner, source=source, target=target))
pollinate_action = cache(lambda card: Pollinate(card=card))
finish_action = cache(lambda grove: FinishPollination(grove=grove))
# Chips on landmarks are frozen too: each (seat, value, first chip) is built once.
chip_of = cache(lambda seat, value, first: Chip(seat=seat, value=value, first_chip=first))
TAKE_ACTIONS = tuple(TakeGrove(grove=biome) for biome in BIOMES)
PULL_ACTIONS = {biome: PullFromGrove(grove=biome) for biome in BIOMES}


@cache
def place_action(chip: int, landmark: str, first: bool, ignore: bool) -> PlaceChip:
    return PlaceChip(chip=chip, landmark=landmark, first_chip=first, ignore_rule=ignore)


def majority_divisors(values: list[int] | list[float]) -> list[int]:
    """What each seat's nectar in one biome is divided by at the end (0: no points).

    Seats with nectar take places from the most down; seats tied on a total share the
    places they span and are paid at the rate of the lowest of them (ruling 20): two
    tied for the most span first and second, so the next total below is third."""
    table = C.nectar_majority()
    divisors = []
    for value in values:
        if value <= 0:
            divisors.append(0)
            continue
        above = sum(1 for other in values if other > value)
        tied = sum(1 for other in values if other == value)
        if above == 0:
            divisors.append(table.first if tied == 1 else table.first_tied if tied == 2 else table.others)
        elif above == 1:
            divisors.append(table.second if tied == 1 else table.second_tied)
        else:
            divisors.append(table.others)
    return divisors
