"""Everbloom's everything-revealed listing: secret nectar, drafts and pollinations, the cards
under each stack's top, and the decks."""

from __future__ import annotations

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.rules import card_name
from boardgames_tui.engine.registry import get_game
from tests.engine.test_records import finished_match

GAME = get_game("everbloom")
RULES = GAME.rules
NECTAR = {card.id: card for card in C.nectar_cards()}
BIOME_NAMES = {biome.key: biome.name for biome in C.biomes()}
SEATS = [Seat(name="Anna"), Seat(name="Ben")]


def nectar_name(card: str) -> str:
    return f"{BIOME_NAMES[NECTAR[card].biome]} {NECTAR[card].nectar}"


def sections_of(state) -> dict[str, str]:
    return {section.title: "\n".join(section.lines) for section in GAME.reference.hidden_information(state)}


def test_secret_cards_and_the_cards_under_each_top_are_named_until_the_end():
    match = finished_match(2, seats=SEATS, slug="everbloom")
    seen_draft = seen_pollination = False
    for state in match.states:
        sections = sections_of(state)
        for seat, player in enumerate(state.players):
            listed = sections.get(state.name(seat), "")
            if state.phase == "over":
                # The view shows every seat's cards once the game is over: nothing to reveal.
                assert not listed
                continue
            assert all(nectar_name(card) in listed for card in player.nectar)
            assert all(nectar_name(card) in listed for card in player.draft)
            seen_draft |= bool(player.draft)
            if player.pollination is not None:
                seen_pollination = True
                assert "Pollinating" in listed
        stacks = sections.get("Card spaces, hidden cards top first", "")
        for cards in state.stacks.values():
            assert all(card_name(card) in stacks for card in cards if card not in state.face_up)
    assert seen_draft and seen_pollination


def test_nothing_is_listed_when_nothing_is_hidden():
    state = finished_match(2, seats=SEATS, slug="everbloom").state
    shown = [card for cards in state.stacks.values() for card in cards]
    emptied = state.model_copy(
        update={"face_up": shown, "bloom_deck": [], "nectar_deck": [], "event_deck": [], "boxed": []}
    )
    assert GAME.reference.hidden_information(emptied) == []
