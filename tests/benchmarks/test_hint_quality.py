"""Is the hint right?  The app's hint against a search 30 times longer, on fixed positions.

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_hint_quality.py --benchmark-only -p no:cacheprovider -s
(add --benchmark-json=FILE to keep the rows; each reference search is 30 hints long (Evergreen: 30 to 40 s of CPU a
position), so a game takes several times its CPU on a busy 2-core machine; set
HINT_QUALITY_REFERENCE to a smaller factor for a quicker, rougher look).

The reference is the bots' tree search (`search`) by default: a different method from
the hint's (`compare_moves`), one that also learns the other seats' replies, so the
hint is checked against a longer look of another kind, not against itself.  Set
HINT_QUALITY_REFERENCE_SEARCH=halving to check it against its own method 30 times
longer instead.

Positions come from seeded random games (the same every run): early, middle and late,
with 2 and 4 seats (Evergreen 2 and 4 too), and of the kinds each game's turns are
built from: Everbloom's chip step (the hint's question at the chip and the landmark
step alike: which chip where) and its split (the chip decided, where its pollinators
go); Evergreen's draft and plan.  For each, the hint is asked as the app asks it, and a
reference search of the same question with 30 times the playouts (and no early stop)
records every move.  A hint *agrees* when it is the reference's best move or within
the reference's noise of it (its deficit under LIKELY_LEAD_Z standard errors); its
*regret* is how many points of win rate the reference gives up by playing it instead.
Moves the seat cannot tell apart (the same words: two copies of one card, two first
pollinators of one Everbloom split) are one move to the hint and the reference alike.
Aim: agreement in at least 90% of positions, mean regret under 1 point.
"""

from __future__ import annotations

import math
import os
import random
import time
from dataclasses import dataclass, replace
from typing import Any

import pytest

from boardgames_tui.engine.bots import (
    find_hint,
    forget_hints,
    hint_budget,
    move_identity,
    promised_moves,
    view_after,
)
from boardgames_tui.engine.contract import GameRules
from boardgames_tui.engine.mcts import (
    LIKELY_LEAD_Z,
    MoveStats,
    SearchBudget,
    action_key,
    compare_moves,
    judge,
    lead_in_errors,
    search,
)
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.registry import get_game
from tests.benchmarks.random_history import random_history

REFERENCE_FACTOR = float(os.environ.get("HINT_QUALITY_REFERENCE", "30"))
REFERENCE_SEARCH = {"tree": search, "halving": compare_moves}[os.environ.get("HINT_QUALITY_REFERENCE_SEARCH", "tree")]
PHASES = {"early": 0.15, "middle": 0.5, "late": 0.85}


@dataclass
class Question:
    slug: str
    label: str
    view: Any
    seat: int
    decided: tuple[Any, ...] = ()


def _kind(slug: str, rules: GameRules, state: Any, seat: int) -> str:
    """The kind of step a decision is, where a game's turns have kinds the benchmark names."""
    actions = rules.legal_actions(state, seat)
    names = {type(action).__name__ for action in actions}
    if slug == "evergreen":
        return "draft" if "DraftCard" in names else "plan"
    if slug == "everbloom":
        return "chip" if "PlaceChip" in names else "other"
    return "move"


def positions(slug: str) -> list[Question]:
    game = get_game(slug)
    rules = game.rules
    questions: list[Question] = []
    for seats in (2, min(4, rules.max_players)):
        mover = random.Random(seats)
        history = random_history(rules, seats, 100 + seats, mover)
        wanted = {"evergreen": ["draft", "plan"], "everbloom": ["chip"]}.get(slug, ["move"])
        for phase, share in PHASES.items():
            start = int(len(history) * share)
            for kind in wanted:
                found = next(
                    (
                        (state, seat)
                        for state, seat in history[start:] + history[:start]
                        if len(rules.legal_actions(state, seat)) > 1 and _kind(slug, rules, state, seat) == kind
                    ),
                    None,
                )
                if found is None:
                    continue
                state, seat = found
                view = rules.view(state, seat)
                questions.append(Question(slug, f"{seats} seats, {phase}, {kind}", view, seat))
                if slug == "everbloom" and kind == "chip":
                    split = _split(game, view, seat, mover)
                    if split is not None:
                        questions.append(Question(slug, f"{seats} seats, {phase}, split", view, seat, (split,)))
    return questions


def _split(game: Game, view: Any, seat: int, rng: random.Random) -> Any:
    """A chip whose split offers a choice (it sends pollinators to two or more cards)."""
    rules = game.rules
    places = [action for action in rules.legal_actions(view, seat) if type(action).__name__ == "PlaceChip"]
    rng.shuffle(places)
    for place in places:
        after = view_after(game, view, seat, (place,))
        if after.turn is not None and not after.turn.steps and after.turn.seat == seat:
            if len({action_key(action) for action in rules.legal_actions(after, seat)}) > 1:
                return place
    return None


@dataclass
class Judged:
    question: Question
    hint: Any
    reference_best: Any
    agrees: bool
    regret: float
    hint_seconds: float
    hint_games: int


def reference_budget(budget: SearchBudget) -> SearchBudget:
    """REFERENCE_FACTOR times the hint's games, the floor per move included.  No safety
    stop of either kind: the hint's 4 s of CPU (`cpu_seconds`) cut the reference to
    about 4 hints' worth of games, not 30."""
    return replace(
        budget, iterations=round(budget.iterations * REFERENCE_FACTOR),
        least_per_move=round(budget.least_per_move * REFERENCE_FACTOR),
        until_clear=False, seconds=math.inf, cpu_seconds=math.inf,
    )


def judge_hint(game: Game, question: Question, number: int) -> Judged:
    forget_hints()
    started = time.process_time()
    verdict = find_hint(game, question.view, question.seat, decided=question.decided)
    hint_seconds = time.process_time() - started
    long_budget = reference_budget(hint_budget(game))
    # Moves the seat cannot tell apart are one move, as the hint takes them (after
    # decided ones too: an Everbloom chip's first pollinator to either of two cards of
    # the split it begins), so the reference searches the same question.
    same_move = move_identity(game, view_after(game, question.view, question.seat, question.decided), question.seat)
    # The halving reference answers the hint's own question: each move with the moves
    # its words promise after it (an Everbloom chip with its split).  The tree search
    # learns what follows a move by itself.
    promised = {}
    if REFERENCE_SEARCH is compare_moves and not question.decided:
        promised["follow_through"] = promised_moves(game, question.view, question.seat)
    reference = REFERENCE_SEARCH(
        game, question.view, question.seat, long_budget, random.Random(f"reference/{number}"),
        decided=question.decided, same_move=same_move, **promised,
    )
    assert not reference.cut_short, "the reference search must play all its games"
    best = judge(reference.moves, reference.iterations).best
    hinted = _record_of(reference.moves, verdict.best.action, same_move)
    if hinted is None:
        # A move the reference never tried: as bad as its worst tried move.
        regret = best.win_rate - min(move.win_rate for move in reference.moves)
        agrees = False
    else:
        regret = max(0.0, best.win_rate - hinted.win_rate)
        agrees = hinted is best or lead_in_errors(best, hinted) <= LIKELY_LEAD_Z
    return Judged(question, verdict.best.action, best.action, agrees, 100 * regret, hint_seconds, verdict.games)


def _record_of(moves: list[MoveStats], action: Any, same_move: Any) -> MoveStats | None:
    for move in moves:
        if move.action == action or (same_move is not None and same_move(move.action) == same_move(action)):
            return move
    return None


GAMES = ["bloom-kingdom", "pollen", "evergreen", "everbloom"]


def _say(slug: str, result: Judged) -> None:
    """One position's row as soon as it is judged (a long run shows its progress with -s)."""
    print(
        f"{slug:14} {result.question.label:26} agrees={result.agrees!s:5} regret={result.regret:5.1f} "
        f"hint={result.hint_seconds:4.2f}s cpu games={result.hint_games}",
        flush=True,
    )


@pytest.mark.benchmark(group="hint-quality")
@pytest.mark.parametrize("slug", GAMES)
def test_hint_against_a_longer_search(benchmark, slug):
    game = get_game(slug)
    questions = positions(slug)
    results: list[Judged] = []

    def run() -> None:
        results.clear()
        for number, question in enumerate(questions):
            results.append(judge_hint(game, question, number))
            _say(slug, results[-1])

    benchmark.pedantic(run, rounds=1, iterations=1)
    agreement = sum(result.agrees for result in results) / len(results)
    regret = sum(result.regret for result in results) / len(results)
    seconds = sorted(result.hint_seconds for result in results)
    print(
        f"{slug}: {len(results)} positions, agreement {agreement:.0%}, mean regret {regret:.2f} points, "
        f"hint median {seconds[len(seconds) // 2]:.2f} s cpu, max {seconds[-1]:.2f} s"
    )
    benchmark.extra_info.update(
        rows=[
            f"{result.question.label}: agrees={result.agrees} regret={result.regret:.1f} "
            f"hint={result.hint_seconds:.2f}s games={result.hint_games}"
            for result in results
        ],
        positions=len(results), agreement=round(agreement, 3), mean_regret_points=round(regret, 2),
        hint_cpu_seconds_median=round(seconds[len(seconds) // 2], 2), reference_factor=REFERENCE_FACTOR,
        reference_search=REFERENCE_SEARCH.__name__,
    )
