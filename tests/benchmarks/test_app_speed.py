"""Start-up and keypress cost of the app, each beside a bare Textual app.

Run: pipx run hatch test -- tests/benchmarks --benchmark-only -n0
The aims: start-up within 1.5× the bare app, CPU per keypress within 3×.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.setup import StartRequest

from .conftest import BareApp, running

# Each script imports its app, runs it headless, and exits after the first frame.
BARE_STARTUP = """
from tests.benchmarks.conftest import BareApp
async def leave(pilot):
    pilot.app.exit()
BareApp().run(headless=True, size=(120, 40), auto_pilot=leave)
"""
APP_STARTUP = """
from boardgames_tui.app import BoardGamesApp
async def leave(pilot):
    await pilot.pause()
    pilot.app.exit()
BoardGamesApp().run(headless=True, size=(120, 40), auto_pilot=leave)
"""


def run_script(script: str, data_dir: str) -> None:
    subprocess.run(
        [sys.executable, "-c", script],
        check=True,
        env={"BOARDGAMES_TUI_DATA_DIR": data_dir, "PATH": "", "PYTHONPATH": "."},
        capture_output=True,
    )


@pytest.mark.benchmark(group="start-up")
def test_startup_bare_textual_app(benchmark, tmp_path):
    benchmark.pedantic(run_script, args=(BARE_STARTUP, str(tmp_path)), rounds=5, warmup_rounds=1)


@pytest.mark.benchmark(group="start-up")
def test_startup_boardgames_tui(benchmark, tmp_path):
    benchmark.pedantic(run_script, args=(APP_STARTUP, str(tmp_path)), rounds=5, warmup_rounds=1)


@pytest.mark.benchmark(group="keypress-cpu", timer=time.process_time)
def test_keypress_bare_textual_app(benchmark):
    with running(BareApp()) as press:
        benchmark.pedantic(press, args=("right",), rounds=60, warmup_rounds=5)


@pytest.mark.benchmark(group="keypress-cpu", timer=time.process_time)
def test_keypress_bloom_kingdom_screen(benchmark, tmp_path):
    start = StartRequest(
        slug="bloom-kingdom",
        seats=[Seat(name="Ann"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot"), Seat(name="Bot 4", kind="bot")],
        options={},
        seed=3,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    with running(app) as press:
        # Moving the highlight over the hand: the most common key in the game.
        benchmark.pedantic(press, args=("right",), rounds=60, warmup_rounds=5)
