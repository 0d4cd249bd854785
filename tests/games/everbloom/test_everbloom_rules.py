"""Everbloom rules: the rulebook's worked examples, every landmark kind, factions,
storms and edges, migration ties, pollination and the final scoring."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    DiscardNectar,
    EverbloomOptions,
    FinishPollination,
    HabitatCard,
    MovePollinator,
    PlaceChip,
    Pollinate,
    PullFromGrove,
    SendPollinator,
    Skip,
    TakeGrove,
)
from boardgames_tui.engine.registry import get_game

GAME = get_game("everbloom")
RULES = GAME.rules
ELEPHANT, CRAB, OWL, HYENA = "H33", "H06", "H48", "H15"
DUNE_BLOSSOM = "E01"
POLLINATORS = C.numbers().pollinators


def event(name: str) -> str:
    return next(card.id for card in C.events() if card.name == name)


def blank(factions: list[str], landmarks: dict[str, tuple[int, int]] | None = None, habitat: str = "day", round_: int = 1):
    """A wilderness-phase state with empty spaces, no bloom cards and seat 0 first."""
    seats = [Seat(name=key.capitalize()) for key in factions]
    state = RULES.setup(EverbloomOptions.with_factions(factions, habitat_theme=habitat), seats, 7)
    state.phase = "wilderness"
    state.round = round_
    state.bloom_shown = []
    state.event_deck = []
    state.first_player = 0
    state.turn_seat = 0
    state.stacks = {space: [] for space in state.stacks}
    # Unnamed landmark spaces get landmark 15 ("room for 3 chips"), the mildest rule.
    state.landmarks = {space: [15, 0] for space in state.landmarks}
    for space, (number, flipped) in (landmarks or {}).items():
        state.landmarks[space] = [number, flipped]
    for index, player in enumerate(state.players):
        player.draft = []
        player.nectar = []
        player.first_chip = index == 0
    return state


def act(state, seat, *actions):
    for action in actions:
        RULES.validate(state, seat, action)
        state = RULES.apply(state, seat, action)
    return state


def refused(state, seat, action) -> str:
    with pytest.raises(IllegalMove) as error:
        RULES.validate(state, seat, action)
    return error.value.reason


def migrate(state):
    state = state.model_copy(deep=True)
    RULES._start_migration(state)
    return state


# ----------------------------------------------------------------- rulebook examples


def test_example_1_an_event_displaces_the_hybrid_of_its_biome():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [HYENA, "H11"]
    state.stacks["t2"] = [ELEPHANT]
    state.event_deck = [DUNE_BLOSSOM]
    RULES._start_round(state)
    assert state.stacks["t1"] == [DUNE_BLOSSOM, "H11"]
    empty_before = [space for space in ("t3", "b1", "b2", "b3") if state.stacks[space] == [HYENA]]
    assert len(empty_before) == 1


def test_example_1_first_player_chooses_among_several_hybrids():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [HYENA]
    state.stacks["t2"] = ["H11"]
    state.event_deck = [DUNE_BLOSSOM]
    RULES._start_round(state)
    assert state.choice is not None and state.choice.seat == 0 and sorted(state.choice.options) == ["t1", "t2"]
    state = act(state, 0, Choose(option="t2"))
    assert state.stacks["t2"] == [DUNE_BLOSSOM]
    assert state.phase == "wilderness"


def test_example_2_landmark_1_gives_the_two_an_extra_pollinator():
    state = blank(["bats", "butterflies"], {"n1": (1, 0)})
    state.stacks["t1"] = [ELEPHANT]
    state.stacks["t2"] = [CRAB]
    state = act(state, 0, PlaceChip(chip=2, landmark="n1"))
    assert state.turn.to_send == 3
    state = act(state, 0, SendPollinator(space="t1"), SendPollinator(space="t1"), SendPollinator(space="t2"))
    assert state.pollinators["t1"][0] == 2 and state.pollinators["t2"][0] == 1
    assert state.players[0].supply == POLLINATORS - 3
    assert state.turn is None and state.turn_seat == 1


def test_example_3_landmark_21_must_match_the_round():
    state = blank(["bats", "butterflies"], {"n2": (21, 0)})
    state.stacks["t2"] = [CRAB]
    state.turn_seat = 1
    assert PlaceChip(chip=1, landmark="n2") in RULES.legal_actions(state, 1)
    state2 = act(state, 1, PlaceChip(chip=1, landmark="n2"), SendPollinator(space="t2"))
    assert state2.pollinators["t2"][1] == 1
    later = blank(["bats", "butterflies"], {"n2": (21, 0)}, round_=2)
    later.stacks["t2"] = [CRAB]
    assert "round (2)" in refused(later, 0, PlaceChip(chip=1, landmark="n2"))
    RULES.validate(later, 0, PlaceChip(chip=2, landmark="n2"))


def test_examples_4_and_5_wildlife_landmarks():
    state = blank(["bats", "butterflies", "hummingbirds"])
    state.chips["west"] = [_chip(0, 2), _chip(1, 3)]
    state.chips["east"] = [_chip(0, 3), _chip(2, 1)]
    state = migrate(state)
    assert state.choice.seat == 1 and state.choice.options == ["card", "bloom"]
    state = act(state, 1, Choose(option="card"))
    assert state.choice.seat == 1 and "jungle" in state.choice.options
    state = act(state, 1, Choose(option="jungle"))
    assert [card.id for card in state.players[1].habitat["jungle"]] == ["W1"]
    assert state.players[1].tiles == {} and state.players[1].score == 0
    # The bats win the east and get the unused bonus: two bloom advances.
    assert state.players[0].bloom == 2


def test_the_wildlife_token_resets_each_round_and_east_chooses_when_west_is_unclaimed():
    state = blank(["bats", "butterflies"])
    state.wildlife_used = "card"  # left over from an earlier round
    state.chips["east"] = [_chip(1, 2)]
    state = migrate(state)
    assert state.choice.seat == 1 and state.choice.options == ["card", "bloom"]


def _chip(seat, value):
    from boardgames_tui.games.everbloom.model import Chip

    return Chip(seat=seat, value=value)


def test_example_6_winning_a_card_with_tile_d():
    state = blank(["hummingbirds", "butterflies", "bats"])
    state.stacks["t1"] = [ELEPHANT]
    state.pollinators["t1"] = [3, 1, 2]
    for seat, count in enumerate([3, 1, 2]):
        state.players[seat].supply -= count
    state = migrate(state)
    assert state.choice.seat == 0 and state.choice.options == ["A", "B", "C", "D", "E"]
    state = act(state, 0, Choose(option="D"))
    hum = state.players[0]
    assert hum.score == 2 + 3
    assert hum.supply == POLLINATORS
    assert state.groves["jungle"] == [0, 1, 2]
    assert [card.id for card in hum.habitat["jungle"]] == [ELEPHANT]
    assert state.stacks["t1"] == []


def test_example_7_tie_broken_by_fewest_habitat_cards():
    state = blank(["hummingbirds", "butterflies"])
    state.players[0].habitat["aquatic"] = [HabitatCard(id="H02"), HabitatCard(id="H03")]
    state.players[1].habitat["desert"] = [HabitatCard(id="H12")]
    state.stacks["b3"] = [OWL]
    state.pollinators["b3"] = [2, 2]
    state = migrate(state)
    state = act(state, 1, Choose(option="A"))
    assert state.players[1].score == 3 + 5
    assert state.groves["tundra"][0] == 2
    assert [card.id for card in state.players[1].habitat["tundra"]] == [OWL]


def test_ties_then_fewest_points_then_turn_order():
    state = blank(["bats", "butterflies", "lemurs"])
    state.players[0].score = 4
    state.players[1].score = 2
    state.players[2].score = 2
    state.first_player = 2
    assert RULES.winner_by_ties(state, [0, 1]) == 1
    assert RULES.winner_by_ties(state, [1, 2]) == 2  # turn order starts at seat 2
    state.players[2].habitat["forest"] = [HabitatCard(id="H21")]
    assert RULES.winner_by_ties(state, [1, 2]) == 1


def test_example_9_pollination():
    state = blank(["bats", "butterflies"])
    state.players[0].habitat["desert"] = [HabitatCard(id=DUNE_BLOSSOM)]
    state.players[0].habitat["aquatic"] = [HabitatCard(id=CRAB)]
    state.groves["desert"][0] = 4
    state.groves["forest"][0] = 3
    state.players[0].supply -= 7
    RULES._task_pollination(state, None)
    assert sorted(RULES.to_act(state)) == [0, 1]
    state = act(state, 0, TakeGrove(grove="desert"), Pollinate(card=DUNE_BLOSSOM), Pollinate(card=CRAB))
    assert "leftover" in refused(state, 0, FinishPollination(grove=None)).lower()
    state = act(state, 0, FinishPollination(grove="forest"))
    # Hidden until everybody has finished.
    assert state.groves["desert"][0] == 4
    view = RULES.view(state, 1)
    assert view.players[0].pollination.grove is None
    state = act(state, 1, TakeGrove(grove="aquatic"), FinishPollination(grove=None))
    bats = state.players[0]
    assert state.groves["forest"][0] == 4 and state.groves["desert"][0] == 0
    assert all(card.pollinated for cards in bats.habitat.values() for card in cards)
    assert bats.score == 2
    assert bats.supply + sum(g[0] for g in state.groves.values()) == POLLINATORS


def test_auto_pollinating_cards_are_free_and_costs_must_be_paid_in_full():
    state = blank(["bats"])
    state.players[0].habitat["aquatic"] = [HabitatCard(id="H01"), HabitatCard(id=CRAB)]
    state.players[0].habitat["tundra"] = [HabitatCard(id="W2")]
    state.groves["aquatic"][0] = 1
    state.players[0].supply -= 1
    RULES._task_pollination(state, None)
    state = act(state, 0, TakeGrove(grove="aquatic"))
    assert Pollinate(card=CRAB) not in RULES.legal_actions(state, 0)
    state = act(state, 0, FinishPollination(grove="tundra"))
    assert state.players[0].score == 2  # the frog and the wildlife card
    assert state.groves["tundra"][0] == 1


# ----------------------------------------------------------------- landmark rules


def test_only_values():
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [ELEPHANT]
    assert "only a 3, 4 or 5" in refused(state, 0, PlaceChip(chip=2, landmark="n1"))
    RULES.validate(state, 0, PlaceChip(chip=3, landmark="n1"))


def test_if_value_penalty_side():
    state = blank(["bats", "butterflies"], {"n1": (1, 1)})
    state.stacks["t1"] = [ELEPHANT]
    assert act(state, 0, PlaceChip(chip=3, landmark="n1")).turn.to_send == 2


def test_if_value_bloom_advance():
    state = blank(["bats", "butterflies"], {"n1": (13, 0)})
    state.stacks["t1"] = [ELEPHANT]
    assert act(state, 0, PlaceChip(chip=2, landmark="n1")).players[0].bloom == 1


def test_if_extreme_lowest_and_highest():
    state = blank(["bats", "butterflies"], {"n1": (7, 0)})
    state.stacks["t1"] = [ELEPHANT]
    state = act(state, 0, PlaceChip(chip=2, landmark="n1"), *[SendPollinator(space="t1")] * 2)
    assert state.players[0].bloom == 1
    state = act(state, 1, PlaceChip(chip=3, landmark="n1"), *[SendPollinator(space="t1")] * 3)
    assert state.players[1].bloom == 0
    state = act(state, 0, PlaceChip(chip=1, landmark="n1"), SendPollinator(space="t1"))
    assert state.players[0].bloom == 2


def test_one_card():
    state = blank(["bats", "butterflies"], {"n1": (11, 0)})
    state.stacks["t1"] = [ELEPHANT]
    state.stacks["t2"] = [CRAB]
    state = act(state, 0, PlaceChip(chip=3, landmark="n1"), SendPollinator(space="t1"))
    assert SendPollinator(space="t2") not in RULES.legal_actions(state, 0)
    assert "single card" in refused(state, 0, SendPollinator(space="t2"))


def test_even_split():
    state = blank(["bats", "butterflies"], {"m1": (11, 1)})
    for space, card in zip(("t1", "t2", "b1", "b2"), (ELEPHANT, CRAB, OWL, HYENA)):
        state.stacks[space] = [card]
    state = act(state, 0, PlaceChip(chip=4, landmark="m1"), SendPollinator(space="t1"))
    assert SendPollinator(space="t1") not in RULES.legal_actions(state, 0)
    state = act(state, 0, SendPollinator(space="t2"), SendPollinator(space="b1"), SendPollinator(space="b2"))
    assert [state.pollinators[s][0] for s in ("t1", "t2", "b1", "b2")] == [1, 1, 1, 1]


def test_max_chips():
    state = blank(["bats", "butterflies"], {"n1": (15, 1)})
    state.stacks["t1"] = [ELEPHANT]
    state.chips["n1"] = [_chip(1, 1), _chip(1, 2)]
    assert "room for 2 chips" in refused(state, 0, PlaceChip(chip=3, landmark="n1")).lower()


def test_a_chip_that_fits_nowhere_goes_to_a_grove():
    state = blank(["bats", "butterflies"])
    # The only card is a Storm of Sand: no more than two pollinators may reach it.
    state.stacks["t1"] = [event("Storm of Sand")]
    actions = RULES.legal_actions(state, 0)
    assert ChipToGrove(chip=3, grove="forest") in actions
    assert "fits at a landmark" in refused(state, 0, ChipToGrove(chip=2, grove="forest"))
    state = act(state, 0, ChipToGrove(chip=3, grove="forest"))
    assert state.groves["forest"][0] == 3 and state.turn_seat == 1


def test_first_player_chip_goes_last():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    assert "after all your faction chips" in refused(state, 0, PlaceChip(chip=1, landmark="west", first_chip=True))
    state.players[0].chips = []
    RULES.validate(state, 0, PlaceChip(chip=1, landmark="west", first_chip=True))


def test_landmark_flips_lowest_and_highest_but_never_the_hive():
    state = RULES.setup(EverbloomOptions.with_factions(["bees", "bats"]), [Seat(name="A"), Seat(name="B")], 3)
    state.hive = "n1"; state.hive_history = ["n1"]
    state.round = 1
    first = state.first_player
    numbers = sorted(number for number, _ in state.landmarks.values())
    shown = list(state.bloom_shown)
    RULES._end_round(state)
    flipped = sorted(number for number, side in state.landmarks.values() if side)
    assert flipped == [numbers[0], numbers[-1]]
    assert state.round == 2 and state.first_player == (first + 1) % 2
    assert state.players[state.first_player].first_chip and not state.players[first].first_chip
    assert not set(shown) & set(state.bloom_shown) and len(state.bloom_shown) == 3
    # The bees place the hive on a new landmark.
    assert state.choice is not None and "n1" not in state.choice.options


# ----------------------------------------------------------------- factions


def test_bats_cave_marker_and_bonus():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    state.chips["west"] = [_chip(1, 2)]
    state = act(state, 0, PlaceChip(chip=3, landmark="west"))
    assert state.players[0].cave == 1
    state = act(state, 0, *[SendPollinator(space="t1")] * 3)
    state = act(state, 1, PlaceChip(chip=1, landmark="west"), SendPollinator(space="t1"))
    state = act(state, 0, PlaceChip(chip=1, landmark="west"), SendPollinator(space="t1"))
    assert state.players[0].cave == 1
    # At the end of migration the bats pick a cave bonus at or left of the marker.
    state.stacks["t1"] = []
    state.pollinators["t1"] = [0, 0]
    state.players[0].supply += 4
    state.players[1].supply += 1
    state.chips = {space: [] for space in state.chips}
    state = migrate(state)
    assert state.choice.seat == 0 and state.choice.options == ["1", "2"]
    state = act(state, 0, Choose(option="1"))
    assert state.players[0].score == 1 and state.phase == "pollination"


def test_bees_hive_binds_others_not_the_bees():
    state = blank(["bees", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [ELEPHANT]
    state.hive = "n1"
    RULES.validate(state, 0, PlaceChip(chip=4, landmark="n1"))
    state.turn_seat = 1
    reason = refused(state, 1, PlaceChip(chip=4, landmark="n1"))
    assert "hive" in reason and "1 or 2" in reason


def test_butterflies_move_a_pollinator_with_their_four():
    state = blank(["butterflies", "bats"], {"n1": (9, 0)})
    state.stacks["t1"] = [ELEPHANT]
    state.stacks["t2"] = [CRAB]
    state.pollinators["t2"] = [0, 2]
    state.players[1].supply -= 2
    state = act(state, 0, PlaceChip(chip=4, landmark="n1"))
    actions = RULES.legal_actions(state, 0)
    assert Skip() in actions and MovePollinator(owner=1, source="t2", target="t1") in actions
    state = act(state, 0, MovePollinator(owner=1, source="t2", target="t1"))
    assert state.pollinators["t1"][1] == 1 and state.turn.to_send == 4


def test_hummingbirds_two_may_ignore_the_landmark():
    state = blank(["hummingbirds", "bats"], {"n1": (9, 0)})
    state.stacks["t1"] = [ELEPHANT]
    refused(state, 0, PlaceChip(chip=2, landmark="n1"))
    RULES.validate(state, 0, PlaceChip(chip=2, landmark="n1", ignore_rule=True))
    assert "Hummingbirds" in refused(state, 0, PlaceChip(chip=3, landmark="n1", ignore_rule=True))


def test_lemurs_first_wildlife_chip_reaches_both_sides():
    state = blank(["lemurs", "bats"])
    state.stacks["t1"] = [ELEPHANT]
    state.stacks["t3"] = [CRAB]
    state = act(state, 0, PlaceChip(chip=2, landmark="west"))
    assert set(state.turn.targets) == {"t1", "t3"}
    state = act(state, 0, SendPollinator(space="t3"), SendPollinator(space="t1"))
    state = act(state, 1, PlaceChip(chip=1, landmark="west"), SendPollinator(space="t1"))
    state = act(state, 0, PlaceChip(chip=1, landmark="west"))
    assert state.turn.targets == ["t1"]


def test_lizards_have_a_five():
    state = blank(["lizards", "bats"], {"n1": (9, 0)})
    state.stacks["t1"] = [ELEPHANT]
    state = act(state, 0, PlaceChip(chip=5, landmark="n1"))
    assert state.turn.to_send == 5
    assert "no 4 chip" in refused(blank(["lizards", "bats"]), 0, PlaceChip(chip=4, landmark="west"))


# ----------------------------------------------------------------- storms and edges


def test_storm_of_snow_and_rain_bind_the_first_chip():
    state = blank(["bats", "butterflies"], {"n1": (9, 1), "s2": (9, 1)})
    state.stacks["t1"] = [event("Storm of Snow")]
    state.stacks["b3"] = [ELEPHANT]
    landmarks = {a.landmark for a in RULES.legal_actions(state, 0) if isinstance(a, PlaceChip)}
    assert landmarks <= {"n1", "west", "m1"}
    assert "next to it" in refused(state, 0, PlaceChip(chip=1, landmark="east"))
    state.stacks["t1"] = [event("Storm of Rain")]
    landmarks = {a.landmark for a in RULES.legal_actions(state, 0) if isinstance(a, PlaceChip)}
    assert "west" not in landmarks and "east" in landmarks


def test_storm_of_sand_and_wind():
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [event("Storm of Sand")]
    state.stacks["t2"] = [ELEPHANT]
    state = act(state, 0, PlaceChip(chip=4, landmark="n1"), SendPollinator(space="t1"), SendPollinator(space="t1"))
    assert SendPollinator(space="t1") not in RULES.legal_actions(state, 0)
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [event("Storm of Wind")]
    state.stacks["t2"] = [ELEPHANT]
    state = act(state, 0, PlaceChip(chip=3, landmark="n1"), SendPollinator(space="t2"), SendPollinator(space="t2"))
    # One left: one alone may not go to the wind storm.
    assert RULES.legal_actions(state, 0) == [SendPollinator(space="t2")]


def test_edges():
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [event("Edge of the Jungle")]
    state.stacks["t2"] = [ELEPHANT]
    state = act(state, 0, PlaceChip(chip=3, landmark="n1"), SendPollinator(space="t2"), SendPollinator(space="t2"))
    assert RULES.legal_actions(state, 0) == [SendPollinator(space="t1")]
    # Edge of the Sea: a pollinator comes from a grove first.
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [event("Edge of the Sea")]
    state.stacks["t2"] = [ELEPHANT]
    state.groves["forest"][0] = 2
    state.players[0].supply -= 2
    state = act(state, 0, PlaceChip(chip=3, landmark="n1"))
    assert RULES.legal_actions(state, 0) == [PullFromGrove(grove="forest")]
    state = act(state, 0, PullFromGrove(grove="forest"))
    assert state.pollinators["t1"][0] == 1 and state.groves["forest"][0] == 1
    # Edge of the Forest: may move one of yours out of it.
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})
    state.stacks["t1"] = [event("Edge of the Forest")]
    state.stacks["t2"] = [ELEPHANT]
    state.pollinators["t1"][0] = 1
    state.players[0].supply -= 1
    state = act(state, 0, PlaceChip(chip=3, landmark="n1"))
    assert RULES.legal_actions(state, 0) == [Skip(), MovePollinator(owner=0, source="t1", target="t2")]


# ----------------------------------------------------------------- migration bonuses


def test_public_bonus_and_losers_groves():
    public = next(card for card in C.hybrids() if card.ability.kind == "public" and card.ability.gain.points)
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [public.id]
    need = public.ability.min_pollinators
    state.pollinators["t1"] = [need + 1, need]
    state = migrate(state)
    while state.choice is not None and state.choice.options[0] == "A":
        state = act(state, state.choice.seat, Choose(option="A"))
    assert state.players[1].score == public.ability.gain.points
    assert state.groves[public.biomes[0]][1] == need


def test_dune_blossom_goes_to_the_lowest_on_the_bloom_track():
    state = blank(["bats", "butterflies", "lemurs"])
    state.stacks["t1"] = [DUNE_BLOSSOM]
    state.pollinators["t1"] = [3, 1, 0]
    state.players[1].bloom = 2
    state = migrate(state)
    assert state.players[0].bloom == 2 and state.players[1].bloom == 2 and state.players[2].bloom == 0


def test_through_water_rewards_the_losers():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [event("Through Water")]
    state.pollinators["t1"] = [3, 1]
    state = migrate(state)
    assert state.choice.seat == 1  # first of the two grove pollinators
    state = act(state, 1, Choose(option="forest"), Choose(option="desert"))
    assert state.groves["forest"][1] == 1 and state.groves["desert"][1] == 1


def test_bloom_cards_checked_and_completed_repeatedly():
    state = blank(["bats", "butterflies"])
    state.bloom_shown = ["B15"]  # two chips of yours on one landmark
    state.chips["west"] = [_chip(0, 1), _chip(0, 2)]
    state.chips["east"] = [_chip(0, 3), _chip(0, 4)]
    state = migrate(state)
    blooms = C.blooms()[14].blooms
    # 2 chip-objective completions, then the west and east wildlife bonuses.
    assert state.players[0].bloom >= 2 * blooms


# ----------------------------------------------------------------- habitat tiles


@pytest.mark.parametrize(
    ("letter", "habitat", "expected"),
    [
        ("A", "day", 5), ("A", "night", 2), ("B", "day", 6), ("B", "night", 4), ("C", "day", 2), ("C", "night", 0),
        ("D", "day", 3), ("D", "night", 6), ("E", "day", 2), ("E", "night", 4),
    ],
)
def test_habitat_tiles(letter, habitat, expected):
    state = blank(["bats", "butterflies"], habitat=habitat)
    state.players[0].bloom = 4  # 2 points on the designed track
    state.groves["forest"][0] = 4
    state.groves["desert"][0] = 1
    state.chips["west"] = [_chip(0, 1), _chip(1, 2)]
    state.players[0].habitat["jungle"] = [HabitatCard(id=ELEPHANT)]
    state.players[0].habitat["aquatic"] = [HabitatCard(id=CRAB)]
    assert RULES.tile_points(state, 0, letter, CRAB, 3) == expected


# ----------------------------------------------------------------- final scoring


def test_nectar_majorities():
    """Ruling 20. Rulebook: "If two factions are tied for the most, they instead gain 1
    point per every two nectar (rounded down)." and "If two factions are tied for the
    second most, they instead gain 1 point per every three nectar". The tied leaders are
    paid at second place's rate, so they hold first and second: the next is third."""
    assert RULES.majority_points([10, 6, 3]) == [10, 3, 1]
    assert RULES.majority_points([7, 7, 4]) == [3, 3, 1]
    assert RULES.majority_points([8, 8, 4]) == [4, 4, 1]
    assert RULES.majority_points([8, 8, 4, 4]) == [4, 4, 1, 1]
    # Three tied for the most span first to third: one per three each (and so do three
    # tied below a leader).
    assert RULES.majority_points([9, 6, 6, 6]) == [9, 2, 2, 2]
    assert RULES.majority_points([6, 6, 6]) == [2, 2, 2]
    # Two tied for second: one per three each, as printed.
    assert RULES.majority_points([10, 5, 5, 3]) == [10, 1, 1, 1]
    assert RULES.majority_points([0, 0]) == [0, 0]


def test_final_scoring_and_winner_tie_breaks():
    state = blank(["bats", "butterflies"])
    state.round = 3
    state.players[0].habitat["forest"] = [HabitatCard(id="H21", pollinated=True)]
    state.players[0].tiles = {"forest": "A"}
    state.players[1].tiles = {b: letter for b, letter in zip(C.BIOMES, "ABCDE")}
    state.players[1].score = 20
    state.players[0].score = 20 + 20
    RULES._final_scoring(state)
    final = state.final
    assert final.penalty == [-20, 0]
    nectar0 = C.cards()["H21"].nectar
    assert final.nectar["forest"][0] == nectar0
    assert final.totals[0] == 40 + nectar0 - 20
    assert state.phase == "over"
    sheet = RULES.score_sheet(state)
    # Points set by hand are not itemised by source: the sheet shows them as the rest.
    rest = next(row for row in sheet.rows if row.category == "Other points during play")
    assert rest.values == [40, 20]
    # Tie on points: most cards in the habitat wins.
    tie = blank(["bats", "butterflies"])
    tie.players[0].habitat["forest"] = [HabitatCard(id="H22")]
    RULES._final_scoring(tie)
    assert tie.final.winners == [0] and "most cards" in tie.final.decided_by
    shared = blank(["bats", "butterflies"])
    RULES._final_scoring(shared)
    assert shared.final.winners == [0, 1] and "shared" in shared.final.decided_by


def test_nectar_cards_are_private_until_the_end():
    state = RULES.setup(EverbloomOptions(), [Seat(name="A"), Seat(name="B")], 5)
    view = RULES.view(state, 0)
    assert view.players[1].draft == ["?", "?", "?"] and view.players[0].draft == state.players[0].draft
    state = act(state, 0, DiscardNectar(card=state.players[0].draft[0]))
    assert sum(state.groves[b][0] for b in C.BIOMES) == 0  # revealed together
    state = act(state, 1, DiscardNectar(card=state.players[1].draft[0]))
    assert sum(state.groves[b][0] for b in C.BIOMES) == 3
    assert RULES.view(state, 0).players[1].nectar == ["?", "?"]


# ----------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("theme", ["first-blossom", "natural-selection", "duo"])
def test_setup(players, theme):
    seats = [Seat(name=f"P{i}") for i in range(players)]
    if players not in C.landmark_themes()[theme].players:
        # Ruling 2 (see test_everbloom_rulings): a theme only for the seat counts it is for.
        with pytest.raises(ValueError, match="are for 2 players"):
            RULES.setup(EverbloomOptions(landmark_theme=theme), seats, 11)
        return
    state = RULES.setup(EverbloomOptions(landmark_theme=theme), seats, 11)
    side = "B" if players == 4 else "A"
    assert state.side == side
    stacks = sorted(len(stack) for stack in state.stacks.values())
    assert stacks == [0] + [3] * (len(stacks) - 1)
    numbers = sorted(number for number, _ in state.landmarks.values())
    printed = sorted(C.landmark_themes()[theme].landmarks)
    assert set(printed) <= set(numbers) and len(numbers) == len(printed) + (players == 4)
    if players == 4:
        assert C.landmark_themes()[theme].four_player_extra in numbers
        events = [card for stack in state.stacks.values() for card in stack if card.startswith("E")]
        assert len(events) == 1
    assert len(state.event_deck) == 3 and len(state.bloom_shown) == 3
    assert all(len(player.draft) == 3 for player in state.players)
    assert len({player.faction for player in state.players}) == players
    assert state.players[state.first_player].first_chip
    assert sorted(RULES.to_act(state)) == list(range(players))
    assert state.phase == "draft"


def test_lizards_and_factions_from_options():
    seats = [Seat(name=f"P{i}") for i in range(3)]
    state = RULES.setup(EverbloomOptions.with_factions(["lizards", "bees", "bats"]), seats, 1)
    assert state.players[0].chips == [1, 2, 3, 5]
    with pytest.raises(ValueError):
        RULES.setup(EverbloomOptions.with_factions(["lizards", "lizards", "bats"]), seats, 1)


# ----------------------------------------------------------------- private event bonuses


def _win(card_id: str, prepare=None, answers=()):
    # Not the bats: their cave bonus would add to the points.
    state = blank(["butterflies", "lemurs"])
    state.stacks["t1"] = [card_id]
    state.pollinators["t1"] = [2, 0]
    state.players[0].supply -= 2
    if prepare:
        prepare(state)
    before = state.players[0].score
    state = migrate(state)
    for answer in answers:
        state = act(state, state.choice.seat, Choose(option=answer))
    # The tests answer the tile choice with C (by day: 2 per landmark with a chip at the bottom: none here).
    return state, before


def test_fresh_waters_snow_and_river_blossom():
    state, before = _win(event("Fresh Waters"), answers=["C"])
    # 5 points, then tile C by day: 2 per landmark with the bats' chip at the bottom (none here).
    assert state.players[0].score - before == 5
    def groves(s):
        s.groves["forest"][0] = 1
        s.groves["desert"][0] = 2
        s.players[0].supply -= 3
    state, before = _win(event("Snow Blossom"), groves, answers=["C"])
    assert state.players[0].score - before == 2
    def cards(s):
        s.players[0].habitat["forest"] = [HabitatCard(id="H21")]
    state, before = _win(event("River Blossom"), cards, answers=["jungle", "C"])
    assert state.players[0].score - before == 2


def test_petals_growing_vines_sprouting_cacti():
    def groves(s):
        s.groves["forest"][0] = 4
        s.groves["desert"][0] = 1
        s.players[0].supply -= 5
    state, before = _win(event("Petals of Anteri"), groves, answers=["forest", "C"])
    assert state.players[0].score - before == 4
    def nectar(s):
        s.players[0].nectar = ["N01", "N02", "N03"]
        s.nectar_deck = [card for card in s.nectar_deck if card not in ("N01", "N02", "N03")]
    state, before = _win(event("Growing Vines"), nectar, answers=["jungle", "C"])
    assert state.players[0].score - before == 3
    def pollinated(s):
        s.players[0].habitat["forest"] = [HabitatCard(id="H21", pollinated=True)]
    state, before = _win(event("Sprouting Cacti"), pollinated, answers=["C"])
    assert state.players[0].score - before == C.cards()["H21"].nectar


def test_through_sand_frozen_waters_coral_blossom_through_leaves():
    state, _ = _win(event("Through Sand"), answers=["C"])
    assert state.groves["jungle"][0] == 1 and state.groves["tundra"][0] == 1
    state, _ = _win(event("Frozen Waters"), answers=["tundra", "C"])
    assert len(state.players[0].nectar) == 1 and state.players[0].bloom == 1
    def both(s):
        s.pollinators["t1"] = [2, 1]
        s.players[1].supply -= 1
        s.players[0].score = 5
    state, before = _win(event("Coral Blossom"), both)
    assert state.players[1].score == 3  # fewest points among those with pollinators here
    state, _ = _win(event("Through Leaves"), both, answers=["desert"])
    # The loser gained a pollinator in a grove of choice, then sends its own to a matching grove.
    assert state.choice.seat == 1 and state.choice.options == ["forest", "jungle"]
    state = act(state, 1, Choose(option="jungle"))
    assert state.groves["desert"][1] == 1 and state.groves["jungle"][1] == 1


def test_wild_chameleons_go_in_any_biome_and_auto_pollinate():
    state, _ = _win(event("Wild Chameleons"))
    assert state.choice.options == list(C.BIOMES)
    state = act(state, 0, Choose(option="tundra"), Choose(option="C"))
    RULES._task_pollination(state, None)
    state = act(state, 0, TakeGrove(grove="forest"), FinishPollination(grove=None))
    state = act(state, 1, TakeGrove(grove="forest"), FinishPollination(grove=None))
    assert state.players[0].habitat["tundra"][0].pollinated


# ----------------------------------------------------------------- bloom cards and track


def bloom_id(kind: str, **fields) -> str:
    for card in C.blooms():
        objective = card.objective
        if objective.kind == kind and all(getattr(objective, key) == value for key, value in fields.items()):
            return card.id
    raise LookupError(kind)


def test_bloom_track_draws_nectar_cards_when_passing_their_spaces():
    state = blank(["bats", "butterflies"])
    track = C.bloom_track()
    first_nectar = next(index for index, space in enumerate(track.spaces) if space.nectar_card)
    RULES._advance_bloom(state, 0, first_nectar + 1, "test")
    assert state.players[0].bloom == first_nectar + 1 and len(state.players[0].nectar) == 1
    RULES._advance_bloom(state, 0, 999, "test")
    assert state.players[0].bloom == len(track.spaces) - 1
    assert len(state.players[0].nectar) == sum(space.nectar_card for space in track.spaces)


def test_win_card_objective_in_migration():
    state = blank(["butterflies", "lemurs"])
    card = bloom_id("win_card", biome="jungle")
    state.bloom_shown = [card]
    state.stacks["t1"] = [ELEPHANT]
    state.pollinators["t1"] = [1, 0]
    state.players[0].supply -= 1
    state = migrate(state)
    assert state.players[0].bloom == C.blooms()[int(card[1:]) - 1].blooms


def test_lose_card_objective():
    state = blank(["butterflies", "lemurs"])
    card = bloom_id("lose_card")
    state.bloom_shown = [card]
    state.stacks["t1"] = [ELEPHANT]
    state.pollinators["t1"] = [4, 3]
    state = migrate(state)
    assert state.players[1].bloom == C.blooms()[int(card[1:]) - 1].blooms


def test_pollination_objectives_checked_at_the_reveal():
    state = blank(["butterflies", "lemurs"])
    take = bloom_id("grove_take", min=5)
    clean = bloom_id("no_leftover")
    count = bloom_id("pollinate_count", count=3)
    state.bloom_shown = [take, clean, count]
    state.players[0].habitat["aquatic"] = [HabitatCard(id="H01"), HabitatCard(id=CRAB), HabitatCard(id="H02")]
    state.groves["forest"][0] = 5
    state.players[0].supply -= 5
    RULES._task_pollination(state, None)
    state = act(state, 0, TakeGrove(grove="forest"), Pollinate(card=CRAB), Pollinate(card="H02"))
    state = act(state, 0, FinishPollination(grove="desert"))
    state = act(state, 1, TakeGrove(grove="forest"), FinishPollination(grove=None))
    blooms = {card.id: card.blooms for card in C.blooms()}
    # 5 taken (grove take), 3 cards flipped (frog free), 2 left over (no clean sweep).
    assert state.players[0].bloom == blooms[take] + blooms[count]
    assert state.players[1].bloom == 0


# ----------------------------------------------------------------- with the match


def test_a_match_refuses_illegal_moves_and_keeps_secret_choices_undoable():
    from boardgames_tui.engine.match import Match

    match = Match(GAME, EverbloomOptions(), [Seat(name="Ann"), Seat(name="Bo")], 21)
    before = match.state
    with pytest.raises(IllegalMove):
        match.submit(0, PlaceChip(chip=1, landmark="west"), autosave=False)
    assert match.state is before
    card = match.state.players[0].draft[0]
    match.submit(0, DiscardNectar(card=card), autosave=False)
    assert match.can_undo(0)  # nothing revealed yet
    match.undo(0)
    match.submit(0, DiscardNectar(card=card), autosave=False)
    match.submit(1, DiscardNectar(card=match.state.players[1].draft[0]), autosave=False)
    assert not match.can_undo(1)  # the reveal and the round start
    assert match.state.phase in ("wilderness", "round_start")


# ----------------------------------------------------------------- every printed landmark side

ALL = {1, 2, 3, 4, 5}


@pytest.mark.parametrize(
    ("number", "flipped", "allowed", "extra", "bloom"),
    [
        (1, 0, ALL, {2: 1}, {}),
        (1, 1, ALL, {3: -1, 4: -1, 5: -1}, {}),
        (3, 0, {3, 4, 5}, {}, {}),
        (3, 1, {1, 2, 3}, {}, {}),
        (5, 0, {1, 2, 4, 5}, {}, {}),
        (5, 1, {3}, {}, {}),
        (7, 0, ALL, {}, {v: 1 for v in ALL}),  # empty landmark: the chip is the lowest
        (7, 1, ALL, {}, {v: 1 for v in ALL}),
        (9, 0, {3, 4, 5}, {}, {}),
        (9, 1, {1, 2}, {}, {}),
        (11, 0, ALL, {}, {}),
        (11, 1, ALL, {}, {}),
        (13, 0, ALL, {}, {2: 1}),
        (13, 1, ALL, {}, {3: 1}),
        (15, 0, ALL, {}, {}),
        (15, 1, ALL, {}, {}),
        (21, 0, {1}, {}, {}),  # round one
    ],
)
def test_every_printed_landmark_side(number, flipped, allowed, extra, bloom):
    for value in ALL:
        faction = "lizards" if value == 5 else "bats"
        state = blank([faction, "butterflies"], {"n1": (number, flipped)})
        state.stacks["t1"] = [ELEPHANT]
        state.stacks["t2"] = [CRAB]
        chip = PlaceChip(chip=value, landmark="n1")
        if value == 4 and faction == "lizards" or (value == 5 and faction != "lizards"):
            continue
        if value not in allowed:
            refused(state, 0, chip)
            continue
        after = act(state, 0, chip)
        assert after.turn.to_send == value + extra.get(value, 0), (number, flipped, value)
        assert after.players[0].bloom == bloom.get(value, 0), (number, flipped, value)


def test_extreme_landmarks_compare_with_the_chips_already_there():
    state = blank(["bats", "butterflies"], {"n1": (7, 1)})
    state.stacks["t1"] = [ELEPHANT]
    state.chips["n1"] = [_chip(1, 3)]
    assert act(state, 0, PlaceChip(chip=3, landmark="n1")).players[0].bloom == 0
    assert act(state, 0, PlaceChip(chip=4, landmark="n1")).players[0].bloom == 1


@pytest.mark.parametrize("number", sorted(C.landmarks()))
@pytest.mark.parametrize("flipped", [0, 1])
def test_every_landmark_side_is_understood(number, flipped):
    """Designed sides too: each value is either refused with a reason or placed."""
    for value in (1, 2, 3, 4):
        state = blank(["bats", "butterflies"], {"n1": (number, flipped)})
        state.stacks["t1"] = [ELEPHANT]
        chip = PlaceChip(chip=value, landmark="n1")
        legal = chip in RULES.legal_actions(state, 0)
        if legal:
            assert act(state, 0, chip).turn is not None
        else:
            assert refused(state, 0, chip)


# ----------------------------------------------------------------- review additions


def test_pollinators_come_from_the_supply_then_from_groves_of_the_owners_choice():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    state.players[0].supply = 1
    state.groves["forest"][0] = 1
    state.groves["tundra"][0] = 2
    state = act(state, 0, PlaceChip(chip=3, landmark="west"))
    assert RULES.legal_actions(state, 0) == [SendPollinator(space="t1")]
    assert "supply" in refused(state, 0, SendPollinator(space="t1", grove="tundra"))
    state = act(state, 0, SendPollinator(space="t1"))
    assert "supply is empty" in refused(state, 0, SendPollinator(space="t1"))
    # Ruling 22: once the supply is empty the rest may also stay in the groves (Skip).
    assert set(RULES.legal_actions(state, 0)) == {
        SendPollinator(space="t1", grove="forest"), SendPollinator(space="t1", grove="tundra"), Skip(),
    }
    state = act(state, 0, SendPollinator(space="t1", grove="tundra"), SendPollinator(space="t1", grove="tundra"))
    assert state.pollinators["t1"][0] == 3
    assert state.groves["forest"][0] == 1 and state.groves["tundra"][0] == 0
    assert state.turn is None and state.turn_seat == 1


def test_in_a_whole_wilderness_phase_the_first_players_1_chip_goes_last():
    import random

    state = blank(["bats", "butterflies", "lizards"])
    for space in state.stacks:
        state.stacks[space] = [ELEPHANT]
    state.first_player = state.turn_seat = 1
    for seat, player in enumerate(state.players):
        player.first_chip = seat == 1
    rng = random.Random(3)
    placed = []
    while state.phase == "wilderness":
        seat = RULES.to_act(state)[0]
        action = rng.choice(RULES.legal_actions(state, seat))
        if isinstance(action, (PlaceChip, ChipToGrove)):
            placed.append((seat, action.first_chip))
        state = RULES.apply(state, seat, action)
    assert [seat for seat, _ in placed] == [1, 2, 0] * 4 + [1]
    assert [first for _, first in placed] == [False] * 12 + [True]


def _resolve_choices(state):
    while state.choice is not None and state.phase == "migration":
        state = act(state, state.choice.seat, Choose(option=state.choice.options[0]))
    return state


def test_migration_runs_the_top_row_from_the_left_and_the_bottom_row_from_the_right():
    """Order matters for ties: the first tied card goes by turn order, the next to the
    faction with fewer cards."""
    top = blank(["bats", "butterflies"])
    top.stacks["t1"], top.stacks["t2"] = [ELEPHANT], [CRAB]
    top.pollinators["t1"], top.pollinators["t2"] = [1, 1], [1, 1]
    for player in top.players:
        player.supply -= 2
    top = _resolve_choices(migrate(top))
    assert [card.id for card in top.players[0].habitat["jungle"]] == [ELEPHANT]  # t1 first
    assert [card.id for card in top.players[1].habitat["aquatic"]] == [CRAB]
    bottom = blank(["bats", "butterflies"])
    bottom.stacks["b1"], bottom.stacks["b3"] = [HYENA], [OWL]
    bottom.pollinators["b1"], bottom.pollinators["b3"] = [1, 1], [1, 1]
    for player in bottom.players:
        player.supply -= 2
    bottom = _resolve_choices(migrate(bottom))
    assert [card.id for card in bottom.players[0].habitat["tundra"]] == [OWL]  # b3 first
    assert [card.id for card in bottom.players[1].habitat["desert"]] == [HYENA]


@pytest.mark.parametrize(
    ("factions", "seed"),
    [(["hummingbirds", "lemurs"], 11), (["bees", "hummingbirds", "lemurs"], 12), (["lemurs", "bats", "hummingbirds", "butterflies"], 13)],
)
def test_the_placements_offered_are_those_the_worded_plan_allows(factions, seed):
    """`placements` (every playout step) skips `plan`'s words and caches what the card
    tops decide; at every chip decision of a seeded game it must offer exactly what
    `plan` allows, for every chip, landmark and Hummingbird variant, in board order (a
    binding storm only narrows it)."""
    import random

    rng = random.Random(seed)
    seats = [Seat(name=key.capitalize()) for key in factions]
    state = RULES.setup(EverbloomOptions.with_factions(factions), seats, seed)
    decisions = disregarded = 0
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        if state.phase == "wilderness" and state.turn is None and state.choice is None:
            decisions += 1
            placements = RULES.placements(state, seat)
            hummingbirds = state.players[seat].faction == "hummingbirds"
            for (value, first), offered in placements.items():
                allowed = []
                for space in state.chips:
                    may_disregard = hummingbirds and value == 2 and not first and RULES.rule_at(state, space, seat) is not None
                    for ignore in (False, True) if may_disregard else (False,):
                        if RULES.plan(state, seat, value, space, ignore).reason is None:
                            allowed.append(PlaceChip(chip=value, landmark=space, first_chip=first, ignore_rule=ignore))
                if RULES.storm_binds(state, seat, placements):
                    assert all(action in allowed for action in offered)
                else:
                    assert offered == allowed
                disregarded += sum(action.ignore_rule for action in offered)
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert decisions > 20 and disregarded
