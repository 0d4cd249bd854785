"""What every mark on Bloom Kingdom's screen means (the rules viewer's Legend tab)."""

from __future__ import annotations

from boardgames_tui.engine.reference import LegendEntry

DISPLAY = "Display"
TURN = "This turn"
HAND = "Hand"
PLAYERS = "Players"
CHOICES = "Choices"

LEGEND = [
    LegendEntry(DISPLAY, "Queen 3", "a column: the character and how many cards it holds"),
    LegendEntry(DISPLAY, "▮▮▮", "one bar per card in the column"),
    LegendEntry(DISPLAY, "(1 Jest)", "of the column's number, this many are Jesters slipped under it"),
    LegendEntry(DISPLAY, "▶", "the column the cursor is on"),
    LegendEntry(DISPLAY, "×", "dim: a column that cannot be chosen now"),
    LegendEntry(DISPLAY, "✦", "underlined: the column changed since your last move (until you move again)"),
    LegendEntry(TURN, "▮ card down", "the player has chosen a card, still face down"),
    LegendEntry(TURN, "… choosing", "the player has not chosen yet"),
    LegendEntry(TURN, "→", "the order the revealed cards resolve in (lowest initiative first)"),
    LegendEntry(TURN, "Turn 2 revealed: Ann Dragon", "while the next cards are chosen: the cards of the turn before, by player"),
    LegendEntry(TURN, "✦", "underlined: a card revealed since your last move"),
    LegendEntry(HAND, "1 2 3 …", "the number key that picks the card"),
    LegendEntry(HAND, "Knight 12", "a card: its character and, for cards with an instant effect, its initiative"),
    LegendEntry(HAND, "⚡", "the card's instant effect, done when it is revealed"),
    LegendEntry(HAND, "★", "how the card scores if you keep it at the round's end"),
    LegendEntry(HAND, "≥", "at least (Farmers ≥ Nobles: at least as many Farmers as Nobles)"),
    LegendEntry(HAND, "now 8", "what the card would score if the round ended now"),
    LegendEntry(HAND, "now 0?", "“?”: the score depends on what the other players keep (King, Jester)"),
    LegendEntry(HAND, "▶", "the card the cursor is on (Enter plays it)"),
    LegendEntry(HAND, "×", "dim: a card that cannot be chosen now"),
    LegendEntry(CHOICES, "y  Remove a Dragon", "a choice that is not a card or a column; the key before it makes it"),
    LegendEntry(CHOICES, "2  Ben", "a player the Fortune Teller can look at; the number picks them"),
    LegendEntry(PLAYERS, "•", "the player at the keyboard"),
    LegendEntry(PLAYERS, "▶", "the player the cursor is on (the Fortune Teller's pick)"),
    LegendEntry(PLAYERS, "12 VP", "victory points so far"),
    LegendEntry(PLAYERS, "1st  =1st", "place by points; “=”: shared with another player"),
    LegendEntry(PLAYERS, "✦scored", "the player scored a round since your last move"),
    LegendEntry(PLAYERS, "played: …", "the cards the player has revealed this round, in order"),
    LegendEntry(PLAYERS, "Best two to keep now", "your two cards that would score most if the round ended now"),
    LegendEntry(PLAYERS, "hand 7", "cards in the player's hand"),
    LegendEntry(PLAYERS, "rounds 2 · 11", "points scored in each finished round, in order"),
    LegendEntry(PLAYERS, "(bot)", "a seat played by the computer"),
    LegendEntry("Everywhere", "·", "separates items on one line"),
    LegendEntry("Everywhere", "…", "more follows, or someone is still deciding"),
]


def legend() -> list[LegendEntry]:
    return list(LEGEND)
