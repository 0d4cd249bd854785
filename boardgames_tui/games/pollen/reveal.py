"""Everything a Pollen table cannot see, for a replay's "everything revealed" view.

What `PollenRules.view` hides from the table: every hand, the order of each seat's
draw pile (its owner sees only which cards are left), and the order of the token bag.
"""

from __future__ import annotations

from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules import card_label, token_label


def _names(cards: list[int]) -> str:
    return ", ".join(card_label(card) for card in cards)


def hidden_information(state: PollenState) -> list[RevealedSection]:
    sections = []
    for seat, player in enumerate(state.players):
        lines = []
        if player.hand:
            lines.append(f"Hand: {_names(player.hand)}")
        if player.deck:
            # Drawn from the front (rules.py: player.deck.pop(0)).
            lines.append(f"Draw pile ({len(player.deck)}), next drawn first: {_names(player.deck)}")
        if lines:
            sections.append(RevealedSection(state.name(seat), tuple(lines)))
    if state.bag:
        # Drawn from the end (rules.py: state.bag.pop()).
        order = ", ".join(token_label(token) for token in reversed(state.bag))
        sections.append(RevealedSection("Token bag", (f"{len(state.bag)} tokens, next drawn first: {order}",)))
    return sections
