"""The rulebook's two pollination examples, stars, ties and meeples from an empty pile."""

from __future__ import annotations

from boardgames_tui.games.pollen.model import Plant
from boardgames_tui.games.pollen.rules import insect_counts, pollinate_point

from .helpers import RULES, build, card, token, tokens_of

BEE, BUTTERFLY, JUNEBUG = 0, 1, 2
# The four cells around point (0, 0).
NW, NE, SW, SE = (-1, -1), (0, -1), (-1, 0), (0, 0)


def test_example_bee_token_stars_count_as_bees():
    # Pink: 2 bees + 3 stars; Purple: 4 bees; Green: 3 bees.
    pink, purple, green = 0, 1, 2
    cards_at = {
        NW: card(pink, "bee-2"),
        NE: card(pink, "star-3"),
        SW: card(purple, "bee-4"),
        SE: card(green, "bee-3"),
    }
    assert insect_counts(cards_at, (0, 0), BEE, 3) == [5, 4, 3]
    [result] = pollinate_point(cards_at, (0, 0), token("bee"), 3)
    assert result.insect == BEE
    assert result.counts == [5, 4, 3]
    assert result.winner == pink


def test_example_junebug_and_butterfly_token_tie_gives_nothing():
    # Orange: 2 stars + 2 butterflies; Pink: 4 butterflies; Purple: 1 star.
    orange, pink, purple = 0, 1, 2
    cards_at = {
        NW: card(orange, "star-2"),
        NE: card(orange, "butterfly-2"),
        SW: card(pink, "butterfly-4"),
        SE: card(purple, "star-1"),
    }
    results = {result.insect: result for result in pollinate_point(cards_at, (0, 0), token("butterfly", "junebug"), 3)}
    assert set(results) == {BUTTERFLY, JUNEBUG}
    # Junebugs: the stars alone; Orange 2 beats Purple 1.
    assert results[JUNEBUG].counts == [2, 0, 1]
    assert results[JUNEBUG].winner == orange
    # Butterflies: Orange 2 + 2 stars = 4 ties Pink's 4: no meeple.
    assert results[BUTTERFLY].counts == [4, 4, 1]
    assert results[BUTTERFLY].winner is None


def test_example_1_played_out_pink_takes_the_bee_meeple():
    pink, purple, green = 0, 1, 2
    bee_token = token("bee")
    state = build(
        3,
        garden={NW: card(pink, "bee-2"), NE: card(pink, "star-3"), SW: card(purple, "bee-4")},
        placed=[(0, 0, bee_token)],
        hands={green: [card(green, "bee-3")]},
        active=green,
        names=["Pink", "Purple", "Green"],
    )
    before = state.model_dump()
    after = RULES.apply(state, green, Plant(card=card(green, "bee-3"), x=0, y=0))
    assert state.model_dump() == before
    assert after.meeples == [[1, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert after.supply == [15, 16, 16]
    [pollination] = after.pollinations
    assert (pollination.x, pollination.y, pollination.token) == (0, 0, bee_token)
    assert pollination.results[0].counts == [5, 4, 3]
    centre = next(placed for placed in after.tokens if (placed.x, placed.y) == (0, 0))
    assert centre.face_up is False
    assert any("Pink wins a Bee meeple" in entry.text for entry in after.log)


def test_example_2_played_out_orange_takes_the_junebug_only():
    orange, pink, purple = 0, 1, 2
    state = build(
        3,
        garden={NW: card(orange, "star-2"), NE: card(orange, "butterfly-2"), SW: card(pink, "butterfly-4")},
        placed=[(0, 0, token("butterfly", "junebug"))],
        hands={purple: [card(purple, "star-1")]},
        active=purple,
    )
    after = RULES.apply(state, purple, Plant(card=card(purple, "star-1"), x=0, y=0))
    assert after.meeples == [[0, 0, 1], [0, 0, 0], [0, 0, 0]]
    assert after.supply == [16, 16, 15]
    assert any("Butterflies: Orange 4, Pink 4, Purple 1, a tie: no meeple" in entry.text for entry in after.log)


def test_one_star_counts_again_for_every_insect_on_the_token():
    cards_at = {NW: card(0, "star-3"), NE: card(1, "bee-2"), SW: card(1, "butterfly-2"), SE: card(1, "junebug-2")}
    results = pollinate_point(cards_at, (0, 0), token("bee", "butterfly", "junebug"), 2)
    assert [result.counts for result in results] == [[3, 2], [3, 2], [3, 2]]
    assert [result.winner for result in results] == [0, 0, 0]


def test_nobody_with_a_matching_icon_is_a_tie():
    cards_at = {NW: card(0, "bee-4"), NE: card(1, "bee-2"), SW: card(0, "bee-3"), SE: card(1, "bee-4")}
    [result] = pollinate_point(cards_at, (0, 0), token("junebug"), 2)
    assert result.counts == [0, 0]
    assert result.winner is None


def test_one_card_surrounding_two_tokens_scores_both_and_an_empty_pile_still_counts():
    # Two bee tokens at (0, 0) and (1, 0); Orange's card at (0, 0) completes both.
    bees = tokens_of("bee")
    junebugs = tokens_of("junebug")
    garden = {
        NW: card(0, "bee-4"),
        NE: card(0, "bee-3"),
        SW: card(1, "junebug-2"),
        (1, -1): card(1, "junebug-3"),
        (1, 0): card(1, "junebug-4"),
    }
    state = build(
        2,
        garden=garden,
        placed=[(0, 0, bees[0]), (1, 0, bees[1])],
        hands={0: [card(0, "star-1")]},
        supply=[1, 10, 10],
        # (0, 1) and (1, 1) will attract two identical tokens: no question asked.
        next_up=junebugs[0],
        bag=junebugs[1:4],
    )
    after = RULES.apply(state, 0, Plant(card=card(0, "star-1"), x=0, y=0))
    assert after.meeples[0][BEE] == 2
    assert after.supply[BEE] == 0
    assert after.fill_ins == [1, 0, 0]
    assert [result.from_empty_pile for pollination in after.pollinations for result in pollination.results] == [
        False,
        True,
    ]
    # The last Bee meeple is gone: the game ends after this turn.
    assert RULES.is_over(after)
    assert after.end_reasons == ["The last Bee meeple has been awarded."]
    sheet = RULES.score_sheet(after)
    assert any("won after the pile ran out" in note for note in sheet.notes)


def test_the_example_in_rules_md():
    ann, ben, cleo = 0, 1, 2
    cards_at = {
        NW: card(ann, "star-3"),
        NE: card(ben, "bee-4"),
        SW: card(ben, "junebug-2"),
        SE: card(cleo, "junebug-3"),
    }
    bees, junebugs = pollinate_point(cards_at, (0, 0), token("bee", "junebug"), 3)
    assert (bees.counts, bees.winner) == ([3, 4, 0], ben)
    assert (junebugs.counts, junebugs.winner) == ([3, 2, 3], None)
