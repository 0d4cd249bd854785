"""F1's Components tab: every component of every game, in full, built from the content data."""

from __future__ import annotations

import json

import pytest
from rich.text import Text
from textual.widgets import Input, Static, TabbedContent

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection, filter_catalogue
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.bloom_kingdom.content import card_set
from boardgames_tui.games.everbloom import content as everbloom
from boardgames_tui.games.evergreen.content import content as evergreen_content
from boardgames_tui.games.pollen.content import content as pollen_content
from boardgames_tui.ui.rules_viewer import RulesScreen, catalogue_text

from .conftest import screen_text

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]


def all_text(slug: str) -> str:
    return catalogue_text(get_game(slug).reference.catalogue()).plain


def test_bloom_kingdom_lists_every_character_in_full():
    text = all_text("bloom-kingdom")
    for character in card_set().characters:
        assert character.name in text
        assert character.scoring in text
        if character.instant:
            assert character.instant in text


def test_everbloom_lists_every_card_landmark_objective_tile_and_space():
    text = all_text("everbloom")
    for faction in everbloom.factions().values():
        assert f"{faction.letter} {faction.name}" in text and faction.summary in text
    for tile in everbloom.landmarks().values():
        assert f"#{tile.number}′): {tile.unnumbered.rule.summary}" in text
        assert f"#{tile.number}): {tile.numbered.rule.summary}" in text
    for card in [*everbloom.hybrids(), *everbloom.events()]:
        assert f"{card.name} ({card.id})" in text and card.ability.summary in text
    for bloom in everbloom.blooms():
        assert bloom.name in text and bloom.objective.summary in text
    for tile in everbloom.habitat_tiles().values():
        assert tile.day.summary in text and tile.night.summary in text
    for card in everbloom.wildlife_cards():
        assert card.name in text
    track = everbloom.bloom_track()
    for index, space in enumerate(track.spaces):
        assert f"Space {index}\n" in text
        if space.points:
            assert f"Space {index}\n  Worth {space.points} point" in text
    for index, space in enumerate(everbloom.cave_track().spaces):
        assert f"Cave space {index + 1}\n  Gain {space.gain.summary}." in text


def test_evergreen_lists_every_card_power_piece_and_season():
    data = evergreen_content()
    text = all_text("evergreen")
    for card in data.cards:
        assert f"Card #{card.id}: " in text
    for power in data.powers:
        assert power.name in text and power.text in text
    assert "Level N allows N uses a round" in text and "Level N scores N points" in text
    for piece in data.pieces:
        assert piece.name in text
    for season in data.seasons:
        assert f"{season.name}\n  {season.rounds} rounds" in text
    for number in range(1, 5):
        assert f"Action {number}" in text


def test_pollen_lists_every_card_token_and_pile():
    data = pollen_content()
    text = all_text("pollen")
    assert text.count(" in every player's deck.") == len(data.garden_cards)
    assert text.count(" tokens in the bag.") == len(data.tokens)
    assert "Bee + Butterfly + Junebug" in text
    for count in data.meeples:
        assert f"{count.players} players\n  {count.per_insect} meeples" in text


def test_a_search_keeps_what_mentions_every_word():
    sections = get_game("everbloom").reference.catalogue()
    found = filter_catalogue(sections, "FROG aquatic")
    assert [entry.title for section in found for entry in section.entries] == ["Lily Pad Frog (H01)"]
    assert filter_catalogue(sections, "") == sections
    assert filter_catalogue(sections, "no such thing anywhere") == []


def test_catalogue_text_is_never_markup():
    sections = [CatalogueSection("[b]Cards[/b]", (CatalogueEntry("[red]x", ("a [link=file:///etc]y[/link]",)),))]
    text = catalogue_text(sections)
    assert isinstance(text, Text)
    assert "[b]Cards[/b]" in text.plain and "[red]x" in text.plain and "[link=file:///etc]y[/link]" in text.plain


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_a_searched_card_shows_its_whole_text(app_factory, size):
    """At every size, a card found by a search is on screen in full, never cut."""
    card = next(card for card in everbloom.events() if len(card.ability.summary) > 80)
    app = app_factory()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen(get_game("everbloom"), tab="components"))
        await pilot.pause()
        await pilot.press("slash", *card.name)
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(TabbedContent).active == "components-tab"
        assert screen.query_one("#catalogue-search", Input).value == card.name
        shown = " ".join(screen_text(app).split())
        assert card.name in shown
        assert " ".join(card.ability.summary.split()) in shown
        assert "…" not in str(screen.query_one("#catalogue-text", Static).render())


def test_everbloom_themes_name_the_seat_counts_they_are_for():
    # Duo is for two players only, not merely "not for four" (issue #29).
    text = all_text("everbloom")
    assert "Duo\n  Landmarks #1, #9, #15, #23, #25, #29.\n  For 2 players only." in text
    assert "Not for four players" not in text
    assert "For 1 to 4 players. With four players add #3." in text


def test_everbloom_lizards_entry_records_the_measured_lead_with_its_interval():
    # The ruling of issue #29: the printed 5 stays, its measured lead is told.
    text = all_text("everbloom")
    lizards = text[text.index("Z Lizards") : text.index("Landmark tiles")]
    for figure in ("1,808 games", "6.7 percentage points", "+3.9 to +9.5", "printed abilities stay as printed"):
        assert figure in lizards
    rules = " ".join(asset_path("everbloom", "rules.md").read_text().split())
    for figure in ("1,808 games", "6.7 percentage points", "+3.9 to +9.5", "Printed abilities stay as printed"):
        assert figure in rules


def test_evergreen_pieces_are_one_shared_pool_not_shares():
    # The rules and the engine use one pool for every planet (issue #29).
    text = all_text("evergreen")
    assert "shared out" not in text
    for piece in evergreen_content().pieces:
        assert f"{piece.box} in the box, all in one pool that every planet draws on." in text
    header = " ".join(json.loads(asset_path("evergreen", "content.json").read_text())["_about"])
    assert "equal share" not in header and "hard limit" not in header and "one pool" in header
