"""Evergreen's components, in full, for the rules viewer's Components tab."""

from __future__ import annotations

from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection
from boardgames_tui.games.evergreen.content import WILD, biomes, content
from boardgames_tui.games.evergreen.legend import ACTION_OPTIONS
from boardgames_tui.games.evergreen.rules import (
    BIOME_AT,
    BIOME_KEYS,
    CARDS,
    EMPTY,
    POINTS,
    POWERS,
    card_label,
    space_name,
)

_MODULE_NAMES = {"cherry": "Cherry Blossoms module", "bamboo": "Bamboo module"}


def _power_levels(key: str, most: int) -> str:
    if key == POINTS:
        return f"Level N scores N points, once a round (level 0 scores nothing; the track stops at {most})."
    return f"Level N allows N uses a round (level 0 none; the track stops at {most})."


def _icon(card) -> str:
    if card.fertility:
        return f"{card.fertility} fertility icon{'s' if card.fertility > 1 else ''}: adds {card.fertility} to its biome's fertility when it joins the zone."
    if card.aridity:
        return "Aridity icon: when left over it turns the newest fertility card of its biome face down."
    if card.multiplier:
        return "Fertility multiplier: in a stack it is worth as many as the other cards there, face-down ones included."
    if card.negative:
        return "Negative fertility icon: −1 to its biome's fertility."
    return "No icon: discarded when left over."


def piece_entry(piece) -> CatalogueEntry:
    lines = [
        f"Glyph {piece.glyph} · height {piece.height} · shadow {piece.shadow or 'none'}"
        f" · {piece.light_points} light point{'s' if piece.light_points != 1 else ''} when lit.",
        "Part of a forest." if piece.forest else "Not part of a forest.",
        f"{piece.box} in the box, all in one pool that every planet draws on.",
    ]
    if piece.module:
        lines.append(f"From the {_MODULE_NAMES[piece.module]}.")
    return CatalogueEntry(piece.name, tuple(lines))


def power_entry(key: str) -> CatalogueEntry:
    power = POWERS[key]
    lines = [power.text, _power_levels(power.key, content().power_track_max.value)]
    if power.module:
        lines.append(f"From the {_MODULE_NAMES[power.module]}: replaces one base power.")
    return CatalogueEntry(f"{power.name} ({power.short})", tuple(lines))


def card_entry(card: int) -> CatalogueEntry:
    """A card in full: its biome, icon and the power it gives (with every level)."""
    power = power_entry(CARDS[card].power)
    return CatalogueEntry(f"Card #{card}: {card_label(card)}", (_icon(CARDS[card]), f"Power: {power.title}.", *power.lines))


def space_entry(cell: int, glyph: str, light: int | None) -> CatalogueEntry:
    """A planet space as drawn: its biome, what stands there and the light it would score now."""
    if BIOME_AT[cell] < 0:
        return CatalogueEntry(f"{space_name(cell)} · Ravine", ("Nothing grows here; shadows cross it.",))
    biome = biomes()[BIOME_AT[cell]]
    lines = [f"Biome: {biome.letter} {biome.name}."]
    if glyph == EMPTY:
        lines.append("Empty.")
    else:
        piece = next(piece for piece in content().pieces if piece.glyph == glyph)
        entry = piece_entry(piece)
        lines += [f"Piece: {entry.title}.", *entry.lines]
        if light is not None:
            lines.append(f"Lit: +{light} light if the season ended now.")
        elif piece.light_points:
            lines.append("In shadow: no light if the season ended now.")

    return CatalogueEntry(f"{space_name(cell)} · {biome.name}", tuple(lines))


def catalogue() -> list[CatalogueSection]:
    data = content()
    most = data.power_track_max.value
    biome_entries = []
    for index, biome in enumerate(biomes()):
        spaces = [space_name(cell) for cell in range(len(BIOME_AT)) if BIOME_AT[cell] == index]
        biome_entries.append(
            CatalogueEntry(f"{biome.letter} {biome.name}", (f"{len(spaces)} spaces: {', '.join(spaces)}.",))
        )
    ravines = [space_name(cell) for cell in range(len(BIOME_AT)) if BIOME_AT[cell] < 0]
    biome_entries.append(CatalogueEntry("░░░░░ Ravine", (f"{len(ravines)} spaces: {', '.join(ravines)}.",)))
    piece_entries = [piece_entry(piece) for piece in data.pieces]
    power_entries = [power_entry(power.key) for power in data.powers]
    season_entries = [
        CatalogueEntry(season.name, (f"{season.rounds} rounds; the sun shines from the {season.sun} edge.",))
        for season in data.seasons
    ]
    action_entries = [CatalogueEntry(f"Action {number}", (meaning + ".",)) for number, meaning in ACTION_OPTIONS.items()]
    card_sections = []
    for biome in (*BIOME_KEYS, WILD):
        name = "Wild" if biome == WILD else next(info.name for info in biomes() if info.key == biome)
        entries = tuple(
            CatalogueEntry(f"Card #{card.id}: {card_label(card.id)}", (_icon(card),))
            for card in CARDS
            if card.biome == biome
        )
        card_sections.append(CatalogueSection(f"{name} cards", entries))
    return [
        CatalogueSection("Biomes and the planet", tuple(biome_entries), "Every planet has the same map."),
        CatalogueSection("Pieces", tuple(piece_entries)),
        CatalogueSection("Powers", tuple(power_entries), f"A power's level rises by one for each card of it you draft (up to {most})."),
        CatalogueSection("Seasons", tuple(season_entries)),
        CatalogueSection("Actions", tuple(action_entries), "Your one action each round, besides your power."),
        *card_sections,
    ]
