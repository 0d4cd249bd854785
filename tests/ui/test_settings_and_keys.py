"""Settings that stick, screenshots beside the saves, and the keys every screen shares."""

from __future__ import annotations

from pathlib import Path

import pytest

from textual.widgets import OptionList, Checkbox, Input, Select

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.settings import SETTINGS_FILE_NAME, Settings, load_settings, save_changes
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.menu import GamePickScreen, MenuScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.settings_screen import SettingsScreen
from boardgames_tui.ui.setup import SetupScreen
from tests.ui.conftest import screen_text

TWO_HUMANS = [Seat(name="Ann"), Seat(name="Ben")]
ONE_HUMAN = [Seat(name="Ann"), Seat(name="Bot", kind="bot")]


# -- the settings file ------------------------------------------------------------------------
def test_only_what_the_player_changed_is_written(isolated_config_dir: Path):
    path = isolated_config_dir / SETTINGS_FILE_NAME
    # (Screen tests run with BOARDGAMES_TUI_TEACH_AS_I_PLAY=false: see tests/conftest.py.)
    assert load_settings() == (Settings(teach_as_i_play=False), None) and not path.exists()
    save_changes({"bot_pause": 1.5})
    save_changes({"theme": "nord"})
    text = path.read_text()
    assert "bot_pause = 1.5" in text and 'theme = "nord"' in text and "confirmations" not in text
    settings, problem = load_settings()
    assert (settings.theme, settings.bot_pause, settings.confirmations, problem) == ("nord", 1.5, True, None)


def test_the_environment_wins_over_the_file(isolated_config_dir: Path, monkeypatch):
    save_changes({"theme": "nord"})
    monkeypatch.setenv("BOARDGAMES_TUI_THEME", "gruvbox")
    monkeypatch.setenv("BOARDGAMES_TUI_CONFIRMATIONS", "false")
    settings, _ = load_settings()
    assert settings.theme == "gruvbox" and settings.confirmations is False


def test_a_broken_or_huge_file_gives_defaults_and_a_reason(isolated_config_dir: Path):
    path = isolated_config_dir / SETTINGS_FILE_NAME
    path.write_text("bot_pause = 'soon'\n")
    settings, problem = load_settings()
    assert settings == Settings.model_construct(teach_as_i_play=False) and "bot_pause" in problem
    path.write_text("theme = [unclosed\n")
    assert "not valid TOML" in load_settings()[1]
    path.write_text("#" * 100_000)
    assert "larger than" in load_settings()[1]


def test_a_bad_value_is_refused_and_the_file_kept(isolated_config_dir: Path):
    save_changes({"bot_pause": 2})
    before = (isolated_config_dir / SETTINGS_FILE_NAME).read_text()
    for changes in ({"bot_pause": 60}, {"colour": "red"}):
        try:
            save_changes(changes)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{changes} was accepted")
    assert (isolated_config_dir / SETTINGS_FILE_NAME).read_text() == before


# -- settings in the app ----------------------------------------------------------------------
async def test_the_theme_chosen_in_the_palette_is_remembered(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_change_theme()
        await pilot.pause()
        await pilot.press(*"nord", "enter")
        await pilot.pause()
        assert app.theme == "nord"
    again = app_factory()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_the_settings_screen_saves_every_field(app_factory, isolated_config_dir: Path, monkeypatch):
    monkeypatch.delenv("BOARDGAMES_TUI_TEACH_AS_I_PLAY")  # this test plays no game: the file decides
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("settings")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        # Every field says what it does, under it (the form scrolls in a small window).
        for name, field in Settings.model_fields.items():
            screen.query_one(f"#setting-{name}").scroll_visible(animate=False, top=True)
            await pilot.pause()
            assert field.description and field.description[:30] in screen_text(app).replace("\n", " ")
        screen.query_one("#setting-bot_pause", Input).value = "9"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "between 0 and 5" in screen_text(app)
        assert app.focused is screen.query_one("#setting-bot_pause", Input)
        screen.query_one("#setting-bot_pause", Input).value = "0.2"
        # A checkbox says whether it is on in words, not only in the colour of its mark.
        assert "Confirmations: on" in screen_text(app)
        screen.query_one("#setting-confirmations", Checkbox).value = False
        screen.query_one("#setting-teach_as_i_play", Checkbox).value = False
        await pilot.pause()
        assert "Confirmations: off" in screen_text(app)
        screen.query_one("#setting-theme", Select).value = "gruvbox"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert (app.theme, app.bot_delay, app.settings.confirmations) == ("gruvbox", 0.2, False)
    assert load_settings()[0] == Settings(theme="gruvbox", bot_pause=0.2, confirmations=False, teach_as_i_play=False)


async def test_a_refused_bot_pause_is_said_where_the_player_sees_it_at_80x24(app_factory, isolated_config_dir: Path):
    # The form is taller than 80x24: the player has scrolled to its last field when saving.
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#setting-bot_pause", Input).value = "9"
        screen.query_one("#setting-pause_after_reveals", Checkbox).focus()
        await pilot.pause()
        assert "Pause after reveals" in screen_text(app) and "Bot pause" not in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "between 0 and 5" in screen_text(app)
        assert app.focused is screen.query_one("#setting-bot_pause", Input)
    assert not (isolated_config_dir / SETTINGS_FILE_NAME).exists()


async def test_screenshot_goes_beside_the_saves_and_says_where(app_factory, isolated_data_dir: Path, monkeypatch):
    # ~/Downloads need not exist: the screenshot never goes there.
    monkeypatch.setenv("HOME", str(isolated_data_dir / "no-home"))
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_save_screenshot()
        for _ in range(50):
            await pilot.pause(0.05)
            if list((isolated_data_dir / "screenshots").glob("*.svg")):
                break
        await pilot.pause(0.2)
        shots = list((isolated_data_dir / "screenshots").glob("*.svg"))
        assert len(shots) == 1
        assert any(str(shots[0].parent) in str(note.message) for note in app._notifications)


async def test_a_broken_settings_file_is_said_and_not_fatal(app_factory, isolated_config_dir: Path):
    (isolated_config_dir / SETTINGS_FILE_NAME).write_text("theme = 'no-such-theme'\n")
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("no-such-theme" in str(note.message) for note in app._notifications)


async def test_one_bad_value_is_said_once_and_the_settings_screen_still_saves(app_factory, isolated_config_dir: Path):
    path = isolated_config_dir / SETTINGS_FILE_NAME
    path.write_text('theme = "nord"\nbot_pause = "abc"\nconfirmations = false\n')
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notes = [str(note.message) for note in app._notifications]
        assert len(notes) == 1 and "bot_pause" in notes[0] and "0.6 is used instead" in notes[0]
        assert (app.theme, app.settings.confirmations) == ("nord", False)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#setting-theme", Select).value = "gruvbox"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.theme == "gruvbox"
    assert load_settings() == (Settings(theme="gruvbox", confirmations=False, teach_as_i_play=False), None)


# -- F1, ? and Escape --------------------------------------------------------------------------
async def test_menu_f1_picks_rules_and_question_mark_shows_keys(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("Header").icon == "✿"
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.query("HelpPanel")
        await pilot.press("escape")  # closes the keys, and nothing else
        await pilot.pause()
        assert not app.screen.query("HelpPanel") and isinstance(app.screen, MenuScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, GamePickScreen) and app.screen.purpose == "rules"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape", "escape")  # steps back twice: to the picker, to the menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_game_keys_lay_over_the_board_and_escape_closes_them_first(app_factory, monkeypatch):
    from boardgames_tui.ui.quiet import QuietGuard

    # Keys after a closed question wait for quiet (test_keys_after_layers): not timed here.
    monkeypatch.setattr(QuietGuard, "GUARD_SECONDS", 0.0)
    app = app_factory(ONE_HUMAN)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen)
        board = screen.query_one("#board").size
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen.query("HelpPanel")
        assert screen.query_one("#board").size == board, "the key panel squeezed the board"
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.query("HelpPanel") and app.screen is screen
        # With nothing left to close, Escape asks before leaving; n stays, and says so.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and "Not done: the game goes on." in screen_text(app)
        # No is the safe default: Enter stays too, and says so.
        screen.ui.message = None
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and "Not done: the game goes on." in screen_text(app)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_without_confirmations_q_leaves_and_escape_only_says_how(app_factory):
    app = app_factory(ONE_HUMAN)
    app.settings.confirmations = False
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        screen = app.screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and "Press q to save" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


# -- the setup form ----------------------------------------------------------------------------
async def open_setup(pilot) -> SetupScreen:
    await pilot.press("enter", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    return pilot.app.screen


async def test_enter_in_a_text_field_moves_on_and_never_starts(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        name = screen.query_one("#name-1", Input)
        name.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.focused is screen.query_one("#kind-2", Select)
        screen.query_one("#seed", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.match is None


async def test_switching_a_seat_kind_swaps_a_default_name_only(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        assert screen.query_one("#name-2", Input).value == "Bot 2"
        screen.query_one("#kind-2", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#name-2", Input).value == "Player 2"
        screen.query_one("#kind-2", Select).value = "bot:hard"
        await pilot.pause()
        assert screen.query_one("#name-2", Input).value == "Bot 2"
        screen.query_one("#name-2", Input).value = "Robo"
        screen.query_one("#kind-2", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#name-2", Input).value == "Robo"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_an_error_moves_the_focus_to_the_field_at_fault(app_factory, size):
    app = app_factory()
    async with app.run_test(size=size) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#kind-2", Select).value = "human"
        await pilot.pause()
        screen.query_one("#name-2", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        # The reason stays in sight even where the form must scroll to the field.
        assert "Seat 2 needs a name" in screen_text(app)
        assert app.focused is screen.query_one("#name-2", Input)
        screen.query_one("#name-2", Input).value = "Player 1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.focused is screen.query_one("#name-2", Input)
        screen.query_one("#name-2", Input).value = "Ben"
        screen.query_one("#kind-1", Select).focus()
        await pilot.press("f1")  # the rules of the game being set up
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game is screen.game


@pytest.mark.parametrize("slug", ["evergreen", "everbloom"])
async def test_escape_closes_another_players_board_before_anything_else(tmp_path, slug):
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.ui.setup import StartRequest

    start = StartRequest(slug=slug, seats=ONE_HUMAN, options={}, seed=4)
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)
        screen = app.screen
        await pilot.press("v")
        await pilot.pause()
        assert screen.ui.shown_seat == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen, app.screen
        assert screen.ui.shown_seat is None
