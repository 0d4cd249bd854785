"""Bloom Kingdom played through the screen, with keys and clicks only."""

from __future__ import annotations

import asyncio

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.rules import card_label
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen

from .conftest import screen_text
from .settling import settle

ANNA_BEN = [Seat(name="Anna"), Seat(name="Ben")]


async def test_a_seat_never_sees_the_other_hand(app_factory):
    app = app_factory(ANNA_BEN, seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        hands = [player.hand for player in app.match.state.players]
        curtain_text = screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        anna_text = screen_text(app)
        labelled = lambda hand: [card_label(card) for card in hand if " " in card_label(card) and card_label(card)[-1].isdigit()]  # noqa: E731
        # Cards with an initiative number have a label no other card shares.
        assert labelled(hands[0]), "seed 2 deals Anna an initiative card"
        assert labelled(hands[1]), "seed 2 deals Ben an initiative card"
        for label in labelled(hands[0]):
            assert label in anna_text
            assert label not in curtain_text
        for label in labelled(hands[1]):
            assert label not in anna_text
            assert label not in curtain_text
        # After Anna's pick the curtain for Ben shows neither hand.
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        between = screen_text(app)
        for label in labelled(hands[0]) + labelled(hands[1]):
            assert label not in between
        await pilot.press("enter")
        await settle(pilot)
        ben_text = screen_text(app)
        for label in labelled(app.match.state.players[0].hand):
            assert label not in ben_text


async def test_undo_from_the_curtain_gives_the_pick_back(app_factory):
    app = app_factory(ANNA_BEN, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Anna at the keyboard
        await settle(pilot)
        await pilot.press("enter")  # plays her first card
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert app.match.state.players[0].chosen is not None
        await pilot.press("u")
        await settle(pilot)
        # Taken back in front of the table: Anna's own curtain comes before her hand.
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
        assert app.match.state.players[0].chosen is None
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BloomKingdomScreen)
        assert app.screen.audience == 0
        assert app.match.state.players[0].chosen is None
        assert len(app.match.state.players[0].hand) == 8


async def test_wrong_number_and_clicks(app_factory):
    app = app_factory([Seat(name="Anna"), Seat(name="Bot", kind="bot")], seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen)
        before = app.match.state.model_dump()
        await pilot.press("9")
        await settle(pilot)
        assert "There is no choice 9" in screen_text(app)
        assert app.match.state.model_dump() == before
        first, second = app.match.state.players[0].hand[:2]
        # At 120 columns the hand is a list beside the full card (no heading row):
        # row 1 inside the border is the second card.  A first click selects, the second plays.
        await pilot.click("#bk-hand", offset=(4, 2))
        await settle(pilot)
        assert app.match.state.players[0].chosen is None
        assert "Click again" in screen_text(app)
        await pilot.click("#bk-hand", offset=(4, 2))
        await settle(pilot)
        state = app.match.state
        assert second in state.revealed or second in [card for column in state.display.values() for card in column] or state.players[0].chosen == second
        assert first in state.players[0].hand


async def test_quitting_while_a_bot_thinks_is_not_blocked(app_factory):
    app = app_factory([Seat(name="Anna"), Seat(name="Bot", kind="bot")], seed=8)
    app.bot_delay = 30
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.thinking == 1
        assert "thinking" in screen_text(app)
        await pilot.press("q", "y")  # y: the Confirmations setting asks first
        await asyncio.wait_for(settle(pilot), timeout=2)
        assert isinstance(app.screen, MenuScreen)
    # Leaving run_test exits the app; getting here at all means the bot did not hold it.


async def test_too_small_terminal_says_so_and_recovers(app_factory):
    app = app_factory([Seat(name="Anna"), Seat(name="Bot", kind="bot")], seed=8)
    async with app.run_test(size=(79, 23)) as pilot:
        await settle(pilot)
        assert "at least 80×24" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = screen_text(app)
        assert "at least" not in text
        assert "Your hand" in text


@pytest.mark.long(seconds=15)
async def test_bots_alone_play_to_the_score_sheet(app_factory):
    app = app_factory([Seat(name="Ada", kind="bot"), Seat(name="Bo", kind="bot"), Seat(name="Cy", kind="bot")], seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):
            await pilot.pause(0.01)
            if isinstance(app.screen, AnnouncementScreen):
                await pilot.press("enter")
            if isinstance(app.screen, ScoreSheetScreen):
                break
        assert isinstance(app.screen, ScoreSheetScreen)
        assert app.match.is_over()


@pytest.mark.parametrize("undo", [False, True])
async def test_a_searching_bot_stops_at_once_for_quit_or_undo(app_factory, monkeypatch, undo):
    """A search that would run for ever ends as soon as the player quits or undoes."""
    import threading

    from boardgames_tui.engine import bots

    stopped = threading.Event()

    def endless_search(rules, view, seat, budget, rng, should_stop=None):
        while not (should_stop and should_stop()):
            if stopped.wait(0.01):
                break
        stopped.set()
        raise RuntimeError("asked to stop")  # whatever a stopped search returns is ignored

    monkeypatch.setattr(bots, "search", endless_search)
    app = app_factory([Seat(name="Anna"), Seat(name="Bot", kind="bot", bot_level="hard")], seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Anna picks; the bot starts its endless search
        await settle(pilot)
        assert app.screen.thinking == 1
        await pilot.press(*(["u"] if undo else ["q", "y"]))
        await asyncio.wait_for(settle(pilot), timeout=2)
        assert await asyncio.to_thread(stopped.wait, 5), "the search was never told to stop"
        if undo:
            assert app.screen.thinking is None and app.match.moves == []
        else:
            assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("pause", [False, True], ids=["goes-on", "setting-keeps-the-pause"])
async def test_one_person_and_bots_see_the_reveal_on_the_board_and_play_on(app_factory, pause):
    """Every turn with one human ended in an announcement waiting for Enter (24 extra
    keys a game) though the board's "This turn" row shows the same reveal. With one
    person at the table the board shows it and play goes on; a setting keeps the pause."""
    app = app_factory([Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")], seed=5)
    app.settings.pause_after_reveals = pause
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen)
        played = app.match.state.players[0].hand[0]
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, AnnouncementScreen) or app.match.state.turn == 2:
                break
        if pause:
            assert isinstance(app.screen, AnnouncementScreen)
            await pilot.press("enter")
            await settle(pilot)
        assert app.screen is screen
        await settle(pilot)
        assert app.match.state.turn == 2 and screen.viewer == 0
        text = screen_text(app)
        assert f"Turn 1 revealed: ✦Anna {card_label(played)}" in text
        assert "↑/↓ or 1–5, Enter plays it" in text
