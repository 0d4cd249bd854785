"""Builds Bloom Kingdom states by hand, so a test can start exactly where a rule bites."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.bloom_kingdom.content import cards
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState, PlayCard, PlayerState
from boardgames_tui.games.bloom_kingdom.rules import BloomKingdomRules, character_of

GAME = get_game("bloom-kingdom")
RULES: BloomKingdomRules = GAME.rules  # type: ignore[assignment]
ALL_CARDS = tuple(range(len(cards())))
COLUMNS = ("queen", "king", "knight", "noble", "dragon", "unicorn", "farmer", "wizard", "fortune_teller")
NAMES = ("Robin", "John", "Marie", "Lena")


class CardPicker:
    """Hands out unused card ids by character, lowest initiative first."""

    def __init__(self) -> None:
        self._used: set[int] = set()

    def take(self, character: str, count: int = 1) -> list[int]:
        free = [card for card in ALL_CARDS if character_of(card) == character and card not in self._used]
        if len(free) < count:
            raise ValueError(f"only {len(free)} {character} cards left")
        taken = free[:count]
        self._used.update(taken)
        return taken

    def one(self, character: str) -> int:
        return self.take(character)[0]

    def reserve(self, ids: list[int]) -> None:
        clash = self._used.intersection(ids)
        if clash:
            raise ValueError(f"cards {sorted(clash)} are used twice")
        self._used.update(ids)

    @property
    def used(self) -> set[int]:
        return set(self._used)


def seats(count: int) -> list[Seat]:
    return [Seat(name=name) for name in NAMES[:count]]


def build_state(
    picker: CardPicker,
    hands: list[list[int]],
    display: dict[str, list[int]] | None = None,
    *,
    deck: list[int] | None = None,
    round: int = 1,
    turn: int = 1,
    hand_size: int | None = None,
    seed: int = 1,
    **fields: Any,
) -> BloomKingdomState:
    """A play-phase state with these hands and display.

    Every card not placed goes to the deck (in id order), or to the box when `deck`
    is given, so the hundred cards are always all somewhere.
    """
    display = {column: list(display.get(column, [])) if display else [] for column in COLUMNS}
    placed = [card for hand in hands for card in hand] + [card for column in display.values() for card in column]
    if deck is not None:
        placed += deck
    counts = Counter(placed)
    duplicates = [card for card, count in counts.items() if count > 1]
    if duplicates:
        raise ValueError(f"cards {duplicates} are placed twice")
    rest = [card for card in ALL_CARDS if card not in counts]
    players = len(hands)
    return BloomKingdomState(
        game=RULES.slug,
        seats=seats(players),
        seed=seed,
        hand_size=hand_size or (8 if players == 2 else 6),
        round=round,
        turn=turn,
        deck=rest if deck is None else list(deck),
        box=[] if deck is None else rest,
        display=display,
        players=[PlayerState(hand=list(hand)) for hand in hands],
        **fields,
    )


def play_turn(state: BloomKingdomState, played: list[int]) -> BloomKingdomState:
    """Every seat plays its card of `played`, in seat order, each one validated."""
    for seat, card in enumerate(played):
        state = act(state, seat, PlayCard(card=card))
    return state


def act(state: BloomKingdomState, seat: int, action: Any) -> BloomKingdomState:
    RULES.validate(state, seat, action)
    return RULES.apply(state, seat, action)


def every_card(state: BloomKingdomState) -> list[int]:
    """All the card ids the state holds, wherever they are (revealed ones once).

    The queue's first card is the one resolving: a Knight, Wizard or Fortune Teller
    is already in its column while its player chooses, so it is counted there.
    """
    found = list(state.deck) + list(state.box)
    for player in state.players:
        found += player.hand
        if player.chosen is not None:
            found.append(player.chosen)
    displayed = [card for column in state.display.values() for card in column]
    found += displayed
    found += [card for card in state.queue if card not in displayed]
    return found
