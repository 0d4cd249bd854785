"""The screen's words about the table (describe.py), read without a screen."""

from __future__ import annotations

from boardgames_tui.games.everbloom.describe import TableWords
from boardgames_tui.games.everbloom.model import PlaceChip, SendPollinator

from .test_everbloom_rules import ELEPHANT, RULES, blank


def test_a_placement_reads_as_the_chip_the_landmark_and_the_cards_it_reaches():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    state.face_up = [ELEPHANT]
    words = TableWords(RULES, 0)
    view = RULES.view(state, 0)
    assert words.label(view, PlaceChip(chip=3, landmark="n1")).plain == "Place chip 3 at n1 (landmark 15) → t1, t2"
    assert words.label(view, SendPollinator(space="t1", grove="forest")).plain == (
        "Send a pollinator to t1 Banyan Elephant (from the Forest grove)"
    )


def test_the_inspector_never_names_a_face_down_card():
    """Two deals that differ only in a face-down card (of the same deck: a card's back
    is public) read the same to the seat."""
    texts = []
    for hidden in ("H01", "H02"):
        state = blank(["bats", "butterflies"])
        state.stacks["t1"] = [ELEPHANT, hidden]
        state.stacks["t2"] = [hidden]  # a face-down top card
        state.face_up = [ELEPHANT]
        view = RULES.view(state, 1)
        words = TableWords(RULES, 1)
        texts.append([*words.space_facts(view, "t1"), *words.space_facts(view, "t2")])
    assert texts[0] == texts[1]
    assert any("face-down card" in line for line in texts[0])


def test_the_nectar_discard_says_it_sends_pollinators_to_that_biome_s_grove():
    """Issue 30: the label says which card is thrown away; the inspector says what follows."""
    from boardgames_tui.engine.contract import Seat
    from boardgames_tui.games.everbloom.describe import NECTAR
    from boardgames_tui.games.everbloom.model import DiscardNectar
    from boardgames_tui.games.everbloom.rules import biome_name

    state = RULES.setup(RULES.parse_options({}), [Seat(name="Ann"), Seat(name="Ben")], 3)
    view = RULES.view(state, 0)
    card = view.players[0].draft[0]
    entry = TableWords(RULES, 0).action_entry(view, DiscardNectar(card=card))
    grove = biome_name(NECTAR[card].biome)
    assert entry.lines[0].startswith("Choosing it: this card leaves the game, and 3 pollinators of yours")
    assert f"to the {grove} grove" in entry.lines[0]
    assert all("Nothing more to say" not in line for line in entry.lines)


def test_a_move_of_the_seat_s_own_pollinator_reads_your_in_lower_case():
    """Found playing at 80×24 as the Butterflies: the list read "Move Your pollinator
    from t1 …" (another seat's reads "Move Ann's pollinator")."""
    from boardgames_tui.games.everbloom.model import MovePollinator

    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    state.face_up = [ELEPHANT]
    view = RULES.view(state, 1)
    words = TableWords(RULES, 1)
    own = words.label(view, MovePollinator(owner=1, source="t1", target="t2")).plain
    other = words.label(view, MovePollinator(owner=0, source="t1", target="t2")).plain
    assert own.startswith("Move your pollinator from t1 Banyan Elephant to t2")
    assert other.startswith(f"Move {view.name(0)}'s pollinator from t1")


def test_the_wildlife_bonus_names_the_card_it_would_take():
    """Found playing at 80×24: the choice read "Take a wildlife card" (and `i` did not name
    it either) while the hint named it: "Take the wildlife card Roaming Lynx — 2 nectar in
    any biome".  The wildlife deck's order is public: the choice says which card it is."""
    from boardgames_tui.games.everbloom import content as C

    state = blank(["bats", "butterflies"])
    top = {card.id: card for card in C.wildlife_cards()}[state.wildlife_deck[0]]
    view = RULES.view(state, 0)
    label = TableWords(RULES, 0).option_words(view, "card").plain
    assert label == f"Take the wildlife card {top.name} ({top.nectar} nectar in any biome)"
    state.wildlife_deck = []
    assert TableWords(RULES, 0).option_words(RULES.view(state, 0), "card").plain == "Take a wildlife card"
