"""What Evergreen's search bots need: sampling hidden information, a cheap score
estimate and a playout policy.  Pure functions over the rules' state; `rules.py`
delegates to them.

What a seat's `view` hides (see `EvergreenRules.view` and `_public_player`):

- the order and contents of the deck (every id is HIDDEN; only its length shows).
  Every other card is in sight: the draft row, the discard pile, the fertility
  stacks (face-down cards keep their id), each seat's drafted cards and a waiting
  wild leftover.  So the deck is exactly the cards of the powers in play that show
  nowhere else, in an unknown order.
- during the simultaneous action phase, every other seat's private `Plan` (the view
  shows `plan=None` and only whether the seat is done).  A seat still planning gets
  a fresh empty plan (its steps so far are unknowable; it plays on from nothing).  A
  seat that is done gets a plan sampled with the playout policy on its public board,
  with its drafted card and power levels, so its locked-in plan is legal.

The shared pool of pieces is public (it changes only at a reveal and at a season's
bamboo growth), so a determinized state keeps the view's pool as it is; each
sampled plan, like any plan, takes no more than that pool less its own steps, and
the reveal settles what the plans together want beyond it.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from boardgames_tui.engine.contract import HIDDEN, shallow_copy
from boardgames_tui.games.evergreen import rules as R
from boardgames_tui.games.evergreen.model import (
    Done,
    EvergreenState,
    Grow,
    LakeGrow,
    Plan,
    Plant,
    PlayerState,
    UsePower,
)

# At most this many steps in a sampled locked-in plan of another seat.
_MAX_SAMPLED_STEPS = 8
# Points a planet still gains beyond what its board scores now, by rounds left
# (the current one included): the mean over 120 games of 1-4 seats, every module
# choice, played by `playout_action` (over every position of every seat).
_GROWTH = (0.0, 1.8, 5.6, 9.7, 14.3, 18.5, 23.3, 28.5, 33.7, 38.6, 43.6, 49.3, 54.8, 61.0, 66.5)
# How far a seat's final score strays from `estimate_scores` at a round's start, beyond
# what every seat's does alike (the standard deviation of each seat's error less the
# seats' mean error, scaled back to one seat's): by seats, then by rounds left (1 to
# 14).  400 games of each seat count, modules at random, played by `playout_action`.
# `estimate_spread` gives it to the search, which credits each seat with its chance of
# finishing on top where it cuts a playout (without it, the estimate's leader would
# take the whole win, however close the estimates).
_SPREAD = {
    2: (3.3, 4.4, 5.8, 6.5, 7.0, 8.3, 8.8, 9.3, 9.5, 10.0, 10.3, 10.8, 11.1, 10.6),
    3: (3.6, 4.6, 6.3, 7.4, 8.1, 8.8, 9.6, 9.9, 10.5, 11.0, 11.6, 11.8, 11.8, 11.8),
    4: (3.6, 4.9, 6.6, 7.5, 8.3, 9.2, 9.8, 10.2, 10.6, 11.0, 11.4, 11.7, 11.7, 11.5),
}
# Playout policy: chance of a uniform choice, else a greedy one.
_EPSILON = 0.25


@cache
def _cards_in_play(powers: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(card.id for card in R.CARDS if card.power in powers)


# -- determinize --------------------------------------------------------------------------------------
def determinize(rules: R.EvergreenRules, view: EvergreenState, seat: int, rng: random.Random) -> EvergreenState:
    seen: set[int] = set(view.row)
    seen.update(view.discard)
    for stack in view.zone.values():
        seen.update(entry.card for entry in stack)
    for player in view.players:
        seen.update(player.drafted)
        if player.card is not None:
            seen.add(player.card)
    if view.leftover is not None:
        seen.add(view.leftover)
    unseen = [card for card in _cards_in_play(tuple(view.powers)) if card not in seen]
    known = [card for card in view.deck if card != HIDDEN]
    if known:  # a view that shows part of the deck (none does today): keep what shows
        unseen = [card for card in unseen if card not in known]
    rng.shuffle(unseen)
    deck = [card if card != HIDDEN else unseen.pop() for card in view.deck]
    state = shallow_copy(
        view,
        seed=rng.randrange(2**31),
        rng_draws=0,
        deck=deck,
        discard=list(view.discard),
        row=list(view.row),
        zone=dict(view.zone),
        log=list(view.log),
        players=list(view.players),
    )
    if view.phase == "actions":
        for index, player in enumerate(view.players):
            if index == seat or player.plan is not None:
                continue
            if player.committed:
                state.players[index] = _sampled_plan(rules, state, index, player, rng)
            else:
                planning = state.players[index] = player.copied()
                planning.plan = Plan(board=player.board)
    return state


def _sampled_plan(
    rules: R.EvergreenRules, state: EvergreenState, index: int, player: PlayerState, rng: random.Random
) -> PlayerState:
    """`player` (done, plan hidden) with a legal plan played by the playout policy."""
    work = player.copied()
    work.plan = Plan(board=player.board)
    if player.card is None:
        return work
    work.committed = False
    # A private scratch state: only this seat's record changes; _apply_step copies
    # the players list and log, so `state` is never touched.
    scratch = shallow_copy(state, log=[], players=list(state.players))
    scratch.players[index] = work
    for _ in range(_MAX_SAMPLED_STEPS):
        actions = rules._step_actions(scratch, work, work.plan)  # type: ignore[arg-type]
        action = playout_action(scratch, index, actions, rng)
        if isinstance(action, Done):
            break
        scratch = rules._apply_step(scratch, index, action)
        work = scratch.players[index]
    done = work.copied()
    done.committed = True
    return done


# -- estimate ------------------------------------------------------------------------------------------
def rounds_left(state: EvergreenState) -> int:
    """Rounds still to be played, the current one included (0 once the game is over)."""
    if state.phase == "over":
        return 0
    return sum(R.SEASON_ROUNDS[state.season:]) - state.round + 1


def estimate_scores(state: EvergreenState) -> list[float]:
    """Each seat's expected final score: exact at the end of the game.

    Mid-game: the points already scored (and a pending points power), plus what the
    seat's working planet would score now in every season still to score (light
    from that season's sun and the biggest forest), its end-game fertility and
    bamboo as things stand, plus `_GROWTH[rounds left]` for the growth still to come.
    """
    if state.phase == "over":
        return [float(player.total) for player in state.players]
    seasons = range(state.season, len(R.SUN))
    edges = [R.SUN[season] for season in seasons]
    growth = _GROWTH[min(rounds_left(state), len(_GROWTH) - 1)]
    values = R.fertility_values(state.zone)
    bamboo = "bamboo" in state.powers
    estimates = []
    for player in state.players:
        plan = player.plan
        board = plan.board if plan is not None else player.board
        points = player.total + (plan.points if plan is not None else 0)
        forest = R.biggest_forest_size(board)
        points += forest * len(edges)
        for edge in edges:
            points += R.light_points(board, edge)
        points += _fertility_now(board, values)
        if bamboo and (R.SMALL_BAMBOO in board or R.BIG_BAMBOO in board):
            points += 2 * R.bamboo_biomes(board)
        estimates.append(points + growth)
    return estimates


def settled_estimate(state: EvergreenState) -> list[float] | None:
    """`estimate_scores` where a round's play is settled (a new round's draft not begun,
    or the game over), else None: play on to there.

    Mid-round, the seats that planned first have this round's growth on their boards
    and the rest do not yet, so a cut there hands the early planners wins they do not
    have: playouts cut at a fixed count of steps give the 4-seat game's last two
    planners a few per cent of the wins where whole games give them about a fifth
    each, and a long search learns to steer into such cuts (in the 4-seat opening
    draft it rates a points card far above what it wins in whole games).
    """
    if state.phase == "over" or (state.phase == "draft" and state.picked == 0):
        return estimate_scores(state)
    return None


def estimate_spread(state: EvergreenState) -> float:
    """How far a seat's final score strays from `estimate_scores` from here (`_SPREAD`;
    0 once the game is over or with one seat)."""
    if state.phase == "over" or len(state.players) < 2:
        return 0.0
    table = _SPREAD[min(len(state.players), 4)]
    return table[min(max(rounds_left(state), 1), len(table)) - 1]


def _fertility_now(board: str, values: dict[str, int]) -> int:
    if R.BIG not in board and R.CHERRY not in board:
        return 0
    bigs = [0] * len(R.BIOME_KEYS)
    cherries = [0] * len(R.BIOME_KEYS)
    biome_at = R.BIOME_AT
    for cell in R.PLAYABLE:
        glyph = board[cell]
        if glyph == R.BIG:
            bigs[biome_at[cell]] += 1
        elif glyph == R.CHERRY:
            cherries[biome_at[cell]] += 1
    return sum(bigs[i] * (values[key] + cherries[i]) for i, key in enumerate(R.BIOME_KEYS) if bigs[i])


# -- playout policy ------------------------------------------------------------------------------------
def playout_action(state: EvergreenState, seat: int, actions: list[Any], rng: random.Random) -> Any:
    """Epsilon-greedy: growths first, then plants and powers, Done last.

    With chance `_EPSILON` (and in the draft and the wild choice) the pick is
    uniform.  Otherwise an action step that grows beats one that plants, which beats
    a power on a space; the points power is taken at once; Done only when nothing
    else is left.  Ties are broken at random.
    """
    if len(actions) == 1 or state.phase != "actions" or rng.random() < _EPSILON:
        return actions[rng.randrange(len(actions))]
    best: list[Any] = []
    best_rank = -1
    for action in actions:
        kind = type(action)
        if kind is Grow or kind is LakeGrow:
            rank = 4
        elif kind is UsePower:
            rank = 5 if action.space is None else 3
        elif kind is Plant:
            rank = 2
        else:
            rank = 0
        if rank > best_rank:
            best_rank = rank
            best = [action]
        elif rank == best_rank:
            best.append(action)
    return best[rng.randrange(len(best))]
