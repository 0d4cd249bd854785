"""Evergreen's everything-revealed listing: each seat's secret plan until the reveal, and the deck."""

from __future__ import annotations

from boardgames_tui.engine.contract import SPECTATOR
from boardgames_tui.games.evergreen.rules import CELLS, card_label, space_name
from tests.engine.test_records import finished_match

from .helpers import GAME, RULES, new_game, seats


def test_each_plan_in_progress_is_named_by_the_spaces_it_changes():
    match = finished_match(3, seats=seats(2), slug="evergreen")
    planning = [state for state in match.states if any(player.plan and player.plan.steps for player in state.players)]
    assert planning
    for state in planning:
        sections = {section.title: section.lines for section in GAME.reference.hidden_information(state)}
        for seat, player in enumerate(state.players):
            # What the table sees of the seat: no plan at all.
            assert RULES.view(state, SPECTATOR).players[seat].plan is None
            if player.plan is None:
                assert state.name(seat) not in sections
                continue
            changed = [cell for cell in range(CELLS) if player.plan.board[cell] != player.board[cell]]
            listed = " ".join(sections[state.name(seat)])
            assert all(f"{space_name(cell)}: " in listed for cell in changed)
            if not changed and not player.plan.points:
                done = "Done planning: nothing placed"
                assert listed == (done if player.committed else "Planning, nothing placed yet")


def test_the_deck_is_listed_in_drawing_order():
    state = new_game(2, seed=5)
    [deck] = [section for section in GAME.reference.hidden_information(state) if section.title == "Deck"]
    assert deck.lines == (f"{len(state.deck)} cards, next drawn first: " + "; ".join(card_label(card) for card in state.deck),)


def test_nothing_is_listed_when_nothing_is_hidden():
    state = new_game(2, seed=5)
    assert all(player.plan is None for player in state.players)
    assert GAME.reference.hidden_information(state.model_copy(update={"deck": []})) == []
