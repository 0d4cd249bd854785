"""Everything an Everbloom table cannot see, for a replay's "everything revealed" view.

What `EverbloomRules.view` hides from the table: until the game is over, each
seat's nectar cards, the cards it is drafting from and its pollination in progress;
always, every stack card not showing its face (the cards under each top, and a top
uncovered by migration) and the order of the bloom, nectar and event decks and of
the cards put back in the box.
"""

from __future__ import annotations

from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import EverbloomState, PollinationWork
from boardgames_tui.games.everbloom.rules import card_name, nectar_card_name


_NECTAR = {card.id: card for card in C.nectar_cards()}
_BLOOMS = {card.id: card for card in C.blooms()}


def _name(card: str) -> str:
    """A card as the screens name it: nectar by biome and worth, a bloom card by its name."""
    if card in _NECTAR:
        return nectar_card_name(card)
    bloom = _BLOOMS.get(card)
    if bloom is not None:
        return bloom.name
    return card_name(card)


def _names(cards: list[str]) -> str:
    return ", ".join(_name(card) for card in cards)


def _pollination(work: PollinationWork) -> str:
    where = f" at the {work.grove} grove" if work.grove else ""
    cards = f"; cards: {_names(work.cards)}" if work.cards else ""
    state = "finished" if work.done else f"{work.taken} taken, {work.left} left"
    return f"Pollinating{where}: {state}{cards}"


def hidden_information(state: EverbloomState) -> list[RevealedSection]:
    sections = []
    if state.phase != "over":
        for seat, player in enumerate(state.players):
            lines = []
            if player.nectar:
                lines.append(f"Nectar cards: {_names(player.nectar)}")
            if player.draft:
                lines.append(f"Drafting from: {_names(player.draft)}")
            if player.pollination is not None:
                lines.append(_pollination(player.pollination))
            if lines:
                sections.append(RevealedSection(state.name(seat), tuple(lines)))
    stacks = []
    for space, cards in state.stacks.items():
        hidden = [card for card in cards if card not in state.face_up]
        if not hidden:
            continue
        # Spaces are named by the ids the board prints (t1, b2…).
        if cards[0] in state.face_up:
            stacks.append(f"{space}, under {_name(cards[0])}: {_names(hidden)}")
        else:
            stacks.append(f"{space}, face down: {_names(hidden)}")
    if stacks:
        sections.append(RevealedSection("Card spaces, hidden cards top first", tuple(stacks)))
    piles = [
        f"{title} ({len(cards)}), next drawn first: {_names(cards)}"
        for title, cards in (
            ("Bloom deck", state.bloom_deck),
            ("Nectar deck", state.nectar_deck),
            ("Event deck", state.event_deck),
        )
        if cards
    ]
    if state.boxed:
        piles.append(f"Back in the box ({len(state.boxed)}): {_names(state.boxed)}")
    if piles:
        sections.append(RevealedSection("Decks", tuple(piles)))
    return sections
