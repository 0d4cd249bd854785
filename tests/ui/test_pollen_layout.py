"""Pollen's table at every size: readable at each step, the inspector, the cursor's edges, resizing."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.pollen.catalogue import garden_card_entry
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.games.pollen.widgets import RULER_COLUMNS, RULER_ROWS, GardenView, HandPanel
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen

from .conftest import screen_text
from .layout import assert_readable
from .test_pollen_screen import pollen_app
from .settling import settle

SIZES = [(80, 24), (120, 40), (200, 60)]


async def take_turn_by_keys(pilot) -> None:
    """One step of the game as a player would: through the curtain, then a card or a token."""
    screen = pilot.app.screen
    if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
        await pilot.press("enter")
    elif isinstance(screen, PollenScreen):
        if pilot.app.match.state.phase == "assign":
            await pilot.press("2" if len(pilot.app.match.state.pending_tokens) > 1 else "1", "right", "enter")
        else:
            await pilot.press("]", "tab", "enter")
    await settle(pilot)


async def check_readable(pilot) -> None:
    """The game screen in view passes the readability check, and every fifth move the
    inspector's panel too."""
    screen = pilot.app.screen
    if isinstance(screen, PollenScreen) and screen.viewer is not None:
        assert_readable(screen)
        if len(pilot.app.match.moves) % 5 == 0:
            await pilot.press("i")
            await settle(pilot)
            assert screen.query_one(InspectorPanel).is_open
            assert_readable(screen)
            await pilot.press("i")


# At 80×24 the first 40 steps of test_a_whole_game_by_keys_at_80x24 are checked the same way.
@pytest.mark.long(seconds=15)
@pytest.mark.parametrize("size", SIZES[1:], ids=[f"{w}x{h}" for w, h in SIZES[1:]])
async def test_every_step_is_readable(tmp_path, size):
    """Two humans play by keys; every game screen they see passes the readability check,
    the inspector's panel too."""
    app = pollen_app(tmp_path, [Seat(name="Annabelle"), Seat(name="Ben")], seed=11)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(16):
            await check_readable(pilot)
            await take_turn_by_keys(pilot)
        assert len(app.match.state.garden) >= 6


@pytest.mark.long(seconds=35)
async def test_a_whole_game_by_keys_at_80x24(tmp_path):
    """Every action is reachable at the smallest size: two humans reach the score sheet,
    and the first 40 steps are readable (the inspector's panel too)."""
    app = pollen_app(tmp_path, [Seat(name="Annabelle"), Seat(name="Ben")], seed=4)  # a long name to fit
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for step in range(500):
            if isinstance(app.screen, ScoreSheetScreen):
                break
            if step < 40:
                await check_readable(pilot)
            await take_turn_by_keys(pilot)
        else:
            raise AssertionError("the game did not reach the score sheet")
        assert app.match.is_over()
        assert "Decided by" in screen_text(app)


async def play_to_my_turn(pilot) -> PollenScreen:
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PollenScreen)
    for _ in range(300):
        await pilot.pause(0.01)
        if screen.viewer_acts(screen.current_view()) and pilot.app.match.state.phase == "plant":
            break
    return screen


async def test_the_inspector_shows_the_cell_and_the_selected_card_and_closes_on_pass(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ann at the keyboard
        screen = await play_to_my_turn(pilot)
        await pilot.press("tab", "enter")  # Ann plants; Ben's curtain
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        planted = app.match.state.garden[0]
        # Walk onto Ann's card: the inspector names its owner, kind and the token on its corner.
        dx, dy = planted.x - screen.ui.cursor[0], planted.y - screen.ui.cursor[1]
        await pilot.press(*(["right" if dx > 0 else "left"] * abs(dx) + ["down" if dy > 0 else "up"] * abs(dy)))
        await pilot.press("2", "i")
        await settle(pilot)
        entry = screen.inspect_target()
        assert entry.title == f"Cell ({planted.x}, {planted.y})"
        text = "\n".join(entry.lines)
        assert text.startswith("Ann's ")
        assert "corner: a " in text and "icons around it:" in text
        selected = screen.ui.selected
        assert selected in app.match.state.players[1].hand
        assert "Selected in your hand:" in text
        assert screen.query_one(InspectorPanel).is_open
        shown = screen_text(app)
        assert f"Cell ({planted.x}, {planted.y})" in shown
        # Ben plants: the keyboard passes and the panel is gone.
        await pilot.press("tab", "enter")
        await settle(pilot)
        while app.match.state.phase == "assign":
            # Each token placed on purpose: picked by its number, then Enter.
            await pilot.press("1", "enter")
            await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert not screen.query_one(InspectorPanel).is_open


async def test_the_cursor_stops_one_ring_beyond_the_cards(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_my_turn(pilot)
        # On the first turn the cursor keeps to the four cells around the first token.
        assert screen.cursor_bounds(screen.current_view()) == (-1, -1, 0, 0)
        await pilot.press(*["up"] * 6, *["left"] * 6)
        await settle(pilot)
        assert screen.ui.cursor == (-1, -1)
        assert "The garden ends here" in screen_text(app)
        await pilot.press("tab", "enter")
        screen = await play_to_my_turn(pilot)
        view = screen.current_view()
        left, top, right, bottom = screen.cursor_bounds(view)
        xs = [planted.x for planted in view.garden]
        ys = [planted.y for planted in view.garden]
        assert (left, top, right, bottom) == (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
        await pilot.press(*["right"] * 12, *["down"] * 12)
        await settle(pilot)
        assert screen.ui.cursor == (right, bottom)
        # The garden draws that corner, and the rulers number its column and row.
        garden = screen.query_one(GardenView)
        g_left, g_top, g_right, g_bottom = garden.extent
        assert g_left <= left and right <= g_right and g_top <= top and bottom <= g_bottom
        region = garden.region_of(screen.ui.cursor)
        scroll_x, scroll_y = garden.scroll_offset
        assert region.x - scroll_x >= RULER_COLUMNS and region.right - scroll_x <= garden.size.width
        assert region.y - scroll_y >= RULER_ROWS and region.bottom - scroll_y <= garden.size.height
        ruler = "".join(segment.text for segment in garden.render_line(0))
        assert f" {right} " in ruler


async def test_resizing_redraws_the_hand_and_the_garden_at_once(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await play_to_my_turn(pilot)
        hand = screen.query_one(HandPanel)
        assert hand.size.height == 1  # five cards on one line
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert hand.size.height == 2  # the fifth card moved down, whole
        assert_readable(screen)
        garden = screen.query_one(GardenView)
        assert garden.size.width == 80 - 34 - 2
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert hand.size.height == 1
        assert_readable(screen)


async def test_hovering_a_cell_or_a_hand_card_shows_its_full_text(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play_to_my_turn(pilot)
        garden = screen.query_one(GardenView)
        region = garden.region_of(screen.ui.cursor)
        scroll_x, scroll_y = garden.scroll_offset
        await pilot.hover("#pl-garden", offset=(region.x - scroll_x + 5, region.y - scroll_y + 2))
        await settle(pilot)
        assert str(garden.tooltip).startswith(f"Cell ({screen.ui.cursor[0]}, {screen.ui.cursor[1]})")
        # The rulers are no cell: no tooltip there.
        await pilot.hover("#pl-garden", offset=(2, 1))  # inside the border, on the rulers' corner
        await settle(pilot)
        assert garden.tooltip is None
        hand = screen.query_one(HandPanel)
        await pilot.hover("#pl-hand", offset=(3, 1))
        await settle(pilot)
        first = app.match.state.players[0].hand[0]
        assert str(hand.tooltip).startswith(garden_card_entry(first).title)
