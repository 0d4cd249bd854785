"""A table across machines, as the app sees it: the host it runs for a hosted game,
or the seat it joined on another machine's table."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

from boardgames_tui.ui.table_words import (
    hand_to_bot_command,
    hand_to_bot_hint,
    take_back_command,
)

if TYPE_CHECKING:
    from boardgames_tui.engine.match import Match
    from boardgames_tui.remote.client import RemoteSeat
    from boardgames_tui.remote.host import RemoteHost, SeatNews
    from boardgames_tui.remote.remembered import RememberedTables
    from boardgames_tui.remote.wire import JoinLink


class AcrossMachines:
    def __init__(self, app: Any, listen: tuple[str, int]) -> None:
        self.app = app
        # Where a hosted game listens, and its host while one runs.
        self.listen = listen
        self.host: RemoteHost | None = None
        # Tables paused and still closing their connections.
        self._stopping: list[asyncio.Future[None]] = []
        # The seat joined on another machine's table, while the app plays it.
        self.seat: RemoteSeat | None = None

    async def join(self, link: JoinLink, on_error: Callable[[str], None] | None = None) -> None:
        """Joins `link`'s seat and shows its game; why not goes to `on_error`, else is
        said in a notice."""
        from boardgames_tui.remote.client import JoinRefused, RemoteSeat
        from boardgames_tui.remote.table import RemoteTable
        from boardgames_tui.ui.game_screen import game_screen_class

        app = self.app
        remote = RemoteSeat(link)
        try:
            await remote.join()
        except JoinRefused as refusal:
            if on_error is not None:
                on_error(refusal.reason)
                return
            app.notify(refusal.reason, title="Could not join", severity="error", markup=False, timeout=30)
            if app.seat_only:
                from boardgames_tui.ui.seat_only import SeatOnlyScreen

                for screen in app.screen_stack:
                    if isinstance(screen, SeatOnlyScreen):
                        screen.say(f"Could not join: {refusal.reason}")
            return
        previous, self.seat = self.seat, remote
        if previous is not None:
            await previous.close()
        table = RemoteTable(remote)
        if not app.seat_only and not remote.link.is_watch_link:
            # A browser seat runs at the host's machine: its link is not this player's;
            # a watch link names no seat to come back to.
            self.remember(remote)
            app.return_to_menu()
        if table.watching_only:
            from boardgames_tui.ui.watching import watching_screen

            app.push_screen(watching_screen(table))
        else:
            app.push_screen(game_screen_class(table.game)(table))

    def remembered(self) -> RememberedTables:
        from boardgames_tui.remote.remembered import RememberedTables

        return RememberedTables(self.app.store.directory.parent)

    def remember(self, remote: RemoteSeat) -> None:
        """The menu's Join a table lists the joined seat's table (kept the latest joined
        on each welcome, a rejoin's too) until its game is over."""
        from boardgames_tui.remote.wire import ViewUpdate, Welcome

        tables = self.remembered()

        def keep() -> None:
            assert remote.game is not None
            players = [seat.name for seat in remote.seats]
            tables.remember(remote.link, remote.game.title, players[remote.seat], players)

        def heard(message: object) -> None:
            if isinstance(message, Welcome):
                keep()
            elif isinstance(message, ViewUpdate) and message.over:
                tables.forget(remote.link)
                remote.listeners.remove(heard)

        if remote.update is not None and remote.update.over:
            tables.forget(remote.link)
            return
        keep()
        remote.listeners.append(heard)

    async def start_hosting(self, match: Match) -> str | None:
        """Opens `match`'s table where it listened before (its save keeps the place, and
        its links hold the port), else where this app was told to listen.  Returns why it
        cannot, with what to do, in words: a taken port is never swapped for another."""
        from boardgames_tui.addresses import cannot_host
        from boardgames_tui.remote.host import RemoteHost

        self.pause_table()
        await self.tables_paused()  # a table closing on this port frees it first
        resuming = match.listen is not None
        host_name, port = match.listen or self.listen
        host = RemoteHost(match, listen_host=host_name)
        try:
            await host.start(port)
        except OSError as error:
            await host.stop()
            return cannot_host(host_name, port, error, resuming=resuming)
        if self.app.match is not match:
            await host.stop()  # left (or another game begun) while the table opened
            return None
        self.host = host
        host.presence.news.append(self._tell_seat_news)
        if match.listen != (host_name, host.port):
            match.listen = (host_name, host.port)
            match.autosave()
        return None

    def pause_table(self) -> None:
        """The host leaves the game (to the menu, or out of the app): its table pauses at
        once, taking no move from here on and freeing its port; its joiners are told as
        it stops (`tables_paused` waits for that)."""
        host, self.host = self.host, None
        if host is not None:
            host.pause()
            self._stopping.append(asyncio.ensure_future(host.stop()))

    async def tables_paused(self) -> None:
        stopping, self._stopping = self._stopping, []
        await asyncio.gather(*stopping, return_exceptions=True)

    async def close(self) -> None:
        """The app closes: the hosted table stops, a joined seat leaves (the host says
        "away" at once)."""
        self.pause_table()
        await self.tables_paused()
        remote, self.seat = self.seat, None
        if remote is not None:
            await remote.close()

    def _tell_seat_news(self, seat: int, news: SeatNews) -> None:
        """The host is told each remote player's coming and going, with what it can do."""
        host = self.host
        if host is None:
            return
        name = host.match.seats[seat].name
        if news == "away":
            message = f"{name} is away. {hand_to_bot_hint([name])}"
        elif seat in host.stand_ins:
            message = f"{name} is back, and a bot still plays the seat: Ctrl+P, then {take_back_command(name)} gives it back."
        else:
            message = f"{name} {'joined the table' if news == 'joined' else 'is back'}."
        self.app.notify(message, severity="warning" if news == "away" else "information", markup=False)

    def links_screen(self, *, starting: bool = False, watch_only: bool = False) -> Screen[None] | None:
        """The join links and the watch link (or that one alone), on a screen of their
        own, or None when nothing is hosted."""
        from boardgames_tui.ui.join_links import JoinLinksScreen

        host = self.host
        if host is None:
            return None
        links = [] if watch_only else [(host.match.seats[seat].name, str(host.link(seat))) for seat in host.remote_seats]
        where = f"Listening on {host.listen_host}:{host.port}"
        if host.listen_host in ("127.0.0.1", "localhost", "::1"):
            where += " (this machine only: host with --listen 0.0.0.0:PORT for your network)"
        return JoinLinksScreen(links, where + ".", starting=starting, watch_link=str(host.watch_link()))

    def show_watch_link(self) -> None:
        screen = self.links_screen(watch_only=True)
        if screen is not None:
            self.app.push_screen(screen)

    def replace_watch_link(self) -> None:
        """A new watch link for a leaked one: the old link's watchers are sent away, and
        the new link is shown."""
        host = self.host
        if host is None:
            return

        async def replace() -> None:
            await host.replace_watch_link()
            self.app.notify("A new watch link: the old one no longer opens this table.", markup=False)
            self.show_watch_link()

        self.app.run_worker(replace(), group="watch-link")

    def hand_seat(self, seat: int, to_bot: bool) -> None:
        """The host hands an absent remote seat to a bot, or takes it back for its player."""
        host = self.host
        if host is None:
            return
        name = host.match.seats[seat].name
        if to_bot:
            host.hand_to_bot(seat)
            self.app.notify(f"A bot plays {name}'s seat until you take it back.", markup=False)
        else:
            host.take_back_from_bot(seat)
            if seat in host.away():
                self.app.notify(f"{name}'s seat waits for {name} again.", markup=False)
            else:
                self.app.notify(f"{name} plays the seat again.", markup=False)

    def commands(self) -> list[SystemCommand]:
        """The host's commands for the palette: the links, and each remote seat handed to a
        bot or taken back."""
        host = self.host
        if host is None:
            return []
        commands = [
            SystemCommand("Join links", "The links the remote players join this table with", self.app.action_join_links),
            SystemCommand("Watch link", "The link anyone may watch this table with (no hand, no play)", self.show_watch_link),
            SystemCommand(
                "New watch link", "Replace the watch link: the old one stops working and its watchers are sent away",
                self.replace_watch_link,
            ),
        ]
        away = host.away()
        for seat in host.remote_seats:
            name = host.match.seats[seat].name
            if seat in host.stand_ins:
                commands.append(
                    SystemCommand(take_back_command(name), f"Stop the bot playing for {name}", lambda seat=seat: self.hand_seat(seat, False))
                )
            elif seat in away:
                commands.append(
                    SystemCommand(hand_to_bot_command(name), f"A bot plays for {name} while away", lambda seat=seat: self.hand_seat(seat, True))
                )
        return commands
