"""A remote seat's end of the wire: joins a host with its link, keeps the seat's view
(its log built up from the lines the host sends), and sends the seat's own actions.

The host is the authority on the game; the client only ever holds what `rules.view` gave
its seat.  It is not trusted as text: every string it sends is cleaned as it arrives
(`parse_host_message`), and every way a join can fail ends in `JoinRefused` naming what
is wrong, for the player to read.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import aiohttp
from pydantic import ValidationError

from boardgames_tui.engine.contract import GameState, LogEntry, ScoreSheet, Seat
from boardgames_tui.engine.parts import Game, Rules
from boardgames_tui.engine.registry import get_game, slugs
from boardgames_tui.engine.text import clean_text
from boardgames_tui.engine.untrusted_files import first_problem
from boardgames_tui.remote.wire import (
    JOINED_ELSEWHERE,
    MAX_HOST_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    TABLE_PAUSED,
    Act,
    Away,
    Back,
    BadMessage,
    Hello,
    HostMessage,
    JoinLink,
    Refused,
    TablePaused,
    Undo,
    ViewUpdate,
    Welcome,
    parse_host_message,
)


# How long a join waits for the table to answer (connect, welcome, first view): a host
# that accepts the connection and says nothing must not leave the joiner waiting unseen.
JOIN_SECONDS = 10.0
# The most of a name from the host quoted in a message.
QUOTED_LENGTH = 40


class JoinRefused(Exception):
    """The host would not seat this link, could not be reached, or sent what this client
    cannot use; `reason` is for a person (cleaned: it may quote the host)."""

    def __init__(self, reason: str) -> None:
        reason = clean_text(reason)
        super().__init__(reason)
        self.reason = reason


def _quoted(text: str) -> str:
    return repr(text if len(text) <= QUOTED_LENGTH else text[: QUOTED_LENGTH - 1] + "…")


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
        """Connects and says hello; returns once the first view is in.  Raises JoinRefused,
        naming what is wrong, whatever stops it: an unreachable or silent table, a refused
        secret, a game this copy does not have, a welcome or a view it cannot read."""
        self._session = aiohttp.ClientSession()
        try:
            async with asyncio.timeout(JOIN_SECONDS):
                await self._greet()
        except TimeoutError:
            await self.close()
            raise JoinRefused(f"The table at {self._where} did not answer within {JOIN_SECONDS:g} seconds.") from None
        except JoinRefused:
            await self.close()
            raise
        self._reader = asyncio.ensure_future(self._read())

    @property
    def _where(self) -> str:
        return f"{self.link.host}:{self.link.port}"

    async def _greet(self) -> None:
        assert self._session is not None
        try:
            self._socket = await self._session.ws_connect(self.link.websocket_url, max_msg_size=MAX_HOST_MESSAGE_BYTES)
        except (aiohttp.ClientError, OSError) as error:
            raise JoinRefused(f"Could not reach the table at {self._where} ({error}).") from None
        hello = Hello(type="hello", version=PROTOCOL_VERSION, seat=self.seat, secret=self.link.secret)
        try:
            await self._socket.send_str(hello.model_dump_json())
        except (aiohttp.ClientError, OSError):
            raise JoinRefused(f"The table at {self._where} closed the connection at once.") from None
        while self.update is None:  # the welcome, then the first view
            try:
                message = await self._next()
                if message is None or isinstance(message, Refused):
                    closed = self.closed_reason or "The table closed the connection."
                    raise JoinRefused(message.reason if message else closed)
                self._take(message)
            except BadMessage as error:
                raise JoinRefused(error.reason) from None

    async def _next(self) -> HostMessage | None:
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
            if self._socket is not None:
                await self._socket.close()  # nothing more from this table can be used
        finally:
            if self.closed_reason is None:
                self.closed_reason = "The table closed the connection."
            self.changed.set()
            for listener in self.listeners:
                listener(None)

    def _take(self, message: HostMessage) -> None:
        """Keeps what `message` says; BadMessage (naming what is wrong) for what this client cannot use."""
        if isinstance(message, Welcome):
            self._welcome(message)
        elif isinstance(message, ViewUpdate):
            log = self.log[: message.log_from] + message.log
            self.view = self._view(message, log)
            self.log = log
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
        elif isinstance(message, TablePaused):
            self.closed_reason = TABLE_PAUSED  # the host closes the connection next
        self.changed.set()
        for listener in self.listeners:
            listener(message)

    def _welcome(self, message: Welcome) -> None:
        if message.version != PROTOCOL_VERSION:
            raise BadMessage(
                f"The table speaks version {message.version} of the table's protocol; this copy of "
                f"boardgames-tui speaks {PROTOCOL_VERSION}: the host and the joiner need the same version."
            )
        try:
            game = get_game(message.game)
        except KeyError:
            raise BadMessage(
                f"The table plays {_quoted(message.game)}, a game this copy of boardgames-tui does not have "
                f"(it has {', '.join(slugs())})."
            ) from None
        if message.seat != self.seat or not 0 <= self.seat < len(message.seats):
            raise BadMessage(f"The table's welcome is not for seat {self.seat + 1}, the seat of this link.")
        self.game, self.rules = game, game.rules
        self.seats = message.seats
        self.remote_seats = message.remote_seats

    def _view(self, message: ViewUpdate, log: list[LogEntry]) -> GameState:
        """The seat's view the update holds, or BadMessage saying why it cannot be read."""
        if self.game is None or self.rules is None:
            raise BadMessage("The table sent a view before it said which game it plays.")
        try:
            return self.rules.load_state({**message.view, "log": log})
        except ValidationError as error:
            problem = first_problem(error)
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            problem = clean_text(str(error) or error.__class__.__name__)[:120]
        raise BadMessage(f"The table sent a view of {self.game.title} that this copy cannot read ({problem}).")

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
