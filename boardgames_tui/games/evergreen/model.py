"""Evergreen's state and actions.

A planet board is a string with one character per space, row by row (space
7 * row + column, 0 = A1 at the top left): '.' empty, '#' ravine, and each piece by
its glyph from content.json ('s' sprout, 't' small tree, 'T' big tree, 'b' bush,
'l' lake, 'c' cherry tree, 'm' small bamboo, 'M' big bamboo).  Strings are
immutable, so states share boards freely and a change is a new string.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from boardgames_tui.engine.contract import NEVER_EDITED, GameState, LogEntry, construct_frozen, record_copier

Phase = Literal["draft", "wild", "actions", "over"]
# Where a seat stands in its action phase: power uses before the action, the
# action's own steps, power uses after it.
Stage = Literal["before", "action", "after"]
ModuleChoice = Literal["none", "cherry", "bamboo", "both"]
Replaceable = Literal["random", "sprout", "sprout-to-small", "small-to-big", "bush", "lake", "points"]


class _Action(BaseModel):
    """Each action hashes its one field itself: a search keys its tree by actions and
    hashes them a few hundred thousand times a hint, and pydantic's hash of a frozen
    model gathers every field into a tuple first.  Equal actions still hash alike;
    actions of two kinds may share a hash, and equality tells them apart."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class DraftCard(_Action):
    """Take a card from the draft row."""

    kind: Literal["draft"] = "draft"
    card: int

    def __hash__(self) -> int:
        return hash(self.card)


class ChooseBiome(_Action):
    """The last picker sends a wild leftover with a fertility icon to a biome."""

    kind: Literal["biome"] = "biome"
    biome: str

    def __hash__(self) -> int:
        return hash(self.biome)


class Plant(_Action):
    """Action step: a sprout on an empty space."""

    kind: Literal["plant"] = "plant"
    space: int

    def __hash__(self) -> int:
        return hash(self.space)


class Grow(_Action):
    """Action step: a sprout becomes a small tree, or a small tree a big one."""

    kind: Literal["grow"] = "grow"
    space: int

    def __hash__(self) -> int:
        return hash(self.space)


class UsePower(_Action):
    """One use of the drafted card's power; `space` is None for the points power."""

    kind: Literal["power"] = "power"
    space: int | None = None

    def __hash__(self) -> int:
        return hash(self.space)


class LakeGrow(_Action):
    """One of the two growths beside the lake just placed."""

    kind: Literal["lake-grow"] = "lake-grow"
    space: int

    def __hash__(self) -> int:
        return hash(self.space)


class Done(_Action):
    """The seat's plan for this round is complete (hidden until everybody is done)."""

    kind: Literal["done"] = "done"

    def __hash__(self) -> int:
        return 0


Action = Annotated[
    Union[DraftCard, ChooseBiome, Plant, Grow, UsePower, LakeGrow, Done],
    Field(discriminator="kind"),
]


class EvergreenOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    modules: ModuleChoice = Field("none", description="Modules (Cherry Blossoms and Bamboo)")
    cherry_replaces: Replaceable = Field("random", description="Cherry Tree Growth replaces")
    bamboo_replaces: Replaceable = Field("random", description="Plant Small Bamboo replaces")

    @model_validator(mode="after")
    def _different_powers(self) -> "EvergreenOptions":
        if (
            self.modules == "both"
            and self.cherry_replaces != "random"
            and self.cherry_replaces == self.bamboo_replaces
        ):
            raise ValueError("With both modules, Cherry Tree Growth and Plant Small Bamboo must replace two different powers.")
        return self


# The records inside the state are slotted dataclasses, not models: the rules read
# their fields and copy them at nearly every move, and a slotted object's field read
# and copy cost a fraction of a model's.  Pydantic validates and serialises them as
# fields of the state (extra keys refused, as on a model), so saves, the wire and the
# views are the same JSON.
_RECORD_CONFIG = ConfigDict(extra="forbid")


@dataclass(frozen=True, slots=True)
class ZoneCard:
    """A card in a biome's fertility stack; face-down cards have lost their icons."""

    __pydantic_config__: ClassVar[ConfigDict] = _RECORD_CONFIG

    card: int
    face_up: bool = True


@dataclass(slots=True)
class Plan:
    """A seat's action phase so far: private to that seat until the reveal.

    Each step is applied to `board` (the seat's working copy) at once; the public
    board only changes at the reveal.
    """

    __pydantic_config__: ClassVar[ConfigDict] = _RECORD_CONFIG

    board: str
    steps: list[Action] = field(default_factory=list)
    stage: Stage = "before"
    # The action's steps so far (spaces), to check that they fit one of the four options.
    plants: list[int] = field(default_factory=list)
    grows: list[int] = field(default_factory=list)
    # Power uses so far this round (the points power counts as all of them at once).
    uses: int = 0
    # The lake placed by the last step, while its growths are still on offer.
    lake: int | None = None
    lake_grown: list[int] = field(default_factory=list)
    # Points from the points power, added to the score at the reveal.
    points: int = 0



@dataclass(slots=True)
class PlayerState:
    __pydantic_config__: ClassVar[ConfigDict] = _RECORD_CONFIG

    # The public planet board, as of the last reveal.
    board: str
    # Power levels, in the order of EvergreenState.powers.
    levels: list[int]
    # The card drafted this round (None before this round's pick).
    card: int | None = None
    # Every card drafted this season, this round's included.
    drafted: list[int] = field(default_factory=list)
    start_points: int = 0
    # One entry per scored season.
    light: list[int] = field(default_factory=list)
    forest: list[int] = field(default_factory=list)
    power_points: int = 0
    # End of game: fertility points per biome (content order), and biomes with bamboo.
    fertility: list[int] | None = None
    bamboo_biomes: int = 0
    # The action phase: the seat's private plan, and whether the seat is done.
    plan: Plan | None = None
    committed: bool = False

    @property
    def total(self) -> int:
        return (
            self.start_points
            + sum(self.light)
            + sum(self.forest)
            + self.power_points
            + sum(self.fertility or ())
            + 2 * self.bamboo_biomes
        )



# A copy sharing every value (`player.copied()`): give it new containers before
# changing them.
Plan.copied = record_copier(Plan)  # type: ignore[attr-defined]
PlayerState.copied = record_copier(PlayerState)  # type: ignore[attr-defined]


class EvergreenState(GameState):
    modules: ModuleChoice = "none"
    # The six powers in play, in the order of the power tracks (fixed at setup).
    powers: Annotated[list[str], NEVER_EDITED]
    # Module power -> the base power it replaced (fixed at setup).
    replaced: Annotated[dict[str, str], NEVER_EDITED] = Field(default_factory=dict)
    # Glyph -> how many of that piece are left in the shared pool (public: it changes
    # only at a reveal and at a season's bamboo growth).  Replaced, never edited.
    pool: Annotated[dict[str, int], NEVER_EDITED]
    # Steps and bamboo growths refused because the pool had run out of their piece.
    pool_refusals: int = 0
    season: int = 0
    round: int = 1
    phase: Phase = "draft"
    first_player: int = 0
    deck: list[int]
    discard: list[int] = Field(default_factory=list)
    # Biome key -> its fertility stack, oldest card first; a stack is replaced, never edited.
    zone: dict[str, Annotated[list[ZoneCard], NEVER_EDITED]]
    # The draft row, left to right, without the cards already taken.
    row: list[int] = Field(default_factory=list)
    # The card carrying the first-player marker, once the first player has picked.
    marker: int | None = None
    # Who took the marked card this round.
    marker_taken_by: int | None = None
    # Cards taken so far this round.
    picked: int = 0
    # A wild leftover with a fertility icon, waiting for the last picker's biome.
    leftover: int | None = None
    # A seat's record is replaced, never edited: states share the records they did not change.
    players: list[Annotated[PlayerState, NEVER_EDITED]]

    def say(self, text: str, visible_to: tuple[int, ...] | None = None) -> None:
        # A line is a frozen entry, so one entry serves every log that says the same
        # words: a game says "Ash finished planning." every round, and games between
        # the same seats say many of the same lines ("Ash drafted ...") again.
        if visible_to is not None:
            # A view shows the whole log, unfiltered (see `_every_line_public`).
            raise ValueError("Evergreen's rules write no line for some seats only.")
        entry = _PUBLIC_LINES.get(text)
        if entry is None:
            if len(_PUBLIC_LINES) >= _PUBLIC_LINES_MAX:
                _PUBLIC_LINES.clear()
            entry = _PUBLIC_LINES[text] = construct_frozen(LogEntry, {"text": str(text), "visible_to": None}, _LINE_FIELDS)
        self.__dict__["log"].append(entry)

    @field_validator("log")
    @classmethod
    def _every_line_public(cls, log: list[LogEntry]) -> list[LogEntry]:
        """The rules write no line for some seats only (a plan is told at its reveal), so
        a seat's view shows the whole log without filtering it line by line: a save or a
        message holding a private line is not an Evergreen game's."""
        if any(entry.visible_to is not None for entry in log):
            raise ValueError("An Evergreen log has no lines for some seats only.")
        return log


# The words of a line -> its entry; emptied when full (in random four-seat games
# 1,024 lines took fewer instructions than 256 or 16,384, which the collector pays for).
_PUBLIC_LINES: dict[str, LogEntry] = {}
_PUBLIC_LINES_MAX = 1024
# A log entry's fields, all given: one set shared by every entry (see `construct_frozen`).
_LINE_FIELDS = {"text", "visible_to"}
