"""The issue-31 table: each cost beside its bare-Textual anchor, in the same run.

The two sides alternate round by round (a busy machine slows both alike) and are
timed in process CPU; each test reports the median of each side and their ratio in
its `extra_info` (and prints it with -s).

Run: pipx run hatch test -- tests/benchmarks/test_ratios.py --benchmark-only -p no:xdist -s
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.screen_parts.bots import BotRunner
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import BareApp, running

# Each script starts its app headless and leaves as its first frame is drawn (Textual's
# Ready event): what loads after that frame (the settings) is not start-up.
BARE_STARTUP = """
from tests.benchmarks.conftest import BareApp
BareApp.on_ready = lambda app: app.exit()
BareApp().run(headless=True, size=(120, 40))
"""
APP_STARTUP = """
from boardgames_tui.app import BoardGamesApp
BoardGamesApp.on_ready = lambda app: app.exit()
BoardGamesApp().run(headless=True, size=(120, 40))
"""

ROOT = Path(__file__).resolve().parents[2]


def cpu_of(action: Callable[[], object]) -> float:
    started = time.process_time()
    action()
    return time.process_time() - started


def children_cpu_of(action: Callable[[], object]) -> float:
    """CPU of the child processes `action` ran (a start-up in its own interpreter)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    action()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def alternate(benchmark, ours: Callable[[], float], anchor: Callable[[], float], rounds: int, label: str) -> float:
    """Times `ours` and `anchor` (each returns its own CPU seconds) one after the other,
    `rounds` times, starting with a different side each round; the median ratio."""
    times: dict[str, list[float]] = {"ours": [], "anchor": []}

    def one_round() -> None:
        sides = [("ours", ours), ("anchor", anchor)]
        if len(times["ours"]) % 2:
            sides.reverse()
        for name, side in sides:
            times[name].append(side())

    benchmark.pedantic(one_round, rounds=rounds, warmup_rounds=1)
    # The warm-up round is not counted.
    ours_median = statistics.median(times["ours"][1:])
    anchor_median = statistics.median(times["anchor"][1:])
    ratio = ours_median / anchor_median
    benchmark.extra_info.update(ours_ms=round(ours_median * 1000, 2), anchor_ms=round(anchor_median * 1000, 2), ratio=round(ratio, 2))
    print(f"\n{label}: {ours_median * 1000:.1f} ms CPU beside {anchor_median * 1000:.1f} ms: {ratio:.2f}×")
    return ratio


def run_script(script: str, data_dir: str, config_dir: str) -> None:
    subprocess.run(
        [sys.executable, "-c", script],
        check=True,
        cwd=ROOT,
        env={"BOARDGAMES_TUI_DATA_DIR": data_dir, "BOARDGAMES_TUI_CONFIG_DIR": config_dir, "PATH": "", "PYTHONPATH": str(ROOT)},
        capture_output=True,
    )


@pytest.mark.benchmark(group="ratio: start-up")
def test_startup_beside_a_bare_app(benchmark, tmp_path):
    paths = (str(tmp_path / "data"), str(tmp_path / "config"))
    alternate(
        benchmark,
        lambda: children_cpu_of(lambda: run_script(APP_STARTUP, *paths)),
        lambda: children_cpu_of(lambda: run_script(BARE_STARTUP, *paths)),
        rounds=8,
        label="start to the menu's first frame",
    )


def bloom_kingdom_app(tmp_path: Path, seats: list[Seat]) -> BoardGamesApp:
    start = StartRequest(slug="bloom-kingdom", seats=seats, options={}, seed=3)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


@pytest.mark.benchmark(group="ratio: cursor key")
def test_bloom_kingdom_cursor_key_beside_a_bare_update(benchmark, tmp_path):
    app = bloom_kingdom_app(tmp_path, [Seat(name="Ann")] + [Seat(name=f"Bot {n}", kind="bot") for n in (2, 3, 4)])
    with running(app) as press, running(BareApp()) as press_bare:
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.ui.targets) > 1
        # Right and left in turn: each really moves the cursor over the hand (at the
        # last card a key is refused, which is not what is measured).
        keys = iter(["right", "left"] * 200)

        def move() -> None:
            before = screen.ui.cursor
            press(next(keys))
            assert screen.ui.cursor != before

        alternate(
            benchmark, lambda: cpu_of(move), lambda: cpu_of(lambda: press_bare("right")), rounds=60,
            label="Bloom Kingdom cursor key",
        )


@pytest.mark.benchmark(group="ratio: hand-over")
def test_handing_the_keyboard_over_beside_a_plain_push_and_pop(benchmark, tmp_path, monkeypatch):
    monkeypatch.setattr(CurtainScreen, "GUARD_SECONDS", 0.0)
    monkeypatch.setattr(GameScreen, "GUARD_SECONDS", 0.0)
    app = bloom_kingdom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    with running(app) as press, running(BareApp()) as press_bare:
        press("enter")  # Ann's first curtain down
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.audience == 0

        def hand_over() -> None:
            # The curtain up (Ann steps away) and down again (Enter): a pass of the keyboard.
            press("s")
            assert isinstance(app.screen, CurtainScreen)
            press("enter")
            assert app.screen is screen

        alternate(
            benchmark, lambda: cpu_of(hand_over), lambda: cpu_of(lambda: press_bare("s", "enter")), rounds=30,
            label="curtain up and down",
        )


class HandedMoves:
    """A game of random bots whose moves are handed to the screen by the benchmark: the
    bots' choice (a worker thread) is left out, the move on screen is what is timed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
        self.pending: list[tuple[GameScreen, int, int, object]] = []
        self.rng = random.Random(seed)
        pending = self.pending

        def asked(runner: BotRunner, seat: int, generation: int, view: object, pause: float) -> None:
            pending.append((runner.screen, seat, generation, view))

        monkeypatch.setattr(BotRunner, "think", asked)
        monkeypatch.setattr(AnnouncementScreen, "GUARD_SECONDS", 0.0)

    def next_move(self, press: Callable[..., None]) -> Callable[[], None]:
        """The next bot's move, chosen at random (untimed), ready to hand in; the
        table's announcements before it are read on (Enter)."""
        for _ in range(10):
            if self.pending:
                break
            press("enter")
        screen, seat, generation, view = self.pending.pop()
        action = self.rng.choice(screen.rules.legal_actions(view, seat))
        return lambda: screen.bots.done(seat, generation, action)


def bots_app(tmp_path: Path, slug: str) -> BoardGamesApp:
    seats = [Seat(name=f"Bot {n}", kind="bot") for n in (1, 2, 3, 4)]
    start = StartRequest(slug=slug, seats=seats, options={}, seed=3)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


@pytest.mark.benchmark(group="ratio: bot move")
@pytest.mark.parametrize("slug", ["bloom-kingdom", "everbloom"])
def test_a_bots_move_on_screen_beside_a_bare_update(benchmark, tmp_path, monkeypatch, slug):
    """A random bot's move on screen: the table takes it, the screen redraws what it
    changed and the frame is drawn (the rules' share, about 0.2 ms, included); beside
    the bare app's one-line update.  A move that ends a turn brings the table's
    announcement up, as in play."""
    moves = HandedMoves(monkeypatch, seed=1)
    app = bots_app(tmp_path, slug)
    with running(app) as press, running(BareApp()) as press_bare:

        def one_move() -> float:
            move = moves.next_move(press)
            return cpu_of(lambda: press(move))

        ratio = alternate(
            benchmark, one_move, lambda: cpu_of(lambda: press_bare("right")), rounds=60,
            label=f"a bot's move on screen ({slug})",
        )
    assert ratio > 0
