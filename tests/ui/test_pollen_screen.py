"""Pollen played through the screen with keys, and its garden's behaviour."""

from __future__ import annotations


from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.games.pollen.widgets import GardenView, garden_extent
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import screen_text
from .settling import settle


def pollen_app(tmp_path, seats, seed=7) -> BoardGamesApp:
    start = StartRequest(slug="pollen", seats=seats, options={"starting_player": 1}, seed=seed)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def walk_to(pilot, screen, target) -> None:
    """Arrow keys from the cursor to `target`, across then down."""
    dx, dy = target[0] - screen.ui.cursor[0], target[1] - screen.ui.cursor[1]
    keys = ["right" if dx > 0 else "left"] * abs(dx) + ["down" if dy > 0 else "up"] * abs(dy)
    await pilot.press(*keys)
    await pilot.pause()


async def test_illegal_cell_gets_the_reason_and_changes_nothing(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PollenScreen)
        # One card each, so the garden has a ring of cells beyond its cards.
        await pilot.press("tab", "enter")
        for _ in range(200):
            await pilot.pause(0.01)
            if screen.viewer_acts(screen.current_view()) and app.match.state.phase == "plant":
                break
        view = screen.current_view()
        left, top, right, bottom = screen.cursor_bounds(view)
        taken = {(planted.x, planted.y) for planted in view.garden}
        closed = next(
            (x, y)
            for y in range(top, bottom + 1)
            for x in range(left, right + 1)
            if (x, y) not in taken and (x, y) not in view.open_cells
        )
        before = app.match.state.model_dump()
        await walk_to(pilot, screen, closed)
        assert screen.ui.cursor == closed
        assert "does not touch any token" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "does not touch any token" in screen_text(app)
        assert app.match.state.model_dump() == before
        # Tab to a free cell: Enter plants there.
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert app.match.state.garden[2].card in before["players"][0]["hand"]


async def test_the_other_hand_stays_hidden(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        text = screen_text(app)
        assert "Your hand" in text and app.screen.viewer == 0
        assert "Ben's hand" not in text
        assert app.screen.current_view().players[1].hand == [-1] * 5


async def test_clicking_a_cell_twice_plants(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        garden = screen.query_one("#pl-garden")
        elsewhere = next(cell for cell in app.match.state.open_cells if cell != screen.ui.cursor)
        x, y, _, _ = garden.region_of(elsewhere)
        x, y = x - garden.scroll_offset.x, y - garden.scroll_offset.y
        await pilot.click("#pl-garden", offset=(x + 4, y + 2))
        await pilot.pause()
        # The first click only moves the cursor there.
        assert not app.match.state.garden
        assert screen.ui.cursor == elsewhere
        await pilot.click("#pl-garden", offset=(x + 4, y + 2))
        await pilot.pause()
        assert (app.match.state.garden[0].x, app.match.state.garden[0].y) == elsewhere


async def test_the_log_panel_never_shows_another_seat_private_lines(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await pilot.pause()
        await pilot.press("enter")  # Ann at the keyboard
        await pilot.pause()
        await pilot.press("tab", "enter")  # Ann plants and draws a card: a private line
        await pilot.pause()
        private = [entry.text for entry in app.match.state.log if entry.visible_to == (0,)]
        assert any("drew" in text for text in private)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")  # Ben at the keyboard
        for _ in range(3):
            await pilot.pause()
        log_lines = [str(line.text) for line in app.screen.query_one("#game-log").lines]
        shown = " ".join(log_lines)
        assert app.screen.viewer == 1 and "Your hand" in app.screen.query_one("#pl-hand").border_title
        assert "plants" in shown
        for text in private:
            assert text not in shown
        # Exactly Ben's log, once: wrapping aside, the panel holds the view's lines.
        expected = "".join(entry.text for entry in app.screen.current_view().log)
        assert "".join(log_lines).replace(" ", "") == expected.replace(" ", "")


async def test_a_name_cut_in_a_garden_cell_ends_in_an_ellipsis(tmp_path):
    """`[red]x[/]` is one character too long for a cell: cut as "[red]x[", it read as
    broken markup. Cut text ends in "…", and the cell's tooltip has the whole name."""
    from boardgames_tui.games.pollen.rules import card_owner
    from boardgames_tui.games.pollen.widgets import cell_entry, entry_tooltip

    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="[red]x[/]")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for seat in range(2):
            await pilot.pause()
            await pilot.press("enter")  # the seat at the keyboard
            await pilot.pause()
            await pilot.press("tab", "enter")  # plants a card
            await pilot.pause()
        await pilot.press("enter")  # Ann again, with both cards on the garden
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PollenScreen)
        text = screen_text(app)
        assert "[red]x[…" in text
        assert "[red]x[ " not in text
        view = screen.current_view()
        cell = next((planted.x, planted.y) for planted in view.garden if card_owner(planted.card) == 1)
        assert "[red]x[/]" in entry_tooltip(cell_entry(view, cell)).plain


async def test_a_small_garden_is_centred_in_a_wide_panel_and_clicks_still_find_their_cell(tmp_path):
    """At 200×60 the garden kept to the left 75 of about 145 columns."""
    from boardgames_tui.games.pollen.widgets import GardenView

    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(200, 60)) as pilot:
        for _ in range(3):
            await pilot.pause()
        garden = app.screen.query_one(GardenView)
        row = garden.render_line(0).text  # the column numbers, over the whole garden
        drawn = row.strip()
        before, after = len(row) - len(row.lstrip()), len(row) - len(row.rstrip())
        assert drawn and before > 20 and abs(before - after) <= 12
        screen = app.screen
        elsewhere = next(cell for cell in app.match.state.open_cells if cell != screen.ui.cursor)
        region = garden.region_of(elsewhere)
        await pilot.click(GardenView, offset=(region.x + 4, region.y + 2))
        await pilot.pause()
        assert screen.ui.cursor == elsewhere


async def test_the_key_bar_at_120x40_keeps_the_move_key_and_leaves_out_shared_ones(tmp_path):
    """Where the bar is too narrow for every key, "⏎ Plant / place" was the key left out
    for "… ? all keys" (the last keys went first): a screen's own moves stay, the shared
    keys go first, "? Keys" before any (the mark says the same)."""
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PollenScreen)
        bar = screen_text(app).splitlines()[-1]
        # The mark stands apart from the last key (" … ", not "card…").
        assert " … ? all keys" in bar
        assert "⏎ Plant / place" in bar and "] Next card" in bar and "tab Next free cell" in bar
        assert "? Keys" not in bar and "u Undo" in bar


async def test_the_garden_grows_its_cells_with_the_room_at_200x60(tmp_path):
    """At 200×60 the garden kept 9×3 cells in a panel of about 145 columns: where the
    whole garden fits, its cells grow, a name of twenty characters shows whole and the
    tokens name their insects. At 120×40 the cells stay 9×3, the name cut with "…"."""
    name = "Maximiliana Augusta"
    app = pollen_app(tmp_path, [Seat(name=name), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        garden = app.screen.query_one(GardenView)
        assert (garden.cell_width, garden.cell_height) == (21, 4)
        await pilot.press("tab", "enter")
        for _ in range(100):
            await settle(pilot)
            if app.screen.viewer_acts(app.screen.current_view()) and app.match.state.phase == "plant":
                break
            await pilot.pause(0.02)
        drawn = garden_text(garden)
        assert f"▲{name} " in drawn and "<Bee/Butterfly>" in drawn
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert (garden.cell_width, garden.cell_height) == (9, 3)
        drawn = garden_text(garden)
        assert "▲Maximil…" in drawn and name not in drawn and "<BeBu>" in drawn


def garden_text(garden: GardenView) -> str:
    """The garden as drawn, rulers aside (the log beside it names the players too)."""
    return "\n".join(line.plain for line in garden._lines)


async def test_a_grown_garden_at_200x60_keeps_cells_wide_enough_for_a_name(tmp_path):
    """Played at 200×60: late in a game the garden went back to 9×3 cells, names cut
    ("●[red]x[…") while a third of its panel stood empty; the cells keep 11 columns
    where the garden fits across at that width (their height is the 9×3 cells' own)."""
    from tests.ui.finished import finished_match

    final = finished_match("pollen", seats=4, seed=8).state
    left, top, right, bottom = garden_extent(final, set(final.open_cells))
    assert (right - left + 1, bottom - top + 1) == (11, 13)  # wider and taller than (13, 3) cells fit
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        garden = app.screen.query_one(GardenView)
        garden.show(final, open_cells=set(final.open_cells), pending_points=set(), cursor_cell=None, cursor_point=None)
        await settle(pilot)
        assert (garden.cell_width, garden.cell_height) == (11, 3)
        drawn = garden_text(garden)
        assert "Anna Lena" in drawn and "Anna Le…" not in drawn
