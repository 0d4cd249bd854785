"""`boardgames-tui serve`: the same app in a web browser, through textual-serve.

Every page opened starts its own copy of the app (the menu), so a tablet passed
around the table plays a hot-seat game by touch.  Safe by default:

- it listens on 127.0.0.1 unless `--host` says otherwise;
- listening beyond this machine (or with `--token`), every HTTP and websocket request
  must carry a secret token: in the URL printed once at start, then in a cookie the
  page sets (the page's own websocket and static files carry no query string);
  a request without it gets 403;
- a request sent from another site's page (its Origin is not this server) gets 403,
  so a web page cannot drive the app through the visitor's browser;
- without the token, a request whose Host is not a loopback name or address gets 421:
  a web page whose own name was pointed at 127.0.0.1 (DNS rebinding) passes the Origin
  check, since its Origin and Host agree, but its Host is still its own name;
- every connection passes a `ConnectionBudget`: one that has not shown the token (or,
  on loopback without one, opened a page's terminal) is closed after a short time, and
  strangers are capped per address and in all, so they can neither hold every place nor
  spend the descriptors the server needs to start a page's app.

Needs the optional `web` extra (textual-serve); this module is only imported by `serve`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import shlex
import signal
import sys
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

from boardgames_tui.addresses import is_loopback, is_loopback_host_header, shown_address
from boardgames_tui.connection_budget import ConnectionBudget

TOKEN_PARAMETER = "token"
TOKEN_COOKIE = "boardgames_tui_token"
# A Host header is echoed into the page's URLs only if it looks like one.
PLAIN_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def app_command() -> str:
    """The app, run by the same Python as this server (so the same install or checkout)."""
    return shlex.join([sys.executable, "-m", "boardgames_tui"])


class TableServer(Server):
    """textual-serve's server with a token and origin check in front of every route."""

    def __init__(self, host: str, port: int, token: str | None) -> None:
        public_url = f"http://{shown_address(host)}:{port}"
        super().__init__(app_command(), host=host, port=port, title="boardgames-tui", public_url=public_url)
        self.token = token
        self.budget = ConnectionBudget()
        self.runner: web.AppRunner | None = None
        self.listening: asyncio.AbstractServer | None = None

    @property
    def start_url(self) -> str:
        return f"{self.public_url}/" + (f"?{TOKEN_PARAMETER}={self.token}" if self.token else "")

    def _token_ok(self, supplied: str) -> bool:
        assert self.token is not None
        return secrets.compare_digest(supplied.encode(), self.token.encode())

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()

        @web.middleware
        async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc != request.host:
                raise web.HTTPForbidden(text="Refused: this request comes from another site's page.\n")
            if self.token is None and not is_loopback_host_header(request.host):
                raise web.HTTPMisdirectedRequest(
                    text="Refused: without its secret token this server answers only to "
                    "localhost, 127.0.0.1 or [::1] on this machine.\n"
                )
            from_query = False
            if self.token is not None:
                supplied = request.query.get(TOKEN_PARAMETER)
                from_query = supplied is not None and self._token_ok(supplied)
                if not from_query and not self._token_ok(request.cookies.get(TOKEN_COOKIE, "")):
                    raise web.HTTPForbidden(
                        text="Refused: this server needs its secret token. Open the URL that "
                        "boardgames-tui serve printed when it started.\n"
                    )
            if self.token is not None or request.headers.get("Upgrade", "").lower() == "websocket":
                self.budget.trust(request.transport)  # a player's page, or its terminal
            response = await handler(request)
            if from_query and not response.prepared:
                # The page's websocket and files carry no query string: the cookie lets them in.
                response.set_cookie(TOKEN_COOKIE, self.token or "", httponly=True, samesite="Strict", path="/")
            return response

        app.middlewares.append(guard)
        return app

    async def handle_index(self, request: web.Request) -> Any:
        # The page's websocket and static URLs must use the address the browser used (a
        # tablet reaches this machine by its network address, not by 0.0.0.0).  There is
        # no await between setting this and textual-serve reading it for this page.
        if PLAIN_HOST.match(request.host):
            self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def start(self) -> None:
        """Listens on `host`:`port` through the budget (OSError when it cannot)."""
        self.runner = web.AppRunner(await self._make_app(), handle_signals=False)
        await self.runner.setup()
        assert self.runner.server is not None
        self.listening = await self.budget.listen(self.runner.server, self.host, self.port)

    async def stop(self) -> None:
        if self.listening is not None:
            self.listening.close()
        self.budget.reset_strangers()
        if self.runner is not None:
            await self.runner.cleanup()

    def serve(self, debug: bool = False) -> None:
        """textual-serve's `serve`, listening through the budget: runs until Ctrl+C."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            for stop_signal in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(stop_signal, self.request_exit)
        except NotImplementedError:
            # asyncio's Windows event loops have no add_signal_handler (the base loop's
            # raises this); there Ctrl+C reaches run_forever as a KeyboardInterrupt.
            pass
        try:
            loop.run_until_complete(self.start())
            loop.run_forever()
        except (web.GracefulExit, KeyboardInterrupt):
            pass
        finally:
            loop.run_until_complete(self.stop())
            loop.close()

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # An access log would print every request line, token included.
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        # Printed once, instead of textual-serve's banner.
        if self.token is not None:
            self.console.print("boardgames-tui is served. Open this address in a browser:", soft_wrap=True)
            self.console.print(f"\n  {self.start_url}\n", highlight=False, markup=False, soft_wrap=True)
            self.console.print("Anyone with this address can play: share it only with the table.")
        else:
            self.console.print("boardgames-tui is served on this machine only. Open this address in a browser:")
            self.console.print(f"\n  {self.start_url}\n", highlight=False, markup=False, soft_wrap=True)
        self.console.print("Ctrl+C stops the server (games are saved after every move).", highlight=False)


def serve(host: str, port: int, force_token: bool = False) -> int:
    """Runs until Ctrl+C.  Raises OSError when the address cannot be listened on."""
    token = secrets.token_urlsafe(24) if force_token or not is_loopback(host) else None
    TableServer(host, port, token).serve()
    return 0
