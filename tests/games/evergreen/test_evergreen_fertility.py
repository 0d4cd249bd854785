"""The module rulebook's four worked fertility examples, and the fertility zone rules."""

from __future__ import annotations

from boardgames_tui.games.evergreen.rules import (
    bamboo_biomes,
    fertility_points,
    fertility_values,
    player_fertility,
)

from .helpers import board, card_where, cards_where, zone_of

FERTILE_1, OTHER_FERTILE_1 = cards_where(biome="swamp", fertility=1)
FERTILE_2 = card_where(biome="swamp", fertility=2)
ARID = card_where(biome="swamp", aridity=True)
BLANK = card_where(biome="swamp", fertility=0, aridity=False)


def multiplier(biome: str) -> int:
    return card_where(biome=biome, power="cherry", multiplier=True)


def negative(biome: str) -> int:
    return card_where(biome=biome, power="bamboo", negative=True)


def test_swamp_is_4_with_a_multiplier_worth_the_two_other_cards():
    zone = zone_of("swamp", (FERTILE_1, True), (multiplier("swamp"), True), (OTHER_FERTILE_1, True))
    assert fertility_values(zone)["swamp"] == 1 + 2 + 1 == 4


def test_wheat_is_7_with_a_multiplier_counting_face_down_cards_too():
    wheat_2 = card_where(biome="wheat", fertility=2)
    wheat_1, other_wheat_1 = cards_where(biome="wheat", fertility=1)
    wheat_arid = card_where(biome="wheat", aridity=True)
    zone = zone_of(
        "wheat",
        (wheat_2, True),
        (wheat_1, False),  # dried out by the aridity card: no icons, but still a card
        (wheat_arid, True),
        (other_wheat_1, True),
        (multiplier("wheat"), True),
    )
    # 2 + 0 + 0 + 1 + (4 other cards in the stack) = 7
    assert fertility_values(zone)["wheat"] == 7


def test_a_face_down_multiplier_is_worth_nothing():
    zone = zone_of("swamp", (FERTILE_2, True), (multiplier("swamp"), False), (ARID, True))
    assert fertility_values(zone)["swamp"] == 2


def test_snow_3_becomes_5_for_daisys_two_cherry_trees_worth_15_instead_of_9():
    snow_2 = card_where(biome="snow", fertility=2)
    snow_1 = card_where(biome="snow", fertility=1)
    zone = zone_of("snow", (snow_2, True), (snow_1, True))
    daisy = board(B6="T", C6="T", D6="T", A7="c", B7="c", E7="t")
    other = board(B6="T", C6="T", D6="T")
    assert fertility_values(zone)["snow"] == 3
    assert player_fertility(zone, daisy)["snow"] == 5
    assert fertility_points(zone, daisy)["snow"] == 15
    # The cherry trees help only their own planet, and score no fertility themselves.
    assert player_fertility(zone, other)["snow"] == 3
    assert fertility_points(zone, other)["snow"] == 9
    assert fertility_points(zone, board(A7="c", B7="c"))["snow"] == 0


def test_snow_3_minus_a_negative_icon_is_2():
    snow_2 = card_where(biome="snow", fertility=2)
    snow_1 = card_where(biome="snow", fertility=1)
    zone = zone_of("snow", (snow_2, True), (snow_1, True), (negative("snow"), True))
    assert fertility_values(zone)["snow"] == 3 - 1 == 2


def test_negative_icons_can_take_a_biome_below_zero_and_cost_points():
    zone = zone_of("rocks", (negative("rocks"), True), (negative("wild"), True))
    assert fertility_values(zone)["rocks"] == -2
    assert fertility_points(zone, board(E6="T", F6="T"))["rocks"] == -4


def test_biomes_with_bamboo_count_once_each():
    planet = board(A1="m", B1="M", D1="m", E6="M", A7="b")
    # Wheat (A1, B1), Meadow (D1), Rocks (E6): three biomes.
    assert bamboo_biomes(planet) == 3
    assert bamboo_biomes(board(A1="t")) == 0


def test_every_biome_has_a_value_even_when_its_stack_is_empty():
    values = fertility_values(zone_of("swamp", (BLANK, True)))
    assert set(values) == {"wheat", "meadow", "flowers", "swamp", "snow", "rocks"}
    assert all(value == 0 for value in values.values())
