"""Evergreen's screen at 80×24, 120×40 and 200×60: the draft, a plan half built, a second panel."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.setup import StartRequest

from .test_snapshots import until_the_viewer_acts

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40"), pytest.param((200, 60), id="200x60")]


def evergreen_app(tmp_path) -> BoardGamesApp:
    start = StartRequest(
        slug="evergreen",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot")],
        options={"modules": "both"},
        seed=4,
    )
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def to_the_plan(pilot) -> None:
    """Draft the first card and plant a sprout, leaving the plan open."""
    await until_the_viewer_acts(pilot)
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


@pytest.mark.parametrize("size", SIZES)
def test_evergreen_draft(snap_compare, tmp_path, size):
    async def second_card(pilot) -> None:
        await until_the_viewer_acts(pilot)
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(evergreen_app(tmp_path), run_before=second_card, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_evergreen_plan_half_built(snap_compare, tmp_path, size):
    assert snap_compare(evergreen_app(tmp_path), run_before=to_the_plan, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_evergreen_second_panel(snap_compare, tmp_path, size):
    """At 80×24 the Season · powers panel (t, t); larger, the inspector on the cursor's space."""

    async def open_a_panel(pilot) -> None:
        await to_the_plan(pilot)
        await pilot.press(*(("t", "t") if size == (80, 24) else ("i",)))
        await pilot.pause()

    assert snap_compare(evergreen_app(tmp_path), run_before=open_a_panel, terminal_size=size)
