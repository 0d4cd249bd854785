"""The score sheet shows every seat, whole, from 80×24 to 200×60; it reveals what the
end still hid and opens the final boards in the replay viewer."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.geometry import Region

from textual.widgets import Static

from boardgames_tui.engine.contract import ScoreRow, ScoreSheet
from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.engine.registry import get_game
from boardgames_tui.ui.replay import ReplayMixin
from boardgames_tui.ui.scoresheet import ScoreSheetScreen, ScoreTable, score_table

from .clipping import clipped_widgets
from .conftest import screen_text
from .finished import finished_match, finished_sheet

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
    match = finished_match(slug)
    sheet = match.rules.score_sheet(match.state)
    app = app_factory()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen.of_match(match))
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
        assert screen.query_one("#final_boards").region.right <= app.size.width


async def open_the_sheet(pilot, match) -> ScoreSheetScreen:
    """The finished `match`'s sheet, as the app shows it when the last move is made."""
    await pilot.pause()
    pilot.app.show_score_sheet(match)
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScoreSheetScreen)
    return pilot.app.screen


def one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("slug", GAMES)
async def test_the_sheet_names_everything_the_end_still_hides(app_factory, slug):
    match = finished_match(slug)
    hidden = match.game.reference.hidden_information(match.state)
    # Every game ends with something face down: a deck's order, cards in hand, cards seen.
    assert hidden and all(section.lines for section in hidden)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_sheet(pilot, match)
        revealed = app.screen.query_one("#revealed", Static)
        shown = one_line(str(revealed.render()))
        for section in hidden:
            assert one_line(section.title) in shown
            for line in section.lines:
                # The whole line: every hidden card it names, none cut.
                assert one_line(line) in shown
        # It scrolls with the sheet: at 80×24 it lies below the table and comes into sight.
        heading = app.screen.query_one("#revealed-heading")
        app.screen.query_one("#score-panel", VerticalScroll).scroll_to_widget(heading, animate=False, top=True)
        await pilot.pause()
        assert "Revealed at the end" in screen_text(app)
        assert hidden[0].lines[0][:30] in screen_text(app).replace("│", "")


async def test_what_is_revealed_is_shown_as_written_and_nothing_hidden_is_said(app_factory):
    sheet = finished_sheet("pollen")
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        section = RevealedSection("[bold]Ann[/bold]", ("Hand: [red]2 Bees[/red]",))
        app.push_screen(ScoreSheetScreen("Pollen", sheet, revealed=[section]))
        await pilot.pause()
        shown = str(app.screen.query_one("#revealed", Static).render())
        assert "[bold]Ann[/bold]" in shown and "Hand: [red]2 Bees[/red]" in shown
        # Without its match the sheet has no boards to open: b is not offered.
        assert not app.screen.query("#final_boards")
        assert app.screen.check_action("final_boards", ()) is False
        app.pop_screen()
        app.push_screen(ScoreSheetScreen("Pollen", sheet, revealed=[]))
        await pilot.pause()
        assert not app.screen.query("#revealed")


@pytest.mark.parametrize("slug", GAMES)
async def test_final_boards_open_the_last_position_and_escape_comes_back(app_factory, slug):
    match = finished_match(slug)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        sheet_screen = await open_the_sheet(pilot, match)
        await pilot.press("b")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        assert not replay.is_too_small
        # The last position of this very match, seen by the table first.
        assert replay.table.step == replay.table.total == len(match.moves)
        assert replay.table.state is match.state
        assert replay.viewer is None and not replay.revealing
        assert f"move {len(match.moves)} of {len(match.moves)}" in screen_text(app)
        # v goes through every seat's own screen to everything revealed.
        for _ in match.seats:
            await pilot.press("v")
        await pilot.press("v")
        await pilot.pause()
        assert replay.revealing
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is sheet_screen


async def test_the_final_boards_button_opens_them_too(app_factory):
    match = finished_match("bloom-kingdom", seats=3)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        sheet_screen = await open_the_sheet(pilot, match)
        sheet_screen.query_one("#score-panel", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        await pilot.click("#final_boards")
        await pilot.pause()
        assert isinstance(app.screen, ReplayMixin)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is sheet_screen


async def test_a_note_pointing_at_the_scoring_steps_points_where_they_are(app_factory):
    """Pollen's note said the steps were "above": the notes stand above the table."""
    match = finished_match("pollen")
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_the_sheet(pilot, match)
        notes = [note for note in screen.query(".note") if "scoring steps" in str(note.render())]
        assert len(notes) == 1
        assert "below" in str(notes[0].render())
        assert notes[0].region.y < screen.query_one(ScoreTable).region.y


async def test_an_announcement_too_long_for_80x24_says_more_is_below_and_scrolls(app_factory):
    """Bloom Kingdom's round-1 summary at 80×24 lost its "Totals" and "In the lead"
    lines with no sign that more was below."""
    from boardgames_tui.ui.scoresheet import AnnouncementScreen

    lines = [f"Line {number} of the summary." for number in range(1, 25)] + ["In the lead: Ann, by 2 points (10 to 8)."]
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(AnnouncementScreen("Round 1 scored", "\n".join(lines)))
        for _ in range(3):
            await pilot.pause()
        assert "↓ more below" in screen_text(app)
        assert "In the lead" not in screen_text(app)
        for _ in range(4):
            await pilot.press("down")
        await pilot.pause()
        assert "In the lead: Ann" in screen_text(app)
        assert "↓ more below" not in screen_text(app)
        assert isinstance(app.screen, AnnouncementScreen)
