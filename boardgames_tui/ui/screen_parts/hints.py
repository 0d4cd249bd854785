"""The hint desk: the best move for the seat at the keyboard, searched off the UI thread."""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.text import Text
from textual.worker import get_current_worker

from boardgames_tui.engine.bots import find_hint, view_after
from boardgames_tui.engine.contract import GameState
from boardgames_tui.engine.hint_words import hint_words
from boardgames_tui.engine.mcts import Verdict

HINT_GROUP = "hint"


class HintDesk:
    def __init__(self, screen: Any) -> None:
        self.screen = screen

    def ask(self) -> None:
        screen = self.screen
        view = screen.current_view()
        if view is None or not screen.viewer_acts(view):
            screen.say("A hint is for the player whose move it is.", error=True)
            return
        self.drop()
        screen.say("Looking for a hint (about a second of simulated games)…")
        screen.look_for_hint(screen.viewer, screen.table.position, view)

    def look(self, seat: int, position: object, view: GameState, decided: tuple[Any, ...] = ()) -> None:
        """Find the best move for `seat` from `view` at the table's `position` in a worker,
        after the seat's `decided` moves (a turn builder's, such as a chip chosen but not
        yet placed), and show it."""
        search = partial(self._search, seat, position, view, decided)
        self.screen.run_worker(search, thread=True, exclusive=True, group=HINT_GROUP, exit_on_error=False)

    def _search(self, seat: int, position: object, view: GameState, decided: tuple[Any, ...]) -> None:
        screen = self.screen
        worker = get_current_worker()
        verdict = find_hint(screen.game, view, seat, lambda: worker.is_cancelled, decided=decided)
        if worker.is_cancelled:
            return
        words_view = view_after(screen.game, view, seat, decided)
        try:
            screen.app.call_from_thread(self._found, seat, position, words_view, verdict)
        except RuntimeError:
            pass  # the app closed while the hint was being found

    def _found(self, seat: int, position: object, view: GameState, verdict: Verdict) -> None:
        screen = self.screen
        # A move, an undo or a new viewer since the question makes the answer stale.
        if not screen.is_mounted or screen.table.position is not position or screen.viewer != seat:
            return
        screen.ui.hint = verdict.best.action
        screen.highlight_action(verdict.best.action)
        move, why = hint_words(screen.narrator, view, seat, verdict)
        screen.ui.message = Text.assemble(("Hint: ", "bold"), (move, "bold"), f" — {why}")
        screen.redraw(cursor_only=True)

    def drop(self) -> None:
        self.screen.ui.hint = None
        self.screen.workers.cancel_group(self.screen, HINT_GROUP)
