"""The score sheet shows every seat, whole, from 80×24 to 200×60."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.geometry import Region

from boardgames_tui.engine.contract import ScoreRow, ScoreSheet
from boardgames_tui.engine.registry import get_game
from boardgames_tui.ui.scoresheet import ScoreSheetScreen, ScoreTable, score_table

from .clipping import clipped_widgets
from .finished import finished_sheet

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]
SIZES = [(80, 24), (120, 40), (200, 60)]


def words(text: str) -> Counter[str]:
    return Counter(re.findall(r"[^\s]+", text))


def sheet_words(sheet: ScoreSheet) -> Counter[str]:
    """Every word the sheet must show: names, categories, values, details, totals."""
    said = [*sheet.players, "Total", *map(str, sheet.totals)]
    for row in sheet.rows:
        said += [row.category, *map(str, row.values), *(row.details or [])]
    return words(" ".join(said))


def rendered(sheet: ScoreSheet, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None, legacy_windows=False)
    console.print(score_table(sheet, width))
    return console.export_text().splitlines()


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("width", [60, 74, 80, 100, 120, 200])
def test_every_word_of_a_four_seat_sheet_fits_the_width(slug, width):
    sheet = finished_sheet(slug)
    lines = rendered(sheet, width)
    assert max(len(line) for line in lines) <= width
    shown = "\n".join(lines)
    assert "…" not in shown
    missing = sheet_words(sheet) - words(shown)
    assert not missing, f"cut or lost at {width} columns: {dict(missing)}"


def test_seats_stand_side_by_side_when_they_fit_and_one_after_another_when_not():
    sheet = finished_sheet("everbloom")
    wide = rendered(sheet, 120)
    header = next(line for line in wide if "Anna Lena" in line)
    assert all(name in header for name in sheet.players)
    narrow = rendered(sheet, 60)
    assert not any(sum(name in line for name in sheet.players) > 1 for line in narrow)
    assert all(any(line.startswith(name) for line in narrow) for name in sheet.players)


def test_long_details_wrap_instead_of_being_cut():
    detail = "Spring 3 · Summer 9 · Autumn 12 · Winter 12 · and a great deal more to read"
    sheet = ScoreSheet(
        players=["Ann", "Ben", "Cy", "Di"],
        rows=[ScoreRow(category="Light", values=[1, 2, 3, 4], details=[detail] * 4)],
        totals=[1, 2, 3, 4],
        winners=[3],
        decided_by="most points",
    )
    for width in (80, 120, 200):
        assert words("\n".join(rendered(sheet, width)))["Winter"] == 4


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_screen_shows_every_seat_and_scrolls_to_the_buttons(app_factory, slug, size):
    sheet = finished_sheet(slug)
    app = app_factory()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(get_game(slug).title, sheet))
        await pilot.pause()
        screen = app.screen
        table = screen.query_one(ScoreTable)
        panel = screen.query_one("#score-panel", VerticalScroll)
        assert not clipped_widgets(screen)
        # Never wider than its panel: nothing hides past the right edge.
        assert table.region.width <= panel.content_region.width
        assert table.region.right <= app.size.width
        lines = [strip.text for strip in table.render_lines(Region(0, 0, table.size.width, table.size.height))]
        text = "\n".join(lines)
        assert table.size.height >= len([line for line in lines if line.strip()])
        assert not (sheet_words(sheet) - words(text))
        # The panel may be taller than the window; scrolling reaches its end.
        panel.scroll_end(animate=False)
        await pilot.pause()
        assert screen.query_one("#again").region.bottom <= app.size.height - 1
