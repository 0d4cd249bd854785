"""Everything an Evergreen table cannot see, for a replay's "everything revealed" view.

What `EvergreenRules.view` hides from the table: each seat's plan for the action
phase until the reveal (shown as the spaces it changes on that seat's planet and
the points its power adds), and the order of the deck.
"""

from __future__ import annotations

from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.games.evergreen.model import EvergreenState, Plan, PlayerState
from boardgames_tui.games.evergreen.rules import CELLS, PIECE_NAMES, card_label, space_name


def _piece(glyph: str) -> str:
    return PIECE_NAMES.get(glyph, "nothing").lower()


def _plan_lines(player: PlayerState, plan: Plan) -> list[str]:
    changes = [
        f"{space_name(cell)}: {_piece(player.board[cell])} → {_piece(plan.board[cell])}"
        for cell in range(CELLS)
        if plan.board[cell] != player.board[cell]
    ]
    if not changes and not plan.points:
        return ["Done planning: nothing placed" if player.committed else "Planning, nothing placed yet"]
    lines = [f"Planned: {', '.join(changes)}"] if changes else []
    if plan.points:
        lines.append(f"Power points planned: {plan.points}")
    return lines


def hidden_information(state: EvergreenState) -> list[RevealedSection]:
    sections = []
    for seat, player in enumerate(state.players):
        if player.plan is not None:
            sections.append(RevealedSection(state.name(seat), tuple(_plan_lines(player, player.plan))))
    if state.deck:
        # Drawn from the front (rules.py: state.deck.pop(0)).
        order = "; ".join(card_label(card) for card in state.deck)
        sections.append(RevealedSection("Deck", (f"{len(state.deck)} cards, next drawn first: {order}",)))
    return sections
