"""Everbloom's second round of rulings (issue #12): each test quotes the rulebook
sentence it follows.  The nectar ties (ruling 20) are in test_everbloom_rules.py
(test_nectar_majorities)."""

from __future__ import annotations

import typing

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    EverbloomOptions,
    HabitatCard,
    PlaceChip,
    SendPollinator,
    Skip,
    Task,
    hidden_back,
    is_hidden,
)
from boardgames_tui.ui.setup import option_choices
from tests.games.everbloom.test_everbloom_rules import (
    CRAB,
    ELEPHANT,
    OWL,
    RULES,
    _chip,
    act,
    blank,
    event,
    migrate,
    refused,
)


def answer_all(state, answers: dict[str, str]):
    """Answers pending choices by a word of their prompt until none is left."""
    while state.choice is not None:
        option = next(answer for word, answer in answers.items() if word in state.choice.prompt)
        state = act(state, state.choice.seat, Choose(option=option))
    return state


# ----------------------------------------------------------------- ruling 22: groves optional


def test_with_the_supply_empty_the_rest_may_stay_in_the_groves():
    """Rulebook: "If you have more pollinators to place than you have in your supply,
    you may take them from the groves of your choice instead." """
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    state.players[0].supply = 1
    state.groves["tundra"][0] = 2
    state = act(state, 0, PlaceChip(chip=3, landmark="west"))
    assert "supply must be sent" in refused(state, 0, Skip())
    state = act(state, 0, SendPollinator(space="t1"), Skip())
    assert state.turn is None and state.turn_seat == 1
    assert state.pollinators["t1"][0] == 1 and state.groves["tundra"][0] == 2
    assert "2 stay in the groves" in state.log[-1].text


def test_a_chip_fits_where_only_fewer_pollinators_from_the_groves_can_go():
    """Rulebook (as above): "... you may take them from the groves"; so a chip whose
    supply is empty need not bring more than a storm lets through."""
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [event("Storm of Sand")]  # at most two pollinators there
    state.players[0].supply = 0
    state.groves["forest"][0] = 5
    place = PlaceChip(chip=3, landmark="west")
    assert place in RULES.legal_actions(state, 0)
    assert ChipToGrove(chip=3, grove="forest") not in RULES.legal_actions(state, 0)
    state = act(state, 0, place)
    assert state.turn.to_send == 2
    state = act(state, 0, SendPollinator(space="t1", grove="forest"))
    assert Skip() in RULES.legal_actions(state, 0)


# ----------------------------------------------------------------- ruling 11: storms for the faction


def _rain_state():
    # Storm of Rain on t1; away from it (n2, m2, s1, s2, east) only 3/4/5 fit, and the
    # east has no card, so this faction's 1 cannot obey the storm but its 4 can.
    closed = {space: (9, 0) for space in ("n2", "m2", "s1", "s2")}
    state = blank(["bats", "butterflies"], closed)
    state.stacks["t1"] = [event("Storm of Rain")]
    state.stacks["t2"] = [ELEPHANT]
    state.players[0].chips = [1, 4]
    state.players[0].first_chip = False
    return state


def test_a_storm_binds_the_faction_not_just_the_chip_it_picks():
    """Rulebook: "Storm of Rain: Your first chip cannot be placed at an adjacent
    landmark, if able." - able is judged for the faction: it cannot dodge the storm by
    choosing a chip that could not obey it."""
    state = _rain_state()
    legal = RULES.legal_actions(state, 0)
    assert {(a.chip, a.landmark) for a in legal} == {(4, "n2"), (4, "m2")}
    assert "some chip of yours can" in refused(state, 0, PlaceChip(chip=1, landmark="n1"))
    assert "storm binds" in refused(state, 0, ChipToGrove(chip=1, grove="forest"))
    # After the first chip the storm no longer binds.
    state = act(state, 0, PlaceChip(chip=4, landmark="n2"), *[SendPollinator(space="t2")] * 4)
    state.turn_seat = 0
    assert PlaceChip(chip=1, landmark="n1") in RULES.legal_actions(state, 0)


def test_a_storm_nobody_can_obey_binds_nothing():
    """Rulebook: "... if able": a faction none of whose chips can obey is free."""
    state = _rain_state()
    state.players[0].chips = [1]
    assert PlaceChip(chip=1, landmark="n1") in RULES.legal_actions(state, 0)


def test_under_two_storms_the_chip_obeys_as_many_as_it_can():
    """Rulebook: "Storm of Snow: Your first chip must be placed at an adjacent landmark,
    if able."  Two Snows (t2 and b3): only m2 touches both; closed to this chip, the
    chip must still obey one of them."""
    state = blank(["bats", "butterflies"], {"m2": (9, 0)})
    state.stacks["t2"] = [event("Storm of Snow")]
    state.stacks["b3"] = [event("Storm of Snow")]
    state.stacks["t3"] = [ELEPHANT]
    state.players[0].chips = [1]
    state.players[0].first_chip = False
    places = {a.landmark for a in RULES.legal_actions(state, 0) if isinstance(a, PlaceChip)}
    assert places == {"n1", "n2", "m1", "s2", "east"}
    state.players[0].chips = [4]
    places = {a.landmark for a in RULES.legal_actions(state, 0) if isinstance(a, PlaceChip)}
    assert places == {"m2"}


# ----------------------------------------------------------------- ruling 6: the hive


def test_the_hive_goes_on_a_landmark_it_has_not_covered():
    """Rulebook: "At the start of each round place your beehive on top of a new
    landmark on the wilderness board." """
    state = blank(["bees", "bats"])
    state.hive_history = ["n1", "n2"]
    RULES._task_hive(state, Task(kind="hive"))
    assert sorted(state.choice.options) == sorted(set(state.landmarks) - {"n1", "n2"})
    state = act(state, 0, Choose(option="s1"))
    assert state.hive == "s1" and state.hive_history == ["n1", "n2", "s1"]
    # Every landmark covered: the one covered longest ago.
    state.hive_history = ["m2", *[space for space in state.landmarks if space != "m2"]]
    RULES._task_hive(state, Task(kind="hive"))
    assert state.choice.options == ["m2"]


# ----------------------------------------------------------------- ruling 24: wildlife chips collected


def test_wildlife_chips_leave_when_their_landmark_resolves():
    """Rulebook: "Collect the faction chips placed at the (left) western wildlife
    landmark and sort them by faction."  Once collected they no longer count for
    habitat tile C (day: 2 points per landmark where your chip is at the bottom)."""
    state = blank(["butterflies", "lemurs"])
    state.chips["west"] = [_chip(0, 2)]
    state.chips["n1"] = [_chip(0, 1)]
    state.chips["east"] = [_chip(0, 1)]
    state.stacks["t1"] = [ELEPHANT]
    state.pollinators["t1"] = [2, 0]
    state.players[0].supply -= 2
    state = migrate(state)
    state = answer_all(state, {"wildlife bonus": "bloom", "habitat tile": "C", "biome of your habitat": "forest"})
    assert state.chips["west"] == [] and state.chips["east"] == []
    # The elephant scored tile C with n1 and the east (not yet resolved), not the west.
    assert any("scored 4 points from habitat tile C" in entry.text for entry in state.log)


# ----------------------------------------------------------------- ruling 2: themes for their seats


@pytest.mark.parametrize("players", [1, 3, 4])
def test_duo_is_offered_to_two_players_only(players):
    """Rulebook: "Duo (landmarks selected for the two player experience): 1, 9, 15,
    23, 25, 29." - and no fourth-player landmark is printed for it."""
    seats = [Seat(name=f"P{i}") for i in range(players)]
    with pytest.raises(ValueError, match="Duo landmarks are for 2 players"):
        RULES.setup(EverbloomOptions(landmark_theme="duo"), seats, 3)


def test_every_theme_fills_its_board_with_printed_tiles_only():
    """Rulebook: "First Blossom ...: 1, 9, 11, 13, 21, 29. 4 players: 3." """
    for key, theme in C.landmark_themes().items():
        for players in theme.players:
            seats = [Seat(name=f"P{i}") for i in range(players)]
            state = RULES.setup(EverbloomOptions(landmark_theme=key), seats, 5)
            printed = set(theme.landmarks) | ({theme.four_player_extra} if players == 4 else set())
            assert {number for number, _ in state.landmarks.values()} == printed


# ----------------------------------------------------------------- ruling 28: information timing


@pytest.mark.parametrize("players", [2, 4])
def test_every_stacks_deck_is_public_from_setup(players):
    """Rulebook: "Separate the hybrid cards into biome decks based on the icon located
    on the bottom right of each card back" and "For each biome deck, place the top
    three cards on a random card space" - the backs show each stack's biome while
    the nectar cards are chosen."""
    seats = [Seat(name=f"P{i}") for i in range(players)]
    state = RULES.setup(EverbloomOptions(), seats, 9)
    view = RULES.view(state, 0)
    assert view.phase == "draft"
    kinds = sorted(view.space_kinds.values())
    assert kinds == sorted([*C.BIOMES, *(["mixed"] * 2 if players == 4 else [])])
    for space, stack in view.stacks.items():
        if not stack:
            continue
        assert all(is_hidden(card) for card in stack)
        top_back = hidden_back(stack[0])
        if view.space_kinds[space] != "mixed":
            assert top_back == view.space_kinds[space]
        else:
            assert top_back in (*C.BIOMES, "event")


def test_the_card_under_a_migrated_hybrid_turns_at_the_next_round():
    """Rulebook, start of round: "Reveal the top hybrid card of each card space on the
    wilderness board to show the migration ability on the front." - not earlier."""
    state = blank(["butterflies", "lemurs"])
    state.stacks["t1"] = [ELEPHANT, CRAB]
    state.face_up = [ELEPHANT]
    state.pollinators["t1"] = [2, 0]
    state.players[0].supply -= 2
    epoch = state.info_epoch
    state = answer_all(migrate(state), {"habitat tile": "A"})
    assert state.stacks["t1"] == [CRAB]
    assert state.info_epoch == epoch  # a biome stack's next back tells nothing new
    # Face down: only its back (the crab's aquatic deck) shows.
    assert all(RULES.view(state, seat).stacks["t1"] == ["?aquatic"] for seat in (0, 1))
    RULES._start_round(state)
    assert RULES.view(state, 1).stacks["t1"] == [CRAB]
    assert state.info_epoch > epoch


# ----------------------------------------------------------------- ruling 1: factions chosen


def test_each_seat_chooses_a_faction_or_leaves_it_to_chance():
    """Rulebook, player setup: "Select a faction and take the following steps"."""
    seats = [Seat(name=f"P{i}") for i in range(3)]
    options = RULES.parse_options({"faction_2": "lizards"})
    for seed in range(5):
        factions = [player.faction for player in RULES.setup(options, seats, seed).players]
        assert factions[1] == "lizards" and len(set(factions)) == 3
    with pytest.raises(ValueError, match="Two seats chose the Bees"):
        RULES.setup(RULES.parse_options({"faction_1": "bees", "faction_3": "bees"}), seats, 1)
    with pytest.raises(ValueError, match="Seat 4 has a faction"):
        RULES.setup(RULES.parse_options({"faction_4": "bats"}), seats, 1)


def test_the_setup_form_offers_every_faction_per_seat():
    """The form shows a list for every Literal option: random plus the six factions."""
    fields = EverbloomOptions.model_fields
    for number in range(1, 5):
        choices = option_choices(fields[f"faction_{number}"].annotation)
        assert choices == ["random", *C.factions()]
    assert typing.get_origin(fields["faction_1"].annotation) is typing.Literal


# ----------------------------------------------------------------- ruling 29: ties told


def test_a_tie_is_told_with_what_broke_it():
    """Rulebook: "Ties are broken in the following order: 1. The player with the least
    cards in their habitat wins. 2. The player with the least points wins. 3. The
    player who is earliest in the current turn order wins." """
    state = blank(["hummingbirds", "butterflies"])
    state.players[0].habitat["aquatic"] = [HabitatCard(id="H02"), HabitatCard(id="H03")]
    state.players[1].habitat["desert"] = [HabitatCard(id="H12")]
    state.stacks["b3"] = [OWL]
    state.pollinators["b3"] = [2, 2]
    state = migrate(state)
    told = [entry.text for entry in state.log if " tie " in entry.text]
    assert told == [
        "Hummingbirds and Butterflies tie with 2 pollinators on Edelweiss Owl; "
        "Butterflies won it with the fewest habitat cards (1)."
    ]
    # Level on cards: points, then turn order.
    state = blank(["hummingbirds", "butterflies"])
    state.players[0].score = 3
    state.stacks["b3"] = [OWL]
    state.pollinators["b3"] = [2, 2]
    assert "Butterflies won it with the fewest points (0)" in " ".join(e.text for e in migrate(state).log)
    state.players[0].score = 0
    assert "Hummingbirds won it by coming first in turn order" in " ".join(e.text for e in migrate(state).log)
