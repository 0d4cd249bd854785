"""SVG snapshots of Everbloom's table at 80×24, 120×40 and 200×60, in several phases:
the draft, a chip to place, a split half built, and a secondary panel (a pane of the
compact layout, or the inspector).

Update them on purpose with `pytest tests/snapshots/test_everbloom_snapshots.py
--snapshot-update` and look at the report before committing.
"""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.setup import StartRequest

from .test_snapshots import until_the_viewer_acts

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40"), pytest.param((200, 60), id="200x60")]

# After the draft: the keys that lead to each phase.
PHASES = {
    "place": [],
    # Chip 3 at m1 (letter d), then one more pollinator on the second card.
    "split": ["3", "d", "down", "right"],
    # Chip 3 highlighted at the second landmark, inspected.
    "inspect": ["3", "down", "i"],
}


def everbloom_app(tmp_path) -> BoardGamesApp:
    start = StartRequest(
        slug="everbloom",
        seats=[Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")],
        options={},
        seed=3,
    )
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


@pytest.mark.parametrize("size", SIZES)
def test_everbloom_draft(snap_compare, tmp_path, size):
    async def settle(pilot) -> None:
        await until_the_viewer_acts(pilot)
        await pilot.pause()

    assert snap_compare(everbloom_app(tmp_path), run_before=settle, terminal_size=size)


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("size", SIZES)
def test_everbloom_wilderness_phases(snap_compare, tmp_path, size, phase):
    async def into_the_phase(pilot) -> None:
        await until_the_viewer_acts(pilot)
        while pilot.app.match.state.phase != "wilderness":
            await pilot.press("enter")
            await until_the_viewer_acts(pilot)
        await pilot.press(*PHASES[phase])
        await pilot.pause()

    assert snap_compare(everbloom_app(tmp_path), run_before=into_the_phase, terminal_size=size)


@pytest.mark.parametrize("pane", ["news", "landmarks", "habitat", "table"])
def test_everbloom_compact_panes(snap_compare, tmp_path, pane):
    presses = {"news": 1, "landmarks": 2, "habitat": 3, "table": 4}[pane]

    async def open_the_pane(pilot) -> None:
        await until_the_viewer_acts(pilot)
        while pilot.app.match.state.phase != "wilderness":
            await pilot.press("enter")
            await until_the_viewer_acts(pilot)
        await pilot.press(*["p"] * presses)
        await pilot.pause()

    assert snap_compare(everbloom_app(tmp_path), run_before=open_the_pane, terminal_size=(80, 24))
