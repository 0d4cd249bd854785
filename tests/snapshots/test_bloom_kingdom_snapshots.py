"""SVG snapshots of Bloom Kingdom's table at 80×24, 120×40 and 200×60 in several phases.

Update them on purpose with `pytest tests/snapshots -k bloom_kingdom --snapshot-update`
and look at the report before committing.
"""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen

from .test_snapshots import app_for

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40"), pytest.param((200, 60), id="200x60")]
ANNA_BEN = [Seat(name="Anna"), Seat(name="Ben")]


async def to_the_board(pilot) -> None:
    """Past curtains and announcements, to a seat choosing on the board."""
    for _ in range(20):
        screen = pilot.app.screen
        if isinstance(screen, BloomKingdomScreen) and screen.ui.targets:
            return
        await pilot.press("enter")
        await pilot.pause()


async def play_turns(pilot, turns: int) -> None:
    """Both seats play their first card, `turns` times, and every effect takes its first choice."""
    while pilot.app.match.state.turn <= turns and not pilot.app.match.state.rounds:
        await to_the_board(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()
    await to_the_board(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_bloom_kingdom_start(snap_compare, tmp_path, size):
    assert snap_compare(app_for(tmp_path, ANNA_BEN, seed=11), run_before=to_the_board, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_bloom_kingdom_mid_game_with_a_card_highlighted(snap_compare, tmp_path, size):
    """Four turns in, the cursor moved onto another card but not played yet."""

    async def mid_game(pilot) -> None:
        await play_turns(pilot, 4)
        await pilot.press("right", "right")
        await pilot.pause()

    assert snap_compare(app_for(tmp_path, ANNA_BEN, seed=11), run_before=mid_game, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_bloom_kingdom_side_panel_or_inspector(snap_compare, tmp_path, size):
    """At 80×24 the players and log behind `p`; wider, the inspector over the board."""

    async def open_panel(pilot) -> None:
        await play_turns(pilot, 2)
        await pilot.press("p" if size[0] < 100 else "i")
        await pilot.pause()

    assert snap_compare(app_for(tmp_path, ANNA_BEN, seed=11), run_before=open_panel, terminal_size=size)
