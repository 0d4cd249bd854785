"""SVG snapshots of Pollen's table at 80×24, 120×40 and 200×60, in several phases:
the first turn, mid-game, a move half built (a card chosen, the cursor moved), tokens
waiting to be placed, and the inspector open.

Update them on purpose with `pytest tests/snapshots -k pollen --snapshot-update` and
review the report before committing.
"""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.setup import StartRequest


SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((200, 60), id="200x60"),
]


def pollen_app(tmp_path) -> BoardGamesApp:
    start = StartRequest(
        slug="pollen",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot")],
        options={"starting_player": 1},
        seed=21,
    )
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def until_anna_acts(pilot) -> None:
    """Until Anna is to act, pressing on through the table's scoring announcements."""
    for _ in range(1000):
        await pilot.pause(0.01)
        screen = pilot.app.screen
        if isinstance(screen, AnnouncementScreen):
            await pilot.press("enter")
        elif screen.thinking is None and screen.viewer in pilot.app.match.to_act():
            break
    await pilot.pause()


async def plant(pilot, moves: int, *, stop_at_tokens: bool = False) -> None:
    """Anna plants `moves` times (the first free cell, her first card), placing any tokens she draws."""
    await until_anna_acts(pilot)
    for _ in range(moves):
        await pilot.press("tab", "enter")
        await until_anna_acts(pilot)
        while pilot.app.match.state.phase == "assign":
            if stop_at_tokens:
                return
            # The first token, picked on purpose (Enter alone asks first).
            await pilot.press("1", "enter")
            await until_anna_acts(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_first_turn(snap_compare, tmp_path, size):
    assert snap_compare(pollen_app(tmp_path), run_before=until_anna_acts, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_mid_game(snap_compare, tmp_path, size):
    async def run_before(pilot) -> None:
        await plant(pilot, 6)

    assert snap_compare(pollen_app(tmp_path), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_card_chosen_and_the_cursor_moved(snap_compare, tmp_path, size):
    async def run_before(pilot) -> None:
        await plant(pilot, 4)
        await pilot.press("3", "left", "up")
        await pilot.pause()

    assert snap_compare(pollen_app(tmp_path), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_tokens_to_place(snap_compare, tmp_path, size):
    async def run_before(pilot) -> None:
        await plant(pilot, 20, stop_at_tokens=True)
        assert pilot.app.match.state.phase == "assign"
        await pilot.press("2")
        await pilot.pause()

    assert snap_compare(pollen_app(tmp_path), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_inspector_open(snap_compare, tmp_path, size):
    async def run_before(pilot) -> None:
        await plant(pilot, 6)
        await pilot.press("up", "i")
        await pilot.pause()

    assert snap_compare(pollen_app(tmp_path), run_before=run_before, terminal_size=size)
