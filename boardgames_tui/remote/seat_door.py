"""The door of a hosted table: each websocket that comes to it, from its hello to its
last message.

Every client message is untrusted: size-capped by aiohttp, parsed by `wire`'s strict
models, authenticated by its seat's secret (constant-time compare), rate-limited, and
refused with a reason that changes nothing.  A connection acts only for the seat whose
secret it gave.  Until it has given one it is a stranger, held within the host's
`ConnectionBudget` (in number, per address and in time), which keeps the descriptors
the saves need out of the connections' reach.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from typing import Any

from aiohttp import WSMsgType, web
from pydantic import ValidationError

from boardgames_tui.engine.contract import SPECTATOR, IllegalMove
from boardgames_tui.remote.wire import (
    JOINED_ELSEWHERE,
    MAX_CLIENT_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    TABLE_PAUSED,
    WATCHING_REFUSAL,
    Act,
    Away,
    Back,
    BadMessage,
    Hello,
    Refused,
    Watch,
    Welcome,
    parse_client_message,
)

# A person sends a few messages a second at most; a burst of this many is allowed, then
# this many a second.  Beyond that, messages are dropped unread (one refusal says so).
RATE_BURST = 20
RATE_PER_SECOND = 10.0


class RateLimit:
    """A token bucket: `RATE_BURST` messages at once, refilled at `RATE_PER_SECOND`."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND) -> None:
        self.burst = burst
        self.per_second = per_second
        self.tokens = float(burst)
        self.last = time.monotonic()
        self.told = False

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.told = False
            return True
        return False

    def should_tell(self) -> bool:
        """Whether to say "too many" for this dropped message: once per flood."""
        if self.told:
            return False
        self.told = True
        return True


class SeatConnection:
    """One remote seat's websocket, and what of its view it has been sent."""

    def __init__(self, seat: int, socket: web.WebSocketResponse) -> None:
        self.seat = seat
        self.socket = socket
        self.sent_log: list[Any] = []
        # Messages go out in order through one writer, however many changes queue them.
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer: asyncio.Future[None] | None = None

    def send(self, message: Any) -> None:
        self.outbox.put_nowait(message.model_dump_json())

    async def write(self) -> None:
        while (text := await self.outbox.get()) is not None:
            if self.socket.closed:
                return
            try:
                await self.socket.send_str(text)
            except (ConnectionError, RuntimeError):
                return  # the seat went away: its reader's `finally` says so


class SeatDoor:
    """Greets each websocket of `host`'s table, seats it by its secret (or lets it watch),
    then does what each of its messages asks, or says why not."""

    def __init__(self, host: Any) -> None:
        self.host = host

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        host = self.host
        problem = host.request_problem(request)
        if problem is not None:
            raise problem
        # max_msg_size: a longer frame is refused from its header (close 1009), unread.
        socket = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE_BYTES, heartbeat=20.0)
        connection: SeatConnection | None = None
        limit = RateLimit(*host.rate)
        try:
            try:
                await socket.prepare(request)
                connection = await self._greet(request, socket, limit)
            except ConnectionError:
                return socket  # sent away (or gone) before it said hello
            if connection is None:
                return socket
            connection.writer = asyncio.ensure_future(connection.write())
            async for message in socket:
                if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                if not limit.allow():
                    if limit.should_tell():
                        connection.send(Refused(reason="Too many messages: slow down."))
                    continue
                reason = self.handle(connection, message.data)
                if reason is not None:
                    connection.send(Refused(reason=reason))
        finally:
            if connection is not None:
                connection.outbox.put_nowait(None)
            if connection is not None and connection.seat == SPECTATOR:
                host.spectators.went(connection)
            if connection is not None and host.connections.get(connection.seat) is connection and not host.paused:
                del host.connections[connection.seat]
                host.presence.went(connection.seat)
                name = host.match.seats[connection.seat].name
                host.tell_everyone(Away(seat=connection.seat, name=name), but=connection.seat)
                host.tell_listeners()
        return socket

    async def _greet(self, request: web.Request, socket: web.WebSocketResponse, limit: RateLimit) -> SeatConnection | None:
        """Reads the hello, unless the budget sends the connection away first (it is told
        why); on a good secret, seats the connection (replacing an older one of the same
        seat: a player whose laptop closed comes back before the host noticed)."""
        host = self.host
        sent_away: asyncio.Future[str] = asyncio.get_running_loop().create_future()

        def farewell(reason: str) -> None:
            if not sent_away.done():
                sent_away.set_result(reason)

        host.budget.on_farewell(request.transport, farewell)
        receiving = asyncio.ensure_future(socket.receive())
        try:
            await asyncio.wait((receiving, sent_away), return_when=asyncio.FIRST_COMPLETED)
        finally:
            receiving.cancel()
            await asyncio.gather(receiving, return_exceptions=True)
        if sent_away.done():
            return await self._refuse_and_close(request, socket, sent_away.result())
        message = receiving.result()
        if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return None
        limit.allow()
        try:
            hello = parse_client_message(message.data)
        except BadMessage as error:
            return await self._refuse_and_close(request, socket, error.reason)
        if not isinstance(hello, (Hello, Watch)):
            return await self._refuse_and_close(request, socket, "Say hello with your seat's secret first.")
        if host.paused:
            return await self._refuse_and_close(request, socket, TABLE_PAUSED)
        if hello.version != PROTOCOL_VERSION:
            return await self._refuse_and_close(
                request, socket, f"This host speaks version {PROTOCOL_VERSION} of the table's protocol; yours is {hello.version}."
            )
        if isinstance(hello, Watch):
            refusal = host.spectators.refusal(hello.secret)
            if refusal is not None:
                return await self._refuse_and_close(request, socket, refusal)
            host.budget.trust(request.transport)
            return host.spectators.came(SeatConnection(SPECTATOR, socket))
        expected = host.match.remote_secrets.get(hello.seat, "")
        # Compared in constant time whatever the seat, so timing tells nothing.
        if not hmac.compare_digest(hello.secret.encode(), (expected or "\0").encode()) or not expected:
            return await self._refuse_and_close(request, socket, "That link is not valid for this table.")
        host.budget.trust(request.transport)
        previous = host.connections.get(hello.seat)
        connection = SeatConnection(hello.seat, socket)
        host.connections[hello.seat] = connection
        # Here before its first view is made, which says who is away.
        host.presence.came(hello.seat)
        if previous is not None:
            await previous.socket.close(message=JOINED_ELSEWHERE)
        match = host.match
        connection.send(Welcome(game=host.rules.slug, seat=hello.seat, seats=match.seats, remote_seats=host.remote_seats))
        host.send_view(connection)
        host.tell_everyone(Back(seat=hello.seat, name=match.seats[hello.seat].name), but=hello.seat)
        host.tell_listeners()
        return connection

    async def _refuse_and_close(self, request: web.Request, socket: web.WebSocketResponse, reason: str) -> None:
        """Says why, then closes without waiting on the stranger's answer to a close."""
        await socket.send_str(Refused(reason=reason).model_dump_json())
        self.host.budget.close(request.transport)
        return None

    def handle(self, connection: SeatConnection, data: str | bytes) -> str | None:
        """Does what one message asks; returns why not (and changes nothing), or None."""
        host = self.host
        try:
            message = parse_client_message(data)
        except BadMessage as error:
            return error.reason
        if host.paused:
            return TABLE_PAUSED
        seat = connection.seat
        if seat == SPECTATOR:
            return "You are already watching." if isinstance(message, (Hello, Watch)) else WATCHING_REFUSAL
        if isinstance(message, (Hello, Watch)):
            return "You have already joined."
        if message.seat != seat:
            return f"You play {host.match.seats[seat].name}'s seat only."
        if seat in host.stand_ins:
            return "A bot is playing your seat: ask the host to hand it back."
        if message.revision != host.revision:
            return "The game has moved on since you chose that: look again."
        try:
            if isinstance(message, Act):
                try:
                    action = host.rules.parse_action(message.action)
                except (ValidationError, ValueError, TypeError):
                    return f"That is not a move of {host.rules.title}."
                host.submit(seat, action)
            else:
                host.undo(seat)
        except IllegalMove as refusal:
            return refusal.reason
        return None
