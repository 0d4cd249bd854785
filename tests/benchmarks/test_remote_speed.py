"""A table across machines, on loopback: a move's round trip (a client's action sent to
every client holding the new view) and the host's CPU per move (the rules, four seats'
views and their JSON) with four remote seats.  Everbloom: the largest views."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from boardgames_tui.engine.bots import RandomBot
from boardgames_tui.remote.client import RemoteSeat
from boardgames_tui.remote.host import RemoteHost
from tests.remote.seats import BOT_PACE, hosted_match, join

SEATS = (0, 1, 2, 3)
MOVES = 40


class Table:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.host = RemoteHost(hosted_match("everbloom", remote=list(SEATS), seed=3), rate=BOT_PACE)
        self.loop.run_until_complete(self.host.start())
        self.seats: list[RemoteSeat] = [self.loop.run_until_complete(join(self.host, seat)) for seat in SEATS]
        self.bot = RandomBot(random.Random(5))

    def next_move(self) -> tuple[RemoteSeat, object]:
        rules, state = self.host.rules, self.host.match.state
        mover = self.seats[rules.to_act(state)[0]]
        # From the host's view of the seat: the clients' are not read between submits.
        return mover, self.bot.choose(self.host.match.game, rules.view(state, mover.seat), mover.seat)

    async def round_trip(self, mover: RemoteSeat, action: object) -> None:
        revision = self.host.revision + 1
        await mover.act(action)
        for seat in self.seats:
            while seat.update.revision < revision:
                seat.changed.clear()
                await seat.changed.wait()

    def close(self) -> None:
        for seat in self.seats:
            self.loop.run_until_complete(seat.close())
        self.loop.run_until_complete(self.host.stop())
        self.loop.close()


@pytest.fixture
def table():
    table = Table()
    yield table
    table.close()


@pytest.mark.benchmark(group="remote-move")
def test_a_moves_round_trip_to_every_remote_seat(benchmark, table):
    benchmark.pedantic(
        lambda mover, action: table.loop.run_until_complete(table.round_trip(mover, action)),
        setup=lambda: (table.next_move(), {}),
        rounds=MOVES,
    )
    assert len(table.host.match.moves) == MOVES


@pytest.mark.benchmark(group="remote-move", timer=time.thread_time)
def test_the_hosts_cpu_per_move_with_four_remote_seats(benchmark, table):
    # The host's own work on this thread's CPU clock: the rules, then each seat's view,
    # changes and JSON queued for its socket (the sockets' writes are the kernel's).
    def setup():
        mover, action = table.next_move()
        return (mover.seat, action), {}

    benchmark.pedantic(table.host.submit, setup=setup, rounds=MOVES)
    assert len(table.host.match.moves) == MOVES
