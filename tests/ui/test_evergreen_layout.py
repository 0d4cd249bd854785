"""Evergreen's screen at every size: readable at each step, cursors that stop, the inspector, resizing."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.evergreen.catalogue import card_entry
from boardgames_tui.games.evergreen.rules import SIZE, space_name
from boardgames_tui.games.evergreen.screen import EvergreenScreen
from boardgames_tui.games.evergreen.widgets import PlanetView
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.inspector import InspectorPanel

from .conftest import screen_text
from .layout import assert_readable
from .test_evergreen_screen import draft_to_the_action_phase, evergreen_app, plant

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40"), pytest.param((200, 60), id="200x60")]


# At 120×40 the same game (two humans, the same seed) is test_evergreen_screen's
# test_two_humans_play_a_whole_season_with_keys, which checks every step there.
@pytest.mark.parametrize("size", [SIZES[0], SIZES[2]])
async def test_a_round_by_keys_reads_whole_at_every_step(tmp_path, size):
    """Two humans draft, plan (a sprout each, the compact panels cycled) and reveal, by keys only."""
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(80):
            state = app.match.state
            if state.round >= 2:
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
            elif isinstance(screen, EvergreenScreen):
                assert_readable(screen)
                if state.phase in ("draft", "wild"):
                    await pilot.press("right", "enter")
                else:
                    player = state.players[screen.viewer]
                    if player.plan is None or not player.plan.plants:
                        for _ in range(4):
                            await pilot.press("t")
                            assert_readable(screen)
                        await plant(app, pilot, "left")
                    else:
                        await pilot.press("d")
            elif isinstance(screen, ConfirmScreen):  # finishing with a power use left asks first
                await pilot.press("y")
            else:  # an announcement between the round's steps
                await pilot.press("enter")
            await pilot.pause()
        else:
            raise AssertionError("the round did not end")
        assert all(player.board.count("s") == 1 for player in app.match.state.players)


async def test_the_planet_cursor_stops_at_every_edge(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(80, 24)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        screen = app.screen
        await pilot.press(*["up"] * (SIZE + 2), *["left"] * (SIZE + 2))
        await pilot.pause()
        assert screen.ui.cursor_space == 0
        assert "A1 is on the planet's left edge" in screen_text(app)
        await pilot.press(*["down"] * (SIZE + 2), *["right"] * (SIZE + 2))
        await pilot.pause()
        assert screen.ui.cursor_space == SIZE * SIZE - 1
        assert f"{space_name(SIZE * SIZE - 1)} is on the planet's right edge" in screen_text(app)


async def test_the_draft_cursor_stops_at_the_row_ends(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("left")
        await pilot.pause()
        assert screen.ui.choice == 0 and "first choice" in screen_text(app)
        row = len(app.match.state.row)
        await pilot.press(*["right"] * (row + 2))
        await pilot.pause()
        assert screen.ui.choice == row - 1 and "last choice" in screen_text(app)


async def test_the_inspector_shows_the_highlighted_card_whole_and_closes_on_a_pass(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann's curtain
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "i")
        await pilot.pause()
        panel = screen.query_one(InspectorPanel)
        assert panel.is_open
        highlighted = screen._choices(screen.current_view())[screen.ui.choice].card
        entry = card_entry(highlighted)
        # The screenshot's text drops spaces between styled spans and wraps lines: compare without them.
        shown = "".join(screen_text(app).split())
        for line in (entry.title, *entry.lines):
            for word in line.split():
                assert word in shown
        await pilot.press("enter")  # Ann takes the card: the keyboard passes to Ben
        await pilot.pause()
        assert not panel.is_open


async def test_the_inspector_describes_the_cursors_space(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        await plant(app, pilot, "left")
        await pilot.press("i")
        await pilot.pause()
        assert app.screen.query_one(InspectorPanel).is_open
        text = "".join(screen_text(app).split())
        assert "C3·Swamp" in text and "Piece:Sprout." in text, text  # the plan opened on D3, beside the central ravine
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query_one(InspectorPanel).is_open


async def test_resizing_redraws_the_planet_for_the_new_size(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(200, 60)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        screen = app.screen
        assert screen.has_class("-eg-large") and "Swamp" in screen_text(app)
        for size, layout in (((80, 24), "compact"), ((120, 40), "normal"), ((80, 24), "compact")):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert screen.has_class(f"-eg-{layout}") and screen.query_one(PlanetView).cell_size == layout
            assert_readable(screen)
        # The compact planet's rows are two lines: every space is drawn at once, in the new size.
        assert "G7" in screen_text(app)


async def test_each_seat_keeps_its_own_side_panel(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann's curtain
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        assert screen.ui.panel == "fertility" and screen.has_class("-eg-show-fertility")
        seat = screen.viewer
        screen.show_to(1 - seat)  # the other seat at the keyboard: its own (fresh) panel
        await pilot.pause()
        assert screen.ui.panel == "choices" and screen.has_class("-eg-show-choices")
        assert not screen.has_class("-eg-show-fertility")
        screen.show_to(seat)  # and back: the panel this seat chose
        await pilot.pause()
        assert screen.ui.panel == "fertility" and screen.has_class("-eg-show-fertility")


async def test_hovering_a_space_gives_its_full_text_as_a_tooltip(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(80, 24)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        await plant(app, pilot, "left")  # a sprout on C3: the plan opened on D3, beside the central ravine
        row = app.screen.query(".eg-row")[2]
        # The compact layout: two columns of sun margin, then six columns a space.
        await pilot.hover(row, offset=(2 + 2 * 6 + 1, 0))
        await pilot.pause()
        assert str(row.tooltip).startswith("C3 · Swamp") and "Piece: Sprout." in str(row.tooltip)
        tracks = app.screen.query_one("#eg-tracks")
        assert "Plant a Sprout (Sprout)" in str(tracks.tooltip)


@pytest.mark.parametrize("size", SIZES)
async def test_four_seats_read_whole_in_the_draft_and_the_plan(tmp_path, size):
    seats = [Seat(name="Ann")] + [Seat(name=f"Bot {number}", kind="bot") for number in (2, 3, 4)]
    app = evergreen_app(tmp_path, seats)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert_readable(app.screen)
        await draft_to_the_action_phase(app, pilot)
        await plant(app, pilot, "left")
        assert_readable(app.screen)
        for _ in range(4):
            await pilot.press("t")
            await pilot.pause()
            assert_readable(app.screen)


async def test_the_inspector_on_a_draft_choice_names_the_card_by_its_number_sign(tmp_path):
    """Found playing at 80×24: on the row's first choice ("▶1 Wheat · Small to Big Tree")
    the inspector was titled "Card 2: Wheat · …", as if it showed the second choice.  The
    card's number in the Components tab reads "#2", apart from the row's choice numbers."""
    import re

    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann's curtain
        await pilot.pause()
        screen = app.screen
        await pilot.press("i")
        await pilot.pause()
        card = screen._choices(screen.current_view())[screen.ui.choice].card
        text = str(screen.query_one(InspectorPanel).query_one("#inspector-text").render())
        assert f"Card #{card}: " in text
        assert not re.search(r"Card \d", text)


async def test_a_plan_opens_with_the_cursor_where_a_step_can_be_taken(tmp_path):
    """Every planet's centre is a ravine: the first plan used to open there, on "no step
    here".  It opens on the nearest space with a step, and the cursor then goes only where
    the player moves it, ravine or not."""
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], modules="none")
    async with app.run_test(size=(80, 24)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        screen = app.screen
        centre = SIZE * (SIZE // 2) + SIZE // 2
        assert app.match.state.players[0].board[centre] == "#"
        playable = {action.space for action in screen.viewer_legal_actions() if getattr(action, "space", None) is not None}
        assert screen.ui.cursor_space in playable
        row, column = divmod(screen.ui.cursor_space, SIZE)
        assert abs(row - SIZE // 2) + abs(column - SIZE // 2) == 1
        assert "no step here" not in screen_text(app)
        # Walked back onto the ravine by the player, the cursor stays there.
        towards_centre = {-1: "down", 1: "up"}.get(row - SIZE // 2) or {-1: "right", 1: "left"}[column - SIZE // 2]
        await pilot.press(towards_centre)
        await pilot.pause()
        assert screen.ui.cursor_space == centre
        assert "no step here" in screen_text(app)
