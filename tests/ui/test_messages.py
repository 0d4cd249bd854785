"""Hints and refusals are never lost: the status bar wraps, and a message too long
even for that shows its start and, on F3, the whole of it."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.widgets import MessageBar

from .conftest import screen_text
from .layout import assert_readable
from .settling import settle
from .test_legend import game_app, play_and_collect

REFUSAL = (
    "No action allows that: plant up to 3 sprouts, grow 2 plants, or plant 1 and grow 1, "
    "all in the Snow biome; or take a single step anywhere."
)


class BarApp(App):
    CSS = "#status { height: auto; max-height: 5; padding: 0 1; dock: bottom; }"

    def compose(self) -> ComposeResult:
        yield MessageBar("", id="status")


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("width", [80, 120])
async def test_a_long_refusal_wraps_onto_as_many_lines_as_it_needs(width):
    app = BarApp()
    async with app.run_test(size=(width, 24)) as pilot:
        bar = app.query_one(MessageBar)
        bar.show_text(Text("Choose a card."))
        await pilot.pause()
        assert bar.size.height == 1
        bar.show_text(Text(REFUSAL, style="bold red"))
        await pilot.pause()
        assert bar.size.height == len(Text(REFUSAL).wrap(app.console, width - 2)) > 1
        assert flat(REFUSAL) in flat(screen_text(app))
        # Back to a short prompt, back to one line.
        bar.show_text("Choose a card.")
        await pilot.pause()
        assert bar.size.height == 1


async def test_a_message_longer_than_the_bar_shows_its_start_and_f3_the_rest():
    app = BarApp()
    message = " ".join([REFUSAL] * 5)
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(MessageBar)
        bar.show_text(Text(message))
        await pilot.pause()
        # Cut to the bar's three lines at 24 rows, the last of them saying how to read
        # the rest; nothing covers the screen (it used to be a ten-second notification).
        assert bar.size.height == 3 and bar.is_cut
        shown = flat(screen_text(app))
        assert "F3: the whole message" in shown
        assert flat(message) not in shown and flat(message)[:120] in shown
        assert not list(app._notifications)
        bar.toggle_whole()
        await pilot.pause()
        assert bar.expanded and not bar.is_cut
        assert 3 < bar.size.height <= 12
        assert flat(message) in flat(screen_text(app))
        bar.toggle_whole()
        await pilot.pause()
        assert bar.size.height == 3 and bar.is_cut
        # The next message (a move, a curtain's "Waiting for…") shrinks it again.
        bar.toggle_whole()
        bar.show_text("Waiting for Ben.")
        await pilot.pause()
        assert bar.size.height == 1 and not bar.expanded and not bar.is_cut


async def test_a_cut_message_is_fitted_again_when_the_window_widens():
    app = BarApp()
    message = " ".join([REFUSAL] * 3)
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(MessageBar)
        bar.show_text(Text(message))
        await pilot.pause()
        assert bar.is_cut
        await pilot.resize_terminal(200, 24)
        await pilot.pause()
        assert not bar.is_cut
        assert flat(message) in flat(screen_text(app))


async def test_f3_on_a_game_screen_shows_a_long_hint_whole_and_changes_nothing(tmp_path):
    app = game_app(tmp_path, "everbloom")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_and_collect(app, pilot, moves=0)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # Nothing is cut: F3 is not offered.
        assert not screen.check_action("whole_message", ())
        long_message = " ".join([REFUSAL] * 3)
        screen.say(long_message)
        await pilot.pause()
        assert screen.check_action("whole_message", ())
        before = app.match.state.model_dump()
        assert flat(long_message) not in flat(screen_text(app))
        await pilot.press("f3")
        await pilot.pause()
        assert flat(long_message) in flat(screen_text(app))
        assert app.match.state.model_dump() == before
        await pilot.press("f3")
        await pilot.pause()
        assert flat(long_message) not in flat(screen_text(app))


async def test_a_screen_being_taken_down_offers_no_f3_and_does_not_crash(tmp_path):
    """Found on a slow machine: leaving a game, the footer asked the screen which keys
    to show after its status bar was already removed, and the app closed with an
    internal error."""
    app = game_app(tmp_path, "bloom-kingdom")
    async with app.run_test(size=(120, 40)) as pilot:
        await play_and_collect(app, pilot, moves=0)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await screen.query_one("#status", MessageBar).remove()
        assert screen.check_action("whole_message", ()) is False
        assert screen.active_bindings


async def test_a_refusal_on_a_game_screen_is_read_whole(tmp_path):
    app = game_app(tmp_path, "bloom-kingdom")
    async with app.run_test(size=(120, 40)) as pilot:
        await play_and_collect(app, pilot, moves=0)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.say(REFUSAL, error=True)
        await pilot.pause()
        assert flat(REFUSAL) in flat(screen_text(app))
        assert screen.query_one("#status").size.height == 2


@pytest.mark.parametrize("slug", ["bloom-kingdom", "pollen", "evergreen", "everbloom"])
async def test_a_key_bound_to_nothing_says_so_and_changes_nothing(tmp_path, slug):
    app = game_app(tmp_path, slug, seats=2)
    app.bot_delay = 30  # the bot waits: nothing moves while the key is pressed
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = app.match.state.model_dump()
        await pilot.press("x")
        await pilot.pause()
        message = screen.ui.message.plain if screen.ui.message is not None else ""
        assert message.startswith("The key x does nothing") or (slug == "everbloom" and message), message
        assert app.match.state.model_dump() == before


@pytest.mark.parametrize("slug", ["bloom-kingdom", "pollen", "evergreen", "everbloom"])
async def test_a_long_message_at_80x24_leaves_every_panel_whole(tmp_path, slug):
    """The status bar grows to its cap under a long hint; the panels above it give
    way as they were built to (they scroll), and none is pushed off the screen."""
    app = game_app(tmp_path, slug, seats=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_and_collect(app, pilot, moves=0)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.say(" ".join([REFUSAL] * 4))
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(MessageBar).is_cut
        assert_readable(screen)


async def test_a_prompt_that_follows_the_cursor_never_makes_the_bar_shorter():
    """Only the next move or message fits the bar exactly again: a prompt naming the
    space under the cursor must not lay the whole screen out at every other arrow.
    Each step waits until the frame is drawn (one pause was not always enough: a fresh
    clone's CI found the short prompt not yet on screen)."""
    app = BarApp()
    # Evergreen's prompts at 120 columns, on two spaces of the planet.
    head = "Ann: plan your power uses and action, then finish · arrows move "
    long_prompt = Text(head + "(E4: p: plant a sprout, o: use your power) · d: done · v: other planets")
    short_prompt = Text(head + "(D4: nothing here) · d: done · v: other planets")
    async with app.run_test(size=(120, 24)) as pilot:
        bar = app.query_one(MessageBar)
        bar.show_text(long_prompt, follows_cursor=True)
        await settle(pilot)
        assert bar.size.height == 2
        bar.show_text(short_prompt, follows_cursor=True, cursor_only=True)
        await settle(pilot)
        assert bar.size.height == 2 and flat(short_prompt.plain) in flat(screen_text(app))
        # A move (not only the cursor) fits it exactly.
        bar.show_text(short_prompt.copy().append(" "), follows_cursor=True)
        await settle(pilot)
        assert bar.size.height == 1
        # A refusal's height is never held by the prompt that follows the cursor after it.
        bar.show_text(Text(REFUSAL, style="bold red"))
        await settle(pilot)
        assert bar.size.height == 2
        bar.show_text(short_prompt, follows_cursor=True, cursor_only=True)
        await settle(pilot)
        assert bar.size.height == 1


@pytest.mark.parametrize(
    ("slug", "size", "board"),
    [("evergreen", (120, 40), "#eg-planet"), ("pollen", (80, 24), "#pl-garden"), ("pollen", (120, 40), "#pl-garden")],
)
async def test_walking_the_cursor_over_the_board_leaves_the_board_where_it_is(tmp_path, slug, size, board):
    """Evergreen's prompt names the space under the cursor, and Pollen says why a cell
    takes no card: either took one line or two, and the board jumped a row."""
    app = game_app(tmp_path, slug, seats=2)
    async with app.run_test(size=size) as pilot:
        for _ in range(10):
            if slug != "evergreen" or app.match.state.phase == "actions":
                break
            await play_and_collect(app, pilot, moves=1)
        await play_and_collect(app, pilot, moves=0)
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.match.to_act() and screen.viewer in app.match.to_act()
        places = set()
        heights = []
        for key in ["right", "down", "left", "up"] * 3:
            await pilot.press(key)
            await pilot.pause()
            places.add(screen.query_one(board).region)
            heights.append(screen.query_one("#status").size.height)
        # The bar may grow once, for the longest text; it never shrinks back under the cursor.
        assert heights == sorted(heights) and len(set(heights)) <= 2, heights
        assert len(places) <= 2
