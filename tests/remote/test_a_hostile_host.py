"""A joiner treats its host as untrusted text: whatever a host sends, nothing reaches the
terminal as control codes, and every join that fails says what is wrong."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from aiohttp import web

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import LogEntry, Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.text import clean_text
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.remote import client
from boardgames_tui.remote.client import JoinRefused, RemoteSeat
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.wire import WEBSOCKET_PATH, Away, ChangesSeen, JoinLink, Refused, ViewUpdate, Welcome
from tests.remote.seats import hosted_match
from tests.remote.test_hosted_screens import until
from tests.ui.conftest import screen_text

# What the issue saw reach a joined terminal: a new window title, then a cleared screen.
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"
SECRET = "s" * 32
# Every test here ends well within this, or fails.
SECONDS = 10

Script = Callable[[web.WebSocketResponse], Awaitable[None]]


class FakeHost:
    """A table on loopback that answers every hello with what its script sends."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.runner: web.AppRunner | None = None
        self.port = 0

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse()
        await websocket.prepare(request)
        await websocket.receive()  # the hello
        await self.script(websocket)
        return websocket

    async def start(self) -> None:
        application = web.Application()
        application.router.add_get(WEBSOCKET_PATH, self._socket)
        self.runner = web.AppRunner(application, shutdown_timeout=1)
        await self.runner.setup()
        listening = socket.socket()
        listening.bind(("127.0.0.1", 0))
        self.port = listening.getsockname()[1]
        await web.SockSite(self.runner, listening).start()

    def link(self, seat: int = 1) -> JoinLink:
        return JoinLink(host="127.0.0.1", port=self.port, seat=seat, secret=SECRET)


@pytest.fixture
async def fake_host() -> AsyncIterator[Callable[[Script], Awaitable[FakeHost]]]:
    hosts: list[FakeHost] = []

    async def serving(script: Script) -> FakeHost:
        host = FakeHost(script)
        await host.start()
        hosts.append(host)
        return host

    yield serving
    for host in hosts:
        assert host.runner is not None
        await host.runner.cleanup()


def pollen_messages(hostile: str = "") -> tuple[Welcome, ViewUpdate]:
    """A real Pollen table's welcome and seat 1's first view, with `hostile` in every
    string a screen shows: names, log lines, progress, what changed, who went away."""
    game = get_game("pollen")
    seats = [Seat(name="Ann"), Seat(name="Ben")]
    state = game.rules.setup(game.rules.options_model(), seats, 7)
    view = game.rules.view(state, 1)
    welcome = Welcome(game="pollen", seat=1, seats=seats, remote_seats=[1])
    update = ViewUpdate(
        revision=1,
        moves_made=0,
        view=view.model_dump(mode="json", exclude={"log"}),
        log_from=0,
        log=[LogEntry(text=f"Ann planted{hostile} a rose.")],
        to_act=game.rules.to_act(state),
        over=False,
        progress=f"Round 1{hostile}",
        undo_blocker=f"Nothing to undo{hostile}.",
        has_moved=False,
        own_run=[],
        changes=ChangesSeen(lines=[f"Ann moved{hostile}"]),
        away=[],
        stand_ins=[],
    )
    return welcome, update


def with_names(message: dict[str, Any], hostile: str) -> dict[str, Any]:
    """The message's seat names and player names with `hostile` in them (past the
    pydantic models, which would refuse them: a hostile host does not use them)."""
    text = json.dumps(message)
    for name in ("Ann", "Ben"):
        text = text.replace(f'"{name}"', json.dumps(name + hostile))
    return json.loads(text)


def strings_in(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for key, value in data.items() for text in strings_in(key) + strings_in(value)]
    if isinstance(data, (list, tuple)):
        return [text for item in data for text in strings_in(item)]
    return []


def unclean(seat: RemoteSeat) -> list[str]:
    """Every string the joined seat holds that a terminal would act on."""
    held = [
        seat.update.model_dump(mode="json") if seat.update else None,
        seat.view.model_dump(mode="json") if seat.view else None,
        [entry.text for entry in seat.log],
        [entry.model_dump() for entry in seat.seats],
        seat.refusals,
        seat.refused,
    ]
    return [text for text in strings_in(held) if clean_text(text, keep_newlines=True) != text]


# -- item 4: nothing from a host reaches the terminal as control codes -------------------------
async def test_escape_sequences_from_a_host_never_reach_the_joiner(fake_host):
    heard: list[Any] = []
    welcome, update = pollen_messages(ESCAPES)

    async def script(websocket: web.WebSocketResponse) -> None:
        await websocket.send_json(with_names(welcome.model_dump(mode="json"), ESCAPES))
        await websocket.send_json(with_names(update.model_dump(mode="json"), ESCAPES))
        await websocket.send_json(Away(seat=0, name=f"Ann{ESCAPES}").model_dump(mode="json"))
        await websocket.send_json(Refused(reason=f"No{ESCAPES}\u202eelif.").model_dump(mode="json"))
        await websocket.receive()  # until the joiner leaves

    host = await fake_host(script)
    seat = RemoteSeat(host.link())
    seat.listeners.append(heard.append)
    await asyncio.wait_for(seat.join(), SECONDS)
    try:
        for _ in range(int(SECONDS / 0.02)):
            if seat.refused is not None:
                break
            await asyncio.sleep(0.02)
        # The words are kept; only what a terminal would obey is gone.
        assert seat.refused == "No]0;pwned[2Jelif." and seat.log[0].text == "Ann planted]0;pwned[2J a rose."
        assert [player.name for player in seat.seats] == ["Ann]0;pwned[2J", "Ben]0;pwned[2J"]
        assert seat.update is not None and seat.update.progress == "Round 1]0;pwned[2J"
        assert isinstance(heard[-2], Away) and heard[-2].name == "Ann]0;pwned[2J"
        assert unclean(seat) == []
    finally:
        await seat.close()


async def test_a_joined_screen_draws_no_escape_from_its_host(fake_host, tmp_path):
    welcome, update = pollen_messages(ESCAPES)

    async def script(websocket: web.WebSocketResponse) -> None:
        await websocket.send_json(welcome.model_dump(mode="json"))
        await websocket.send_json(update.model_dump(mode="json"))
        await websocket.receive()

    host = await fake_host(script)
    app = BoardGamesApp(store=SaveStore(tmp_path), join=host.link(), cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PollenScreen), "the joined game screen", SECONDS)
        await pilot.pause()
        shown = screen_text(app)
        assert "Round 1]0;pwned[2J" in shown
        assert not {"\x1b", "\x07"} & set(shown)


# -- item 7: every failed join says what is wrong ------------------------------------------------
def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def sending(*messages: str | dict[str, Any]) -> Script:
    async def script(websocket: web.WebSocketResponse) -> None:
        for message in messages:
            await (websocket.send_json(message) if isinstance(message, dict) else websocket.send_str(message))
        await websocket.receive()

    return script


async def closing(websocket: web.WebSocketResponse) -> None:
    await websocket.close()


WELCOME, UPDATE = (message.model_dump(mode="json") for message in pollen_messages())
BAD_VIEW = {**UPDATE, "view": {**UPDATE["view"], "players": "nobody"}}

FAILED_JOINS = {
    "a game this copy does not have": (sending({**WELCOME, "game": "chess\x1b[2J"}, UPDATE), "'chess[2J', a game this copy"),
    "a view that does not validate": (sending(WELCOME, BAD_VIEW), "a view of Pollen that this copy cannot read"),
    "a view before the welcome": (sending(UPDATE), "a view before it said which game it plays"),
    "a welcome for another seat": (sending({**WELCOME, "seat": 0}, UPDATE), "not for seat 2"),
    "another version": (sending({**WELCOME, "version": 99}, UPDATE), "version 99"),
    "a message that is not JSON": (sending("{\x1b[2J"), "not JSON"),
    "a message of another shape": (sending({"type": "welcome"}), "cannot read (welcome.game: Field required)"),
    "a refusal": (sending({"type": "refused", "reason": "Go away\x1b[2J."}), "Go away[2J."),
    "a closed connection": (closing, "closed the connection"),
}


@pytest.mark.parametrize("case", FAILED_JOINS)
async def test_every_join_a_host_spoils_fails_with_its_reason(fake_host, case: str):
    script, reason = FAILED_JOINS[case]
    host = await fake_host(script)
    seat = RemoteSeat(host.link())
    with pytest.raises(JoinRefused) as refused:
        await asyncio.wait_for(seat.join(), SECONDS)
    assert reason in refused.value.reason and refused.value.reason.isprintable()


async def test_a_host_that_says_nothing_is_given_up_on_and_said(fake_host, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(client, "JOIN_SECONDS", 0.2, raising=False)
    host = await fake_host(sending())
    with pytest.raises(JoinRefused, match="did not answer within 0.2 seconds"):
        await asyncio.wait_for(RemoteSeat(host.link()).join(), 3)


async def test_a_refused_secret_and_an_unreachable_host_are_said():
    host = RemoteHost(hosted_match("pollen", remote=[1], players=2))
    await host.start()
    try:
        wrong = JoinLink(host="127.0.0.1", port=host.port, seat=1, secret="A" * 32)
        with pytest.raises(JoinRefused, match="not valid for this table"):
            await asyncio.wait_for(RemoteSeat(wrong).join(), SECONDS)
    finally:
        await host.stop()
    nobody = JoinLink(host="127.0.0.1", port=closed_port(), seat=1, secret=SECRET)
    with pytest.raises(JoinRefused, match="Could not reach the table at 127.0.0.1") as refusal:
        await asyncio.wait_for(RemoteSeat(nobody).join(), SECONDS)
    # In words, not the library's ("Cannot connect to host … ssl:default [Connect call failed …]").
    assert "nothing answers there now" in refusal.value.reason and "ssl" not in refusal.value.reason


async def test_a_join_that_fails_is_said_on_screen_not_dropped_at_the_menu(fake_host, tmp_path):
    host = await fake_host(sending({**WELCOME, "game": "chess"}, UPDATE))
    app = BoardGamesApp(store=SaveStore(tmp_path), join=host.link(), cursor_blink=False, bot_delay=0)
    notices: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (notices.append(str(message)), notify(message, **options))[1]
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: bool(notices), "a notice", SECONDS)
        assert "'chess', a game this copy of boardgames-tui does not have" in notices[0]


async def test_a_view_that_cannot_be_read_mid_game_closes_the_table_with_its_reason(fake_host):
    async def script(websocket: web.WebSocketResponse) -> None:
        await websocket.send_json(WELCOME)
        await websocket.send_json(UPDATE)
        await websocket.send_json({**BAD_VIEW, "revision": 2})
        await websocket.receive()

    host = await fake_host(script)
    seat = RemoteSeat(host.link())
    await asyncio.wait_for(seat.join(), SECONDS)
    try:
        for _ in range(int(SECONDS / 0.02)):
            if seat.closed_reason is not None:
                break
            await asyncio.sleep(0.02)
        assert seat.closed_reason is not None and "that this copy cannot read" in seat.closed_reason
        assert seat.update is not None and seat.update.revision == 1  # the last view it could read stays
    finally:
        await seat.close()
