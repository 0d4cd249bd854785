"""What the terminal shows is what the app holds: games played by keys into an emulated
terminal (emulator.py), every frame compared cell by cell with the app's own render.

Every game with two people and a bot, Teach as I play on, at 80×24 and 120×40.  The
people make the move their status line names (Enter, mostly), with the cursor moved now
and then, and before their moves they take, in turn, the detours a player takes (at
80×24 undo, the inspector, a hint, the keys panel and the save-and-quit question
declined; at 120×40 undo, stepping away, the rules, and leaving the game saved to resume
it from the menu).  The first curtain that offers it takes a move back.  A game is played for two
dozen keys, not to its end: the layers that open and close (lessons, curtains,
announcements, dialogs) come early, and every key costs a whole frame drawn, read by
the emulator and compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.settings import Settings
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.lesson import LessonPanel
from boardgames_tui.ui.menu import ContinueScreen, MenuScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen
from boardgames_tui.ui.setup import StartRequest

from tests.ui.test_learn_to_play import key_named_by, status_line

from .emulator import check_terminal, run_in_terminal

pytestmark = pytest.mark.draws_every_frame

SIZES = [(80, 24), (120, 40)]

# The detours a person at the keyboard takes before one of their moves, in this order:
# half of them at one size, half at the other.
DETOURS: dict[tuple[int, int], tuple[tuple[str, ...], ...]] = {
    (80, 24): (
        ("u",),  # undo: taken back, or refused with its reason
        ("i", "i"),  # the inspector opens and closes
        ("h",),  # a hint
        ("question_mark", "question_mark"),  # the keys panel
        ("q", "n"),  # the save-and-quit question, declined
    ),
    (120, 40): (
        ("u",),  # undo: taken back, or refused with its reason
        ("s", "enter"),  # stepping away: the seat's own curtain, and back
        ("f1", "escape"),  # the rules over the game
        ("q", "y"),  # leaving the game saved: it is resumed from the menu
    ),
}


@dataclass
class TerminalRun:
    slug: str
    size: tuple[int, int]
    seed: int = 11
    keys: int = 24
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ("Ann", "Ben")
    bots: int = 1
    # Whether the people move the cursor now and then and take a move back once; else
    # every move is the highlighted one.
    varied: bool = True

    @property
    def label(self) -> str:
        return f"{self.slug}-{len(self.names)}p{self.bots}b-{self.size[0]}x{self.size[1]}"

    def app(self, tmp_path) -> BoardGamesApp:
        seats = [Seat(name=name) for name in self.names]
        seats += [Seat(name=f"Bot {len(seats) + 1 + index}", kind="bot", bot_level="random") for index in range(self.bots)]
        start = StartRequest(slug=self.slug, seats=seats, options=self.options, seed=self.seed)
        return BoardGamesApp(
            store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0, settings=Settings(teach_as_i_play=True)
        )


class KeysAtTheTable:
    """Plays a run by keys, checking the terminal after every one."""

    def __init__(self, pilot: Any, terminal: Any, run: TerminalRun) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.terminal = terminal
        self.run = run
        self.pressed: list[str] = []
        self.detours = list(DETOURS.get(run.size, ()))
        self.took_back = False
        self.moves = 0
        self.lessons = 0
        self.resumed = 0

    async def press(self, key: str) -> None:
        self.pressed.append(key)
        await self.pilot.press(key)
        await check_terminal(self.pilot, self.terminal, f"{self.run.slug} at {self.run.size}, after {self.pressed}")

    async def play(self) -> None:
        await check_terminal(self.pilot, self.terminal, f"{self.run.slug} at {self.run.size}, the first frame")
        while len(self.pressed) < self.run.keys:
            screen = self.app.screen
            if isinstance(screen, ScoreSheetScreen):
                return
            if isinstance(screen, MenuScreen):
                await self.resume()
            elif isinstance(screen, CurtainScreen):
                if screen.undo_for is not None and self.run.varied and not self.took_back:
                    self.took_back = True
                    await self.press("u")
                else:
                    await self.press("enter")
            elif isinstance(screen, AnnouncementScreen):
                await self.press("enter")
            elif isinstance(screen, ConfirmScreen):
                await self.press("y")
            elif isinstance(screen, GameScreen):
                await self.at_the_game(screen)
            else:
                await self.press("escape")

    async def at_the_game(self, screen: GameScreen) -> None:
        if screen.query_one("#lesson", LessonPanel).is_open:
            self.lessons += 1
            await self.press("enter")
            return
        if screen.thinking is not None or not screen.viewer_legal_actions():
            # A bot's move: settling waits for its worker, then the frame is checked.
            await check_terminal(self.pilot, self.terminal, f"{self.run.slug}: a bot moved after {self.pressed}")
            return
        if self.detours:
            for key in self.detours.pop(0):
                await self.press(key)
            return
        key = key_named_by(status_line(self.app)) or "enter"
        if self.run.varied and self.moves % 2:
            await self.press("down")
        self.moves += 1
        await self.press(key)

    async def resume(self) -> None:
        self.resumed += 1
        await self.press("down")  # New game, Continue
        await self.press("enter")
        await self.app.workers.wait_for_complete()
        assert isinstance(self.app.screen, ContinueScreen)
        await self.press("enter")  # the newest save


RUNS = [
    TerminalRun(slug, size, options=options)
    for slug, options in (
        ("bloom-kingdom", {}),
        # The bot plays first: the screen while it moves, before anybody's curtain.
        ("pollen", {"starting_player": 3}),
        ("evergreen", {}),
        ("everbloom", {}),
    )
    for size in SIZES
] + [
    # Four people at 100×30: the log has no room, and its scroll bar, out of view, is
    # drawn as a lesson shows; the fourth lesson closes on Ann's second turn.
    TerminalRun("bloom-kingdom", (100, 30), seed=7, keys=24, names=("Ann", "Ben", "Cat", "Dan"), bots=0, varied=False),
]


@pytest.mark.long(seconds=5)
@pytest.mark.parametrize("run", RUNS, ids=[run.label for run in RUNS])
async def test_the_terminal_shows_what_the_app_holds(tmp_path, run, monkeypatch):
    # Full colour, as a modern terminal: every colour is compared as it was written.
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = run.app(tmp_path)
    async with run_in_terminal(app, run.size) as (pilot, terminal):
        table = KeysAtTheTable(pilot, terminal, run)
        await table.play()
    assert table.moves and table.lessons, (table.moves, table.lessons)
    assert not table.detours, f"detours not taken: {table.detours}"
    assert table.resumed == (run.size == (120, 40)), table.resumed
