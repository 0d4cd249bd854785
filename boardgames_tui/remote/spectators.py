"""The people watching a hosted table through its watch link.

A watch link holds the table's watch secret, never a seat's: its connection says
`watch` (not `hello`), and from then on it is sent what nobody at the table needs to
hide, the rules' public view (`rules.view(state, SPECTATOR)`, whose log holds the
public lines only) after every change, and the seats' comings and goings.  It never
acts: every message it sends after its `watch` is refused with a reason and changes
nothing.  Watchers may be many, as many as the host's `ConnectionBudget` leaves room
for beside its seats and its strangers; all of them are sent the very same message.
"""

from __future__ import annotations

import hmac
from typing import Any

from boardgames_tui.engine.contract import SPECTATOR
from boardgames_tui.remote.wire import ViewUpdate, Welcome


class PublicFeed:
    """The public view's log as the watchers have had it (the host's `view_update`
    reads and keeps `sent_log`, as it does a seat's connection's)."""

    seat = SPECTATOR

    def __init__(self) -> None:
        self.sent_log: list[Any] = []


class Spectators:
    """A host's watchers (`SeatConnection`s whose seat is `SPECTATOR`), and the browser
    pages that watch (each also holds its app's own connection, one of these)."""

    def __init__(self, host: Any) -> None:
        self.host = host  # the RemoteHost (host.py imports this module)
        self.connections: list[Any] = []
        self.browser_pages = 0
        # What every watcher has had of the log: each one is sent the whole log as it
        # arrives, then all of them the same lines.
        self.feed = PublicFeed()

    def __len__(self) -> int:
        return len(self.connections)

    def full(self) -> bool:
        return len(self.connections) + self.browser_pages >= self.host.budget.spectator_room

    def refusal(self, secret: str) -> str | None:
        """Why a connection that says `watch` with `secret` may not watch; None: it may."""
        # Compared in constant time, so timing tells nothing of the secret.
        if not hmac.compare_digest(secret.encode(), self.host.match.watch_secret.encode()):
            return "That watch link is not valid for this table."
        if self.full():
            return "This table has as many watching as it can take: try again later."
        return None

    def came(self, connection: Any) -> Any:
        """`connection` watches from now on (returned, for the host to read from)."""
        host = self.host
        self.connections.append(connection)
        connection.send(Welcome(game=host.rules.slug, seat=SPECTATOR, seats=host.match.seats, remote_seats=host.remote_seats))
        connection.send(host.view_update(connection))  # the whole log
        self.feed.sent_log = connection.sent_log  # which the others have had too
        self._counted()
        return connection

    def went(self, connection: Any) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
            self._counted()

    def _counted(self) -> None:
        self.host.presence.spectators_now(len(self.connections))

    def send_views(self) -> None:
        """The public view after a change, one message for them all."""
        if self.connections:
            self.tell(self.host.view_update(self.feed))

    def tell(self, message: Any) -> None:
        text = message.model_dump_json()
        for connection in self.connections:
            connection.outbox.put_nowait(text)

    def update(self) -> ViewUpdate:
        """What a watcher arriving now is sent: the public view, its whole log, and
        nothing of any seat's own (no undo, no moves of its own, no changes marked)."""
        return self.host.view_update(PublicFeed())
