"""The inspector's words on a Pollen choice: what planting a card in a cell scores and
claims, and what placing a drawn token does (headless; the screen test walks them)."""

from __future__ import annotations

from boardgames_tui.games.pollen.news import plant_effect, token_effect

from .helpers import build, card, token
from .test_pollen_news import NE, tie_position


def test_planting_the_fourth_card_says_who_wins_each_insect_of_the_token():
    state = tie_position()
    view = state.model_copy()
    lines = plant_effect(view, 0, card(0, "butterfly-2"), NE)
    assert lines[0] == "Planting your 2 Butterflies here:"
    scored = next(line for line in lines if "scored at once" in line)
    assert "Butterflies tied at 4" in scored and "you win a Junebug meeple" in scored
    # The Bee token at (1, -1) is touched too, with three cells still open.
    assert any("Bee token" in line and "3 cells still open" in line for line in lines)


def test_planting_beside_a_token_tells_where_the_seat_would_stand_and_the_spots_it_opens():
    orange, pink = 0, 1
    state = build(
        2,
        garden={(0, 0): card(pink, "bee-4")},
        placed=[(1, 1, token("bee"))],
        hands={orange: [card(orange, "bee-2")]},
        active=orange,
    )
    lines = plant_effect(state, orange, card(orange, "bee-2"), (1, 0))
    assert any("Bees you 2, best other 4 (behind)" in line and "2 cells still open" in line for line in lines)
    # Orange's card beside Pink's: the corner between them, (1, 0), attracts the next-up token.
    assert any("takes the next-up token" in line for line in lines), lines


def test_placing_a_drawn_token_says_how_the_seat_stands_by_it():
    orange, pink = 0, 1
    state = build(2, garden={(0, 0): card(orange, "bee-2"), (1, 0): card(pink, "star-1")}, active=orange)
    words = token_effect(state, orange, token("bee"), (1, 1))
    assert words.startswith("By the Bee token at") and "Bees you 2, best other 1 (ahead)" in words
