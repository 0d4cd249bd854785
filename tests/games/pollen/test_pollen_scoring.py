"""The rulebook's four scoring examples, and the scoring steps they do not reach.

Meeples are listed as the rulebook does: Bees | Butterflies | Junebugs.
"""

from __future__ import annotations

import pytest

from boardgames_tui.games.pollen.rules import standing

from .helpers import RULES, build

BEE, BUTTERFLY, JUNEBUG = 0, 1, 2


def sheet_for(meeples: list[list[int]], names: list[str]):
    state = build(len(meeples), names=names)
    state.meeples = [list(row) for row in meeples]
    return RULES.score_sheet(state)


def row(sheet, category_start: str):
    return next(row for row in sheet.rows if row.category.startswith(category_start))


def test_example_1_a_leader_of_two_insects_wins_outright():
    names = ["Orange", "Green", "Pink", "Purple"]
    meeples = [[4, 3, 2], [2, 3, 4], [5, 8, 3], [4, 2, 5]]
    result = standing(meeples, names)
    assert result.leaders == [2, 2, 3]
    assert result.led == [[], [], [BEE, BUTTERFLY], [JUNEBUG]]
    assert result.step == "outright"
    assert result.winners == [2]
    assert result.eliminated == [True, True, False, False]
    assert "Pink leads Bees and Butterflies and wins outright" in result.decided_by

    sheet = sheet_for(meeples, names)
    assert sheet.winner_names() == ["Pink"]
    assert sheet.decided_by.startswith("Elimination")
    assert row(sheet, "1. Elimination").values == [0, 0, 2, 1]
    assert row(sheet, "1. Elimination").details[2].endswith("wins outright")
    assert row(sheet, "1. Elimination").details[0] == "leads nothing: eliminated"
    # The rest of the scoring is skipped.
    assert not any(row_.category.startswith(("2.", "3.", "4.")) for row_ in sheet.rows)
    assert sheet.totals == [9, 9, 16, 11]


def test_example_2_eliminated_then_counted():
    names = ["Orange", "Green", "Pink"]
    meeples = [[4, 6, 6], [2, 4, 7], [5, 6, 3]]
    result = standing(meeples, names)
    # Butterflies: Orange and Pink tie on 6, so nobody leads them.
    assert result.leaders == [2, None, 1]
    assert result.eliminated == [True, False, False]
    assert result.counts == [None, 2 + 4, 6 + 3]
    assert result.step == "count"
    assert result.winners == [2]

    sheet = sheet_for(meeples, names)
    assert sheet.winner_names() == ["Pink"]
    assert sheet.decided_by.startswith("Count")
    assert row(sheet, "2. Discard").values == [0, 7, 5]
    assert row(sheet, "2. Discard").details == ["eliminated", "Junebugs set aside", "Bees set aside"]
    assert row(sheet, "3. Count").values == [0, 6, 9]
    assert row(sheet, "3. Count").details[2] == "Butterflies 6 + Junebugs 3"
    assert row(sheet, "Butterflies").details == ["tied for most at 6: no leader", "3rd", "tied for most at 6: no leader"]
    assert row(sheet, "Junebugs").details == ["2nd", "leads 7 to 6", "3rd"]


def test_example_3_tie_on_the_count_broken_by_total_meeples():
    names = ["Orange", "Green", "Pink"]
    meeples = [[4, 7, 3], [9, 3, 3], [3, 4, 6]]
    result = standing(meeples, names)
    assert result.leaders == [1, 0, 2]
    assert result.counts == [4 + 3, 3 + 3, 4 + 3]
    assert result.tied == [0, 2]
    assert result.totals == [14, 15, 13]
    assert result.step == "tie breaker"
    assert result.winners == [0]
    assert "Orange has the most meeples in total (14)" in result.decided_by

    sheet = sheet_for(meeples, names)
    assert sheet.winner_names() == ["Orange"]
    assert row(sheet, "4. Tie breaker").values == [14, 0, 13]
    assert row(sheet, "4. Tie breaker").details == ["tied on the count", "not tied", "tied on the count"]


def test_example_4_four_players():
    names = ["Orange", "Green", "Pink", "Purple"]
    meeples = [[5, 3, 2], [4, 4, 3], [3, 7, 3], [4, 1, 4]]
    result = standing(meeples, names)
    assert result.leaders == [0, 2, 3]
    assert result.eliminated == [False, True, False, False]
    assert result.counts == [3 + 2, None, 3 + 3, 4 + 1]
    assert result.winners == [2]
    assert result.step == "count"
    assert sheet_for(meeples, names).winner_names() == ["Pink"]


def test_still_tied_after_the_tie_breaker_shares_the_victory():
    # Each leads one insect; both count 5 and both hold 10 in total.
    result = standing([[5, 3, 2], [2, 5, 3], [0, 0, 4]], ["A", "B", "C"])
    assert result.leaders == [0, 1, 2]
    assert result.counts == [5, 5, 0]
    assert result.step == "shared"
    assert result.winners == [0, 1]
    assert "share the victory" in result.decided_by


@pytest.mark.parametrize(
    ("meeples", "winners"),
    [
        ([[3, 2, 1], [3, 2, 1], [1, 1, 1]], [0, 1]),
        ([[3, 1, 3], [3, 3, 1], [1, 3, 3]], [0, 1, 2]),
        ([[2, 2, 1], [2, 1, 2], [1, 2, 2], [0, 0, 0]], [0, 1, 2]),
        ([[0, 0, 0], [0, 0, 0]], [0, 1]),
    ],
)
def test_no_leader_and_a_tie_on_total_meeples_is_shared(meeples, winners):
    result = standing(meeples)
    assert result.leaders == [None, None, None]
    assert result.step == "shared"
    assert result.winners == winners
    # Nobody is eliminated there: the rule goes straight to total meeples.
    assert not any(result.eliminated)
    assert "share the victory" in result.decided_by


def test_no_leader_at_all_most_meeples_wins():
    names = ["A", "B", "C", "D"]
    result = standing([[5, 5, 0], [5, 0, 5], [0, 5, 5], [4, 4, 4]], names)
    assert result.leaders == [None, None, None]
    assert result.step == "no leaders"
    assert result.winners == [3]
    assert "most meeples in total wins (12)" in result.decided_by
    state = build(4, names=names)
    state.meeples = [[5, 5, 0], [5, 0, 5], [0, 5, 5], [4, 4, 4]]
    sheet = RULES.score_sheet(state)
    assert sheet.winner_names() == ["D"]
    assert row(sheet, "1. Elimination").details == ["no insect has a leader"] * 4


def test_the_only_leader_left_wins():
    result = standing([[3, 2, 2], [1, 2, 2]], ["A", "B"])
    assert result.leaders == [0, None, None]
    assert result.winners == [0]
    assert result.eliminated == [False, True]
    assert "only A leads an insect" in result.decided_by


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_sheet_shape(players):
    state = build(players)
    state.meeples = [[seat, 2, 3 - seat % 2] for seat in range(players)]
    sheet = RULES.score_sheet(state)
    assert len(sheet.players) == players
    assert all(len(row_.values) == players for row_ in sheet.rows)
    assert all(row_.details is None or len(row_.details) == players for row_ in sheet.rows)
    assert sheet.totals == [sum(row_) for row_ in state.meeples]
    assert sheet.winners
    assert sheet.decided_by.split(":")[0] in {"Elimination", "Count", "Tie breaker"}


def test_the_example_in_rules_md():
    # Ann 2 | 6 | 3, Ben 7 | 3 | 2, Cleo 3 | 2 | 5: all count 5, Ben has most in total.
    result = standing([[2, 6, 3], [7, 3, 2], [3, 2, 5]], ["Ann", "Ben", "Cleo"])
    assert result.leaders == [1, 0, 2]
    assert result.counts == [5, 5, 5]
    assert result.tied == [0, 1, 2]
    assert result.totals == [11, 12, 10]
    assert result.winners == [1]
