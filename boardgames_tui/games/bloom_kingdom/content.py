"""Loads and checks the Bloom Kingdom cards from assets/bloom-kingdom/cards.json."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import load_model

SLUG = "bloom-kingdom"


class CharacterInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    name: str
    copies: int
    initiatives: list[int] | None
    instant: str | None
    scoring: str
    instant_short: str | None
    scoring_short: str
    colour: str
    column_label: str = Field(max_length=8)
    source: Literal["rulebook", "public", "designed"]

    @model_validator(mode="after")
    def _initiatives_fit(self) -> "CharacterInfo":
        if self.initiatives is not None:
            if len(self.initiatives) != self.copies or len(set(self.initiatives)) != self.copies:
                raise ValueError(f"{self.name}: one distinct initiative per copy is required")
            if self.instant is None:
                raise ValueError(f"{self.name}: a card with initiative must have an instant effect")
        return self


class CardSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    about: list[str] | None = None
    characters: list[CharacterInfo]

    @model_validator(mode="after")
    def _exactly_the_ten(self) -> "CardSet":
        keys = [character.key for character in self.characters]
        expected = {"queen", "king", "knight", "noble", "dragon", "unicorn", "farmer", "wizard", "fortune_teller", "jester"}
        if set(keys) != expected or len(keys) != len(expected):
            raise ValueError(f"cards.json must list each of {sorted(expected)} once")
        if keys[-1] != "jester":
            raise ValueError("the Jester, which has no column, must be listed last")
        return self


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    character: str
    name: str
    initiative: int | None

    @property
    def label(self) -> str:
        return f"{self.name} {self.initiative}" if self.initiative is not None else self.name


@cache
def card_set() -> CardSet:
    return load_model(SLUG, "cards.json", CardSet)


@cache
def characters() -> dict[str, CharacterInfo]:
    return {character.key: character for character in card_set().characters}


@cache
def cards() -> tuple[Card, ...]:
    deck: list[Card] = []
    for info in card_set().characters:
        for copy in range(info.copies):
            initiative = info.initiatives[copy] if info.initiatives else None
            deck.append(Card(id=len(deck), character=info.key, name=info.name, initiative=initiative))
    return tuple(deck)


@cache
def column_order() -> tuple[str, ...]:
    """The nine display columns, left to right."""
    return tuple(character.key for character in card_set().characters if character.key != "jester")
