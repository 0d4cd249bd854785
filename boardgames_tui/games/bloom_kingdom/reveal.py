"""Everything a Bloom Kingdom table cannot see, for a replay's "everything revealed" view.

What `BloomKingdomRules.view` hides from the table: every hand, the card each seat
has chosen face down this turn, what each Fortune Teller saw, and the order of the
deck and the box.
"""

from __future__ import annotations

from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.engine.text import possessive
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState
from boardgames_tui.games.bloom_kingdom.rules import card_label


def _names(cards: list[int]) -> str:
    return ", ".join(card_label(card) for card in cards)


def hidden_information(state: BloomKingdomState) -> list[RevealedSection]:
    sections = []
    for seat, player in enumerate(state.players):
        lines = []
        if player.hand:
            lines.append(f"Hand: {_names(player.hand)}")
        if player.chosen is not None:
            lines.append(f"Chosen face down: {card_label(player.chosen)}")
        for peek in state.peeks:
            if peek.viewer == seat:
                lines.append(
                    f"Saw {card_label(peek.card)} in {possessive(state.name(peek.target))} hand"
                    f" (round {peek.round}, turn {peek.turn})"
                )
        if lines:
            sections.append(RevealedSection(state.name(seat), tuple(lines)))
    piles = []
    if state.deck:
        piles.append(f"Deck ({len(state.deck)}), next drawn first: {_names(state.deck)}")
    if state.box:
        piles.append(f"Box ({len(state.box)}): {_names(state.box)}")
    if piles:
        sections.append(RevealedSection("Face-down piles", tuple(piles)))
    return sections
