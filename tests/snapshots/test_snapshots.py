"""SVG snapshots of every shared screen and of Bloom Kingdom, at 120×40 and 80×24.

Update them on purpose with `pytest tests/snapshots --snapshot-update` and review
the report before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.setup import StartRequest

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24"), pytest.param((200, 60), id="200x60")]


async def until_the_viewer_acts(pilot) -> None:
    """Waits (as briefly as the bots allow) until the human at the keyboard is to act."""
    for _ in range(1000):
        await pilot.pause(0.01)
        screen = pilot.app.screen
        if isinstance(screen, AnnouncementScreen):
            # A table moment (the cards revealed): the table reads it, then play goes on.
            await pilot.press("enter")
            continue
        if screen.thinking is None and screen.viewer in pilot.app.match.to_act():
            return


def app_for(tmp_path: Path, seats: list[Seat] | None = None, seed: int = 9) -> BoardGamesApp:
    start = StartRequest(slug="bloom-kingdom", seats=seats, options={}, seed=seed) if seats else None
    # No blinking cursor and no bot pause: the same picture every run.
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, tmp_path, size):
    assert snap_compare(app_for(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_form(snap_compare, tmp_path, size):
    assert snap_compare(app_for(tmp_path), press=["enter", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_pick(snap_compare, tmp_path, size):
    # Every game with its player count, taken from its rules.
    assert snap_compare(app_for(tmp_path), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_form_with_options(snap_compare, tmp_path, size):
    # Everbloom's options, their values shown by name ("First Blossom").
    assert snap_compare(app_for(tmp_path), press=["enter", "down", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_curtain(snap_compare, tmp_path, size):
    app = app_for(tmp_path, [Seat(name="Anna"), Seat(name="Ben")])
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game(snap_compare, tmp_path, size):
    app = app_for(tmp_path, [Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")])

    async def play_one_card(pilot) -> None:
        # One card played, so the display, this turn's row and the log all have content;
        # then wait until both bots have answered and it is Anna's pick again.
        await pilot.pause()
        if pilot.app.screen.is_too_small:
            return
        await pilot.press("right", "enter")
        await until_the_viewer_acts(pilot)
        await pilot.pause()

    assert snap_compare(app, run_before=play_one_card, terminal_size=size)


def bots_game_played_headless(tmp_path: Path, seats: list[Seat], seed: int = 9):
    """The game the app's screen would have its bots play (the same bots, seeded as the
    screen seeds them, each move by the first seat to act), played without a screen:
    the score sheet's snapshots are about the sheet, and bots playing on screen are
    tested on their own (test_bloom_kingdom_screen)."""
    from boardgames_tui.engine.bots import make_bot
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.registry import get_game

    game = get_game("bloom-kingdom")
    match = Match(game, game.rules.parse_options({}), seats, seed, store=SaveStore(tmp_path))
    bots = {seat: make_bot(info.bot_level, match.seed + len(match.moves), seat) for seat, info in enumerate(seats)}
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(game, match.view(seat), seat, lambda: False))
    return match


@pytest.mark.parametrize("size", SIZES)
def test_score_sheet(snap_compare, tmp_path, size):
    match = bots_game_played_headless(tmp_path, [Seat(name="Ada", kind="bot"), Seat(name="Bo", kind="bot"), Seat(name="Cy", kind="bot")])
    app = app_for(tmp_path)
    app.call_later(app._show_match, match)

    async def to_the_sheet(pilot) -> None:
        for _ in range(50):
            await pilot.pause()
            if isinstance(pilot.app.screen, ScoreSheetScreen):
                break
        assert isinstance(pilot.app.screen, ScoreSheetScreen)
        await pilot.pause()

    assert snap_compare(app, run_before=to_the_sheet, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_pollen_garden(snap_compare, tmp_path, size):
    start = StartRequest(
        slug="pollen",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")],
        options={"starting_player": 1},
        seed=12,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)

    async def plant_a_few(pilot) -> None:
        await pilot.pause()
        if pilot.app.screen.is_too_small:
            return
        from .test_pollen_snapshots import until_anna_acts  # presses on through scoring announcements

        for _ in range(3):
            await pilot.press("tab", "enter")
            await until_anna_acts(pilot)
            if pilot.app.match.state.phase == "assign":
                # The first token, picked on purpose (Enter alone asks first).
                await pilot.press("1", "enter")
        await pilot.pause()

    assert snap_compare(app, run_before=plant_a_few, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_evergreen_planet(snap_compare, tmp_path, size):
    start = StartRequest(
        slug="evergreen",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot")],
        options={"modules": "both"},
        seed=4,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)

    async def plan_a_step(pilot) -> None:
        await pilot.pause()
        if pilot.app.screen.is_too_small:
            return
        # Draft the first card, then plant a sprout and leave the plan open.
        await pilot.press("enter")
        for _ in range(20):
            await until_the_viewer_acts(pilot)
            if pilot.app.match.state.phase == "actions":
                break
        await pilot.press("right", "p")
        await pilot.pause()
        if isinstance(pilot.app.screen, ConfirmScreen):  # a sprout outside the card's biome asks first
            await pilot.press("y")
            await pilot.pause()

    assert snap_compare(app, run_before=plan_a_step, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_everbloom_wilderness(snap_compare, tmp_path, size):
    start = StartRequest(
        slug="everbloom",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")],
        options={},
        seed=3,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)

    async def into_the_wilderness(pilot) -> None:
        await pilot.pause()
        if pilot.app.screen.is_too_small:
            return
        # The nectar draft, then Anna's first chip and its pollinators (Enter picks the
        # highlighted landmark, Enter sends its split), then her next chip to place.
        while pilot.app.match.state.phase != "wilderness":
            await pilot.press("enter")
            await until_the_viewer_acts(pilot)
        await pilot.press("enter", "enter")
        await until_the_viewer_acts(pilot)
        await pilot.pause()

    assert snap_compare(app, run_before=into_the_wilderness, terminal_size=size)


@pytest.mark.parametrize("size", [*SIZES, pytest.param((116, 38), id="116x38")])
def test_everbloom_distribution(snap_compare, tmp_path, size):
    start = StartRequest(
        slug="everbloom",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")],
        options={},
        seed=3,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)

    async def share_out(pilot) -> None:
        await pilot.pause()
        if pilot.app.screen.is_too_small:
            return
        # The nectar draft, up to Anna's first chip.
        while pilot.app.match.state.phase != "wilderness":
            await pilot.press("enter")
            await until_the_viewer_acts(pilot)
        # Chip 3 at landmark m1 (its letter d), then one more pollinator on the second card.
        await pilot.press("3", "d", "down", "right")
        await pilot.pause()

    assert snap_compare(app, run_before=share_out, terminal_size=size)
