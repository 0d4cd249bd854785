"""The shared pool of pieces: its counts, planning against it, the reveal in turn order, bamboo.

The base rulebook counts no pieces per player; the module text takes them from one
place: "Replace 1 Sprout treeple on your Planet board with 1 Cherry Tree treeple from
the pool." and "Place 1 Small Bamboo pawn from the pool into an empty space of your
Planet board."  So the box (45 sprouts, 54 small trees, 61 big trees, 20 bushes,
20 lakes; 30 cherry trees, 20 small and 20 big bamboo) is one pool for every planet.
"""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import SPECTATOR, IllegalMove
from boardgames_tui.games.evergreen.model import Done, EvergreenState, Grow, LakeGrow, Plant, UsePower
from boardgames_tui.games.evergreen.rules import BOX, pool_left, pool_line, turn_order

from .helpers import RULES, board, card_where, cell, give_card, new_game, to_actions, with_player

SWAMP_SPROUT = card_where(biome="swamp", power="sprout")
SWAMP_SMALL = card_where(biome="swamp", power="sprout-to-small")
SWAMP_LAKE = card_where(biome="swamp", power="lake")
BOX_WITH_MODULES = {"s": 45, "t": 54, "T": 61, "b": 20, "l": 20, "c": 30, "m": 20, "M": 20}


def planning(players: int = 2, **options) -> tuple[EvergreenState, list[int]]:
    """The action phase of a fresh game and its turn order (first player first)."""
    state = to_actions(new_game(players, seed=1, **options))
    return state, turn_order(state)


def with_pool(state: EvergreenState, **counts: int) -> EvergreenState:
    return state.model_copy(update={"pool": {**state.pool, **counts}})


def play(state: EvergreenState, seat: int, *actions) -> EvergreenState:
    for action in actions:
        RULES.validate(state, seat, action)
        state = RULES.apply(state, seat, action)
    return state


def reveal(state: EvergreenState, *plans: tuple[int, list]) -> EvergreenState:
    """Each (seat, steps) plays its steps and Done; the last Done reveals."""
    for seat, steps in plans:
        state = play(state, seat, *steps, Done())
    return state


def texts(state: EvergreenState) -> list[str]:
    return [entry.text for entry in state.log]


def accounted_for(state: EvergreenState) -> bool:
    """Every piece is in the pool or on a public planet."""
    return all(
        left + sum(player.board.count(glyph) for player in state.players) == BOX[glyph]
        for glyph, left in state.pool.items()
    )


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_pool_holds_the_whole_box_whatever_the_number_of_players(players):
    state = new_game(players, seed=2, modules="both")
    assert state.pool == BOX_WITH_MODULES
    plain = new_game(players, seed=2)
    assert plain.pool == {"s": 45, "t": 54, "T": 61, "b": 20, "l": 20}
    assert pool_line(plain.pool) == "sprout 45 · small tree 54 · big tree 61 · bush 20 · lake 20"


def test_a_plan_takes_only_what_the_pool_held_at_the_last_reveal_less_its_own_steps():
    state, order = planning()
    first, second = order
    state = with_pool(give_card(state, first, SWAMP_SPROUT, level=1), s=2)
    state = play(state, first, Plant(space=cell("A4")))
    assert pool_left(state, state.players[first], "s") == 1
    state = play(state, first, Plant(space=cell("B4")))
    with pytest.raises(IllegalMove, match=r"already takes every sprout left in the shared pool \(2\)"):
        RULES.validate(state, first, Plant(space=cell("C4")))
    assert not any(isinstance(action, (Plant, UsePower)) for action in RULES.legal_actions(state, first))
    # The other seat's offer does not change with a secret plan it cannot see.
    assert pool_left(state, state.players[second], "s") == 2
    assert Plant(space=cell("A4")) in RULES.legal_actions(RULES.view(state, second), second)
    # An empty pool says so plainly.
    empty = with_pool(state, s=0)
    with pytest.raises(IllegalMove, match="No sprout is left in the shared pool"):
        RULES.validate(empty, second, Plant(space=cell("A4")))


def test_a_growth_in_the_plan_gives_the_smaller_piece_back_for_a_later_step():
    state, order = planning()
    first = order[0]
    state = with_player(with_pool(give_card(state, first, SWAMP_SPROUT), s=0, t=54), first, board=board(A4="s"))
    with pytest.raises(IllegalMove, match="No sprout"):
        RULES.validate(state, first, Plant(space=cell("B4")))
    # Growing the sprout on A4 returns it, so a sprout may be planted after.
    state = play(state, first, Grow(space=cell("A4")), Plant(space=cell("B4")))
    assert state.players[first].plan.board == board(A4="t", B4="s")


def test_the_pool_is_public_and_only_the_reveal_changes_it():
    state, order = planning(3)
    before = dict(state.pool)
    state = play(state, order[0], Plant(space=cell("A4")), Done())
    state = play(state, order[1], Plant(space=cell("G1")))
    for viewer in (*order, SPECTATOR):
        assert RULES.view(state, viewer).pool == before
    state = play(state, order[1], Done())
    state = play(state, order[2], Done())
    assert state.pool["s"] == before["s"] - 2
    assert accounted_for(state)


def test_plans_that_want_more_than_the_pool_are_carried_out_in_turn_order():
    """The plans are secret until "After all players have completed their actions and
    powers"; the first player's plan comes first, the step that finds the pool empty is
    refused and logged, and the rest of that plan goes ahead."""
    state, order = planning(3)
    first, second, third = order
    state = with_pool(give_card(state, third, SWAMP_SPROUT), s=2)
    state = reveal(
        state,
        (third, [Plant(space=cell("A4")), Plant(space=cell("B4"))]),
        (second, [Plant(space=cell("A4"))]),
        (first, [Plant(space=cell("G1"))]),
    )
    assert state.players[first].board == board(G1="s")
    assert state.players[second].board == board(A4="s")
    assert state.players[third].board == board()
    assert state.pool["s"] == 0 and state.pool_refusals == 2
    refusals = [text for text in texts(state) if "refused" in text]
    assert refusals == [
        f"{state.name(third)}: the sprout on A4 is refused: the shared pool has no sprout left.",
        f"{state.name(third)}: the sprout on B4 is refused: the shared pool has no sprout left.",
    ]
    sheet = RULES.score_sheet(state)
    assert any("ran short 2 times" in note for note in sheet.notes)


def test_a_refused_step_takes_the_steps_that_relied_on_it_with_it():
    state, order = planning()
    first, second = order
    state = with_pool(give_card(state, second, SWAMP_SMALL, level=1), s=1)
    # The second seat plants a sprout and grows it with its power: when the pool's last
    # sprout goes to the first player, the growth has nothing to grow.
    state = reveal(
        state,
        (first, [Plant(space=cell("G1"))]),
        (second, [Plant(space=cell("A4")), UsePower(space=cell("A4"))]),
    )
    assert state.players[second].board == board()
    assert f"{state.name(second)}: the Sprout to Small Tree on A4 is refused: an earlier step it relied on was refused." in texts(state)
    assert state.pool_refusals == 1 and state.pool["s"] == 0 and state.pool["t"] == 54


def test_a_lake_the_pool_cannot_cover_takes_its_growths_with_it():
    state, order = planning()
    first, second = order
    state = give_card(give_card(state, first, SWAMP_LAKE), second, SWAMP_LAKE)
    state = with_player(state, second, board=board(A5="s"))
    state = with_pool(state, l=1, s=44)
    state = reveal(
        state,
        (first, [UsePower(space=cell("G1"))]),
        (second, [UsePower(space=cell("A4")), LakeGrow(space=cell("A5"))]),
    )
    assert state.players[first].board == board(G1="l")
    assert state.players[second].board == board(A5="s")
    assert f"{state.name(second)}: the lake growth on A5 is refused: the lake was not placed." in texts(state)
    assert state.pool["l"] == 0 and state.pool["t"] == 54


def test_every_lit_small_bamboo_grows_while_the_pool_holds_big_bamboo():
    """"Before the Collect Light step of the End of Season procedure, all Small Bamboo
    that are hit by light must be immediately replaced with Big Bamboo pawns." A planet
    is no longer held to a quarter of the box: six lit small bamboo on one planet of
    four all grow (the old per-planet share was 20 // 4 = 5)."""
    state, _ = planning(4, modules="bamboo", bamboo_replaces="bush")
    planet = board(A1="m", B1="m", C1="m", D1="m", E1="m", F1="m")
    state = with_pool(with_player(state, 0, board=planet), m=14)
    state = state.model_copy(update={"round": 5})
    state = reveal(state, *((seat, []) for seat in turn_order(state)))
    assert state.players[0].board == board(A1="M", B1="M", C1="M", D1="M", E1="M", F1="M")
    assert state.pool["M"] == 14 and state.pool["m"] == 20
    assert accounted_for(state)


def test_when_big_bamboo_runs_out_planets_grow_in_turn_order():
    state, _ = planning(2, modules="bamboo", bamboo_replaces="bush")
    state = state.model_copy(update={"round": 5})
    planet = board(E1="m", F1="m")
    state = with_player(with_player(state, 0, board=planet), 1, board=planet)
    state = with_pool(state, m=16, M=1)
    state = reveal(state, *((seat, []) for seat in turn_order(state)))
    # The season ended after the marker moved: the order is the one the next round keeps.
    first, second = turn_order(state)
    assert state.players[first].board == board(E1="M", F1="m")
    assert state.players[second].board == planet
    assert state.pool["M"] == 0 and state.pool_refusals == 3
    assert f"{state.name(first)}: 1 lit small bamboo stays small: the shared pool has no big bamboo left." in texts(state)
    assert f"{state.name(second)}: 2 lit small bamboo stay small: the shared pool has no big bamboo left." in texts(state)
