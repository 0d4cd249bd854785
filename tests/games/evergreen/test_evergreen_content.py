"""The content file loads, fits the printed rules, and a broken file is refused."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import read_json
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.evergreen.content import WILD, Content, content
from boardgames_tui.games.evergreen.rules import BIOME_AT, CARDS, EMPTY_BOARD, PLAYABLE


def raw() -> dict:
    data = copy.deepcopy(read_json("evergreen", "content.json"))
    data["about"] = data.pop("_about")
    return data


def test_the_content_fits_the_rules():
    loaded = content()
    assert loaded.about and all(record.source in ("rulebook", "public", "designed") for record in loaded.cards)
    base = [card for card in CARDS if card.power in loaded.base_powers.order]
    assert len(base) == 42
    assert Counter(card.biome for card in base)[WILD] == 6
    assert set(Counter(card.power for card in base).values()) == {7}
    assert all(card.multiplier for card in CARDS if card.power == "cherry")
    assert all(card.negative for card in CARDS if card.power == "bamboo")
    # Some wild cards have fertility, so the "last picker chooses" rule comes up.
    assert any(card.biome == WILD and card.fertility for card in base)
    # The planet: 7 × 7, 45 playable spaces, every biome 7 or 8 of them.
    assert len(EMPTY_BOARD) == 49 and len(PLAYABLE) == 45
    assert sorted(Counter(BIOME_AT[cell] for cell in PLAYABLE).values()) == [7, 7, 7, 8, 8, 8]
    assert {biome.name for biome in loaded.biomes} >= {"Swamp", "Wheat", "Snow"}


def test_every_record_says_where_it_comes_from():
    data = read_json("evergreen", "content.json")
    for key in ("biomes", "pieces", "powers", "seasons", "cards"):
        assert all(record["source"] in ("rulebook", "public", "designed") for record in data[key])
    for key in ("board", "base_powers", "starting_points", "setup_fertility_icons", "power_track_max"):
        assert data[key]["source"] in ("rulebook", "public", "designed")


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda data: data["cards"].pop(), "7 cards|ids"),
        (lambda data: data["cards"][0].update(aridity=True), "one kind of icon"),
        (lambda data: data["cards"][37].update(aridity=True), "wild card"),
        (lambda data: data["cards"][42].update(multiplier=False), "multiplier"),
        (lambda data: data["cards"][0].update(power="bamboo"), "42 cards|6 cards per biome|each base power|7 cards"),
        (lambda data: data["board"].update(rows=["WWWMMMM", "WW#MMFF", "WWSMFFF", "SSS#FFF", "SSSNRR#", "#NNNRRR", "NNNNRRW"]), "connected"),
        (lambda data: data["board"].update(rows=["WWWMMMM"]), "square"),
        (lambda data: data["seasons"][0].update(rounds=6), "5, 4, 3 and 2"),
    ],
)
def test_a_broken_content_file_is_refused(breakage, message):
    data = raw()
    breakage(data)
    with pytest.raises(ValidationError, match=message):
        Content.model_validate(data)


def test_the_rules_text_is_there():
    text = get_game("evergreen").reference.rules_text()
    assert text.startswith("# Evergreen") and "Cherry" in text and "Bamboo" in text


def test_the_rules_text_draws_ravines_as_the_planet_does():
    # Issue #29: F1 said ravines are drawn "(#)"; the planet draws grey ░░░░░.
    text = " ".join(get_game("evergreen").reference.rules_text().split())
    assert "(#)" not in text
    assert "**ravines**, drawn as grey ░░░░░ on the planet" in text


def test_the_rules_text_points_only_to_figures_that_are_there():
    # Issue #29: rules.md sent the reader to figures "in the header of content.json"
    # that the header did not hold.
    text = " ".join(get_game("evergreen").reference.rules_text().split())
    header = " ".join(raw()["about"])
    if "header of `assets/evergreen/content.json`" in text:
        assert "POOL SHORTAGES" in header
