"""Pollen: plant garden cards around pollinator tokens and win the insects they draw."""

from boardgames_tui.engine.registry import register
from boardgames_tui.games.pollen.rules import PollenRules

RULES = register(PollenRules(), screen="boardgames_tui.games.pollen.screen:PollenScreen")
