"""`RemoteTable`: the table a joined seat's screen talks to (the `Table` of
engine/table.py), answered from what the host sent this seat alone.

A remote screen has one audience, its own seat, so it never needs another seat's view:
asked for the public view (which a screen draws for the table), it gives its own, since
this screen's table is that one person.  It submits only its own seat's actions; the host
is the authority and its answer arrives as the next view (or a refusal).  Joined with a
watch link, its seat is `SPECTATOR`: its one view is the public one, and it submits nothing.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from datetime import datetime
from typing import Any, Callable, Sequence

from boardgames_tui.engine.contract import SPECTATOR, ChangeReport, GameState, IllegalMove, ScoreSheet
from boardgames_tui.engine.match import turn_refusal
from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.remote.client import RemoteSeat
from boardgames_tui.remote.wire import WATCHING_REFUSAL, ViewUpdate, hashable_marks


class RemoteTable:
    joined = True

    def __init__(self, remote: RemoteSeat) -> None:
        assert remote.game is not None and remote.rules is not None and remote.update is not None, "join first"
        self.remote = remote
        self.game = remote.game
        self.rules = remote.rules
        self.seats = remote.seats
        self.seat = remote.seat
        self._tasks: set[asyncio.Task[None]] = set()
        # The revision the next action is chosen at: a screen may send a whole turn of
        # several moves at once (Everbloom's chip and its sends), each after the one before.
        # Counted per welcome: a host restarted counts its revisions from 0 again.
        self._next_revision = 0
        self._revisions_of_welcome = remote.welcomes

    @property
    def _update(self) -> ViewUpdate:
        assert self.remote.update is not None
        return self.remote.update

    # -- reading ------------------------------------------------------------------------
    @property
    def save_error(self) -> str | None:
        """What a screen must say in red: the table lost (and when the seat tries to
        rejoin it), or the host refused a move (the host keeps the game itself: nothing
        to save here)."""
        lost = self.remote.lost
        if lost is not None:
            if lost.paused:
                back = "Watching goes on" if self.watching_only else "Your seat comes back"
                return f"{lost.reason} {back} by itself then (Ctrl+Q quits)."
            left = lost.seconds_left()
            when = "now…" if left is None else f"in {left} s"
            return f"{lost.reason} — trying again {when} (Ctrl+Q quits)"
        if self.remote.closed_reason is not None:
            return f"{self.remote.closed_reason} Join again with your link (quit with Ctrl+Q)."
        return self.remote.refused

    @property
    def position(self) -> object:
        return self._update  # a new object with every update the host sends

    @property
    def moves_made(self) -> int:
        return self._update.moves_made

    def _own(self, seat: int, what: str) -> None:
        if seat not in (self.seat, SPECTATOR):
            raise ValueError(f"a remote table knows {what} of its own seat only")

    def view(self, seat: int) -> GameState:
        self._own(seat, "the view")
        assert self.remote.view is not None
        return self.remote.view

    def progress(self) -> str:
        return self._update.progress

    def to_act(self) -> list[int]:
        return list(self._update.to_act)

    def is_over(self) -> bool:
        return self._update.over

    def human_seats(self) -> list[int]:
        return [self.seat]  # the only seat played at this keyboard

    def played_here(self, seat: int) -> bool:
        return seat == self.seat

    def bots_here(self) -> list[int]:
        return []  # the host plays its bots

    def away(self) -> set[int]:
        """The remote seats whose players are not connected now."""
        return set(self.remote.away)

    def stand_ins(self) -> set[int]:
        return set(self._update.stand_ins)

    @property
    def watching_only(self) -> bool:
        """Joined with a watch link: the public view only, no seat."""
        return self.seat == SPECTATOR

    def watching(self) -> int:
        return 0  # the host counts its watchers

    def away_since(self, seat: int) -> datetime | None:
        return None  # the host knows; the wire says only who is away

    def joined_yet(self, seat: int) -> bool:
        return seat not in self.remote.not_joined

    def watch(self, listener: Callable[[], None]) -> Callable[[], None]:
        """`listener` runs after every view, refusal or coming and going the host sends,
        when the connection is lost or ends, and each second of a wait to rejoin."""

        def heard(message: Any) -> None:
            listener()

        self.remote.listeners.append(heard)
        return lambda: self.remote.listeners.remove(heard) if heard in self.remote.listeners else None

    def has_moved(self, seat: int) -> bool:
        self._own(seat, "the moves")
        return self._update.has_moved

    def own_run(self, seat: int) -> list[Any]:
        self._own(seat, "the moves")
        return [self.rules.parse_action(action) for action in self._update.own_run]

    def changes_since_last_move(self, seat: int, looking: int) -> ChangeReport:
        self._own(seat, "the changes")
        changes = self._update.changes
        return ChangeReport(hashable_marks(changes.marks), tuple(changes.lines))

    def search_seed(self) -> int:
        # Never from the game's seed (every hidden card follows from it): a fresh one.
        return secrets.randbits(63)

    def score_sheet(self) -> ScoreSheet:
        if self._update.score_sheet is None:
            raise ValueError("the game is not over")
        return self._update.score_sheet

    def hidden_information(self) -> list[RevealedSection]:
        return [RevealedSection(section.title, tuple(section.lines)) for section in self._update.hidden or []]

    # -- changing ---------------------------------------------------------------------------
    def _refusal(self, seat: int) -> str | None:
        """Why no move of `seat` can go to the host now, as far as this machine can tell."""
        if self.watching_only:
            return WATCHING_REFUSAL
        if seat != self.seat:
            return f"From here you play {self.seats[self.seat].name}'s seat only."
        if self.remote.lost is not None:
            return "The table is not reachable now: your seat rejoins it by itself, then you can move."
        if self.remote.closed_reason is not None:
            return "The table is not reachable: join again with your link."
        if self._update.over:
            return "The game is over."
        if seat not in self._update.to_act:
            return f"It is not {self.seats[seat].name}'s turn."
        return None

    def check_turn(self, seat: int, actions: Sequence[Any]) -> str | None:
        """Answered from this seat's own view, since a state never crosses the wire: the
        moves are tried with the rules on one sample of what the view hides (the game's
        own `determinize`).  So every check that reads what this seat sees is made here,
        as the host makes it: its cards, its pollinators, the board, whose turn it is.
        What follows a move that draws or reveals something is not checked: it may hang
        on what the sample guessed.  The host checks every move again and refuses what
        this could not tell, and the refusal comes back as the next message."""
        refusal = self._refusal(seat)
        if refusal is not None:
            return refusal
        view = self.view(seat)
        sample = self.game.advisor.determinize(view, seat, random.Random(self._update.revision))
        return turn_refusal(self.rules, self.seats, sample, seat, actions, until_news=True)

    def submit(self, seat: int, action: Any) -> object:
        """Sends the action to the host; the new view comes back as the next update.
        What this machine can tell is refused here; the rest the host refuses."""
        refusal = self._refusal(seat)
        if refusal is not None:
            raise IllegalMove(refusal)
        if self.remote.refused is not None or self._revisions_of_welcome != self.remote.welcomes:
            # A refused move (the ones sent after it were stale), or a table rejoined.
            self._next_revision = 0
            self._revisions_of_welcome = self.remote.welcomes
        revision = max(self._next_revision, self._update.revision)
        self._next_revision = revision + 1
        self._send(self.remote.act(action, revision))
        return self.position

    def undo_blocker(self, seat: int) -> str | None:
        self._own(seat, "the undo")
        return self._update.undo_blocker

    def can_undo(self, seat: int) -> bool:
        return self.undo_blocker(seat) is None

    def undo(self, seat: int) -> object:
        blocker = self.undo_blocker(seat)
        if blocker is not None:
            raise IllegalMove(blocker)
        self._send(self.remote.undo())
        return self.position

    def leave(self) -> None:
        self._send(self.remote.close())

    def _send(self, sending: Any) -> None:
        task = asyncio.ensure_future(sending)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
