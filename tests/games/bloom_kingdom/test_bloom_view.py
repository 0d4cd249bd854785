"""What each seat may see of a Bloom Kingdom state."""

from __future__ import annotations

from boardgames_tui.engine.contract import HIDDEN, SPECTATOR, LogEntry, visible_log
from boardgames_tui.games.bloom_kingdom.model import FortuneChoice, PlayCard

from .bloom_builders import RULES, CardPicker, act, build_state, play_turn


def peeked_state():
    """Three players, turn 2: Robin's Fortune Teller has looked into Marie's hand,
    Robin has a card face down and the others are still choosing."""
    picker = CardPicker()
    fortune = picker.one("fortune_teller")
    queens = picker.take("queen", 2)
    hands = [[fortune] + picker.take("king", 4), [queens[0]] + picker.take("noble", 4)]
    hands.append([queens[1]] + picker.take("farmer", 4))
    state = play_turn(build_state(picker, hands, seed=12345), [fortune] + queens)
    state = act(state, 0, FortuneChoice(target=2))
    return act(state, 0, PlayCard(card=state.players[0].hand[0]))


def test_other_hands_and_face_down_cards_are_hidden():
    state = peeked_state()
    for seat in range(3):
        view = RULES.view(state, seat)
        assert view.players[seat] == state.players[seat]
        for other in range(3):
            if other != seat:
                assert view.players[other].hand == [HIDDEN] * len(state.players[other].hand)
                expected_chosen = None if state.players[other].chosen is None else HIDDEN
                assert view.players[other].chosen == expected_chosen
    assert RULES.view(state, 1).players[0].chosen == HIDDEN
    assert RULES.view(state, 0).players[0].chosen == state.players[0].chosen


def test_deck_box_and_seed_are_hidden():
    state = peeked_state()
    assert state.box == [] and len(state.deck) > 0
    state = state.model_copy(update={"box": state.deck[:3], "deck": state.deck[3:]})
    view = RULES.view(state, 1)
    assert view.deck == [HIDDEN] * len(state.deck)
    assert view.box == [HIDDEN] * 3
    assert view.seed == 0 and view.rng_draws == 0
    # What everybody saw stays: the display, the revealed cards, the scores.
    assert view.display == state.display and view.revealed == state.revealed
    assert view.rounds == state.rounds and view.info_epoch == state.info_epoch


def test_peeks_and_private_lines_reach_only_their_owner():
    state = peeked_state()
    private = [entry for entry in state.log if entry.visible_to is not None]
    assert private and all(entry.visible_to == (0,) for entry in private)
    assert RULES.view(state, 0).log == state.log
    assert RULES.view(state, 0).peeks == state.peeks
    for seat in (1, 2):
        view = RULES.view(state, seat)
        assert view.peeks == []
        assert view.log == [entry for entry in state.log if entry.visible_to is None]


def test_the_spectator_sees_only_what_everybody_sees():
    state = peeked_state()
    view = RULES.view(state, SPECTATOR)
    assert all(player.hand == [HIDDEN] * len(player.hand) for player in view.players)
    assert view.players[0].chosen == HIDDEN
    assert view.peeks == []
    assert all(entry.visible_to is None for entry in view.log)
    assert RULES.legal_actions(view, SPECTATOR) == []


def test_view_leaves_the_state_alone():
    state = peeked_state()
    before = state.model_dump()
    for seat in (0, 1, 2, SPECTATOR):
        RULES.view(state, seat)
    assert state.model_dump() == before


def test_legal_actions_are_the_same_in_a_view():
    state = peeked_state()
    for seat in range(3):
        assert RULES.legal_actions(RULES.view(state, seat), seat) == RULES.legal_actions(state, seat)


def test_visible_log_reuses_nothing_stale():
    # Three logs that share entries in different ways, asked for in turn.
    public = [LogEntry(text=f"line {number}") for number in range(5)]
    secret = LogEntry(text="secret", visible_to=(1,))
    first = public[:3] + [secret]
    assert visible_log(first, 0) == public[:3]
    assert visible_log(first + public[3:], 0) == public
    changed_middle = public[:1] + [LogEntry(text="other")] + public[2:]
    assert visible_log(changed_middle, 0) == changed_middle
    assert visible_log(public[:2], 0) == public[:2]
    assert visible_log(first, 1) == first
    assert visible_log([], 1) == []
    result = visible_log(first, 0)
    result.append(secret)
    assert visible_log(first, 0) == public[:3], "changing a result must not reach the cache"
    # The very list read last time, grown in place since (a search's own state).
    growing = list(public[:2])
    assert visible_log(growing, 0) == public[:2]
    growing.extend([secret, public[2]])
    assert visible_log(growing, 0) == [*public[:2], public[2]]
    assert visible_log(growing, 1) == growing
