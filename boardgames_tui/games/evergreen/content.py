"""Loads and checks Evergreen's components from assets/evergreen/content.json.

The file's `_about` header says where every number comes from.  The loader refuses a
file that breaks a printed rule: six biomes, 42 base cards (6 per biome + 6 wild, each
base power on 7), 7 cards per module power with the module's icon, one connected
region per biome on a square board.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import load_model

SLUG = "evergreen"
WILD = "wild"
BASE_CARDS = 42
MODULE_CARDS = 7
Source = Literal["rulebook", "public", "designed"]
Module = Literal["cherry", "bamboo"]
Edge = Literal["top", "right", "bottom", "left"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BiomeInfo(_Record):
    key: str
    name: str
    letter: str = Field(min_length=1, max_length=1)
    colour: str
    source: Source


class BoardInfo(_Record):
    rows: list[str]
    ravine: str = Field(min_length=1, max_length=1)
    source: Source


class PieceInfo(_Record):
    key: str
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    height: int = Field(ge=0, le=2)
    shadow: int = Field(ge=0, le=2)
    light_points: int = Field(ge=0)
    forest: bool
    box: int = Field(ge=1)
    module: Module | None
    source: Source
    note: str = ""


class PowerInfo(_Record):
    key: str
    name: str
    short: str = Field(max_length=14)
    module: Module | None
    text: str
    source: Source


class BasePowers(_Record):
    order: list[str]
    source: Source


class SeasonInfo(_Record):
    name: str
    rounds: int = Field(ge=1)
    sun: Edge
    source: Source


class Numbers(_Record):
    values: list[int]
    source: Source


class Number(_Record):
    value: int = Field(ge=1)
    source: Source


class CardInfo(_Record):
    id: int
    biome: str
    power: str
    fertility: int = Field(ge=0, le=3)
    aridity: bool
    multiplier: bool
    negative: bool
    source: Source

    @model_validator(mode="after")
    def _one_icon_kind(self) -> "CardInfo":
        kinds = (self.fertility > 0) + self.aridity + self.multiplier + self.negative
        if kinds > 1:
            raise ValueError(f"card {self.id}: a card carries at most one kind of icon")
        if self.biome == WILD and self.aridity:
            raise ValueError(f"card {self.id}: a wild card has no biome to dry out")
        return self

    @property
    def fertile(self) -> bool:
        """Joins the fertility zone when left over (fertility, multiplier or negative icon)."""
        return self.fertility > 0 or self.multiplier or self.negative


class Content(_Record):
    about: list[str] | None = None
    biomes: list[BiomeInfo]
    board: BoardInfo
    pieces: list[PieceInfo]
    powers: list[PowerInfo]
    base_powers: BasePowers
    seasons: list[SeasonInfo]
    starting_points: Numbers
    setup_fertility_icons: Number
    power_track_max: Number
    cards: list[CardInfo]

    @model_validator(mode="after")
    def _fits_the_rules(self) -> "Content":
        biome_keys = [biome.key for biome in self.biomes]
        if len(biome_keys) != 6 or len(set(biome_keys)) != 6:
            raise ValueError("Evergreen has six distinct biomes")
        if len({biome.letter for biome in self.biomes}) != 6:
            raise ValueError("each biome needs its own letter")
        names = {biome.name.lower() for biome in self.biomes}
        if not {"swamp", "wheat", "snow"} <= names:
            raise ValueError("the rulebook's Swamp, Wheat and Snow biomes must be there")
        self._check_board()
        glyphs = [piece.glyph for piece in self.pieces]
        if len(set(glyphs)) != len(glyphs) or {".", self.board.ravine} & set(glyphs):
            raise ValueError("each piece needs its own glyph, not '.' or the ravine's")
        if {piece.key for piece in self.pieces} != {
            "sprout", "small", "big", "bush", "lake", "cherry", "small-bamboo", "big-bamboo"
        }:
            raise ValueError("pieces must be sprout, small, big, bush, lake, cherry, small-bamboo, big-bamboo")
        power_keys = {power.key for power in self.powers}
        base = self.base_powers.order
        if len(base) != 6 or set(base) != {power.key for power in self.powers if power.module is None}:
            raise ValueError("base_powers must list the six base powers")
        if {power.key: power.module for power in self.powers if power.module} != {"cherry": "cherry", "bamboo": "bamboo"}:
            raise ValueError("the modules add the cherry and bamboo powers")
        if [season.rounds for season in self.seasons] != [5, 4, 3, 2]:
            raise ValueError("the seasons last 5, 4, 3 and 2 rounds")
        if [season.sun for season in self.seasons] != ["top", "right", "bottom", "left"]:
            raise ValueError("the sun starts at the top and moves clockwise")
        if len(self.starting_points.values) != 4:
            raise ValueError("starting points are given for four seats")
        self._check_cards(set(biome_keys), power_keys, base)
        return self

    def _check_board(self) -> None:
        rows = self.board.rows
        size = len(rows)
        if size < 4 or any(len(row) != size for row in rows):
            raise ValueError("the planet board is a square grid")
        letters = {biome.letter: biome.key for biome in self.biomes}
        cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
        for (r, c), ch in cells.items():
            if ch != self.board.ravine and ch not in letters:
                raise ValueError(f"board space {(r, c)}: unknown letter {ch!r}")
        for letter in letters:
            region = {cell for cell, ch in cells.items() if ch == letter}
            if not region:
                raise ValueError(f"biome {letters[letter]} has no space on the board")
            seen = {next(iter(region))}
            todo = list(seen)
            while todo:
                r, c = todo.pop()
                for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if near in region and near not in seen:
                        seen.add(near)
                        todo.append(near)
            if seen != region:
                raise ValueError(f"biome {letters[letter]} must be one connected region")

    def _check_cards(self, biomes: set[str], powers: set[str], base: list[str]) -> None:
        if [card.id for card in self.cards] != list(range(len(self.cards))):
            raise ValueError("card ids run 0, 1, 2 … in the order listed")
        for card in self.cards:
            if card.biome not in biomes and card.biome != WILD:
                raise ValueError(f"card {card.id}: unknown biome {card.biome!r}")
            if card.power not in powers:
                raise ValueError(f"card {card.id}: unknown power {card.power!r}")
        base_cards = [card for card in self.cards if card.power in base]
        if len(base_cards) != BASE_CARDS:
            raise ValueError("the base deck has 42 cards")
        per_biome = Counter(card.biome for card in base_cards)
        if per_biome != Counter({**{biome: 6 for biome in biomes}, WILD: 6}):
            raise ValueError("the base deck has 6 cards per biome and 6 wild cards")
        if set(Counter(card.power for card in base_cards).values()) != {7}:
            raise ValueError("each base power is on 7 cards")
        if any(card.multiplier or card.negative for card in base_cards):
            raise ValueError("fertility multipliers and negative icons belong to the module cards")
        for power, icon in (("cherry", "multiplier"), ("bamboo", "negative")):
            module_cards = [card for card in self.cards if card.power == power]
            if len(module_cards) != MODULE_CARDS:
                raise ValueError(f"the {power} module has 7 cards")
            if not all(getattr(card, icon) for card in module_cards):
                raise ValueError(f"every {power} card carries a {icon} icon")


@cache
def content() -> Content:
    return load_model(SLUG, "content.json", Content)


@cache
def cards() -> tuple[CardInfo, ...]:
    return tuple(content().cards)


@cache
def biomes() -> tuple[BiomeInfo, ...]:
    return tuple(content().biomes)


@cache
def pieces() -> dict[str, PieceInfo]:
    """Piece key -> piece."""
    return {piece.key: piece for piece in content().pieces}


@cache
def powers() -> dict[str, PowerInfo]:
    """Power key -> power."""
    return {power.key: power for power in content().powers}
