"""Bloom Kingdom: play a card in secret each turn, keep two to score, three rounds."""

from boardgames_tui.engine.registry import register
from boardgames_tui.games.bloom_kingdom.rules import BloomKingdomRules

RULES = register(BloomKingdomRules(), screen="boardgames_tui.games.bloom_kingdom.screen:BloomKingdomScreen")
