"""Bot-only games without a screen: for `simulate`, tests and benchmarks."""

from __future__ import annotations

import random
import time
from typing import Any

from pydantic import BaseModel

from boardgames_tui.engine.bots import Bot, make_bot
from boardgames_tui.engine.contract import GameRules, GameState, IllegalMove, Seat

# A game that has not ended after this many actions is counted as an error.
MAX_ACTIONS = 100_000


def play_bot_game(
    rules: GameRules,
    options: BaseModel,
    bot_levels: list[str],
    seed: int,
    *,
    check: bool = True,
) -> tuple[GameState, list[tuple[int, Any]]]:
    """Plays one game with a bot in every seat; returns the final state and moves."""
    seats = [Seat(name=f"Seat {index + 1}", kind="bot", bot_level=level) for index, level in enumerate(bot_levels)]
    bots: list[Bot] = [make_bot(level, seed, index) for index, level in enumerate(bot_levels)]
    state = rules.setup(options, seats, seed)
    moves: list[tuple[int, Any]] = []
    while not rules.is_over(state):
        for seat in rules.to_act(state):
            action = bots[seat].choose(rules, rules.view(state, seat), seat)
            if check:
                rules.validate(state, seat, action)
            state = rules.apply(state, seat, action)
            moves.append((seat, action))
            if len(moves) > MAX_ACTIONS:
                raise RuntimeError("the game did not end")
    return state, moves


class SimulationReport(BaseModel):
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    wins: list[int]
    average_scores: list[float]
    errors: int
    error_messages: list[str]
    games_per_second: float
    seconds: float


def simulate(
    rules: GameRules,
    options: BaseModel,
    bot_levels: list[str],
    games: int,
    seed: int,
) -> SimulationReport:
    players = len(bot_levels)
    rules.check_players(players)
    # An unknown bot level is the caller's mistake, not a game that went wrong: say
    # so at once instead of counting it as an error in every game.
    for seat, level in enumerate(bot_levels):
        make_bot(level, seed, seat)
    game_seeds = random.Random(f"simulate/{seed}")
    wins = [0] * players
    totals = [0] * players
    scored = 0
    errors: list[str] = []
    started = time.perf_counter()
    for number in range(games):
        game_seed = game_seeds.randrange(2**31)
        try:
            final, _ = play_bot_game(rules, options, bot_levels, game_seed)
            sheet = rules.score_sheet(final)
        except (IllegalMove, RuntimeError, ValueError, KeyError, IndexError) as error:
            errors.append(f"game {number + 1} (seed {game_seed}): {type(error).__name__}: {error}")
            continue
        scored += 1
        for seat in sheet.winners:
            wins[seat] += 1
        for seat, total in enumerate(sheet.totals):
            totals[seat] += total
    seconds = time.perf_counter() - started
    return SimulationReport(
        game=rules.slug,
        players=players,
        games=games,
        seed=seed,
        bots=list(bot_levels),
        wins=wins,
        average_scores=[round(total / scored, 2) if scored else 0.0 for total in totals],
        errors=len(errors),
        error_messages=errors[:10],
        games_per_second=round(games / seconds, 1) if seconds > 0 else 0.0,
        seconds=round(seconds, 3),
    )
