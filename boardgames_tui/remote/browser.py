"""A browser seat: a join link opened in a browser (a phone, say) gives that seat's game
screen, the one `boardgames-tui join LINK` shows in a terminal, through textual-serve.

The host's own port serves it, where the `web` extra is installed:

- `GET /seat/N` is a page of ours that holds no secret and is the same for everyone.
  The link's secret is in its fragment (`#SECRET`), which a browser never sends; the
  page's script reads it and opens the terminal's websocket at
  `/seat/N/session/SECRET`, to this host only.
- That websocket is let in only with the seat's secret (constant-time compare), the
  host's Host and Origin checks passed.  Then, and only then, a process is started:
  `python -m boardgames_tui join`, which reads the link from its environment (never its
  command line, which every user of the machine can read) and joins the host over
  loopback like any terminal, as that seat alone.  One browser session per seat, however
  many open at once: a newer one ends the older before its own process starts.
- A watch link (`GET /watch`, the same page) opens `/watch/session/SECRET` with the
  table's watch secret, never a seat's: its process joins with the watch link, so it is
  sent the public view only, and its keys play nothing.  Watching browsers are many at
  once, up to `MAX_BROWSER_WATCHERS` (each runs an app at the host).
- Everything the browser sends after that is untrusted: textual-serve's messages
  (keys, a resize, a ping, focus) are read by `relay_browser_message` here, which
  drops whatever is not exactly one of them, and the keys reach only that seat's app.

This module imports textual-serve: the host loads it only when the `web` extra is there.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import shlex
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from boardgames_tui.addresses import is_loopback
from boardgames_tui.engine.saves import DATA_DIR_ENV
from boardgames_tui.settings import CONFIG_DIR_ENV
from boardgames_tui.remote.wire import JOIN_LINK_ENV, MAX_CLIENT_MESSAGE_BYTES, WATCH_PATH, JoinLink

STATIC_PATH = Path(textual_serve.__file__).parent / "static"
PAGE = (Path(__file__).parent / "seat_page.html").read_text(encoding="utf-8")
# A browser asks for the terminal's size in cells; a phone is far below this, and a
# larger one would only make the seat's app draw a huge screen.
MAX_CELLS = 500
# How long a seat's app is given to quit when its session ends, before it is killed.
QUIT_SECONDS = 5.0
# Each browser watching runs an app of its own at the host: a few at once, no more
# (watching from a terminal costs the host one connection, and is the way for a crowd).
MAX_BROWSER_WATCHERS = 4

logging.getLogger("textual-serve").setLevel(logging.CRITICAL)  # its log would print on the host's screen


def join_command() -> str:
    """`join` run by the same Python as the host (so the same install or checkout)."""
    return shlex.join([sys.executable, "-m", "boardgames_tui", "join", "--seat-only"])


class SeatAppService(AppService):
    """textual-serve's process for one browser session, given its seat's link in its
    environment only."""

    def __init__(self, link: JoinLink, **kwargs: Any) -> None:
        super().__init__(join_command(), **kwargs)
        self.link = link
        # Its own empty data and settings folders: the app runs on the host's machine,
        # and whoever holds the link must not reach (or change) the host's.
        self.home = tempfile.TemporaryDirectory(prefix="boardgames-tui-seat-")

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[JOIN_LINK_ENV] = str(self.link)
        environment[DATA_DIR_ENV] = str(Path(self.home.name) / "data")
        environment[CONFIG_DIR_ENV] = str(Path(self.home.name) / "config")
        return environment

    async def stop(self) -> None:
        process = self._process
        try:
            await asyncio.wait_for(super().stop(), QUIT_SECONDS)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            pass
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()
        self.home.cleanup()


def relay_browser_message(data: str) -> tuple[str, Any] | None:
    """One message from the page's terminal, as (kind, value), or None for anything that
    is not exactly one textual-serve's page sends: it is dropped unread."""
    try:
        envelope = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, value = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(value, str):
        return kind, value
    if kind == "resize" and isinstance(value, dict):
        width, height = value.get("width"), value.get("height")
        if all(type(size) is int and 1 <= size <= MAX_CELLS for size in (width, height)):
            return kind, (width, height)
        return None
    if kind == "ping" and isinstance(value, str) and len(value) <= 64:
        return kind, value
    if kind in ("blur", "focus"):
        return kind, None
    return None


async def relay(socket: web.WebSocketResponse, service: SeatAppService) -> None:
    """What the page's terminal sends, to the session's app (the rest dropped unread)."""
    async for message in socket:
        if message.type != WSMsgType.TEXT:
            continue
        said = relay_browser_message(message.data)
        if said is None:
            continue
        kind, value = said
        if kind == "stdin":
            await service.send_bytes(value.encode("utf-8"))
        elif kind == "resize":
            await service.set_terminal_size(*value)
        elif kind == "ping":
            await socket.send_json(["pong", value])
        elif kind == "blur":
            await service.blur()
        else:
            await service.focus()


def cells(text: str, default: int) -> int:
    return int(text) if text.isdigit() and 1 <= int(text) <= MAX_CELLS else default


class BrowserSeats:
    """The host's browser seats: their page, their files, and one session per seat."""

    def __init__(self, host: Any) -> None:
        self.host = host  # the RemoteHost that made it (host.py imports this module)
        self.sessions: dict[int, SeatAppService] = {}
        # A seat's sessions start and stop one at a time; only the newest that arrived
        # starts a process (those it overtook while they waited start none).
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.newest: dict[int, object] = {}
        self.download_manager = DownloadManager()
        # The sessions of browsers watching through the watch link, each with its own app.
        self.watching: set[SeatAppService] = set()

    def add_routes(self, app: web.Application) -> None:
        app.router.add_static("/static", STATIC_PATH)
        app.router.add_get("/seat/{number}/session/{secret}", self._session)
        app.router.add_get(f"{WATCH_PATH}/session/{{secret}}", self._watch_session)

    def page(self) -> web.Response:
        return web.Response(text=PAGE, content_type="text/html", headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    def _seat_of(self, request: web.Request) -> int | None:
        """The seat whose secret the request's path holds, compared in constant time."""
        number = request.match_info["number"]
        seat = int(number) - 1 if number.isdigit() and len(number) == 1 else -1
        expected = self.host.match.remote_secrets.get(seat, "")
        supplied = request.match_info["secret"]
        if not hmac.compare_digest(supplied.encode(), (expected or "\0").encode()) or not expected:
            return None
        return seat

    def local_link(self, seat: int) -> JoinLink:
        """The seat's link as the seat's app reaches this host."""
        return self.host.link(seat, self.reachable_host())

    def reachable_host(self) -> str:
        """Where a browser session's app reaches this host: over loopback when the host
        listens on every interface or on loopback itself."""
        listening = self.host.listen_host
        return "127.0.0.1" if listening in ("0.0.0.0", "::", "") or is_loopback(listening) else listening

    async def _session(self, request: web.Request) -> web.StreamResponse:
        problem = self.host.request_problem(request)
        if problem is not None:
            raise problem
        seat = self._seat_of(request)
        if seat is None:
            raise web.HTTPForbidden(text="Refused: that link is not valid for this table.\n")
        self.host.budget.trust(request.transport)
        socket = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE_BYTES, heartbeat=15.0)
        await socket.prepare(request)
        ticket = self.newest[seat] = object()
        service: SeatAppService | None = None
        try:
            async with self.locks[seat]:
                if self.newest[seat] is not ticket:
                    return socket  # the seat was opened again elsewhere meanwhile: start nothing
                previous = self.sessions.pop(seat, None)
                if previous is not None:
                    await previous.stop()  # the same seat opened again elsewhere
                service = self._service(self.local_link(seat), socket)
                self.sessions[seat] = service
                await service.start(cells(request.query.get("width", ""), 80), cells(request.query.get("height", ""), 24))
            await relay(socket, service)
        except (ConnectionError, RuntimeError):
            pass  # the browser went away
        finally:
            if service is not None:
                if self.sessions.get(seat) is service:
                    del self.sessions[seat]
                await service.stop()
            await socket.close()
        return socket

    async def _watch_session(self, request: web.Request) -> web.StreamResponse:
        """A browser watching through the watch link: an app of its own, joined with that
        link (the public view only); `MAX_BROWSER_WATCHERS` at once at most."""
        problem = self.host.request_problem(request)
        if problem is not None:
            raise problem
        supplied = request.match_info["secret"]
        if not hmac.compare_digest(supplied.encode(), self.host.match.watch_secret.encode()):
            raise web.HTTPForbidden(text="Refused: that watch link is not valid for this table.\n")
        spectators = self.host.spectators
        if len(self.watching) >= MAX_BROWSER_WATCHERS or spectators.full():
            raise web.HTTPServiceUnavailable(
                text="Refused: this table has as many watching in a browser as it can take: "
                "watch from a terminal with boardgames-tui join, or try again later.\n"
            )
        self.host.budget.trust(request.transport)
        socket = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE_BYTES, heartbeat=15.0)
        service = self._service(self.host.watch_link(self.reachable_host()), socket)
        self.watching.add(service)
        spectators.browser_pages += 1
        try:
            await socket.prepare(request)
            await service.start(cells(request.query.get("width", ""), 80), cells(request.query.get("height", ""), 24))
            await relay(socket, service)
        except (ConnectionError, RuntimeError):
            pass  # the browser went away
        finally:
            spectators.browser_pages -= 1
            if service in self.watching:
                self.watching.discard(service)
                await service.stop()
            await socket.close()
        return socket

    def _service(self, link: JoinLink, socket: web.WebSocketResponse) -> SeatAppService:
        return SeatAppService(
            link,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=socket.close,
            download_manager=self.download_manager,
        )

    async def stop(self) -> None:
        services = [*self.sessions.values(), *self.watching]
        self.sessions.clear()
        self.watching.clear()
        for service in services:
            await service.stop()
