"""Everbloom's state and actions.

Card spaces, landmark spaces and groves are keyed by the ids of content.py
(card spaces 't1'.., landmark spaces 'n1'.., 'west'/'east', groves by biome).
Pollinator counts are per seat lists.  A card stack lists its cards top first.
Multi-step decisions of the migration and of setup use one generic `Choice`
(a seat picks one of several strings); a chip's turn keeps its own `TurnWork`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from boardgames_tui.engine.contract import NEVER_EDITED, GameState

Phase = Literal["draft", "round_start", "wilderness", "migration", "pollination", "over"]
HIDDEN_CARD = "?"


def hidden_card(back: str = "") -> str:
    """A face-down card as a view shows it: HIDDEN_CARD, then the biome (or 'event') its
    back shows when that back can be seen (the top of a stack), else nothing."""
    return HIDDEN_CARD + back


def is_hidden(card: str) -> bool:
    return card.startswith(HIDDEN_CARD)


def hidden_back(card: str) -> str:
    """The back a hidden card shows ('' when it lies under another card)."""
    return card[len(HIDDEN_CARD):] if is_hidden(card) else ""


RANDOM_FACTION = "random"
FactionChoice = Literal["random", "bats", "bees", "butterflies", "hummingbirds", "lemurs", "lizards"]


class EverbloomOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    landmark_theme: Literal["first-blossom", "natural-selection", "duo"] = "first-blossom"
    habitat_theme: Literal["day", "night"] = "day"
    # Each seat picks its faction or leaves it to chance (the setup form shows these).
    faction_1: FactionChoice = Field(RANDOM_FACTION, description="Seat 1 faction")
    faction_2: FactionChoice = Field(RANDOM_FACTION, description="Seat 2 faction")
    faction_3: FactionChoice = Field(RANDOM_FACTION, description="Seat 3 faction")
    faction_4: FactionChoice = Field(RANDOM_FACTION, description="Seat 4 faction")

    @classmethod
    def with_factions(cls, factions: list[str], **options: object) -> EverbloomOptions:
        """Options naming the factions of the first seats, in seat order."""
        named = {f"faction_{number}": key for number, key in enumerate(factions, start=1)}
        return cls.model_validate({**options, **named})

    def seat_factions(self) -> list[str]:
        """The per-seat choices, seat 1 first ('random' where left to chance)."""
        return [self.faction_1, self.faction_2, self.faction_3, self.faction_4]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DiscardNectar(_Action):
    """Setup draft: the nectar card to discard (the other two are kept)."""

    kind: Literal["discard"] = "discard"
    card: str


class Choose(_Action):
    """Answer the pending choice (a landmark for the hive, a biome, a grove, a tile…)."""

    kind: Literal["choose"] = "choose"
    option: str


class PlaceChip(_Action):
    """Place a chip at a landmark space; `first_chip` marks the first player's "1" chip."""

    kind: Literal["place"] = "place"
    chip: int
    landmark: str
    first_chip: bool = False
    # Hummingbirds' "2" only: disregard the landmark's rule.
    ignore_rule: bool = False


class ChipToGrove(_Action):
    """A chip that fits at no landmark sends its pollinators to a grove instead."""

    kind: Literal["chip-grove"] = "chip-grove"
    chip: int
    grove: str
    first_chip: bool = False


class MovePollinator(_Action):
    """Butterflies' "4" or Edge of the Forest: one pollinator of `owner` moves card to card."""

    kind: Literal["move"] = "move"
    owner: int
    source: str
    target: str


class PullFromGrove(_Action):
    """Edge of the Sea: one of your pollinators comes from `grove` to the card."""

    kind: Literal["pull"] = "pull"
    grove: str


class Skip(_Action):
    """Decline an optional move (Butterflies, Edge of the Forest)."""

    kind: Literal["skip"] = "skip"


class SendPollinator(_Action):
    """Send one pollinator to an adjacent card: from the supply, or from `grove` once it is empty."""

    kind: Literal["send"] = "send"
    space: str
    grove: str | None = None


class TakeGrove(_Action):
    """Pollination: take all your pollinators from one grove (hidden until all are done)."""

    kind: Literal["take"] = "take"
    grove: str


class Pollinate(_Action):
    """Pollination: pay for one unpollinated card of your habitat (by its id)."""

    kind: Literal["pollinate"] = "pollinate"
    card: str


class FinishPollination(_Action):
    """Pollination: done; leftover pollinators go to `grove` (None when none are left)."""

    kind: Literal["finish"] = "finish"
    grove: str | None = None


Action = Annotated[
    Union[
        DiscardNectar, Choose, PlaceChip, ChipToGrove, MovePollinator, PullFromGrove, Skip,
        SendPollinator, TakeGrove, Pollinate, FinishPollination,
    ],
    Field(discriminator="kind"),
]


# The records inside the state are slotted dataclasses, not pydantic models: the rules
# read their fields dozens of times a move, and a slotted field is read several times
# faster than a model's.  Pydantic validates and serialises them as it does models (so
# saves, views and the wire are the same), refusing unknown keys as the models did.
_RECORD_CONFIG = ConfigDict(extra="forbid")


@dataclass(slots=True, frozen=True, kw_only=True)
class Chip:
    __pydantic_config__ = _RECORD_CONFIG

    seat: int
    value: int
    first_chip: bool = False


@dataclass(slots=True, frozen=True, kw_only=True)
class HabitatCard:
    __pydantic_config__ = _RECORD_CONFIG

    id: str
    pollinated: bool = False


@dataclass(slots=True, frozen=True, kw_only=True)
class Task:
    """One step of the migration (or round start) still to run."""

    __pydantic_config__ = _RECORD_CONFIG

    kind: str
    seat: int = -1
    space: str = ""
    card: str = ""
    # Pollinator counts on the card when its migration began, per seat.
    counts: list[int] = field(default_factory=list)
    number: int = 0
    text: str = ""


# A frozen dataclass's constructor sets each field through `object.__setattr__`, found
# anew for each: a migration builds a hundred tasks a game, past it, through the slots'
# own setters (in the order of the fields, so a field added fails here, not silently).
_TASK_SETTERS = tuple(Task.__dict__[each.name].__set__ for each in fields(Task))


def task_record(kind: str, seat: int, space: str, card: str, counts: list[int], number: int, text: str) -> Task:
    """`Task(kind=kind, seat=seat, ...)`, every field given."""
    set_kind, set_seat, set_space, set_card, set_counts, set_number, set_text = _TASK_SETTERS
    task = object.__new__(Task)
    set_kind(task, kind)
    set_seat(task, seat)
    set_space(task, space)
    set_card(task, card)
    set_counts(task, counts)
    set_number(task, number)
    set_text(task, text)
    return task


@dataclass(slots=True, frozen=True, kw_only=True)
class Choice:
    __pydantic_config__ = _RECORD_CONFIG

    seat: int
    prompt: str
    options: list[str]
    task: Task


@dataclass(slots=True, kw_only=True)
class TurnWork:
    """A placed chip whose pollinators are still being sent."""

    __pydantic_config__ = _RECORD_CONFIG

    seat: int
    landmark: str
    value: int
    targets: list[str]
    to_send: int
    sent: dict[str, int] = field(default_factory=dict)
    one_card: bool = False
    even_split: bool = False
    # Steps before sending: 'butterfly', 'sea:<space>', 'forest:<space>'.
    steps: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class PollinationWork:
    """One seat's pollination, private until every seat has finished."""

    __pydantic_config__ = _RECORD_CONFIG

    grove: str | None = None
    taken: int = 0
    left: int = 0
    cards: list[str] = field(default_factory=list)
    done: bool = False
    leftover_grove: str | None = None


@dataclass(slots=True, kw_only=True)
class PlayerState:
    """A seat's record.  Its containers are replaced whole, never changed in place (as
    `EverbloomState`'s), so that copying the record for a move is cheap."""

    __pydantic_config__ = _RECORD_CONFIG

    faction: str
    chips: Annotated[list[int], NEVER_EDITED]
    first_chip: bool = False
    supply: int
    score: int = 0
    bloom: int = 0
    cave: int = 0
    # Biome -> its cards.
    habitat: Annotated[dict[str, list[HabitatCard]], NEVER_EDITED]
    tiles: Annotated[dict[str, str], NEVER_EDITED] = field(default_factory=dict)
    nectar: Annotated[list[str], NEVER_EDITED] = field(default_factory=list)
    draft: Annotated[list[str], NEVER_EDITED] = field(default_factory=list)
    chips_placed: int = 0
    lemur_reach_used: bool = False
    pollination: PollinationWork | None = None
    # Points scored during play by where they came from ('card:<id>', 'public:<id>',
    # 'tile:<biome>', 'pollination:<round>', 'cave'), for the score sheet's breakdown;
    # they add up to `score` until the final scoring (older saves may lack some).
    earned: Annotated[dict[str, int], NEVER_EDITED] = field(default_factory=dict)

    def card_count(self) -> int:
        return sum(map(len, self.habitat.values()))


@dataclass(slots=True, frozen=True, kw_only=True)
class Contest:
    """One result of a migration, public: who won a card (or a wildlife landmark) and how."""

    __pydantic_config__ = _RECORD_CONFIG

    round: int
    # The card space, or the wildlife landmark's space.
    space: str
    # The card won ('' for a wildlife landmark).
    card: str = ""
    # Pollinators on the card (chip totals at a wildlife landmark), per seat.
    counts: list[int]
    # -1: nobody sent anything, the card went back to the box.
    winner: int = -1
    # The seats tied for the most (empty without a tie) and what settled it, in words.
    tied: list[int] = field(default_factory=list)
    tie_break: str = ""
    # A public bonus for the fewest points (or bloom track) that was tied: the seats,
    # what they tied on ("3 points") and what settled it.
    bonus_tied: list[int] = field(default_factory=list)
    bonus_tied_on: str = ""
    bonus_tie_break: str = ""


_CONTEST_SETTERS = tuple(Contest.__dict__[each.name].__set__ for each in fields(Contest))


def contest_record(round: int, space: str, card: str, counts: list[int], winner: int, tied: list[int], tie_break: str) -> Contest:
    """`Contest(round=round, space=space, ...)` without a public bonus's tie, built as
    `task_record` builds a task (a migration builds some ten)."""
    (
        set_round, set_space, set_card, set_counts, set_winner, set_tied, set_tie_break,
        set_bonus_tied, set_bonus_tied_on, set_bonus_tie_break,
    ) = _CONTEST_SETTERS
    contest = object.__new__(Contest)
    set_round(contest, round)
    set_space(contest, space)
    set_card(contest, card)
    set_counts(contest, counts)
    set_winner(contest, winner)
    set_tied(contest, tied)
    set_tie_break(contest, tie_break)
    set_bonus_tied(contest, [])
    set_bonus_tied_on(contest, "")
    set_bonus_tie_break(contest, "")
    return contest


@dataclass(slots=True, frozen=True, kw_only=True)
class PollinatorMoved:
    """A pollinator moved from card to card by `seat` (the Butterflies' 4, Edge of the
    Forest): public, so that the news tells who moved whose."""

    __pydantic_config__ = _RECORD_CONFIG

    seat: int
    owner: int
    source: str
    target: str


@dataclass(slots=True, frozen=True, kw_only=True)
class PollinationDone:
    """One seat's pollination as revealed to everybody."""

    __pydantic_config__ = _RECORD_CONFIG

    round: int
    seat: int
    grove: str
    taken: int
    cards: list[str]
    left: int = 0
    leftover_grove: str | None = None
    points: int = 0


class FinalScore(BaseModel):
    model_config = ConfigDict(extra="forbid")

    during_play: list[int]
    nectar: dict[str, list[int]]
    bloom_track: list[int]
    penalty: list[int]
    totals: list[int]
    winners: list[int]
    decided_by: str


class EverbloomState(GameState):
    """The whole table.  What a field marks NEVER_EDITED is replaced whole when it
    changes, never changed in place: a state shares it with the states it was made
    from, so that a move (`apply`) copies only the few containers it changes, not the
    whole table (`common.add_count`, `common.own_player`)."""

    # The options the game was set up with: never changed.
    options: Annotated[EverbloomOptions, NEVER_EDITED]
    round: int = 1
    phase: Phase = "draft"
    side: str
    first_player: int = 0
    # Landmark space -> [tile number, flipped (1) or not (0)] (wildlife spaces absent).
    landmarks: Annotated[dict[str, list[int]], NEVER_EDITED]
    hive: str | None = None
    # Landmark spaces the hive has covered, oldest first (a space appears once, where last covered).
    hive_history: Annotated[list[str], NEVER_EDITED] = Field(default_factory=list)
    # Landmark space -> chips, bottom first (wildlife spaces included).
    chips: dict[str, Annotated[list[Chip], NEVER_EDITED]]
    # Card space -> card ids, top first.
    stacks: Annotated[dict[str, list[str]], NEVER_EDITED]
    # Card space -> the biome deck it was dealt from, or 'mixed' (four seats): public
    # from setup, since the card backs show it.  The empty space has none.  Fixed at setup.
    space_kinds: Annotated[dict[str, str], NEVER_EDITED] = Field(default_factory=dict)
    # Stack cards showing their face: each top turns at the start of a round, events
    # arrive face up; a card uncovered by migration stays face down until then.
    face_up: Annotated[list[str], NEVER_EDITED] = Field(default_factory=list)
    # Card space -> pollinators per seat.
    pollinators: dict[str, Annotated[list[int], NEVER_EDITED]]
    # Grove (biome) -> pollinators per seat.
    groves: dict[str, Annotated[list[int], NEVER_EDITED]]
    bloom_deck: Annotated[list[str], NEVER_EDITED]
    bloom_shown: Annotated[list[str], NEVER_EDITED]
    nectar_deck: Annotated[list[str], NEVER_EDITED]
    event_deck: Annotated[list[str], NEVER_EDITED]
    wildlife_deck: Annotated[list[str], NEVER_EDITED]
    # The wildlife bonus the western winner took ('card' or 'bloom'), if any.
    wildlife_used: str | None = None
    # A seat's record is replaced by a copy before a move changes it (`common.own_player`).
    players: list[Annotated[PlayerState, NEVER_EDITED]]
    turn_seat: int = 0
    turn: TurnWork | None = None
    tasks: list[Task] = Field(default_factory=list)
    choice: Choice | None = None
    boxed: Annotated[list[str], NEVER_EDITED] = Field(default_factory=list)
    # The last migration's results and the last pollination's, in the order they
    # happened (public, for the summaries the table is shown).
    contests: Annotated[list[Contest], NEVER_EDITED] = Field(default_factory=list)
    pollinations: Annotated[list[PollinationDone], NEVER_EDITED] = Field(default_factory=list)
    # This round's pollinators moved card to card, in order (cleared with the chips).
    moved: Annotated[list[PollinatorMoved], NEVER_EDITED] = Field(default_factory=list)
    final: FinalScore | None = None
