"""Information-set Monte Carlo tree search, written once against the game contract.

The bot never sees the true state.  Each iteration samples one full state its seat
could be in (`rules.determinize(view, …)`), walks a single tree shared by all
samples (single-observer ISMCTS: a child is a move, whatever sample it was legal
in), plays the rest of the game quickly and credits every seat with what it got.
Moves legal only in some samples are judged by how often they were available, not
by how often they were tried ("availability" UCB), so rare moves are not favoured.

Seats that pick together with the bot (a simultaneous step: the bot's seat and
others must act and nothing has been revealed yet) cannot react to the bot's pick,
so in the tree their picks of that step are chance moves taken by the playout
policy, not replies chosen knowing the bot's.  Every later step is searched seat
after seat.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from boardgames_tui.engine.contract import GameRules, GameState

# How much a win counts against a good score: a playout's reward for a seat is
# WIN_WEIGHT for a win (shared on a tie) plus the rest for its score's place
# between the lowest and highest score.  The score part steers the search while
# most playouts of a long game are still undecided.
WIN_WEIGHT = 0.7
EXPLORATION = 0.7


@dataclass(frozen=True)
class SearchBudget:
    """When a search stops: after `per_move` iterations for each move on offer (at
    most `iterations`), or sooner when `seconds` have passed.  A choice between two
    moves needs far fewer playouts than one among forty."""

    iterations: int
    seconds: float
    per_move: int | None = None

    def iterations_for(self, moves: int, effort: float = 1.0) -> int:
        cap = max(1, round(self.iterations * effort))
        if self.per_move is None:
            return cap
        return min(cap, max(1, round(self.per_move * effort)) * moves)


@dataclass
class MoveStats:
    action: Any
    visits: int
    mean_reward: float
    # The share of the simulated games through this move that its seat won.
    win_rate: float = 0.0


@dataclass
class SearchResult:
    action: Any
    iterations: int
    seconds: float
    # The root's moves, most visited first.
    moves: list[MoveStats] = field(default_factory=list)

    @property
    def playouts_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class _Node:
    __slots__ = ("parent", "action", "seat", "children", "visits", "reward", "wins", "available")

    def __init__(self, parent: _Node | None, action: Any, seat: int) -> None:
        self.parent = parent
        self.action = action
        # The seat that made `action`: the node's reward is that seat's.
        self.seat = seat
        self.children: dict[tuple[int, Hashable], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        # Games the node's seat won from here (shared wins count in part).
        self.wins = 0.0
        self.available = 0


def action_key(action: Any) -> Hashable:
    """A dictionary key for an action: the action itself when it hashes (frozen models do)."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


def rewards_from_scores(totals: list[float], winners: list[int]) -> list[float]:
    low, high = min(totals), max(totals)
    spread = high - low
    rest = 1.0 - WIN_WEIGHT
    rewards = [rest * ((total - low) / spread if spread else 0.5) for total in totals]
    if winners:
        share = WIN_WEIGHT / len(winners)
        for seat in winners:
            rewards[seat] += share
    return rewards


def final_rewards(rules: GameRules, state: GameState) -> tuple[list[float], list[int]]:
    sheet = rules.score_sheet(state)
    winners = list(sheet.winners)
    return rewards_from_scores([float(total) for total in sheet.totals], winners), winners


def estimated_rewards(estimates: list[float]) -> tuple[list[float], list[int]]:
    best = max(estimates)
    winners = [seat for seat, value in enumerate(estimates) if value == best]
    return rewards_from_scores(estimates, winners), winners


def search(
    rules: GameRules,
    view: GameState,
    seat: int,
    budget: SearchBudget,
    rng: random.Random,
    should_stop: Callable[[], bool] | None = None,
) -> SearchResult:
    """The move `seat` should make, from what `view` shows it."""
    started = time.perf_counter()
    root_actions = rules.legal_actions(view, seat)
    if not root_actions:
        raise RuntimeError(f"seat {seat} has no legal action")
    if len(root_actions) == 1:
        return SearchResult(root_actions[0], 0, time.perf_counter() - started, [MoveStats(root_actions[0], 0, 0.0)])
    root = _Node(None, None, -1)
    together = set(rules.to_act(view)) - {seat}
    epoch = view.info_epoch
    planned = budget.iterations_for(len(root_actions), rules.search_effort)
    deadline = started + budget.seconds
    horizon = rules.playout_horizon
    iterations = 0
    while iterations < planned:
        if iterations % 8 == 0 and iterations and (time.perf_counter() > deadline or (should_stop and should_stop())):
            break
        state = rules.determinize(view, seat, rng)
        node = root
        mover = seat
        path = [root]
        # Selection and expansion.
        while not rules.is_over(state):
            actions = root_actions if node is root else rules.legal_actions(state, mover)
            untried = []
            best_child = None
            best_value = -1.0
            for action in actions:
                # The mover is part of the key: after chance moves, one node may be
                # reached with different seats to act.
                key = (mover, action_key(action))
                child = node.children.get(key)
                if child is None:
                    untried.append((key, action))
                    continue
                child.available += 1
                value = child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best_value, best_child = value, child
            if untried:
                key, action = untried[rng.randrange(len(untried))]
                child = _Node(node, action, mover)
                child.available = 1
                node.children[key] = child
                state = rules.apply(state, mover, action)
                path.append(child)
                break
            assert best_child is not None
            node = best_child
            state = rules.apply(state, mover, node.action)
            path.append(node)
            if rules.is_over(state):
                break
            mover = rules.to_act(state)[0]
            while together and mover in together and state.info_epoch == epoch:
                # A pick made at the same time as the bot's: it cannot depend on it.
                actions = rules.legal_actions(state, mover)
                state = rules.apply(state, mover, rules.playout_action(state, mover, actions, rng))
                if rules.is_over(state):
                    break
                mover = rules.to_act(state)[0]
            if rules.is_over(state):
                break
        rewards, winners = _playout(rules, state, rng, horizon)
        share = 1.0 / len(winners) if winners else 0.0
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += rewards[visited.seat]
                if visited.seat in winners:
                    visited.wins += share
        iterations += 1
    seconds = time.perf_counter() - started
    moves = sorted(
        (
            MoveStats(child.action, child.visits, child.reward / child.visits, child.wins / child.visits)
            for child in root.children.values()
            if child.visits
        ),
        key=lambda stats: (stats.visits, stats.mean_reward),
        reverse=True,
    )
    if not moves:
        moves = [MoveStats(root_actions[0], 0, 0.0)]
    return SearchResult(moves[0].action, iterations, seconds, moves)


def _playout(
    rules: GameRules, state: GameState, rng: random.Random, horizon: int | None
) -> tuple[list[float], list[int]]:
    steps = 0
    while not rules.is_over(state):
        if horizon is not None and steps >= horizon:
            estimates = rules.estimate_scores(state)
            if estimates is not None:
                return estimated_rewards(estimates)
        mover = rules.to_act(state)[0]
        actions = rules.legal_actions(state, mover)
        action = actions[0] if len(actions) == 1 else rules.playout_action(state, mover, actions, rng)
        state = rules.apply(state, mover, action)
        steps += 1
    return final_rewards(rules, state)
