"""A recorded game watched again: a read-only table at one step of its history.

The game is replayed once, every move checked as a match checks it, and only a few
states are kept: one every `CHECKPOINT_EVERY` moves and the last.  A step between two
checkpoints is replayed forward from the nearest one before it (the moves were checked
already), and the states on the way are kept until the replay leaves that stretch, so
that stepping back and forth is instant.  A long game, or a shared file of hundreds
of games, stays a few states per game in memory.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence

from pydantic import BaseModel

from boardgames_tui.engine.contract import ChangeReport, GameState, IllegalMove, ScoreSheet, Seat
from boardgames_tui.engine.match import Match, Move, check_seats, checked_move, own_run
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.table import HeldTable, changes_since_last_move

REPLAY_REFUSAL = "This is a replay: nothing can be played or taken back here."
CHECKPOINT_EVERY = 32


class ReplayHistory:
    """A game's moves with the states worth keeping, replayed and checked once."""

    def __init__(
        self,
        game: Game,
        options: BaseModel,
        seats: list[Seat],
        seed: int,
        moves: list[tuple[int, Any]],
        *,
        states: list[GameState] | None = None,
        checkpoint_every: int = CHECKPOINT_EVERY,
    ) -> None:
        """Replays `moves` from the game's setup, raising `IllegalMove` at the first one
        the rules refuse (and `ValueError` for options or seats the game cannot set up);
        `states`: the states a match already holds, which are then not replayed."""
        rules = game.rules
        check_seats(rules, seats)
        self.game = game
        self.rules = rules
        self.options = options
        self.seats = list(seats)
        self.seed = seed
        self.moves = [Move(seat, action) for seat, action in moves]
        self.movers = [seat for seat, _ in moves]
        self.checkpoint_every = checkpoint_every
        state = states[0] if states else rules.setup(options, self.seats, seed)
        self.checkpoints: dict[int, GameState] = {0: state}
        # The progress line and the stage at every step: small, unlike the states.
        self.progress_lines = [game.narrator.progress(state)]
        stages = [rules.stage(state)]
        for step, (seat, action) in enumerate(moves, start=1):
            state = states[step] if states else checked_move(rules, self.seats, state, seat, action)
            if step % checkpoint_every == 0:
                self.checkpoints[step] = state
            self.progress_lines.append(game.narrator.progress(state))
            stages.append(rules.stage(state))
        self.final = state
        # The steps at which a new stage (a round, or a turn in a game without rounds) begins.
        self.stage_starts = [step for step in range(1, len(stages)) if stages[step] != stages[step - 1]]

    @classmethod
    def of_match(cls, match: Match) -> ReplayHistory:
        """The history of a match in memory (a save being watched): nothing is replayed."""
        return cls(
            match.game, match.options, match.seats, match.seed,
            [(move.seat, move.action) for move in match.moves], states=match.states,
        )

    @property
    def total(self) -> int:
        return len(self.movers)

    def states_from_checkpoint(self, step: int) -> tuple[int, list[GameState]]:
        """The states from the checkpoint at or before `step` up to `step`: (that checkpoint's step, states)."""
        start = step - step % self.checkpoint_every
        states = [self.checkpoints[start]]
        for index in range(start, step):
            move = self.moves[index]
            states.append(self.rules.apply(states[-1], move.seat, move.action))
        return start, states


class ReplayTable(HeldTable):
    """A `Table` (engine/table.py) showing a recorded game at one step, refusing every
    move and undo with a reason.  Screens step it with `go_to`."""

    save_error: str | None = None
    joined = False

    def __init__(
        self,
        history: ReplayHistory,
        *,
        match_id: str | None = None,
        created: datetime | None = None,
        updated: datetime | None = None,
    ) -> None:
        self.history = history
        self.game = history.game
        self.rules = history.rules
        self.seats = history.seats
        self.options = history.options
        self.seed = history.seed
        self.match_id = match_id
        self.created = created
        self.updated = updated
        # The stretch of states kept around the step shown: from a checkpoint onwards.
        self._window_start = 0
        self._window: list[GameState] = [history.checkpoints[0]]
        self.step = 0
        # The state shown, held apart from the stretch: working out what changed since a
        # seat's last move may move the stretch, never the position on screen.
        self._shown = self._window[0]
        self.go_to(history.total)

    @classmethod
    def of_match(cls, match: Match) -> ReplayTable:
        return cls(ReplayHistory.of_match(match), match_id=match.match_id, created=match.created, updated=match.updated)

    @property
    def total(self) -> int:
        return self.history.total

    def go_to(self, step: int) -> None:
        self.step = max(0, min(step, self.total))
        self._shown = self.state_at(self.step)

    def state_at(self, step: int) -> GameState:
        """The state before move `step` (a replay may show all of it: everything revealed)."""
        if step == self.total:
            return self.history.final
        offset = step - self._window_start
        if not 0 <= offset < self.history.checkpoint_every:
            self._window_start, self._window = self.history.states_from_checkpoint(step)
            return self._window[-1]
        while len(self._window) <= offset:
            move = self.history.moves[self._window_start + len(self._window) - 1]
            self._window.append(self.rules.apply(self._window[-1], move.seat, move.action))
        return self._window[offset]

    @property
    def state(self) -> GameState:
        return self._shown

    def states_kept(self) -> int:
        """How many states this replay holds (checkpoints, the last one, the stretch, the one shown)."""
        return len(self.history.checkpoints) + 1 + len(self._window) + 1

    # -- the table ----------------------------------------------------------------------------
    @property
    def position(self) -> object:
        return self.state

    @property
    def moves_made(self) -> int:
        return self.step

    def progress(self) -> str:
        return self.history.progress_lines[self.step]

    def has_moved(self, seat: int) -> bool:
        return seat in self.history.movers[: self.step]

    def own_run(self, seat: int) -> list[Any]:
        return own_run(self.history.moves[: self.step], seat)

    def changes_since_last_move(self, seat: int, looking: int) -> ChangeReport:
        return changes_since_last_move(self.game, self.history.movers[: self.step], self.state_at, seat, looking)

    def search_seed(self) -> int:
        return self.seed + self.step

    def score_sheet(self) -> ScoreSheet:
        return self.rules.score_sheet(self.history.final)

    def check_turn(self, seat: int, actions: Sequence[Any]) -> str | None:
        return REPLAY_REFUSAL

    def submit(self, seat: int, action: Any) -> object:
        raise IllegalMove(REPLAY_REFUSAL)

    def undo_blocker(self, seat: int) -> str | None:
        return REPLAY_REFUSAL

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> object:
        raise IllegalMove(REPLAY_REFUSAL)

    def leave(self) -> None:
        """A replay never writes."""

