"""Everbloom: send pollinators into the wilderness, win hybrid beings, gather nectar."""

from boardgames_tui.engine.registry import register
from boardgames_tui.games.everbloom.rules import EverbloomRules

RULES = register(EverbloomRules(), screen="boardgames_tui.games.everbloom.screen:EverbloomScreen")
