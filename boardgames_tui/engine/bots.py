"""Bots choose from what their seat may see: they are handed `view`, never the state."""

from __future__ import annotations

import hashlib
import math
import random
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any, Callable, Hashable, Protocol, Sequence

from pydantic import BaseModel

from boardgames_tui.engine.contract import BOT_LEVEL_NAMES, GameState
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.mcts import SearchBudget, SearchResult, Verdict, compare_moves, judge, search


class Bot(Protocol):
    level: str

    def choose(
        self, game: Game, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(
        self, game: Game, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> Any:
        actions = game.rules.legal_actions(view, seat)
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
        self, game: Game, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> SearchResult:
        return search(game, view, seat, self.budget, self._rng, should_stop)

    def choose(
        self, game: Game, view: GameState, seat: int, should_stop: Callable[[], bool] | None = None
    ) -> Any:
        result = self.analyse(game, view, seat, should_stop)
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
# under a second, hard under three) — there it searches less.  Hard plays 12 times
# normal's games a move: a smaller multiple does not beat normal clearly enough to be
# worth its name (docs/decisions.md, "The bots keep the tree search").
SEARCH_LEVELS: dict[str, SearchBudget] = {
    "easy": SearchBudget(iterations=60, seconds=0.3, per_move=10),
    "normal": SearchBudget(iterations=800, seconds=0.9, per_move=60),
    "hard": SearchBudget(iterations=9600, seconds=2.7, per_move=720),
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

# A hint's search, apart from the bots' levels.  The same position must give the same
# hint on any machine under any load, so its work is a fixed number of simulated games
# per position (sized per game by its advisor's `hint_playouts` to take about a second
# of one core of a small 2-core machine, the longest about two: see
# docs/testing-and-benchmarks.md), seeded from the position itself; it stops sooner once the
# best move's lead is outside the noise (also a matter of counts, never of time).  The
# time limits are only safety stops: 4 s of the search's own CPU time (a machine far
# slower than ours), and 30 s on the clock (a machine so busy that the player would
# rather have a thinner answer now).  A hint cut short by either says so and is not kept.
#
# Among many moves a fixed count leaves each too few games, and the best can be dropped
# by chance in an early round of the halving.  So a hint plays at least
# HINT_GAMES_PER_MOVE games per move on offer (Pollen's positions of 80 moves and more
# get about twice their count; the figures are in docs/decisions.md, "Hints").
HINT_GAMES_PER_MOVE = 30
HINT_BUDGET = SearchBudget(
    iterations=1000, seconds=30.0, until_clear=True, scaled=False, cpu_seconds=4.0, least_per_move=HINT_GAMES_PER_MOVE
)

# Hints found, by position: asked again, the same hint comes back at once.
_HINT_CACHE: OrderedDict[str, Verdict] = OrderedDict()
_HINT_CACHE_SIZE = 64
_HINT_CACHE_LOCK = threading.Lock()


def hint_budget(game: Game) -> SearchBudget:
    """HINT_BUDGET with the game's own share of its playouts (its advisor's `hint_playouts`)."""
    return replace(HINT_BUDGET, iterations=max(1, round(HINT_BUDGET.iterations * game.advisor.hint_playouts)))


def position_key(game: Game, view: GameState, seat: int, decided: Sequence[Any] = ()) -> str:
    """A digest of the question a hint answers: the game, what the seat sees, the seat,
    the moves it has already chosen this turn, and the search's budget.  Stable across
    processes and machines (unlike `hash()`, which Python salts per process)."""
    digest = hashlib.sha256()
    for part in (game.slug, view.model_dump_json(), str(seat), *map(_action_text, decided), repr(hint_budget(game))):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def _action_text(action: Any) -> str:
    return action.model_dump_json() if isinstance(action, BaseModel) else repr(action)


def find_hint(
    game: Game,
    view: GameState,
    seat: int,
    should_stop: Callable[[], bool] | None = None,
    *,
    decided: Sequence[Any] = (),
) -> Verdict:
    """The best move for `seat` from what `view` shows it, with the record behind it.

    `decided`: moves of the seat's turn chosen on the screen but not made yet (a chip
    whose pollinators are being shared out); the hint is then for the move after them,
    searched from samples of the hidden state with them made, never from the view.
    Moves the seat cannot tell apart (the same words for what they do: two copies of
    one card) are searched as one.  The search is `compare_moves`: every candidate
    played from the same samples of the hidden state, so that two moves are compared
    game by game, and the field halved round by round; a move's record includes the
    seat's moves its words promise after it (`promised_moves`: an Everbloom chip's split)."""
    key = position_key(game, view, seat, decided)
    with _HINT_CACHE_LOCK:
        cached = _HINT_CACHE.get(key)
        if cached is not None:
            _HINT_CACHE.move_to_end(key)
            return cached
    follow_through = None
    if decided:
        # Moves the seat cannot tell apart after its decided ones (an Everbloom chip's
        # first pollinator to either of two cards of the split it begins) are one too.
        same_move = move_identity(game, view_after(game, view, seat, decided), seat)
    else:
        same_move = move_identity(game, view, seat)
        follow_through = promised_moves(game, view, seat)
    rng = random.Random(int(key[:32], 16))
    result = compare_moves(
        game, view, seat, hint_budget(game), rng, should_stop,
        decided=decided, same_move=same_move, follow_through=follow_through,
    )
    verdict = replace(judge(result.moves, result.iterations), cut_short=result.cut_short)
    if not result.cut_short:
        with _HINT_CACHE_LOCK:
            _HINT_CACHE[key] = verdict
            while len(_HINT_CACHE) > _HINT_CACHE_SIZE:
                _HINT_CACHE.popitem(last=False)
    return verdict


def forget_hints() -> None:
    """Empties the hint cache (for measurements that must search every time)."""
    with _HINT_CACHE_LOCK:
        _HINT_CACHE.clear()


def move_identity(game: Game, view: GameState, seat: int) -> Callable[[Any], Hashable]:
    """Names a move by its type and the words the seat would read for it: two moves
    with the same words do the same for the seat (Bloom Kingdom's identical Kings)."""

    def words(action: Any) -> Hashable:
        explanation = game.narrator.explain_move(view, seat, action)
        return (type(action).__name__, explanation.move, explanation.reason)

    return words


def promised_moves(game: Game, view: GameState, seat: int) -> Callable[[Any], tuple[Any, ...]]:
    """The seat's own moves that a move's hint words promise after it (`Narrator.follow_through`):
    the hint's search plays them, so its record is that of what it says."""
    return lambda action: game.narrator.follow_through(view, seat, action)


def view_after(game: Game, view: GameState, seat: int, decided: Sequence[Any]) -> GameState:
    """What `seat` would see with its `decided` moves made, for the words of a hint
    about the move after them: played on a sample of the hidden state (seeded from the
    position), never on the view.  Anything a decided move draws is a guess; hint
    words name only what the seat's next move touches."""
    if not decided:
        return view
    rules = game.rules
    state = game.advisor.determinize(view, seat, random.Random(position_key(game, view, seat, decided)))
    for action in decided:
        state = rules.apply(state, seat, action)
    return rules.view(state, seat)


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
