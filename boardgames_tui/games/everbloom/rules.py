"""Everbloom's rules: the nectar draft, three rounds of wilderness, migration and
pollination, and the final nectar, bloom-track and habitat scoring.

Rules decisions (where the rulebook leaves room, decided as a player would expect):

 1. Factions are chosen per seat (options `faction_1`..`faction_4`); a seat left to
    chance is dealt one nobody chose, at random.
 2. A landmark theme is offered only for the seat counts it is printed for (content:
    `players`): Duo, selected for two players, only to two seats; none is given an
    invented extra tile.
 3. The nectar draft is simultaneous and secret: each seat's discard (and so the grove
    its "3" pollinator goes to) is revealed when every seat has chosen.  Discarded
    nectar cards leave the game.
 4. The "3" pollinator of setup is three pollinators taken from the supply.
 5. An event whose placement biome matches no top hybrid goes onto the empty space.
    Only the top hybrid moves; the event goes on the rest of its stack.
 6. The hive goes on a numbered (non-wildlife) landmark space it has not covered
    before in this game; if it has covered them all, the least recently covered.
    It covers that landmark: everybody but the Bees follows the hive's rule there
    instead of the landmark's; the Bees follow no rule there.  The landmark under
    the hive still counts (and flips) at the end of the round; the hive never flips.
 7. "If lowest / If highest" compares the chip with the chips already on the
    landmark when it is placed: strictly lower (higher) than each of them; a chip on
    an empty landmark is both.
 8. "Distribute pollinators evenly": over all the cards the chip reaches, no card
    gets two more than another.  "Send pollinators to one card": all go to one card.
 9. A chip may go only where all of its pollinators can be sent under every landmark
    and card rule (storms, edges).  A faction sends what it has when supply and
    groves together hold fewer pollinators than the chip calls for.
10. A chip with no legal landmark sends its value in pollinators from the supply to
    one grove of its owner's choice; the chip is spent for the round.
11. Storm of Snow / Rain bind the faction's first chip of the round when any chip it
    holds has a placement that satisfies the storm: then only such placements are
    legal (a chip that cannot obey may neither be placed nor go to a grove).  Under
    two storms the first chip must obey as many of them as any placement of any chip
    can.  "Adjacent" includes the Lemurs' reach.
12. Edge of the Sea is mandatory when able (the faction chooses the grove); Edge of the
    Forest and the Butterflies' move are optional; they happen before sending.  The
    moved pollinator may go to any other card with a card on it.
13. The Hummingbirds choose per placement of the "2" whether to disregard the
    landmark's rule (losing its bonus too); card rules still bind.
14. Bats: "the chip directly beneath" is the top chip of the stack before placing;
    the marker stops at the track's end.  The cave bonus is chosen after the migration.
15. Gains come from the supply; a gain finds nothing when the supply is empty.
    Nectar cards are drawn while the deck lasts.
16. Wildlife landmarks: nobody wins one without chips.  If nobody wins the western
    landmark, the eastern winner chooses either bonus.  The wildlife card option is
    offered only while wildlife cards remain.
17. Events' "of your choice" counts (Petals of Anteri, Sprouting Cacti) take the best
    grove / biome for the winner.  Dune/Coral Blossom ties use the usual tie rules.
18. Bloom cards stay on display when completed; any faction may complete any of them
    any number of times.  Chip objectives count every landmark stack (wildlife ones
    included) at the start of migration, before the western landmark resolves;
    habitat tile C counts the stacks still on the board when it scores (ruling 24).
19. Pollination: a seat may stop before spending everything; auto-pollinating cards
    (and wildlife cards) flip for free when the grove is taken.  Choices stay hidden
    and are applied together, in turn order, when every seat has finished.  The
    1 point per pollinated card counts every pollinated card in the habitat.
20. Nectar majorities: factions tied on a total share the places they span and are
    paid at the rate of the lowest of them: two tied for the most hold first and
    second (1 per 2) and the next total is third (1 per 3); three or more tied for
    the most, or two or more tied for second, get 1 per 3.  A faction with no nectar
    in a biome scores nothing there.
21. Habitat tile D at night never scores below 0.
22. A chip sends every pollinator its supply holds; beyond that, sending from the
    groves is optional: each one comes from a grove the faction picks, and it may
    stop (Skip) whenever what it sent keeps every rule.  A chip may go where some
    count from its supply's share up to all it could send keeps every rule.
23. Pollinators spent in pollination go back to the supply.
24. A wildlife landmark's chips are collected when it resolves in the migration, so
    from then on they count for neither tile C nor anything else; the other chips
    stay on the landmarks until the end of the round.
25. A card of several biomes: each loser picks a matching grove for its pollinators
    and the winner a matching biome; a wild card matches every biome.  The wildlife
    card taken is the top of the face-up stack.
26. End of round flips: the lowest, then the highest number among the landmarks still
    showing a number.
27. Bloom-track bonuses from landmarks (13, 21 flipped, 7, 25) are taken at once in
    the wilderness; only bloom cards wait for migration and pollination.
28. Information: every card space's deck (a biome, or "mixed" with four seats) is
    public from setup, and a face-down top shows its back.  The top card of every
    stack turns face up at the start of each round and only then: a card uncovered
    by migration stays face down until the next round (on a mixed space its back is
    news, so the information epoch rises).
29. Every tie is told in the log, with the tie-break that settled it.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from itertools import product
from typing import Any, Callable, ClassVar

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import (
    GameRules,
    IllegalMove,
    ScoreRow,
    ScoreSheet,
    Seat,
    shallow_copy,
    visible_log,
)
from boardgames_tui.engine.text import plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    HIDDEN_CARD,
    Action,
    Chip,
    ChipToGrove,
    Choice,
    Choose,
    Contest,
    DiscardNectar,
    EverbloomOptions,
    EverbloomState,
    FinalScore,
    FinishPollination,
    HabitatCard,
    MovePollinator,
    PollinatorMoved,
    Pollinate,
    PollinationDone,
    PollinationWork,
    PlaceChip,
    PlayerState,
    PullFromGrove,
    RANDOM_FACTION,
    SendPollinator,
    Skip,
    TakeGrove,
    Task,
    TurnWork,
    hidden_card,
    is_hidden,
)
from boardgames_tui.engine.text import and_list

BIOMES = C.BIOMES
ROUNDS = C.numbers().rounds
NUM = C.numbers()
_CARDS = C.cards()
_WILDLIFE = {card.id: card for card in C.wildlife_cards()}
_BLOOMS = {card.id: card for card in C.blooms()}
_NECTAR = {card.id: card for card in C.nectar_cards()}
_FACTIONS = C.factions()
_LANDMARKS = C.landmarks()
_TILES = C.habitat_tiles()
_TRACK = C.bloom_track()
_CAVE = C.cave_track()
_BIOME_NAMES = {info.key: info.name for info in C.biomes()}
_SKIP = Skip()
# An event's rule by card id: a hidden top ('?…') is no card id, so it finds none.
_EVENT_RULES = {card_id: card.ability for card_id, card in _CARDS.items() if card.is_event}


def card_info(card_id: str) -> Any:
    return _CARDS.get(card_id) or _WILDLIFE[card_id]


def card_biomes(card_id: str) -> tuple[str, ...]:
    biomes = card_info(card_id).biomes
    return BIOMES if biomes == (C.WILD,) else tuple(biomes)


def card_cost(card_id: str) -> int:
    return card_info(card_id).cost


def auto_pollinates(card_id: str) -> bool:
    return card_id in _WILDLIFE or _CARDS[card_id].auto_pollinates


# The log's line between a round's last placement and its migration.
MIGRATION_BEGINS = "Migration begins."


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
    if card_id not in _NECTAR:
        return "a hidden nectar card"
    info = _NECTAR[card_id]
    return f"{_BIOME_NAMES[info.biome]} {info.nectar}"


def card_back(card_id: str) -> str:
    """What a stack card's back shows: its biome deck, or 'event'."""
    card = _CARDS[card_id]
    return "event" if card.is_event else card.deck


def _earn(state: EverbloomState, seat: int, points: int, source: str) -> None:
    """`seat` scores `points` during play, counted under `source` for the score sheet."""
    player = state.players[seat]
    player.score += points
    if points:
        player.earned[source] = player.earned.get(source, 0) + points


@cache
def _board(side: str) -> C.BoardSide:
    return C.board_side(side)


@cache
def _touches(side: str) -> dict[str, tuple[str, ...]]:
    return {space.id: space.touches for space in _board(side).landmark_spaces}


@cache
def _wildlife_spaces(side: str) -> dict[str, str]:
    """Landmark space id -> 'west'/'east' for the two wildlife landmarks."""
    return {space.id: space.wildlife for space in _board(side).landmark_spaces if space.wildlife}


@cache
def _landmark_ids(side: str) -> tuple[str, ...]:
    return tuple(space.id for space in _board(side).landmark_spaces)


@cache
def _card_space_ids(side: str) -> tuple[str, ...]:
    return tuple(space.id for space in _board(side).card_spaces)


def _order(state: EverbloomState) -> list[int]:
    count = len(state.players)
    return [(state.first_player + step) % count for step in range(count)]


@lru_cache(maxsize=65536)
def _feasible(left: int, sent: tuple[int, ...], cons: tuple[tuple[int, int, int], ...], one_card: bool, even: bool) -> bool:
    """Whether `left` more pollinators can be added to `sent` so every rule holds.

    cons: per target (at least, at most, batch): the final count must be >= at least
    (edge), <= at most (storm of sand), and 0 or >= batch (storm of wind).
    """
    total = left + sum(sent)
    if total == 0:
        return True
    k = len(sent)
    if k == 0:
        return False

    def ok(final: tuple[int, ...]) -> bool:
        for value, (low, high, batch) in zip(final, cons):
            if value < low or value > high or (0 < value < batch):
                return False
        if one_card and sum(1 for value in final if value) > 1:
            return False
        if even and max(final) - min(final) > 1:
            return False
        return True

    for extra in product(range(left + 1), repeat=k):
        if sum(extra) != left:
            continue
        if ok(tuple(s + e for s, e in zip(sent, extra))):
            return True
    return False


def _clone(state: EverbloomState) -> EverbloomState:
    players = [
        shallow_copy(
            player,
            chips=list(player.chips),
            habitat={biome: list(cards) for biome, cards in player.habitat.items()},
            tiles=dict(player.tiles),
            nectar=list(player.nectar),
            draft=list(player.draft),
            earned=dict(player.earned),
            pollination=None if player.pollination is None else shallow_copy(
                player.pollination, cards=list(player.pollination.cards)
            ),
        )
        for player in state.players
    ]
    turn = state.turn
    return shallow_copy(
        state,
        log=list(state.log),
        landmarks={key: list(value) for key, value in state.landmarks.items()},
        chips={key: list(value) for key, value in state.chips.items()},
        stacks={key: list(value) for key, value in state.stacks.items()},
        face_up=list(state.face_up),
        hive_history=list(state.hive_history),
        pollinators={key: list(value) for key, value in state.pollinators.items()},
        groves={key: list(value) for key, value in state.groves.items()},
        bloom_deck=list(state.bloom_deck),
        bloom_shown=list(state.bloom_shown),
        nectar_deck=list(state.nectar_deck),
        event_deck=list(state.event_deck),
        wildlife_deck=list(state.wildlife_deck),
        players=players,
        turn=None if turn is None else shallow_copy(
            turn, targets=list(turn.targets), sent=dict(turn.sent), steps=list(turn.steps)
        ),
        tasks=list(state.tasks),
        boxed=list(state.boxed),
        contests=list(state.contests),
        pollinations=list(state.pollinations),
        moved=list(state.moved),
    )


class Plan:
    """What placing one chip at one landmark would do (or why it may not)."""

    __slots__ = ("reason", "count", "bloom", "targets", "one_card", "even")

    def __init__(
        self, reason: str | None = None, count: int = 0, bloom: int = 0, targets: list[str] | None = None,
        one_card: bool = False, even: bool = False,
    ) -> None:
        self.reason = reason
        self.count = count
        self.bloom = bloom
        self.targets = targets or []
        self.one_card = one_card
        self.even = even


# (at least, at most, batch) for a card that puts no rule on what is sent to it.
_NO_CONSTRAINT = (0, 99, 0)


@cache
def _send_constraint(card: str) -> tuple[int, int, int]:
    """What the event `card` (on top of a stack) allows to be sent to it, for `_feasible`."""
    ability = _EVENT_RULES.get(card)
    if ability is None:
        return _NO_CONSTRAINT
    if ability.kind == "storm_max_send":
        return (0, ability.max, 0)
    if ability.kind == "storm_min_send":
        return (0, 99, ability.min)
    if ability.kind == "edge_must_send":
        return (ability.min, 99, 0)
    return _NO_CONSTRAINT


# What `plan` answers `placements`, which asks only whether a chip fits: the words of a
# refusal and the details of a fit are not needed there.
REFUSED = Plan(reason="refused")
FITS = Plan()


class PlanFacts:
    """What `plan` works out once per call of `placements`: per (landmark, rule
    ignored) the rule, the cards reached, those with a card on them and their
    constraints; per (reach, count, least, one card, even) the count that can be sent."""

    __slots__ = ("landmarks", "sendable")

    def __init__(self) -> None:
        self.landmarks: dict[tuple[str, bool], tuple[Any, tuple[str, ...], list[str], tuple[tuple[int, int, int], ...]]] = {}
        self.sendable: dict[tuple[Any, ...], int | None] = {}


# Actions are frozen: each one a bot or a hint may be offered is built once.
_send_action = cache(lambda space, grove: SendPollinator(space=space, grove=grove))
_choose_action = cache(lambda option: Choose(option=option))
_move_action = cache(lambda owner, source, target: MovePollinator(owner=owner, source=source, target=target))
_pollinate_action = cache(lambda card: Pollinate(card=card))
_finish_action = cache(lambda grove: FinishPollination(grove=grove))
_TAKE_ACTIONS = tuple(TakeGrove(grove=biome) for biome in BIOMES)
_PULL_ACTIONS = {biome: PullFromGrove(grove=biome) for biome in BIOMES}


@cache
def _place_action(chip: int, landmark: str, first: bool, ignore: bool) -> PlaceChip:
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


class EverbloomRules(GameRules[EverbloomState]):
    slug: ClassVar[str] = "everbloom"
    title: ClassVar[str] = "Everbloom"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = EverbloomOptions
    state_model = EverbloomState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)

    # ------------------------------------------------------------------ setup
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> EverbloomState:
        self.check_players(len(seats))
        if not isinstance(options, EverbloomOptions):
            options = EverbloomOptions.model_validate(options.model_dump() if options else {})
        count = len(seats)
        side = C.board(count)
        theme = C.landmark_themes()[options.landmark_theme]
        if count not in theme.players:
            offered = " or ".join(str(n) for n in theme.players)
            raise ValueError(f"The {theme.name} landmarks are for {offered} player{'s' if theme.players != (1,) else ''}, not {count}")
        state = EverbloomState(
            game=self.slug, seats=list(seats), seed=seed, options=options, side=side.side,
            landmarks={}, chips={}, stacks={}, pollinators={}, groves={}, bloom_deck=[], bloom_shown=[],
            nectar_deck=[], event_deck=[], wildlife_deck=[], players=[],
        )
        rng = state.rng()
        chosen = self._factions(options, count, rng)
        # Landmarks, numbered side up, at random on the spaces.
        numbers = list(theme.landmarks)
        if count == 4 and theme.four_player_extra is not None:
            numbers.append(theme.four_player_extra)
        rng.shuffle(numbers)
        spaces = [space.id for space in side.landmarks]
        state.landmarks = {space: [number, 0] for space, number in zip(spaces, numbers)}
        state.chips = {space: [] for space in _landmark_ids(side.side)}
        # Bloom cards, events, hybrids.
        blooms = [card.id for card in C.blooms()]
        rng.shuffle(blooms)
        state.bloom_shown = blooms[: NUM.bloom_cards_shown]
        state.bloom_deck = blooms[NUM.bloom_cards_shown :]
        events = [card.id for card in C.events()]
        rng.shuffle(events)
        state.event_deck = events[: NUM.events_face_down]
        rest_events = events[NUM.events_face_down :]
        card_spaces = [space.id for space in side.card_spaces]
        rng.shuffle(card_spaces)
        state.stacks = {space.id: [] for space in side.card_spaces}
        extras: list[str] = []
        for biome, space in zip(BIOMES, card_spaces):
            deck = [card.id for card in C.hybrid_decks()[biome]]
            rng.shuffle(deck)
            state.stacks[space] = deck[: NUM.cards_per_stack]
            state.space_kinds[space] = biome
            if count == 4:
                extras.append(deck[NUM.cards_per_stack])
        if count == 4:
            extras.extend(rest_events[: NUM.four_player_extra_events])
            rng.shuffle(extras)
            mixed = card_spaces[len(BIOMES) : len(BIOMES) + NUM.four_player_mixed_spaces]
            for index, space in enumerate(mixed):
                state.stacks[space] = extras[index * NUM.cards_per_stack : (index + 1) * NUM.cards_per_stack]
                state.space_kinds[space] = "mixed"
        state.pollinators = {space: [0] * count for space in state.stacks}
        state.groves = {biome: [0] * count for biome in BIOMES}
        state.wildlife_deck = [card.id for card in C.wildlife_cards()]
        nectar = [card.id for card in C.nectar_cards()]
        rng.shuffle(nectar)
        for key in chosen:
            faction = _FACTIONS[key]
            state.players.append(
                PlayerState(
                    faction=key, chips=list(faction.chips), supply=NUM.pollinators,
                    habitat={biome: [] for biome in BIOMES},
                    draft=nectar[: NUM.nectar_dealt],
                )
            )
            nectar = nectar[NUM.nectar_dealt :]
        state.nectar_deck = nectar
        state.first_player = rng.randrange(count)
        state.players[state.first_player].first_chip = True
        state.say(
            f"Everbloom: {count} player{'s' if count > 1 else ''} on side {side.side}, "
            f"{theme.name} landmarks, {options.habitat_theme} habitat tiles."
        )
        for seat, key in enumerate(chosen):
            state.say(f"{state.name(seat)} took the {_FACTIONS[key].name}.")
        state.say(f"First player: {state.name(state.first_player)}.")
        return state

    @staticmethod
    def _factions(options: EverbloomOptions, count: int, rng: random.Random) -> list[str]:
        """Ruling 1: each seat's faction as chosen; the seats left to chance are dealt
        distinct factions at random from those nobody chose."""
        picks = options.seat_factions()
        for number, key in enumerate(picks[count:], start=count + 1):
            if key != RANDOM_FACTION:
                raise ValueError(f"Seat {number} has a faction ({key}) but this game has {count} seats")
        picks = picks[:count]
        named = [key for key in picks if key != RANDOM_FACTION]
        for key in named:
            if named.count(key) > 1:
                raise ValueError(f"Two seats chose the {_FACTIONS[key].name}: each faction plays once")
        if not named:
            return rng.sample(list(_FACTIONS), count)
        dealt = iter(rng.sample([key for key in _FACTIONS if key not in named], count - len(named)))
        return [key if key != RANDOM_FACTION else next(dealt) for key in picks]

    # ------------------------------------------------------------------ flow
    def to_act(self, state: EverbloomState) -> list[int]:
        if state.phase == "over":
            return []
        if state.choice is not None:
            return [state.choice.seat]
        if state.phase == "draft":
            return [seat for seat, player in enumerate(state.players) if len(player.draft) == NUM.nectar_dealt]
        if state.phase == "wilderness":
            return [state.turn_seat]
        if state.phase == "pollination":
            return [seat for seat, p in enumerate(state.players) if p.pollination is not None and not p.pollination.done]
        return []

    def is_over(self, state: EverbloomState) -> bool:
        return state.phase == "over"

    # ------------------------------------------------------------------ landmarks
    def rule_at(self, state: EverbloomState, space: str, seat: int) -> Any:
        """The rule binding `seat` at landmark space `space` (None: no rule)."""
        if space in _wildlife_spaces(state.side):
            return None
        if state.hive == space:
            if state.players[seat].faction == "bees":
                return None
            return C.hive().rule
        number, flipped = state.landmarks[space]
        return _LANDMARKS[number].side(bool(flipped)).rule

    def is_wildlife(self, state: EverbloomState, space: str) -> bool:
        """Whether landmark space `space` holds one of the two wildlife landmarks."""
        return space in _wildlife_spaces(state.side)

    def landmark_label(self, state: EverbloomState, space: str) -> str:
        wild = _wildlife_spaces(state.side).get(space)
        if wild:
            return f"the {'western' if wild == 'west' else 'eastern'} wildlife landmark"
        if state.hive == space:
            return f"the hive (on landmark {state.landmarks[space][0]})"
        number, flipped = state.landmarks[space]
        return f"landmark {number}{' (flipped)' if flipped else ''}"

    def reach(self, state: EverbloomState, seat: int, space: str) -> tuple[str, ...]:
        """Card spaces a chip of `seat` at `space` reaches (the Lemurs' reach included)."""
        touches = _touches(state.side)
        wild = _wildlife_spaces(state.side)
        player = state.players[seat]
        if space in wild and player.faction == "lemurs" and not player.lemur_reach_used:
            both: list[str] = []
            for other in wild:
                both.extend(card for card in touches[other] if card not in both)
            return tuple(both)
        return touches[space]

    def available(self, state: EverbloomState, seat: int) -> int:
        return state.players[seat].supply + sum(grove[seat] for grove in state.groves.values())

    def card_rule(self, state: EverbloomState, space: str) -> Any:
        """The rule of the event on top of `space` (None: no event there, or a hidden top)."""
        stack = state.stacks[space]
        return _EVENT_RULES.get(stack[0]) if stack else None

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
        label = self.landmark_label(state, landmark).capitalize()
        values = list(final.values())
        if one_card and sum(1 for value in values if value) > 1:
            return f"{label}: all pollinators go to a single card"
        if even and values and max(values) - min(values) > 1:
            return f"{label}: pollinators are shared out evenly"
        return None

    def _constraints(self, state: EverbloomState, targets: list[str]) -> tuple[tuple[int, int, int], ...]:
        """Per target card space, what its top card's event allows (see `_feasible`)."""
        stacks = state.stacks
        return tuple(_send_constraint(stacks[space][0]) if stacks[space] else _NO_CONSTRAINT for space in targets)

    def plan(
        self, state: EverbloomState, seat: int, value: int, space: str, ignore: bool,
        avail: int | None = None, known: PlanFacts | None = None,
    ) -> Plan:
        """What a chip of `value` at `space` would do, or why it may not go there.

        `placements` asks this for every chip and landmark in every playout step, so it
        passes `known` (one per call of `placements`): what depends only on the landmark
        and the cards a chip reaches is worked out once, and the answer is the shared
        `REFUSED` or `FITS` (only `reason is None` matters there)."""
        facts = None if known is None else known.landmarks.get((space, ignore))
        if facts is None:
            if space not in state.chips:
                return Plan(reason=f"There is no landmark space {space!r}")
            rule = None if ignore else self.rule_at(state, space, seat)
            reach = self.reach(state, seat, space)
            targets = [card for card in reach if state.stacks[card]]
            facts = (rule, reach, targets, self._constraints(state, targets))
            if known is not None:
                known.landmarks[(space, ignore)] = facts
        rule, reach, targets, cons = facts

        def refuse(why: Callable[[str], str]) -> Plan:
            # `placements` reads no words: only the refusal's words need the label.
            return REFUSED if known is not None else Plan(reason=why(self.landmark_label(state, space)))

        stack = state.chips[space]
        bonus_pollinators = bonus_bloom = 0
        one_card = even = False
        if rule is not None:
            kind = rule.kind
            if kind == "only_values" and value not in rule.values:
                return refuse(lambda label: f"{label.capitalize()} takes only a {C._words(list(rule.values))}")
            if kind == "max_chips" and len(stack) >= rule.count:
                return refuse(lambda label: f"{label.capitalize()} has room for {rule.count} chip{'s' if rule.count > 1 else ''} only")
            if kind == "match_round" and value != state.round:
                return refuse(lambda label: f"{label.capitalize()} takes only a chip matching the round ({state.round})")
            if kind == "if_value" and value in rule.values:
                bonus_pollinators, bonus_bloom = rule.pollinators, rule.bloom
            if kind == "if_extreme":
                if (rule.extreme == "lowest" and all(chip.value > value for chip in stack)) or (
                    rule.extreme == "highest" and all(chip.value < value for chip in stack)
                ):
                    bonus_pollinators, bonus_bloom = rule.pollinators, rule.bloom
            one_card = kind == "one_card"
            even = kind == "even_split"
        count = min(max(0, value + bonus_pollinators), self.available(state, seat) if avail is None else avail)
        if count and not targets:
            return refuse(lambda label: f"{label.capitalize()} has no card next to it to send pollinators to")
        # The supply's pollinators must go; those from the groves may stay (ruling 22), so
        # the chip fits if some count from the supply's share up to all of them can be sent.
        least = min(count, state.players[seat].supply)
        sendable_key = (reach, count, least, one_card, even)
        if known is not None and sendable_key in known.sendable:
            sendable = known.sendable[sendable_key]
        else:
            zeros = tuple(0 for _ in targets)
            sendable = next((n for n in range(count, least - 1, -1) if _feasible(n, zeros, cons, one_card, even)), None)
            if known is not None:
                known.sendable[sendable_key] = sendable
        if sendable is None:
            return refuse(
                lambda label: f"The {count} pollinator{'s' if count != 1 else ''} of that chip cannot be sent from {label} under the rules of the cards next to it"
            )
        if known is not None:
            return FITS
        return Plan(count=sendable, bloom=bonus_bloom, targets=list(targets), one_card=one_card, even=even)

    def _chip_choices(self, state: EverbloomState, seat: int) -> list[tuple[int, bool]]:
        player = state.players[seat]
        if player.chips:
            return [(value, False) for value in sorted(set(player.chips))]
        if player.first_chip:
            return [(NUM.first_player_chip, True)]
        return []

    def _storms(self, state: EverbloomState) -> list[tuple[str, Any]]:
        storms = []
        for space in _card_space_ids(state.side):
            ability = self.card_rule(state, space)
            if ability is not None and ability.kind == "storm_first_chip":
                storms.append((space, ability))
        return storms

    def placements(
        self, state: EverbloomState, seat: int, only: tuple[int, bool] | None = None
    ) -> dict[tuple[int, bool], list[PlaceChip]]:
        """Legal placements per chip (value, first chip), or for the chip `only`."""
        player = state.players[seat]
        result: dict[tuple[int, bool], list[PlaceChip]] = {}
        hummingbird = _FACTIONS[player.faction].ability
        storms = self._storms(state) if player.chips_placed == 0 else []
        avail = self.available(state, seat)
        known = PlanFacts()
        for value, first in self._chip_choices(state, seat):
            # A storm is judged over every chip the faction holds, so all are needed then.
            if only is not None and (value, first) != only and not storms:
                continue
            legal: list[PlaceChip] = []
            for space in _landmark_ids(state.side):
                variants = [False]
                if (
                    hummingbird.kind == "ignore_landmark" and value == hummingbird.chip and not first
                    and self.rule_at(state, space, seat) is not None
                ):
                    variants.append(True)
                for ignore in variants:
                    if self.plan(state, seat, value, space, ignore, avail, known).reason is None:
                        legal.append(_place_action(value, space, first, ignore))
            result[(value, first)] = legal
        if storms:
            # Ruling 11: the first chip obeys as many storms as any placement of any chip can.
            obeyed = {
                action: self.storms_obeyed(state, seat, action.landmark, storms)
                for legal in result.values() for action in legal
            }
            best = max(obeyed.values(), default=0)
            if best:
                result = {chip: [a for a in legal if obeyed[a] == best] for chip, legal in result.items()}
            if only is not None:
                result = {only: result.get(only, [])}
        return result

    def storms_obeyed(self, state: EverbloomState, seat: int, landmark: str, storms: list[tuple[str, Any]]) -> int:
        """How many of `storms` a first chip at `landmark` obeys."""
        reach = self.reach(state, seat, landmark)
        return sum(1 for space, storm in storms if (space in reach) == (storm.adjacent == "must"))

    def storm_binds(
        self, state: EverbloomState, seat: int, placements: dict[tuple[int, bool], list[PlaceChip]]
    ) -> bool:
        """Whether a storm limits this seat's next chip (given its `placements`): then no
        chip may go to a grove instead."""
        if state.players[seat].chips_placed:
            return False
        storms = self._storms(state)
        return bool(storms) and any(
            self.storms_obeyed(state, seat, a.landmark, storms) for legal in placements.values() for a in legal
        )

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: EverbloomState, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        if state.choice is not None:
            return [_choose_action(option) for option in state.choice.options]
        player = state.players[seat]
        if state.phase == "draft":
            return [DiscardNectar(card=card) for card in player.draft]
        if state.phase == "pollination":
            return self._pollination_actions(state, seat)
        if state.phase == "wilderness":
            if state.turn is None:
                actions: list[Any] = []
                placements = self.placements(state, seat)
                # Under a binding storm a chip that cannot obey it has no move at all.
                bound = self.storm_binds(state, seat, placements)
                for (value, first), legal in placements.items():
                    if legal:
                        actions.extend(legal)
                    elif not bound:
                        actions.extend(ChipToGrove(chip=value, grove=biome, first_chip=first) for biome in BIOMES)
                return actions
            return self._turn_actions(state, seat)
        return []

    def _turn_actions(self, state: EverbloomState, seat: int) -> list[Any]:
        turn = state.turn
        assert turn is not None
        if turn.steps:
            step = turn.steps[0]
            if step == "butterfly":
                return [_SKIP, *self._moves(state, None, None)]
            what, space = step.split(":")
            if what == "forest":
                return [_SKIP, *self._moves(state, seat, space)]
            return [_PULL_ACTIONS[biome] for biome in BIOMES if state.groves[biome][seat] > 0]
        return self._sends(state, seat)

    def _moves(self, state: EverbloomState, owner: int | None, source: str | None) -> list[MovePollinator]:
        moves = []
        spaces = [space for space in _card_space_ids(state.side) if state.stacks[space]]
        for src in spaces if source is None else [source]:
            counts = state.pollinators[src]
            for who in range(len(counts)) if owner is None else [owner]:
                if counts[who] <= 0:
                    continue
                moves.extend(_move_action(who, src, dst) for dst in spaces if dst != src)
        return moves

    def _send_options(
        self, state: EverbloomState, seat: int
    ) -> tuple[list[str | None], tuple[tuple[int, int, int], ...], tuple[int, ...]] | None:
        """Where the turn's next pollinator may come from (None: the supply), the
        target cards' limits and what each has had: None when nothing is left to send."""
        turn = state.turn
        assert turn is not None
        if turn.to_send <= 0:
            return None
        player = state.players[seat]
        sources: list[str | None] = [None] if player.supply > 0 else [b for b in BIOMES if state.groves[b][seat] > 0]
        if not sources:
            return None
        sent = tuple(turn.sent.get(space, 0) for space in turn.targets)
        return sources, self._constraints(state, turn.targets), sent

    def _sends(self, state: EverbloomState, seat: int) -> list[Any]:
        options = self._send_options(state, seat)
        if options is None:
            return []
        sources, cons, sent = options
        turn = state.turn
        assert turn is not None
        actions: list[Any] = []
        supply_empty = sources[0] is not None  # the sources are groves only then
        if supply_empty and _feasible(0, sent, cons, turn.one_card, turn.even_split):
            # Ruling 22: with the supply empty, the rest may stay in the groves.
            actions.append(_SKIP)
        for index, space in enumerate(turn.targets):
            after = tuple(count + (1 if i == index else 0) for i, count in enumerate(sent))
            if _feasible(turn.to_send - 1, after, cons, turn.one_card, turn.even_split):
                actions.extend(_send_action(space, source) for source in sources)
        return actions

    def _can_send(self, state: EverbloomState, seat: int) -> bool:
        """Whether `_sends` offers anything, without listing it (every step of a turn asks).

        A first pollinator can go to some card with the rest still fitting exactly when
        all of them fit, so one check of the whole count stands for the loop over cards."""
        options = self._send_options(state, seat)
        if options is None:
            return False
        sources, cons, sent = options
        turn = state.turn
        assert turn is not None
        supply_empty = sources[0] is not None  # the sources are groves only then
        if supply_empty and _feasible(0, sent, cons, turn.one_card, turn.even_split):
            return True
        return _feasible(turn.to_send, sent, cons, turn.one_card, turn.even_split)

    def _pollination_actions(self, state: EverbloomState, seat: int) -> list[Any]:
        player = state.players[seat]
        work = player.pollination
        assert work is not None
        if work.grove is None:
            return list(_TAKE_ACTIONS)
        actions: list[Any] = [
            _pollinate_action(card.id)
            for cards in player.habitat.values()
            for card in cards
            if not card.pollinated and card.id not in work.cards and card_cost(card.id) <= work.left
        ]
        if work.left:
            actions.extend(_finish_action(biome) for biome in BIOMES)
        else:
            actions.append(_finish_action(None))
        return actions

    # ------------------------------------------------------------------ validate
    def validate(self, state: EverbloomState, seat: int, action: Any) -> None:
        if state.phase == "over":
            raise IllegalMove("The game is over")
        if seat not in self.to_act(state):
            raise IllegalMove(f"It is not the turn of {state.name(seat) if 0 <= seat < len(state.seats) else 'that seat'}")
        if isinstance(action, PlaceChip) and state.phase == "wilderness" and state.turn is None and state.choice is None:
            if action in self.placements(state, seat, (action.chip, action.first_chip)).get((action.chip, action.first_chip), ()):
                return
        elif action in self.legal_actions(state, seat):
            return
        raise IllegalMove(self._why(state, seat, action))

    def _why(self, state: EverbloomState, seat: int, action: Any) -> str:
        player = state.players[seat]
        if state.choice is not None:
            if isinstance(action, Choose):
                return f"Choose one of: {', '.join(state.choice.options)}"
            return f"First: {state.choice.prompt}"
        if state.phase == "draft":
            return "Discard one of the three nectar cards you were dealt"
        if state.phase == "pollination":
            work = player.pollination
            if work is not None and work.grove is None:
                return "First take your pollinators from one grove"
            if isinstance(action, Pollinate):
                return "That card is not an unpollinated card of your habitat you can pay for with the pollinators left"
            if isinstance(action, FinishPollination):
                return "Leftover pollinators go to one grove" if work and work.left else "You have no pollinators left over"
            return "Pollinate cards, then finish"
        if state.phase != "wilderness":
            return "Nothing to do now"
        if state.turn is None:
            if isinstance(action, (PlaceChip, ChipToGrove)):
                choices = self._chip_choices(state, seat)
                if (action.chip, action.first_chip) not in choices:
                    if action.first_chip and not player.first_chip:
                        return "You do not hold the first player's chip"
                    if action.first_chip:
                        return "The first player's \"1\" chip goes only after all your faction chips"
                    if action.chip not in _FACTIONS[player.faction].chips:
                        held = ", ".join(str(value) for value in _FACTIONS[player.faction].chips)
                        return f"The {_FACTIONS[player.faction].name} have no {action.chip} chip: theirs are {held}"
                    return f"You have no {action.chip} chip left to place"
                placements = self.placements(state, seat)
                legal = placements[(action.chip, action.first_chip)]
                if isinstance(action, ChipToGrove):
                    if legal:
                        return "That chip fits at a landmark: only a chip that fits nowhere goes to a grove"
                    if self.storm_binds(state, seat, placements):
                        return "A storm binds your first chip of the round and another of your chips can obey it"
                    return f"Unknown grove {action.grove!r}"
                if action.ignore_rule and (_FACTIONS[player.faction].ability.kind != "ignore_landmark" or action.chip != 2):
                    return "Only the Hummingbirds' \"2\" may disregard a landmark's rule"
                plan = self.plan(state, seat, action.chip, action.landmark, action.ignore_rule)
                if plan.reason:
                    return plan.reason
                for storm_space, storm in self._storms(state):
                    name = card_name(state.stacks[storm_space][0])
                    where = "next to it" if storm.adjacent == "must" else "away from it"
                    return f"{name}: your first chip of the round must go to a landmark {where} (some chip of yours can)"
                return "That chip cannot go there"
            return "Place a chip at a landmark first"
        turn = state.turn
        if turn.steps:
            step = turn.steps[0]
            if step.startswith("sea:"):
                return "Edge of the Sea: bring one of your pollinators from a grove to it first"
            if isinstance(action, MovePollinator):
                return "That pollinator cannot move there"
            return "Move a pollinator or skip the move first"
        if isinstance(action, Skip):
            if player.supply > 0:
                return "Pollinators from your supply must be sent; only those from the groves may stay"
            return "What you have sent so far breaks a card's or the landmark's rule: send more first"
        if isinstance(action, SendPollinator):
            if action.space not in turn.targets:
                return "Pollinators go only to cards next to the landmark where you placed your chip"
            if player.supply > 0 and action.grove is not None:
                return "Pollinators come from your supply while it lasts"
            if action.grove is not None and state.groves.get(action.grove, [0] * len(state.players))[seat] <= 0:
                return "You have no pollinator in that grove"
            if player.supply <= 0 and action.grove is None:
                return "Your supply is empty: take the pollinator from a grove"
            ability = self.card_rule(state, action.space)
            if ability is not None and ability.kind.startswith(("storm", "edge")):
                return f"{card_name(state.stacks[action.space][0])}: {ability.summary}"
            if turn.one_card:
                return f"{self.landmark_label(state, turn.landmark).capitalize()}: all pollinators go to a single card"
            if turn.even_split:
                return f"{self.landmark_label(state, turn.landmark).capitalize()}: pollinators are shared out evenly"
            return "That would break a card's rule for the pollinators still to send"
        return "Send your pollinators to the cards next to your chip"

    # ------------------------------------------------------------------ apply
    def apply(self, state: EverbloomState, seat: int, action: Any) -> EverbloomState:
        return self.apply_in_place(_clone(state), seat, action)

    def apply_in_place(self, state: EverbloomState, seat: int, action: Any) -> EverbloomState:
        # Every change below is made to a container `_clone` copies, so after one
        # `apply` the state owns all it changes (see GameRules.apply_in_place).
        new = state
        if isinstance(action, Choose):
            self._resolve_choice(new, action.option)
            self._run(new)
        elif isinstance(action, DiscardNectar):
            self._discard(new, seat, action.card)
        elif isinstance(action, PlaceChip):
            self._place(new, seat, action)
        elif isinstance(action, ChipToGrove):
            self._chip_to_grove(new, seat, action)
        elif isinstance(action, (MovePollinator, Skip, PullFromGrove)):
            self._turn_step(new, seat, action)
        elif isinstance(action, SendPollinator):
            self._send(new, seat, action)
        elif isinstance(action, (TakeGrove, Pollinate, FinishPollination)):
            self._pollinate_step(new, seat, action)
        else:
            raise IllegalMove("Unknown action")
        return new

    def log_line(self, state: EverbloomState, seat: int, action: Any) -> str:
        name = state.name(seat)
        if isinstance(action, PlaceChip):
            extra = " disregarding its rule" if action.ignore_rule else ""
            chip = "the first player's \"1\" chip" if action.first_chip else f"a {action.chip}"
            return f"{name} placed {chip} at {self.landmark_label(state, action.landmark)}{extra}."
        if isinstance(action, ChipToGrove):
            return f"{name} sent a {action.chip} to the {biome_name(action.grove)} grove ({plural(action.chip, 'pollinator')}): it fitted at no landmark."
        if isinstance(action, SendPollinator):
            stack = state.stacks.get(action.space) or [HIDDEN_CARD]
            return f"{name} sent a pollinator to {card_name(stack[0])}."
        if isinstance(action, MovePollinator):
            return f"{name} {move_words(state, seat, action.owner, action.source, action.target)}."
        if isinstance(action, PullFromGrove):
            return f"{name} brought a pollinator from the {biome_name(action.grove)} grove."
        if isinstance(action, Skip):
            if state.turn is not None and not state.turn.steps:
                return f"{name} left the rest of the chip's pollinators in the groves."
            return f"{name} moved no pollinator."
        if isinstance(action, Choose):
            return f"{name} chose {action.option}."
        if isinstance(action, DiscardNectar):
            return f"{name} discarded a nectar card."
        if isinstance(action, (TakeGrove, Pollinate, FinishPollination)):
            return f"{name} pollinated (hidden until everybody is done)."
        return f"{name} moved."

    # ------------------------------------------------------------------ draft and round start
    def _discard(self, state: EverbloomState, seat: int, card: str) -> None:
        player = state.players[seat]
        player.nectar = [other for other in player.draft if other != card]
        player.draft = [card]
        if any(len(p.draft) == NUM.nectar_dealt for p in state.players):
            return
        state.info_epoch += 1
        for index, p in enumerate(state.players):
            biome = _NECTAR[p.draft[0]].biome
            moved = min(NUM.discard_grove_pollinators, p.supply)
            p.supply -= moved
            state.groves[biome][index] += moved
            state.boxed.append(p.draft[0])
            p.draft = []
            state.say(
                f"{state.name(index)} discarded {'an' if biome[0] in 'aeiou' else 'a'} {biome_name(biome)} nectar card: "
                f"{plural(moved, 'pollinator')} to the {biome_name(biome)} grove."
            )
        self._start_round(state)

    def _start_round(self, state: EverbloomState) -> None:
        state.phase = "round_start"
        # Ruling 28: the top card of every stack turns now, and only now.
        state.face_up.extend(stack[0] for stack in state.stacks.values() if stack and stack[0] not in state.face_up)
        state.info_epoch += 1
        state.say(f"Round {state.round} begins.")
        state.tasks = [Task(kind="event"), Task(kind="hive"), Task(kind="wilderness")]
        self._run(state)

    def _run(self, state: EverbloomState) -> None:
        while state.choice is None and state.tasks and state.phase != "over":
            task = state.tasks.pop(0)
            getattr(self, f"_task_{task.kind}")(state, task)

    def _ask(self, state: EverbloomState, seat: int, prompt: str, options: list[str], task: Task) -> None:
        state.choice = Choice(seat=seat, prompt=prompt, options=options, task=task)

    def _resolve_choice(self, state: EverbloomState, option: str) -> None:
        choice = state.choice
        assert choice is not None
        state.choice = None
        getattr(self, f"_answer_{choice.task.kind}")(state, choice.task, option)

    def _empty_space(self, state: EverbloomState) -> str | None:
        return next((space for space in _card_space_ids(state.side) if not state.stacks[space]), None)

    def _task_event(self, state: EverbloomState, task: Task) -> None:
        if not state.event_deck:
            return
        event_id = state.event_deck.pop(0)
        event = _CARDS[event_id]
        state.say(f"Event: {event.name} (placed by the {event.placement} icon).")
        candidates = [
            space for space in _card_space_ids(state.side)
            if state.stacks[space] and not _CARDS[state.stacks[space][0]].is_event
            and event.placement in _CARDS[state.stacks[space][0]].biomes
        ]
        if len(candidates) > 1:
            self._ask(
                state, state.first_player, f"Which {event.placement} hybrid does {event.name} displace?",
                candidates, Task(kind="event", card=event_id),
            )
            return
        self._answer_event(state, Task(kind="event", card=event_id), candidates[0] if candidates else "")

    def _answer_event(self, state: EverbloomState, task: Task, space: str) -> None:
        state.face_up.append(task.card)
        empty = self._empty_space(state)
        if space and empty is not None:
            moved = state.stacks[space].pop(0)
            state.stacks[empty].insert(0, moved)
            state.stacks[space].insert(0, task.card)
            state.say(f"{card_name(moved)} moves to the empty space; {card_name(task.card)} takes its place.")
        else:
            target = empty or space or _card_space_ids(state.side)[0]
            state.stacks[target].insert(0, task.card)
            state.say(f"{card_name(task.card)} goes to the empty space.")

    def _task_hive(self, state: EverbloomState, task: Task) -> None:
        bees = next((seat for seat, p in enumerate(state.players) if p.faction == "bees"), None)
        if bees is None:
            return
        self._ask(state, bees, "Place the beehive on a landmark", self.hive_options(state), Task(kind="hive", seat=bees))

    @staticmethod
    def hive_options(state: EverbloomState) -> list[str]:
        """Ruling 6: landmarks the hive has not covered in this game; if it has covered
        every one, the one it covered least recently."""
        fresh = [space for space in state.landmarks if space not in state.hive_history]
        return fresh or state.hive_history[:1]

    def _answer_hive(self, state: EverbloomState, task: Task, space: str) -> None:
        state.hive = space
        state.hive_history = [other for other in state.hive_history if other != space] + [space]
        state.say(f"{state.name(task.seat)} set the beehive on landmark {state.landmarks[space][0]}.")

    def _task_wilderness(self, state: EverbloomState, task: Task) -> None:
        state.phase = "wilderness"
        state.turn_seat = state.first_player
        state.turn = None

    # ------------------------------------------------------------------ wilderness
    def _place(self, state: EverbloomState, seat: int, action: PlaceChip) -> None:
        player = state.players[seat]
        plan = self.plan(state, seat, action.chip, action.landmark, action.ignore_rule)
        if action.first_chip:
            player.first_chip = False
        else:
            player.chips.remove(action.chip)
        player.chips_placed += 1
        stack = state.chips[action.landmark]
        if player.faction == "bats" and stack and action.chip > stack[-1].value:
            player.cave = min(player.cave + 1, len(_CAVE.spaces) - 1)
            state.say(f"The cave marker of {state.name(seat)} moved to space {player.cave + 1}.")
        reach = self.reach(state, seat, action.landmark)
        if action.landmark in _wildlife_spaces(state.side) and player.faction == "lemurs" and not player.lemur_reach_used:
            player.lemur_reach_used = True
        stack.append(Chip(seat=seat, value=action.chip, first_chip=action.first_chip))
        state.say(self.log_line(state, seat, action))
        if plan.bloom:
            self._advance_bloom(state, seat, plan.bloom, "the landmark")
        steps = []
        ability = _FACTIONS[player.faction].ability
        if ability.kind == "move_pollinator" and action.chip == ability.chip and not action.first_chip:
            steps.append("butterfly")
        for space in reach:
            rule = self.card_rule(state, space)
            if rule is not None and rule.kind == "edge_pull_from_grove":
                steps.append(f"sea:{space}")
            elif rule is not None and rule.kind == "edge_may_move_out":
                steps.append(f"forest:{space}")
        state.turn = TurnWork(
            seat=seat, landmark=action.landmark, value=action.chip, targets=plan.targets, to_send=plan.count,
            one_card=plan.one_card, even_split=plan.even, steps=steps,
        )
        self._advance_turn(state)

    def _chip_to_grove(self, state: EverbloomState, seat: int, action: ChipToGrove) -> None:
        player = state.players[seat]
        if action.first_chip:
            player.first_chip = False
        else:
            player.chips.remove(action.chip)
        player.chips_placed += 1
        moved = min(action.chip, player.supply)
        player.supply -= moved
        state.groves[action.grove][seat] += moved
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
            state.pollinators[action.source][action.owner] -= 1
            state.pollinators[action.target][action.owner] += 1
            state.moved.append(PollinatorMoved(seat=seat, owner=action.owner, source=action.source, target=action.target))
            state.say(self.log_line(state, seat, action))
        elif isinstance(action, PullFromGrove):
            space = step.split(":")[1]
            state.groves[action.grove][seat] -= 1
            state.pollinators[space][seat] += 1
            state.say(f"Edge of the Sea: {state.name(seat)} brought a pollinator from the {biome_name(action.grove)} grove.")
        self._advance_turn(state)

    def _send(self, state: EverbloomState, seat: int, action: SendPollinator) -> None:
        turn = state.turn
        assert turn is not None
        player = state.players[seat]
        if action.grove is None:
            player.supply -= 1
        else:
            state.groves[action.grove][seat] -= 1
        state.pollinators[action.space][seat] += 1
        turn.sent[action.space] = turn.sent.get(action.space, 0) + 1
        turn.to_send -= 1
        if turn.to_send == 0:
            self._say_sent(state, seat, "")
        self._advance_turn(state)

    def _say_sent(self, state: EverbloomState, seat: int, rest: str) -> None:
        turn = state.turn
        assert turn is not None
        parts = ", ".join(f"{count} to {card_name(state.stacks[space][0])}" for space, count in turn.sent.items())
        state.say(f"{state.name(seat)} sent {parts or 'nothing'}{rest}.")

    def _advance_turn(self, state: EverbloomState) -> None:
        turn = state.turn
        assert turn is not None
        seat = turn.seat
        while turn.steps:
            step = turn.steps[0]
            if step == "butterfly":
                possible = bool(self._moves(state, None, None))
            elif step.startswith("forest:"):
                possible = bool(self._moves(state, seat, step.split(":")[1]))
            else:
                space = step.split(":")[1]
                possible = state.pollinators[space][seat] == 0 and any(state.groves[b][seat] for b in BIOMES)
            if possible:
                return
            turn.steps.pop(0)
        turn.to_send = min(turn.to_send, self.available(state, seat))
        if turn.to_send > 0 and self._can_send(state, seat):
            return
        self._next_turn(state)

    def _next_turn(self, state: EverbloomState) -> None:
        state.turn = None
        count = len(state.players)
        for step in range(1, count + 1):
            seat = (state.turn_seat + step) % count
            if self._chip_choices(state, seat):
                state.turn_seat = seat
                return
        self._start_migration(state)

    # ------------------------------------------------------------------ blooms and gains
    def _advance_bloom(self, state: EverbloomState, seat: int, steps: int, why: str) -> None:
        player = state.players[seat]
        old = player.bloom
        new = min(old + steps, len(_TRACK.spaces) - 1)
        player.bloom = new
        if new != old:
            state.say(f"{state.name(seat)} advanced {new - old} on the bloom track ({why}).")
        for _ in range(_TRACK.nectar_cards_between(old, new)):
            self._draw_nectar(state, seat)

    def _draw_nectar(self, state: EverbloomState, seat: int) -> None:
        if not state.nectar_deck:
            return
        card = state.nectar_deck.pop(0)
        state.players[seat].nectar.append(card)
        state.info_epoch += 1
        state.say(f"{state.name(seat)} drew a nectar card.")
        info = _NECTAR[card]
        state.say(f"It is {info.nectar} {biome_name(info.biome)} nectar.", visible_to=(seat,))

    def _check_blooms(self, state: EverbloomState, seat: int, event: str, **facts: Any) -> None:
        for bloom_id in state.bloom_shown:
            bloom = _BLOOMS[bloom_id]
            objective = bloom.objective
            if objective.kind != event:
                continue
            if self._objective_met(objective, facts):
                self._advance_bloom(state, seat, bloom.blooms, f"bloom card {bloom.name}")

    @staticmethod
    def _objective_met(objective: Any, facts: dict[str, Any]) -> bool:
        kind = objective.kind
        if kind in ("win_card", "pollinate_card"):
            card = facts["card"]
            if objective.biome is not None and objective.biome not in card_biomes(card):
                return False
            if objective.costs is not None and card_cost(card) not in objective.costs:
                return False
            if kind == "win_card":
                mine = facts["mine"]
                is_event = card in _CARDS and _CARDS[card].is_event
                if objective.event is not None and objective.event != is_event:
                    return False
                if objective.min_pollinators and mine < objective.min_pollinators:
                    return False
                if objective.max_pollinators and mine > objective.max_pollinators:
                    return False
            return True
        if kind == "lose_card":
            return facts["mine"] >= objective.min_pollinators
        if kind == "biome_reaches":
            return facts["count"] == objective.count
        if kind == "pollinate_count":
            return facts["count"] >= objective.count
        if kind == "grove_take":
            return facts["taken"] >= objective.min
        return True

    def _gain(self, state: EverbloomState, seat: int, gain: C.Gain, card: str, why: str, source: str) -> None:
        """`seat` gains `gain`; its points are counted under `source` (see `PlayerState.earned`)."""
        if gain.points:
            _earn(state, seat, gain.points, source)
            state.say(f"{state.name(seat)} gained {plural(gain.points, 'point')} ({why}).")
        if gain.bloom:
            self._advance_bloom(state, seat, gain.bloom, why)
        for _ in range(gain.nectar_cards):
            self._draw_nectar(state, seat)
        tasks = []
        for grove in gain.groves:
            options = list(BIOMES) if grove == "any" else list(card_biomes(card)) if grove == "card" else [grove]
            tasks.append(Task(kind="grove_gain", seat=seat, text=",".join(options)))
        state.tasks[0:0] = tasks

    def _task_grove_gain(self, state: EverbloomState, task: Task) -> None:
        options = task.text.split(",")
        if state.players[task.seat].supply <= 0:
            return
        if len(options) > 1:
            self._ask(state, task.seat, "Choose the grove for your gained pollinator", options, task)
            return
        self._answer_grove_gain(state, task, options[0])

    def _answer_grove_gain(self, state: EverbloomState, task: Task, grove: str) -> None:
        player = state.players[task.seat]
        if player.supply > 0:
            player.supply -= 1
            state.groves[grove][task.seat] += 1
            state.say(f"{state.name(task.seat)} gained a pollinator in the {biome_name(grove)} grove.")

    # ------------------------------------------------------------------ migration
    def winner_by_ties(self, state: EverbloomState, seats: list[int]) -> int:
        order = _order(state)
        return min(seats, key=lambda s: (state.players[s].card_count(), state.players[s].score, order.index(s)))

    def _settle(self, state: EverbloomState, seats: list[int], tied_on: str) -> tuple[int, str]:
        """The winner among `seats` (the rulebook's tie-breaks) and, for a tie, what broke
        it in words ('' without a tie); a tie is told in the log (ruling 29).  `tied_on`
        says what they tie on."""
        winner = self.winner_by_ties(state, seats)
        if len(seats) < 2:
            return winner, ""
        tied = and_list([state.name(seat) for seat in seats])
        fewest = min(state.players[seat].card_count() for seat in seats)
        left = [seat for seat in seats if state.players[seat].card_count() == fewest]
        cards = f"{fewest} habitat card{'s' if fewest != 1 else ''}"
        if len(left) == 1:
            why = f"{state.name(winner)} won it with the fewest habitat cards ({fewest})"
        else:
            lowest = min(state.players[seat].score for seat in left)
            last = [seat for seat in left if state.players[seat].score == lowest]
            if len(last) == 1:
                why = f"with {cards} each, {state.name(winner)} won it with the fewest points ({lowest})"
            else:
                why = (
                    f"with {cards} and {plural(lowest, 'point')} each, "
                    f"{state.name(winner)} won it by coming first in turn order"
                )
        state.say(f"{tied} tie {tied_on}; {why}.")
        return winner, why

    def _start_migration(self, state: EverbloomState) -> None:
        state.phase = "migration"
        state.turn = None
        # The wildlife token starts each migration beneath the western landmark.
        state.wildlife_used = None
        state.contests = []
        state.say(MIGRATION_BEGINS)
        tasks = [Task(kind="chip_blooms")]
        wild = _wildlife_spaces(state.side)
        for space in _board(state.side).migration:
            tasks.append(Task(kind="wildlife" if space in wild else "card", space=space))
        tasks.append(Task(kind="bats"))
        tasks.append(Task(kind="pollination"))
        state.tasks = tasks
        self._run(state)

    def _task_chip_blooms(self, state: EverbloomState, task: Task) -> None:
        for seat in _order(state):
            for bloom_id in state.bloom_shown:
                bloom = _BLOOMS[bloom_id]
                objective = bloom.objective
                if objective.phase != "chips":
                    continue
                times = 0
                for stack in state.chips.values():
                    mine = [chip.value for chip in stack if chip.seat == seat]
                    if objective.kind == "chips_on_landmark" and len(mine) >= objective.count:
                        times += 1
                    elif objective.kind == "chip_total_on_landmark" and mine and sum(mine) >= objective.min:
                        times += 1
                    elif objective.kind == "top_of_stack" and len(stack) >= objective.min_stack and stack[-1].seat == seat:
                        times += 1
                    elif objective.kind == "bottom_of_stack" and len(stack) >= objective.min_stack and stack[0].seat == seat:
                        times += 1
                for _ in range(times):
                    self._advance_bloom(state, seat, bloom.blooms, f"bloom card {bloom.name}")

    def _task_wildlife(self, state: EverbloomState, task: Task) -> None:
        totals = [0] * len(state.players)
        for chip in state.chips[task.space]:
            totals[chip.seat] += chip.value
        # Ruling 24: the chips are collected as the landmark resolves.
        state.chips[task.space] = []
        best = max(totals)
        which = _wildlife_spaces(state.side)[task.space]
        if best == 0:
            state.contests.append(Contest(round=state.round, space=task.space, counts=totals))
            state.say(f"Nobody wins the {which}ern wildlife landmark.")
            return
        tied = [s for s, total in enumerate(totals) if total == best]
        winner, why = self._settle(state, tied, f"with {best} at the {which}ern wildlife landmark")
        state.contests.append(
            Contest(
                round=state.round, space=task.space, counts=totals, winner=winner,
                tied=tied if len(tied) > 1 else [], tie_break=why,
            )
        )
        state.say(f"{state.name(winner)} won the {which}ern wildlife landmark with {best}.")
        self._check_blooms(state, winner, "win_wildlife")
        options = ["card", "bloom"]
        if which == "east" and state.wildlife_used:
            options = [o for o in options if o != state.wildlife_used]
        if not state.wildlife_deck:
            options = [o for o in options if o != "card"] or ["bloom"]
        follow = Task(kind="wildlife_bonus", seat=winner, text=which)
        if len(options) > 1:
            self._ask(state, winner, "Choose the wildlife bonus: a wildlife card or two bloom advances", options, follow)
        else:
            self._answer_wildlife_bonus(state, follow, options[0])

    def _answer_wildlife_bonus(self, state: EverbloomState, task: Task, option: str) -> None:
        if task.text == "west":
            state.wildlife_used = option
        if option == "bloom":
            self._advance_bloom(state, task.seat, NUM.wildlife_bloom_advances, "wildlife bonus")
            return
        card = state.wildlife_deck.pop(0)
        state.tasks.insert(0, Task(kind="place", seat=task.seat, card=card))

    def _task_card(self, state: EverbloomState, task: Task) -> None:
        stack = state.stacks[task.space]
        if not stack:
            return
        card = stack[0]
        counts = list(state.pollinators[task.space])
        if sum(counts) == 0:
            state.contests.append(Contest(round=state.round, space=task.space, card=card, counts=counts))
            self._take_top(state, task.space)
            state.boxed.append(card)
            state.say(f"Nobody sent pollinators to {card_name(card)}: it goes back to the box.")
            return
        best = max(counts)
        tied = [s for s, count in enumerate(counts) if count == best]
        winner, why = self._settle(state, tied, f"with {plural(best, 'pollinator')} on {card_name(card)}")
        state.contests.append(
            Contest(
                round=state.round, space=task.space, card=card, counts=counts, winner=winner,
                tied=tied if len(tied) > 1 else [], tie_break=why,
            )
        )
        state.say(f"{state.name(winner)} won {card_name(card)} with {plural(best, 'pollinator')}.")
        tasks = [Task(kind="public", seat=winner, space=task.space, card=card, counts=counts)]
        for seat in _order(state):
            if seat != winner and counts[seat]:
                tasks.append(Task(kind="loser", seat=seat, space=task.space, card=card, counts=counts))
        tasks.append(Task(kind="place", seat=winner, space=task.space, card=card, counts=counts))
        tasks.append(Task(kind="return", seat=winner, space=task.space, card=card, counts=counts))
        state.tasks[0:0] = tasks

    @staticmethod
    def _take_top(state: EverbloomState, space: str) -> None:
        """A migrating card leaves its stack.  The card it uncovers stays face down until
        the next round, but its back shows: news on a mixed space (four seats), whose
        backs differ, so undo stops there."""
        stack = state.stacks[space]
        stack.pop(0)
        if stack and state.space_kinds.get(space) not in BIOMES:
            state.info_epoch += 1

    def _task_public(self, state: EverbloomState, task: Task) -> None:
        ability = _CARDS[task.card].ability
        counts = task.counts
        name = card_name(task.card)
        if ability.kind == "public":
            for seat in _order(state):
                if counts[seat] >= ability.min_pollinators:
                    self._gain(state, seat, ability.gain, task.card, f"{name}, public", f"public:{task.card}")
        elif ability.kind == "public_fewest":
            present = [seat for seat in _order(state) if counts[seat]]

            def measure(seat: int) -> int:
                p = state.players[seat]
                return p.bloom if ability.measure == "bloom" else p.score

            lowest = min(measure(seat) for seat in present)
            what = "the bloom track" if ability.measure == "bloom" else "points"
            tied = [s for s in present if measure(s) == lowest]
            seat, why = self._settle(state, tied, f"for {name}'s bonus, {lowest} on {what}")
            if why and state.contests and state.contests[-1].card == task.card:
                amount = f"{lowest} on the bloom track" if ability.measure == "bloom" else plural(lowest, "point")
                state.contests[-1] = state.contests[-1].model_copy(
                    update={"bonus_tied": tied, "bonus_tied_on": amount, "bonus_tie_break": why}
                )
            self._gain(state, seat, ability.gain, task.card, name, f"public:{task.card}")
        elif ability.kind == "public_losers":
            for seat in _order(state):
                if counts[seat] and seat != task.seat:
                    self._gain(state, seat, ability.gain, task.card, name, f"public:{task.card}")

    def _task_loser(self, state: EverbloomState, task: Task) -> None:
        self._check_blooms(state, task.seat, "lose_card", mine=task.counts[task.seat])
        options = list(card_biomes(task.card))
        if len(options) > 1:
            self._ask(state, task.seat, f"Choose the grove for your pollinators from {card_name(task.card)}", options, task)
            return
        self._answer_loser(state, task, options[0])

    def _answer_loser(self, state: EverbloomState, task: Task, grove: str) -> None:
        moved = state.pollinators[task.space][task.seat]
        state.pollinators[task.space][task.seat] = 0
        state.groves[grove][task.seat] += moved
        state.say(f"{state.name(task.seat)} moved {plural(moved, 'pollinator')} from {card_name(task.card)} to the {biome_name(grove)} grove.")

    def _task_place(self, state: EverbloomState, task: Task) -> None:
        options = list(card_biomes(task.card))
        if len(options) > 1:
            self._ask(state, task.seat, f"Choose the biome of your habitat for {card_name(task.card)}", options, task)
            return
        self._answer_place(state, task, options[0])

    def _answer_place(self, state: EverbloomState, task: Task, biome: str) -> None:
        player = state.players[task.seat]
        if task.space:
            self._take_top(state, task.space)
        player.habitat[biome].append(HabitatCard(id=task.card))
        state.say(f"{state.name(task.seat)} placed {card_name(task.card)} in the {biome_name(biome)} biome of their habitat.")
        wildlife = task.card in _WILDLIFE
        if not wildlife:
            self._check_blooms(state, task.seat, "win_card", card=task.card, mine=task.counts[task.seat])
        self._check_blooms(state, task.seat, "biome_reaches", count=len(player.habitat[biome]))
        if wildlife:
            return
        state.tasks[0:0] = [
            Task(kind="bonus", seat=task.seat, card=task.card, text=biome),
            Task(kind="tile", seat=task.seat, card=task.card, text=biome, counts=task.counts),
        ]

    def _task_bonus(self, state: EverbloomState, task: Task) -> None:
        ability = _CARDS[task.card].ability
        seat = task.seat
        player = state.players[seat]
        name = card_name(task.card)
        if ability.kind == "gain":
            self._gain(state, seat, ability.gain, task.card, name, f"card:{task.card}")
        elif ability.kind == "points_per":
            per = ability.per
            if per == "grove_with_pollinator":
                count = sum(1 for b in BIOMES if state.groves[b][seat] > 0)
            elif per == "biome_with_card":
                count = sum(1 for b in BIOMES if player.habitat[b])
            elif per == "pollinator_in_chosen_grove":
                count = max(state.groves[b][seat] for b in BIOMES)
            elif per == "nectar_card":
                count = len(player.nectar)
            else:
                count = max(self._habitat_nectar(player, b) for b in BIOMES)
            points = count * ability.points
            _earn(state, seat, points, f"card:{task.card}")
            state.say(f"{state.name(seat)} gained {plural(points, 'point')} ({name}).")

    def _task_tile(self, state: EverbloomState, task: Task) -> None:
        player = state.players[task.seat]
        biome = task.text
        if biome not in player.tiles:
            options = [letter for letter in C.TILE_LETTERS if letter not in player.tiles.values()]
            if not options:
                return
            if len(options) > 1:
                self._ask(state, task.seat, f"Choose a habitat tile for your {biome_name(biome)} biome", options, task)
                return
            self._answer_tile(state, task, options[0])
            return
        self._score_tile(state, task)

    def _answer_tile(self, state: EverbloomState, task: Task, letter: str) -> None:
        player = state.players[task.seat]
        player.tiles[task.text] = letter
        state.say(f"{state.name(task.seat)} placed habitat tile {letter} on the {biome_name(task.text)} biome.")
        self._check_blooms(state, task.seat, "habitat_tile")
        self._score_tile(state, task)

    def tile_points(self, state: EverbloomState, seat: int, letter: str, card: str, mine: int) -> int:
        scoring = _TILES[letter].side(state.options.habitat_theme)
        player = state.players[seat]
        kind = scoring.kind
        if kind == "flat":
            return scoring.points
        if kind == "bloom_track_points":
            return _TRACK.points_at(player.bloom)
        if kind == "grove_threshold":
            most = max(state.groves[b][seat] for b in BIOMES)
            return max((step.points for step in scoring.steps if most >= step.min), default=0)
        if kind == "per_grove_with_pollinator":
            return scoring.points * sum(1 for b in BIOMES if state.groves[b][seat] > 0)
        if kind == "chip_position":
            index = -1 if scoring.position == "top" else 0
            return scoring.points * sum(1 for stack in state.chips.values() if stack and stack[index].seat == seat)
        if kind == "per_pollinator_on_card":
            return max(0, scoring.base + scoring.per * mine)
        if kind == "per_biome_with_card":
            return scoring.points * sum(1 for b in BIOMES if player.habitat[b])
        return scoring.cost_points[card_cost(card)]

    def _score_tile(self, state: EverbloomState, task: Task) -> None:
        player = state.players[task.seat]
        letter = player.tiles.get(task.text)
        if letter is None:
            return
        points = self.tile_points(state, task.seat, letter, task.card, task.counts[task.seat] if task.counts else 0)
        _earn(state, task.seat, points, f"tile:{task.text}")
        state.say(f"{state.name(task.seat)} scored {plural(points, 'point')} from habitat tile {letter}.")

    def _task_return(self, state: EverbloomState, task: Task) -> None:
        counts = state.pollinators[task.space]
        state.players[task.seat].supply += counts[task.seat]
        for seat, count in enumerate(counts):
            if count and seat != task.seat:  # safety: nothing should remain
                state.groves[card_biomes(task.card)[0]][seat] += count
        state.pollinators[task.space] = [0] * len(counts)

    def _task_bats(self, state: EverbloomState, task: Task) -> None:
        bats = next((seat for seat, p in enumerate(state.players) if p.faction == "bats"), None)
        if bats is None:
            return
        options = [str(index + 1) for index in range(state.players[bats].cave + 1)]
        follow = Task(kind="bats", seat=bats)
        if len(options) > 1:
            self._ask(state, bats, "Choose a cave bonus (at or left of your marker)", options, follow)
        else:
            self._answer_bats(state, follow, options[0])

    def _answer_bats(self, state: EverbloomState, task: Task, option: str) -> None:
        self._gain(state, task.seat, _CAVE.spaces[int(option) - 1].gain, "", f"cave space {option}", "cave")

    # ------------------------------------------------------------------ pollination
    def _task_pollination(self, state: EverbloomState, task: Task) -> None:
        state.phase = "pollination"
        state.say("Pollination: each faction chooses in secret.")
        for player in state.players:
            player.pollination = PollinationWork()

    def _pollinate_step(self, state: EverbloomState, seat: int, action: Any) -> None:
        player = state.players[seat]
        work = player.pollination
        assert work is not None
        if isinstance(action, TakeGrove):
            work.grove = action.grove
            work.taken = work.left = state.groves[action.grove][seat]
            work.cards = [
                card.id for cards in player.habitat.values() for card in cards
                if not card.pollinated and auto_pollinates(card.id)
            ]
        elif isinstance(action, Pollinate):
            work.cards.append(action.card)
            work.left -= card_cost(action.card)
        else:
            work.leftover_grove = action.grove
            work.done = True
            if all(p.pollination is not None and p.pollination.done for p in state.players):
                self._reveal_pollination(state)

    def _reveal_pollination(self, state: EverbloomState) -> None:
        state.info_epoch += 1
        state.pollinations = []
        for seat in _order(state):
            player = state.players[seat]
            work = player.pollination
            assert work is not None and work.grove is not None
            state.groves[work.grove][seat] -= work.taken
            # Spent pollinators come back to the supply.
            player.supply += work.taken - work.left
            if work.left and work.leftover_grove:
                state.groves[work.leftover_grove][seat] += work.left
            chosen = set(work.cards)
            for biome, cards in player.habitat.items():
                player.habitat[biome] = [
                    HabitatCard(id=card.id, pollinated=True) if card.id in chosen else card for card in cards
                ]
            pollinated = sum(1 for cards in player.habitat.values() for card in cards if card.pollinated)
            points = pollinated * NUM.points_per_pollinated_card
            _earn(state, seat, points, f"pollination:{state.round}")
            state.pollinations.append(
                PollinationDone(
                    round=state.round, seat=seat, grove=work.grove, taken=work.taken, cards=list(work.cards),
                    left=work.left, leftover_grove=work.leftover_grove if work.left else None, points=points,
                )
            )
            names = and_list([card_name(card) for card in work.cards]) or "nothing"
            state.say(
                f"{state.name(seat)} took {work.taken} from the {biome_name(work.grove)} grove, pollinated {names}"
                f"{f', returned {work.left} to the {biome_name(work.leftover_grove)} grove' if work.left else ''}"
                f" and scored {plural(points, 'point')}."
            )
            for card in work.cards:
                self._check_blooms(state, seat, "pollinate_card", card=card)
            self._check_blooms(state, seat, "pollinate_count", count=len(work.cards))
            self._check_blooms(state, seat, "grove_take", taken=work.taken)
            if work.taken and not work.left:
                self._check_blooms(state, seat, "no_leftover")
            player.pollination = None
        self._end_round(state)

    # ------------------------------------------------------------------ end of round and game
    def _end_round(self, state: EverbloomState) -> None:
        if state.round >= ROUNDS:
            self._final_scoring(state)
            return
        for space in state.chips:
            state.chips[space] = []
        state.moved = []
        numbered = [space for space, (number, flipped) in state.landmarks.items() if not flipped]
        if numbered:
            low = min(numbered, key=lambda space: state.landmarks[space][0])
            state.landmarks[low][1] = 1
            numbered.remove(low)
            flipped = [state.landmarks[low][0]]
            if numbered:
                high = max(numbered, key=lambda space: state.landmarks[space][0])
                state.landmarks[high][1] = 1
                flipped.append(state.landmarks[high][0])
            state.say(f"Landmark{'s' if len(flipped) > 1 else ''} {' and '.join(map(str, flipped))} flip.")
        state.boxed.extend(state.bloom_shown)
        state.bloom_shown = state.bloom_deck[: NUM.bloom_cards_shown]
        state.bloom_deck = state.bloom_deck[NUM.bloom_cards_shown :]
        state.first_player = (state.first_player + 1) % len(state.players)
        for seat, player in enumerate(state.players):
            player.chips = list(_FACTIONS[player.faction].chips)
            player.first_chip = seat == state.first_player
            player.chips_placed = 0
            player.lemur_reach_used = False
        state.hive = None
        state.round += 1
        self._start_round(state)

    @staticmethod
    def _habitat_nectar(player: PlayerState, biome: str) -> int:
        return sum(card_info(card.id).nectar for card in player.habitat[biome] if card.pollinated)

    def nectar_totals(self, state: EverbloomState) -> dict[str, list[int]]:
        totals = {}
        for biome in BIOMES:
            totals[biome] = [
                self._habitat_nectar(player, biome)
                + sum(_NECTAR[card].nectar for card in player.nectar if card in _NECTAR and _NECTAR[card].biome == biome)
                for player in state.players
            ]
        return totals

    @staticmethod
    def majority_points(values: list[int]) -> list[int]:
        return [value // divisor if divisor else 0 for value, divisor in zip(values, majority_divisors(values))]

    def _final_scoring(self, state: EverbloomState) -> None:
        state.info_epoch += 1
        count = len(state.players)
        totals_nectar = self.nectar_totals(state)
        nectar_points = {biome: self.majority_points(totals_nectar[biome]) for biome in C.nectar_scoring_order()}
        bloom = [_TRACK.points_at(player.bloom) for player in state.players]
        penalty = [-NUM.missing_tile_penalty * (len(BIOMES) - len(player.tiles)) for player in state.players]
        during = [player.score for player in state.players]
        totals = [
            during[s] + sum(points[s] for points in nectar_points.values()) + bloom[s] + penalty[s] for s in range(count)
        ]
        best = max(totals)
        winners = [s for s in range(count) if totals[s] == best]
        decided_by = f"most points ({best})"
        if len(winners) > 1:
            most_cards = max(state.players[s].card_count() for s in winners)
            winners = [s for s in winners if state.players[s].card_count() == most_cards]
            decided_by = f"tie on {best} points: most cards in the habitat ({most_cards})"
            if len(winners) > 1:
                furthest = max(state.players[s].bloom for s in winners)
                winners = [s for s in winners if state.players[s].bloom == furthest]
                decided_by = f"tie on {best} points and {most_cards} cards: furthest on the bloom track"
                if len(winners) > 1:
                    decided_by = f"tie on {best} points, cards and bloom track: the victory is shared"
        for s in range(count):
            state.players[s].score = totals[s]
        state.final = FinalScore(
            during_play=during, nectar=nectar_points, bloom_track=bloom, penalty=penalty, totals=totals,
            winners=winners, decided_by=decided_by,
        )
        state.phase = "over"
        # The secret nectar cards are everybody's to see now.
        for seat, player in enumerate(state.players):
            if player.nectar:
                state.say(f"{state.name(seat)} held the nectar cards {and_list([nectar_card_name(card) for card in player.nectar])}.")
        state.say(f"The game is over. Winner{'s' if len(winners) > 1 else ''}: {and_list([state.name(s) for s in winners])} ({decided_by}).")

    # ------------------------------------------------------------------ view and scores
    def view(self, state: EverbloomState, seat: int) -> EverbloomState:
        over = state.phase == "over"
        players = []
        for index, player in enumerate(state.players):
            if index == seat or over:
                players.append(player)
                continue
            work = player.pollination
            players.append(
                shallow_copy(
                    player,
                    nectar=[HIDDEN_CARD] * len(player.nectar),
                    draft=[HIDDEN_CARD] * len(player.draft),
                    pollination=None if work is None else PollinationWork(done=work.done),
                )
            )
        stacks = {
            space: [
                card if card in state.face_up else hidden_card(card_back(card) if i == 0 else "")
                for i, card in enumerate(cards)
            ]
            for space, cards in state.stacks.items()
        }
        return shallow_copy(
            state,
            seed=0,
            rng_draws=0,
            players=players,
            stacks=stacks,
            bloom_deck=[HIDDEN_CARD] * len(state.bloom_deck),
            nectar_deck=[HIDDEN_CARD] * len(state.nectar_deck),
            event_deck=[HIDDEN_CARD] * len(state.event_deck),
            boxed=[HIDDEN_CARD] * len(state.boxed),
            log=visible_log(state.log, seat),
        )

    # ------------------------------------------------------------------ the score sheet
    def score_sheet(self, state: EverbloomState) -> ScoreSheet:
        return score_sheet(self, state)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


# -- the score sheet ------------------------------------------------------------------------------------
# Sources of points during play (`PlayerState.earned` keys before the ':'), as the sheet names them.
_SOURCES = (
    ("card", "Bonuses of cards won"),
    ("public", "Public bonuses"),
    ("pollination", "Pollinated cards"),
    ("tile", "Habitat tiles"),
    ("cave", "Cave bonuses"),
)


def _source_detail(state: EverbloomState, seat: int, kind: str) -> str:
    player = state.players[seat]
    parts = []
    for key, points in player.earned.items():
        head, _, rest = key.partition(":")
        if head != kind:
            continue
        if kind in ("card", "public"):
            parts.append(f"{card_name(rest)} {points}")
        elif kind == "pollination":
            parts.append(f"round {rest}: {points}")
        elif kind == "tile":
            parts.append(f"{biome_name(rest)} ({player.tiles.get(rest, '?')}) {points}")
    return ", ".join(parts)


def place_words(values: list[int], seat: int) -> str:
    """`seat`'s place in a biome's nectar `values`: "1st", "tied 2nd" or "no nectar"."""
    value = values[seat]
    if value <= 0:
        return "no nectar"
    place = 1 + sum(1 for other in values if other > value)
    tied = sum(1 for other in values if other == value) > 1
    return f"{'tied ' if tied else ''}{ordinal(place)}"


def _rank_words(values: list[int], seat: int) -> str:
    divisor = majority_divisors(values)[seat]
    rate = "" if divisor in (0, 1) else f", 1 per {divisor}"
    return f"{place_words(values, seat)}{rate}"


def _nectar_detail(state: EverbloomState, totals: list[int], biome: str, seat: int, points: int) -> str:
    player = state.players[seat]
    if totals[seat] <= 0:
        return "no nectar"
    habitat = sum(card_info(card.id).nectar for card in player.habitat[biome] if card.pollinated)
    cards = [str(_NECTAR[card].nectar) for card in player.nectar if card in _NECTAR and _NECTAR[card].biome == biome]
    parts = [f"habitat {habitat}"] if habitat else []
    if cards:
        parts.append(f"{'card' if len(cards) == 1 else 'cards'} {'+'.join(cards)}")
    return f"{totals[seat]} nectar ({', '.join(parts)}), {_rank_words(totals, seat)} → {points}"


def score_sheet(rules: EverbloomRules, state: EverbloomState) -> ScoreSheet:
    """The final table, by source: points during play by where they came from, each
    biome's nectar with amounts and ranks, the bloom track, missing tiles; every
    secret nectar card named."""
    names = [seat.name for seat in state.seats]
    final = state.final
    count = len(state.players)
    if final is None:
        scores = [player.score for player in state.players]
        return ScoreSheet(
            players=names, rows=[ScoreRow(category="Points so far", values=scores)], totals=scores,
            winners=[], decided_by="the game is not over",
        )
    rows = []
    itemised = [0] * count
    for kind, title in _SOURCES:
        values = [
            sum(points for key, points in player.earned.items() if key.partition(":")[0] == kind)
            for player in state.players
        ]
        if kind in ("public", "cave") and not any(values):
            continue
        itemised = [a + b for a, b in zip(itemised, values)]
        details = [_source_detail(state, seat, kind) for seat in range(count)]
        rows.append(ScoreRow(category=title, values=values, details=details))
    rest = [during - counted for during, counted in zip(final.during_play, itemised)]
    if any(rest):
        # Saves from before points were itemised.
        rows.append(ScoreRow(category="Other points during play", values=rest))
    nectar = rules.nectar_totals(state)
    for biome, values in final.nectar.items():
        details = [_nectar_detail(state, nectar[biome], biome, seat, values[seat]) for seat in range(count)]
        rows.append(ScoreRow(category=f"{biome_name(biome)} nectar", values=values, details=details))
    track = [f"space {player.bloom} → {points}" for player, points in zip(state.players, final.bloom_track)]
    rows.append(ScoreRow(category="Bloom track", values=final.bloom_track, details=track))
    missing = [
        and_list([biome_name(biome) for biome in BIOMES if biome not in player.tiles]) or "none"
        for player in state.players
    ]
    penalty = [
        f"{words}: {plural(len(BIOMES) - len(player.tiles), 'biome')} × −{NUM.missing_tile_penalty}" if words != "none" else "every biome has one"
        for words, player in zip(missing, state.players)
    ]
    rows.append(ScoreRow(category="Biomes without a tile", values=final.penalty, details=penalty))
    # The secret nectar cards, revealed: they count in each biome's nectar above.
    notes = [
        f"{names[seat]} ({C.factions()[player.faction].name}) held the nectar cards "
        f"{and_list([nectar_card_name(card) for card in player.nectar]) or 'none'}."
        for seat, player in enumerate(state.players)
    ]
    return ScoreSheet(
        players=names, rows=rows, totals=final.totals, winners=final.winners, decided_by=final.decided_by, notes=notes,
    )
