"""Builders for hand-made Pollen positions (headless: no Textual)."""

from __future__ import annotations

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.pollen.content import DECK_SIZE, card_kinds, insect_index, tokens
from boardgames_tui.games.pollen.model import PlacedToken, Planted, PollenState
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.pollen.rules import PollenOptions, plantable_cells

GAME = get_game("pollen")
RULES = GAME.rules
COLOURS = ["Orange", "Pink", "Purple", "Green"]


def seats(count: int, names: list[str] | None = None) -> list[Seat]:
    names = names or COLOURS
    return [Seat(name=names[index]) for index in range(count)]


def card(seat: int, key: str, copy: int = 0) -> int:
    """The id of seat `seat`'s card `key` ("bee-4", "star-2" …)."""
    positions = [position for position, kind in enumerate(card_kinds()) if kind.key == key]
    return seat * DECK_SIZE + positions[copy]


def token(*insects: str) -> int:
    """The lowest id of a token showing exactly `insects`."""
    return tokens_of(*insects)[0]


def tokens_of(*insects: str) -> list[int]:
    wanted = tuple(sorted(insect_index()[insect] for insect in insects))
    return [info.id for info in tokens() if info.insects == wanted]


def build(
    players: int = 3,
    *,
    garden: dict[tuple[int, int], int] | None = None,
    placed: list[tuple[int, int, int]] | None = None,
    face_down: list[tuple[int, int, int]] | None = None,
    hands: dict[int, list[int]] | None = None,
    active: int = 0,
    next_up: int | None = None,
    bag: list[int] | None = None,
    supply: list[int] | None = None,
    names: list[str] | None = None,
) -> PollenState:
    """A position with exactly these cards, tokens and hands.

    Cards in the garden or in a given hand are taken out of their owner's deck, so
    the cards stay accounted for; tokens not on the table, not next up and not in a
    given bag are simply left out of the game.
    """
    state = RULES.setup(PollenOptions(starting_player=active + 1), seats(players, names), seed=0)
    garden = garden or {}
    hands = hands or {}
    used = set(garden.values())
    for cards_ in hands.values():
        used.update(cards_)
    for seat, player in enumerate(state.players):
        everything = [card_ for card_ in [*player.hand, *player.deck] if card_ not in used]
        if seat in hands:
            player.hand = list(hands[seat])
            player.deck = everything
        else:
            player.hand = everything[:5]
            player.deck = everything[5:]
    state.garden = [Planted(x=x, y=y, card=card_) for (x, y), card_ in garden.items()]
    state.tokens = [PlacedToken(x=x, y=y, token=token_) for x, y, token_ in placed or []]
    state.tokens += [PlacedToken(x=x, y=y, token=token_, face_up=False) for x, y, token_ in face_down or []]
    on_table = {placed_.token for placed_ in state.tokens}
    if next_up is None:
        next_up = next(info.id for info in tokens() if info.id not in on_table and info.id not in (bag or []))
    state.next_up = next_up
    state.bag = list(bag) if bag is not None else [
        info.id for info in tokens() if info.id not in on_table and info.id != next_up
    ]
    if supply is not None:
        state.supply = list(supply)
    state.active = active
    state.open_cells = plantable_cells(state)
    return state
