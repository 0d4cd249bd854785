"""Everbloom's components, in full, for the rules viewer's Components tab.

Every text comes from the content models (content.py): the same summaries the
rules act on, never cut.
"""

from __future__ import annotations

from collections import Counter

from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection
from boardgames_tui.engine.text import plural
from boardgames_tui.games.everbloom import content as C

_OBJECTIVE_PHASES = {
    "chips": "checked as chips are placed",
    "migration": "checked during migration",
    "pollination": "checked during pollination",
}


def _biome_names(biomes: tuple[str, ...]) -> str:
    if biomes == (C.WILD,):
        return "wild (any biome)"
    names = {biome.key: biome.name for biome in C.biomes()}
    return " / ".join(names.get(biome, biome) for biome in biomes)


def _card_facts(card: C.Hybrid | C.Event) -> str:
    arrow = " (it pollinates itself)" if card.cost == 0 else ""
    return f"{_biome_names(card.biomes)} · cost {card.cost}{arrow} · {card.nectar} nectar"


def faction_entry(faction: C.Faction) -> CatalogueEntry:
    lines = [f"Chips {' '.join(str(chip) for chip in faction.chips)}.", faction.summary]
    if faction.setup:
        lines.append(f"Setup: {faction.setup}")
    if faction.measured:
        lines.append(f"Measured: {faction.measured}")
    return CatalogueEntry(f"{faction.letter} {faction.name}", tuple(lines))


def _factions() -> CatalogueSection:
    entries = tuple(faction_entry(faction) for faction in C.factions().values())
    return CatalogueSection("Factions", entries, "The letter marks the faction's chips and pollinators on the board.")


def landmark_entry(tile: C.LandmarkTile) -> CatalogueEntry:
    return CatalogueEntry(
        f"#{tile.number}",
        (
            f"Numbered side (#{tile.number}): {tile.numbered.rule.summary}.",
            f"Flipped side (#{tile.number}′): {tile.unnumbered.rule.summary}.",
        ),
    )


def card_entry(card: C.Hybrid | C.Event | C.WildlifeCard) -> CatalogueEntry:
    """Everything printed on a hybrid, event or wildlife card."""
    if isinstance(card, C.WildlifeCard):
        return CatalogueEntry(card.name, (f"{card.nectar} nectar · any biome · pollinates itself · places no habitat tile.",))
    if isinstance(card, C.Event):
        return CatalogueEntry(
            f"{card.name} ({card.id})",
            (
                f"{_card_facts(card)} · placed by the {_biome_names((card.placement,))} stack",
                f"{card.ability_type.title()} ability: {card.ability.summary}.",
            ),
        )
    return CatalogueEntry(f"{card.name} ({card.id})", (_card_facts(card), f"{card.ability.summary}."))


def bloom_entry(card: C.Bloom) -> CatalogueEntry:
    return CatalogueEntry(
        f"{card.name} ({card.id})",
        (
            f"{'✿' * card.blooms} {plural(card.blooms, 'bloom advance')}: {card.objective.summary}.",
            f"{_OBJECTIVE_PHASES[card.objective.phase].capitalize()}.",
        ),
    )


def bloom_track_entries() -> tuple[CatalogueEntry, ...]:
    """Each space of the bloom track and what it gives."""
    entries = []
    for index, space in enumerate(C.bloom_track().spaces):
        said = []
        if space.points:
            said.append(f"worth {plural(space.points, 'point')} at the end (the last point space reached counts)")
        if space.nectar_card:
            said.append("landing on or passing it draws a nectar card")
        sentence = "; ".join(said)
        entries.append(CatalogueEntry(f"Space {index}", (sentence[:1].upper() + sentence[1:] + "." if said else "Nothing.",)))
    return tuple(entries)


def _theme_players(theme: C.Theme) -> str:
    """The seat counts a theme is offered for, and the tile four seats add."""
    counts = sorted(theme.players)
    if len(counts) == 1:
        said = f"For {counts[0]} {'player' if counts[0] == 1 else 'players'} only."
    elif counts == list(range(counts[0], counts[-1] + 1)):
        said = f"For {counts[0]} to {counts[-1]} players."
    else:
        said = f"For {', '.join(str(count) for count in counts)} players."
    if 4 in counts and theme.four_player_extra is not None:
        said += f" With four players add #{theme.four_player_extra}."
    return said


def _landmarks() -> list[CatalogueSection]:
    tiles = [landmark_entry(tile) for tile in sorted(C.landmarks().values(), key=lambda tile: tile.number)]
    tiles.append(CatalogueEntry("Hive", (f"Rule for everyone but the Bees: {C.hive().rule.summary}.",)))
    tiles.append(
        CatalogueEntry("◀ Western wildlife landmark", ("Its winner takes a wildlife card or bloom advances.",))
    )
    tiles.append(CatalogueEntry("▶ Eastern wildlife landmark", ("Its winner takes the bonus the west left.",)))
    themes = []
    for theme in C.landmark_themes().values():
        lines = [f"Landmarks {', '.join(f'#{number}' for number in theme.landmarks)}."]
        lines.append(_theme_players(theme))
        themes.append(CatalogueEntry(theme.name, tuple(lines)))
    return [
        CatalogueSection("Landmark tiles", tuple(tiles), "A landmark flips after a round (′ marks the flipped side)."),
        CatalogueSection("Landmark themes", tuple(themes), "Which landmarks a game sets out."),
    ]


def _hybrids() -> list[CatalogueSection]:
    sections = []
    for biome, cards in C.hybrid_decks().items():
        entries = tuple(card_entry(card) for card in cards)
        sections.append(CatalogueSection(f"Hybrid cards: {_biome_names((biome,))} deck", entries))
    return sections


def _events() -> CatalogueSection:
    entries = tuple(card_entry(card) for card in C.events())
    return CatalogueSection("Event cards", entries, "Drawn as ! on the board.")


def _blooms() -> CatalogueSection:
    entries = tuple(bloom_entry(card) for card in C.blooms())
    return CatalogueSection("Bloom cards (objectives)", entries, "Three are shown each round.")


def _nectar_and_wildlife() -> list[CatalogueSection]:
    nectar = []
    for biome in C.biomes():
        values = Counter(card.nectar for card in C.nectar_cards() if card.biome == biome.key)
        spread = ", ".join(f"{count} × {value}" for value, count in sorted(values.items()))
        nectar.append(CatalogueEntry(f"{biome.letter} {biome.name} nectar", (f"Cards: {spread}.",)))
    majority = C.nectar_majority()
    nectar.append(
        CatalogueEntry(
            "Scoring nectar at the end",
            (
                f"Per biome: the leader scores 1 per {majority.first} nectar, the runner-up 1 per {majority.second},"
                f" everyone else 1 per {majority.others} (rounded down).",
                f"A shared lead scores 1 per {majority.first_tied}; a shared second place 1 per {majority.second_tied}.",
            ),
        )
    )
    wildlife = tuple(card_entry(card) for card in C.wildlife_cards())
    return [
        CatalogueSection("Nectar cards", tuple(nectar), "Kept secret until the end."),
        CatalogueSection("Wildlife cards", wildlife),
    ]


def _tracks() -> list[CatalogueSection]:
    bloom = bloom_track_entries()
    cave = [
        CatalogueEntry(f"Cave space {index + 1}", (f"Gain {space.gain.summary}.",))
        for index, space in enumerate(C.cave_track().spaces)
    ]
    return [
        CatalogueSection(
            "Bloom track",
            tuple(bloom),
            "Space 0 is the start. On the board: · nothing, • points, ◆ nectar card.",
        ),
        CatalogueSection("Cave track (Bats)", tuple(cave), "After each migration the Bats take one bonus at or left of the marker."),
    ]


def tile_entry(tile: C.HabitatTileInfo) -> CatalogueEntry:
    """A habitat tile: how it scores on either side (a game plays one)."""
    themes = {theme.key: theme.name for theme in C.content().habitat.themes}
    return CatalogueEntry(
        f"[{tile.letter}]", (f"{themes['day']}: {tile.day.summary}.", f"{themes['night']}: {tile.night.summary}.")
    )


def _habitat() -> CatalogueSection:
    entries = tuple(tile_entry(tile) for tile in C.habitat_tiles().values())
    penalty = C.numbers().missing_tile_penalty
    return CatalogueSection(
        "Habitat tiles",
        entries,
        f"A game plays one side of them; every habitat slot without a tile at the end costs {penalty} points.",
    )


def catalogue() -> list[CatalogueSection]:
    return [
        _factions(),
        *_landmarks(),
        _blooms(),
        _habitat(),
        *_tracks(),
        *_hybrids(),
        _events(),
        *_nectar_and_wildlife(),
    ]
