"""Everbloom's estimate where the search cuts its quick games, measured (not timed).

    python -m pytest tests/benchmarks/test_everbloom_estimate.py --benchmark-only -p no:cacheprovider -s

`test_estimate_calibration` plays games with the playout policy (`playout_action`) and
prints, by seats and stage (`search.stages_left`: the last pollination first, round 1's
start last), what the rest of the game adds beyond the estimate's terms (`_LATER`: the
mean error of the estimate without it) and how far a seat's final score strays from its
estimate beyond what every seat's does alike (`_SPREAD`).  They are measured where the
quick games are cut: at every round's start and every pollination's.

`test_cut_playouts_win_as_whole_games` takes 18 positions (2, 3 and 4 seats, six each
from early to late in a seeded random game) and plays the same determinized samples
twice, cut where the search cuts them and whole: each seat's share of the cut playouts'
wins against its share of the whole ones', and their total variation (half the sum of
the differences, in points: 0 when the cut changes nothing).  Cut after 16 moves, mid-
round, the quick games gave one seat of a 4-seat middle position every win.
"""

from __future__ import annotations

import math
import os
import random
from collections import defaultdict

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.mcts import playout
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom import search
from boardgames_tui.games.everbloom.model import EverbloomOptions
from boardgames_tui.games.everbloom.rules.common import state_for_move
from tests.benchmarks.random_history import random_history

GAME = get_game("everbloom")
RULES = GAME.rules
ADVISOR = GAME.advisor
CALIBRATION_GAMES = int(os.environ.get("EVERBLOOM_CALIBRATION_GAMES", "400"))
CUT_SAMPLES = int(os.environ.get("EVERBLOOM_CUT_SAMPLES", "200"))


def _cut_here(state) -> bool:
    """Where the quick games are cut and the estimate is measured: a round's start, a pollination's."""
    if search.round_begins(state):
        return True
    return state.phase == "pollination" and all(
        player.pollination is not None and player.pollination.grove is None for player in state.players
    )


def calibration(games_per_count: int, first_seed: int = 0) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """(mean error, spread) of the estimate without `_LATER`, by seats and stage."""
    errors: dict[tuple[int, int], list[float]] = defaultdict(list)
    deviations: dict[tuple[int, int], list[float]] = defaultdict(list)
    for count in (1, 2, 3, 4):
        themes = [key for key, theme in C.landmark_themes().items() if count in theme.players]
        for number in range(games_per_count):
            seed = first_seed + 1000 * count + number
            rng = random.Random(seed)
            options = EverbloomOptions(landmark_theme=themes[number % len(themes)], habitat_theme=("day", "night")[number // len(themes) % 2])
            state = RULES.setup(options, [Seat(name=f"S{index}", kind="bot") for index in range(count)], seed)
            cuts = []
            while not RULES.is_over(state):
                if _cut_here(state):
                    stage = search.stages_left(state) - 1
                    later = search._LATER[count][stage]
                    cuts.append((stage, [value - later for value in search.estimate_scores(state)]))
                seat = RULES.to_act(state)[0]
                action = ADVISOR.playout_action(state, seat, RULES.legal_actions(state, seat), rng)
                state = RULES.apply_in_place(state, seat, action)
            finals = state.final.totals
            seen = set()
            for stage, estimates in cuts:
                if stage in seen:  # a round's start is measured once (a choice may come first)
                    continue
                seen.add(stage)
                game_errors = [final - estimate for final, estimate in zip(finals, estimates)]
                errors[(count, stage)].extend(game_errors)
                mean = sum(game_errors) / count
                deviations[(count, stage)].extend(error - mean for error in game_errors)
    later = {count: [_mean(errors[(count, stage)]) for stage in range(6)] for count in (1, 2, 3, 4)}
    spread = {
        count: [math.sqrt(_mean([d * d for d in deviations[(count, stage)]]) * count / (count - 1)) for stage in range(6)]
        for count in (2, 3, 4)
    }
    return later, spread


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def cut_positions() -> list[tuple[str, object, int]]:
    found = []
    for count in (2, 3, 4):
        history = random_history(RULES, count, 300 + count, random.Random(count))
        for step in range(6):
            start = int(len(history) * (0.05 + 0.15 * step))
            state, seat = next(
                (s, t) for s, t in history[start:] if s.phase == "wilderness" and len(RULES.legal_actions(s, t)) > 1
            )
            found.append((f"{count} seats, round {state.round}, step {step + 1}", state, seat))
    return found


def cut_against_whole(state, seat: int, samples: int) -> tuple[list[float], list[float]]:
    """Each seat's share of the wins of `samples` playouts cut as the search cuts them,
    and of the same playouts played whole."""
    view = RULES.view(state, seat)
    count = len(state.players)
    cut, whole = [0.0] * count, [0.0] * count
    for index in range(samples):
        sample = ADVISOR.determinize(view, seat, random.Random(index))
        for shares, horizon in ((cut, ADVISOR.playout_horizon), (whole, None)):
            _, won, _ = playout(RULES, ADVISOR, state_for_move(sample), random.Random(index), horizon)
            for winner, share in enumerate(won):
                shares[winner] += share / samples
    return cut, whole


@pytest.mark.benchmark(group="everbloom-estimate")
def test_estimate_calibration(benchmark):
    later, spread = benchmark.pedantic(lambda: calibration(CALIBRATION_GAMES), rounds=1, iterations=1)
    print(f"\n_LATER ({CALIBRATION_GAMES} games of each seat count):")
    for count, values in later.items():
        print(f"    {count}: ({', '.join(f'{value:.1f}' for value in values)}),")
    print("_SPREAD:")
    for count, values in spread.items():
        print(f"    {count}: ({', '.join(f'{value:.1f}' for value in values)}),")
    benchmark.extra_info.update(later=later, spread=spread)


@pytest.mark.benchmark(group="everbloom-estimate")
def test_cut_playouts_win_as_whole_games(benchmark):
    def measure() -> list[float]:
        variations = []
        for label, state, seat in cut_positions():
            cut, whole = cut_against_whole(state, seat, CUT_SAMPLES)
            variation = 50 * sum(abs(a - b) for a, b in zip(cut, whole))
            variations.append(variation)
            print(f"{label}: {variation:4.1f}  cut {[round(x, 2) for x in cut]}  whole {[round(x, 2) for x in whole]}")
        return variations

    print()
    variations = benchmark.pedantic(measure, rounds=1, iterations=1)
    print(f"total variation, {CUT_SAMPLES} samples a position: mean {_mean(variations):.1f}, largest {max(variations):.1f}")
    benchmark.extra_info.update(mean_variation=round(_mean(variations), 1), largest=round(max(variations), 1))
