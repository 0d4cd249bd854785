"""Waiting for the screen to settle after a key, without sleeping.

`pilot.pause()` waits for an idle CPU: at least 20 ms of sleep each time, and the
tests that play whole games by keys (the privacy harness above all) pause a few
thousand times.  `settle` waits for what a frame depends on instead: every message
handled, every layout, restyle, repaint and after-refresh callback done, and no
worker (a bot's move, a hint) still running."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from textual.worker import WorkerState

# Rounds of settling before a screen counts as never settling (a refresh that asks
# for another refresh every time).
SETTLE_ROUNDS = 50
# How long to let a worker's thread run before looking again.
WORKER_POLL_SECONDS = 0.002


async def settle(pilot: Any, parked: Callable[[], bool] = lambda: False) -> None:
    """Until nothing on screen has a message waiting or anything left to do after its
    refresh, and no worker runs: then the frame is what the terminal would show.
    `parked()` is true while the one worker running waits for the test to let it go
    (a bot held while it "thinks"): the screen it thinks on is then settled."""
    app = pilot.app
    for _ in range(SETTLE_ROUNDS):
        await pilot._wait_for_screen()
        if workers_running(app) and not parked():
            await asyncio.sleep(WORKER_POLL_SECONDS)
            continue
        # The screens drawn under a dialog count too: their frame is part of this one.
        drawn = [app.screen]
        if app.screen.styles.background.a < 1:
            drawn[:0] = app._background_screens
        busy = [screen for screen in drawn if _busy(app, screen)]
        if not busy:
            return
        # What each screen's update timer would do at its next tick, done now.
        for screen in busy:
            screen._on_timer_update()
    # A worker still running (a slow bot): the old, sleeping wait.
    await pilot.pause()


def workers_running(app: Any) -> bool:
    return any(worker.state in (WorkerState.PENDING, WorkerState.RUNNING) for worker in app.workers)


def _busy(app: Any, screen: Any) -> bool:
    if app._batch_count or not app._message_queue.empty():
        return True
    if (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    ):
        return True
    # A widget just mounted or updated tells the screen at its own next idle moment.
    return any(
        not node._message_queue.empty()
        or node._layout_required
        or node._repaint_required
        or node._scroll_required
        or node._refresh_styles_required
        for node in screen.walk_children(with_self=True)
    )
