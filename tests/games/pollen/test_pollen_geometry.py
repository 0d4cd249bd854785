"""Geometry on small hand-built gardens: legal cells, surrounded tokens, attract points.

Coordinates: cell (x, y) has corners (x, y), (x+1, y), (x, y+1), (x+1, y+1).
"""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.games.pollen.model import PlaceToken, Plant
from boardgames_tui.games.pollen.rules import (
    attract_points,
    cell_corners,
    eligible_points,
    is_surrounded,
    legal_cells,
    plantable_cells,
    point_cells,
    surrounded_points,
)

from .helpers import RULES, build, card, token, tokens_of


def test_corners_and_cells_are_inverse():
    assert cell_corners((2, 5)) == ((2, 5), (3, 5), (2, 6), (3, 6))
    assert point_cells((2, 5)) == ((1, 4), (2, 4), (1, 5), (2, 5))
    for point in cell_corners((2, 5)):
        assert (2, 5) in point_cells(point)
    for cell in point_cells((0, 0)):
        assert (0, 0) in cell_corners(cell)


def test_the_first_card_goes_around_the_centre_token():
    assert legal_cells(set(), [(0, 0)]) == [(-1, -1), (0, -1), (-1, 0), (0, 0)]
    state = RULES.setup(RULES.parse_options({}), build(2).seats, seed=3)
    assert state.open_cells == plantable_cells(state) == [(-1, -1), (0, -1), (-1, 0), (0, 0)]


def test_legal_cells_touch_a_token_and_are_empty():
    cells = {(-1, -1), (0, -1)}
    tokens = [(0, 0), (1, 0)]
    # Around (0, 0): (-1, 0), (0, 0) are free; around (1, 0): (1, -1), (1, 0) and (0, 0).
    assert legal_cells(cells, tokens) == [(1, -1), (-1, 0), (0, 0), (1, 0)]
    # A cell that only shares an edge with a card, but no corner with a token, is not legal.
    assert (-2, -1) not in legal_cells(cells, tokens)


def test_a_surrounded_token_offers_no_cell():
    cells = {(-1, -1), (0, -1), (-1, 0), (0, 0)}
    assert is_surrounded(cells, (0, 0))
    assert legal_cells(cells, [(0, 0)]) == []
    assert not is_surrounded(cells, (1, 0))
    assert surrounded_points(cells, [(1, 0), (0, 0), (0, 0)]) == [(0, 0)]


def test_attract_points_need_two_cards_of_two_players():
    owners = {(-1, -1): 0, (0, -1): 1, (-1, 0): 0, (1, 1): 2}
    occupied = {(0, 0)}
    points = attract_points(owners, occupied)
    # (0, -1) and (0, 0) lie between Orange's and Pink's cards; (0, 0) already has a token.
    assert (0, -1) in points
    assert (0, 0) not in points
    # X1: only one card touches (-1, -1).  X2: (-1, 0) only touches Orange's two cards.
    assert (-1, -1) not in points
    assert (-1, 0) not in points
    # (1, 1) touches only Purple's lone card.
    assert (1, 1) not in points
    assert points == [(0, -1)]
    assert attract_points(owners, occupied, candidates=[(-1, 0), (0, -1)]) == [(0, -1)]


def test_diagonal_cards_of_two_players_share_one_point():
    owners = {(0, 0): 0, (1, 1): 1}
    assert attract_points(owners, set()) == [(1, 1)]


def test_state_helpers_agree_with_the_pure_ones():
    state = build(
        3,
        garden={(-1, -1): card(0, "bee-4"), (0, -1): card(1, "bee-4")},
        placed=[(0, 0, token("bee"))],
    )
    assert plantable_cells(state) == [(-1, 0), (0, 0)]
    assert eligible_points(state) == [(0, -1)]


# -- validate: reasons a player can read ------------------------------------------------------
def test_planting_is_refused_with_reasons():
    state = build(2, garden={(-1, -1): card(1, "bee-4")}, placed=[(0, 0, token("bee"))], hands={0: [card(0, "bee-2")]})
    mine = card(0, "bee-2")
    with pytest.raises(IllegalMove, match="does not touch any token"):
        RULES.validate(state, 0, Plant(card=mine, x=5, y=5))
    with pytest.raises(IllegalMove, match="already holds a card"):
        RULES.validate(state, 0, Plant(card=mine, x=-1, y=-1))
    with pytest.raises(IllegalMove, match="not in your hand"):
        RULES.validate(state, 0, Plant(card=card(0, "bee-3"), x=0, y=0))
    with pytest.raises(IllegalMove, match="not Pink's turn|not .*'s turn"):
        RULES.validate(state, 1, Plant(card=card(1, "bee-3"), x=0, y=0))
    with pytest.raises(IllegalMove, match="no seat 5"):
        RULES.validate(state, 4, Plant(card=mine, x=0, y=0))
    with pytest.raises(IllegalMove, match="no drawn pollinator token"):
        RULES.validate(state, 0, PlaceToken(token=state.next_up, x=0, y=-1))
    RULES.validate(state, 0, Plant(card=mine, x=0, y=0))


# -- attract, played out ----------------------------------------------------------------------
def test_one_eligible_spot_takes_the_next_up_token_and_the_bag_refills_it():
    state = build(2, garden={(-1, -1): card(1, "bee-4")}, placed=[(0, 0, token("bee"))], hands={0: [card(0, "bee-2")]})
    next_up, bag_top = state.next_up, state.bag[-1]
    after = RULES.apply(state, 0, Plant(card=card(0, "bee-2"), x=0, y=-1))
    # (0, 0) already holds the centre token; (0, -1) lies between Pink's and Orange's cards.
    spot = next(placed for placed in after.tokens if (placed.x, placed.y) == (0, -1))
    assert spot.token == next_up and spot.face_up
    assert after.next_up == bag_top
    assert after.phase == "plant" and after.active == 1
    assert after.open_cells == plantable_cells(after)
    assert (-1, -2) in after.open_cells and (0, -2) in after.open_cells


def _two_spot_position(next_up: int, bag: list[int]):
    # Orange at (-1, -1), Purple at (1, -1): Pink planting at (0, -1) makes both
    # (0, -1) and (1, -1) eligible.
    return build(
        3,
        garden={(-1, -1): card(0, "bee-4"), (1, -1): card(2, "bee-4")},
        placed=[(0, 0, token("junebug")), (1, 0, tokens_of("junebug")[1])],
        hands={1: [card(1, "star-1")]},
        active=1,
        next_up=next_up,
        bag=bag,
    )


def test_several_spots_the_active_player_assigns_different_tokens():
    bee, butterfly = token("bee"), token("butterfly")
    refill = tokens_of("bee", "junebug")[0]
    state = _two_spot_position(next_up=bee, bag=[refill, butterfly])
    after = RULES.apply(state, 1, Plant(card=card(1, "star-1"), x=0, y=-1))
    assert after.phase == "assign"
    assert RULES.to_act(after) == [1]
    assert sorted(after.pending_tokens) == sorted([bee, butterfly])
    assert after.pending_points == [(0, -1), (1, -1)]
    # The replacement next-up token is not drawn until every token is placed.
    assert after.next_up is None
    legal = RULES.legal_actions(after, 1)
    assert len(legal) == 4 and all(isinstance(action, PlaceToken) for action in legal)
    with pytest.raises(IllegalMove, match="First place the pollinator token"):
        RULES.validate(after, 1, Plant(card=card(1, "star-2"), x=2, y=-1))
    with pytest.raises(IllegalMove, match="not one of the pollinator tokens you drew"):
        RULES.validate(after, 1, PlaceToken(token=refill, x=0, y=-1))
    with pytest.raises(IllegalMove, match="already holds a token"):
        RULES.validate(after, 1, PlaceToken(token=bee, x=0, y=0))
    with pytest.raises(IllegalMove, match="cannot attract a token"):
        RULES.validate(after, 1, PlaceToken(token=bee, x=5, y=5))
    first = RULES.apply(after, 1, PlaceToken(token=butterfly, x=0, y=-1))
    # The last token has only one place left to go: it goes there by itself.
    assert first.phase == "plant"
    assert first.active == 2
    placed = {(placed_.x, placed_.y): placed_.token for placed_ in first.tokens}
    assert placed[(0, -1)] == butterfly and placed[(1, -1)] == bee
    assert first.next_up == refill
    assert first.pending_tokens == [] and first.pending_points == []


def test_identical_tokens_are_placed_without_asking():
    bees = tokens_of("bee")
    state = _two_spot_position(next_up=bees[0], bag=[bees[2], bees[1]])
    after = RULES.apply(state, 1, Plant(card=card(1, "star-1"), x=0, y=-1))
    assert after.phase == "plant" and after.active == 2
    placed = {(placed_.x, placed_.y): placed_.token for placed_ in after.tokens}
    assert placed[(0, -1)] in bees and placed[(1, -1)] in bees
    assert after.next_up == bees[2]


def test_bag_running_dry_the_player_chooses_the_spot_and_the_game_ends():
    last = token("bee")
    state = _two_spot_position(next_up=last, bag=[])
    after = RULES.apply(state, 1, Plant(card=card(1, "star-1"), x=0, y=-1))
    assert after.phase == "assign"
    assert after.pending_tokens == [last]
    assert RULES.legal_actions(after, 1) == [
        PlaceToken(token=last, x=0, y=-1),
        PlaceToken(token=last, x=1, y=-1),
    ]
    done = RULES.apply(after, 1, PlaceToken(token=last, x=1, y=-1))
    assert RULES.is_over(done)
    assert done.end_reasons == ["The last pollinator token has been placed."]
    assert not any((placed.x, placed.y) == (0, -1) for placed in done.tokens)
    assert done.pending_points == []


def test_a_token_attracted_to_a_surrounded_spot_is_scored_at_once():
    # (0, 0) has no token and three of Orange's cards around it: not eligible yet.
    # Pink's card at (0, 0) (touching the token at (1, 1)) completes it with two players.
    bees = tokens_of("bee")
    state = build(
        2,
        garden={(-1, -1): card(0, "bee-4"), (0, -1): card(0, "bee-3"), (-1, 0): card(0, "bee-2")},
        placed=[(1, 1, token("junebug"))],
        hands={1: [card(1, "bee-4")]},
        active=1,
        next_up=bees[0],
        bag=[bees[3], bees[2], bees[1]],
    )
    assert (0, 0) not in eligible_points(state)
    after = RULES.apply(state, 1, Plant(card=card(1, "bee-4"), x=0, y=0))
    # Three spots: (0, 0), (1, 0) and (0, 1); three identical tokens, placed at once.
    spots = {(placed.x, placed.y): placed for placed in after.tokens}
    assert {(0, 0), (1, 0), (0, 1)} <= set(spots)
    assert spots[(0, 0)].face_up is False
    [pollination] = after.pollinations
    assert (pollination.x, pollination.y) == (0, 0)
    # Bees: Orange 4 + 3 + 2 = 9 against Pink's 4.
    assert pollination.results[0].counts == [9, 4]
    assert after.meeples[0] == [1, 0, 0]
    assert any("scored at once" in entry.text for entry in after.log)


def test_no_empty_cell_next_to_a_token_ends_the_game():
    # Orange completes the only token with its own cards: no spot attracts a new one.
    state = build(
        2,
        garden={(-1, -1): card(0, "bee-4"), (0, -1): card(0, "bee-3"), (-1, 0): card(0, "bee-2")},
        placed=[(0, 0, token("bee"))],
        hands={0: [card(0, "star-1"), card(0, "star-2")]},
    )
    after = RULES.apply(state, 0, Plant(card=card(0, "star-1"), x=0, y=0))
    assert after.open_cells == []
    assert RULES.is_over(after)
    assert after.end_reasons == ["No empty cell touches a token any more, so nobody can plant."]


def test_all_hands_empty_ends_the_game():
    state = build(
        2,
        garden={(-1, -1): card(0, "bee-4")},
        placed=[(0, 0, token("bee"))],
        hands={0: [], 1: [card(1, "bee-2")]},
        active=1,
    )
    for player in state.players:
        player.deck = []
    after = RULES.apply(state, 1, Plant(card=card(1, "bee-2"), x=0, y=-1))
    assert RULES.is_over(after)
    assert "Every garden card has been played." in after.end_reasons
    assert RULES.to_act(after) == []
    assert RULES.legal_actions(after, 0) == []
    with pytest.raises(IllegalMove, match="game is over"):
        RULES.validate(after, 0, Plant(card=card(0, "bee-3"), x=0, y=0))


def test_a_player_with_an_empty_hand_is_skipped():
    state = build(3, placed=[(0, 0, token("bee"))], hands={0: [card(0, "bee-2")], 1: []})
    for player in state.players[:2]:
        player.deck = []
    after = RULES.apply(state, 0, Plant(card=card(0, "bee-2"), x=0, y=0))
    assert after.active == 2
