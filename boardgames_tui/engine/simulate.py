"""Bot-only games without a screen: for `simulate`, tests and benchmarks."""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pydantic import BaseModel

from boardgames_tui.engine.bots import Bot, make_bot
from boardgames_tui.engine.contract import GameState, IllegalMove, Seat
from boardgames_tui.engine.parts import Game

# A game that has not ended after this many actions is counted as an error.
MAX_ACTIONS = 100_000


def play_bot_game(
    game: Game,
    options: BaseModel,
    bot_levels: list[str],
    seed: int,
    *,
    check: bool = True,
    untimed: bool = False,
) -> tuple[GameState, list[tuple[int, Any]]]:
    """Plays one game with a bot in every seat; returns the final state and moves.
    `untimed` bots spend their whole playout budget (see `make_bot`)."""
    seats = [Seat(name=f"Seat {index + 1}", kind="bot", bot_level=level) for index, level in enumerate(bot_levels)]
    bots: list[Bot] = [make_bot(level, seed, index, untimed=untimed) for index, level in enumerate(bot_levels)]
    rules = game.rules
    state = rules.setup(options, seats, seed)
    moves: list[tuple[int, Any]] = []
    while not rules.is_over(state):
        for seat in rules.to_act(state):
            action = bots[seat].choose(game, rules.view(state, seat), seat)
            if check:
                rules.validate(state, seat, action)
            state = rules.apply(state, seat, action)
            moves.append((seat, action))
            if len(moves) > MAX_ACTIONS:
                raise RuntimeError("the game did not end")
    return state, moves


class Tally(BaseModel):
    """Wins of one bot level or one role over the games it played."""

    name: str
    played: int
    wins: float
    win_rate: float
    # 95 % Wilson score interval of the win rate.
    low: float
    high: float
    # Points ahead of the other seats' average in the same game (behind: negative),
    # averaged over its games: a finer measure of strength than wins, since every
    # game says how far ahead or behind, not only who came first.
    average_margin: float = 0.0


class SimulationReport(BaseModel):
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    swap_seats: bool
    # Bots searched without their time ceiling: the report depends on the seed alone.
    repeatable: bool = False
    # A tie shares its win between the winners: the wins add up to the games played.
    wins: list[float]
    average_scores: list[float]
    by_level: list[Tally]
    by_role: list[Tally]
    errors: int
    error_messages: list[str]
    games_per_second: float
    seconds: float


def wilson_interval(wins: float, played: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval for a win rate: honest even near 0 % and 100 %."""
    if played == 0:
        return 0.0, 1.0
    rate = wins / played
    denominator = 1 + z * z / played
    centre = (rate + z * z / (2 * played)) / denominator
    margin = z * math.sqrt(rate * (1 - rate) / played + z * z / (4 * played * played)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


def _tally(name: str, played: int, wins: float, margins: float) -> Tally:
    low, high = wilson_interval(wins, played)
    rate = wins / played if played else 0.0
    return Tally(
        name=name, played=played, wins=round(wins, 2), win_rate=round(rate, 4), low=round(low, 4), high=round(high, 4),
        average_margin=round(margins / played, 2) if played else 0.0,
    )


def score_margins(totals: list[int]) -> list[float]:
    """Each seat's total minus the average of the other seats' totals (0 when alone)."""
    if len(totals) < 2:
        return [0.0] * len(totals)
    whole = sum(totals)
    others = len(totals) - 1
    return [total - (whole - total) / others for total in totals]


class _GameResult(BaseModel):
    levels: list[str]
    totals: list[int] = []
    winners: list[int] = []
    roles: list[str] | None = None
    error: str | None = None


def _play_one(
    slug: str, options_data: dict[str, Any], levels: list[str], number: int, game_seed: int, untimed: bool
) -> _GameResult:
    from boardgames_tui.engine.registry import get_game

    game = get_game(slug)
    rules = game.rules
    try:
        final, _ = play_bot_game(game, rules.parse_options(options_data), levels, game_seed, untimed=untimed)
        outcome = rules.outcome(final)
    except (IllegalMove, RuntimeError, ValueError, KeyError, IndexError) as error:
        return _GameResult(levels=levels, error=f"game {number + 1} (seed {game_seed}): {type(error).__name__}: {error}")
    return _GameResult(
        levels=levels, totals=list(outcome.totals), winners=list(outcome.winners), roles=game.advisor.seat_roles(final)
    )


def simulate(
    game: Game,
    options: BaseModel,
    bot_levels: list[str],
    games: int,
    seed: int,
    *,
    swap_seats: bool = False,
    jobs: int = 1,
    repeatable: bool = False,
) -> SimulationReport:
    """Plays `games` bot games.  With `swap_seats`, game n seats the levels rotated by n,
    so every level plays every seat equally often and seat order cannot flatter it.
    With `repeatable`, search bots play without their time ceiling (slower, but the
    same seed gives the same report on any machine, busy or not)."""
    players = len(bot_levels)
    game.rules.check_players(players)
    # An unknown bot level is the caller's mistake, not a game that went wrong: say
    # so at once instead of counting it as an error in every game.
    for seat, level in enumerate(bot_levels):
        make_bot(level, seed, seat)
    game_seeds = random.Random(f"simulate/{seed}")
    plans = []
    for number in range(games):
        shift = number % players if swap_seats else 0
        levels = list(bot_levels[shift:]) + list(bot_levels[:shift])
        plans.append((game.slug, options.model_dump(mode="json"), levels, number, game_seeds.randrange(2**31), repeatable))
    started = time.perf_counter()
    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play_one, *zip(*plans)))
    else:
        results = [_play_one(*plan) for plan in plans]
    seconds = time.perf_counter() - started

    wins = [0.0] * players
    totals = [0] * players
    scored = 0
    errors: list[str] = []
    level_played: dict[str, int] = {}
    level_wins: dict[str, float] = {}
    level_margins: dict[str, float] = {}
    role_played: dict[str, int] = {}
    role_wins: dict[str, float] = {}
    role_margins: dict[str, float] = {}
    for result in results:
        if result.error is not None:
            errors.append(result.error)
            continue
        scored += 1
        share = 1 / len(result.winners) if result.winners else 0.0
        margins = score_margins(result.totals)
        for seat, total in enumerate(result.totals):
            totals[seat] += total
            won = seat in result.winners
            wins[seat] += share if won else 0.0
            level = result.levels[seat]
            level_played[level] = level_played.get(level, 0) + 1
            level_wins[level] = level_wins.get(level, 0.0) + (share if won else 0.0)
            level_margins[level] = level_margins.get(level, 0.0) + margins[seat]
            if result.roles is not None:
                role = result.roles[seat]
                role_played[role] = role_played.get(role, 0) + 1
                role_wins[role] = role_wins.get(role, 0.0) + (share if won else 0.0)
                role_margins[role] = role_margins.get(role, 0.0) + margins[seat]
    return SimulationReport(
        game=game.slug,
        players=players,
        games=games,
        seed=seed,
        bots=list(bot_levels),
        swap_seats=swap_seats,
        repeatable=repeatable,
        wins=[round(count, 3) for count in wins],
        average_scores=[round(total / scored, 2) if scored else 0.0 for total in totals],
        by_level=[_tally(name, level_played[name], level_wins[name], level_margins[name]) for name in level_played],
        by_role=[_tally(name, role_played[name], role_wins[name], role_margins[name]) for name in sorted(role_played)],
        errors=len(errors),
        error_messages=errors[:10],
        games_per_second=round(games / seconds, 2) if seconds > 0 else 0.0,
        seconds=round(seconds, 3),
    )
