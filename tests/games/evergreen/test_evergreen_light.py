"""Light and shadow from all four edges, ravines, bamboo growth and the biggest forest.

The planet (row 1 at the top, '#' ravines at C2, D4, G5, A6):
    A B C D E F G
 1  W W W M M M M
 2  W W # M M F F
 3  W W S M F F F
 4  S S S # F F F
 5  S S S N R R #
 6  # N N N R R R
 7  N N N N R R R
"""

from __future__ import annotations

import random

from boardgames_tui.games.evergreen.model import Done, Plant
from boardgames_tui.games.evergreen.rules import (
    biggest_forest,
    biggest_forest_size,
    forests,
    grow_bamboo,
    light_points,
    light_preview,
    lit_spaces,
    season_preview,
)

from .helpers import RULES, board, card_where, cell, give_card, names, new_game, to_actions, with_player

# Column C top to bottom: small, ravine, small, big, small, big, big.
COLUMN_C = board(C1="t", C3="t", C4="T", C5="t", C6="T", C7="T")
# Row 4 left to right: big, small, small, ravine, small, big, cherry.
ROW_4 = board(A4="T", B4="t", C4="t", E4="t", F4="T", G4="c")


def test_the_planet_map_matches_the_docstring():
    rows = [".......", "..#....", ".......", "...#...", "......#", "#......", "......."]
    assert board() == "".join(rows)


def test_light_from_the_top_along_a_column_with_a_ravine_and_mixed_heights():
    # C1 lit; C3 lit (C1's 1-space shadow ends on the ravine); C4 big is taller than
    # C3; C5 is under C4; C6 is 2 spaces behind the big C4; C7 is behind C6, which is
    # itself in shadow but still casts one.
    assert names(lit_spaces(COLUMN_C, "top")) == ["C1", "C3", "C4"]
    assert light_points(COLUMN_C, "top") == 1 + 1 + 2


def test_light_from_the_bottom_along_the_same_column():
    # C7 lit; C6, C5 and C4 shaded (C4 by the big C6 two spaces away); C3 under C4;
    # C1 lit: the ravine leaves a gap that C3's 1-space shadow cannot cross.
    assert names(lit_spaces(COLUMN_C, "bottom")) == ["C1", "C7"]
    assert light_points(COLUMN_C, "bottom") == 2 + 1


def test_light_from_the_left_along_a_row_with_a_ravine():
    # A4 lit; B4 under A4; C4 under B4 (equal height); D4 ravine; E4 lit (C4's shadow
    # is 1 long); F4 big, taller than E4: lit; the cherry G4 under F4.
    assert names(lit_spaces(ROW_4, "left")) == ["A4", "E4", "F4"]
    assert light_points(ROW_4, "left") == 2 + 1 + 2


def test_light_from_the_right_along_the_same_row():
    # The cherry G4 is lit and worth 2; F4 is taller than it; E4 under F4; C4 lit past
    # the ravine; B4 under C4; A4 big, taller than B4 and beyond C4's short shadow.
    assert names(lit_spaces(ROW_4, "right")) == ["A4", "C4", "F4", "G4"]
    assert light_points(ROW_4, "right") == 2 + 1 + 2 + 2


def test_a_big_trees_shadow_crosses_a_ravine():
    planet = board(D3="T", D5="T", D6="t")
    # Top: D3 lit; D4 is a ravine but still a space, so D5 is 2 behind D3: shaded; D6 under D5.
    assert names(lit_spaces(planet, "top")) == ["D3"]
    # Bottom: D6 lit, D5 taller: lit; D3 two spaces behind D5: shaded.
    assert names(lit_spaces(planet, "bottom")) == ["D5", "D6"]


def test_a_shorter_plant_never_shades_a_taller_one_and_sprouts_bushes_lakes_cast_nothing():
    planet = board(A1="s", A2="b", A3="l", A4="t", A5="T")
    assert names(lit_spaces(planet, "top")) == ["A4", "A5"]
    assert names(lit_spaces(planet, "bottom")) == ["A5"]


def test_bamboo_scores_no_light_but_shades_like_a_tree():
    planet = board(E1="M", E2="T", E3="t", F1="m", F2="t")
    lit = light_preview(planet, "top", big_bamboo_left=0)
    # E1 big bamboo lit (0 points) and shading E2, E3; F1 small bamboo lit (cannot grow:
    # no big bamboo left) and shading F2.
    assert names(lit.lit) == ["E1", "F1"]
    assert lit.points == 0


def test_small_bamboo_in_light_grows_before_light_is_collected():
    planet = board(E1="m", E2="T")
    # Without growth the big tree E2 would be taller than the small bamboo and lit.
    assert names(lit_spaces(planet, "top")) == ["E1", "E2"]
    preview = light_preview(planet, "top")
    assert names(preview.grown_bamboo) == ["E1"]
    assert preview.board == board(E1="M", E2="T")
    assert names(preview.lit) == ["E1"]
    assert preview.points == 0


def test_every_small_bamboo_lit_before_the_step_grows_even_if_a_new_big_one_shades_it():
    planet = board(F1="m", F3="m", G1="T", G2="m")
    grown_board, grown = grow_bamboo(planet, "top")
    # F1 and F3 were both in light (F1's shadow is 1 long) and both grow, although F3 is
    # now 2 behind the big bamboo F1; G2 was under the big tree G1 and stays small.
    assert names(grown) == ["F1", "F3"]
    assert grown_board == board(F1="M", F3="M", G1="T", G2="m")
    assert names(lit_spaces(grown_board, "top")) == ["F1", "G1"]


def test_bamboo_growth_stops_when_the_supply_runs_out_nearest_the_sun_first():
    planet = board(E1="m", F1="m", A3="m")
    _, grown = grow_bamboo(planet, "top", big_bamboo_left=2)
    # From the top, E1 and F1 (row 1) are nearer the sun than A3 (row 3).
    assert names(grown) == ["E1", "F1"]
    _, grown = grow_bamboo(planet, "top", big_bamboo_left=1)
    # Equally near: line by line, column E before column F.
    assert names(grown) == ["E1"]
    _, grown = grow_bamboo(planet, "left", big_bamboo_left=1)
    # From the left, A3 (column A) is nearest, though its row comes after row 1.
    assert names(grown) == ["A3"]
    _, grown = grow_bamboo(planet, "right", big_bamboo_left=1)
    # From the right, E1 is in F1's shadow; F1 is nearer the sun than A3.
    assert names(grown) == ["F1"]
    assert names(grow_bamboo(planet, "top", big_bamboo_left=0)[1]) == []


def test_the_season_end_grows_bamboo_then_scores_light_and_forest():
    state = to_actions(new_game(1, seed=3, modules="bamboo"))
    planet = board(E1="m", E2="T", F2="t", A7="T")
    state = state.model_copy(update={"round": 5})
    state = with_player(state, 0, board=planet)
    after = RULES.apply(state, 0, Done())
    player = after.players[0]
    assert player.board == board(E1="M", E2="T", F2="t", A7="T")
    # Light from the top: E1 big bamboo (0), F2 small (1), A7 big (2); E2 under E1.
    assert player.light == [3]
    # Forest: E1, E2, F2 connected (bamboo counts): 3.
    assert player.forest == [3]
    assert after.season == 1 and after.round == 1
    assert any("1 small bamboo grew first" in entry.text for entry in after.log)


def test_biggest_forest_counts_trees_bushes_cherries_and_bamboo_but_not_sprouts_or_lakes():
    planet = board(
        A1="t", B1="T", B2="b", B3="c", A3="M", C3="s", D3="t", E3="T", D2="t", E1="t", F1="l", G1="t", F6="T", G7="T"
    )
    groups = forests(planet)
    assert [len(group) for group in groups] == [5, 3, 1, 1, 1, 1]
    assert names(biggest_forest(planet)) == ["A1", "A3", "B1", "B2", "B3"]
    # The sprout C3 does not link the two big groups, the lake F1 does not link E1 and G1,
    # and diagonal neighbours (F6, G7) are separate forests.
    assert names(groups[1]) == ["D2", "D3", "E3"]
    assert len(biggest_forest(board(A1="t", B1="s", C1="t"))) == 1
    assert biggest_forest_size(planet) == 5 and biggest_forest_size(board(A1="t", B1="s", C1="t")) == 1


def test_biggest_forest_of_an_empty_planet_is_empty():
    assert biggest_forest(board()) == []
    assert biggest_forest(board(A1="s", B1="l")) == []
    assert biggest_forest_size(board()) == 0 and biggest_forest_size(board(A1="s", B1="l")) == 0


def test_the_biggest_forest_s_size_is_counted_alike_on_crowded_and_sparse_planets():
    """The count skips lone pieces and stops when what is left cannot beat the best: it
    must still be the biggest forest's size, wherever that forest lies."""
    rng = random.Random(5)
    empty = board()
    for density in (0.2, 0.5, 0.8, 1.0):
        for _ in range(40):
            planet = "".join(
                glyph if glyph == "#" or rng.random() > density else rng.choice("stTblcmM") for glyph in empty
            )
            assert biggest_forest_size(planet) == len(biggest_forest(planet)), planet


def test_the_season_preview_uses_the_seats_own_plan_and_the_current_sun():
    state = to_actions(new_game(2, seed=3, modules="bamboo"))
    state = give_card(state, 0, card_where(biome="swamp", power="sprout"))
    state = with_player(state, 0, board=board(A4="t", B4="m"))
    state = RULES.apply(state, 0, Plant(space=cell("C4")))
    preview = season_preview(state, 0)
    assert names(preview.lit) == ["A4", "B4"] and preview.points == 1
    assert names(preview.grown_bamboo) == ["B4"] and preview.board.count("s") == 1
    # The other seat's view of seat 0 has no plan: the preview falls back to the public board.
    other = season_preview(RULES.view(state, 1), 0)
    assert other.board.count("s") == 0
