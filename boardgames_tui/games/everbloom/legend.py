"""What every mark on Everbloom's screen means (the rules viewer's Legend tab)."""

from __future__ import annotations

from boardgames_tui.engine.reference import LegendEntry
from boardgames_tui.games.everbloom import content as C

WILDERNESS = "Wilderness"
LANDMARKS = "Landmarks"
CHOICES = "Choices"
PLAYERS = "Players"
FACTION = "Faction"
HABITAT = "Habitat"
GROVES = "Groves"
BLOOM = "Bloom board"


def _track_values() -> str:
    """Each bloom-track space in the board's own marks, with the points it is worth."""
    parts = []
    for index, space in enumerate(C.bloom_track().spaces):
        if space.nectar_card:
            parts.append(f"{index}◆")
        elif space.points:
            parts.append(f"{index}•{space.points}")
    return " ".join(parts)


def legend() -> list[LegendEntry]:
    factions = ", ".join(f"{faction.letter} {faction.name}" for faction in C.factions().values())
    biomes = ", ".join(f"{biome.letter} {biome.name}" for biome in C.biomes())
    penalty = C.numbers().missing_tile_penalty
    return [
        LegendEntry("Everywhere", "S E U H M Z", f"a faction's letter (and colour): {factions}"),
        LegendEntry("Everywhere", "A D F J T", f"a biome's letter (and colour): {biomes}; W: wild, any biome"),
        LegendEntry(WILDERNESS, "a … g j k", "the key that picks that landmark (underlined, as in the Landmarks list; h and i are never one)"),
        LegendEntry(WILDERNESS, "m1 #29", "a landmark space and the landmark tile on it (numbered side)"),
        LegendEntry(WILDERNESS, "#29′", "′: the landmark has flipped to its other side"),
        LegendEntry(WILDERNESS, "◀west ▶east", "the western and eastern wildlife landmarks"),
        LegendEntry(WILDERNESS, "hive", "the Bees' hive covers this landmark (its own rule applies)"),
        LegendEntry(WILDERNESS, "S3 E1", "chips on a landmark, bottom first: faction letter and chip value"),
        LegendEntry(WILDERNESS, "c2 ▤3", "a card space and its stack: ▤3 = three cards in the stack"),
        LegendEntry(WILDERNESS, "AD c1 n3", "the top card's biomes, its cost (c, pollinators to pollinate it) and nectar (n)"),
        LegendEntry(WILDERNESS, "!", "the top card is an event"),
        LegendEntry(WILDERNESS, "S2 E1", "pollinators on the card: faction letter and how many"),
        LegendEntry(WILDERNESS, "+2", "pollinators you are about to send there"),
        LegendEntry(WILDERNESS, "Tumbleweed Jackrab…", "… the name goes on past its cell: the choices name the card whole when the cursor is on it or on its landmark, and i (inspect) shows it"),
        LegendEntry(WILDERNESS, "hidden / empty", "a face-down top card / a space with no card"),
        LegendEntry("Everywhere", "✦", "changed since your own last move (a card, landmark, grove, bloom marker or habitat); gone once you move"),
        LegendEntry(WILDERNESS, "highlight", "reverse: the cursor; underlined on green: where the chosen move reaches"),
        LegendEntry(LANDMARKS, "chips ↑", "chips are listed bottom first, the top of the stack last"),
        LegendEntry(LANDMARKS, "29 / 29′", "the landmark's number, ′ when flipped (yellow: under the hive)"),
        LegendEntry(LANDMARKS, "W", "a wildlife landmark"),
        LegendEntry(CHOICES, "▶ 1", "the highlighted choice and the number key that picks it"),
        LegendEntry(CHOICES, "→ c1, c2", "the card spaces a chip on that landmark reaches"),
        LegendEntry(CHOICES, "◀ 2 ▶", "how many pollinators go there: ←/→ (or −/+) change it"),
        LegendEntry(CHOICES, '"1" chip', "the first-player chip, worth 1"),
        LegendEntry(PLAYERS, "▶", "the faction to act now"),
        LegendEntry(PLAYERS, "12pt", "points so far"),
        LegendEntry(PLAYERS, "✿4", "the faction's space on the bloom track"),
        LegendEntry(PLAYERS, "✿4(2)", "(2): the points that bloom space is worth now (the last point space reached)"),
        LegendEntry(PLAYERS, "▤5", "cards in the faction's habitat"),
        LegendEntry(PLAYERS, "①", "holds the first-player chip this round"),
        LegendEntry(FACTION, 'Chips 1 2 3 4 +"1"', 'chips still to place this round; +"1": and the first-player chip'),
        LegendEntry(FACTION, "supply 6 · cave 2", "pollinators in the supply; the Bats' cave marker space"),
        LegendEntry(HABITAT, "[B]", "the habitat tile placed in that biome's slot"),
        LegendEntry(HABITAT, f"−{penalty}", f"no tile in that slot yet: −{penalty} points at the end if it stays empty"),
        LegendEntry(HABITAT, "✓Name", "a pollinated card"),
        LegendEntry(HABITAT, "◐Name", "a card you are pollinating right now"),
        LegendEntry(HABITAT, "○Name(2)", "a card not yet pollinated, and its cost"),
        LegendEntry(HABITAT, "A2 J3", "your secret nectar cards: biome letter and nectar"),
        LegendEntry(GROVES, "A Aquatic S2 E1", "each faction's pollinators in that biome's grove (left of │)"),
        LegendEntry(GROVES, "│ S5(5) E3(1)", "right of │: each faction's nectar in that biome as you may know it (the pollinated cards in every habitat, plus your own secret nectar cards) and, in brackets, the points it would score if the game ended now; yours underlined"),
        LegendEntry(GROVES, "▲", "the faction (or the tied factions) with the most nectar in that biome"),
        LegendEntry(GROVES, "secret nectar cards: M ×2", "nectar cards another faction (by its letter) holds, not counted until they are revealed at the end (bottom border)"),
        LegendEntry(BLOOM, "Track ··•◆•", "the bloom track, one mark per space from the start (space 0)"),
        LegendEntry(BLOOM, "2•1 3◆", "the spaces worth something: space number, •points, ◆ a nectar card"),
        LegendEntry(BLOOM, "decks: nectar 23", "cards left in the nectar and wildlife decks (bottom border)"),
        LegendEntry(BLOOM, "·", "a space with nothing on it"),
        LegendEntry(BLOOM, "•", "a point space: the last one a faction reaches scores at the end"),
        LegendEntry(BLOOM, "◆", "a nectar space: landing on or passing it draws a nectar card"),
        LegendEntry(BLOOM, "S", "a faction's letter: its marker stands there"),
        LegendEntry(BLOOM, "*", "several factions stand on that space"),
        LegendEntry(BLOOM, "space values", f"space number with • and its points, or ◆: {_track_values()}"),
        LegendEntry(BLOOM, "✿✿", "a bloom card: how many bloom advances completing it earns"),
        LegendEntry("Everywhere", "·", "separates items on one line"),
        LegendEntry("Everywhere", "…", "cut short here: the full text is in F1 → Components"),
        LegendEntry("Everywhere", "↑/↓ ←/→ –", "the arrow keys; 1–5: any key from 1 to 5"),
    ]
