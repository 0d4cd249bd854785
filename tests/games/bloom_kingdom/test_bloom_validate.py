"""Every action Bloom Kingdom refuses is refused with a reason, and nothing changes."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.games.bloom_kingdom.model import (
    FortuneChoice,
    JesterChoice,
    KnightChoice,
    PlayCard,
    ReturnCard,
    WizardChoice,
)

from .bloom_builders import RULES, CardPicker, act, build_state, play_turn


def refused(state, seat, action, reason_part: str) -> str:
    before = state.model_dump()
    with pytest.raises(IllegalMove) as raised:
        RULES.validate(state, seat, action)
    assert raised.value.reason.strip(), "the reason must say something"
    assert reason_part in raised.value.reason
    assert state.model_dump() == before
    return raised.value.reason


def play_phase():
    picker = CardPicker()
    hands = [picker.take("queen", 4), picker.take("king", 4), picker.take("noble", 4)]
    return build_state(picker, hands, {"dragon": picker.take("dragon", 1)}), hands


def effect_phase(character: str, *display_columns: str):
    """Three players; seat 1 has played `character` and must now resolve it.

    The display holds one card of each of `display_columns` beforehand.
    """
    picker = CardPicker()
    display = {column: picker.take(column) for column in display_columns}
    effect = picker.one(character)
    fillers = picker.take("queen", 2)
    hands = [[fillers[0]] + picker.take("king", 3), [effect] + picker.take("noble", 3)]
    hands.append([fillers[1]] + picker.take("farmer", 3))
    state = play_turn(build_state(picker, hands, display), [fillers[0], effect, fillers[1]])
    return state


def test_card_not_in_hand():
    state, hands = play_phase()
    refused(state, 0, PlayCard(card=hands[1][0]), "not in your hand")
    refused(state, 0, PlayCard(card=999), "not in your hand")


def test_already_chosen_this_turn():
    state, hands = play_phase()
    state = act(state, 0, PlayCard(card=hands[0][0]))
    refused(state, 0, PlayCard(card=hands[0][1]), "already chosen")


def test_wrong_phase_actions():
    state, hands = play_phase()
    refused(state, 0, KnightChoice(remove=True), "must choose a card to play")
    refused(state, 0, WizardChoice(column=None), "Not now")
    refused(state, 0, ReturnCard(card=hands[0][0]), "Not now")
    refused(state, 0, FortuneChoice(target=1), "Not now")
    knight = effect_phase("knight", "dragon")
    assert knight.phase == "knight"
    refused(knight, 1, PlayCard(card=knight.players[1].hand[0]), "decide whether the Knight removes a Dragon")
    refused(knight, 1, WizardChoice(column="dragon"), "Not now")


def test_not_your_move_during_an_effect():
    state = effect_phase("wizard", "dragon")
    assert state.phase == "wizard"
    reason = refused(state, 0, WizardChoice(column="dragon"), "It is not Robin's move")
    assert "waiting for John" in reason
    refused(state, 2, PlayCard(card=state.players[2].hand[0]), "It is not Marie's move")


def test_no_such_seat():
    state, hands = play_phase()
    refused(state, 3, PlayCard(card=hands[0][0]), "There is no seat 4")
    refused(state, -1, PlayCard(card=hands[0][0]), "There is no seat")


def test_wizard_on_an_empty_or_unknown_column():
    state = effect_phase("wizard", "dragon")
    refused(state, 1, WizardChoice(column="farmer"), "The Farmer column is empty")
    refused(state, 1, WizardChoice(column="goblin"), "There is no column")


def test_jester_into_an_empty_or_unknown_column():
    state = effect_phase("jester", "dragon", "king")
    assert state.phase == "jester"
    refused(state, 1, JesterChoice(column="wizard"), "The Wizard column is empty")
    refused(state, 1, JesterChoice(column="jester"), "There is no column")


def test_fortune_teller_on_itself_or_a_missing_player():
    state = effect_phase("fortune_teller")
    assert state.phase == "fortune"
    refused(state, 1, FortuneChoice(target=1), "another player's hand")
    refused(state, 1, FortuneChoice(target=3), "There is no player 4")
    refused(state, 1, FortuneChoice(target=-1), "There is no player")


def test_return_a_card_not_in_hand():
    picker = CardPicker()
    unicorn, queen = picker.one("unicorn"), picker.one("queen")
    state = build_state(picker, [[unicorn] + picker.take("king", 3), [queen] + picker.take("noble", 3)])
    state = play_turn(state, [unicorn, queen])
    assert state.phase == "unicorn"
    refused(state, 0, ReturnCard(card=queen), "not in your hand")
    refused(state, 1, ReturnCard(card=state.players[1].hand[0]), "It is not John's move")


def test_nothing_is_legal_once_the_game_is_over():
    state, hands = play_phase()
    over = state.model_copy(update={"phase": "over"})
    refused(over, 0, PlayCard(card=hands[0][0]), "The game is over")
