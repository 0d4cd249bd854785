"""Bots choose from what their seat may see: they are handed `view`, never the state."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any, Callable, Protocol

from boardgames_tui.engine.contract import BOT_LEVEL_NAMES, GameRules, GameState
from boardgames_tui.engine.mcts import SearchBudget, SearchResult, Verdict, judge, search


class Bot(Protocol):
    level: str

    def choose(
        self, rules: GameRules, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(
        self, rules: GameRules, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> Any:
        actions = rules.legal_actions(view, seat)
        if not actions:
            raise RuntimeError(f"seat {seat} has no legal action")
        return self._rng.choice(actions)


class SearchBot:
    """Information-set MCTS (engine/mcts.py) within a level's budget."""

    def __init__(self, level: str, budget: SearchBudget, rng: random.Random, *, lenient: bool = False) -> None:
        self.level = level
        self.budget = budget
        self._rng = rng
        # An easy bot sometimes settles for its second-best move, but only one
        # that did nearly as well: weak on purpose, never absurd.
        self._lenient = lenient

    def analyse(
        self, rules: GameRules, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> SearchResult:
        return search(rules, view, seat, self.budget, self._rng, should_stop)

    def choose(
        self, rules: GameRules, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> Any:
        result = self.analyse(rules, view, seat, should_stop)
        if self._lenient and len(result.moves) > 1 and self._rng.random() < LENIENCY:
            best, second = result.moves[0], result.moves[1]
            if second.mean_reward >= best.mean_reward - NEARLY_AS_GOOD:
                return second.action
        return result.action


# How often an easy bot takes its second-best move, and how close that must be
# (in mean reward, 0–1) to the best one.
LENIENCY = 0.3
NEARLY_AS_GOOD = 0.15

# Each level's search budget: the playouts a move gets, and a ceiling in seconds
# so that a slow or busy machine never keeps a player waiting long (normal stays
# under a second, hard under three) — there it searches less.
SEARCH_LEVELS: dict[str, SearchBudget] = {
    "easy": SearchBudget(iterations=60, seconds=0.3, per_move=10),
    "normal": SearchBudget(iterations=800, seconds=0.9, per_move=60),
    "hard": SearchBudget(iterations=3200, seconds=2.7, per_move=240),
}


def _search_bot(level: str) -> Callable[[random.Random], Bot]:
    return lambda rng: SearchBot(level, SEARCH_LEVELS[level], rng, lenient=level == "easy")


BOT_LEVELS: dict[str, Callable[[random.Random], Bot]] = {
    "easy": _search_bot("easy"),
    "normal": _search_bot("normal"),
    "hard": _search_bot("hard"),
    "random": RandomBot,
}
assert tuple(BOT_LEVELS) == BOT_LEVEL_NAMES, "a seat may name exactly the levels built here"
DEFAULT_BOT_LEVEL = "normal"

# A hint's search, apart from the bots' levels: a player waits for it, so it stops
# after about a second however many moves are on offer (no per-move count), and
# sooner once the best move's lead is outside the noise.  Its iteration cap is only
# a backstop; the time is what bounds it.
HINT_BUDGET = SearchBudget(iterations=100_000, seconds=0.9, until_clear=True)


def find_hint(
    rules: GameRules, view: GameState, seat: int, seed: int, should_stop: Callable[[], bool] | None = None
) -> Verdict:
    """The best move for `seat` from what `view` shows it, with the record behind it."""
    result = search(rules, view, seat, HINT_BUDGET, random.Random(f"hint/{seed}/{seat}"), should_stop)
    return judge(result.moves, result.iterations)


def make_bot(level: str, seed: int, seat: int, *, untimed: bool = False) -> Bot:
    """The bot of `level` for a seat.  `untimed` lifts a search level's time ceiling, so
    the bot always spends its whole playout budget: its moves then depend on the seed
    alone, never on how busy the machine is (for measurements that must repeat)."""
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from: {', '.join(BOT_LEVELS)}") from None
    bot = factory(random.Random(f"bot/{level}/{seed}/{seat}"))
    if untimed and isinstance(bot, SearchBot):
        bot.budget = replace(bot.budget, seconds=math.inf)
    return bot
