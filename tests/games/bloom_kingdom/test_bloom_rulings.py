"""Readings of the rulebook the other tests do not pin down (rulings 2 and 10 in rules.py)."""

from __future__ import annotations

from boardgames_tui.games.bloom_kingdom.model import KnightChoice, ReturnCard

from .bloom_builders import RULES, CardPicker, act, build_state, every_card, play_turn


def test_unicorn_returns_come_before_any_card_with_initiative_joins():
    """"First, add all cards with no initiative number to their columns. Then add all
    cards with an initiative number in ascending order to their columns." A Unicorn's
    draw and return belong to its joining, so the Knight waits for them."""
    picker = CardPicker()
    unicorn, knight = picker.one("unicorn"), picker.one("knight")
    dragon = picker.one("dragon")
    deck = picker.take("queen", 2)
    hands = [[unicorn] + picker.take("king", 3), [knight] + picker.take("noble", 3)]
    state = play_turn(build_state(picker, hands, {"dragon": [dragon]}, deck=deck), [unicorn, knight])
    assert (state.phase, RULES.to_act(state)) == ("unicorn", [0])
    assert state.display["knight"] == [] and state.queue == [knight]
    state = act(state, 0, ReturnCard(card=deck[0]))
    assert (state.phase, RULES.to_act(state)) == ("knight", [1])
    state = act(state, 1, KnightChoice(remove=True))
    assert state.display["dragon"] == [] and dragon in state.box
    assert sorted(every_card(state)) == list(range(100))


def test_when_the_deck_runs_dry_between_two_unicorns_the_second_does_nothing():
    """"All players that played a Unicorn can perform its instant effect
    simultaneously, drawing their cards in no particular order." The app draws in
    seat order; a Unicorn that finds the deck empty neither draws nor returns."""
    picker = CardPicker()
    unicorns = picker.take("unicorn", 2)
    deck = picker.take("queen", 1)
    hands = [[unicorns[0]] + picker.take("king", 3), [unicorns[1]] + picker.take("noble", 3)]
    state = play_turn(build_state(picker, hands, deck=deck), unicorns)
    assert (state.phase, RULES.to_act(state)) == ("unicorn", [0])
    assert state.players[0].hand[-1] == deck[0] and len(state.players[1].hand) == 3
    assert any("finds the deck empty" in entry.text for entry in state.log)
    state = act(state, 0, ReturnCard(card=state.players[0].hand[0]))
    assert (state.phase, state.turn) == ("play", 2)
    assert [len(player.hand) for player in state.players] == [3, 3]
