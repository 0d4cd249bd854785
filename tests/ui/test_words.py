"""Words the shared screens use: player counts from the rules, option values by
readable names, counts and names in sentences that work for any number and name."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import OptionList, Select

from boardgames_tui.engine.contract import ScoreRow, ScoreSheet
from boardgames_tui.engine.registry import all_games, get_game
from boardgames_tui.engine.text import and_list, readable_value
from boardgames_tui.ui.menu import GamePickScreen, game_choice
from boardgames_tui.ui.scoresheet import ScoreSheetScreen
from boardgames_tui.ui.setup import SetupScreen, SetupProblem, build_seats, option_choices

from .conftest import screen_text

GAMES = [game.slug for game in all_games()]


@pytest.mark.parametrize(
    ("value", "label"),
    [
        ("first-blossom", "First Blossom"),
        ("natural-selection", "Natural Selection"),
        ("sprout-to-small", "Sprout to Small"),
        ("to-the-end", "To the End"),
        ("day", "Day"),
        ("random", "Random"),
        (3, "3"),
    ],
)
def test_an_option_value_reads_as_words(value, label):
    assert readable_value(value) == label


def test_a_player_count_reads_for_any_range():
    rules = get_game("everbloom").rules
    assert rules.player_count() == "1–4 players"
    assert get_game("pollen").rules.player_count() == "2–4 players"

    class Duel(type(rules)):
        min_players = max_players = 2

    class Solo(type(rules)):
        min_players = max_players = 1

    assert Duel().player_count() == "2 players" and Solo().player_count() == "1 player"
    with pytest.raises(ValueError, match="takes 1 player, not 2"):
        Solo().check_players(2)


async def test_the_game_list_gives_every_game_its_player_count_once(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GamePickScreen(purpose="new"))
        await pilot.pause()
        listing = app.screen.query_one("#games", OptionList)
        for index, game in enumerate(all_games()):
            prompt = plain(listing.get_option_at_index(index).prompt, width=200)
            assert prompt.startswith(f"{game.title} · {game.rules.player_count()}\n")
            # Said once, even where the game's tagline says it too.
            assert prompt.count("players") == 1, prompt
        text = screen_text(app)
        assert "Everbloom · 1–4 players" in text


def plain(renderable, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("width", [30, 56])
def test_a_wrapped_tagline_keeps_its_indent_on_every_line(width):
    for game in all_games():
        title, *tagline = plain(game_choice(game), width=width).rstrip("\n").split("\n")
        assert title.startswith(game.title) and tagline
        assert all(line.startswith("  ") and line.strip() for line in tagline), tagline


@pytest.mark.parametrize("slug", GAMES)
async def test_the_setup_form_names_option_values_in_words(app_factory, slug):
    game = get_game(slug)
    rules = game.rules
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(game))
        await pilot.pause()
        text = screen_text(app)
        assert f"New game of {rules.title} · {rules.player_count()}" in text
        for name, field in rules.options_model.model_fields.items():
            choices = option_choices(field.annotation)
            if choices is None:
                continue
            select = app.screen.query_one(f"#option-{name}", Select)
            # The value itself is what the game receives; the player reads its label.
            assert select.value == field.default
            shown = game.reference.option_label(name, field.default)
            assert shown in text
            for choice in choices:
                if isinstance(choice, str):
                    assert game.reference.option_label(name, choice) != choice, f"{name}: {choice} is shown as a slug"


async def test_everbloom_themes_are_listed_by_name_and_chosen_by_value(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(get_game("everbloom")))
        await pilot.pause()
        select = app.screen.query_one("#option-landmark_theme", Select)
        select.focus()
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "First Blossom" in text and "Natural Selection" in text and "Duo" in text
        assert "first-blossom" not in text and "natural-selection" not in text
        await pilot.press("down", "enter")
        await pilot.pause()
        assert select.value == "natural-selection"


def test_a_refused_count_of_seats_is_said_in_the_right_number():
    with pytest.raises(SetupProblem, match=r"Pollen takes 2–4 players; 1 seat is filled\."):
        build_seats([("human", "Ann"), ("empty", ""), ("empty", ""), ("empty", "")], get_game("pollen").rules)


@pytest.mark.parametrize(
    ("winners", "said"),
    [([0], "Winner: Ann"), ([0, 1], "Winners, sharing the victory: Ann and Ben"), ([0, 1, 2], "Winners, sharing the victory: Ann, Ben and Cy")],
)
async def test_the_winners_are_named_in_a_sentence(app_factory, winners, said):
    sheet = ScoreSheet(
        players=["Ann", "Ben", "Cy"],
        rows=[ScoreRow(category="Points", values=[1, 1, 1])],
        totals=[1, 1, 1],
        winners=winners,
        decided_by="most points",
    )
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen("Pollen", sheet))
        await pilot.pause()
        assert said in screen_text(app)


@pytest.mark.parametrize(
    ("words", "said"),
    [([], ""), (["Ann"], "Ann"), (["Ann", "[red]x[/]"], "Ann and [red]x[/]"), (["Ann", "Ben", "Cy"], "Ann, Ben and Cy")],
)
def test_a_list_reads_as_a_sentence(words, said):
    # One helper for every game, the log, the status line and the score sheet.
    assert and_list(words) == said


@pytest.mark.parametrize("slug", ["bloom-kingdom", "evergreen", "pollen"])
def test_the_first_log_line_names_the_table_in_a_sentence(slug):
    from boardgames_tui.engine.contract import Seat

    rules = get_game(slug).rules
    state = rules.setup(rules.parse_options({}), [Seat(name="Ann"), Seat(name="[red]x[/]")], 5)
    assert state.log[0].text.startswith("Ann and [red]x[/] sit down to ")
