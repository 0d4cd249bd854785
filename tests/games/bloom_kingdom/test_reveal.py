"""Bloom Kingdom's everything-revealed listing names every card the table cannot see."""

from __future__ import annotations

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.rules import card_label
from tests.engine.test_records import finished_match

from .bloom_builders import GAME
from .test_bloom_view import peeked_state

SEATS = [Seat(name="Anna"), Seat(name="Ben"), Seat(name="[bold]Cy[/]")]


def sections_of(state) -> dict[str, tuple[str, ...]]:
    return {section.title: section.lines for section in GAME.reference.hidden_information(state)}


def test_every_hand_card_the_face_down_picks_and_the_peeks_are_named():
    state = peeked_state()
    sections = sections_of(state)
    for seat, player in enumerate(state.players):
        hand_line = next(line for line in sections[state.name(seat)] if line.startswith("Hand: "))
        assert sorted(hand_line.removeprefix("Hand: ").split(", ")) == sorted(card_label(card) for card in player.hand)
        if player.chosen is not None:
            assert f"Chosen face down: {card_label(player.chosen)}" in sections[state.name(seat)]
    [peek] = state.peeks
    assert any(
        card_label(peek.card) in line and f"{state.name(peek.target)}'s hand" in line
        for line in sections[state.name(peek.viewer)]
    )
    [piles] = [lines for title, lines in sections.items() if title == "Face-down piles"]
    assert f"Deck ({len(state.deck)}), next drawn first: {', '.join(card_label(c) for c in state.deck)}" in piles


def test_every_step_of_a_game_names_each_hand_under_the_seat_s_own_name():
    match = finished_match(7, seats=SEATS)
    for state in match.states[::5]:
        sections = sections_of(state)
        for seat, player in enumerate(state.players):
            if player.hand:
                lines = sections[SEATS[seat].name]
                assert all(card_label(card) in lines[0] for card in player.hand)
            else:
                assert SEATS[seat].name not in sections


def test_nothing_is_listed_when_nothing_is_hidden():
    state = finished_match(7, seats=SEATS).state
    assert all(not player.hand and player.chosen is None for player in state.players)
    emptied = state.model_copy(update={"deck": [], "box": [], "peeks": []})
    assert GAME.reference.hidden_information(emptied) == []
