"""Shared pieces for the benchmarks: a bare Textual app to compare against."""

from __future__ import annotations

import asyncio
from contextlib import contextmanager
from typing import Callable, Iterator

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class PlainScreen(Screen[None]):
    """The yardstick of a hand-over: a screen with a line of text and a footer, pushed and popped."""

    BINDINGS = [Binding("enter", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Static("a plain screen")
        yield Footer()


from tests.ui.settling import settle


class BareApp(App[None]):
    """The yardstick: a Textual app with a header, a footer and one key."""

    BINDINGS = [Binding("right", "move", "Move"), Binding("s", "push_plain", "Push")]

    def __init__(self) -> None:
        super().__init__()
        self.moves = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("bare", id="text")
        yield Footer()

    def action_move(self) -> None:
        self.moves += 1
        self.query_one("#text", Static).update(f"moved {self.moves}")

    def action_push_plain(self) -> None:
        self.push_screen(PlainScreen())


@contextmanager
def running(app: App, size: tuple[int, int] = (120, 40)) -> Iterator[Callable[..., None]]:
    """Runs `app` headless and yields `press(*keys)`, callable from sync benchmarks; a
    key may be a function, called inside the app's task instead of pressed.

    The app lives in one task for its whole life (Textual keeps context variables
    per task); each `press` hands keys to that task and waits until they are done.
    """
    loop = asyncio.new_event_loop()
    requests: asyncio.Queue = asyncio.Queue()
    ready = loop.create_future()

    async def host() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            ready.set_result(None)
            while True:
                keys, done = await requests.get()
                if keys is None:
                    break
                for key in keys:
                    # A key, or something to do inside the app (a bot's move handed in).
                    if callable(key):
                        key()
                    else:
                        await pilot.press(key)
                # The frame too: a key's cost includes its layout and repaint.
                await settle(pilot)
                done.set_result(None)

    async def send(keys: tuple[str, ...] | None) -> None:
        done = loop.create_future()
        await requests.put((keys, done))
        if keys is not None:
            await done

    task = loop.create_task(host())
    loop.run_until_complete(ready)
    try:
        yield lambda *keys: loop.run_until_complete(send(keys))
    finally:
        loop.run_until_complete(send(None))
        loop.run_until_complete(task)
        loop.close()
