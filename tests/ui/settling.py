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

from boardgames_tui.ui.textual_compat import background_screens, has_pending_work, update_now, wait_for_screen

# Rounds of settling before a screen counts as never settling (a refresh that asks
# for another refresh every time, or work Textual does only for an idle loop: a dialog
# over a game screen has some): then one idle wait instead.  Each round draws every
# busy screen anew, so a screen that never settles costs a frame a round.
SETTLE_ROUNDS = 12
# How long to let a worker's thread run before looking again.
WORKER_POLL_SECONDS = 0.002


async def settle(pilot: Any, parked: Callable[[], bool] = lambda: False) -> None:
    """Until nothing on screen has a message waiting or anything left to do after its
    refresh, and no worker runs: then the frame is what the terminal would show.
    `parked()` is true while the one worker running waits for the test to let it go
    (a bot held while it "thinks"): the screen it thinks on is then settled."""
    app = pilot.app
    for _ in range(SETTLE_ROUNDS):
        await wait_for_screen(pilot)
        if workers_running(app) and not parked():
            await asyncio.sleep(WORKER_POLL_SECONDS)
            continue
        # The screens drawn under a dialog count too: their frame is part of this one.
        under = background_screens(app) if app.screen.styles.background.a < 1 else []
        busy = [screen for screen in under if has_pending_work(app, screen, under_another=True)]
        busy += [app.screen] if has_pending_work(app, app.screen) else []
        if not busy:
            return
        # What each screen's update timer would do at its next tick, done now.
        for screen in busy:
            update_now(screen)
    # A worker still running (a slow bot): the old, sleeping wait.
    await pilot.pause()


def workers_running(app: Any) -> bool:
    return any(worker.state in (WorkerState.PENDING, WorkerState.RUNNING) for worker in app.workers)
