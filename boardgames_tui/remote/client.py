"""A remote seat's end of the wire: joins a host with its link, keeps the seat's view
(its log built up from the lines the host sends), and sends the seat's own actions.

The host is the authority on the game; the client only ever holds what `rules.view` gave
its seat.  It is not trusted as text: every string it sends is cleaned as it arrives
(`parse_host_message`), and every way a join can fail ends in `JoinRefused` naming what
is wrong, for the player to read.

A joined seat stays joined: when its connection is lost (the host restarted or paused
the table, a network blip) it rejoins by itself with the same link, after waits that
grow (`REJOIN_DELAYS`), and says meanwhile what was lost and when it tries again (`lost`).
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

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
    WATCH_LINK_REPLACED,
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
    Watch,
    Welcome,
    parse_host_message,
)


# How long a join waits for the table to answer (connect, welcome, first view): a host
# that accepts the connection and says nothing must not leave the joiner waiting unseen.
JOIN_SECONDS = 10.0
# The most of a name from the host quoted in a message.
QUOTED_LENGTH = 40
# The waits before each try to rejoin a lost table, in seconds: a blip is over in a
# second, and a table paused overnight is tried twice a minute (the last wait repeats).
REJOIN_DELAYS = (1.0, 2.0, 4.0, 8.0, 16.0, 30.0)
# Each wait is up to this share longer or shorter, at random: the seats of a table that
# comes back do not all knock at the same instant.
REJOIN_JITTER = 0.1
# A host gone without a word (a cable pulled, a laptop closed) is noticed within about
# this many seconds: the client pings it, as the host pings its seats.
HEARTBEAT_SECONDS = 20.0
# What a seat says when its table went away without saying why.
CONNECTION_LOST = "Connection lost"
JOINED_AGAIN_ELSEWHERE = "Your seat was opened again elsewhere with the same link (another terminal or a browser)."
WATCH_LINK_GONE = "The host replaced this table's watch link: ask the host for the new one."


class JoinRefused(Exception):
    """The host would not seat this link, could not be reached, or sent what this client
    cannot use; `reason` is for a person (cleaned: it may quote the host)."""

    def __init__(self, reason: str) -> None:
        reason = clean_text(reason)
        super().__init__(reason)
        self.reason = reason


class TableUnavailable(JoinRefused):
    """The table could not be reached, closed the connection, or turned the seat away:
    it may take the seat later (a host restarting, a table paused, a busy host), so a
    seat that was in tries again.  `said_by_host`: the host's own refusal."""

    def __init__(self, reason: str, *, said_by_host: bool = False) -> None:
        super().__init__(reason)
        self.said_by_host = said_by_host


@dataclass
class LostTable:
    """A joined seat's table while the connection is lost and the seat tries to rejoin."""

    # What was lost, for a person: `CONNECTION_LOST`, or why the host turned the seat away.
    reason: str
    # The host said it paused the table: it opens again when the host resumes the game.
    paused: bool = False
    # When (`time.monotonic`) the next try starts; None while a try is under way.
    next_try: float | None = None

    def seconds_left(self) -> int | None:
        """Whole seconds until the next try (at least 1), or None while one is under way."""
        if self.next_try is None:
            return None
        return max(1, math.ceil(self.next_try - time.monotonic()))


def _unreachable(error: BaseException) -> str:
    """Why a table could not be reached, for a person (not the library's words)."""
    cause = error.os_error if isinstance(error, aiohttp.ClientConnectorError) else error
    if isinstance(cause, ConnectionRefusedError):
        return "nothing answers there now. The host may have paused the table or not opened it yet: join again once it is open."
    if isinstance(cause, OSError) and cause.strerror:
        return f"{cause.strerror}."
    return f"{clean_text(str(cause)) or cause.__class__.__name__}."


def _quoted(text: str) -> str:
    return repr(text if len(text) <= QUOTED_LENGTH else text[: QUOTED_LENGTH - 1] + "…")


class RemoteSeat:
    """One joined seat.  `update` is the host's latest word, `view` the seat's view.
    Joined with a watch link, its seat is `SPECTATOR` and its view the public one.
    `rejoin_delays`: the waits before each try to rejoin a lost table (default
    `REJOIN_DELAYS`); none, and a lost connection ends the seat."""

    def __init__(self, link: JoinLink, rejoin_delays: Sequence[float] | None = None) -> None:
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
        # Of those away, the seats whose players have not joined the table yet.
        self.not_joined: set[int] = set()
        self.refusals: list[str] = []
        # The host's last refusal, until its next view (a screen shows it meanwhile).
        self.refused: str | None = None
        # Called on the loop after every message from the host (a screen redraws), and
        # with None when the connection is lost, ends, or a wait to rejoin counts a second.
        self.listeners: list[Callable[[Any], None]] = []
        # Why the seat is not at its table any more, for good (no rejoin follows).
        self.closed_reason: str | None = None
        self.rejoin_delays = tuple(REJOIN_DELAYS if rejoin_delays is None else rejoin_delays)
        # While the connection is lost and the seat tries to rejoin.
        self.lost: LostTable | None = None
        # How many times the host welcomed this seat: a rejoined table counts its
        # revisions from 0 again when its host restarted.
        self.welcomes = 0
        # The host's closing word on the connection that ended last.
        self._farewell: str | None = None
        # The host said it paused the table (`TablePaused`) on the connection that ended last.
        self._paused = False
        # Not the game's randomness: only how long a wait to rejoin is.
        self._jitter = random.Random()
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()

    async def join(self) -> None:
        """Connects and says hello; returns once the first view is in.  Raises JoinRefused,
        naming what is wrong, whatever stops it: an unreachable or silent table, a refused
        secret, a game this copy does not have, a welcome or a view it cannot read."""
        await self._connect()
        self._reader = asyncio.ensure_future(self._stay())

    @property
    def _where(self) -> str:
        return f"{self.link.host}:{self.link.port}"

    async def _connect(self) -> None:
        """One try at the table, within `JOIN_SECONDS`; raises JoinRefused (leaving
        nothing open), TableUnavailable where a later try may do better."""
        self._session = aiohttp.ClientSession()
        try:
            async with asyncio.timeout(JOIN_SECONDS):
                await self._greet()
        except TimeoutError:
            await self._disconnect()
            raise TableUnavailable(f"The table at {self._where} did not answer within {JOIN_SECONDS:g} seconds.") from None
        except BaseException:  # refused, or cancelled (the seat left meanwhile)
            await self._disconnect()
            raise

    async def _greet(self) -> None:
        """Connects, says hello, and reads the welcome, then the first view."""
        assert self._session is not None
        self._farewell = None
        self._paused = False
        try:
            self._socket = await self._session.ws_connect(
                self.link.websocket_url, max_msg_size=MAX_HOST_MESSAGE_BYTES, heartbeat=HEARTBEAT_SECONDS
            )
        except (aiohttp.ClientError, OSError) as error:
            raise TableUnavailable(f"Could not reach the table at {self._where}: {_unreachable(error)}") from None
        hello: Hello | Watch = (
            Watch(type="watch", version=PROTOCOL_VERSION, secret=self.link.secret)
            if self.link.is_watch_link
            else Hello(type="hello", version=PROTOCOL_VERSION, seat=self.seat, secret=self.link.secret)
        )
        try:
            await self._socket.send_str(hello.model_dump_json())
        except (aiohttp.ClientError, OSError):
            raise TableUnavailable(f"The table at {self._where} closed the connection at once.") from None
        welcomed = False
        while True:
            try:
                message = await self._next()
                if message is None:
                    if self._farewell == JOINED_ELSEWHERE.decode():
                        raise JoinRefused(JOINED_AGAIN_ELSEWHERE)
                    raise TableUnavailable("The table closed the connection.")
                if isinstance(message, (Refused, TablePaused)):
                    reason = message.reason if isinstance(message, Refused) else TABLE_PAUSED
                    raise TableUnavailable(reason, said_by_host=True)
                if isinstance(message, ViewUpdate) and not welcomed:
                    raise BadMessage("The table sent a view before it said which game it plays.")
                self._take(message)
            except BadMessage as error:
                raise JoinRefused(error.reason) from None
            welcomed = welcomed or isinstance(message, Welcome)
            if isinstance(message, ViewUpdate):
                return

    async def _next(self) -> HostMessage | None:
        assert self._socket is not None
        message = await self._socket.receive()
        if message.type == aiohttp.WSMsgType.CLOSE:
            self._farewell = message.extra
        if message.type != aiohttp.WSMsgType.TEXT:
            return None
        return parse_host_message(message.data)

    async def _stay(self) -> None:
        """Reads the host's messages; when the connection is lost, rejoins, until the
        seat leaves or the table ends for good (`closed_reason`)."""
        try:
            while self.closed_reason is None:
                await self._read()
                if self.lost is not None:
                    await self._rejoin()
        finally:
            if self.closed_reason is None:
                self.closed_reason = "The table closed the connection."
            self.lost = None
            self._tell(None)

    async def _read(self) -> None:
        """Until the connection ends; then either `closed_reason` (for good) or `lost`."""
        try:
            while (message := await self._next()) is not None:
                self._take(message)
        except BadMessage as error:
            self.closed_reason = error.reason
            if self._socket is not None:
                await self._socket.close()  # nothing more from this table can be used
            return
        paused = self._paused
        if self._farewell == JOINED_ELSEWHERE.decode():
            self.closed_reason = JOINED_AGAIN_ELSEWHERE
        elif self._farewell == WATCH_LINK_REPLACED.decode():
            self.closed_reason = WATCH_LINK_GONE
        elif not self.rejoin_delays or (self.update is not None and self.update.over):
            self.closed_reason = TABLE_PAUSED if paused else "The table closed the connection."
        else:
            self.lost = LostTable(TABLE_PAUSED if paused else CONNECTION_LOST, paused=paused)
            self._tell(None)

    async def _rejoin(self) -> None:
        """Tries the table again after each of `rejoin_delays` in turn (the last one
        repeated) until it takes the seat back, or refuses it for good."""
        lost = self.lost
        assert lost is not None
        await self._disconnect()
        tries = 0
        while True:
            delay = self.rejoin_delays[min(tries, len(self.rejoin_delays) - 1)]
            tries += 1
            await self._count_down(lost, delay * self._jitter.uniform(1 - REJOIN_JITTER, 1 + REJOIN_JITTER))
            try:
                await self._connect()
            except TableUnavailable as unavailable:
                if unavailable.said_by_host:  # still paused, or refusing the seat for now
                    lost.reason, lost.paused = unavailable.reason, unavailable.reason == TABLE_PAUSED
                continue
            except JoinRefused as refusal:
                self.closed_reason = refusal.reason
            return  # rejoined: `_take` put `lost` away with the first view

    async def _count_down(self, lost: LostTable, seconds: float) -> None:
        """Waits `seconds`, telling the listeners each second (a screen shows the count)."""
        lost.next_try = time.monotonic() + seconds
        while (left := lost.next_try - time.monotonic()) > 0:
            self._tell(None)
            await asyncio.sleep(left % 1 or 1.0)
        lost.next_try = None
        self._tell(None)

    def _tell(self, message: Any) -> None:
        self.changed.set()
        for listener in list(self.listeners):
            listener(message)

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
            self.not_joined = set(message.not_joined)
            self.lost = None  # a table rejoined is back with its first view
        elif isinstance(message, Refused):
            self.refusals.append(message.reason)
            self.refused = message.reason
        elif isinstance(message, Away):
            self.away.add(message.seat)
        elif isinstance(message, Back):
            self.away.discard(message.seat)
            self.not_joined.discard(message.seat)
        elif isinstance(message, TablePaused):
            self._paused = True  # the host closes the connection next
        self._tell(message)

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
        if self.link.is_watch_link:
            if message.seat != self.seat:
                raise BadMessage("The table's welcome is for a seat, not for this watch link.")
        elif message.seat != self.seat or not 0 <= self.seat < len(message.seats):
            raise BadMessage(f"The table's welcome is not for seat {self.seat + 1}, the seat of this link.")
        if self.game is not None and game is not self.game:
            raise BadMessage(f"The table plays {game.title} now, not the game of {self.game.title} this seat was in.")
        self.game, self.rules = game, game.rules
        self.welcomes += 1
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
        assert self.rules is not None and self.update is not None
        revision = self.update.revision if revision is None else revision
        await self._send(Act(type="act", seat=self.seat, revision=revision, action=self.rules.dump_action(action)))

    async def undo(self) -> None:
        assert self.update is not None
        await self._send(Undo(type="undo", seat=self.seat, revision=self.update.revision))

    async def _send(self, message: Act | Undo) -> None:
        socket = self._socket
        if socket is None or socket.closed:
            return  # lost meanwhile: the reader says so, and the move was not made
        try:
            await socket.send_str(message.model_dump_json())
        except (aiohttp.ClientError, ConnectionError):
            pass  # the same, found while sending

    @property
    def score_sheet(self) -> ScoreSheet | None:
        return None if self.update is None else self.update.score_sheet

    async def close(self) -> None:
        """Leaves the table: the connection closes (the host says "away" at once) and no
        rejoin follows."""
        if self._reader is not None:
            # Stopped first: a connection closed under it would be a loss to rejoin.
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        await self._disconnect()

    async def _disconnect(self) -> None:
        socket, session, self._socket, self._session = self._socket, self._session, None, None
        if socket is not None:
            await socket.close()
        if session is not None:
            await session.close()
