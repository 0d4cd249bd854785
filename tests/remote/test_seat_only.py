"""A browser seat's app (`join --seat-only`) runs on the host's machine: it shows no menu
(which would open the host's saves), says why it could not join, and ends when its
game is left."""

from __future__ import annotations

import socket

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.wire import JoinLink
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.seat_only import SeatOnlyScreen
from tests.remote.seats import BOT_PACE, hosted_match
from tests.remote.test_hosted_screens import until
from tests.ui.conftest import screen_text
from tests.ui.settling import settle


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_a_seat_only_app_that_cannot_join_says_why_and_shows_no_menu(tmp_path):
    link = JoinLink(host="127.0.0.1", port=closed_port(), seat=1, secret="s" * 32)
    app = BoardGamesApp(store=SaveStore(tmp_path), join=link, seat_only=True, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Could not join" in screen_text(app), "the reason shown")
        assert isinstance(app.screen, SeatOnlyScreen)
        assert not any(isinstance(screen, MenuScreen) for screen in app.screen_stack)
        assert "Continue" not in screen_text(app)


async def test_a_seat_only_app_ends_when_its_game_is_left(tmp_path):
    host = RemoteHost(hosted_match("pollen", remote=[1], players=2), rate=BOT_PACE)
    await host.start()
    try:
        app = BoardGamesApp(store=SaveStore(tmp_path), join=host.link(1), seat_only=True, cursor_blink=False, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, PollenScreen), "the seat's game screen")
            assert not any(isinstance(screen, MenuScreen) for screen in app.screen_stack)
            # Left once it is on screen, as a person would: closing the app while its
            # header is still being mounted trips Textual's own header.
            await settle(pilot)
            app.screen.action_save_quit()
            await until(pilot, lambda: app._exit_renderables is not None and not app.is_running, "the app ended", 5)
    finally:
        await host.stop()
