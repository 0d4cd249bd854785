"""Plays hot-seat games through the real app with keys and proves that every frame
shows nothing outside its audience's view.

The harness keeps its own idea of who is looking, from what it did and what the
terminal shows, never from the screen's variables:

* a curtain, an announcement or the score sheet is seen by the whole table;
* a game screen is seen by the seat whose curtain the harness last lowered on
  purpose (after the curtain's guard time, naming the seat shown on the curtain);
  every table screen in between hands the screen back to the table.

After every key (and every resize or bot move) it takes the frame, then swaps in a
different full state that the audience could not tell apart from the true one
(the games' own `determinize`, from the audience's view; for the table, from one
seat's view and then from another's, so that every seat's secrets are sampled
afresh), redraws, and requires the very same frame.  A frame that changes showed
something its audience may not see.

A hosted game's join links (each holds its seat's secret) may appear only on the
links' own screen: the harness opens it at the start and now and then from the
command palette, and fails on any other frame that shows a secret or a piece of one.
Remote seats' moves are made at the host (as a joined seat's would arrive).

A watcher (a hosted table's watch link) is proved by `WatcherHarness`: every move of a
whole game, what the host sends its watchers must not change when every seat's secrets
do, and the watcher's frame of each move is read.

A second check concerns UI state, which no game state can reveal: each seat's first
frame must be the same whether or not the other seats moved cursors and opened
panels on their turns (`first_frames` of a run against one whose other seats only
submit their moves, with no UI activity at all).
"""

from __future__ import annotations

import asyncio
import difflib
import random
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardgames_tui.ui.textual_compat import full_frame_strips
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import SPECTATOR, GameState, Seat, shallow_copy
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.join_links import JoinLinksScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen
from boardgames_tui.ui.setup import StartRequest

from .settling import settle, workers_running


NAMES = ("Ann", "Ben", "Cy", "Di")
CURTAIN_NAME = re.compile(r"(\w+), it is your turn\.")
# How many times (2 ms apart) a watcher is looked at for the host's latest move.
WATCH_ROUNDS = 2500
# Frame sizes besides the game's smallest: roomy, and too small to show the game.
ROOMY, TOO_SMALL = (120, 40), (80, 24)


@dataclass(frozen=True)
class Frame:
    """What the terminal shows: its text, and every cell's style (a leak may be a colour)."""

    lines: tuple[str, ...]
    segments: tuple[tuple[str, Any], ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def frame_of(app: BoardGamesApp) -> Frame:
    """The frame as the terminal would draw it (the SVG screenshot's source, without the SVG)."""
    lines = []
    segments = []
    for line in full_frame_strips(app):
        text = []
        for strip in line:
            for segment in strip:
                text.append(segment.text)
                segments.append((segment.text, segment.style))
        lines.append("".join(text))
    return Frame(tuple(lines), tuple(segments))


class SteppedClock:
    """The curtain's clock, moved on by the harness: keys pressed without a step are
    "at once" (a held or repeated key); a step of a second is a deliberate press."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float = 1.0) -> None:
        self.now += seconds


@dataclass(frozen=True)
class GamePlan:
    slug: str
    humans: int
    seed: int
    steps: int
    # Keys that only move a cursor, pick a selection or open a panel.
    noise: tuple[str, ...]
    bots: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    # Seats played from another machine (a hosted game), after the humans.
    remote: int = 0

    def seats(self) -> list[Seat]:
        seats = [Seat(name=NAMES[index]) for index in range(self.humans)]
        seats += [Seat(name=NAMES[index], kind="remote") for index in range(self.humans, self.humans + self.remote)]
        first_bot = self.humans + self.remote
        seats += [Seat(name=NAMES[first_bot + index], kind="bot", bot_level="random") for index in range(self.bots)]
        return seats

    def app(self, tmp_path: Path) -> BoardGamesApp:
        start = StartRequest(slug=self.slug, seats=self.seats(), options=self.options, seed=self.seed)
        return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))


def alternative_state(game: Game, state: GameState, audience: int | None, rng: random.Random) -> GameState:
    """A full state, different in what `audience` may not see and equal in what it may."""
    rules, advisor = game.rules, game.advisor
    if audience is None:
        # determinize keeps the sampling seat's own secrets: sample twice, from two
        # seats, so that every seat's secrets are drawn again.
        first = advisor.determinize(rules.view(state, 0), 0, rng)
        alternative = advisor.determinize(rules.view(first, 1), 1, rng)
        log = rules.view(state, SPECTATOR).log
    else:
        alternative = advisor.determinize(rules.view(state, audience), audience, rng)
        log = rules.view(state, audience).log
    # determinize may drop the log; the audience's own log is what it may read.
    return shallow_copy(alternative, log=list(log))


class PrivacyLeak(AssertionError):
    pass


class BotGate:
    """Holds each bot's chosen move until the harness has looked at the screen the bot
    "thinks" on: with no pause a bot moves before any frame of its thinking is drawn,
    and those frames are the ones the whole table watches."""

    # A bot nobody lets go (a test that failed mid-way) gives up waiting, and says so.
    LONGEST_WAIT = 60.0

    def __init__(self) -> None:
        self._parked = threading.Event()
        self._go = threading.Event()
        self.held = 0
        self.gave_up = 0

    def parked(self) -> bool:
        return self._parked.is_set()

    def release(self) -> None:
        # Unparked here, not by the bot's thread: the screen is not settled again
        # until that move has arrived.
        if self._parked.is_set():
            self._parked.clear()
            self._go.set()

    def hold(self, cancelled: Any) -> None:
        self.held += 1
        self._parked.set()
        deadline = time.monotonic() + self.LONGEST_WAIT
        while not self._go.wait(0.002):
            if cancelled():
                break
            if time.monotonic() > deadline:
                self.gave_up += 1
                break
        self._parked.clear()
        self._go.clear()


class GatedBot:
    def __init__(self, bot: Any, gate: BotGate) -> None:
        self.bot = bot
        self.gate = gate

    def choose(self, game: Game, view: GameState, seat: int, cancelled: Any) -> Any:
        action = self.bot.choose(game, view, seat, cancelled)
        self.gate.hold(cancelled)
        return action


def gate_bots(monkeypatch: Any) -> BotGate:
    """Every bot the game screen makes from now on waits at one gate (see `BotGate`)."""
    from boardgames_tui.engine import bots

    gate = BotGate()
    make_bot = bots.make_bot
    monkeypatch.setattr(bots, "make_bot", lambda *args, **kwargs: GatedBot(make_bot(*args, **kwargs), gate))
    return gate


class Harness:
    """One game driven by keys. `quiet_seats` make their moves without any UI
    activity (no cursor keys, no hints: the move is handed to the screen as is)."""

    def __init__(
        self,
        app: BoardGamesApp,
        pilot: Any,
        plan: GamePlan,
        clock: SteppedClock,
        *,
        seed: int = 0,
        quiet_seats: frozenset[int] = frozenset(),
        check_frames: bool = True,
        stop_after_first_frames: bool = False,
        gate: BotGate | None = None,
        stop_after_bot_turns: int | None = None,
        terminal: Any = None,
    ) -> None:
        self.app = app
        self.pilot = pilot
        self.plan = plan
        self.clock = clock
        self.flow = random.Random(f"flow/{seed}")
        self.noise = [random.Random(f"noise/{seed}/{seat}") for seat in range(plan.humans)]
        self.samples = random.Random(f"samples/{seed}")
        self.quiet_seats = quiet_seats
        self.check_frames = check_frames
        self.stop_after_first_frames = stop_after_first_frames
        self.gate = gate
        self.stop_after_bot_turns = stop_after_bot_turns
        # An emulated terminal the app draws for (tests/terminal): each frame proved is
        # then also what the terminal really shows.
        self.terminal = terminal
        self.terminal_frames = 0
        # Moves taken back with u from the table's screen while a bot thought.
        self.undos_while_bots_think = 0
        # Frames checked while a bot thought between two people (the table's).
        self.bot_frames = 0
        # Who the harness let in on purpose; None: the table.
        self.tracked: int | None = None
        self.first_frames: dict[int, Frame] = {}
        self.frames_checked = 0
        self.curtains_lowered = 0
        self.ignored_keys_on_curtains = 0
        self.announcements = 0
        self.hints = 0
        self.links_shown = 0
        self.remote_moves = 0
        self.sizes = (ROOMY, app.match.game.min_screen if app.match else ROOMY, TOO_SMALL)
        self.size = ROOMY

    # -- who is looking -----------------------------------------------------------------
    def audience(self) -> int | None:
        if isinstance(self.app.screen, (CurtainScreen, AnnouncementScreen, ScoreSheetScreen)):
            self.tracked = None
            return None
        if self.plan.humans > 1 and not any(seat < self.plan.humans for seat in self.app.match.to_act()):
            # A bot (or a seat on another machine) plays next: the keyboard has left the
            # person who moved, and whoever comes next may be looking already.
            self.tracked = None
            return None
        return self.tracked

    def game_screen(self) -> GameScreen:
        return next(screen for screen in reversed(self.app.screen_stack) if isinstance(screen, GameScreen))

    # -- the proof ------------------------------------------------------------------------
    async def settle(self) -> None:
        if self.gate is None:
            await settle(self.pilot)
            return
        # A bot's worker ends in its move or at the gate, soon either way: a frame read
        # before then would be checked while that move arrives.
        for _ in range(100):
            await settle(self.pilot, self.gate.parked)
            if self.gate.parked() or not workers_running(self.app):
                return

    async def check(self) -> Frame:
        """The frame on screen now; raises if it shows more than its audience may see."""
        await self.settle()
        if isinstance(self.app.screen, JoinLinksScreen):
            # The links' own screen, for the host: drawn alone, never over a seat's screen.
            self.frames_checked += 1
            if self.app.screen.styles.background.a < 1:
                raise PrivacyLeak("the join links are drawn over the game's screen")
            return frame_of(self.app)
        frame = await self._check_frame()
        if self.terminal is not None:
            from tests.terminal.emulator import compare

            mismatch = compare(self.terminal, self.app)
            if mismatch is not None:
                raise PrivacyLeak(f"frame {self.frames_checked}: the terminal shows other than the frame proved\n{mismatch}")
            self.terminal_frames += 1
        for secret in self.app.match.remote_secrets.values():
            # A piece of one too: a link cut at the end of a line is still read.
            if any(piece in frame.text for piece in (secret, secret[:12], secret[-12:])):
                raise PrivacyLeak(
                    f"frame {self.frames_checked} ({type(self.app.screen).__name__}) shows a join link's secret:\n{frame.text}"
                )
        return frame

    async def _check_frame(self) -> Frame:
        audience = self.audience()
        match = self.app.match
        game = self.game_screen()
        who = "the table" if audience is None else match.seats[audience].name
        state = match.state
        if isinstance(self.app.screen, (CurtainScreen, ScoreSheetScreen)):
            # A whole screen of its own (the game screen is not drawn under it): only
            # its words can tell anything.  The score sheet's are the final scores, the
            # curtain's come from the game screen.
            if self.check_frames and isinstance(self.app.screen, CurtainScreen):
                self.frames_checked += 1
                seat = self.app.screen.seat
                message = game.curtain_message(seat)
                match.states[-1] = alternative_state(match.game, state, audience, self.samples)
                try:
                    other_message = game.curtain_message(seat)
                finally:
                    match.states[-1] = state
                if message != other_message:
                    raise PrivacyLeak(f"the curtain's words depend on what {who} may not see: {message!r} / {other_message!r}")
            return frame_of(self.app)
        if not self.check_frames:
            # Drawn as the check draws it, so that frames of both kinds of run compare.
            game.redraw()
            await self.settle()
            return frame_of(self.app)
        # A difference in colour alone is looked at twice: under a dialog a highlight may
        # arrive a frame late on a loaded machine (the Evergreen confirm dialog, in CI
        # with six workers on two cores, and once under `-n 2`); a colour that tells a
        # secret differs again when both frames are drawn anew from the same two states.
        positions = len(match.states)
        alternative = alternative_state(match.game, state, audience, self.samples)
        for _ in range(2):
            match.states[-1] = alternative
            try:
                game.redraw()
                await self.settle()
                seen_with_other_secrets = frame_of(self.app)
            finally:
                # A move that arrived meanwhile (a bot let go too early) would have been
                # made from the swapped state: the check would no longer mean anything.
                assert len(match.states) == positions, "a move arrived while a frame was being checked"
                match.states[-1] = state
                game.redraw()
            await self.settle()
            # The true frame, drawn the same way (a full redraw): a screen may leave a
            # harmless stale highlight between two keys, which is not what is checked here.
            frame = frame_of(self.app)
            if frame == seen_with_other_secrets or frame.text != seen_with_other_secrets.text:
                break
        self.frames_checked += 1
        if frame != seen_with_other_secrets:
            diff = "\n".join(
                difflib.unified_diff(frame.lines, seen_with_other_secrets.lines, lineterm="", n=0)
            ) or "(the same text in other colours)"
            raise PrivacyLeak(
                f"frame {self.frames_checked} ({type(self.app.screen).__name__}, for {who}, after "
                f"{len(match.moves)} moves) shows what {who} may not see:\n{diff}"
            )
        return frame

    async def press(self, key: str, *, lowers_for: int | None = None) -> Frame:
        await self.pilot.press(key)
        if lowers_for is not None and not isinstance(self.app.screen, CurtainScreen):
            self.tracked = lowers_for
        return await self.check()

    # -- driving ---------------------------------------------------------------------------
    async def run(self) -> None:
        await self.check()
        for _ in range(self.plan.steps):
            screen = self.app.screen
            if isinstance(screen, ScoreSheetScreen):
                return
            if isinstance(screen, CurtainScreen):
                await self.at_curtain()
            elif isinstance(screen, AnnouncementScreen):
                self.announcements += 1
                await self.press("enter")
            elif isinstance(screen, GameScreen):
                await self.at_game(screen)
            elif isinstance(screen, JoinLinksScreen):
                await self.at_links(screen)
            else:
                await self.press("escape")
            if self.stop_after_first_frames and len(self.first_frames) == self.plan.humans:
                return
            if self.stop_after_bot_turns is not None and self.bot_frames >= self.stop_after_bot_turns:
                return

    async def at_curtain(self) -> None:
        frame = frame_of(self.app).text
        named = CURTAIN_NAME.search(frame)
        assert named, f"a curtain that names nobody:\n{frame}"
        seat = NAMES.index(named.group(1))
        roll = self.flow.random()
        if roll < 0.3:
            # A held or repeated key, or one typed ahead: the curtain must stay.
            await self.press(self.flow.choice(["enter", "space"]))
            assert isinstance(self.app.screen, CurtainScreen), "a key pressed at once lowered the curtain"
            self.ignored_keys_on_curtains += 1
            return
        if roll < 0.4 and "may still press u" in frame:
            # Taken back in front of the table: the mover's own curtain comes next.
            self.clock.wait()
            await self.press("u")
            return
        self.clock.wait()
        shown = await self.press("enter", lowers_for=seat)
        self.curtains_lowered += 1
        self.first_frames.setdefault(seat, shown)

    async def at_links(self, screen: JoinLinksScreen) -> None:
        """The warning, then the links at a deliberate key, then back."""
        self.links_shown += 1
        shown = await self.press("enter")
        assert screen.links[0][1] in shown.text
        await self.press("escape")

    async def at_game(self, screen: GameScreen) -> None:
        match = self.app.match
        seat = screen.viewer
        remote_to_act = [seat for seat in match.to_act() if seat in match.remote_seats]
        if remote_to_act and self.app.remote_host is not None:
            # A remote seat's move, as its player's would arrive at the host.
            mover = remote_to_act[0]
            action = self.flow.choice(match.rules.legal_actions(match.view(mover), mover))
            self.app.remote_host.submit(mover, action)
            self.remote_moves += 1
            await self.check()
            return
        if screen.thinking is not None or seat is None or seat not in match.to_act():
            # A bot's move, or a moment between two screens.
            if self.gate is not None and self.gate.parked():
                # Its thinking was looked at (every key is checked): now it moves, or the
                # person who just moved takes that move back from the table's screen.
                self.bot_frames += 1
                if self.flow.random() < 0.2:
                    before = len(match.moves)
                    self.clock.wait()
                    await self.press("u")
                    if len(match.moves) < before:
                        self.undos_while_bots_think += 1
                    return
                self.gate.release()
            else:
                await self.pilot.pause(0.02)
            await self.check()
            return
        roll = self.flow.random()
        quiet = seat in self.quiet_seats
        if roll < 0.45:
            key = self.noise[seat].choice(self.plan.noise)
            if not quiet:
                await self.press(key)
        elif roll < 0.5:
            await self.press("u")
        elif roll < 0.52:
            if not quiet and self.hints < 2:
                await self.hint(screen)
        elif roll < 0.55:
            await self.press("s")
        elif roll < 0.58:
            await self.resize(self.flow.choice([size for size in self.sizes if size != self.size]))
        elif self.plan.remote and (roll < 0.61 or self.links_shown < 2):
            # The host asks for the links again (Ctrl+P → Join links), a seat's screen up.
            self.app.action_join_links()
            await self.check()
        else:
            action = self.flow.choice(match.rules.legal_actions(match.view(seat), seat))
            if quiet:
                screen.submit(action)
                await self.check()
            else:
                await self.play(screen, action)

    async def play(self, screen: GameScreen, action: Any) -> None:
        """Make `action` with keys: the screen's cursor is put on it, as a hint would."""
        before = len(self.app.match.moves)
        screen.highlight_action(action)
        for key in self.keys_for(screen, action):
            await self.press(key)
            if isinstance(self.app.screen, ConfirmScreen):
                # A guard rail asks before a move that gives up part of a turn: yes.
                await self.press("y")
            if len(self.app.match.moves) != before or self.app.screen is not screen:
                return

    def keys_for(self, screen: GameScreen, action: Any) -> list[str]:
        name = type(action).__name__
        if self.plan.slug == "evergreen":
            return {"Plant": ["p"], "Grow": ["g"], "UsePower": ["o"], "LakeGrow": ["l"], "Done": ["d"]}.get(name, ["enter"])
        if self.plan.slug == "bloom-kingdom" and name == "KnightChoice":
            return ["y" if action.remove else "n"]
        if self.plan.slug == "everbloom" and name in ("PlaceChip", "ChipToGrove"):
            # The landmark, then its split (the screen proposes a legal one), then send.
            return ["enter", "enter"]
        return ["enter"]

    async def hint(self, screen: GameScreen) -> None:
        self.hints += 1
        await self.pilot.press("h")
        for _ in range(400):
            message = screen.ui.message.plain if screen.ui.message is not None else ""
            if message.startswith("Hint:") or "A hint is" in message:
                break
            await self.pilot.pause(0.05)
        await self.check()

    async def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.terminal is not None:
            self.terminal.resize(size)
        await self.pilot.resize_terminal(*size)
        await self.check()


class WatcherHarness:
    """A watcher's screen, proved after every move of a whole hosted game.

    The app joined the host with its watch link (`boardgames-tui join` of it).  The
    host's seats are remote and nobody has joined them: the harness makes each move at
    the host, as a joined seat's would arrive.  A watcher's app holds nothing but what
    the host sends it, so every frame it draws is drawn from those messages alone; the
    harness proves each message free of secrets as a seat's frame is proved: the host's
    state is swapped for one that differs in every seat's secrets (`alternative_state`
    for the table), and what the host would send its watchers must be the very same,
    byte for byte.  Then the watcher's frame of that move is read once it is drawn: it
    must hold no seat's join link (nor a piece of one)."""

    def __init__(self, app: BoardGamesApp, pilot: Any, host: Any, *, seed: int = 0) -> None:
        self.app = app
        self.pilot = pilot
        self.host = host
        self.flow = random.Random(f"watch-flow/{seed}")
        self.samples = random.Random(f"watch-samples/{seed}")
        self.frames_checked = 0

    @property
    def remote(self) -> Any:
        return self.app.across.seat

    def game_screen(self) -> GameScreen | None:
        return next((screen for screen in reversed(self.app.screen_stack) if isinstance(screen, GameScreen)), None)

    async def until_drawn(self) -> None:
        """Until the watcher has the host's latest move and its game screen has drawn it."""
        match = self.host.match
        for _ in range(WATCH_ROUNDS):
            remote = self.remote
            update = None if remote is None else remote.update
            if update is not None and update.moves_made == len(match.moves):
                game = self.game_screen()
                if game is not None and game.position_seen is game.table.position:
                    await settle(self.pilot)
                    return
            await asyncio.sleep(0.002)
        raise AssertionError("the watcher never drew the host's latest move")

    def check_message(self) -> None:
        """What the host sends its watchers now is the same whatever the seats' secrets."""
        match, spectators = self.host.match, self.host.spectators
        state = match.state
        sent = spectators.update().model_dump_json()
        match.states[-1] = alternative_state(match.game, state, None, self.samples)
        try:
            sent_with_other_secrets = spectators.update().model_dump_json()
        finally:
            match.states[-1] = state
        if sent != sent_with_other_secrets:
            diff = "\n".join(
                difflib.unified_diff(sent.split(","), sent_with_other_secrets.split(","), lineterm="", n=0)
            )
            raise PrivacyLeak(f"what a watcher is sent after {len(match.moves)} moves depends on the seats' secrets:\n{diff}")

    async def check(self) -> Frame:
        """The watcher's frame of the latest move, drawn from a message proved free of
        secrets (at the end, the message reveals what was hidden: the game is over)."""
        if not self.host.match.is_over():
            self.check_message()
        await self.until_drawn()
        frame = frame_of(self.app)
        self.frames_checked += 1
        for secret in self.host.match.remote_secrets.values():
            # A piece of one too: a link cut at the end of a line is still read.
            if any(piece in frame.text for piece in (secret, secret[:12], secret[-12:])):
                raise PrivacyLeak(f"the watcher's frame shows a join link's secret:\n{frame.text}")
        return frame

    async def run(self) -> None:
        """Every move of the game, the last one too (its score sheet shows everyone
        what was hidden, as the rules' end of the game does)."""
        match = self.host.match
        await self.check()
        while not match.is_over():
            seat = match.to_act()[0]
            self.host.submit(seat, self.flow.choice(match.rules.legal_actions(match.view(seat), seat)))
            await self.check()
