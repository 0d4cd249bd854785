"""A host and its remote seats over loopback, each seat played by a bot from its own view."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

from boardgames_tui.engine.bots import RandomBot
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game
from boardgames_tui.remote.client import RemoteSeat
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.wire import Refused, ViewUpdate, Welcome

NAMES = ["Ann", "Ben", "Cy", "Dee"]


# Bots choose far faster than people: the host lets them.
BOT_PACE = (1000, 1000.0)


def hosted_match(slug: str, remote: list[int], players: int = 4, seed: int = 7, store: Any = None) -> Match:
    game = get_game(slug)
    seats = [
        Seat(name=NAMES[index], kind="remote") if index in remote else Seat(name=NAMES[index], kind="bot", bot_level="random")
        for index in range(players)
    ]
    return Match(game, game.rules.options_model(), seats, seed, store=store)


def finished_hosted_match(slug: str, remote: list[int], players: int = 2, seed: int = 3) -> Match:
    """A hosted match played to its end by random legal moves, every seat's at the host."""
    match = hosted_match(slug, remote=remote, players=players)
    rules, choose = match.rules, random.Random(seed).choice
    while not match.is_over():
        seat = rules.to_act(match.state)[0]
        match.submit(seat, choose(rules.legal_actions(match.state, seat)))
    return match


class Player:
    """A joined seat whose moves a random bot chooses from the seat's view alone; it
    keeps every view update it received with the view it rebuilt from it."""

    def __init__(self, seat: RemoteSeat, seed: int) -> None:
        self.seat = seat
        self.bot = RandomBot(random.Random(seed))
        self.received: list[tuple[ViewUpdate, Any]] = []
        self.acted_at = -1
        seat.listeners.append(self._heard)
        self._heard(seat.update)

    def _heard(self, message: Any) -> None:
        if isinstance(message, ViewUpdate):
            self.received.append((message, self.seat.view))
        elif isinstance(message, (Refused, Welcome)):
            # Another seat's move overtook this one (stale), or the seat rejoined a host
            # that counts its revisions anew: choose again.
            self.acted_at = -1

    async def play(self, stop_after_moves: int | None = None) -> None:
        """Moves whenever the seat is to act, until the game is over (or the host has made
        `stop_after_moves` moves) or the connection closes."""
        seat = self.seat
        while seat.closed_reason is None:
            update = seat.update
            assert update is not None
            if update.over or (stop_after_moves is not None and update.moves_made >= stop_after_moves):
                return
            if seat.seat in update.to_act and self.acted_at != update.revision:
                self.acted_at = update.revision
                action = self.bot.choose(seat.game, seat.view, seat.seat)
                await seat.act(action)
            seat.changed.clear()
            if seat.update is update:
                await seat.changed.wait()


async def join(host: RemoteHost, seat: int, rejoin_delays: tuple[float, ...] = ()) -> RemoteSeat:
    """`seat` joined; its lost connection ends it unless `rejoin_delays` are given (the
    host's tests read a seat's end; rejoining has tests of its own)."""
    remote = RemoteSeat(host.link(seat), rejoin_delays=rejoin_delays)
    await remote.join()
    return remote


async def play_through(host: RemoteHost, players: list[Player], timeout: float = 60.0, **kwargs: Any) -> None:
    await asyncio.wait_for(asyncio.gather(*(player.play(**kwargs) for player in players)), timeout)


def assert_only_views(host: RemoteHost, players: list[Player]) -> None:
    """Every update a seat received holds exactly the rules' view for it at that position."""
    rules, states = host.rules, host.match.states
    for player in players:
        seat = player.seat.seat
        assert player.received
        for update, view in player.received:
            expected = rules.view(states[update.moves_made], seat)
            assert view.model_dump() == expected.model_dump()
            assert update.view == expected.model_dump(mode="json", exclude={"log"})


class HostThread:
    """A `RemoteHost` serving from its own thread's event loop."""

    def __init__(self, host: RemoteHost) -> None:
        self.host = host
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.run(host.start())
        # The host thread's own CPU clock (a benchmark reads the host's CPU per move).
        self.cpu_clock = self.run(self._clock())

    async def _clock(self) -> int:
        return time.pthread_getcpuclockid(threading.get_ident())

    def cpu_time(self) -> float:
        return time.clock_gettime(self.cpu_clock)

    def run(self, coroutine, timeout: float = 30):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        try:
            self.run(self.host.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()
