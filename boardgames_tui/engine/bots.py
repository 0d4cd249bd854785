"""Bots choose from what their seat may see: they are handed `view`, never the state."""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from boardgames_tui.engine.contract import GameRules, GameState


class Bot(Protocol):
    level: str

    def choose(self, rules: GameRules, view: GameState, seat: int) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, rules: GameRules, view: GameState, seat: int) -> Any:
        actions = rules.legal_actions(view, seat)
        if not actions:
            raise RuntimeError(f"seat {seat} has no legal action")
        return self._rng.choice(actions)


BOT_LEVELS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot}


def make_bot(level: str, seed: int, seat: int) -> Bot:
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from: {', '.join(BOT_LEVELS)}") from None
    return factory(random.Random(f"bot/{level}/{seed}/{seat}"))
