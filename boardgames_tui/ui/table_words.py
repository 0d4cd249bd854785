"""The words a host's table uses for its seats handed to bots: its palette commands and
the hint that names them (kept light: the menu's first frame loads the module that uses them)."""

from __future__ import annotations

from boardgames_tui.engine.text import possessive


def hand_to_bot_command(name: str) -> str:
    """The host's palette command that lets a bot play `name`'s seat while they are away."""
    return f"Hand {possessive(name)} seat to a bot"


def hand_to_bot_hint(names: list[str]) -> str:
    """How the host lets bots play for the absent players `names`."""
    seats = "the seat" if len(names) == 1 else "each seat"
    return f"A bot can play {seats} meanwhile: Ctrl+P, then {hand_to_bot_command(names[0])}."


def take_back_command(name: str) -> str:
    return f"Take back {possessive(name)} seat"
