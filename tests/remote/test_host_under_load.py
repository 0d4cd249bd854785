"""A host allowed 256 open files (a common `ulimit -n`) holds out against 300 idle TCP
connections and 40 silent websockets from 40 addresses, strangers still arriving all the
while: Ben joins, plays, and the save holds every move of the game."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("resource", reason="open files are limited with the resource module (Unix)")

from boardgames_tui.remote.client import RemoteSeat  # noqa: E402
from boardgames_tui.remote.wire import WEBSOCKET_PATH, JoinLink  # noqa: E402
from tests.remote.seats import Player  # noqa: E402
from tests.remote.test_connection_budget import needs_other_loopback_addresses  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FILES = 256
IDLE, SILENT, ADDRESSES = 300, 40, 40
MOVES = 30


class Strangers:
    """Connections from loopback addresses other than the player's, none of which ever
    says hello; those the host closes stay counted here, closed."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.writers: list[asyncio.StreamWriter] = []
        self.opened = 0

    def source(self) -> str:
        return f"127.0.1.{self.opened % ADDRESSES + 1}"

    async def idle(self) -> None:
        self.opened += 1
        _, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.source(), 0))
        self.writers.append(writer)

    async def silent_websocket(self) -> None:
        self.opened += 1
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.source(), 0))
        self.writers.append(writer)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET {WEBSOCKET_PATH} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        await reader.readuntil(b"\r\n\r\n")

    async def open(self, count: int, kind) -> list[BaseException | None]:
        # Bounded: an opening the host never answers is given up, not waited on.
        return await asyncio.gather(*(asyncio.wait_for(kind(), 3) for _ in range(count)), return_exceptions=True)

    async def keep_arriving(self) -> None:
        while True:
            await self.open(5, self.idle)
            await asyncio.sleep(0.05)

    def close(self) -> None:
        for writer in self.writers:
            writer.close()


@needs_other_loopback_addresses
async def test_a_host_with_256_files_holds_out_against_strangers_and_keeps_every_move(tmp_path):
    # The host's errors go to a file: a pipe nobody reads would stop it once full.
    errors = tmp_path / "host-errors.txt"
    with errors.open("wb") as error_file:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.remote.host_process", str(FILES), str(tmp_path),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=error_file,
            cwd=ROOT, env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))},
        )
    assert process.stdin is not None and process.stdout is not None
    strangers: Strangers | None = None
    try:
        started = json.loads(await asyncio.wait_for(process.stdout.readline(), 30))
        link = JoinLink.parse(started["link"])
        strangers = Strangers(link.port)
        await strangers.open(IDLE, strangers.idle)
        await strangers.open(SILENT, strangers.silent_websocket)
        arriving = asyncio.ensure_future(strangers.keep_arriving())
        try:
            ben = RemoteSeat(link)
            await asyncio.wait_for(ben.join(), 5)
            await asyncio.wait_for(Player(ben, seed=3).play(stop_after_moves=MOVES), 20)
            seen = ben.update.moves_made
            await ben.close()
        finally:
            arriving.cancel()
            await asyncio.gather(arriving, return_exceptions=True)
        process.stdin.close()
        ended = json.loads(await asyncio.wait_for(process.stdout.readline(), 15))
        assert seen >= MOVES and strangers.opened > IDLE + SILENT
        assert ended["save_errors"] == [] and ended["peak_files"] < FILES
        assert len(json.loads(Path(ended["save"]).read_text())["moves"]) == ended["moves"] >= seen
        await asyncio.wait_for(process.wait(), 15)
        assert "out of system resource" not in errors.read_text()
    finally:
        if strangers is not None:
            strangers.close()
        if process.returncode is None:
            process.kill()
        await process.wait()
