"""The end of the game: fertility, bamboo biomes, the score sheet and the tie-break."""

from __future__ import annotations

from boardgames_tui.games.evergreen.model import Done, ZoneCard
from boardgames_tui.games.evergreen.rules import BIOME_KEYS

from .helpers import GAME, RULES, board, card_where, new_game, to_actions, with_player

SNOW_2 = card_where(biome="snow", fertility=2)
SNOW_1 = card_where(biome="snow", fertility=1)


def last_round(players: int, **options):
    """A game at the last round of Winter, in the action phase."""
    state = to_actions(new_game(players, seed=8, **options))
    zone = {key: [] for key in BIOME_KEYS}
    zone["snow"] = [ZoneCard(card=SNOW_2), ZoneCard(card=SNOW_1)]
    return state.model_copy(update={"season": 3, "round": 2, "zone": zone})


def finish(state):
    for seat in list(RULES.to_act(state)):
        state = RULES.apply(state, seat, Done())
    return state


def test_the_last_reveal_scores_winter_then_fertility_and_ends_the_game():
    state = last_round(2, modules="cherry", cherry_replaces="bush")
    # Winter light comes from the left. Daisy: three big trees and two cherries in the Snow.
    daisy = board(B6="T", C6="T", D6="T", A7="c", B7="c")
    state = with_player(state, 0, board=daisy, light=[1, 2, 3], forest=[1, 1, 1], start_points=0)
    state = with_player(state, 1, board=board(B6="T"), light=[0, 0, 0], forest=[0, 0, 0], start_points=1)
    final = finish(state)
    assert RULES.is_over(final) and RULES.to_act(final) == []
    daisy_after = final.players[0]
    # Light from the left: B6 lit (A6 is a ravine), C6 and D6 behind it; A7 cherry lit (2),
    # B7 cherry behind it. Forest: B6 C6 D6 A7 B7 = 5.
    assert daisy_after.light == [1, 2, 3, 2 + 2]
    assert daisy_after.forest == [1, 1, 1, 5]
    # Snow 3, +2 for Daisy's own cherries: 3 big trees × 5.
    assert daisy_after.fertility[BIOME_KEYS.index("snow")] == 15
    assert final.players[1].fertility[BIOME_KEYS.index("snow")] == 3
    sheet = RULES.score_sheet(final)
    rows = {row.category: row for row in sheet.rows}
    assert rows["Fertility"].values == [15, 3]
    assert rows["Fertility"].details[0] == "Snow 3×5"
    assert rows["Light"].details[0] == "Spring 1 · Summer 2 · Autumn 3 · Winter 4"
    assert "Biomes with bamboo" not in rows and "Gain Points power" in rows
    assert sheet.totals == [daisy_after.total, final.players[1].total]
    assert sheet.totals[0] == 0 + (1 + 2 + 3 + 4) + (1 + 1 + 1 + 5) + 15
    assert sheet.winners == [0] and sheet.decided_by.startswith("most points")
    assert any("Cherry Tree Growth replaced Place a Bush" in note for note in sheet.notes)
    assert GAME.narrator.progress(final) == "Finished"


def test_bamboo_biomes_score_two_each_and_appear_on_the_sheet():
    state = last_round(1, modules="bamboo", bamboo_replaces="points")
    # Bamboo in Wheat (A1, in shadow of nothing) and in Rocks (E6).
    state = with_player(state, 0, board=board(A1="m", E6="M"), light=[0, 0, 0], forest=[0, 0, 0])
    final = finish(state)
    assert final.players[0].bamboo_biomes == 2
    rows = {row.category: row for row in RULES.score_sheet(final).rows}
    assert rows["Biomes with bamboo"].values == [4]
    assert "Gain Points power" not in rows


def test_a_tie_goes_to_the_player_earliest_in_turn_order():
    state = last_round(3)
    for seat in range(3):
        state = with_player(state, seat, board=board(), light=[0, 0, 0], forest=[0, 0, 0], start_points=5)
    # Birch (seat 2) takes the first-player marker in the last round, so leads the turn order.
    state = state.model_copy(update={"marker_taken_by": 2})
    final = finish(state)
    sheet = RULES.score_sheet(final)
    assert sheet.totals == [5, 5, 5]
    assert final.first_player == 2
    assert sheet.winners == [2]
    assert "broken by turn order" in sheet.decided_by
    assert any("Birch won" in entry.text for entry in final.log)


def test_a_score_sheet_mid_game_shows_the_scores_so_far():
    state = new_game(2, seed=2)
    sheet = RULES.score_sheet(state)
    assert sheet.totals == [player.start_points for player in state.players]
    assert any("not over" in note for note in sheet.notes)
    assert GAME.narrator.progress(state) == "Spring, round 1 of 5 (round 1 of 14)"
