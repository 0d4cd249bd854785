"""A hostile client is refused with a reason, and nothing changes: another seat's action,
a stale move, garbage, a 10 MB frame, a flood of messages, a wrong or missing secret, a
foreign Host or Origin."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
from typing import Any

import aiohttp
import pytest

from boardgames_tui.remote.host import RATE_BURST, RemoteHost
from boardgames_tui.remote.wire import PROTOCOL_VERSION, WEBSOCKET_PATH
from tests.remote.seats import hosted_match, join


@pytest.fixture
async def table():
    """Pollen for two, both seats remote: nothing moves unless a client makes it."""
    host = RemoteHost(hosted_match("pollen", remote=[0, 1], players=2))
    await host.start()
    session = aiohttp.ClientSession()
    yield host, session
    await session.close()
    await host.stop()


def hello(host: RemoteHost, seat: int, secret: str | None = None) -> str:
    return json.dumps(
        {"type": "hello", "version": PROTOCOL_VERSION, "seat": seat, "secret": secret or host.match.remote_secrets[seat]}
    )


async def connect(host: RemoteHost, session: aiohttp.ClientSession, **kwargs: Any) -> aiohttp.ClientWebSocketResponse:
    return await session.ws_connect(f"http://127.0.0.1:{host.port}{WEBSOCKET_PATH}", **kwargs)


async def joined(host: RemoteHost, session: aiohttp.ClientSession, seat: int) -> aiohttp.ClientWebSocketResponse:
    socket = await connect(host, session)
    await socket.send_str(hello(host, seat))
    assert (await socket.receive_json())["type"] == "welcome"
    assert (await socket.receive_json())["type"] == "view"
    return socket


def snapshot(host: RemoteHost) -> tuple[int, int, str]:
    return host.revision, len(host.match.moves), host.match.state.model_dump_json()


def a_legal_act(host: RemoteHost, seat: int, **changes: Any) -> str:
    action = host.rules.legal_actions(host.match.state, seat)[0]
    message = {"type": "act", "seat": seat, "revision": host.revision, "action": host.rules.dump_action(action)}
    return json.dumps({**message, **changes})


async def refusal(socket: aiohttp.ClientWebSocketResponse) -> str:
    message = await asyncio.wait_for(socket.receive_json(), 10)
    assert message["type"] == "refused", message
    return message["reason"]


async def test_a_seat_may_not_act_for_another_seat(table):
    host, session = table
    mover = host.rules.to_act(host.match.state)[0]
    other = 1 - mover
    socket = await joined(host, session, other)
    before = snapshot(host)
    await socket.send_str(a_legal_act(host, mover))
    assert "seat only" in await refusal(socket)
    assert snapshot(host) == before


async def test_a_stale_move_and_an_illegal_one_are_refused(table):
    host, session = table
    mover = host.rules.to_act(host.match.state)[0]
    socket = await joined(host, session, mover)
    stale = a_legal_act(host, mover, revision=host.revision + 5)
    before = snapshot(host)
    await socket.send_str(stale)
    assert "moved on" in await refusal(socket)
    await socket.send_str(a_legal_act(host, mover, action={"kind": "no-such-move"}))
    assert "not a move of" in await refusal(socket)
    assert snapshot(host) == before
    # The connection is still good for a real move.
    await socket.send_str(a_legal_act(host, mover))
    assert (await socket.receive_json())["type"] == "view"
    assert len(host.match.moves) == 1


@pytest.mark.parametrize(
    "garbage",
    [
        "not json",
        b"\x00\xff binary",
        "{}",
        "[" * 5000 + "]" * 5000,
        json.dumps({"type": "act", "seat": "0", "revision": 0, "action": {}}),
        json.dumps({"type": "act", "seat": 0, "revision": 0, "action": {}, "extra": 1}),
        json.dumps({"type": "shutdown"}),
        json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": 0, "secret": "x" * 40}),
    ],
    ids=["text", "binary", "empty", "deep-nesting", "string-seat", "extra-field", "unknown-type", "second-hello"],
)
async def test_garbage_is_refused_and_changes_nothing(table, garbage: str | bytes):
    host, session = table
    socket = await joined(host, session, 0)
    before = snapshot(host)
    await (socket.send_bytes(garbage) if isinstance(garbage, bytes) else socket.send_str(garbage))
    assert await refusal(socket)
    assert snapshot(host) == before and 0 in host.connections


async def test_a_10_mb_frame_is_refused_from_its_header_before_its_payload_arrives(table):
    host, _ = table
    reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET {WEBSOCKET_PATH} HTTP/1.1\r\nHost: 127.0.0.1:{host.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert b" 101 " in await reader.readuntil(b"\r\n\r\n")
    before = snapshot(host)
    # A text frame that says it carries 10 MB, masked as a client's must be; only the
    # first kilobyte is sent: the refusal must come without the rest.
    writer.write(bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 10 * 1024 * 1024) + os.urandom(4) + b"x" * 1024)
    await writer.drain()
    close = await asyncio.wait_for(reader.readexactly(4), 10)
    assert close[0] == 0x88 and struct.unpack("!H", close[2:4])[0] == 1009  # close: message too big
    writer.close()
    assert snapshot(host) == before


async def test_a_flood_of_messages_is_dropped_past_the_rate_limit(table):
    host, session = table
    mover = host.rules.to_act(host.match.state)[0]
    socket = await joined(host, session, 1 - mover)
    before = snapshot(host)
    for _ in range(1000):
        await socket.send_str(a_legal_act(host, mover))
    answers = []
    try:
        while True:
            answers.append(await asyncio.wait_for(socket.receive_json(), 0.5))
    except asyncio.TimeoutError:
        pass  # the host has said all it will
    reasons = [answer["reason"] for answer in answers]
    # A burst is read (and refused: another seat's move), the rest dropped unread, with
    # one word about it per flood (the bucket refills a little while the flood arrives).
    assert "Too many messages: slow down." in reasons
    assert RATE_BURST - 1 <= len(reasons) <= RATE_BURST + 10
    assert snapshot(host) == before


@pytest.mark.parametrize(
    "first",
    [
        "wrong secret",
        "missing secret",
        "a bot's seat",
        "an action before hello",
        "another version",
    ],
)
async def test_a_wrong_or_missing_secret_is_refused_and_the_connection_closed(table, first: str):
    host, session = table
    host.match.remote_secrets.pop(1)  # seat 1 is now the host's own: no secret opens it
    message = {
        "wrong secret": hello(host, 0, secret="A" * 32),
        "missing secret": json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": 0}),
        "a bot's seat": hello(host, 1, secret="A" * 32),
        "an action before hello": a_legal_act(host, 0),
        "another version": json.dumps({**json.loads(hello(host, 0)), "version": 99}),
    }[first]
    socket = await connect(host, session)
    before = snapshot(host)
    await socket.send_str(message)
    assert await refusal(socket)
    assert (await socket.receive()).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert snapshot(host) == before and not host.connections


@pytest.mark.parametrize(
    "headers, status",
    [
        ({"Host": "evil.example:8000"}, 421),
        ({"Host": "127.0.0.1.nip.io"}, 421),
        ({"Origin": "http://evil.example"}, 403),
    ],
)
async def test_a_foreign_host_or_origin_is_refused_before_the_websocket_opens(table, headers, status):
    host, session = table
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await connect(host, session, headers=headers)
    assert refused.value.status == status


async def test_the_same_link_rejoins_and_the_old_connection_is_closed(table):
    host, session = table
    first = await join(host, 0)
    second = await join(host, 0)
    await asyncio.wait_for(first._reader, 10)
    assert first.closed_reason and host.connections[0].socket is not None and second.closed_reason is None
    await first.close()
    await second.close()

