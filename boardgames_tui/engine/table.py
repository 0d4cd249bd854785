"""A table: everything a game's screen needs of a game in play, wherever it is held.

A screen never holds the game's state.  It asks its table for a seat's view (that
seat's log is inside it), hands it one seat's action, asks to take a move back, and
reads who is to act, how far the game is, and what changed since a seat last moved.
A local `Match` is a table today; a replay is a read-only one (`ReplayTable`, which
refuses every move with a reason); a table whose authority is another machine's
process can be one tomorrow.  So every answer here is something a host could send
over a wire to one seat — a view, a few words, a number, that seat's own actions —
and never a state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from boardgames_tui.engine.contract import NO_CHANGES, ChangeReport

if TYPE_CHECKING:
    from datetime import datetime

    from boardgames_tui.engine.contract import GameState, ScoreSheet, Seat
    from boardgames_tui.engine.parts import Game, Rules
    from boardgames_tui.engine.reference import RevealedSection


class Table(Protocol):
    """The seam between a screen and the game it shows (see the module's words)."""

    # The game's parts (engine/parts.py), run here on views only: legal actions, prompts,
    # the words of a hint.  Never on a state: the table alone holds one.
    game: Game
    # `game.rules`, the part a screen reaches most.
    rules: Rules
    seats: list[Seat]
    # A seat joined on another machine's table: its host keeps the game (leaving saves
    # nothing here), and the seat waits there for its player.
    joined: bool

    @property
    def position(self) -> object:
        """Stands for the position now: the same object (compared with `is`) until a
        move or an undo changes it.  Screens key what they work out from a view on it."""
        ...

    @property
    def moves_made(self) -> int:
        """How many moves led here (a position's number, and a replay's step)."""
        ...

    @property
    def save_error(self) -> str | None:
        """Why the game could not be kept (a failed autosave), to say on screen; else None."""
        ...

    # -- reading ----------------------------------------------------------------------
    def view(self, seat: int) -> GameState:
        """What `seat` may see now (`SPECTATOR`: the public view), its log included."""
        ...

    def progress(self) -> str:
        """The public line saying how far the game is ("Round 2 of 3, turn 4")."""
        ...

    def to_act(self) -> list[int]: ...

    def is_over(self) -> bool: ...

    def human_seats(self) -> list[int]: ...

    def played_here(self, seat: int) -> bool:
        """Whether a person at this keyboard plays `seat`: not a bot, not a seat played
        from another machine.  A screen hands the keyboard (and curtains) to these only."""
        ...

    def bots_here(self) -> list[int]:
        """The seats whose moves this screen's own bots choose.  A hosted match's bots
        are played by its host (remote/host.py), a joined seat's table plays none."""
        ...

    def away(self) -> set[int]:
        """The seats played from another machine whose players are not connected now."""
        ...

    def stand_ins(self) -> set[int]:
        """The seats played from another machine that the host handed to a bot while
        their players are away: the others are told a bot plays for them."""
        ...

    def watching(self) -> int:
        """How many people watch this table through its watch link (the public view)."""
        ...

    def away_since(self, seat: int) -> datetime | None:
        """When the player of an away seat left (for one not joined since the table
        opened, its opening), where this table knows it (the host does); else None."""
        ...

    def joined_yet(self, seat: int) -> bool:
        """Whether the player of a seat played from another machine has joined since the
        table opened, where this table knows it (the host does); else True."""
        ...

    def watch(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Calls `listener` (on the event loop) after every change to the game, whoever
        made it: a remote seat's move arrives without this screen having submitted, and a
        remote table's `submit` returns before the host commits.  Returns the unwatch."""
        ...

    def has_moved(self, seat: int) -> bool:
        """Whether `seat` has made a move in this game yet."""
        ...

    def own_run(self, seat: int) -> list[Any]:
        """`seat`'s own moves since any other seat last moved, oldest first (what an
        undo of several steps at once looks at); empty when the last move was not its."""
        ...

    def changes_since_last_move(self, seat: int, looking: int) -> ChangeReport:
        """What changed for `seat` since its own last move (since the game began, before
        its first), as `looking` (the seat itself, or `SPECTATOR` while the table watches)
        may see it: what the seat's move set off, then what the others did."""
        ...

    def search_seed(self) -> int:
        """A seed for a bot's or a hint's search from this position.  A table on another
        machine must not derive it from the game's own seed, from which every hidden card
        follows; the local match does, as its bots always have (their games repeat)."""
        ...

    def score_sheet(self) -> ScoreSheet:
        """The final scores; only once the game is over."""
        ...

    def hidden_information(self) -> list[RevealedSection]:
        """What the table could not see; only once the game is over (or in a replay)."""
        ...

    # -- changing -----------------------------------------------------------------------
    def check_turn(self, seat: int, actions: Sequence[Any]) -> str | None:
        """Why `seat` may not play `actions` one after another from here (the first
        refusal's reason), or None; nothing changes.  A screen asks before submitting a
        turn built of several moves, so that none of it is played unless all of it may be.
        Each table answers from the authority it has: the match from the game itself, a
        joined seat from its own view (the host checks every move again)."""
        ...

    def submit(self, seat: int, action: Any) -> object:
        """Commits `seat`'s `action`, or raises `IllegalMove` with the reason and changes nothing."""
        ...

    def undo_blocker(self, seat: int) -> str | None:
        """Why `seat` may not take back its last move now; None if it may."""
        ...

    def can_undo(self, seat: int) -> bool: ...

    def undo(self, seat: int) -> object:
        """Takes back `seat`'s last move, or raises `IllegalMove` with `undo_blocker`'s reason."""
        ...

    def leave(self) -> None:
        """The players leave the table, to come back later: a match saves itself."""
        ...


class Presence(Protocol):
    """Who of the seats played from other machines is at the table now, and how many
    watch it: held by the host serving the match (remote/host.py), never in the match's
    history or its save."""

    def away(self) -> set[int]:
        """The remote seats whose players are not connected."""
        ...

    def stand_ins(self) -> set[int]:
        """The remote seats a bot plays while their players are away."""
        ...

    def watching(self) -> int:
        """How many people watch through the table's watch link."""
        ...

    def away_since(self, seat: int) -> datetime | None:
        """When an away remote seat's player left (or the table opened); None for one here."""
        ...

    def joined_yet(self, seat: int) -> bool:
        """Whether a remote seat's player has joined since the table opened."""
        ...


class HeldTable:
    """The answers of a table that holds its game's state in this process (a match, a
    replay), read from `state`: the position shown."""

    game: Game
    rules: Rules
    seats: list[Seat]
    state: GameState

    def view(self, seat: int) -> GameState:
        return self.rules.view(self.state, seat)

    def to_act(self) -> list[int]:
        return self.rules.to_act(self.state)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def human_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if not seat.is_bot]

    def hidden_information(self) -> list[RevealedSection]:
        return self.game.reference.hidden_information(self.state)

    def played_here(self, seat: int) -> bool:
        return not self.seats[seat].is_bot

    def bots_here(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_bot]

    def away(self) -> set[int]:
        return set()

    def stand_ins(self) -> set[int]:
        return set()

    def watching(self) -> int:
        return 0

    def away_since(self, seat: int) -> datetime | None:
        return None

    def joined_yet(self, seat: int) -> bool:
        return True

    def watch(self, listener: Callable[[], None]) -> Callable[[], None]:
        return lambda: None  # a replay changes only when its own screen steps it


def changes_since_last_move(
    game: Game,
    movers: Sequence[int],
    state_at: Callable[[int], GameState],
    seat: int,
    looking: int,
    view: Callable[[GameState, int], GameState] | None = None,
) -> ChangeReport:
    """`Table.changes_since_last_move` for a table that holds the history: `movers[i]` made
    move i, `state_at(i)` is the state before it (`state_at(len(movers))`: the present).
    `view`: the rules' own, or a cache of it (a host works out every seat's at each move)."""
    narrator = game.narrator
    view = view or game.rules.view
    last = next((index for index in range(len(movers) - 1, -1, -1) if movers[index] == seat), None)
    # A seat that has not moved yet is told what happened since the game began.
    since = 0 if last is None else last + 1
    report = NO_CHANGES
    if last is not None:
        # What its own move set off, which it has not seen either (a migration run on).
        report = narrator.changes_set_off(view(state_at(last), looking), view(state_at(since), looking), seat)
    if since < len(movers):
        before = view(state_at(since), looking)
        now = view(state_at(len(movers)), looking)
        report = report.then(narrator.changes_since(before, now, seat))
    return report
