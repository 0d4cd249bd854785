"""A remote seat's end of the wire: joins a host with its link, keeps the seat's view
(its log built up from the lines the host sends), and sends the seat's own actions.

The host is the authority; the client only ever holds what `rules.view` gave its seat.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import aiohttp

from boardgames_tui.engine.contract import GameState, LogEntry, ScoreSheet, Seat
from boardgames_tui.engine.parts import Game, Rules
from boardgames_tui.engine.registry import get_game
from boardgames_tui.remote.wire import (
    JOINED_ELSEWHERE,
    MAX_HOST_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Act,
    Away,
    Back,
    BadMessage,
    Hello,
    JoinLink,
    Refused,
    Undo,
    ViewUpdate,
    Welcome,
    parse_host_message,
)


class JoinRefused(Exception):
    """The host would not seat this link (or could not be reached); `reason` is for a person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RemoteSeat:
    """One joined seat.  `update` is the host's latest word, `view` the seat's view."""

    def __init__(self, link: JoinLink) -> None:
        self.link = link
        self.seat = link.seat
        # The game's parts once the host has said which game it is; `rules` is `game.rules`.
        self.game: Game | None = None
        self.rules: Rules | None = None
        self.seats: list[Seat] = []
        self.remote_seats: list[int] = []
        self.update: ViewUpdate | None = None
        self.view: GameState | None = None
        self.log: list[LogEntry] = []
        self.away: set[int] = set()
        self.refusals: list[str] = []
        # The host's last refusal, until its next view (a screen shows it meanwhile).
        self.refused: str | None = None
        # Called on the loop after every message from the host (a screen redraws).
        self.listeners: list[Callable[[Any], None]] = []
        self.closed_reason: str | None = None
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()

    async def join(self) -> None:
        """Connects and says hello; returns once the first view is in (JoinRefused if not)."""
        self._session = aiohttp.ClientSession()
        try:
            self._socket = await self._session.ws_connect(self.link.websocket_url, max_msg_size=MAX_HOST_MESSAGE_BYTES)
        except (aiohttp.ClientError, OSError) as error:
            await self._session.close()
            raise JoinRefused(f"Could not reach the table at {self.link.host}:{self.link.port} ({error}).") from None
        await self._socket.send_str(
            Hello(type="hello", version=PROTOCOL_VERSION, seat=self.seat, secret=self.link.secret).model_dump_json()
        )
        for _ in range(2):  # the welcome, then the first view
            message = await self._next()
            if message is None or isinstance(message, Refused):
                await self.close()
                raise JoinRefused(message.reason if message else "The table closed the connection.")
            self._take(message)
        if self.update is None:
            await self.close()
            raise JoinRefused("The table did not send this seat's view.")
        self._reader = asyncio.ensure_future(self._read())

    async def _next(self) -> Welcome | ViewUpdate | Refused | Away | Back | None:
        assert self._socket is not None
        message = await self._socket.receive()
        if message.type == aiohttp.WSMsgType.CLOSE and message.extra == JOINED_ELSEWHERE.decode():
            self.closed_reason = "Your seat was opened again elsewhere with the same link (another terminal or a browser)."
        if message.type != aiohttp.WSMsgType.TEXT:
            return None
        return parse_host_message(message.data)

    async def _read(self) -> None:
        try:
            while (message := await self._next()) is not None:
                self._take(message)
        except BadMessage as error:
            self.closed_reason = error.reason
        finally:
            if self.closed_reason is None:
                self.closed_reason = "The table closed the connection."
            self.changed.set()
            for listener in self.listeners:
                listener(None)

    def _take(self, message: Welcome | ViewUpdate | Refused | Away | Back) -> None:
        if isinstance(message, Welcome):
            self.game = get_game(message.game)
            self.rules = self.game.rules
            self.seats = message.seats
            self.remote_seats = message.remote_seats
        elif isinstance(message, ViewUpdate):
            assert self.rules is not None
            self.log = self.log[: message.log_from] + message.log
            self.view = self.rules.load_state({**message.view, "log": self.log})
            self.update = message
            self.refused = None
            self.away = set(message.away)
        elif isinstance(message, Refused):
            self.refusals.append(message.reason)
            self.refused = message.reason
        elif isinstance(message, Away):
            self.away.add(message.seat)
        elif isinstance(message, Back):
            self.away.discard(message.seat)
        self.changed.set()
        for listener in self.listeners:
            listener(message)

    # -- sending ----------------------------------------------------------------------------
    async def act(self, action: Any, revision: int | None = None) -> None:
        """`revision`: the one the action was chosen at (default: the latest view's)."""
        assert self.rules is not None and self.update is not None and self._socket is not None
        revision = self.update.revision if revision is None else revision
        message = Act(type="act", seat=self.seat, revision=revision, action=self.rules.dump_action(action))
        await self._socket.send_str(message.model_dump_json())

    async def undo(self) -> None:
        assert self.update is not None and self._socket is not None
        await self._socket.send_str(Undo(type="undo", seat=self.seat, revision=self.update.revision).model_dump_json())

    @property
    def score_sheet(self) -> ScoreSheet | None:
        return None if self.update is None else self.update.score_sheet

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
