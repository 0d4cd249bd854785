"""Strangers without a secret cannot starve a hosted table: connections that never say
hello are closed after a fixed time without waiting on them, and are capped per address
and in all, the newest sending the oldest away, so a player arriving always gets in."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from typing import Any, Callable

import aiohttp
import pytest

from boardgames_tui.connection_budget import BUSY, MAX_WAITING_PER_ADDRESS, SILENT, ConnectionBudget
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.wire import PROTOCOL_VERSION, WEBSOCKET_PATH
from tests.remote.seats import hosted_match, join

Streams = tuple[asyncio.StreamReader, asyncio.StreamWriter]


def other_loopback_addresses() -> bool:
    """Whether this machine answers on loopback addresses besides 127.0.0.1 (Linux does)."""
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        return False
    return True


needs_other_loopback_addresses = pytest.mark.skipif(
    not other_loopback_addresses(), reason="strangers from several addresses need 127.0.0.2 and the like"
)


class Hosting:
    """Hosts of two remote Pollen seats, and the strangers a test opens against them."""

    def __init__(self) -> None:
        self.hosts: list[RemoteHost] = []
        self.opened: list[asyncio.StreamWriter] = []
        self.session = aiohttp.ClientSession()

    async def start(self, **budget: Any) -> RemoteHost:
        """A host with the budget given (without: the one a host has by default)."""
        host = RemoteHost(hosted_match("pollen", remote=[0, 1], players=2), budget=ConnectionBudget(**budget) if budget else None)
        await host.start()
        self.hosts.append(host)
        return host

    async def stranger(self, host: RemoteHost, source: str = "127.0.0.1") -> Streams:
        """A TCP connection that never says anything, from the loopback address `source`."""
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port, local_addr=(source, 0))
        self.opened.append(writer)
        return reader, writer

    async def silent_websocket(self, host: RemoteHost) -> Streams:
        """A websocket opened by hand, which never sends a frame nor answers one."""
        reader, writer = await self.stranger(host)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET {WEBSOCKET_PATH} HTTP/1.1\r\nHost: 127.0.0.1:{host.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert b" 101 " in await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        return reader, writer

    async def close(self) -> None:
        for writer in self.opened:
            writer.close()
        await self.session.close()
        for host in self.hosts:
            await host.stop()


@pytest.fixture
async def hosting():
    hosting = Hosting()
    yield hosting
    await hosting.close()


async def everything_until_closed(reader: asyncio.StreamReader, within: float) -> bytes | None:
    """What the host sent before it closed the connection (reset counts as closed), or
    None if it was still open after `within` seconds."""
    try:
        return await asyncio.wait_for(reader.read(), within)
    except ConnectionResetError:
        return b""
    except asyncio.TimeoutError:
        return None


async def until(condition: Callable[[], bool], what: str, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def still_open(streams: Streams) -> bool:
    reader, _ = streams
    return not reader.at_eof() and reader.exception() is None


async def test_a_connection_that_never_speaks_is_closed_after_the_hello_time(hosting):
    host = await hosting.start(hello_seconds=0.3)
    reader, _ = await hosting.stranger(host)
    assert await everything_until_closed(reader, within=5) == b""
    await until(lambda: not host.budget.held, "the host forgot it")


async def test_a_silent_websocket_is_told_why_and_closed_without_waiting_for_its_answer(hosting):
    host = await hosting.start(hello_seconds=0.3)
    reader, _ = await hosting.silent_websocket(host)
    # The host's word and its end of the connection, though this end never answers.
    said = await everything_until_closed(reader, within=5)
    assert said is not None, "the host waited on a stranger"
    assert SILENT.encode() in said


async def test_strangers_from_one_address_hold_its_share_and_a_player_still_joins(hosting):
    host = await hosting.start(per_address=4, max_waiting=8)
    strangers = [await hosting.stranger(host) for _ in range(12)]
    # The newest four are held; each newer one sent the oldest away.
    for reader, _ in strangers[:8]:
        assert await everything_until_closed(reader, within=5) == b""
    await asyncio.sleep(0.05)
    assert all(still_open(streams) for streams in strangers[8:])
    seat = await asyncio.wait_for(join(host, 0), 5)
    assert 0 in host.connections and host.budget.waiting <= 4
    await seat.close()


@needs_other_loopback_addresses
async def test_when_every_place_is_taken_the_address_holding_the_most_gives_way(hosting):
    host = await hosting.start(per_address=5, max_waiting=8)
    lone = await hosting.stranger(host, "127.0.0.3")  # the oldest of all
    crowd = [await hosting.stranger(host, "127.0.0.2") for _ in range(5)]
    others = [await hosting.stranger(host, "127.0.0.4") for _ in range(3)]  # the last one is the ninth
    assert await everything_until_closed(crowd[0][0], within=5) == b""
    await asyncio.sleep(0.05)
    assert still_open(lone) and all(still_open(streams) for streams in crowd[1:] + others)


async def test_silent_websockets_arriving_all_the_time_cannot_keep_a_player_out(hosting):
    """As many silent websockets as one address may hold, and one more every 50 ms: the
    oldest is told why and sent away each time, and a player joins at once."""
    host = await hosting.start()  # the budget the host has by default
    session = hosting.session
    url = f"http://127.0.0.1:{host.port}{WEBSOCKET_PATH}"
    silent = [await session.ws_connect(url) for _ in range(MAX_WAITING_PER_ADDRESS)]

    async def one_more_every_50_ms() -> None:
        while True:
            await asyncio.sleep(0.05)
            silent.append(await session.ws_connect(url))

    arriving = asyncio.ensure_future(one_more_every_50_ms())
    try:
        await asyncio.sleep(0.2)
        seat = await asyncio.wait_for(join(host, 0), 5)
        assert seat.update is not None and 0 in host.connections
        await seat.close()
    finally:
        arriving.cancel()
        await asyncio.gather(arriving, return_exceptions=True)
    first_word = await asyncio.wait_for(silent[0].receive_json(), 5)
    assert first_word == {"type": "refused", "reason": BUSY}
    for websocket in silent:
        await websocket.close()


async def test_a_wrong_hello_is_answered_and_closed_without_waiting_on_the_stranger(hosting):
    host = await hosting.start()
    reader, writer = await hosting.silent_websocket(host)
    hello = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": 0, "secret": "A" * 32}).encode()
    mask = os.urandom(4)
    writer.write(bytes([0x81, 0x80 | len(hello)]) + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(hello)))
    said = await everything_until_closed(reader, within=5)
    assert said is not None, "the host waited on a stranger"
    assert b"That link is not valid for this table." in said

