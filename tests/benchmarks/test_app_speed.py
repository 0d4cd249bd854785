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
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import BareApp, running

# Each script imports its app, runs it headless, and exits once the first frame is drawn.
BARE_STARTUP = """
from tests.benchmarks.conftest import BareApp
async def leave(pilot):
    await pilot.pause()
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


def pollen_match_with_a_big_garden(tmp_path, cards: int = 40):
    """A 4-seat Pollen match replayed from bot moves until `cards` are planted and seat 1 is to plant."""
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.registry import get_game
    from boardgames_tui.engine.simulate import play_bot_game

    game = get_game("pollen")

    rules = game.rules
    options = rules.parse_options({"starting_player": 1})
    _, moves = play_bot_game(game, options, ["random"] * 4, 16)
    seats = [Seat(name="Ann")] + [Seat(name=f"Bot {number}", kind="bot") for number in (2, 3, 4)]
    match = Match(game, options, seats, 16, store=SaveStore(tmp_path))
    for seat, action in moves:
        state = match.state
        if len(state.garden) >= cards and state.phase == "plant" and state.active == 0:
            break
        match.submit(seat, action, autosave=False)
    assert len(match.state.garden) >= cards
    return match


@pytest.mark.benchmark(group="keypress-cpu", timer=time.process_time)
def test_keypress_pollen_garden_of_40_cards(benchmark, tmp_path):
    match = pollen_match_with_a_big_garden(tmp_path)
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    app.call_later(app._show_match, match)
    with running(app) as press:
        press("tab")
        # Walking the cursor over the garden, which redraws it and may scroll it.
        keys = iter(["right", "down", "left", "up"] * 100)
        benchmark.pedantic(lambda: press(next(keys)), rounds=60, warmup_rounds=5)


@pytest.mark.benchmark(group="keypress-cpu", timer=time.process_time)
def test_keypress_evergreen_planet(benchmark, tmp_path):
    start = StartRequest(
        slug="evergreen",
        seats=[Seat(name="Ann"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot"), Seat(name="Bot 4", kind="bot")],
        options={"modules": "both"},
        seed=3,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    with running(app) as press:
        for _ in range(20):
            if app.match.state.phase == "actions" and app.screen.thinking is None:
                break
            press("enter")
        # Walking the cursor over the planet, with the light preview redrawn.
        keys = iter(["right", "down", "left", "up"] * 100)
        benchmark.pedantic(lambda: press(next(keys)), rounds=60, warmup_rounds=5)


@pytest.mark.benchmark(group="keypress-cpu", timer=time.process_time)
def test_keypress_everbloom_wilderness(benchmark, tmp_path):
    start = StartRequest(
        slug="everbloom",
        seats=[Seat(name="Ann"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot"), Seat(name="Bot 4", kind="bot")],
        options={},
        seed=3,
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)
    with running(app) as press:
        # Through the nectar draft and its announcement to Ann's first chip placement
        # (Enter there is refused while a bot thinks; each press lets the bots' moves in).
        for _ in range(400):
            screen = app.screen
            if (
                isinstance(screen, GameScreen) and screen.thinking is None
                and app.match.state.phase == "wilderness" and 0 in app.match.to_act()
            ):
                break
            press("enter")
        else:
            raise AssertionError("Ann never got to place a chip")
        # Moving the highlight over the list of chip placements.
        keys = iter(["down", "down", "up", "down"] * 100)
        benchmark.pedantic(lambda: press(next(keys)), rounds=60, warmup_rounds=5)
