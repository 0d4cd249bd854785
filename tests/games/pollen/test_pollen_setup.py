"""Content, setup, options, what a seat may see, and the small contract methods."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.engine.match import Match
from boardgames_tui.games.pollen.content import DECK_SIZE, card_kinds, cards, content, hand_size, tokens
from boardgames_tui.games.pollen.model import PlaceToken, Plant
from boardgames_tui.games.pollen.rules import PollenOptions, card_label, token_label
from boardgames_tui.games.pollen.rules.common import place_actions, plantings

from .helpers import GAME, RULES, build, card, seats, token


def test_content_matches_the_rulebook():
    data = content()
    assert data.about and any("REFERENCE.md" in line for line in data.about)
    records = [
        *data.insects,
        data.hand_size,
        *data.garden_cards,
        *data.removed_with_players,
        *data.tokens,
        *data.meeples,
    ]
    assert {record.source for record in records} <= {"rulebook", "public", "designed"}
    kinds = card_kinds()
    assert len(kinds) == DECK_SIZE
    for insect in ("bee", "butterfly", "junebug"):
        assert sorted(kind.icons for kind in kinds if kind.insect == insect) == [2, 3, 4]
    assert sorted(kind.icons for kind in kinds if kind.insect is None) == [1, 1, 1, 2, 2, 3]
    by_size = {1: 0, 2: 0, 3: 0}
    for info in tokens():
        by_size[len(info.insects)] += 1
    assert by_size == {1: 15, 2: 27, 3: 2}
    assert len(tokens()) == 44
    for insect in range(3):
        assert sum(1 for info in tokens() if info.insects == (insect,)) == 5
    for pair in ((0, 1), (0, 2), (1, 2)):
        assert sum(1 for info in tokens() if info.insects == pair) == 9
    assert {info.insects for info in tokens() if len(info.insects) == 2} == {(0, 1), (0, 2), (1, 2)}
    assert [count.per_insect for count in sorted(data.meeples, key=lambda count: count.players)] == [10, 16, 16]


def test_labels():
    assert card_label(card(0, "bee-4")) == "4 Bees"
    assert card_label(card(1, "star-2")) == "2 wild stars"
    assert card_label(card(2, "star-3")) == "3 wild stars"
    assert card_label(card(3, "star-1", copy=2)) == "1 wild star"
    assert token_label(token("butterfly", "junebug")) == "Butterfly/Junebug"
    assert cards(4)[card(3, "junebug-2")].owner == 3


@pytest.mark.parametrize(("players", "deck", "meeples"), [(2, 10, 10), (3, 10, 16), (4, 8, 16)])
def test_setup(players, deck, meeples):
    state = RULES.setup(PollenOptions(), seats(players), seed=11)
    assert state.phase == "plant"
    assert len(state.players) == players
    for seat, player in enumerate(state.players):
        assert len(player.hand) == 5
        assert len(player.deck) == deck
        assert all(owned // DECK_SIZE == seat for owned in [*player.hand, *player.deck])
    assert state.supply == [meeples] * 3
    assert state.meeples == [[0, 0, 0]] * players
    assert [(placed.x, placed.y, placed.face_up) for placed in state.tokens] == [(0, 0, True)]
    assert state.next_up is not None
    assert len(state.bag) == 42
    assert state.open_cells == [(-1, -1), (0, -1), (-1, 0), (0, 0)]
    if players == 4:
        assert sorted(card_label(removed) for removed in state.removed) == ["1 wild star"] * 4 + ["2 wild stars"] * 4
        for seat in range(4):
            left = [card_label(owned) for owned in [*state.players[seat].hand, *state.players[seat].deck]]
            assert left.count("1 wild star") == 2 and left.count("2 wild stars") == 1
    else:
        assert state.removed == []


def test_setup_is_reproducible_from_the_seed():
    first = RULES.setup(PollenOptions(), seats(3), seed=5)
    assert RULES.setup(PollenOptions(), seats(3), seed=5) == first
    assert RULES.setup(PollenOptions(), seats(3), seed=6) != first


def test_starting_player_option():
    assert RULES.setup(PollenOptions(starting_player=2), seats(3), seed=1).active == 1
    assert RULES.setup(RULES.parse_options({"starting_player": 3}), seats(3), seed=1).first_player == 2
    chosen = {RULES.setup(PollenOptions(), seats(4), seed=seed).active for seed in range(40)}
    assert chosen == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="only 2 players"):
        RULES.setup(PollenOptions(starting_player=4), seats(2), seed=1)
    with pytest.raises(ValidationError):
        RULES.parse_options({"starting_player": 5})
    with pytest.raises(ValidationError):
        RULES.parse_options({"starting_player": "Orange"})
    with pytest.raises(ValueError):
        RULES.setup(PollenOptions(), seats(1), seed=1)


def test_view_hides_hands_decks_bag_order_and_seed():
    state = RULES.setup(PollenOptions(starting_player=1), seats(3), seed=9)
    state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    view = RULES.view(state, 0)
    assert view.players[0].hand == state.players[0].hand
    assert view.players[0].deck == sorted(state.players[0].deck)
    for other in (1, 2):
        assert view.players[other].hand == [HIDDEN] * len(state.players[other].hand)
        assert view.players[other].deck == [HIDDEN] * len(state.players[other].deck)
    assert view.bag == sorted(state.bag)
    assert view.seed == 0 and view.rng_draws == 0
    assert view.garden == state.garden and view.tokens == state.tokens and view.next_up == state.next_up
    # Private lines: the opening hands and the card drawn go to their owner only.
    mine = [entry.text for entry in view.log if entry.visible_to == (0,)]
    assert any("Orange's opening hand" in text for text in mine)
    # Every label is one card, and the line says how many there are.
    opening = next(text for text in mine if "opening hand" in text)
    counted, labels = opening.split("opening hand, ")[1].rstrip(".").split(" cards: ")
    assert int(counted) == len(labels.split(", ")) == hand_size()
    assert any(text.startswith("Orange drew") for text in mine)
    theirs = RULES.view(state, 1).log
    assert not any(entry.text.startswith("Orange drew") for entry in theirs)
    assert not any("Orange's opening hand" in entry.text for entry in theirs)
    spectator = RULES.view(state, -1)
    assert all(entry.visible_to is None for entry in spectator.log)
    assert all(card_ == HIDDEN for player in spectator.players for card_ in player.hand)
    # The state itself is untouched.
    assert state.seed == 9 and state.players[1].hand[0] != HIDDEN


def test_bots_play_from_their_view():
    state = RULES.setup(PollenOptions(), seats(2), seed=4)
    seat = state.active
    assert RULES.legal_actions(RULES.view(state, seat), seat) == RULES.legal_actions(state, seat)
    assert RULES.legal_actions(RULES.view(state, 1 - seat), 1 - seat) == []


def test_identical_cards_are_offered_once_but_either_may_be_played():
    stars = [card(0, "star-1", 0), card(0, "star-1", 1)]
    state = build(2, placed=[(0, 0, token("bee"))], hands={0: [*stars, card(0, "bee-2")]})
    actions = RULES.legal_actions(state, 0)
    assert {action.card for action in actions} == {stars[0], card(0, "bee-2")}
    assert len(actions) == 2 * 4
    RULES.validate(state, 0, Plant(card=stars[1], x=0, y=0))


def test_moves_on_offer_are_built_as_their_constructors_build_them():
    """Plantings and placings are built without validation: they must come out as the
    validating constructor leaves them, down to the fields counted as given, which no
    copy of one changes."""
    [plant] = plantings([5], [(1234, -987)])
    [place] = place_actions(3, [(-1234, 987)])
    for built, expected in ((plant, Plant(card=5, x=1234, y=-987)), (place, PlaceToken(token=3, x=-1234, y=987))):
        assert built == expected
        assert list(built.__dict__) == list(expected.__dict__)
        assert built.model_fields_set == expected.model_fields_set
        # Built ones share their set of fields given: a copy changed must not reach it.
        built.model_copy(update={"x": 0}).model_fields_set.add("kind")
        assert built.model_fields_set == expected.model_fields_set


def test_describe_progress_prompt():
    state = RULES.setup(PollenOptions(starting_player=2), seats(2), seed=3)
    action = Plant(card=state.players[1].hand[0], x=0, y=0)
    line = GAME.narrator.describe(state, 1, action)
    assert line.startswith("Pink plants ") and line.endswith(" at (0, 0).")
    assert GAME.narrator.progress(state) == "Turn 1: 0 cards planted, 43 tokens left"
    assert RULES.prompt(state, 1).startswith("plant")
    assert RULES.prompt(state, 0) == ""


def test_undo_is_blocked_by_the_draw_but_not_by_a_plain_plant():
    # Orange's deck is empty and nothing is attracted: nothing hidden changes.
    state = build(2, placed=[(0, 0, token("bee"))], hands={0: [card(0, "bee-2"), card(0, "bee-3")]})
    state.players[0].deck = []
    quiet = RULES.apply(state, 0, Plant(card=card(0, "bee-2"), x=0, y=0))
    assert quiet.info_epoch == state.info_epoch
    match = Match(GAME, PollenOptions(starting_player=1), seats(2), seed=2)
    match.submit(0, RULES.legal_actions(match.state, 0)[0], autosave=False)
    assert match.undo_blocker(0) is not None


def test_rules_text_is_there_and_in_our_words():
    text = GAME.reference.rules_text()
    lines = text.splitlines()
    assert len(lines) >= 80
    assert "## Playing in boardgames-tui" in text
    assert text.startswith("# Pollen")
    rulebook_sentences = [
        "Create a lush garden of beautiful blooms",
        "Pollinator tokens that are completely encircled attract insects",
        "Star icons are wild and count for each insect on the token",
        "The player with the highest count takes a scoring meeple",
    ]
    for sentence in rulebook_sentences:
        assert sentence not in text


def _words(text: str) -> list[str]:
    return "".join(char if char.isalnum() else " " for char in text.lower()).split()


def test_rules_text_shares_no_run_of_six_words_with_the_rulebook():
    # Rulebook sentences a retelling is most tempted to echo; rules.md must say the
    # same things without reusing six words in a row from any of them.
    rulebook = [
        "Draw one token and place it faceup in the center of the playing area.",
        'Draw one token and place it faceup near the bag. This is the "next up" token.',
        "The starting player is the player who most recently watered a plant.",
        "At the end of your turn draw a card, unless your deck is empty.",
        "For each insect on the token, each player counts how many matching icons they have adjacent to the token.",
        "If there is a tie, no meeple is awarded for that insect.",
        'Replace the "next up" token from the bag (if it was used) so that one "next up" token is always visible.',
        "In the rare case that a token is placed in a spot that is already surrounded by garden cards, "
        "score it immediately according to the POLLINATE rules.",
        "When any of the following happens, the current player's turn is finished and the game ends.",
        "If there is a tie, that type is considered to have no leader.",
        "In the rare case that no players lead any meeple type, the player with the most total meeples wins.",
        "Each remaining player sets aside all scoring meeples of the one type they are the leader in.",
        "They count their remaining scoring meeples. The player with the most wins.",
        "If there is a tie, the tied player with the most total scoring meeples is the winner. "
        "If there is still a tie, then the tied players share the victory.",
    ]
    ours = _words(GAME.reference.rules_text())
    runs = {tuple(ours[index : index + 6]) for index in range(len(ours) - 5)}
    for sentence in rulebook:
        words = _words(sentence)
        echoed = [
            " ".join(words[index : index + 6])
            for index in range(len(words) - 5)
            if tuple(words[index : index + 6]) in runs
        ]
        assert not echoed, f"rules.md echoes the rulebook: {echoed}"
