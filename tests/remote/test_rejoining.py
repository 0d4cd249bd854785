"""A joined seat comes back by itself: its host restarts, or pauses the table and resumes
it, and the joined screen counts down to each try and is back at its seat without a key.
From the menu, Join a table takes a pasted link (never shown) and rejoins a table joined
before with one key; a joined seat's q leaves the table, saving nothing."""

from __future__ import annotations

import stat

import pytest
from textual.widgets import Input, OptionList

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.saves import SaveStore, load_match
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.remote import client
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.remembered import REMEMBERED_FILE
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.join_table import JoinTableScreen
from boardgames_tui.ui.menu import MenuScreen
from tests.remote.seats import BOT_PACE, hosted_match
from tests.remote.test_hosted_screens import status, until
from tests.ui.conftest import screen_text

BEN = 1
SECONDS = 10


@pytest.fixture(autouse=True)
def no_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDGAMES_TUI_TEACH_AS_I_PLAY", "false")


async def restarted(host: RemoteHost) -> RemoteHost:
    """The host's game resumed from its save by a new host on the same port."""
    match = load_match(host.match.save_path)
    match.store = host.match.store
    again = RemoteHost(match, rate=BOT_PACE)
    await again.start(host.port)
    return again


async def test_a_joined_screen_counts_down_and_is_back_by_itself_when_its_host_restarts(tmp_path, monkeypatch):
    # Half-second waits: each try comes within the first second the countdown shows.
    monkeypatch.setattr(client, "REJOIN_DELAYS", (0.5,))
    host = RemoteHost(hosted_match("pollen", remote=[BEN], players=2, store=SaveStore(tmp_path / "host")), rate=BOT_PACE)
    await host.start()
    app = BoardGamesApp(store=SaveStore(tmp_path / "ben"), join=host.link(BEN), cursor_blink=False, bot_delay=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, PollenScreen), "Ben's game screen", SECONDS)
            screen = app.screen

            # The host's terminal closes without a word: the connection drops, then the port.
            await host.connections[BEN].socket.close()
            await until(pilot, lambda: BEN not in host.connections, "Ben's connection dropped")
            await host.stop()
            await until(pilot, lambda: "Connection lost — trying again in 1 s (Ctrl+Q quits)" in status(app), "the countdown")
            host = await restarted(host)
            await until(pilot, lambda: host.connections.get(BEN) is not None, "Ben back at the host, by himself", SECONDS)
            await until(pilot, lambda: "Connection lost" not in status(app), "the countdown gone")
            assert app.screen is screen  # the same screen, at the same seat, and it plays on
            await until(pilot, lambda: BEN in host.match.to_act(), "Ben's turn", SECONDS)
            await until(pilot, lambda: screen.viewer_acts(screen.current_view()), "Ben's turn on his screen", SECONDS)
            moves = host.match.moves_made
            await pilot.press("tab", "enter")
            await until(pilot, lambda: host.match.moves_made > moves, "Ben's move taken by the restarted host", SECONDS)

            # The host pauses the table (Save & quit): said as such, and tried again quietly.
            await host.stop()
            await until(pilot, lambda: "The host has paused the table" in status(app), "the pause said")
            assert "trying again in" not in status(app)
            host = await restarted(host)
            await until(pilot, lambda: "paused" not in status(app) and app.screen.table.remote.lost is None, "back after the pause", SECONDS)
    finally:
        await host.stop()


async def test_join_a_table_from_the_menu_then_leave_it_and_rejoin_with_one_key(tmp_path):
    host = RemoteHost(hosted_match("pollen", remote=[BEN], players=2), rate=BOT_PACE)
    await host.start()
    link = host.link(BEN)
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = menu.get_option_index("join")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, JoinTableScreen), "the Join a table screen")
            assert "None yet" in screen_text(app)
            field = app.screen.query_one("#join-link", Input)
            field.value = "http://127.0.0.1/seat/2"
            await pilot.press("enter")
            await until(pilot, lambda: "That is not a join link" in screen_text(app), "a wrong link said")
            field.value = f"'{link}'"  # pasted with the quotes of a command line
            await pilot.pause()
            assert link.secret not in screen_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PollenScreen), "Ben's game screen", SECONDS)
            await until(pilot, lambda: host.connections.get(BEN) is not None, "Ben at the host")

            # q leaves the table; nothing is saved here, and the seat waits at the host.
            assert app.screen.active_bindings["q"].binding.description == "Leave the table"
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            question = str(app.screen.question)
            assert question.startswith("Leave the table? Your seat waits for you; the link rejoins") and "Save" not in question
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen) and BEN in host.away(), "Ben gone to the menu")
            assert not list(app.store.directory.glob("*"))

            # The table joined before is listed (its link kept for its owner alone) and
            # rejoined with one key.
            remembered = tmp_path / REMEMBERED_FILE
            assert stat.S_IMODE(remembered.stat().st_mode) == 0o600 and link.secret in remembered.read_text()
            menu.highlighted = menu.get_option_index("join")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, JoinTableScreen), "the Join a table screen again")
            await until(pilot, lambda: "Pollen as Ben · with Ann" in screen_text(app) and "open now" in screen_text(app), "the table listed")
            assert link.secret not in screen_text(app)
            await pilot.press("tab", "enter")
            await until(pilot, lambda: isinstance(app.screen, PollenScreen) and BEN not in host.away(), "Ben back", SECONDS)
    finally:
        await host.stop()


def test_the_remembered_tables_are_the_latest_joined_and_a_damaged_file_is_no_refusal(tmp_path):
    from boardgames_tui.remote.remembered import KEPT_TABLES, RememberedTables
    from boardgames_tui.remote.wire import JoinLink

    tables = RememberedTables(tmp_path)
    links = [JoinLink(host="127.0.0.1", port=8470 + number, seat=1, secret="s" * 32) for number in range(KEPT_TABLES + 2)]
    for link in links:
        tables.remember(link, "Pollen", "Ben\x1b[2J", ["Ann", "Ben\x1b[2J"])
    tables.remember(links[3], "Pollen", "Ben", ["Ann", "Ben"])  # joined again: first once more
    kept = tables.tables()
    assert len(kept) == KEPT_TABLES and kept[0].join_link == links[3] and kept[1].join_link == links[-1]
    assert kept[1].seat_name == "Ben[2J" and kept[1].where == f"127.0.0.1:{links[-1].port}"
    tables.forget(links[3])
    assert links[3] not in [table.join_link for table in tables.tables()]
    tables.path.write_text('{"tables": [{"link": "http://127.0.0.1:1/seat/2"}]}')
    assert tables.tables() == []
