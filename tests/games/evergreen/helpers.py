"""Builders for hand-made Evergreen positions (headless: no Textual)."""

from __future__ import annotations

import dataclasses
from typing import Any

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.evergreen.model import EvergreenOptions, EvergreenState, Plan, ZoneCard
from boardgames_tui.games.evergreen.rules import (
    BIOME_KEYS,
    CARDS,
    COLUMNS,
    EMPTY_BOARD,
    SIZE,
)

GAME = get_game("evergreen")
RULES = GAME.rules
NAMES = ["Daisy", "Ash", "Birch", "Cedar"]


def seats(count: int) -> list[Seat]:
    return [Seat(name=NAMES[index]) for index in range(count)]


def new_game(count: int = 2, seed: int = 1, **options: Any) -> EvergreenState:
    return RULES.setup(EvergreenOptions(**options), seats(count), seed)


def cell(name: str) -> int:
    """'A1' -> 0 (top left), 'G7' -> 48."""
    return (int(name[1:]) - 1) * SIZE + COLUMNS.index(name[0])


def board(**pieces: str) -> str:
    """An empty planet with pieces by space name: board(A1="T", C3="t")."""
    cells = list(EMPTY_BOARD)
    for name, glyph in pieces.items():
        index = cell(name)
        assert cells[index] == ".", f"{name} is a ravine"
        cells[index] = glyph
    return "".join(cells)


def names(cells: list[int] | set[int] | dict[int, Any]) -> list[str]:
    return sorted(f"{COLUMNS[c % SIZE]}{c // SIZE + 1}" for c in cells)


def cards_where(*, biome: str, power: str | None = None, **icons: Any) -> list[int]:
    """Ids of the cards matching a biome (or 'wild'), a power and icon fields."""
    return [
        info.id
        for info in CARDS
        if info.biome == biome
        and (power is None or info.power == power)
        and all(getattr(info, key) == value for key, value in icons.items())
    ]


def card_where(*, biome: str, power: str | None = None, **icons: Any) -> int:
    """The id of the first card matching a biome (or 'wild'), a power and icon fields."""
    found = cards_where(biome=biome, power=power, **icons)
    if not found:
        raise LookupError(f"no card {biome} {power} {icons}")
    return found[0]


def zone_of(biome: str, *entries: tuple[int, bool]) -> dict[str, list[ZoneCard]]:
    zone: dict[str, list[ZoneCard]] = {key: [] for key in BIOME_KEYS}
    zone[biome] = [ZoneCard(card=card, face_up=up) for card, up in entries]
    return zone


def to_actions(state: EvergreenState, pick: int = 0) -> EvergreenState:
    """Drafts (the `pick`-th legal card each time) until the action phase starts."""
    while state.phase in ("draft", "wild"):
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        state = RULES.apply(state, seat, actions[min(pick, len(actions) - 1)])
    return state


def with_player(state: EvergreenState, seat: int, **changes: Any) -> EvergreenState:
    """A copy of `state` with one player's record changed; a new `board` resets the plan."""
    players = list(state.players)
    player = players[seat]
    if "board" in changes and player.plan is not None and "plan" not in changes:
        changes["plan"] = Plan(board=changes["board"])
    players[seat] = dataclasses.replace(player, **changes)
    return state.model_copy(update={"players": players})


def give_card(state: EvergreenState, seat: int, card: int, level: int = 1) -> EvergreenState:
    """In the action phase: make `card` the seat's drafted card, its power at `level`.

    The seat's old card takes `card`'s place wherever it lay (deck, row or discard) and
    `card` its place among the seat's drafted cards, so every card is still in one
    place: a sample of the hidden deck drawn from a view (as a hint's words are worked
    out) counts on it."""
    player = state.players[seat]
    levels = list(player.levels)
    levels[state.powers.index(CARDS[card].power)] = level
    if player.card is not None and player.card != card:
        swapped = {
            pile: [player.card if entry == card else entry for entry in getattr(state, pile)]
            for pile in ("deck", "row", "discard")
        }
        state = state.model_copy(update=swapped)
        drafted = [card if entry == player.card else entry for entry in player.drafted]
        return with_player(state, seat, card=card, levels=levels, drafted=drafted)
    return with_player(state, seat, card=card, levels=levels)

