"""Bloom Kingdom's table at 80×24, 120×40 and 200×60: readable at every step, every
action reachable by keys, the inspector, the cursor's ends and resizing."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.content import characters
from boardgames_tui.games.bloom_kingdom.model import FortuneChoice, JesterChoice, KnightChoice, WizardChoice
from boardgames_tui.games.bloom_kingdom.rules import card_label, character_of
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.games.bloom_kingdom.widgets import DisplayColumns, HandList
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen
from boardgames_tui.ui.seat_notice import SeatNoticeScreen

from .conftest import screen_text
from .layout import assert_readable
from .settling import settle

ANNA_BEN = [Seat(name="Anna"), Seat(name="Ben")]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40"), pytest.param((200, 60), id="200x60")]


async def to_the_board(pilot) -> BloomKingdomScreen:
    """Passes curtains and announcements until a seat is at the board."""
    for _ in range(20):
        screen = pilot.app.screen
        if isinstance(screen, BloomKingdomScreen) and screen.ui.targets:
            return screen
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("no seat came to the board")


@pytest.mark.long(seconds=15)
@pytest.mark.parametrize("size", SIZES)
async def test_a_round_played_by_keys_stays_readable(app_factory, size):
    """Every step of a round, every kind of choice, made with keys only, and the text whole."""
    app = app_factory(ANNA_BEN, seed=11)
    keys = random.Random(3)
    phases: set[str] = set()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        while len(app.match.state.rounds) < 1:
            screen = app.screen
            if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
                await pilot.press("enter")
            elif isinstance(screen, ConfirmScreen):
                await pilot.press("y")  # the Wizard's "remove nothing" asks first
            elif isinstance(screen, BloomKingdomScreen):
                assert_readable(screen)
                phase = app.match.state.phase
                phases.add(phase)
                if phase == "knight":
                    await pilot.press(keys.choice("yn"))
                else:
                    await pilot.press(*[keys.choice(["right", "left", "down"]) for _ in range(keys.randrange(4))])
                    assert_readable(screen)
                    await pilot.press("enter")
            else:
                raise AssertionError(f"unexpected screen {screen!r}")
            await settle(pilot)
        assert {"play", "unicorn", "wizard"} <= phases
        if size[0] < 100:
            # The players and the log, put away at this width, are one key away and readable.
            screen = await to_the_board(pilot)
            await pilot.press("p")
            await settle(pilot)
            assert screen.query_one("#bk-players").region.area > 0
            assert screen.query_one("#bk-display").region.area == 0
            assert "VP" in screen_text(app)
            assert_readable(screen)
            await pilot.press("p")
            await settle(pilot)
            assert screen.query_one("#bk-display").region.area > 0


@pytest.mark.long(seconds=45)
async def test_every_choice_is_reachable_by_keys_at_80x24(app_factory):
    """A whole game by keys alone at 80×24: each kind of action the game has is made
    (three seats, so a Fortune Teller has a choice of hands to look into), every turn
    passes the keyboard, every reveal and round scoring is announced, and the score
    sheet says who won and why (the Wizard's question: test_bloom_kingdom_news)."""
    app = app_factory([*ANNA_BEN, Seat(name="Cy")], seed=11)
    made: set[type] = set()
    curtains = announcements = notes = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(400):
            screen = app.screen
            if isinstance(screen, ScoreSheetScreen):
                break
            if isinstance(screen, CurtainScreen):
                curtains += 1
                await pilot.press("enter")
            elif isinstance(screen, AnnouncementScreen):
                announcements += 1
                await pilot.press("enter")
            elif isinstance(screen, ConfirmScreen):
                await pilot.press("y")
            elif isinstance(screen, SeatNoticeScreen):
                notes += 1  # what a Fortune Teller saw, before the keyboard passes
                await pilot.press("enter")
            elif isinstance(screen, BloomKingdomScreen) and screen.ui.targets:
                phase = app.match.state.phase
                if phase == "knight":
                    await pilot.press("y")
                    made.add(KnightChoice)
                elif phase == "wizard":
                    await pilot.press("1", "enter")
                    made.add(WizardChoice)
                elif phase in ("jester", "fortune"):
                    await pilot.press("right", "enter")
                    made.add(JesterChoice if phase == "jester" else FortuneChoice)
                else:
                    await pilot.press("1", "enter")
            await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)
        assert made >= {FortuneChoice, WizardChoice, KnightChoice, JesterChoice}, made
        assert notes
        match = app.match
        assert match.is_over() and len(match.state.rounds) == 3
        reveals = sum(" reveal:" in entry.text for entry in match.state.log)
        assert reveals >= 3 * 4
        # Every turn passed the keyboard, and every reveal was announced to the table
        # (a round's scoring shares the announcement of the move that ends the round).
        assert curtains >= reveals and announcements >= reveals
        # At 80×24 the sheet scrolls; at 120×40 every total is in view at once.
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = screen_text(app)
        for total in match.rules.score_sheet(match.state).totals:
            assert str(total) in text
        assert "Decided by" in text
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_the_inspector_shows_the_whole_card_and_closes_when_the_keyboard_passes(app_factory):
    app = app_factory(ANNA_BEN, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await to_the_board(pilot)
        await pilot.press("3")
        await settle(pilot)
        card = app.match.state.players[0].hand[2]
        info = characters()[character_of(card)]
        await pilot.press("i")
        await settle(pilot)
        panel = screen.query_one(InspectorPanel)
        assert panel.has_class("-open")
        shown = panel.query_one("#inspector-text", Static).content.plain
        assert shown.startswith(card_label(card))
        # The whole scoring text, wrapped on screen but never cut.
        assert f"Scores when kept: {info.scoring}" in shown
        assert_readable(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert not panel.has_class("-open")


async def test_the_cursor_stops_at_both_ends(app_factory):
    app = app_factory(ANNA_BEN, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await to_the_board(pilot)
        await pilot.press("left", "up")
        assert screen.ui.cursor == 0
        await pilot.press(*["right"] * 12)
        assert screen.ui.cursor == len(screen.ui.targets) - 1
        await pilot.press("down")
        assert screen.ui.cursor == len(screen.ui.targets) - 1


async def test_resizing_redraws_the_display_and_the_hand_at_once(app_factory):
    app = app_factory(ANNA_BEN, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await to_the_board(pilot)
        display, hand = screen.query_one(DisplayColumns), screen.query_one(HandList)
        assert display.region.height == 5  # a grid of three rows
        assert "instant effect" not in screen_text(app)
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert display.region.height == 6  # nine columns side by side
        text = screen_text(app)
        assert "instant effect" in text and "scores when kept" in text
        assert screen.query_one("#bk-players").region.area > 0
        assert_readable(screen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert display.region.height == 5
        assert "instant effect" not in screen_text(app)
        assert hand.region.right <= 80
        assert_readable(screen)


async def test_a_replay_at_80x24_opens_the_players_too(tmp_path):
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.app import replay_app
    from tests.engine.test_records import finished_match

    app = replay_app(finished_match(4), store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        assert app.screen.query_one("#bk-players").region.area == 0
        await pilot.press("p")
        await settle(pilot)
        assert app.screen.query_one("#bk-players").region.area > 0
        assert_readable(app.screen)


async def test_hovering_a_card_or_a_column_shows_its_full_text(app_factory):
    app = app_factory(ANNA_BEN, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await to_the_board(pilot)
        card = app.match.state.players[0].hand[1]
        info = characters()[character_of(card)]
        # Row 1 inside the hand's border is the second card.
        await pilot.hover("#bk-hand", offset=(4, 2))
        await settle(pilot)
        tooltip = screen.query_one(HandList).tooltip
        assert tooltip is not None and card_label(card) in tooltip.plain and info.scoring in tooltip.plain
        # The display at 80 columns is a grid: its first cell is the Queen column.
        await pilot.hover("#bk-display", offset=(3, 1))
        await settle(pilot)
        tooltip = screen.query_one(DisplayColumns).tooltip
        assert tooltip is not None and tooltip.plain.startswith("Queen column")
