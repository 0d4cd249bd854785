"""Helpers for driving the app with Textual's Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.ui.textual_compat import full_frame_strips
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.setup import StartRequest


def make_app(tmp_path: Path, seats: list[Seat] | None = None, seed: int = 5) -> BoardGamesApp:
    start = None
    if seats is not None:
        start = StartRequest(slug="bloom-kingdom", seats=seats, options={}, seed=seed)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


def screen_text(app: BoardGamesApp) -> str:
    """Everything the terminal shows, as plain text: the text of the SVG screenshot (the
    title, then each line's runs of text, runs of spaces left out), read straight from
    the frame the screenshot is made of, without drawing the SVG (several times the work)."""
    lines = []
    for line in full_frame_strips(app):
        lines.append("".join(segment.text for strip in line for segment in strip if segment.text.strip(" ")))
    return (app.title + "\n".join(lines)).replace("\xa0", " ")


@pytest.fixture
def app_factory(tmp_path: Path):
    def factory(seats: list[Seat] | None = None, seed: int = 5) -> BoardGamesApp:
        return make_app(tmp_path, seats, seed)

    return factory


async def press_through_news(pilot) -> bool:
    """Close a table announcement if one is up (games announce reveals and round ends
    between turns); True if one was closed."""
    from boardgames_tui.ui.scoresheet import AnnouncementScreen

    if isinstance(pilot.app.screen, AnnouncementScreen):
        await pilot.press("enter")
        return True
    return False
