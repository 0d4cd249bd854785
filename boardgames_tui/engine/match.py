"""A game in progress: the state, the moves that led to it, undo and autosave."""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from pydantic import BaseModel, ValidationError

from boardgames_tui.engine.contract import ChangeReport, GameRules, GameState, IllegalMove, LogEntry, ScoreSheet, Seat
from boardgames_tui.engine.parts import Game, Rules
from boardgames_tui.engine.table import HeldTable, Presence, changes_since_last_move
from boardgames_tui.engine.text import repeated_name


class SaveStore(Protocol):
    """Where a match is autosaved (engine/saves.py's `SaveStore`): saves know the
    match's data, the match only that something writes it."""

    def write(self, match: Match) -> Path: ...


class Move:
    """`seat`'s `action`; `stand_in` when a bot made it for a remote seat whose player was away."""

    __slots__ = ("seat", "action", "stand_in")

    def __init__(self, seat: int, action: Any, stand_in: bool = False) -> None:
        self.seat = seat
        self.action = action
        self.stand_in = stand_in


class Match(HeldTable):
    """Owns the one true state.  Screens and bots only ever submit actions to it.

    It is the local `Table` (engine/table.py): what a screen reads of it is views.
    """

    joined = False

    def __init__(
        self,
        game: Game,
        options: BaseModel,
        seats: list[Seat],
        seed: int,
        *,
        store: SaveStore | None = None,
        match_id: str | None = None,
        created: datetime | None = None,
    ) -> None:
        check_seats(game.rules, seats)
        self.game = game
        self.options = options
        self.seats = list(seats)
        self.seed = seed
        self.store = store
        self.match_id = match_id or uuid.uuid4().hex[:12]
        self.created = created or datetime.now(timezone.utc)
        self.updated = self.created
        # states[i] is the state before moves[i]; states[-1] is the present.
        self.states: list[GameState] = [game.rules.setup(options, self.seats, seed)]
        self.moves: list[Move] = []
        self.save_error: str | None = None
        # The file this match is written to: the one it was loaded from, or a fresh
        # name the store picks at the first save.  Never derived from a file's contents.
        self.save_path: Path | None = None
        # A title the players gave the saved game, shown in the Continue list.
        self.title: str | None = None
        # The secret of each remote seat's join link, kept in the save so that a host
        # resuming the game keeps its links valid (a loaded save puts its own here).
        self.remote_secrets: dict[int, str] = {seat: new_secret() for seat in self.remote_seats}
        # The secret of a hosted game's watch link (the public view, no seat), kept in
        # the save as the seats' are.
        self.watch_secret = new_secret()
        # Where a hosted match's table listens (address, port), kept in the save so that a
        # host resuming it listens there again and the links it gave stay valid.
        self.listen: tuple[str, int] | None = None
        # Who of the remote seats is here: its host's to know, while it serves the match.
        self.presence: Presence | None = None
        # Called after every move and undo, and when a remote seat comes or goes (`Table.watch`).
        self._watchers: list[Callable[[], None]] = []

    # -- reading ----------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def state(self) -> GameState:
        return self.states[-1]

    # -- the table a screen reads (engine/table.py) ---------------------------------------
    @property
    def position(self) -> object:
        # The state itself, compared with `is`: a test that puts another state in its
        # place is a new position too.
        return self.states[-1]

    @property
    def moves_made(self) -> int:
        return len(self.moves)

    def progress(self) -> str:
        return self.game.narrator.progress(self.state)

    def has_moved(self, seat: int) -> bool:
        return any(move.seat == seat for move in self.moves)

    def own_run(self, seat: int) -> list[Any]:
        return own_run(self.moves, seat)

    def changes_since_last_move(
        self, seat: int, looking: int, view: Callable[[GameState, int], GameState] | None = None
    ) -> ChangeReport:
        movers = [move.seat for move in self.moves]
        return changes_since_last_move(self.game, movers, self.states.__getitem__, seat, looking, view)

    @property
    def remote_seats(self) -> list[int]:
        """The seats played from other machines: a match with any is hosted."""
        return [index for index, seat in enumerate(self.seats) if seat.is_remote]

    def played_here(self, seat: int) -> bool:
        return self.seats[seat].kind == "human"

    def bots_here(self) -> list[int]:
        # A hosted match's host plays its bots (and absent seats it was asked to).
        return [] if self.remote_seats else super().bots_here()

    def watch(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._watchers.append(listener)
        return lambda: self._watchers.remove(listener) if listener in self._watchers else None

    def away(self) -> set[int]:
        # Unserved, no remote seat can be here.
        return set(self.remote_seats) if self.presence is None else self.presence.away()

    def stand_ins(self) -> set[int]:
        return set() if self.presence is None else self.presence.stand_ins()

    def watching(self) -> int:
        return 0 if self.presence is None else self.presence.watching()

    def away_since(self, seat: int) -> datetime | None:
        return None if self.presence is None else self.presence.away_since(seat)

    def joined_yet(self, seat: int) -> bool:
        return True if self.presence is None else self.presence.joined_yet(seat)

    def served_with(self, presence: Presence | None) -> None:
        """Its host starts serving the match (`presence`: who of the remote seats is here,
        which it keeps up to date) or stops (None)."""
        self.presence = presence
        self._changed()

    def presence_changed(self) -> None:
        """The host says a remote seat came or went, or was handed to or taken back from a bot."""
        self._changed()

    def _changed(self) -> None:
        for listener in list(self._watchers):
            listener()

    def search_seed(self) -> int:
        return self.seed + len(self.moves)

    def score_sheet(self) -> ScoreSheet:
        return self.rules.score_sheet(self.state)

    def leave(self) -> None:
        self.autosave()

    # -- changing -----------------------------------------------------------------
    def check_turn(self, seat: int, actions: Sequence[Any]) -> str | None:
        """Tried on the game itself, which holds everything a move may draw or reveal."""
        return turn_refusal(self.rules, self.seats, self.state, seat, actions)

    def submit(self, seat: int, action: Any, *, autosave: bool = True, stand_in: bool = False) -> GameState:
        """Validate and commit `action`; on `IllegalMove` nothing changes.  `stand_in`: a
        bot chose it for a remote seat whose player is away, and the log says so."""
        new_state = checked_move(self.rules, self.seats, self.state, seat, action)
        if stand_in:
            new_state = with_stand_in_line(self.state, new_state, self.seats[seat].name)
        self.states.append(new_state)
        self.moves.append(Move(seat, action, stand_in))
        self.updated = datetime.now(timezone.utc)
        if autosave:
            self.autosave()
        self._changed()
        return new_state

    def undo_blocker(self, seat: int) -> str | None:
        """Why `seat` may not take back its last move now, or None if it may.

        Undo stays inside the seat's own turn: never past another seat's move, nor
        past anything revealed or drawn (the state's information epoch).
        """
        if not self.moves:
            return "Nothing has been played yet."
        last = self.moves[-1]
        if last.seat != seat:
            return "Only the last move can be taken back, and it was not yours."
        if self.states[-1].info_epoch != self.states[-2].info_epoch:
            return "That move revealed or drew cards, so it cannot be taken back."
        return None

    def can_undo(self, seat: int) -> bool:
        return self.undo_blocker(seat) is None

    def undo(self, seat: int) -> GameState:
        blocker = self.undo_blocker(seat)
        if blocker is not None:
            raise IllegalMove(blocker)
        self.moves.pop()
        self.states.pop()
        self.updated = datetime.now(timezone.utc)
        self.autosave()
        self._changed()
        return self.state

    def autosave(self) -> None:
        if self.store is None:
            return
        try:
            self.store.write(self)
            self.save_error = None
        except OSError as error:
            # A full disk must not end the game; the screen says the save failed.
            self.save_error = f"Autosave failed: {error.strerror or error}"

    def retry_save(self) -> bool:
        """After a failed autosave (every move kept here meanwhile), writes the save
        again; True once it holds them all.  Watchers hear when the failure is over."""
        if self.save_error is None:
            return True
        self.autosave()
        if self.save_error is None:
            self._changed()  # the screens stop saying the save failed
        return self.save_error is None

    # -- replay ---------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        game: Game,
        options: BaseModel,
        seats: list[Seat],
        seed: int,
        moves: list[tuple[int, Any]],
        *,
        stand_ins: frozenset[int] | set[int] = frozenset(),
        **kwargs: Any,
    ) -> Match:
        """`stand_ins`: the numbers (from 0) of the moves a bot made for an absent player."""
        match = cls(game, options, seats, seed, **kwargs)
        for number, (seat, action) in enumerate(moves):
            match.submit(seat, action, autosave=False, stand_in=number in stand_ins)
        return match


def stand_in_line(name: str) -> str:
    return f"{name} is away: a bot plays this move for {name}."


def with_stand_in_line(before: GameState, after: GameState, name: str) -> GameState:
    """`after`, its log saying before the move's own lines that a bot made it for `name`:
    a player back at the table reads which moves were not theirs."""
    line = LogEntry(text=stand_in_line(name))
    kept = len(before.log)
    return after.model_copy(update={"log": [*after.log[:kept], line, *after.log[kept:]]})


def new_secret() -> str:
    """A remote seat's secret: what its join link holds, and what its player's
    connection must give to play the seat."""
    return secrets.token_urlsafe(24)


def check_seats(rules: Rules, seats: list[Seat]) -> None:
    """Raises ValueError for seats the game cannot be played with: too few or too many,
    or two names equal ignoring case.  Every door seats come in by (the form, --seat, a
    save, a record, a replay) ends here."""
    rules.check_players(len(seats))
    repeated = repeated_name([seat.name for seat in seats])
    if repeated is not None:
        raise ValueError(f"two seats are called {seats[repeated].name}; names must differ, ignoring case")


def own_run(moves: list[Move], seat: int) -> list[Any]:
    """The actions of `seat`'s moves at the end of `moves`, since another seat last moved, oldest first."""
    run: list[Any] = []
    for move in reversed(moves):
        if move.seat != seat:
            break
        run.append(move.action)
    return run[::-1]


def checked_move(rules: GameRules, seats: list[Seat], state: GameState, seat: int, action: Any) -> GameState:
    """The state after `seat` plays `action` from `state`, every check made; raises
    `IllegalMove` with the reason otherwise.  `state` itself never changes."""
    # A damaged save or a caller of the API can pass anything: bools and strings
    # are not seats, and an action must be one the game's own models accept.
    if type(seat) is not int:
        raise IllegalMove(f"A seat is a number from 0 to {len(seats) - 1}, not {repr(seat)[:40]}.")
    if not 0 <= seat < len(seats):
        raise IllegalMove(f"There is no seat {seat + 1} in this game.")
    action = _checked_action(rules, action)
    if seat not in rules.to_act(state):
        if rules.is_over(state):
            raise IllegalMove("The game is over.")
        raise IllegalMove(f"It is not {seats[seat].name}'s turn.")
    rules.validate(state, seat, action)
    return rules.apply(state, seat, action)


def turn_refusal(
    rules: GameRules,
    seats: list[Seat],
    state: GameState,
    seat: int,
    actions: Sequence[Any],
    *,
    until_news: bool = False,
) -> str | None:
    """Why `seat` may not play `actions` one after another from `state`: the first
    refusal's reason, or None.  `state` never changes.  `until_news`: the checks stop
    after a move that draws or reveals something (the information epoch rises), for a
    `state` that only guesses at what its seat cannot see: what follows such a move
    may hang on the guess."""
    for action in actions:
        try:
            after = checked_move(rules, seats, state, seat, action)
        except IllegalMove as refusal:
            return refusal.reason
        if until_news and after.info_epoch != state.info_epoch:
            return None
        state = after
    return None


def _checked_action(rules: GameRules, action: Any) -> Any:
    """`action` itself when it is a well-formed action of this game, else IllegalMove.

    Models built with `model_construct` or changed after validation skip pydantic's
    checks, so their fields are validated again, strictly: `remove=None` is not a bool.
    """
    if not isinstance(action, BaseModel):
        raise IllegalMove(f"That is not a move of {rules.title}.")
    try:
        checked = rules.action_adapter.validate_python(dict(action.__dict__), strict=True)
    except ValidationError as error:
        problem = error.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in problem["loc"][1:])
        raise IllegalMove(f"That move is not well formed ({where}: {problem['msg']}).") from None
    if type(checked) is not type(action) or checked != action:
        raise IllegalMove(f"That is not a move of {rules.title}.")
    return action
