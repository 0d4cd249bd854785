"""Loads and checks Pollen's components from assets/pollen/content.json.

The file's `_about` header says where every number comes from and which rules
choices the app makes where the rulebook is silent (they are repeated at the top of
rules.py).  The loader refuses a file whose totals no longer match the rulebook.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import load_model
from boardgames_tui.engine.text import plural

SLUG = "pollen"
DECK_SIZE = 15
TOKEN_COUNT = 44

Source = Literal["rulebook", "public", "designed"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class InsectInfo(_Record):
    key: str
    name: str
    plural: str
    source: Source


class HandSize(_Record):
    value: int = Field(ge=1)
    source: Source


class CardKind(_Record):
    key: str
    # None: a star card, wild for every insect.
    insect: str | None
    icons: int = Field(ge=1)
    copies: int = Field(ge=1)
    source: Source


class Removal(_Record):
    players: int
    card: str
    count: int = Field(ge=1)
    source: Source


class TokenKind(_Record):
    insects: list[str] = Field(min_length=1)
    copies: int = Field(ge=1)
    source: Source


class MeepleCount(_Record):
    players: int
    per_insect: int = Field(ge=1)
    source: Source


class PollenContent(_Record):
    about: list[str] | None = None
    insects: list[InsectInfo]
    hand_size: HandSize
    garden_cards: list[CardKind]
    removed_with_players: list[Removal]
    tokens: list[TokenKind]
    meeples: list[MeepleCount]

    @model_validator(mode="after")
    def _fits_the_rulebook(self) -> "PollenContent":
        insects = [insect.key for insect in self.insects]
        if len(insects) != 3 or len(set(insects)) != 3:
            raise ValueError("Pollen has exactly three insects")
        keys = [kind.key for kind in self.garden_cards]
        if len(set(keys)) != len(keys):
            raise ValueError("garden card keys must be unique")
        if sum(kind.copies for kind in self.garden_cards) != DECK_SIZE:
            raise ValueError(f"each player's deck must hold {DECK_SIZE} cards")
        for kind in self.garden_cards:
            if kind.insect is not None and kind.insect not in insects:
                raise ValueError(f"card {kind.key}: unknown insect {kind.insect!r}")
        copies = {kind.key: kind.copies for kind in self.garden_cards}
        for removal in self.removed_with_players:
            if removal.card not in copies or removal.count > copies[removal.card]:
                raise ValueError(f"cannot remove {removal.count} × {removal.card!r}")
        by_size = {1: 0, 2: 0, 3: 0}
        for token in self.tokens:
            if len(set(token.insects)) != len(token.insects) or not set(token.insects) <= set(insects):
                raise ValueError(f"token {token.insects}: insects must be distinct and known")
            by_size[len(token.insects)] += token.copies
        if by_size != {1: 15, 2: 27, 3: 2}:
            raise ValueError(f"the bag must hold 15 one-insect, 27 two-insect and 2 three-insect tokens, not {by_size}")
        if sorted(count.players for count in self.meeples) != [2, 3, 4]:
            raise ValueError("meeple piles must be given for 2, 3 and 4 players")
        return self


class CardInfo(BaseModel):
    """One garden card: its owner's seat comes from the id (id // 15)."""

    model_config = ConfigDict(frozen=True)

    id: int
    owner: int
    kind: str
    # Index into `insects()`, or None for a star card.
    insect: int | None
    icons: int

    @property
    def is_star(self) -> bool:
        return self.insect is None

    @property
    def label(self) -> str:
        if self.insect is None:
            # In the words the garden shows: a "Wild star" card with one ★ per icon.
            return plural(self.icons, "wild star")
        return f"{self.icons} {insects()[self.insect].plural}"


class TokenInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    # Indexes into `insects()`, in the order of `insects()`.
    insects: tuple[int, ...]

    @property
    def label(self) -> str:
        return "/".join(insects()[insect].name for insect in self.insects)


@cache
def content() -> PollenContent:
    return load_model(SLUG, "content.json", PollenContent)


@cache
def insects() -> tuple[InsectInfo, ...]:
    return tuple(content().insects)


@cache
def insect_index() -> dict[str, int]:
    return {insect.key: index for index, insect in enumerate(insects())}


@cache
def card_kinds() -> tuple[CardKind, ...]:
    """The 15 positions of one deck, in id order (a kind repeated per copy)."""
    kinds: list[CardKind] = []
    for kind in content().garden_cards:
        kinds.extend([kind] * kind.copies)
    return tuple(kinds)


@cache
def cards(players: int = 4) -> tuple[CardInfo, ...]:
    """Every garden card of a game with `players` seats, indexed by id."""
    index = insect_index()
    result = []
    for owner in range(players):
        for position, kind in enumerate(card_kinds()):
            result.append(
                CardInfo(
                    id=owner * DECK_SIZE + position,
                    owner=owner,
                    kind=kind.key,
                    insect=None if kind.insect is None else index[kind.insect],
                    icons=kind.icons,
                )
            )
    return tuple(result)


@cache
def tokens() -> tuple[TokenInfo, ...]:
    index = insect_index()
    result: list[TokenInfo] = []
    for kind in content().tokens:
        shown = tuple(sorted(index[insect] for insect in kind.insects))
        for _ in range(kind.copies):
            result.append(TokenInfo(id=len(result), insects=shown))
    return tuple(result)


def hand_size() -> int:
    return content().hand_size.value


def meeples_per_insect(players: int) -> int:
    for count in content().meeples:
        if count.players == players:
            return count.per_insect
    raise ValueError(f"no meeple count for {players} players")


def removed_positions(players: int) -> list[int]:
    """Deck positions (0–14) each player returns to the box with `players` seats."""
    positions: list[int] = []
    kinds = card_kinds()
    for removal in content().removed_with_players:
        if removal.players != players:
            continue
        matching = [position for position, kind in enumerate(kinds) if kind.key == removal.card]
        positions.extend(matching[: removal.count])
    return sorted(positions)
