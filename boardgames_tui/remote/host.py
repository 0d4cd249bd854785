"""The host of a table across machines: the only authority over its match.

It holds the `Match`, runs the rules on every action a remote seat sends, autosaves as
a local game does, plays its bots (and any absent seat handed to a bot), and after every
change pushes each connected remote seat its own view — never a state — and its
watchers (remote/spectators.py) the public one.  Who of the remote
seats is here is the host's to know (`SeatPresence`), never the match's history: the
match's table answers `away` and `stand_ins` from it while the host serves.

Built on aiohttp's websocket server and client: aiohttp is already what `serve` stands
on (textual-serve needs it), it is well kept, it refuses an oversized frame from its
header (`max_msg_size`) without reading the payload, and one library serves both ends.

Every client message is untrusted: each websocket comes in through the table's door
(remote/seat_door.py), which greets it, checks its seat's secret and refuses with a
reason that changes nothing.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any, Callable, Iterable, Literal
from urllib.parse import urlsplit

from aiohttp import web

from boardgames_tui.addresses import is_loopback, is_loopback_host_header
from boardgames_tui.connection_budget import ConnectionBudget
from boardgames_tui.engine.bots import make_bot
from boardgames_tui.engine.contract import NO_CHANGES, SPECTATOR, GameState
from boardgames_tui.engine.match import Match, new_secret
from boardgames_tui.remote.seat_door import RATE_BURST, RATE_PER_SECOND, SeatConnection, SeatDoor
from boardgames_tui.remote.spectators import PublicFeed, Spectators
from boardgames_tui.remote.wire import (
    MAX_CLIENT_MESSAGE_BYTES,
    WATCH_LINK_REPLACED,
    WATCH_PATH,
    WATCHING_REFUSAL,
    WEBSOCKET_PATH,
    ChangesSeen,
    HiddenSection,
    JoinLink,
    TablePaused,
    ViewUpdate,
    json_marks,
)

# After a failed autosave (the moves are kept), the save is tried again this often.
SAVE_RETRY_SECONDS = 1.0
# The level of the bot that plays an absent seat the host handed to it.
STAND_IN_BOT_LEVEL = "normal"
# How long a pausing host waits for each seat's last messages (`TablePaused`) to go out.
PAUSE_WORD_SECONDS = 0.5

# What the host hears of a remote seat: its player joined for the first time since the
# table opened, came back, or went away.
SeatNews = Literal["joined", "back", "away"]


class SeatPresence:
    """Who of a hosted match's remote seats is here (the `Presence` of engine/table.py):
    each absent seat with the time it went (the table's opening, for a seat not joined
    since), the seats a bot plays for meanwhile, and the seats joined since the table
    opened.  `changed` is called after every change; each of `news` hears a seat come or
    go ("joined", "back" or "away"), for the host to be told."""

    def __init__(self, remote_seats: Iterable[int], changed: Callable[[], None]) -> None:
        # Nobody has joined a table that has just opened.
        opened = datetime.now().astimezone()
        self.gone_at: dict[int, datetime] = dict.fromkeys(remote_seats, opened)
        self.standing_in: set[int] = set()
        # How many watch through the watch link (remote/spectators.py).
        self.spectators = 0
        self.joined: set[int] = set()
        self.news: list[Callable[[int, SeatNews], None]] = []
        self._changed = changed

    def away(self) -> set[int]:
        return set(self.gone_at)

    def stand_ins(self) -> set[int]:
        return set(self.standing_in)

    def watching(self) -> int:
        return self.spectators

    def spectators_now(self, count: int) -> None:
        self.spectators = count
        self._changed()

    def away_since(self, seat: int) -> datetime | None:
        return self.gone_at.get(seat)

    def joined_yet(self, seat: int) -> bool:
        return seat in self.joined

    def came(self, seat: int) -> None:
        """`seat`'s player connected (perhaps again, from elsewhere, while still here)."""
        was_away = self.gone_at.pop(seat, None) is not None
        news: SeatNews = "back" if seat in self.joined else "joined"
        self.joined.add(seat)
        self._changed()
        if was_away:
            self._tell(seat, news)

    def went(self, seat: int) -> None:
        was_here = seat not in self.gone_at
        self.gone_at.setdefault(seat, datetime.now().astimezone())
        self._changed()
        if was_here:
            self._tell(seat, "away")

    def stand_in(self, seat: int, playing: bool) -> None:
        """A bot plays `seat` from now on (`playing`), or no longer does."""
        (self.standing_in.add if playing else self.standing_in.discard)(seat)
        self._changed()

    def _tell(self, seat: int, news: SeatNews) -> None:
        for listener in list(self.news):
            listener(seat, news)


class RemoteHost:
    """Hosts `match`: its seats of the "remote" kind, each opened by its secret in
    `match.remote_secrets`."""

    def __init__(
        self,
        match: Match,
        *,
        listen_host: str = "127.0.0.1",
        rate: tuple[int, float] = (RATE_BURST, RATE_PER_SECOND),
        budget: ConnectionBudget | None = None,
    ) -> None:
        self.match = match
        # (burst, per second): a person's pace; bots playing remote seats in tests go faster.
        self.rate = rate
        # The connections the host holds, sized from the process's descriptor limit.
        self.budget = budget or ConnectionBudget()
        self.rules = match.rules
        self.listen_host = listen_host
        self.port = 0
        self.connections: dict[int, SeatConnection] = {}
        # Rises at every change (a move or an undo): an action names the revision it was
        # chosen at, and one chosen at an older one is refused as stale.
        self.revision = 0
        # Called after every change, for the host's own screen.
        self.listeners: list[Callable[[], None]] = []
        self._bots: dict[tuple[int, str], Any] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None
        self._server: asyncio.AbstractServer | None = None
        self._save_retry: asyncio.Task[None] | None = None
        # Set as `stop` begins: the table takes no move and tells no one of anyone after it.
        self.paused = False
        self._views = ViewCache(match.rules)
        # Browser seats (remote/browser.py), where the `web` extra is installed.
        self.browser_seats: Any = None
        self.presence = SeatPresence(match.remote_seats, match.presence_changed)
        self.spectators = Spectators(self)
        self.door = SeatDoor(self)
        match.served_with(self.presence)
        # Every change reaches the seats, whoever made it: a remote seat, a bot, or a
        # person at the host's own keyboard through its screen.
        self._position = match.position
        self._unwatch = match.watch(self._changed)

    # -- seats ------------------------------------------------------------------------
    @property
    def remote_seats(self) -> list[int]:
        return self.match.remote_seats

    def link(self, seat: int, shown_host: str | None = None) -> JoinLink:
        host = shown_host or self.listen_host
        return JoinLink(host=host, port=self.port, seat=seat, secret=self.match.remote_secrets[seat])

    def watch_link(self, shown_host: str | None = None) -> JoinLink:
        """The link that shows the table's public view, to as many as want to watch."""
        host = shown_host or self.listen_host
        return JoinLink(host=host, port=self.port, seat=SPECTATOR, secret=self.match.watch_secret)

    async def replace_watch_link(self) -> JoinLink:
        """A new watch link in place of the old, which opens the table no more: whoever
        watches with the old one is sent away, told why.  The new secret is saved with
        the game, so Continue keeps it."""
        self.match.watch_secret = new_secret()
        self.match.autosave()
        watching = list(self.spectators.connections)
        await asyncio.gather(
            *(connection.socket.close(message=WATCH_LINK_REPLACED) for connection in watching), return_exceptions=True
        )
        return self.watch_link()

    def away(self) -> list[int]:
        return sorted(self.presence.away())

    @property
    def stand_ins(self) -> set[int]:
        """Remote seats the host handed to a bot while their players are away."""
        return self.presence.stand_ins()

    def is_played_here(self, seat: int) -> bool:
        """A seat the host's own process moves: a bot, or an absent seat handed to one."""
        return self.match.seats[seat].is_bot or seat in self.presence.standing_in

    def hand_to_bot(self, seat: int) -> None:
        if not self.match.seats[seat].is_remote:
            raise ValueError(f"{self.match.seats[seat].name} is not a remote seat")
        self.presence.stand_in(seat, True)
        self._send_views()  # the others' screens say a bot plays for the seat
        self._schedule_bots()

    def take_back_from_bot(self, seat: int) -> None:
        self.presence.stand_in(seat, False)
        self._send_views()

    # -- the authority --------------------------------------------------------------------
    def submit(self, seat: int, action: Any, *, stand_in: bool = False) -> None:
        """Commits `seat`'s action through the match (IllegalMove: nothing changes);
        `stand_in`: a bot chose it for the seat's absent player."""
        self.match.submit(seat, action, stand_in=stand_in)  # the match tells `_changed`

    def undo(self, seat: int) -> None:
        self.match.undo(seat)

    def _changed(self) -> None:
        if self.match.save_error is not None:
            self._retry_saving()
        if self.match.position is self._position:
            return  # a seat came or went: `Away`/`Back` told the others
        self._position = self.match.position
        self.revision += 1
        self._send_views()
        self.tell_listeners()
        self._schedule_bots()

    # -- what a seat is sent ----------------------------------------------------------------
    def view_update(self, connection: SeatConnection | PublicFeed) -> ViewUpdate:
        """What `connection` is sent now: its seat's view (a watcher's: the public one)
        with the log lines it has not had yet."""
        match, rules, seat = self.match, self.rules, connection.seat
        view = self._views.view(match.state, seat)
        log = view.log
        sent = connection.sent_log
        # The log only grows between undos: send the lines the seat has not had.
        log_from = len(sent) if len(sent) <= len(log) and log[: len(sent)] == sent else 0
        connection.sent_log = log
        over = rules.is_over(match.state)
        report = NO_CHANGES if seat == SPECTATOR else match.changes_since_last_move(seat, seat, self._views.view)
        return ViewUpdate(
            revision=self.revision,
            moves_made=len(match.moves),
            view=view.model_dump(mode="json", exclude={"log"}),
            log_from=log_from,
            log=log[log_from:],
            to_act=rules.to_act(match.state),
            over=over,
            progress=match.game.narrator.progress(match.state),
            undo_blocker=WATCHING_REFUSAL if seat == SPECTATOR else match.undo_blocker(seat),
            has_moved=any(move.seat == seat for move in match.moves),
            own_run=[rules.dump_action(action) for action in match.own_run(seat)],
            changes=ChangesSeen(marks=json_marks(report.marks), lines=list(report.lines)),
            away=self.away(),
            stand_ins=sorted(self.stand_ins),
            not_joined=[seat for seat in self.away() if not self.presence.joined_yet(seat)],
            score_sheet=rules.score_sheet(match.state) if over else None,
            hidden=[
                HiddenSection(title=section.title, lines=list(section.lines))
                for section in match.game.reference.hidden_information(match.state)
            ]
            if over
            else None,
        )

    def send_view(self, connection: SeatConnection) -> None:
        connection.send(self.view_update(connection))

    def _send_views(self) -> None:
        for connection in list(self.connections.values()):
            self.send_view(connection)
        self.spectators.send_views()

    def tell_listeners(self) -> None:
        """The host's own screen: something changed (a move, someone came or went)."""
        for listener in self.listeners:
            listener()

    def tell_everyone(self, message: Any, *, but: int) -> None:
        for seat, connection in list(self.connections.items()):
            if seat != but:
                connection.send(message)
        self.spectators.tell(message)

    # -- a failed autosave -------------------------------------------------------------------
    def _retry_saving(self) -> None:
        if self._save_retry is None or self._save_retry.done():
            try:
                self._save_retry = asyncio.get_running_loop().create_task(self._save_until_written())
            except RuntimeError:
                pass  # not serving: the next change or `stop` writes it

    async def _save_until_written(self) -> None:
        """The moves stay in the match; the save is written again until it holds them."""
        while True:
            await asyncio.sleep(SAVE_RETRY_SECONDS)
            if self.match.retry_save():
                return

    # -- bots ------------------------------------------------------------------------------
    def _schedule_bots(self) -> None:
        if self._bot_task is None or self._bot_task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return  # not serving yet: `start` schedules them
            self._bot_task = loop.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while not self.rules.is_over(self.match.state):
            seat = next((seat for seat in self.rules.to_act(self.match.state) if self.is_played_here(seat)), None)
            if seat is None:
                return
            revision = self.revision
            view = self.rules.view(self.match.state, seat)
            bot = self._bot_for(seat)
            # A search takes up to seconds: off the loop, from the seat's view alone.
            action = await asyncio.to_thread(bot.choose, self.match.game, view, seat)
            if revision != self.revision or not self.is_played_here(seat):
                continue  # the game moved on while the bot thought (an undo, a seat back)
            self.submit(seat, action, stand_in=seat in self.presence.standing_in)

    def _bot_for(self, seat: int) -> Any:
        level = self.match.seats[seat].bot_level if self.match.seats[seat].is_bot else STAND_IN_BOT_LEVEL
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = make_bot(level, self.match.seed, seat)
        return self._bots[key]

    # -- serving ---------------------------------------------------------------------------
    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_CLIENT_MESSAGE_BYTES)
        app.router.add_get(WEBSOCKET_PATH, self.door.websocket)
        app.router.add_get("/seat/{number}", self._join_page)
        app.router.add_get(WATCH_PATH, self._join_page)
        try:
            from boardgames_tui.remote.browser import BrowserSeats
        except ImportError:
            pass  # no `web` extra: the link's page says to join from a terminal
        else:
            self.browser_seats = BrowserSeats(self)
            self.browser_seats.add_routes(app)
        return app

    async def start(self, port: int = 0) -> None:
        """Listens on `listen_host`:`port` (0: any free port, then `self.port`)."""
        self._runner = web.AppRunner(self.application(), access_log=None, handle_signals=False)
        await self._runner.setup()
        assert self._runner.server is not None
        self._server = await self.budget.listen(self._runner.server, self.listen_host, port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._schedule_bots()

    def pause(self) -> None:
        """The table takes no move from here on and its port is closed; `stop` then tells
        the seats and closes their connections.  The same port and links open it again."""
        self.paused = True
        self._unwatch()
        if self._server is not None:
            self._server.close()
        if self._bot_task is not None:
            # A bot still thinking in its thread is forgotten: its move is never made.
            self._bot_task.cancel()

    async def stop(self) -> None:
        """The table pauses (`pause`), and every seat is told (`TablePaused`) before its
        connection closes."""
        self.pause()
        # A save being tried again is written below.
        for task in (self._bot_task, self._save_retry):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        self.budget.reset_strangers()
        # Its watchers are told as its seats are.
        connections = [*self.connections.values(), *self.spectators.connections]
        # A finished game is not resumed: its seats have their last view, saying it is over.
        paused = not self.rules.is_over(self.match.state)
        for connection in connections:
            if paused:
                connection.send(TablePaused())
            connection.outbox.put_nowait(None)  # its writer ends after the word
        writers = [connection.writer for connection in connections if connection.writer is not None]
        if writers:
            await asyncio.wait(writers, timeout=PAUSE_WORD_SECONDS)
        if self.browser_seats is not None:
            await self.browser_seats.stop()
        await asyncio.gather(*(connection.socket.close() for connection in connections), return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
        # Its connections gone, the host has every descriptor back for a save that failed.
        self.match.retry_save()
        if self.match.presence is self.presence:
            self.match.served_with(None)  # nobody can be here any more

    def request_problem(self, request: web.Request) -> web.HTTPException | None:
        """`serve`'s checks: no other site's page, and only loopback Hosts on loopback."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            return web.HTTPForbidden(text="Refused: this request comes from another site's page.\n")
        if is_loopback(self.listen_host) and not is_loopback_host_header(request.host):
            return web.HTTPMisdirectedRequest(
                text="Refused: this table answers only to localhost, 127.0.0.1 or [::1] on this machine.\n"
            )
        return None

    async def _join_page(self, request: web.Request) -> web.StreamResponse:
        problem = self.request_problem(request)
        if problem is not None:
            raise problem
        if self.browser_seats is not None:
            return self.browser_seats.page()
        return web.Response(
            text="This is a boardgames-tui table. Join it from a terminal with:\n\n"
            "  boardgames-tui join 'THE WHOLE LINK YOU WERE GIVEN'\n"
        )

class ViewCache:
    """Seats' views of the last few states: after every change each seat is sent its view
    and what changed since its own last move, which look at the same few states again."""

    KEPT_STATES = 16

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        # id(state) -> (the state, kept so that its id is not reused; seat -> view)
        self._views: dict[int, tuple[GameState, dict[int, GameState]]] = {}

    def view(self, state: GameState, seat: int) -> GameState:
        entry = self._views.get(id(state))
        if entry is None or entry[0] is not state:
            if len(self._views) >= self.KEPT_STATES:
                del self._views[next(iter(self._views))]  # the oldest
            entry = self._views[id(state)] = (state, {})
        views = entry[1]
        if seat not in views:
            views[seat] = self.rules.view(state, seat)
        return views[seat]
