"""The shell around the games: menu, setup form, continue, bad saves, palette."""

from __future__ import annotations

import json

from textual.widgets import Input, Select

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.menu import ContinueScreen, MenuScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.setup import SetupScreen


async def test_menu_to_a_game_with_keys_only(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # New game
        await pilot.press("enter")  # the first game
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # Seat 1 stays human; rename it, then start with the default bot in seat 2.
        await pilot.press("tab")
        await pilot.press(*["backspace"] * 8, *"Zoe")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BloomKingdomScreen)
        assert [seat.name for seat in app.match.seats] == ["Zoe", "Bot 2"]
        assert app.match.seats[1].is_bot and app.match.seats[1].bot_level == "normal"
        # The autosave exists from the very start.
        assert list(app.store.directory.glob("*.json"))


async def test_setup_refuses_bad_seats_with_a_reason(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#kind-2", Select).value = "empty"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "takes 2–4 players" in str(screen.query_one("#setup-error").render())
        screen.query_one("#kind-2", Select).value = "human"
        screen.query_one("#name-2", Input).value = "player 1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "same name" in str(screen.query_one("#setup-error").render())


async def test_tab_passes_the_name_field_of_an_empty_seat(app_factory):
    """An empty seat's name field took text (a seed was typed there twice): it is off
    while the seat is empty, so Tab goes from seat 3's kind to seat 4's, and back on
    when the seat is filled."""
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        screen = app.screen
        assert str(screen.query_one("#kind-3", Select).value) == "empty"
        screen.query_one("#kind-3", Select).focus()
        await pilot.press("tab")
        assert app.focused is screen.query_one("#kind-4", Select)
        await pilot.press("tab")
        assert app.focused is screen.query_one("#seed", Input)
        await pilot.press(*"42")
        assert screen.query_one("#name-4", Input).value == ""
        screen.query_one("#kind-3", Select).value = "human"
        await pilot.pause()
        screen.query_one("#kind-3", Select).focus()
        await pilot.press("tab")
        assert app.focused is screen.query_one("#name-3", Input)
        assert screen.query_one("#name-3", Input).value == "Player 3"


def save_a_game(store: SaveStore) -> Match:
    game = get_game("bloom-kingdom")
    rules = game.rules
    match = Match(game, rules.parse_options({}), [Seat(name="Ann"), Seat(name="Bo")], 4, store=store)
    match.submit(0, rules.legal_actions(match.state, 0)[0])
    return match


async def test_continue_lists_saves_and_bad_ones_and_keeps_them(app_factory, tmp_path):
    store = SaveStore(tmp_path)
    match = save_a_game(store)
    bad_files = {
        "truncated.json": store.path_for(match).read_bytes()[:40],
        "random.json": bytes(range(256)) * 3,
        "other-game.json": json.dumps({**json.loads(store.path_for(match).read_text()), "game": "chess"}).encode(),
        "future.json": json.dumps({**json.loads(store.path_for(match).read_text()), "version": 99}).encode(),
    }
    for name, data in bad_files.items():
        (store.directory / name).write_bytes(data)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        assert len(screen.entries) == 5
        # The broken ones are listed after the good one: pick the last, a broken save.
        await pilot.press("end", "enter")
        await pilot.pause()
        message = str(screen.query_one("#save-message").render())
        assert "left as it is" in message
        assert isinstance(app.screen, ContinueScreen)
        await pilot.press("home", "enter")
        await pilot.pause()
        # Two humans share this game, so it resumes behind the curtain.
        assert isinstance(app.screen, CurtainScreen)
        assert len(app.match.moves) == 1
    for name, data in bad_files.items():
        assert (store.directory / name).read_bytes() == data


async def test_rules_viewer_from_the_menu_and_f1(app_factory):
    app = app_factory([Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BloomKingdomScreen)


async def test_command_palette_offers_the_game_commands(app_factory):
    app = app_factory([Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for title in ("Rules", "Undo", "Save & quit", "Theme", "Keys"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Save & quit", "enter")
        await pilot.pause(0.3)
        await pilot.press("y")  # the Confirmations setting asks first
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_resume_plays_on_from_the_save(app_factory, tmp_path):
    store = SaveStore(tmp_path)
    match = save_a_game(store)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        app.resume(store.path_for(match), on_error=lambda text: (_ for _ in ()).throw(AssertionError(text)))
        await pilot.pause()
        await pilot.pause()
        # Two humans: the curtain comes first, for Bo who has yet to pick.
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.viewer == 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.match.state.info_epoch > match.state.info_epoch


async def test_a_finished_game_goes_to_the_records_and_its_save_is_removed(app_factory, tmp_path):
    """A finished game's autosave stayed in the saves folder though Continue no longer
    lists it: finished games live in the records."""
    import random

    from boardgames_tui.engine.records import RecordStore

    game = get_game("bloom-kingdom")
    rules = game.rules
    app = app_factory()
    store = app.store
    match = Match(game, rules.parse_options({}), [Seat(name="Ann"), Seat(name="Bo")], 4, store=store)
    rng = random.Random(4)
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, game.advisor.playout_action(match.state, seat, rules.legal_actions(match.state, seat), rng))
    saved = match.save_path
    assert saved is not None and saved.exists()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_score_sheet(match)
        await pilot.pause()
        assert not saved.exists()
        assert len(RecordStore(store.directory.parent).records()) == 1
        assert [entry for entry in store.list()] == []
