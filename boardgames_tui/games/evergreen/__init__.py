"""Evergreen, with the Cherry Blossoms and Bamboo modules: grow a planet in the sun."""

from boardgames_tui.engine.registry import register
from boardgames_tui.games.evergreen.rules import EvergreenRules

RULES = register(EvergreenRules(), screen="boardgames_tui.games.evergreen.screen:EvergreenScreen")
