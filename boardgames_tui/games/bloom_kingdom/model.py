"""Bloom Kingdom's state and actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from boardgames_tui.engine.contract import NEVER_EDITED, GameState, copy_with

# A game is three rounds (fewer when edited content runs the deck dry).
ROUNDS = 3

Phase = Literal["play", "unicorn", "knight", "wizard", "jester", "fortune", "over"]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayCard(_Action):
    """Put a hand card face down for this turn."""

    kind: Literal["play"] = "play"
    card: int


class ReturnCard(_Action):
    """Unicorn: after drawing, put one hand card back in the box."""

    kind: Literal["return"] = "return"
    card: int


class KnightChoice(_Action):
    kind: Literal["knight"] = "knight"
    remove: bool


class WizardChoice(_Action):
    """Remove a card from `column`, or nothing when `column` is None."""

    kind: Literal["wizard"] = "wizard"
    column: str | None


class JesterChoice(_Action):
    kind: Literal["jester"] = "jester"
    column: str


class FortuneChoice(_Action):
    kind: Literal["fortune"] = "fortune"
    target: int


Action = Annotated[
    Union[PlayCard, ReturnCard, KnightChoice, WizardChoice, JesterChoice, FortuneChoice],
    Field(discriminator="kind"),
]


# The records a state holds are slotted dataclasses, not models: the rules read and
# make them at every move, and a model's field read and construction cost several
# times a plain object's.  Pydantic validates and serialises them as the state's
# fields all the same (saves, views and the wire are unchanged), extra keys refused.


@dataclass(slots=True, frozen=True)
class Peek:
    """What a Fortune Teller saw; only `viewer` keeps it in their view."""

    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")

    viewer: int
    target: int
    card: int
    round: int
    turn: int


@dataclass(slots=True, frozen=True)
class KeptCards:
    """One seat's two scoring cards in one round and what each scored."""

    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")

    cards: list[int]
    points: list[int]
    # The display's column counts when the round was scored, so that every point can
    # be explained afterwards (the display changes in the next round).  Empty in
    # saves from before it was kept.
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.points)


@dataclass(slots=True)
class PlayerState:
    """One seat's cards; shared between states, so replaced, never edited."""

    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")

    hand: list[int]
    # The face-down card chosen this turn, until the reveal.
    chosen: int | None = None


class BloomKingdomState(GameState):
    round: int = 1
    turn: int = 1
    phase: Phase = "play"
    hand_size: int
    # Replaced, never edited: states share the lists they did not change (so do the
    # display's columns, `revealed`, `peeks` and `rounds`).
    deck: Annotated[list[int], NEVER_EDITED]
    box: list[int] = Field(default_factory=list)
    # Column key -> card ids, bottom first; Jesters are slipped in at the bottom.
    display: dict[str, Annotated[list[int], NEVER_EDITED]]
    # A seat's record is replaced, never edited: states share the records they did not change.
    players: list[Annotated[PlayerState, NEVER_EDITED]]
    # The cards revealed in the latest reveal, by seat (public once revealed); they
    # stay after the turn, and after the round's scoring, until the next reveal.
    revealed: Annotated[list[int | None], NEVER_EDITED] = Field(default_factory=list)
    # (round, turn) of that reveal; None before the first.
    revealed_at: tuple[int, int] | None = None
    # played[seat]: the cards that seat has played this round, in order (public once
    # revealed): what a player tracks of the others' hands.  Replaced, never edited.
    played: Annotated[list[list[int]], NEVER_EDITED] = Field(default_factory=list)
    # Revealed cards with initiative still to resolve, lowest first.  The head may
    # already stand in the display while its owner decides (Knight, Wizard, Fortune
    # Teller); a Jester joins a column only when its owner has chosen one.
    queue: list[int] = Field(default_factory=list)
    # Seats whose Unicorn drew a card and who still owe one back to the box.
    unicorn_pending: list[int] = Field(default_factory=list)
    peeks: Annotated[list[Peek], NEVER_EDITED] = Field(default_factory=list)
    # rounds[r][seat]: the cards that seat kept in round r + 1.
    rounds: Annotated[list[list[KeptCards]], NEVER_EDITED] = Field(default_factory=list)
    ended_early: bool = False


def copy_for_move(state: BloomKingdomState) -> BloomKingdomState:
    """`copy_containers(state)` written out for `apply`, which makes one at most moves:
    the containers a move changes in place are copied, the fields marked NEVER_EDITED
    shared (a test holds it to what `copy_containers` copies)."""
    values = state.__dict__.copy()
    values["log"] = values["log"][:]
    values["box"] = values["box"][:]
    values["display"] = values["display"].copy()
    values["players"] = values["players"][:]
    values["queue"] = values["queue"][:]
    values["unicorn_pending"] = values["unicorn_pending"][:]
    return copy_with(state, values)

