"""A server's budget of connections, shared by `host` and `serve`.

A connection is *waiting* from the moment it is accepted until the server trusts it (a
seat's valid hello, a browser seat's secret, `serve`'s token on its terminal's websocket).
Waiting connections are strangers for all the server knows, so they are bounded:

- in time: one still waiting `hello_seconds` after its accept is closed;
- in number, from one address and in all: a new one beyond either cap sends away the
  oldest waiting one of the same address, or of the address holding the most, so
  strangers can never hold every place and a player arriving is always let in;
- without waiting on them: a connection sent away is reset at once, or, where its
  handler has a word to say (`on_farewell`), given `CLOSE_GRACE_SECONDS` to take it.

Every connection the server holds at all (trusted ones are one or two per seat) is
counted against a cap well below the process's file descriptor limit, read with
`resource.getrlimit`: the descriptors the process needs for itself, a save written after
every move first, are never spent on connections.

Pure asyncio: it wraps any protocol factory (aiohttp's web server, here).
"""

from __future__ import annotations

import asyncio
from typing import Callable

# A joining terminal says hello at once; a browser's page and its files take longer on a
# slow phone, so this leaves them room.
HELLO_SECONDS = 10.0
MAX_WAITING = 64
MAX_WAITING_PER_ADDRESS = 16
# The listening socket's queue; asyncio also accepts at most this many connections at a
# time before the budget looks at them, so it counts against the descriptors too.
LISTEN_BACKLOG = 32
# Descriptors kept for the process itself: Python and its event loop, the listening
# sockets, the save being written, a browser seat's or watcher's pipes, the terminal.
OWN_DESCRIPTORS = 64
# Trusted connections are a few per seat at most: a terminal or a browser page and its
# app's own connection for each of at most eight seats, and the ones being replaced.
TRUSTED_ROOM = 32
# A hosted table's watchers (its watch link) hold trusted connections beyond the seats':
# at most this many, and never so many that a seat or a stranger finds no room.
MAX_SPECTATORS = 256
# How long a connection sent away with a word is given to take it before it is reset.
CLOSE_GRACE_SECONDS = 2.0
# Where the limit cannot be read (no `resource` module) or is unlimited.
DEFAULT_MAX_CONNECTIONS = 1024

BUSY = "The table is busy with connections that have not joined: join again in a moment."
SILENT = "Nothing that joins a seat came on this connection in time, so the table closed it."


def descriptor_limit() -> int | None:
    """The process's soft limit of open files, or None where there is none to read."""
    try:
        import resource
    except ImportError:
        return None  # not a Unix
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def connections_within(limit: int | None) -> int:
    """How many connections a server holds at most under a descriptor limit of `limit`."""
    if limit is None:
        return DEFAULT_MAX_CONNECTIONS
    return max(16, limit - OWN_DESCRIPTORS - LISTEN_BACKLOG)


class Held:
    """One connection the server holds, and how far it has come."""

    __slots__ = ("transport", "address", "trusted", "leaving", "timer", "farewell")

    def __init__(self, transport: asyncio.BaseTransport, address: str | None) -> None:
        self.transport = transport
        self.address = address
        self.trusted = False
        self.leaving = False
        self.timer: asyncio.TimerHandle | None = None
        # Its handler's way to tell it why it is sent away (then it closes it).
        self.farewell: Callable[[str], None] | None = None

    @property
    def waiting(self) -> bool:
        return not self.trusted and not self.leaving

    def stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


class ConnectionBudget:
    """A server's connections: each waiting one bounded in time, in number per address
    and in all; every one counted against the descriptors (see the module)."""

    def __init__(
        self,
        *,
        hello_seconds: float = HELLO_SECONDS,
        max_waiting: int | None = None,
        per_address: int = MAX_WAITING_PER_ADDRESS,
        max_connections: int | None = None,
    ) -> None:
        self.hello_seconds = hello_seconds
        self.max_connections = connections_within(descriptor_limit()) if max_connections is None else max_connections
        if max_waiting is None:
            max_waiting = max(4, min(MAX_WAITING, self.max_connections - TRUSTED_ROOM))
        self.max_waiting = max_waiting
        self.per_address = min(per_address, max_waiting)
        # Oldest first (a dict keeps the order its keys came in).
        self.held: dict[asyncio.BaseTransport, Held] = {}

    # -- the door ----------------------------------------------------------------------
    async def listen(self, make: Callable[[], asyncio.Protocol], host: str, port: int) -> asyncio.AbstractServer:
        """Listens on `host`:`port` for `make`'s protocols (aiohttp's web server), each
        connection let in by this budget first.  OSError when it cannot listen there."""

        def budgeted() -> Budgeted:
            return Budgeted(self, make())

        return await asyncio.get_running_loop().create_server(budgeted, host, port, backlog=LISTEN_BACKLOG)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Counts a new connection in, sending away an older waiting one if a cap is
        reached; False (the caller resets it) only when nothing can make room."""
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        if len(self.held) >= self.max_connections:
            room = self._oldest(lambda held: held.leaving) or self._oldest(lambda held: held.waiting)
            if room is None:
                return False
            self._reset(room)
        same_address = [held for held in self.held.values() if held.waiting and held.address == address]
        if len(same_address) >= self.per_address:
            self._send_away(same_address[0], BUSY)
        elif sum(held.waiting for held in self.held.values()) >= self.max_waiting:
            self._send_away(self._oldest_of_the_busiest_address(), BUSY)
        held = self.held[transport] = Held(transport, address)
        held.timer = asyncio.get_running_loop().call_later(self.hello_seconds, self._expire, held)
        return True

    def gone(self, transport: asyncio.BaseTransport) -> None:
        held = self.held.pop(transport, None)
        if held is not None:
            held.stop_timer()

    # -- what the server says of a connection --------------------------------------------
    def trust(self, transport: asyncio.BaseTransport | None) -> None:
        """The connection proved itself: no longer timed, counted or sent away."""
        held = self.held.get(transport) if transport is not None else None
        if held is not None and held.waiting:
            held.trusted = True
            held.stop_timer()

    def on_farewell(self, transport: asyncio.BaseTransport | None, farewell: Callable[[str], None]) -> None:
        """While it waits, the connection is told why before it is sent away, by
        `farewell(reason)` (which then calls `close`)."""
        held = self.held.get(transport) if transport is not None else None
        if held is not None and held.waiting:
            held.farewell = farewell

    def close(self, transport: asyncio.BaseTransport | None) -> None:
        """Closes without waiting on the peer: what was written goes out, then the
        connection ends; one whose peer does not read it is reset after the grace."""
        if transport is None:
            return
        transport.close()
        held = self.held.get(transport)
        if held is not None and not held.leaving:
            self._leave(held)

    def reset_strangers(self) -> None:
        """Resets every connection not trusted (the server is stopping: nothing is owed them)."""
        for held in list(self.held.values()):
            if not held.trusted:
                self._reset(held)

    @property
    def spectator_room(self) -> int:
        """How many watchers the server may hold: what is left beside the strangers
        waiting and the seats' own connections (`TRUSTED_ROOM`)."""
        return max(0, min(MAX_SPECTATORS, self.max_connections - self.max_waiting - TRUSTED_ROOM))

    @property
    def waiting(self) -> int:
        return sum(held.waiting for held in self.held.values())

    # -- sending away ----------------------------------------------------------------------
    def _expire(self, held: Held) -> None:
        held.timer = None
        if held.waiting:
            self._send_away(held, SILENT)

    def _send_away(self, held: Held, reason: str) -> None:
        if held.farewell is None:
            self._reset(held)
            return
        self._leave(held)
        held.farewell(reason)

    def _leave(self, held: Held) -> None:
        """Given the grace to take its last word, then reset."""
        held.stop_timer()
        held.leaving = True
        held.timer = asyncio.get_running_loop().call_later(CLOSE_GRACE_SECONDS, held.transport.abort)

    def _reset(self, held: Held) -> None:
        # Counted out at once: its descriptor is closed on the loop's next turn.
        held.stop_timer()
        self.held.pop(held.transport, None)
        held.transport.abort()

    def _oldest(self, which: Callable[[Held], bool]) -> Held | None:
        return next((held for held in self.held.values() if which(held)), None)

    def _oldest_of_the_busiest_address(self) -> Held:
        counts: dict[str | None, int] = {}
        for held in self.held.values():
            if held.waiting:
                counts[held.address] = counts.get(held.address, 0) + 1
        busiest = max(counts, key=counts.__getitem__)
        oldest = self._oldest(lambda held: held.waiting and held.address == busiest)
        assert oldest is not None
        return oldest


class Budgeted(asyncio.Protocol):
    """A server's protocol for one connection, let in by the budget and counted out by it."""

    def __init__(self, budget: ConnectionBudget, inner: asyncio.Protocol) -> None:
        self.budget = budget
        self.inner = inner
        self.transport: asyncio.BaseTransport | None = None
        self.admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        if not self.budget.admit(transport):
            transport.abort()
            return
        self.admitted = True
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:
            self.budget.gone(self.transport)
        if self.admitted:
            self.inner.connection_lost(exc)
