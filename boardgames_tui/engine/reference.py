"""What a game lists for a player to read: its components, its legend, and (in a replay)
everything its table could not see.

Plain data, built by each game from its content models (games/<game>/catalogue.py
and legend.py) and drawn by the rules viewer; nothing here imports Textual or Rich,
and nothing here is markup: a viewer renders every string as plain text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CatalogueEntry:
    """One component: a card, a landmark, a track space… and everything printed on it."""

    title: str
    # The full text, one line per fact; never cut, the viewer wraps it.
    lines: tuple[str, ...]


@dataclass(frozen=True)
class CatalogueSection:
    """A kind of component ("Hybrid cards, Aquatic deck") and every one of them."""

    title: str
    entries: tuple[CatalogueEntry, ...]
    about: str = ""


@dataclass(frozen=True)
class LegendEntry:
    """One symbol a board draws, where it is drawn, and what it means."""

    where: str
    symbol: str
    meaning: str


@dataclass(frozen=True)
class RevealedSection:
    """What one seat held hidden from the table (its hand, its secret picks…), or the
    face-down piles, titled by whose it is; a replay lays these over the public board."""

    title: str
    # One fact per line; never cut, the viewer wraps it.
    lines: tuple[str, ...]


def entry_matches(section: CatalogueSection, entry: CatalogueEntry, words: list[str]) -> bool:
    """Whether every one of `words` (lower case) appears in the entry or its section's title."""
    text = " ".join((section.title, entry.title, *entry.lines)).lower()
    return all(word in text for word in words)


def filter_catalogue(sections: list[CatalogueSection], query: str) -> list[CatalogueSection]:
    """The sections and entries that mention every word of `query` (case does not matter)."""
    words = query.lower().split()
    if not words:
        return list(sections)
    kept = []
    for section in sections:
        entries = tuple(entry for entry in section.entries if entry_matches(section, entry, words))
        if entries:
            kept.append(CatalogueSection(section.title, entries, section.about))
    return kept
