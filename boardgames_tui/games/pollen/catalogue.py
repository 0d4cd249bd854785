"""Pollen's components, in full, for the rules viewer's Components tab."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection
from boardgames_tui.games.pollen.content import content, insects


def _insect_names(keys: list[str]) -> str:
    names = {insect.key: insect.name for insect in insects()}
    return " + ".join(names[key] for key in keys)


def catalogue() -> list[CatalogueSection]:
    data = content()
    plurals = {insect.key: insect.plural for insect in data.insects}
    names = {insect.key: insect.name for insect in data.insects}
    removed = Counter({removal.card: removal.count for removal in data.removed_with_players})
    removed_with = {removal.card: removal.players for removal in data.removed_with_players}
    cards = []
    for kind in data.garden_cards:
        if kind.insect is None:
            title = f"{kind.icons}-star card"
            lines = [f"{kind.icons} star icon{'s' if kind.icons > 1 else ''}: each counts for every insect on a token."]
        else:
            title = f"{kind.icons} {plurals[kind.insect]}"
            lines = [f"{kind.icons} {names[kind.insect].lower()} icons: they count only for that insect."]
        lines.append(f"{kind.copies} in every player's deck.")
        if kind.key in removed:
            lines.append(f"With {removed_with[kind.key]} players, {removed[kind.key]} of them leave every deck before play.")
        cards.append(CatalogueEntry(title, tuple(lines)))
    tokens = [
        CatalogueEntry(
            _insect_names(token.insects),
            (
                f"{token.copies} tokens in the bag.",
                f"Scored insect by insect: one {' then one '.join(token.insects)} meeple to the clear leader of each.",
            ),
        )
        for token in data.tokens
    ]
    piles = [
        CatalogueEntry(
            f"{count.players} players",
            (f"{count.per_insect} meeples of each insect.",),
        )
        for count in sorted(data.meeples, key=lambda count: count.players)
    ]
    return [
        CatalogueSection(
            "Garden cards",
            tuple(cards),
            f"Every player owns one deck of these and holds {data.hand_size.value} cards in hand.",
        ),
        CatalogueSection("Pollinator tokens", tuple(tokens), "The bag holds all of these; a token sits where four cards meet."),
        CatalogueSection("Meeple piles", tuple(piles), "Meeples won are kept in front of you; leading an insect is what scores."),
    ]
