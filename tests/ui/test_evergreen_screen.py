"""Evergreen played through the screen with keys."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.evergreen.screen import EvergreenScreen
from boardgames_tui.games.evergreen.summary import Standing
from boardgames_tui.games.evergreen.widgets import ScorePanel
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import screen_text
from .layout import assert_readable
from .settling import settle


def evergreen_app(tmp_path, seats, seed=5, modules="both") -> BoardGamesApp:
    start = StartRequest(slug="evergreen", seats=seats, options={"modules": modules}, seed=seed)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


@pytest.mark.long(seconds=25)
async def test_two_humans_play_a_whole_season_with_keys(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    keys = random.Random(3)
    refusals = questions = 0
    panels_asked = False
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(600):
            state = app.match.state
            if state.season >= 1:
                break
            screen = app.screen
            if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
                await pilot.press("enter")
            elif isinstance(screen, ConfirmScreen):
                # A guard rail: finishing with uses left, or a step that locks the action.
                questions += 1
                await pilot.press("y")
            elif isinstance(screen, EvergreenScreen):
                # Readable at every step: test_evergreen_layout's round at 120×40.
                assert_readable(screen)
                if state.phase == "actions" and not panels_asked:
                    # t: every panel is on screen at this size, and the screen says so, whole.
                    panels_asked = True
                    await pilot.press("t")
                    await settle(pilot)
                    assert_readable(screen)
                if state.phase in ("draft", "wild"):
                    await pilot.press(*["right"] * keys.randrange(3), "enter")
                else:
                    before = len(app.match.moves)
                    await pilot.press(*[keys.choice(["left", "right", "up", "down"]) for _ in range(keys.randrange(4))])
                    key = keys.choice("pgol") if keys.random() < 0.85 else "d"
                    await pilot.press(key)
                    await settle(pilot)
                    if len(app.match.moves) == before:
                        refusals += 1
            await settle(pilot)
        else:
            raise AssertionError("the season did not end")
        # Spring is over: both planets were scored for light and forest.
        assert all(len(player.light) == 1 for player in app.match.state.players)
        assert refusals > 0  # illegal steps were tried and refused along the way
        assert questions > 0  # and moves that give up part of a turn asked first
        assert panels_asked
        assert "Summer" in screen_text(app) or isinstance(app.screen, CurtainScreen)


async def draft_to_the_action_phase(app, pilot) -> None:
    """Seat 0 takes the card under the cursor until everyone plans (the bot thinks in between)."""
    for _ in range(30):
        await settle(pilot)
        if app.match.state.phase == "actions" and app.screen.thinking is None:
            break
        if app.match.state.phase in ("draft", "wild") and 0 in app.match.to_act():
            await pilot.press("enter")
    assert app.match.state.phase == "actions"


async def plant(app, pilot, *moves: str) -> None:
    """Moves the planet's cursor and plants a sprout there, saying yes if the screen asks
    first (a sprout outside the drafted card's biome takes the whole action)."""
    await pilot.press(*moves, "p")
    await settle(pilot)
    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")
        await settle(pilot)


async def test_a_refused_step_says_why_and_changes_nothing(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        before = app.match.state.model_dump()
        await pilot.press("g")  # nothing to grow on an empty planet
        await settle(pilot)
        assert app.match.state.model_dump() == before
        status = str(app.screen.query_one("#status").render())
        assert status.strip() and "Ann:" not in status


async def test_other_planets_on_demand(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        assert "Bot's planet (public" in screen_text(app)
        await pilot.press("v")
        await settle(pilot)
        assert "Your planet" in screen_text(app)  # her own, on her own screen


async def test_the_pool_panel_counts_the_viewers_own_plan_only(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        # The screenshot's text drops the spaces between differently styled spans.
        shown = screen_text(app).replace(" ", "")
        assert "Poolafterplan:" in shown and "s45t54T61b20" in shown
        await plant(app, pilot, "left")  # a sprout on C4, empty on a fresh planet
        assert app.match.state.players[0].plan.board.count("s") == 1
        assert "s44t54T61b20" in screen_text(app).replace(" ", "")
        assert app.match.state.pool["s"] == 45  # the public pool waits for the reveal


async def test_a_cursor_move_leaves_the_side_panels_alone_and_a_move_redraws_them(tmp_path, monkeypatch):
    from boardgames_tui.games.evergreen import widgets

    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        zone_built = []
        fertility_values = widgets.fertility_values  # what the fertility panel is built from
        monkeypatch.setattr(widgets, "fertility_values", lambda zone: zone_built.append(zone) or fertility_values(zone))
        await pilot.press("left", "right", "up", "down")
        await settle(pilot)
        assert zone_built == []
        await plant(app, pilot, "left")
        assert zone_built  # the move's new view drew the panel again


async def test_after_planting_the_status_names_what_stands_under_the_cursor(tmp_path):
    # Issue #29: right after planting on D3 the status said "(D3: nothing here)".
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(80, 24)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        await plant(app, pilot, "left")  # C4, empty on a fresh planet
        assert app.match.state.players[0].plan.board[app.screen.ui.cursor_space] == "s"
        status = str(app.screen.query_one("#status").render())
        assert "nothing here" not in status
        assert "sprout" in status


async def test_the_compact_planet_title_says_what_its_sun_number_is(tmp_path):
    # Issue #29: the 80×24 title read "☀ 2" with nothing to say it counts light points.
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Your planet · ☀ light 0" in screen_text(app)


async def test_a_name_never_runs_into_a_three_digit_score(tmp_path):
    # Issue #29: "● [red]x[/]122 pts" at 200×60.
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="[red]x[/]"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ScorePanel)
        view = app.match.state
        scores = [Standing(seat=seat, banked=122, light=0, forest=0, fertility=0, bamboo=0) for seat in range(3)]
        panel.show(view, scores, None)
        await settle(pilot)
        text = screen_text(app)
        assert "[red]x[/] 122 pts" in text and "[red]x[/]122" not in text
