"""The bots of this machine's seats, each move thought out off the UI thread."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from textual.worker import get_current_worker

from boardgames_tui.engine import bots as engine_bots
from boardgames_tui.engine.contract import GameState, IllegalMove

BOT_GROUP = "bot"


class BotRunner:
    def __init__(self, screen: Any) -> None:
        self.screen = screen
        table = screen.table
        self._bots = {
            seat: engine_bots.make_bot(table.seats[seat].bot_level, table.search_seed(), seat) for seat in table.bots_here()
        }
        # The seat whose bot is thinking, if any.
        self.thinking: int | None = None
        # Each start makes the moves of earlier ones stale.
        self._generation = 0

    def plays(self, seat: int) -> bool:
        return seat in self._bots

    def first_of(self, seats: list[int]) -> int | None:
        return next((seat for seat in seats if seat in self._bots), None)

    def start(self, seat: int) -> None:
        screen = self.screen
        self.thinking = seat
        self._generation += 1
        screen.status.update()
        # A bot taking several steps in a row (a hidden plan) pauses fully only once.
        continuing = bool(screen.table.own_run(seat))
        pause = screen.app.bot_delay / 6 if continuing else screen.app.bot_delay  # type: ignore[attr-defined]
        think = partial(self.think, seat, self._generation, screen.table.view(seat), pause)
        screen.run_worker(think, thread=True, exclusive=True, group=BOT_GROUP, exit_on_error=False)

    def think(self, seat: int, generation: int, view: GameState, pause: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        action = self._bots[seat].choose(self.screen.game, view, seat, lambda: worker.is_cancelled)
        # A short pause so people can follow what the bots do; checked often so that
        # quitting or undoing never waits for it.
        while time.monotonic() - started < pause:
            if worker.is_cancelled:
                return
            time.sleep(0.02)
        if worker.is_cancelled:
            return
        try:
            self.screen.app.call_from_thread(self.done, seat, generation, action)
        except RuntimeError:
            pass  # the app closed while the bot was thinking

    def done(self, seat: int, generation: int, action: Any) -> None:
        screen = self.screen
        if generation != self._generation or not screen.is_mounted:
            return
        self.thinking = None
        try:
            screen.table.submit(seat, action)
        except IllegalMove as refusal:
            # A bot only offers legal actions; if one is refused the game must still go on.
            screen.say(f"{screen.table.seats[seat].name}'s bot made an illegal move: {refusal.reason}", error=True)
            return
        screen.after_move()

    def cancel(self) -> None:
        self._generation += 1
        self.thinking = None
        self.screen.workers.cancel_group(self.screen, BOT_GROUP)
