"""The steps a board offers everywhere on it, kept from one board to the next.

Before a plan's action has a step, a plant is on offer on every empty space and a
growth on every sprout and small tree, and the sprout, bush, lake and bamboo powers
on every empty space: walking a board's spaces for them was the largest part of a
legal-moves call.  A plan's step changes one space of its board, and a round's
public board is mostly the last board a plan had, so the moves are kept by board,
and a step's new board has its moves worked out from its old board's (a copy and
one change) when they are first asked for.  A board's offers depend on the board
alone: kept or walked, they are the same (a test holds them to `scan`).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.evergreen.rules.common import CELLS, EMPTY, GROW, PLANT, PLAYABLE, POWER, SMALL, SPROUT

# A board's offers: the power uses on its empty spaces, and the action steps on its
# empty spaces, sprouts and small trees (a plant or a growth), each in space order.
Offers = tuple[list[Any], list[Any]]

# Glyph -> the action step on offer on a space holding it.
_STEP_ON: dict[str, tuple[Any, ...]] = {EMPTY: PLANT, SPROUT: GROW, SMALL: GROW}
# Space -> glyph -> the move on offer there (none on a ravine): a board read through
# these in C (`map`) is walked several times quicker than space by space.
_STEP_TABLES = tuple(
    {glyph: moves[cell] for glyph, moves in _STEP_ON.items()} if cell in PLAYABLE else {} for cell in range(CELLS)
)
_POWER_TABLES = tuple({EMPTY: POWER[cell]} if cell in PLAYABLE else {} for cell in range(CELLS))
_get = dict.get


def scan(board: str) -> Offers:
    """`board`'s offers, walked space by space."""
    return list(filter(None, map(_get, _POWER_TABLES, board))), list(filter(None, map(_get, _STEP_TABLES, board)))


def offers(board: str) -> Offers:
    """`board`'s offers (the caller must not change them)."""
    known = _OFFERS.get(board)
    if known is None:
        known = _worked_out(board)
    return known


def offered_steps(board: str) -> list[Any]:
    """A plant on each empty space of `board` and a growth on each sprout and small tree,
    in space order (the caller must not change the list)."""
    known = _OFFERS.get(board)
    return (known or _worked_out(board))[1]


def offered_powers(board: str) -> list[Any]:
    """A power use on each empty space of `board`, in space order (the caller must not
    change the list)."""
    known = _OFFERS.get(board)
    return (known or _worked_out(board))[0]


def board_after_step(board: str, cell: int, glyph: str) -> str:
    """`board` with `glyph` on `cell` (a plan's step), noted so that its offers can be
    worked out from `board`'s."""
    after = board[:cell] + glyph + board[cell + 1 :]
    if len(_STEPPED) >= _KEPT_MAX:
        _STEPPED.clear()
    _STEPPED[after] = (board, cell)
    return after


def _worked_out(board: str) -> Offers:
    """`board`'s offers, from the nearest board before it (step by step) whose are kept,
    or walked."""
    chain = []
    known = None
    while known is None:
        step = _STEPPED.get(board)
        if step is None:
            known = _keep(board, scan(board))
            break
        before, cell = step
        chain.append((before, board, cell))
        board = before
        known = _OFFERS.get(before)
    for before, after, cell in reversed(chain):
        known = _keep(after, _changed(known, before, after, cell))
    return known


def _changed(known: Offers, before: str, after: str, cell: int) -> Offers:
    """The offers of `after`, which is `before` (whose offers are `known`) with `cell` changed."""
    powers, steps = known
    was, now = before[cell], after[cell]
    empty_before = 0
    if was == EMPTY or now == EMPTY:
        empty_before = before.count(EMPTY, 0, cell)
        powers = _with_move(powers, empty_before, was == EMPTY, _POWER_TABLES[cell].get(now))
    on_space = _STEP_TABLES[cell]
    move = on_space.get(now)
    # A sprout grown into a small tree keeps its growth on offer: the same move, the same list.
    if (was in _STEP_ON or move is not None) and on_space.get(was) is not move:
        if not empty_before:
            empty_before = before.count(EMPTY, 0, cell)
        index = empty_before + before.count(SPROUT, 0, cell) + before.count(SMALL, 0, cell)
        steps = _with_move(steps, index, was in _STEP_ON, move)
    return powers, steps


def _with_move(moves: list[Any], index: int, present: bool, move: Any) -> list[Any]:
    """A copy of `moves` with the move at `index` (present or not) replaced by `move`
    (None: taken out)."""
    moves = list(moves)
    if move is None:
        del moves[index]
    elif present:
        moves[index] = move
    else:
        moves.insert(index, move)
    return moves


def _keep(board: str, known: Offers) -> Offers:
    if len(_OFFERS) >= _KEPT_MAX:
        _OFFERS.clear()
    _OFFERS[board] = known
    return known


# Board -> its offers, and a step's board -> (the board before it, the space it
# changed); each emptied when full.  A random game's round makes a few dozen boards,
# and a search's playouts many more, mostly never seen again: kept longer, the
# records outlive the collector's young generations and cost more than they save
# (at 512 a random game took 1% more instructions than at 128; 64 and 32 too).
_OFFERS: dict[str, Offers] = {}
_STEPPED: dict[str, tuple[str, int]] = {}
_KEPT_MAX = 128
