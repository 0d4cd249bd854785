"""Pollen's everything-revealed listing: every hand, each draw pile and the bag, in drawing order."""

from __future__ import annotations

import dataclasses

from boardgames_tui.games.pollen.rules import PollenOptions, card_label, token_label

from .helpers import GAME, RULES, seats


def test_every_hand_and_pile_is_named_in_the_order_it_will_be_drawn():
    state = RULES.setup(PollenOptions(), seats(3), 11)
    sections = {section.title: section.lines for section in GAME.reference.hidden_information(state)}
    for seat, player in enumerate(state.players):
        hand, pile = sections[state.name(seat)]
        assert hand == "Hand: " + ", ".join(card_label(card) for card in player.hand)
        assert pile.endswith(": " + ", ".join(card_label(card) for card in player.deck))
    [bag] = sections["Token bag"]
    # The next token comes off the end of the bag (rules.py draws with pop()).
    assert bag.startswith(f"{len(state.bag)} tokens, next drawn first: {token_label(state.bag[-1])}, ")


def test_nothing_is_listed_when_nothing_is_hidden():
    state = RULES.setup(PollenOptions(), seats(2), 11)
    players = [dataclasses.replace(player, hand=[], deck=[]) for player in state.players]
    assert GAME.reference.hidden_information(state.model_copy(update={"players": players, "bag": []})) == []
