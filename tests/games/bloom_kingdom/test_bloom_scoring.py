"""Bloom Kingdom's ten scoring effects, the rulebook's example and the round scoring path."""

from __future__ import annotations

import pytest

from boardgames_tui.games.bloom_kingdom.rules import card_label, worth_now
from boardgames_tui.games.bloom_kingdom.scoring import card_points, column_counts

from .bloom_builders import RULES, CardPicker, build_state, play_turn

EMPTY = {
    "queen": 0,
    "king": 0,
    "knight": 0,
    "noble": 0,
    "dragon": 0,
    "unicorn": 0,
    "farmer": 0,
    "wizard": 0,
    "fortune_teller": 0,
}


def counts(**columns: int) -> dict[str, int]:
    return {**EMPTY, **columns}


def score_last_turn(picker: CardPicker, display: dict[str, list[int]], kept: list[list[int]]):
    """Plays the last turn of round 1 (everyone plays a Farmer) and returns what it scored.

    Each seat holds its two `kept` cards plus a Farmer, so the Farmers join the
    display before scoring; displays below are built with that in mind.
    """
    farmers = picker.take("farmer", len(kept))
    hands = [cards_ + [farmer] for cards_, farmer in zip(kept, farmers)]
    state = build_state(picker, hands, display, turn=4)
    state = play_turn(state, farmers)
    assert state.round == 2, "the last turn must end round 1"
    return state, state.rounds[0]


# -- the rulebook's example ------------------------------------------------------------


def test_rulebook_scoring_example_through_the_round_end():
    picker = CardPicker()
    # Two Nobles, one Farmer: fewer Farmers than Nobles.  Two Wizards: two Wizard +
    # Noble pairs.  Two Dragons, two Kings, one Unicorn under the longer columns.
    display = {
        "noble": picker.take("noble", 2),
        "farmer": picker.take("farmer", 1),
        "wizard": picker.take("wizard", 2),
        "dragon": picker.take("dragon", 2),
        "king": picker.take("king", 2),
        "unicorn": picker.take("unicorn", 1),
    }
    robin = [picker.one("noble"), picker.one("wizard")]
    john = [picker.one("dragon"), picker.one("king")]
    marie = [picker.one("jester"), picker.one("unicorn")]
    # The last cards played are Queens: they change none of the counts above.
    queens = picker.take("queen", 3)
    hands = [robin + [queens[0]], john + [queens[1]], marie + [queens[2]]]
    state = build_state(picker, hands, display, turn=4)
    before = state

    state = play_turn(state, queens)

    robin_result, john_result, marie_result = state.rounds[0]
    assert robin_result.cards == robin and robin_result.points == [0, 6]
    assert john_result.cards == john and john_result.points == [8, 0]
    assert marie_result.cards == marie and marie_result.points == [8, 0]
    assert RULES.totals(state) == [6, 8, 8]
    assert [result.total for result in state.rounds[0]] == [6, 8, 8]
    # The round is over: the kept cards are in the box, the display stays, round 2 is dealt.
    assert set(robin + john + marie) <= set(state.box)
    assert state.display["queen"] == queens
    assert state.display["noble"] == display["noble"]
    assert state.round == 2 and state.turn == 1 and state.phase == "play"
    assert all(len(player.hand) == 6 for player in state.players)
    assert before.rounds == [], "apply changed the state it was given"
    sheet = RULES.score_sheet(state)
    assert sheet.rows[0].values == [6, 8, 8]
    assert sheet.totals == [6, 8, 8]
    assert sheet.winners == [1, 2]
    assert "share" in sheet.decided_by
    scoring_lines = [entry.text for entry in state.log if "Round 1 scoring" in entry.text]
    assert scoring_lines == [
        f"Round 1 scoring — Robin: Noble (0) + {card_label(robin[1])} (6) = 6 VP.",
        "Round 1 scoring — John: Dragon (8) + King (0) = 8 VP.",
        f"Round 1 scoring — Marie: {card_label(marie[0])} (8) + Unicorn (0) = 8 VP.",
    ]


# -- each effect on its own --------------------------------------------------------------


@pytest.mark.parametrize(
    ("character", "display", "points"),
    [
        ("queen", counts(queen=3, king=2), 6),
        ("queen", counts(queen=1, king=4), 3),
        ("queen", counts(queen=2), 0),
        ("knight", counts(knight=2, queen=3, unicorn=2), 10),
        ("knight", counts(knight=3, queen=3, unicorn=0), 0),
        ("farmer", counts(farmer=2, knight=2), 6),
        ("farmer", counts(farmer=3, knight=1), 9),
        ("farmer", counts(farmer=1, knight=2), 0),
        ("farmer", counts(), 0),
        ("noble", counts(noble=2, farmer=2), 8),
        ("noble", counts(noble=2, farmer=5), 8),
        ("noble", counts(noble=2, farmer=1), 0),
        ("wizard", counts(wizard=3, noble=2), 6),
        ("wizard", counts(wizard=1, noble=0), 0),
        ("dragon", counts(dragon=3), 12),
        ("dragon", counts(), 0),
        ("fortune_teller", counts(fortune_teller=2, dragon=3), 10),
        ("fortune_teller", counts(fortune_teller=0, dragon=1), 2),
        ("unicorn", counts(unicorn=3, dragon=2), 9),
        ("unicorn", counts(unicorn=3, dragon=3, king=3), 9),
        ("unicorn", counts(unicorn=2, dragon=3), 0),
        ("unicorn", counts(), 0),
    ],
)
def test_each_scoring_effect_counts_the_display(character, display, points):
    assert card_points(character, display, set()) == points


@pytest.mark.parametrize(
    ("character", "others_kept", "points"),
    [
        ("jester", {"king"}, 12),
        ("jester", {"queen", "dragon"}, 0),
        ("jester", set(), 0),
        ("king", {"queen"}, 12),
        ("king", {"jester"}, 0),
        ("king", {"king", "jester"}, 0),
    ],
)
def test_jester_and_king_look_at_what_the_others_kept(character, others_kept, points):
    assert card_points(character, counts(king=3), others_kept) == points


def test_unknown_character_is_refused():
    with pytest.raises(ValueError, match="unknown character"):
        card_points("goblin", counts(), set())


def test_worth_now_hints_the_conditional_cards():
    assert worth_now("dragon", counts(dragon=2)) == "8"
    assert "another keeps a King" in worth_now("jester", counts(king=2))
    assert worth_now("king", counts(king=2)).startswith("8")


# -- Jester and King through the round end ------------------------------------------------


def test_own_jester_does_not_cancel_own_king_nor_does_own_king_pay_own_jester():
    picker = CardPicker()
    display = {"king": picker.take("king", 2)}
    king, jester = picker.one("king"), picker.one("jester")
    _, results = score_last_turn(picker, display, [[king, jester], picker.take("dragon", 2)])
    # Seat 0's King: no *other* player kept a Jester.  Its Jester: no *other* kept a King.
    assert results[0].cards == [king, jester]
    assert results[0].points == [8, 0]
    assert results[1].points == [0, 0]  # no Dragon in the display


def test_another_players_jester_cancels_a_king_and_their_king_pays_a_jester():
    picker = CardPicker()
    display = {"king": picker.take("king", 3)}
    _, results = score_last_turn(
        picker,
        display,
        [[picker.one("king"), picker.one("queen")], [picker.one("jester"), picker.one("queen")]],
    )
    # Seat 0's King is cancelled by seat 1's Jester, which is paid by seat 0's King.
    # (The Queens score nothing: there is no Queen in the display to pair.)
    assert results[0].points == [0, 0]
    assert results[1].points == [12, 0]


def test_two_kings_kept_by_another_pay_a_jester_once():
    picker = CardPicker()
    display = {"king": picker.take("king", 2)}
    _, results = score_last_turn(
        picker,
        display,
        [[picker.one("jester"), picker.one("queen")], picker.take("king", 2), picker.take("queen", 2)],
    )
    assert results[0].points == [8, 0]
    # Seat 1's Kings: the Jester is seat 0's, not its own, so both are cancelled.
    assert results[1].points == [0, 0]


def test_jesters_in_a_column_count_as_that_character():
    picker = CardPicker()
    jesters = picker.take("jester", 2)
    # Jesters sit at the bottom of the Dragon and Unicorn columns.
    display = {
        "dragon": [jesters[0]] + picker.take("dragon", 1),
        "unicorn": [jesters[1]] + picker.take("unicorn", 2),
    }
    counted = column_counts(display | {column: [] for column in EMPTY if column not in display})
    assert counted["dragon"] == 2 and counted["unicorn"] == 3
    _, results = score_last_turn(
        picker,
        display,
        [[picker.one("dragon"), picker.one("unicorn")], [picker.one("fortune_teller"), picker.one("queen")]],
    )
    # Two Farmers join before scoring, so the Unicorn column (3) is still the longest.
    assert results[0].points == [8, 9]
    assert results[1].points == [4, 0]


def test_unicorn_tied_with_the_longest_column_scores():
    picker = CardPicker()
    display = {"unicorn": picker.take("unicorn", 2), "dragon": picker.take("dragon", 2)}
    # The two Farmers played make the Farmer column 2 as well: a three-way tie.
    _, results = score_last_turn(picker, display, [[picker.one("unicorn"), picker.one("noble")], picker.take("queen", 2)])
    assert results[0].points[0] == 6


def test_unicorn_shorter_than_a_column_scores_nothing():
    picker = CardPicker()
    display = {"unicorn": picker.take("unicorn", 2), "dragon": picker.take("dragon", 3)}
    _, results = score_last_turn(picker, display, [[picker.one("unicorn"), picker.one("noble")], picker.take("queen", 2)])
    assert results[0].points[0] == 0
