"""SVG snapshots of the score sheet with four seats (every game: scores, then what the
end revealed, then the buttons) and of the rules
viewer's Components and Legend tabs, at 80×24, 120×40 and 200×60.

Update them on purpose with `pytest tests/snapshots --snapshot-update` and review
the report before committing.
"""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.scoresheet import ScoreSheetScreen
from tests.ui.finished import finished_match

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((200, 60), id="200x60"),
]
GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]


def menu_app(tmp_path) -> BoardGamesApp:
    return BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("size", SIZES)
def test_score_sheet_with_four_seats(snap_compare, tmp_path, slug, size):
    match = finished_match(slug)

    async def open_the_sheet(pilot) -> None:
        await pilot.pause()
        pilot.app.push_screen(ScoreSheetScreen.of_match(match))
        await pilot.pause()

    assert snap_compare(menu_app(tmp_path), run_before=open_the_sheet, terminal_size=size)


@pytest.mark.parametrize("tab", ["components", "legend"])
@pytest.mark.parametrize("size", SIZES)
def test_rules_viewer_tab(snap_compare, tmp_path, tab, size):
    async def open_the_tab(pilot) -> None:
        await pilot.pause()
        pilot.app.push_screen(RulesScreen(get_game("everbloom"), tab=tab))
        await pilot.pause()

    assert snap_compare(menu_app(tmp_path), run_before=open_the_tab, terminal_size=size)
