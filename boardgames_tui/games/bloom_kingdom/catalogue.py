"""Bloom Kingdom's components, in full, for the rules viewer's Components tab."""

from __future__ import annotations

from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection
from boardgames_tui.games.bloom_kingdom.content import card_set


def catalogue() -> list[CatalogueSection]:
    entries = []
    for character in card_set().characters:
        lines = [f"{character.copies} copies in the deck."]
        if character.initiatives:
            low, high = min(character.initiatives), max(character.initiatives)
            lines.append(f"Initiative {low}–{high}, one number per copy: lower numbers resolve first.")
        if character.instant:
            lines.append(f"Instant (as the card joins the display): {character.instant}")
        else:
            lines.append("No instant effect: it goes straight into its column of the display.")
        lines.append(f"Scores when kept: {character.scoring}")
        if character.key != "jester":
            lines.append(f"Display column: {character.column_label}.")
        entries.append(CatalogueEntry(character.name, tuple(lines)))
    return [
        CatalogueSection(
            "Character cards",
            tuple(entries),
            "Ten characters; the display has a column for each but the Jester, which hides under another column.",
        )
    ]
