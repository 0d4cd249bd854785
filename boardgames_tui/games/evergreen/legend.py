"""What every mark on Evergreen's screen means (the rules viewer's Legend tab)."""

from __future__ import annotations

from boardgames_tui.engine.reference import LegendEntry
from boardgames_tui.games.evergreen.content import biomes, content, pieces

PLANET = "Planet"
FERTILITY = "Fertility"
TRACKS = "Season · powers"
CHOICES = "Draft row / This round"
PLAYERS = "Players"

# The four actions `open_options` numbers, as "Action options still open" lists them.
ACTION_OPTIONS = {
    1: "plant up to 3 sprouts in the card's biome",
    2: "grow up to 2 plants in the card's biome",
    3: "plant 1 sprout and grow 1 other plant in the card's biome",
    4: "plant 1 sprout or grow 1 plant, in any biome",
}


def legend() -> list[LegendEntry]:
    letters = ", ".join(f"{biome.letter} {biome.name}" for biome in biomes())
    glyphs = ", ".join(f"{piece.glyph} {piece.name.lower()}" for piece in pieces().values())
    entries = [
        LegendEntry(PLANET, "W M F S N R", f"the biome of a space (and its colour): {letters}"),
        LegendEntry(PLANET, "A1", "the space's name: column letter, row number from the top"),
        LegendEntry(PLANET, "s t T b l c m M", f"the piece on a space: {glyphs}"),
        LegendEntry(PLANET, "·", "an empty space"),
        LegendEntry(PLANET, "░░░░░", "a ravine: nothing grows there, shadows cross it"),
        LegendEntry(PLANET, "☀ sun", "the edge the sun shines from this season"),
        LegendEntry(PLANET, "☀ +2  ☀+2", "the plant would score that many light points if the season ended now"),
        LegendEntry(PLANET, "☀ +0", "bamboo in the light: it scores none (a lit small bamboo grows first, while the pool has big bamboo)"),
        LegendEntry(PLANET, "☀ light now 7  ☀ 7", "your light points if the season ended now (the short form in a small window)"),
        LegendEntry(PLANET, "highlighted space", "the cursor (reverse video); a space underlined on green is one where a step is possible"),
        LegendEntry(PLANET, "W A1* (underlined)", "the space changed since your last move (a reveal planted or grew it, bamboo grew); the marks go when you move"),
        LegendEntry(FERTILITY, "W Wheat     2 3,1↓", "a biome's fertility value now, then the cards in its stack and how many of them lie face down (↓)"),
        LegendEntry(FERTILITY, "S Swamp     3 2*", "the stack changed since your last move (a leftover joined it or dried it out)"),
        LegendEntry(TRACKS, "Spring round 3 of 5", "the season being played and its round; later seasons show their rounds, past ones \"done\""),
        LegendEntry(TRACKS, "Sun: top edge", "where the sun shines from"),
        LegendEntry(TRACKS, "Grow s→t 2 · Grow t→T 1", "a power (s→t: sprout to small tree, t→T: small to big tree) and its level: uses a round"),
        LegendEntry(TRACKS, "s44 t54", "the shared pool: pieces of each kind left (after your own plan while you plan)"),
        LegendEntry(CHOICES, "▶1", "the card or biome the cursor is on, and the number key that picks it"),
        LegendEntry(CHOICES, "Swamp · Place a Lake · 2 fertility", "a card: its biome, its power and its icon"),
        LegendEntry(CHOICES, "level 2, 1 use left", "your drafted power's level and the uses still open this round"),
        LegendEntry(CHOICES, "◀ first-player marker", "the card with the first-player marker: whoever takes it leads the next round"),
        LegendEntry(CHOICES, "Ann took Swamp · …", "under the draft row: the cards already taken this round, and by whom"),
        LegendEntry(CHOICES, "* Ben: Swamp · …", "a card drafted since your last move"),
        LegendEntry(CHOICES, "Your plan so far: …", "the steps of your secret plan, in order (the log tells them only at the reveal)"),
        LegendEntry(CHOICES, "Since your last turn: …", "in a small window, above the choices: what changed since your last move (the side panel of that name in a larger one)"),
    ]
    for number, meaning in ACTION_OPTIONS.items():
        entries.append(LegendEntry(CHOICES, f"Action options still open: {number}", meaning))
    entries.append(LegendEntry(CHOICES, "Your action is complete", "your action can take no further step (or your power was used after it)"))
    entries.append(LegendEntry("Small window", "t: next panel", "t shows the next side panel: draft / this round, Fertility, Season · powers, Players · log"))
    entries += [
        LegendEntry(PLAYERS, "▲ ● ■ ◆", "each player's mark (with their colour)"),
        LegendEntry(PLAYERS, "▶", "the player whose planet is on screen"),
        LegendEntry(PLAYERS, "13 pts", "the points the player has scored so far"),
        LegendEntry(
            PLAYERS,
            "☀7 forest 6 fert 12 bam 4 (bamboo 4 on a line of its own)",
            "the score as it stands, from what you may see (your own plan included, the others' planets as of the last reveal): "
            "☀ light and the biggest forest, scored if the season ended now; fertility (big trees × their biome's value) "
            "and bamboo (2 a biome with bamboo), scored at the end of the game",
        ),
        LegendEntry(PLAYERS, "plans / done", "still planning this round's action / finished"),
        LegendEntry(PLAYERS, "drew", "has taken a card from the draft row"),
        LegendEntry("Everywhere", "·", "separates items on one line"),
        LegendEntry("Everywhere", "—", "nothing to show here now"),
    ]
    return entries
