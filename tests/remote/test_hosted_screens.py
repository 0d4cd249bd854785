"""A hosted game and a joined game on screen, each app with its own keyboard, in one
event loop over loopback: Ann plays at the host, Ben joins; each screen waits for the
other seat with its name, a move made on one keyboard reaches the other screen, a
watcher is counted on the host's screen, and the host hands Ben's seat to a bot while
he is away and back."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.remote.client import RemoteSeat
from boardgames_tui.remote.table import RemoteTable
from boardgames_tui.ui.join_links import JoinLinksScreen
from boardgames_tui.ui.setup import StartRequest
from tests.ui.conftest import screen_text

ANN, BEN = 0, 1


@pytest.fixture(autouse=True)
def no_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    # As in every screen test (tests/conftest.py): lessons are tested on their own.
    monkeypatch.setenv("BOARDGAMES_TUI_TEACH_AS_I_PLAY", "false")


def status(app: BoardGamesApp) -> str:
    return str(app.screen.query_one("#status")._message)


async def until(pilot, condition, what: str, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never happened: {what}")


async def move(pilot, screen: PollenScreen) -> None:
    """One Pollen move from the keyboard: the first choice offered, taken."""
    await pilot.press("tab", "enter")


async def test_a_hosted_game_and_a_joined_game_each_at_its_own_keyboard(tmp_path):
    start = StartRequest(
        slug="pollen", seats=[Seat(name="Ann"), Seat(name="Ben", kind="remote")], options={"starting_player": 2}, seed=7
    )
    host_app = BoardGamesApp(store=SaveStore(tmp_path / "host"), start=start, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    async with host_app.run_test(size=(80, 24)) as host:
        await until(host, lambda: isinstance(host_app.screen, JoinLinksScreen), "the join links offered")
        link = host_app.remote_host.link(BEN)
        # A warning first; the links at a deliberate key; the game once they are closed.
        assert "Each link lets whoever reads it play that seat" in screen_text(host_app)
        assert link.secret not in screen_text(host_app)
        await host.press("enter")
        assert str(link) in screen_text(host_app).replace("\n", "")
        await host.press("escape")
        await until(host, lambda: isinstance(host_app.screen, PollenScreen), "the game after the links")
        match = host_app.match
        host_screen = host_app.screen
        assert isinstance(host_screen, PollenScreen) and host_screen.viewer == ANN
        # Ben starts, and is not here yet.
        await until(host, lambda: "Ben has not joined yet" in status(host_app), "Ben not joined yet, at the host")

        join_app = BoardGamesApp(store=SaveStore(tmp_path / "ben"), join=link, cursor_blink=False, bot_delay=0)
        async with join_app.run_test(size=(80, 24)) as ben:
            await until(ben, lambda: isinstance(join_app.screen, PollenScreen), "Ben's game screen")
            ben_screen = join_app.screen
            assert isinstance(ben_screen.table, RemoteTable) and ben_screen.viewer == BEN
            assert not ben_screen.keyboard.uses_curtains  # one audience: Ben
            await until(host, lambda: "Ben is thinking" in status(host_app), "Ben thinking at the host")
            # Ann's key while Ben is to act says why not; Ben's move makes that stale.
            await host.press("enter")
            await until(host, lambda: "not yours" in status(host_app), "Ann told it is Ben's turn")

            # Ben's keyboard moves until it is Ann's turn; the host's screen follows.
            while ANN not in match.to_act():
                before = match.moves_made
                await move(ben, ben_screen)
                await until(ben, lambda: match.moves_made > before, "Ben's move reaching the host")
            await until(ben, lambda: "Ann is thinking" in status(join_app), "Ann thinking on Ben's screen")
            await until(host, lambda: host_screen.viewer_acts(host_screen.current_view()), "Ann's turn at the host")
            assert "not yours" not in status(host_app)
            # Ann's keyboard moves; Ben's screen shows the new position.
            while BEN not in match.to_act():
                before = match.moves_made
                await move(host, host_screen)
                await until(host, lambda: match.moves_made > before, "Ann's move")
            await until(ben, lambda: ben_screen.table.moves_made == match.moves_made, "Ann's move on Ben's screen")
            await until(ben, lambda: ben_screen.viewer_acts(ben_screen.current_view()), "Ben's turn again")
            # Ben's screen only ever held Ben's view.
            assert ben_screen.current_view() == match.rules.view(match.state, BEN)
            # A friend watches with the watch link: counted on the host's screen.
            watcher = RemoteSeat(host_app.remote_host.watch_link())
            await watcher.join()
            await until(host, lambda: "1 watching" in screen_text(host_app), "the watcher counted at the host")
            # Later in the game the header is too narrow for the game's name too: the count stays whole.
            later = "Turn 18: 17 cards planted, 35 tokens left · 1 watching"
            assert str(host_app.format_title("Pollen", later)) == later
            assert str(host_app.format_title("Pollen", "Turn 3: 2 cards planted, 42 tokens left")).startswith("Pollen — ")
            await watcher.close()
            await until(host, lambda: "watching" not in screen_text(host_app), "the watcher gone from the count")

        # Ben closed his terminal: the host says so, and hands his seat to a bot.
        await until(host, lambda: "Ben is away" in status(host_app), "Ben away again")
        moves = match.moves_made
        host_app.across.hand_seat(BEN, True)
        await until(host, lambda: ANN in match.to_act() and match.moves_made > moves, "the bot playing Ben's turn")
        host_app.across.hand_seat(BEN, False)
        assert host_app.remote_host.stand_ins == set()


async def test_the_setup_form_offers_a_remote_seat_and_starts_a_hosted_game(tmp_path):
    from textual.widgets import Input, Select

    from boardgames_tui.engine.registry import get_game
    from boardgames_tui.ui.setup import REMOTE, SetupScreen

    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(get_game("pollen")))
        await pilot.pause()
        app.screen.query_one("#kind-2", Select).value = REMOTE
        await pilot.pause()
        app.screen.query_one("#name-2", Input).value = "Ben"
        request = app.screen.collect()
        assert request.seats[1].name == "Ben" and request.seats[1].kind == "remote"
        app.start_match(request)
        await until(pilot, lambda: isinstance(app.screen, JoinLinksScreen), "the join links offered")
        assert app.match.remote_secrets.keys() == {1}
        await pilot.press("enter")
        assert "Ben" in screen_text(app) and str(app.remote_host.link(1)) in screen_text(app)


async def test_a_joined_seats_score_sheet_offers_the_menu_alone(tmp_path):
    """Its host keeps the game: no history here to replay, no game to start again."""
    from boardgames_tui.remote.host import RemoteHost
    from boardgames_tui.ui.menu import MenuScreen
    from boardgames_tui.ui.scoresheet import ScoreSheetScreen
    from tests.remote.seats import finished_hosted_match

    host = RemoteHost(finished_hosted_match("pollen", remote=[BEN]))
    await host.start()
    app = BoardGamesApp(store=SaveStore(tmp_path), join=host.link(BEN), cursor_blink=False, bot_delay=0)
    try:
        async with app.run_test(size=(80, 24)) as ben:
            await until(ben, lambda: isinstance(app.screen, ScoreSheetScreen) and "Winner" in screen_text(app), "the score sheet")
            offered = {active.binding.action for active in app.screen.active_bindings.values() if active.enabled}
            assert offered.isdisjoint({"again", "final_boards"}) and "menu" in offered
            assert "Play again" not in screen_text(app)
            await ben.press("b", "p")
            assert isinstance(app.screen, ScoreSheetScreen)
            await ben.press("m")
            await until(ben, lambda: isinstance(app.screen, MenuScreen), "the menu")
    finally:
        await host.stop()
