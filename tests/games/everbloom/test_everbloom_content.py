"""Everbloom's content loads, fits the rulebook and its examples, and broken files are refused."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import read_json
from boardgames_tui.games.everbloom import content as eb
from boardgames_tui.games.everbloom.content import BIOMES, Content

SOURCES = {"rulebook", "public", "designed"}


@pytest.fixture(scope="module")
def pristine() -> dict:
    return eb.raw_files()


def by_name(records: list[dict], name: str) -> dict:
    return next(record for record in records if record["name"] == name)


def side(data: dict, which: str) -> dict:
    return next(record for record in data["wilderness"]["sides"] if record["side"] == which)


def space(board: dict, space_id: str) -> dict:
    return next(record for record in board["landmark_spaces"] + board["card_spaces"] if record["id"] == space_id)


def landmark(data: dict, number: int) -> dict:
    return next(tile for tile in data["landmarks"]["landmarks"] if tile["number"] == number)


# ----------------------------------------------------------------- shipped content


def test_the_shipped_content_loads_with_every_count():
    loaded = eb.content()
    assert len(eb.hybrids()) == 50
    assert Counter(card.deck for card in eb.hybrids()) == Counter({biome: 10 for biome in BIOMES})
    assert len(eb.events()) == 20 and len(eb.blooms()) == 25 and len(eb.wildlife_cards()) == 5
    assert Counter(card.biome for card in eb.nectar_cards()) == Counter({biome: 7 for biome in BIOMES})
    assert len(eb.landmarks()) == 15 and list(eb.landmarks()) == list(range(1, 30, 2))
    assert {key: faction.chips for key, faction in eb.factions().items()} == {
        "bats": (1, 2, 3, 4), "bees": (1, 2, 3, 4), "butterflies": (1, 2, 3, 4),
        "hummingbirds": (1, 2, 3, 4), "lemurs": (1, 2, 3, 4), "lizards": (1, 2, 3, 5),
    }
    assert list(eb.habitat_tiles()) == ["A", "B", "C", "D", "E"]
    assert eb.numbers().pollinators == 23
    assert len(eb.cards()) == 70
    assert loaded.game.about and loaded.hybrids.about


def test_every_file_has_an_about_header_and_every_record_a_source():
    for name in eb.FILES:
        data = read_json("everbloom", f"{name}.json")
        assert data["_about"] and all(isinstance(line, str) and line for line in data["_about"]), name
    data = eb.raw_files()
    lists = {
        "game": ["biomes"], "factions": ["factions"], "wilderness": ["sides"], "landmarks": ["landmarks", "themes"],
        "hybrids": ["hybrids"], "events": ["events"], "blooms": ["blooms"], "nectar": ["nectar_cards"],
        "wildlife": ["wildlife_cards"], "habitat": ["tiles", "themes"],
    }
    for name, keys in lists.items():
        for key in keys:
            assert all(record["source"] in SOURCES for record in data[name][key]), (name, key)
    singles = [
        data["game"]["numbers"], data["game"]["nectar_majority"], data["game"]["nectar_scoring_order"],
        data["landmarks"]["hive"], data["tracks"]["bloom_track"], data["tracks"]["cave_track"],
    ]
    assert all(record["source"] in SOURCES for record in singles)
    for tile in data["landmarks"]["landmarks"]:
        assert tile["numbered"]["source"] in SOURCES and tile["unnumbered"]["source"] in SOURCES
    assert all(card["stats_source"] in SOURCES for card in data["events"]["events"])


def test_printed_landmarks_are_printed_and_designed_ones_designed():
    for number, tile in eb.landmarks().items():
        expected = "rulebook" if number <= 15 else "designed"
        assert tile.unnumbered.source == expected
        assert tile.numbered.source == ("rulebook" if number <= 15 or number == 21 else "designed")


def test_the_rulebook_examples_fit_the_content():
    cards = {card.name: card for card in eb.hybrids()}
    elephant, owl, crab, hyena = (cards[name] for name in ("Banyan Elephant", "Edelweiss Owl", "Coral Crab", "Desert Hyena"))
    # Example 6: a jungle elephant, private 2 points, no public ability.
    assert elephant.biomes == ("jungle",) and elephant.ability.kind == "gain" and elephant.ability.gain.points == 2
    # Example 7: the owl goes to the tundra and pays 3 points.
    assert owl.biomes == ("tundra",) and owl.ability.kind == "gain" and owl.ability.gain.points == 3
    # Example 9: the crab costs 2 and Dune Blossom 1; example 1: Dune Blossom displaces the desert hybrid.
    assert crab.cost == 2 and crab.deck == "aquatic" and hyena.deck == "desert"
    dune = next(card for card in eb.events() if card.name == "Dune Blossom")
    assert dune.cost == 1 and dune.placement == "desert"
    # Example 2: landmark 1 gives a 2 one more pollinator; example 3: 21 takes the round's number.
    one = eb.landmarks()[1].numbered.rule
    assert one.kind == "if_value" and one.values == (2,) and one.pollinators == 1
    assert eb.landmarks()[21].numbered.rule.kind == "match_round"
    # Examples 6 and 7: day D pays 1 per pollinator on the card, day A pays 5.
    assert eb.habitat_tiles()["D"].day.per == 1 and eb.habitat_tiles()["A"].day.points == 5


def test_the_board_sides_and_their_migration():
    for players in (1, 2, 3):
        assert eb.board(players).side == "A"
    side_a, side_b = eb.board_side("A"), eb.board_side("B")
    assert eb.board(4) is side_b
    assert (len(side_a.card_spaces), len(side_a.landmarks)) == (6, 6)
    assert (len(side_b.card_spaces), len(side_b.landmarks)) == (8, 7)
    assert side_a.migration == ("west", "t1", "t2", "t3", "east", "b3", "b2", "b1")
    for board in (side_a, side_b):
        for card in board.card_spaces:
            assert [landmark for landmark in board.touching(card.id) if landmark not in ("west", "east")]
            assert all(card.id in board.touches(landmark) for landmark in board.touching(card.id))
        assert set(board.wildlife("west").touches) == {board.migration[1], board.migration[-1]}


def test_themes_fill_the_board_sides():
    themes = eb.landmark_themes()
    assert themes["first-blossom"].landmarks == (1, 9, 11, 13, 21, 29) and themes["first-blossom"].four_player_extra == 3
    assert themes["natural-selection"].four_player_extra == 27 and themes["duo"].four_player_extra is None
    for theme in themes.values():
        assert len(theme.landmarks) == len(eb.board_side("A").landmarks)


def test_the_designed_decks_are_even_across_biomes():
    profiles = {
        biome: sorted((card.cost, card.nectar, card.ability.kind) for card in deck) for biome, deck in eb.hybrid_decks().items()
    }
    assert len({tuple(profile) for profile in profiles.values()}) == 1
    assert Counter(card.placement for card in eb.events()) == Counter({biome: 4 for biome in BIOMES})
    memberships = Counter(biome for card in eb.events() for biome in card.biomes)
    assert all(memberships[biome] == 5 for biome in BIOMES) and memberships["wild"] == 1
    assert {card.nectar for card in eb.wildlife_cards()} == {2}
    kinds = {card.objective.kind for card in eb.blooms()}
    assert len(kinds) == 13  # every objective kind is on at least one card


def test_the_tracks():
    track = eb.bloom_track()
    assert track.points_at(0) == 0 and track.points_at(2) == 1 and track.points_at(3) == 1
    assert track.points_at(len(track.spaces) - 1) == max(space.points or 0 for space in track.spaces)
    assert track.nectar_cards_between(0, 3) == 1 and track.nectar_cards_between(3, 6) == 0
    assert len(eb.cave_track().spaces) >= 5


# ----------------------------------------------------------------- broken variants


def _pop_hybrid(data):
    data["hybrids"]["hybrids"].pop()


def _set(path, value):
    def breakage(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return breakage


BREAKAGES = [
    # hybrids
    ("hybrid count", _pop_hybrid, "there are 50 hybrid cards"),
    ("10 per biome", lambda d: d["hybrids"]["hybrids"][0].update(deck="desert", biomes=["desert"]), "each biome deck holds 10"),
    ("cost 0 without the arrow", lambda d: d["hybrids"]["hybrids"][1].update(cost=0), "cost of 0"),
    ("the arrow with a cost", lambda d: d["hybrids"]["hybrids"][0].update(cost=1), "cost of 0"),
    ("unknown hybrid ability", lambda d: d["hybrids"]["hybrids"][1].update(ability={"kind": "teleport"}), "does not match any of the expected tags"),
    ("ability off the printed list", lambda d: d["hybrids"]["hybrids"][1]["ability"].update(gain={"points": 4}), "hybrid ability list"),
    ("a bonus giving two things", lambda d: d["hybrids"]["hybrids"][1]["ability"].update(gain={"points": 1, "bloom": 2}), "one thing"),
    ("an empty gain", lambda d: d["hybrids"]["hybrids"][1]["ability"].update(gain={}), "must give something"),
    ("an unknown grove", lambda d: d["hybrids"]["hybrids"][3]["ability"].update(gain={"groves": ["swamp"]}), "unknown grove"),
    ("a hybrid of another deck's biome", lambda d: d["hybrids"]["hybrids"][0].update(biomes=["desert"]), "its deck's first"),
    ("duplicate hybrid name", lambda d: d["hybrids"]["hybrids"][1].update(name=d["hybrids"]["hybrids"][0]["name"]), "hybrid names must be unique"),
    ("hybrid ids out of order", lambda d: d["hybrids"]["hybrids"][1].update(id="H99"), "ids must run"),
    ("a record without source", lambda d: d["hybrids"]["hybrids"][1].pop("source"), "source"),
    # events
    ("event count", lambda d: d["events"]["events"].pop(), "there are 20 event cards"),
    ("event renamed", lambda d: by_name(d["events"]["events"], "Fresh Waters").update(name="Salt Waters"), "printed"),
    ("event ability kind changed", lambda d: by_name(d["events"]["events"], "Dune Blossom").update(ability={"kind": "gain", "gain": {"points": 2}}), "printed ability"),
    ("unknown event ability", lambda d: by_name(d["events"]["events"], "Storm of Sand").update(ability={"kind": "storm_of_frogs"}), "does not match any of the expected tags"),
    ("wild placement icon", lambda d: by_name(d["events"]["events"], "Dune Blossom").update(placement="wild"), "placement icon"),
    ("wild mixed with a biome", lambda d: by_name(d["events"]["events"], "Wild Chameleons").update(biomes=["wild", "desert"]), "wild symbol alone"),
    ("a storm allowing one", lambda d: by_name(d["events"]["events"], "Storm of Wind")["ability"].update(min=1), "greater than or equal to 2"),
    # blooms
    ("bloom count", lambda d: d["blooms"]["blooms"].pop(), "there are 25 bloom cards"),
    ("unknown objective", lambda d: d["blooms"]["blooms"][0].update(objective={"kind": "sing_loudly"}), "does not match any of the expected tags"),
    ("objective in an unknown biome", lambda d: d["blooms"]["blooms"][0]["objective"].update(biome="swamp"), "unknown biome"),
    ("four bloom icons", lambda d: d["blooms"]["blooms"][0].update(blooms=4), "less than or equal to 3"),
    ("impossible pollinator bounds", lambda d: d["blooms"]["blooms"][8]["objective"].update(min_pollinators=3), "above max_pollinators"),
    # nectar and wildlife
    ("nectar count", lambda d: d["nectar"]["nectar_cards"].pop(), "there are 35 nectar cards"),
    ("7 nectar per biome", lambda d: d["nectar"]["nectar_cards"][0].update(biome="desert"), "7 nectar cards"),
    ("nectar of no biome", lambda d: d["nectar"]["nectar_cards"][0].update(biome="wild"), "unknown biome"),
    ("wildlife count", lambda d: d["wildlife"]["wildlife_cards"].pop(), "there are 5 wildlife cards"),
    # landmarks
    ("duplicate landmark number", lambda d: landmark(d, 3).update(number=1), "landmark numbers must be unique"),
    ("landmark count", lambda d: d["landmarks"]["landmarks"].pop(), "15 landmarks"),
    ("4 without 5", lambda d: landmark(d, 3)["numbered"].update(rule={"kind": "only_values", "values": [3, 4]}), "4 and 5 go together"),
    ("a restriction of nothing", lambda d: landmark(d, 3)["numbered"].update(rule={"kind": "only_values", "values": [1, 2, 3, 4, 5]}), "restricts nothing"),
    ("a 1 sending nothing", lambda d: landmark(d, 21)["unnumbered"]["rule"].update(pollinators=-1, bloom=0), "no pollinator"),
    ("a double reward", lambda d: landmark(d, 13)["numbered"]["rule"].update(pollinators=1), "exactly one"),
    ("unknown landmark rule", lambda d: landmark(d, 11)["numbered"].update(rule={"kind": "no_frogs"}), "does not match any of the expected tags"),
    ("landmark 21 reprinted", lambda d: landmark(d, 21)["numbered"].update(rule={"kind": "one_card"}), "landmark 21"),
    ("theme naming a missing tile", lambda d: d["landmarks"]["themes"][0].update(landmarks=[1, 9, 11, 13, 21, 31]), "not in the box"),
    ("theme too short for the board", lambda d: d["landmarks"]["themes"][0].update(landmarks=[1, 9, 11, 13, 21]), "fills 5 landmark spaces on side A"),
    ("four seats without an extra landmark", lambda d: [t.update(four_player_extra=None) for t in d["landmarks"]["themes"]], "four-player landmark"),
    # wilderness
    ("dangling adjacency", lambda d: space(side(d, "A"), "n1").update(touches=["t1", "t9"]), "unknown card space"),
    ("adjacency across the board", lambda d: space(side(d, "A"), "n1").update(touches=["t1", "b3"]), "not next to it"),
    ("an untouched card space", lambda d: [space(side(d, "A"), i).update(touches=[c for c in space(side(d, "A"), i)["touches"] if c != "t1"]) for i in ("n1", "m1")], "touched by no landmark"),
    ("migration out of order", lambda d: side(d, "A").update(migration=["west", "t1", "t2", "t3", "east", "b1", "b2", "b3"]), "migration goes"),
    ("side B short of a landmark", lambda d: side(d, "B")["landmark_spaces"].remove(space(side(d, "B"), "m1")), "side B has 7 landmark spaces"),
    ("no eastern wildlife", lambda d: space(side(d, "A"), "east").update(wildlife=None), "one western and one eastern"),
    ("a side for the wrong seats", lambda d: side(d, "B").update(players=[3, 4]), "side B is for"),
    ("two spaces on one spot", lambda d: space(side(d, "A"), "n2").update(at=[0, 2]), "positions must be unique"),
    # factions
    ("lizards without their 5", lambda d: by_name(d["factions"]["factions"], "Lizards").update(chips=[1, 2, 3, 4]), "chips must be"),
    ("bees with a 5", lambda d: by_name(d["factions"]["factions"], "Bees").update(chips=[1, 2, 3, 5]), "chips must be"),
    ("a faction missing", lambda d: d["factions"]["factions"].pop(), "six factions"),
    ("a shared letter", lambda d: by_name(d["factions"]["factions"], "Bees").update(letter="S"), "faction letters must be unique"),
    ("a faction with a biome's letter", lambda d: by_name(d["factions"]["factions"], "Bats").update(letter="T"), "already a biome letter"),
    ("an ability swapped", lambda d: by_name(d["factions"]["factions"], "Bats").update(ability={"kind": "hive"}), "printed ability"),
    # game, tracks, habitat
    ("four rounds", lambda d: d["game"]["numbers"].update(rounds=4), "cards_per_stack must equal rounds"),
    ("a biome missing", lambda d: d["game"]["biomes"].pop(), "five biomes"),
    ("scoring not from the forest", lambda d: d["game"]["nectar_scoring_order"].update(biomes=list(BIOMES)), "starting with the forest"),
    ("shrinking bloom points", lambda d: d["tracks"]["bloom_track"]["spaces"][-1].update(points=1), "grow"),
    ("a nectar card on the start", lambda d: d["tracks"]["bloom_track"]["spaces"][0].update(nectar_card=True), "starting space"),
    ("an empty cave bonus", lambda d: d["tracks"]["cave_track"]["spaces"][0].update(gain={}), "must give something"),
    ("tiles out of order", lambda d: d["habitat"]["tiles"].reverse(), "lettered"),
    ("unknown tile scoring", lambda d: d["habitat"]["tiles"][0].update(day={"kind": "free_lunch"}), "does not match any of the expected tags"),
    ("a missing about header", lambda d: d["blooms"].pop("about"), "about"),
]


def test_the_pristine_copy_validates(pristine):
    Content.model_validate(copy.deepcopy(pristine))


@pytest.mark.parametrize("breakage, message", [pytest.param(b, m, id=name) for name, b, m in BREAKAGES])
def test_a_broken_content_file_is_refused(pristine, breakage, message):
    data = copy.deepcopy(pristine)
    breakage(data)
    with pytest.raises(ValidationError, match=message):
        Content.model_validate(data)
