"""Bloom Kingdom's components, in full, for the rules viewer's Components tab."""

from __future__ import annotations

from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection
from boardgames_tui.games.bloom_kingdom.content import CharacterInfo, card_set


def character_entry(character: CharacterInfo, title: str | None = None) -> CatalogueEntry:
    """Everything one character's cards say; `title` names a particular card ("Knight 17")."""
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
    return CatalogueEntry(title or character.name, tuple(lines))


def catalogue() -> list[CatalogueSection]:
    entries = [character_entry(character) for character in card_set().characters]
    return [
        CatalogueSection(
            "Character cards",
            tuple(entries),
            "Ten characters; the display has a column for each but the Jester, which hides under another column.",
        )
    ]
