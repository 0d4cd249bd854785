"""Each game's screen, found by its import path, mounts in the app (with its own CSS);
the game from outside this repository is taught and played to its end by keys."""

from __future__ import annotations

import importlib

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import registry
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.lesson import LessonPanel
from boardgames_tui.ui.scoresheet import ScoreSheetScreen
from boardgames_tui.ui.setup import StartRequest

from ..outside_game import SLUG as OUTSIDE, installed
from ..ui.conftest import screen_text
from ..ui.test_plain_characters import cells_beyond_ascii
from ..ui.settling import settle
from ..ui.test_learn_to_play import key_named_by, open_guided_game, status_line
from .harness import NAMES


def screen_class(game):
    module, _, name = game.screen.partition(":")
    return getattr(importlib.import_module(module), name)


async def test_the_screen_loads_and_draws_in_plain_characters(game, tmp_path):
    seats = [Seat(name=NAMES[0])]
    seats += [Seat(name=NAMES[index], kind="bot", bot_level="random") for index in range(1, game.rules.min_players)]
    start = StartRequest(slug=game.slug, seats=seats, options={}, seed=1)
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, screen_class(game)) and isinstance(screen, GameScreen)
        assert screen.viewer == 0 and NAMES[0] in screen_text(app)
        # Its own CSS comes with it, from beside its module.
        assert all(path.is_file() for path in screen.css_path)
        # Plain characters (a terminal whose locale is not UTF-8): every cell in ASCII.
        # The legend and the key panel: tests/ui/test_plain_characters.py.
        app.set_plain_characters(True)
        await settle(pilot)
        assert cells_beyond_ascii(app) == [], game.slug


async def test_the_outside_game_is_taught_and_played_to_its_end(outside_site, tmp_path):
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    with installed(outside_site):
        game = registry.get_game(OUTSIDE)
        await play_the_guided_game(app, game)


async def play_the_guided_game(app: BoardGamesApp, game) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Learn to play lists it, because it brings a lesson of its own.
        await open_guided_game(pilot, OUTSIDE)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, screen_class(game))
        panel = screen.query_one("#lesson", LessonPanel)
        assert panel.is_open and panel.lesson.id == "toss-or-keep"
        table = screen.query_one("#coin-table")
        assert table.has_class("lesson-marked")
        assert "Only you see your own coin" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        # Its CSS, from beside its screen: the table's round border (once the lesson's
        # mark is off it).
        assert table.styles.border_top[0] == "round"
        for _ in range(20):
            await settle(pilot)
            if isinstance(app.screen, ScoreSheetScreen):
                break
            if screen.thinking is not None or not screen.viewer_legal_actions():
                continue
            await pilot.press(key_named_by(status_line(app)))
        assert isinstance(app.screen, ScoreSheetScreen), app.match.progress()
        final = screen_text(app)
        assert "Points" in final and "You" in final and "Penny" in final
