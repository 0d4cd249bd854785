"""A table across machines at the screens' level, on loopback: four joined apps (one per
remote seat of a Pollen game), each with its own Pilot, and the host on a thread of its
own.  Timed: a move's round trip from the mover's key (Enter on the move its cursor is
on) to every app's screen showing the new position, its frame settled; and the host
thread's CPU per move (the rules, four seats' views, their JSON and the websockets'
reads and writes), read on that thread's own CPU clock.

The wire alone (no screens) is timed in test_remote_speed.py.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.bots import RandomBot
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from tests.remote.seats import BOT_PACE, HostThread, hosted_match
from tests.ui.settling import settle

SEATS = (0, 1, 2, 3)
MOVES = 30
SIZE = (120, 40)


def game_screen(app: BoardGamesApp) -> GameScreen:
    return next(screen for screen in reversed(app.screen_stack) if isinstance(screen, GameScreen))


class JoinedScreens:
    """The host on its thread; the four joined apps in one task on this thread's loop."""

    def __init__(self, directory: Path) -> None:
        self.hosting = HostThread(RemoteHost(hosted_match("pollen", remote=list(SEATS), seed=3), rate=BOT_PACE))
        self.match = self.hosting.host.match
        self.directory = directory
        self.bot = RandomBot(random.Random(5))
        self.loop = asyncio.new_event_loop()
        self.requests: asyncio.Queue[Any] = asyncio.Queue()
        self.apps: list[tuple[BoardGamesApp, Any]] = []
        self.host_cpu: list[float] = []
        # This process's CPU (the four apps and the host) per round trip: wall time on a
        # shared machine mostly measures the others' load.
        self.process_cpu: list[float] = []
        ready = self.loop.create_future()
        self.task = self.loop.create_task(self._serve(ready))
        self.loop.run_until_complete(ready)

    async def _serve(self, ready: asyncio.Future[None]) -> None:
        async with AsyncExitStack() as stack:
            for seat in SEATS:
                app = BoardGamesApp(
                    store=SaveStore(self.directory / str(seat)), join=self.hosting.host.link(seat), cursor_blink=False, bot_delay=0
                )
                pilot = await stack.enter_async_context(app.run_test(size=SIZE))
                self.apps.append((app, pilot))
            for app, pilot in self.apps:
                while not isinstance(app.screen, GameScreen):
                    await pilot.pause(0.01)
                await settle(pilot)
            ready.set_result(None)
            while (request := await self.requests.get()) is not None:
                work, done = request
                try:
                    done.set_result(await work())
                except Exception as error:  # the benchmark fails instead of waiting forever
                    done.set_exception(error)

    def do(self, work: Any) -> Any:
        async def send() -> Any:
            done = self.loop.create_future()
            await self.requests.put((work, done))
            return await done

        return self.loop.run_until_complete(send())

    # -- one move ---------------------------------------------------------------------------
    def aim(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """Untimed: the mover's cursor put on a move a bot chose from its screen's view."""

        async def work() -> Any:
            for app, pilot in self.apps:
                # A table moment (Pollen's round end) announced on every screen: read.
                while isinstance(app.screen, AnnouncementScreen):
                    await pilot.press("enter")
                    await settle(pilot)
            mover = self.match.to_act()[0]
            app, pilot = self.apps[mover]
            screen = app.screen
            assert isinstance(screen, GameScreen), f"{type(screen).__name__} over the game"
            action = self.bot.choose(self.match.game, screen.current_view(), mover)
            screen.highlight_action(action)
            await settle(pilot)
            return mover

        return (self.do(work),), {}

    def round_trip(self, mover: int) -> None:
        """Timed: Enter at the mover's app, until every app shows the move, settled."""

        async def work() -> None:
            target = self.match.moves_made + 1
            host_before, process_before = self.hosting.cpu_time(), time.process_time()
            app, pilot = self.apps[mover]
            await pilot.press("enter")
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")  # a guard rail asks first: yes
            for app, pilot in self.apps:
                table = game_screen(app).table
                while table.moves_made < target:
                    await asyncio.sleep(0.0005)
                await settle(pilot)
            self.host_cpu.append(self.hosting.cpu_time() - host_before)
            self.process_cpu.append(time.process_time() - process_before)

        self.do(work)

    def close(self) -> None:
        self.loop.run_until_complete(self.requests.put(None))
        self.loop.run_until_complete(self.task)
        self.loop.close()
        self.hosting.stop()


@pytest.fixture
def screens(monkeypatch: pytest.MonkeyPatch):
    # An announcement's guard against keys held over: the benchmark's Enter is deliberate.
    monkeypatch.setattr(AnnouncementScreen, "GUARD_SECONDS", 0)
    with tempfile.TemporaryDirectory() as directory:
        table = JoinedScreens(Path(directory))
        yield table
        table.close()


@pytest.mark.benchmark(group="remote-screens")
def test_a_keys_move_reaches_every_joined_screen(screens, benchmark):
    benchmark.pedantic(screens.round_trip, setup=screens.aim, rounds=MOVES)
    assert screens.match.moves_made == MOVES
    # The host thread's CPU in the same round trips (the move, four views and the
    # sockets), and the whole process's (four apps redrawing, and the host).
    for name, seconds in (("host_cpu", screens.host_cpu), ("process_cpu", screens.process_cpu)):
        ms = sorted(second * 1000 for second in seconds)
        benchmark.extra_info[f"{name}_ms_median"] = statistics.median(ms)
        benchmark.extra_info[f"{name}_ms_max"] = ms[-1]
        print(f"\n{name} per move, four remote seats on screen: median {statistics.median(ms):.2f} ms, max {ms[-1]:.2f} ms")
