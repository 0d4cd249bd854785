"""Bloom Kingdom's turn: the reveal, the five instant effects, the round and game ends."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.contract import IllegalMove, Seat, copy_containers
from boardgames_tui.games.bloom_kingdom.model import (
    FortuneChoice,
    JesterChoice,
    KeptCards,
    KnightChoice,
    PlayCard,
    ReturnCard,
    WizardChoice,
    copy_for_move,
)
from boardgames_tui.games.bloom_kingdom.resolution import shuffle
from boardgames_tui.games.bloom_kingdom.rules import card_label

from .bloom_builders import GAME, RULES, CardPicker, act, build_state, every_card, play_turn, seats


def log_texts(state, seat=None):
    """The log as `seat` reads it (everything when seat is None)."""
    entries = state.log if seat is None else RULES.view(state, seat).log
    return [entry.text for entry in entries]


# -- the reveal and its order ----------------------------------------------------------------


def test_cards_without_initiative_join_first_then_ascending_initiative():
    picker = CardPicker()
    display = {"dragon": picker.take("dragon", 1)}
    fortune, wizard, farmer, knight = (
        picker.one("fortune_teller"),
        picker.one("wizard"),
        picker.one("farmer"),
        picker.one("knight"),
    )
    hands = [[fortune] + picker.take("queen", 3), [wizard] + picker.take("queen", 3)]
    hands += [[farmer] + picker.take("king", 3), [knight] + picker.take("king", 3)]
    state = play_turn(build_state(picker, hands, display), [fortune, wizard, farmer, knight])

    # Farmer placed at once; the Knight (initiative 10s) acts first, then the
    # Wizard (20s), then the Fortune Teller (40s), whatever the seat order.
    assert state.revealed == [fortune, wizard, farmer, knight]
    assert state.display["farmer"] == [farmer]
    assert state.queue == [knight, wizard, fortune]
    assert (state.phase, RULES.to_act(state)) == ("knight", [3])
    assert state.display["knight"] == [knight] and state.display["wizard"] == []

    state = act(state, 3, KnightChoice(remove=False))
    assert (state.phase, RULES.to_act(state)) == ("wizard", [1])
    assert state.display["wizard"] == [wizard]
    state = act(state, 1, WizardChoice(column=None))
    assert (state.phase, RULES.to_act(state)) == ("fortune", [0])
    state = act(state, 0, FortuneChoice(target=2))
    assert (state.phase, state.turn, state.queue) == ("play", 2, [])
    assert RULES.to_act(state) == [0, 1, 2, 3]
    assert state.display["fortune_teller"] == [fortune]


def test_a_jester_played_with_a_farmer_on_an_empty_display_joins_the_farmer():
    # Seat 0's Jester is revealed first, but the Farmer (no initiative) is placed
    # before it, so the Jester finds one column and joins it.
    picker = CardPicker()
    jester, farmer = picker.one("jester"), picker.one("farmer")
    state = build_state(picker, [[jester] + picker.take("queen", 3), [farmer] + picker.take("queen", 3)])
    state = play_turn(state, [jester, farmer])
    assert state.display["farmer"] == [jester, farmer]
    assert state.phase == "play" and state.turn == 2


# -- Unicorn ---------------------------------------------------------------------------------------


def test_unicorns_draw_then_each_player_returns_a_card_privately():
    picker = CardPicker()
    unicorns = picker.take("unicorn", 2)
    queen = picker.one("queen")
    deck = picker.take("dragon", 3)
    hands = [[unicorns[0]] + picker.take("king", 3), [queen] + picker.take("king", 3)]
    hands.append([unicorns[1]] + picker.take("noble", 3))
    state = play_turn(build_state(picker, hands, deck=deck), [unicorns[0], queen, unicorns[1]])

    assert state.phase == "unicorn"
    assert RULES.to_act(state) == [0, 2], "every Unicorn player acts at once"
    assert state.display["unicorn"] == unicorns
    assert state.players[0].hand[-1] == deck[0] and state.players[2].hand[-1] == deck[1]
    assert state.deck == deck[2:]
    assert all(len(player.hand) == 4 for player in (state.players[0], state.players[2]))
    drew = f"Robin drew {card_label(deck[0])}."
    assert drew in log_texts(state, 0)
    assert drew not in log_texts(state, 1) and drew not in log_texts(state, 2)
    assert RULES.view(state, 1).players[0].hand == [-1] * 4

    # Seat 2 answers first; seat 0 is still owed, and seat 2 may not return twice.
    kept_back = state.players[2].hand[0]
    state = act(state, 2, ReturnCard(card=kept_back))
    assert RULES.to_act(state) == [0]
    with pytest.raises(IllegalMove):
        RULES.validate(state, 2, ReturnCard(card=state.players[2].hand[0]))
    returned = f"Marie put {card_label(kept_back)} back in the box."
    assert returned in log_texts(state, 2) and returned not in log_texts(state, 0)

    state = act(state, 0, ReturnCard(card=deck[0]))
    assert (state.phase, state.turn) == ("play", 2)
    assert kept_back in state.box and deck[0] in state.box
    assert [len(player.hand) for player in state.players] == [3, 3, 3]
    assert sorted(every_card(state)) == list(range(100))


def test_unicorn_with_an_empty_deck_does_nothing():
    picker = CardPicker()
    unicorn, queen = picker.one("unicorn"), picker.one("queen")
    state = build_state(picker, [[unicorn] + picker.take("king", 3), [queen] + picker.take("king", 3)], deck=[])
    state = play_turn(state, [unicorn, queen])
    assert (state.phase, state.turn) == ("play", 2)
    assert state.unicorn_pending == []
    assert len(state.players[0].hand) == 3
    assert state.display["unicorn"] == [unicorn]
    assert any("finds the deck empty" in text for text in log_texts(state))


# -- Knight ----------------------------------------------------------------------------------------


def knight_turn(picker: CardPicker, dragon_column: list[int]):
    knight, queen = picker.one("knight"), picker.one("queen")
    hands = [[knight] + picker.take("king", 3), [queen] + picker.take("king", 3)]
    state = play_turn(build_state(picker, hands, {"dragon": dragon_column}), [knight, queen])
    return state, knight


def test_knight_may_send_a_dragon_to_the_box():
    picker = CardPicker()
    dragons = picker.take("dragon", 2)
    state, knight = knight_turn(picker, dragons)
    assert (state.phase, RULES.to_act(state)) == ("knight", [0])
    assert RULES.legal_actions(state, 0) == [KnightChoice(remove=True), KnightChoice(remove=False)]
    after = act(state, 0, KnightChoice(remove=True))
    assert after.display["dragon"] == dragons[:1]
    assert dragons[1] in after.box
    assert after.display["knight"] == [knight]
    assert (after.phase, after.turn) == ("play", 2)


def test_knight_removes_a_jester_from_the_dragon_column_first():
    picker = CardPicker()
    jester = picker.one("jester")
    dragons = picker.take("dragon", 2)
    state, _ = knight_turn(picker, [jester] + dragons)
    after = act(state, 0, KnightChoice(remove=True))
    assert after.display["dragon"] == dragons
    assert jester in after.box


def test_knight_may_leave_the_dragons_alone():
    picker = CardPicker()
    dragons = picker.take("dragon", 2)
    state, _ = knight_turn(picker, dragons)
    after = act(state, 0, KnightChoice(remove=False))
    assert after.display["dragon"] == dragons
    assert after.box == state.box


def test_knight_without_a_dragon_column_is_skipped():
    picker = CardPicker()
    state, knight = knight_turn(picker, [])
    assert (state.phase, state.turn) == ("play", 2)
    assert state.display["knight"] == [knight]
    assert any("finds no Dragon" in text for text in log_texts(state))


# -- Wizard ----------------------------------------------------------------------------------------


def wizard_turn(picker: CardPicker, display: dict[str, list[int]]):
    wizard, queen = picker.one("wizard"), picker.one("queen")
    hands = [[wizard] + picker.take("king", 3), [queen] + picker.take("king", 3)]
    return play_turn(build_state(picker, hands, display), [wizard, queen]), wizard, queen


def test_wizard_removes_the_top_card_of_any_column():
    picker = CardPicker()
    nobles = picker.take("noble", 2)
    state, wizard, queen = wizard_turn(picker, {"noble": nobles})
    assert (state.phase, RULES.to_act(state)) == ("wizard", [0])
    offered = RULES.legal_actions(state, 0)
    assert {choice.column for choice in offered} == {"queen", "noble", "wizard", None}
    after = act(state, 0, WizardChoice(column="noble"))
    assert after.display["noble"] == nobles[:1] and nobles[1] in after.box
    # The Wizard is in the display by then, so it may even take itself.
    after_self = act(state, 0, WizardChoice(column="wizard"))
    assert after_self.display["wizard"] == [] and wizard in after_self.box


def test_wizard_takes_a_jester_from_the_chosen_column_first():
    picker = CardPicker()
    jester, noble = picker.one("jester"), picker.one("noble")
    state, _, _ = wizard_turn(picker, {"noble": [jester, noble]})
    after = act(state, 0, WizardChoice(column="noble"))
    assert after.display["noble"] == [noble] and jester in after.box


def test_wizard_may_remove_nothing():
    picker = CardPicker()
    state, _, _ = wizard_turn(picker, {"noble": picker.take("noble", 1)})
    after = act(state, 0, WizardChoice(column=None))
    assert after.display == state.display
    assert after.box == state.box
    assert (after.phase, after.turn) == ("play", 2)


# -- Jester ----------------------------------------------------------------------------------------


def test_jester_joins_a_chosen_column_at_the_bottom():
    picker = CardPicker()
    dragons = picker.take("dragon", 2)
    jester, queen = picker.one("jester"), picker.one("queen")
    hands = [[jester] + picker.take("king", 3), [queen] + picker.take("king", 3)]
    state = play_turn(build_state(picker, hands, {"dragon": dragons}), [jester, queen])
    assert (state.phase, RULES.to_act(state)) == ("jester", [0])
    assert state.queue == [jester]
    assert RULES.legal_actions(state, 0) == [JesterChoice(column="queen"), JesterChoice(column="dragon")]
    after = act(state, 0, JesterChoice(column="dragon"))
    assert after.display["dragon"] == [jester] + dragons
    assert after.queue == [] and (after.phase, after.turn) == ("play", 2)


def test_jester_goes_to_the_box_when_the_display_is_empty():
    picker = CardPicker()
    jester, fortune = picker.one("jester"), picker.one("fortune_teller")
    hands = [[jester] + picker.take("king", 3), [fortune] + picker.take("king", 3)]
    state = play_turn(build_state(picker, hands), [jester, fortune])
    # The Jester (30s) acts before the Fortune Teller (40s) is placed.
    assert jester in state.box
    assert all(jester not in column for column in state.display.values())
    assert state.display["fortune_teller"] == [fortune]
    assert any("finds an empty display" in text for text in log_texts(state))


def test_jester_joins_the_only_column_with_cards_by_itself():
    picker = CardPicker()
    dragons = picker.take("dragon", 1)
    jester, fortune = picker.one("jester"), picker.one("fortune_teller")
    hands = [[jester] + picker.take("king", 3), [fortune] + picker.take("king", 3)]
    state = play_turn(build_state(picker, hands, {"dragon": dragons}), [jester, fortune])
    assert state.display["dragon"] == [jester] + dragons
    assert (state.phase, state.turn) == ("play", 2)


# -- Fortune Teller ----------------------------------------------------------------------------------


def test_fortune_teller_peeks_at_a_chosen_players_card_privately():
    picker = CardPicker()
    fortune = picker.one("fortune_teller")
    queens = picker.take("queen", 2)
    hands = [[fortune] + picker.take("king", 3), [queens[0]] + picker.take("noble", 3)]
    hands.append([queens[1]] + picker.take("farmer", 3))
    state = play_turn(build_state(picker, hands), [fortune] + queens)
    assert (state.phase, RULES.to_act(state)) == ("fortune", [0])
    assert RULES.legal_actions(state, 0) == [FortuneChoice(target=1), FortuneChoice(target=2)]
    epoch = state.info_epoch

    after = act(state, 0, FortuneChoice(target=2))
    assert len(after.peeks) == 1
    peek = after.peeks[0]
    assert (peek.viewer, peek.target, peek.round, peek.turn) == (0, 2, 1, 1)
    assert peek.card in after.players[2].hand
    assert after.info_epoch > epoch
    assert RULES.view(after, 0).peeks == [peek]
    assert RULES.view(after, 1).peeks == [] and RULES.view(after, 2).peeks == []
    seen = f"Robin saw {card_label(peek.card)} in Marie's hand."
    assert seen in log_texts(after, 0)
    assert seen not in log_texts(after, 1) and seen not in log_texts(after, 2)
    assert "Robin's Fortune Teller looks at a random card in Marie's hand." in log_texts(after, 2)


def test_fortune_teller_picks_the_only_other_player_by_itself():
    picker = CardPicker()
    fortune, queen = picker.one("fortune_teller"), picker.one("queen")
    hands = [[fortune] + picker.take("king", 3), [queen] + picker.take("noble", 3)]
    state = play_turn(build_state(picker, hands), [fortune, queen])
    assert (state.phase, state.turn) == ("play", 2)
    assert len(state.peeks) == 1
    assert (state.peeks[0].viewer, state.peeks[0].target) == (0, 1)
    assert state.peeks[0].card in state.players[1].hand


# -- rounds, hands and the deck -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand"), [(2, 8), (3, 6), (4, 6)])
def test_hand_size_depends_on_the_number_of_players(players, hand):
    state = RULES.setup(RULES.parse_options({}), [Seat(name=f"P{index}") for index in range(players)], seed=3)
    assert state.hand_size == hand
    assert [len(player.hand) for player in state.players] == [hand] * players
    assert len(state.deck) == 100 - hand * players
    assert sorted(every_card(state)) == list(range(100))
    assert (state.round, state.turn, state.phase) == (1, 1, "play")


def test_setup_refuses_a_wrong_number_of_players():
    with pytest.raises(ValueError, match="2–4 players"):
        RULES.setup(RULES.parse_options({}), [Seat(name="Solo")], seed=1)


def test_the_round_goes_on_while_a_hand_holds_more_than_two_cards():
    picker = CardPicker()
    queens = picker.take("queen", 2)
    state = build_state(picker, [[queens[0]] + picker.take("king", 3), [queens[1]] + picker.take("king", 3)])
    state = play_turn(state, queens)
    assert (state.round, state.turn, state.rounds) == (1, 2, [])


def test_the_display_stays_for_the_next_round():
    picker = CardPicker()
    display = {"dragon": picker.take("dragon", 3), "noble": picker.take("noble", 1)}
    queens = picker.take("queen", 2)
    hands = [[queens[0]] + picker.take("king", 2), [queens[1]] + picker.take("farmer", 2)]
    state = play_turn(build_state(picker, hands, display, turn=6), queens)
    assert state.round == 2 and len(state.rounds) == 1
    assert state.display["dragon"] == display["dragon"] and state.display["noble"] == display["noble"]
    assert [len(player.hand) for player in state.players] == [8, 8]
    assert any(entry.text.startswith("Round 2 of 3") for entry in state.log)


def test_the_third_round_ends_the_game():
    picker = CardPicker()
    queens = picker.take("queen", 2)
    display = {"king": picker.take("king", 2), "farmer": picker.take("farmer", 1)}
    kings, farmers = picker.take("king", 2), picker.take("farmer", 2)
    earlier = [[KeptCards(cards=[], points=[5]), KeptCards(cards=[], points=[7])]] * 2
    hands = [[queens[0]] + kings, [queens[1]] + farmers]
    state = build_state(picker, hands, display, round=3, turn=6, rounds=earlier)
    state = play_turn(state, queens)
    assert state.phase == "over" and RULES.is_over(state)
    assert RULES.to_act(state) == [] and RULES.legal_actions(state, 0) == []
    assert len(state.rounds) == 3
    assert all(player.hand == [] for player in state.players)
    assert set(kings + farmers) <= set(state.box)
    # Round 3: two Kings kept with two in the display (8 each); two Farmers kept
    # with one in the display and no Knight (3 each).
    assert state.rounds[2][0].points == [8, 8] and state.rounds[2][1].points == [3, 3]
    assert RULES.totals(state) == [10 + 16, 14 + 6]
    assert GAME.narrator.progress(state) == "Finished"
    sheet = RULES.score_sheet(state)
    assert [row.category for row in sheet.rows] == ["Round 1", "Round 2", "Round 3"]
    assert sheet.totals == [26, 20]
    assert sheet.winners == [0] and sheet.decided_by == "most victory points (26)"
    assert sheet.notes == []
    assert sorted(every_card(state)) == list(range(100))


def test_a_short_deck_deals_smaller_equal_hands():
    picker = CardPicker()
    queens = picker.take("queen", 3)
    hands = [[queens[seat]] + picker.take(character, 2) for seat, character in enumerate(("king", "noble", "farmer"))]
    deck = picker.take("dragon", 10)
    state = play_turn(build_state(picker, hands, deck=deck, turn=4), queens)
    assert state.round == 2 and state.phase == "play"
    assert [player.hand for player in state.players] == [deck[0:3], deck[3:6], deck[6:9]]
    assert state.deck == deck[9:]
    assert any("running short" in text and "3 cards each" in text for text in log_texts(state))
    assert sorted(every_card(state)) == list(range(100))


def test_a_deck_too_short_for_three_cards_each_ends_the_game():
    picker = CardPicker()
    queens = picker.take("queen", 3)
    hands = [[queens[seat]] + picker.take(character, 2) for seat, character in enumerate(("king", "noble", "farmer"))]
    deck = picker.take("dragon", 8)
    state = play_turn(build_state(picker, hands, deck=deck, turn=4), queens)
    assert state.phase == "over" and state.ended_early
    assert len(state.rounds) == 1 and state.deck == deck
    assert all(player.hand == [] for player in state.players)
    assert any("too few for another round" in text for text in log_texts(state))
    assert RULES.score_sheet(state).notes == ["The deck ran out: only 1 of 3 rounds could be played."]


def test_a_moves_copy_owns_what_copy_containers_would():
    """`apply`'s own copy of a state copies every container the generic copy does: a
    field added to the state and forgotten there would be shared with the state before."""
    state = RULES.setup(RULES.parse_options({}), seats(3), 4)
    chooser = random.Random(4)
    for _ in range(20):
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    generic = copy_containers(state)
    fast = copy_for_move(state)
    for name, value in state.__dict__.items():
        assert (fast.__dict__[name] is value) == (generic.__dict__[name] is value), name
    assert list(fast.__dict__) == list(state.__dict__)
    assert fast.model_fields_set == generic.model_fields_set
    assert fast.model_dump() == state.model_dump()


def test_the_deck_is_shuffled_as_random_shuffles_it():
    """Setup's written-out shuffle puts the cards in the order `random.Random.shuffle`
    would, so that a seed deals the same game as before."""
    for seed in range(4):
        for size in (0, 1, 2, 9, 100):
            ours, theirs = list(range(size)), list(range(size))
            shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(theirs)
            assert ours == theirs, (seed, size)
