"""A watch link shows the table's public view, live, to as many as the host has room
for: each move reaches every watcher, the host counts them, whatever a watcher sends is
refused and changes nothing, and the watch link's secret opens no seat."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.connection_budget import ConnectionBudget
from boardgames_tui.engine.contract import SPECTATOR
from boardgames_tui.engine.saves import SaveStore, load_match
from boardgames_tui.remote.client import WATCH_LINK_GONE, JoinRefused, RemoteSeat, TableUnavailable
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.wire import PROTOCOL_VERSION, JoinLink
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.join_links import JoinLinksScreen
from tests.remote.seats import hosted_match
from tests.remote.test_pausing_the_table import hosting_app, told
from tests.remote.test_hosted_screens import status
from tests.remote.test_hosted_screens import until as shown

# `table`: the hostile clients' fixture, Pollen for two remote seats.
from tests.remote.test_hostile_clients import a_legal_act, connect, hello, joined, refusal, snapshot, table  # noqa: F401
from tests.ui.conftest import screen_text


def watch_hello(host: RemoteHost, secret: str | None = None) -> str:
    return json.dumps({"type": "watch", "version": PROTOCOL_VERSION, "secret": secret or host.match.watch_secret})


async def watching(host: RemoteHost) -> RemoteSeat:
    watcher = RemoteSeat(host.watch_link())
    await watcher.join()
    return watcher


async def until(condition, what: str) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


async def test_a_watcher_sees_each_move_as_it_is_made_and_only_the_public_view():
    """Bloom Kingdom, both seats remote: hands are secret, the table sees the rest."""
    host = RemoteHost(hosted_match("bloom-kingdom", remote=[0, 1], players=2))
    await host.start()
    watcher = await watching(host)
    try:
        match, rules = host.match, host.rules
        assert watcher.seat == SPECTATOR and watcher.update.moves_made == 0
        for _ in range(4):
            seat = match.to_act()[0]
            host.submit(seat, rules.legal_actions(match.state, seat)[0])
            await until(lambda: watcher.update.moves_made == len(match.moves), "the move reaching the watcher")
            # The public view, log and all: no hand, none of a seat's own log lines.
            assert watcher.view.model_dump() == rules.view(match.state, SPECTATOR).model_dump()
            assert watcher.view.model_dump() != rules.view(match.state, seat).model_dump()
    finally:
        await watcher.close()
        await host.stop()


async def test_whatever_a_watcher_sends_is_refused_and_changes_nothing(table):  # noqa: F811
    host, session = table
    socket = await connect(host, session)
    await socket.send_str(watch_hello(host))
    assert (await socket.receive_json())["seat"] == SPECTATOR
    assert (await socket.receive_json())["type"] == "view"
    before = snapshot(host)
    mover = host.rules.to_act(host.match.state)[0]
    undo = json.dumps({"type": "undo", "seat": mover, "revision": host.revision})
    for message, reason in [
        (a_legal_act(host, mover), "You are watching this table"),
        (undo, "You are watching this table"),
        (hello(host, mover), "already watching"),
        ("not json", "not JSON"),
    ]:
        await socket.send_str(message)
        assert reason in await refusal(socket)
    assert snapshot(host) == before and not host.connections
    # The seat itself still plays.
    seat = await joined(host, session, mover)
    await seat.send_str(a_legal_act(host, mover))
    await until(lambda: len(host.match.moves) == 1, "the seat's own move")


async def test_the_host_counts_its_watchers_and_has_room_for_as_many_as_its_budget_leaves():
    budget = ConnectionBudget(max_connections=40, max_waiting=4)
    assert budget.spectator_room == 40 - 4 - 32
    host = RemoteHost(hosted_match("pollen", remote=[0, 1], players=2), budget=budget)
    await host.start()
    watchers: list[RemoteSeat] = []
    try:
        heard: list[int] = []
        host.match.watch(lambda: heard.append(host.match.watching()))
        for _ in range(budget.spectator_room):
            watchers.append(await watching(host))
        assert host.match.watching() == 4 and heard[-1] == 4
        with pytest.raises(JoinRefused, match="as many watching as it can take"):
            await watching(host)
        await watchers.pop().close()
        await until(lambda: host.match.watching() == 3, "a watcher leaving counted")
    finally:
        for watcher in watchers:
            await watcher.close()
        await host.stop()


@pytest.mark.parametrize("as_what", ["a seat's hello", "a joined seat", "a browser seat"])
async def test_the_watch_links_secret_opens_no_seat(table, as_what: str):  # noqa: F811
    host, session = table
    secret = host.match.watch_secret
    before = snapshot(host)
    if as_what == "a seat's hello":
        socket = await connect(host, session)
        await socket.send_str(hello(host, 0, secret=secret))
        assert "not valid" in await refusal(socket)
    elif as_what == "a joined seat":
        with pytest.raises(JoinRefused, match="not valid"):
            await RemoteSeat(JoinLink(host="127.0.0.1", port=host.port, seat=0, secret=secret)).join()
    else:
        pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install '.[web]')")
        async with session.get(f"http://127.0.0.1:{host.port}/seat/1/session/{secret}") as response:
            assert response.status == 403
    assert snapshot(host) == before and not host.connections and host.presence.away() == {0, 1}


async def test_a_browser_watches_with_the_watch_secret_alone_and_a_few_at_a_time(table, monkeypatch):  # noqa: F811
    pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install '.[web]')")
    from boardgames_tui.remote import browser

    host, session = table
    base = f"http://127.0.0.1:{host.port}"
    async with session.get(f"{base}/watch") as page:
        assert page.status == 200 and host.match.watch_secret not in await page.text()
    seat_secret = host.match.remote_secrets[0]
    async with session.get(f"{base}/watch/session/{seat_secret}") as response:
        assert response.status == 403  # a seat's secret is not the watch link's
    monkeypatch.setattr(browser, "MAX_BROWSER_WATCHERS", 0)
    async with session.get(f"{base}/watch/session/{host.match.watch_secret}") as response:
        assert response.status == 503 and "watch from a terminal" in await response.text()
    assert host.match.watching() == 0


async def test_a_watchers_screen_shows_no_hand_and_says_the_table_paused_over_any_message(tmp_path):
    host = RemoteHost(hosted_match("pollen", remote=[0, 1], players=2))
    await host.start()
    app = BoardGamesApp(store=SaveStore(tmp_path), join=host.watch_link(), cursor_blink=False, bot_delay=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, lambda: isinstance(app.screen, GameScreen), "the watcher's screen")
            # Nobody's hand, in a watcher's words (no player comes to this keyboard).
            await shown(pilot, lambda: "You are watching: nobody's hand is shown." in screen_text(app), "the hand panel")
            assert "next player" not in screen_text(app)
            # q leaves, and the key bar says so in a watcher's words.
            assert app.screen.active_bindings["q"].binding.description == "Stop watching"
            # Until a token is scored: the table's news stays on the status line, on one line.
            match, choose = host.match, random.Random(5).choice
            while "A token is scored" not in status(app):
                seat = match.to_act()[0]
                host.submit(seat, choose(match.rules.legal_actions(match.state, seat)))
                await shown(pilot, lambda: app.screen.table.moves_made == match.moves_made, "the move watched")
            assert "   " not in status(app)
            await host.stop()
            await shown(pilot, lambda: "The host has paused the table" in status(app), "the pause said over the message")
            assert "Watching goes on by itself then" in status(app) and "Your seat" not in status(app)
    finally:
        await host.stop()


async def test_a_new_watch_link_sends_the_old_links_watchers_away_and_is_saved(tmp_path):
    """A leaked watch link is replaced: its watchers are told why they were sent away, it
    opens the table no more, the new one does, and the save holds the new one."""
    host = RemoteHost(hosted_match("pollen", remote=[1], players=2, store=SaveStore(tmp_path)))
    await host.start()
    old = host.watch_link()
    watcher = await watching(host)
    try:
        new = await host.replace_watch_link()
        assert new.secret != old.secret and new.seat == SPECTATOR
        await until(lambda: watcher.closed_reason is not None, "the old link's watcher sent away")
        assert watcher.closed_reason == WATCH_LINK_GONE
        with pytest.raises(TableUnavailable, match="That watch link is not valid for this table."):
            await RemoteSeat(old).join()
        fresh = await watching(host)
        assert fresh.update is not None
        await fresh.close()
        assert load_match(host.match.save_path).watch_secret == new.secret
    finally:
        await watcher.close()
        await host.stop()


async def test_the_hosts_palette_replaces_the_watch_link_and_shows_the_new_one(tmp_path):
    app = hosting_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        notices = told(app)
        await shown(pilot, lambda: isinstance(app.screen, JoinLinksScreen), "the join links offered")
        await pilot.press("escape")
        old = app.remote_host.watch_link()
        replace = next(command for command in app.across.commands() if command.title == "New watch link")
        replace.callback()
        await shown(pilot, lambda: isinstance(app.screen, JoinLinksScreen), "the new watch link shown")
        new = app.remote_host.watch_link()
        on_screen = screen_text(app).replace("\n", "")
        assert str(new) in on_screen and old.secret not in on_screen
        assert "A new watch link: the old one no longer opens this table." in notices
