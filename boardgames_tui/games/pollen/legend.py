"""What every mark on Pollen's screen means (the rules viewer's Legend tab)."""

from __future__ import annotations

from boardgames_tui.engine.reference import LegendEntry
from boardgames_tui.games.pollen.content import insects

GARDEN = "Garden"
HAND = "Hand"
SUPPLY = "Pollinators"
STANDINGS = "Standings"


def _insect_abbreviations() -> str:
    return ", ".join(f"{insect.name[:2]} {insect.name}" for insect in insects())


def legend() -> list[LegendEntry]:
    shorts = "/".join(insect.name[:2] for insect in insects())
    return [
        LegendEntry("Everywhere", shorts, f"the insects: {_insect_abbreviations()}"),
        LegendEntry("Everywhere", "▲ ● ■ ◆", "each player's mark (with their colour): a card's owner, a meeple pile"),
        LegendEntry(GARDEN, "▲Anna / Bee / ●●●", "a garden card: its owner, its insect and one ● per icon"),
        LegendEntry(GARDEN, "Wild star / ★★", "a star card: one ★ per icon, each counting for every insect"),
        LegendEntry(GARDEN, "[BeBu]", "a pollinator token on a corner, with the insects it scores"),
        LegendEntry(GARDEN, "[××]", "a token turned face down: it has been scored"),
        LegendEntry(GARDEN, "new", "beside a card's icons: planted since your last turn"),
        LegendEntry(GARDEN, "<BeJu>", "a token placed since your last turn"),
        LegendEntry(GARDEN, "<××>", "a token scored since your last turn (the panel says who won what)"),
        LegendEntry(GARDEN, "-1 0 1", "the rulers: column numbers on top, row numbers on the left; the log and hints name a cell (x, y) by them, and a token by the cell whose top-left corner it sits on"),
        LegendEntry(GARDEN, "+", "an open space: a card may be planted here"),
        LegendEntry(GARDEN, "·", "a corner where a token may sit"),
        LegendEntry(GARDEN, "[ ? ]", "a corner waiting for one of the tokens you drew"),
        LegendEntry(GARDEN, "{ ? }", "the waiting corner the cursor is on"),
        LegendEntry(GARDEN, "┏━┓", "the cursor's frame; its column and row are lit on the rulers"),
        LegendEntry(HAND, "▶1", "the selected card or token, and the number key that picks it"),
        LegendEntry(HAND, "4×Bu", "a card with 4 icons of one insect"),
        LegendEntry(SUPPLY, "Next up", "the token that arrives next"),
        LegendEntry(SUPPLY, "bag 30", "tokens still in the bag"),
        LegendEntry(SUPPLY, "Next [BeJu] · Be9 Bu9 Ju9", "on a short screen: the next-up token, then the meeples left"),
        LegendEntry(SUPPLY, "Be16", "meeples of that insect left in the pile"),
        LegendEntry(SUPPLY, "⚠ The end is near", "what could end the game within about a round"),
        LegendEntry(STANDINGS, "▶", "the player whose turn it is"),
        LegendEntry(STANDINGS, "Be 3★", "meeples won of that insect; ★: the player leads that insect now (strictly the most)"),
        LegendEntry(STANDINGS, "No leader: Bu tied at 2", "an insect whose top count is shared: nobody leads it"),
        LegendEntry(
            STANDINGS,
            "⚠ If it ended now",
            "what the end would do now: a player leading two insects wins outright; "
            "a player leading no insect is out",
        ),
        LegendEntry("Everywhere", "·", "separates items on one line"),
    ]
