"""How Bloom Kingdom's kept cards score, shared by the rules, the news and the hints."""

from __future__ import annotations

from itertools import combinations

from boardgames_tui.games.bloom_kingdom.content import cards, column_order

_COLUMNS = column_order()
_CHARACTER = tuple(card.character for card in cards())
KEPT_CARDS = 2


def column_counts(display: dict[str, list[int]]) -> dict[str, int]:
    return {column: len(display[column]) for column in _COLUMNS}


def card_points(character: str, counts: dict[str, int], others_kept: set[str]) -> int:
    """What one kept card scores, given the display and the other players' kept cards."""
    if character == "jester":
        return 4 * counts["king"] if "king" in others_kept else 0
    if character == "king":
        return 0 if "jester" in others_kept else 4 * counts["king"]
    if character == "queen":
        return 3 * min(counts["queen"], counts["king"])
    if character == "unicorn":
        longest = max(counts.values())
        return 3 * counts["unicorn"] if counts["unicorn"] >= longest else 0
    if character == "knight":
        return 5 * min(counts["knight"], counts["queen"], counts["unicorn"])
    if character == "farmer":
        return 3 * counts["farmer"] if counts["farmer"] >= counts["knight"] else 0
    if character == "noble":
        return 4 * counts["noble"] if counts["farmer"] >= counts["noble"] else 0
    if character == "wizard":
        return 3 * min(counts["wizard"], counts["noble"])
    if character == "dragon":
        return 4 * counts["dragon"]
    if character == "fortune_teller":
        return 2 * counts["fortune_teller"] + 2 * counts["dragon"]
    raise ValueError(f"unknown character {character!r}")


def best_keep(hand: list[int], counts: dict[str, int]) -> tuple[tuple[int, ...], int]:
    """The two cards of `hand` that would score most if the round ended with this
    display, and their points; a King counts as if nobody else kept a Jester."""
    if len(hand) <= KEPT_CARDS:
        pair = tuple(hand)
        return pair, sum(card_points(_CHARACTER[card], counts, set()) for card in pair)
    worth = {card: card_points(_CHARACTER[card], counts, set()) for card in hand}
    pair = max(combinations(hand, KEPT_CARDS), key=lambda cards_: sum(worth[card] for card in cards_))
    return pair, sum(worth[card] for card in pair)
