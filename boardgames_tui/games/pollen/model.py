"""Pollen's state and actions.

Coordinates: the garden is an unbounded square grid.  A card lies in cell (x, y);
tokens lie on corner points.  Cell (x, y) has the corners (x, y), (x + 1, y),
(x, y + 1) and (x + 1, y + 1); point (x, y) is the shared corner of the cells
(x - 1, y - 1), (x, y - 1), (x - 1, y) and (x, y).  y grows downwards on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from boardgames_tui.engine.contract import NEVER_EDITED, GameState

Phase = Literal["plant", "assign", "over"]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Plant(_Action):
    """Plant garden card `card` from hand into cell (x, y)."""

    kind: Literal["plant"] = "plant"
    card: int
    x: int
    y: int


class PlaceToken(_Action):
    """Attract: put the drawn token `token` on the eligible empty point (x, y)."""

    kind: Literal["place_token"] = "place_token"
    token: int
    x: int
    y: int


Action = Annotated[Union[Plant, PlaceToken], Field(discriminator="kind")]


# The records inside the state are stdlib dataclasses with slots, not models: the rules
# read and build them on every move of every simulated game, and a slotted object's
# field is read several times faster than a model's.  Pydantic validates, saves and
# loads them as fields of the state just as it did models (`__pydantic_config__` keeps
# refusing unknown keys in a save).
_RECORD_CONFIG = ConfigDict(extra="forbid")


@dataclass(slots=True, frozen=True)
class Planted:
    """A garden card on the table."""

    __pydantic_config__ = _RECORD_CONFIG

    x: int
    y: int
    card: int


@dataclass(slots=True, frozen=True)
class PlacedToken:
    """A pollinator token on a corner point; face down once it has been scored."""

    __pydantic_config__ = _RECORD_CONFIG

    x: int
    y: int
    token: int
    face_up: bool = True


@dataclass(slots=True, frozen=True)
class InsectResult:
    """One insect of one scored token: every seat's count and who won the meeple."""

    __pydantic_config__ = _RECORD_CONFIG

    insect: int
    counts: list[int]
    # None when the highest count is tied (or nobody has a matching icon).
    winner: int | None
    # True when the pile of that insect was already empty (a fill-in was used).
    from_empty_pile: bool = False


@dataclass(slots=True, frozen=True)
class Pollination:
    """A token that was scored, for the log, the screen and the tests."""

    __pydantic_config__ = _RECORD_CONFIG

    turn: int
    token: int
    x: int
    y: int
    results: list[InsectResult]


@dataclass(slots=True)
class PlayerState:
    __pydantic_config__ = _RECORD_CONFIG

    hand: list[int]
    # Face-down draw pile, top card first.
    deck: list[int]

    def copy(self) -> PlayerState:
        """A copy owning its own lists (what a move may change)."""
        return PlayerState(self.hand.copy(), self.deck.copy())


class PollenState(GameState):
    phase: Phase = "plant"
    # Turns are numbered from 1 across all players.
    turn: int = 1
    active: int
    first_player: int
    # A move changes only its own seat's record, which `apply` copies first: the
    # others are shared with the state before.
    players: list[Annotated[PlayerState, NEVER_EDITED]]
    # Cards returned to the box at setup (4 players), by id.
    removed: Annotated[list[int], NEVER_EDITED] = Field(default_factory=list)
    # Cards in the garden, in the order they were planted.
    garden: list[Planted] = Field(default_factory=list)
    # Tokens on the table, in the order they were placed.
    tokens: list[PlacedToken] = Field(default_factory=list)
    # Face-down bag, next draw last.
    bag: list[int]
    # The visible "next up" token; None once the bag and the next-up token are used up.
    next_up: int | None
    # Attract with several spots: the drawn tokens the active player still has to
    # place, and the eligible empty points still waiting for one.
    pending_tokens: list[int] = Field(default_factory=list)
    pending_points: list[tuple[int, int]] = Field(default_factory=list)
    # meeples[seat][insect]: scoring meeples won, insects in content order
    # (Bee, Butterfly, Junebug).  Public.
    meeples: list[list[int]]
    # Meeples left in each insect's pile, and how many were won from an empty pile.
    supply: list[int]
    fill_ins: list[int]
    meeples_per_insect: int
    pollinations: list[Pollination] = Field(default_factory=list)
    # Empty cells with a token on a corner, in reading order: where a card may be
    # planted now.  The rules keep it equal to rules.plantable_cells(state), so that
    # neither the screen nor the bots recompute it for every move.
    open_cells: list[tuple[int, int]] = Field(default_factory=list)
    # The cell of the most recent card, for highlighting.
    last_planted: tuple[int, int] | None = None
    # Why the game ended (one line per trigger), once it has.
    end_reasons: Annotated[list[str], NEVER_EDITED] = Field(default_factory=list)
