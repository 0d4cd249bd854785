"""Fixtures shared by every test."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

from boardgames_tui.engine.saves import DATA_DIR_ENV
from boardgames_tui.settings import CONFIG_DIR_ENV


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Points the app's data directory at a fresh temporary one.

    No test may read or write the real user's saves, whatever it forgets to pass.
    """
    data_dir = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_DIR_ENV, str(data_dir))
    return data_dir


@pytest.fixture(autouse=True)
def isolated_config_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The same for settings: no test reads or writes the real user's settings file,
    and no BOARDGAMES_TUI_* setting from the developer's shell leaks in."""
    config_dir = tmp_path_factory.mktemp("config")
    monkeypatch.setenv(CONFIG_DIR_ENV, str(config_dir))
    for name in ("THEME", "BOT_PAUSE", "CONFIRMATIONS", "PAUSE_AFTER_REVEALS", "PLAIN"):
        monkeypatch.delenv(f"BOARDGAMES_TUI_{name}", raising=False)
    return config_dir


@pytest.fixture(autouse=True)
def full_colour_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test sees a terminal of full colour, whatever the shell running the suite
    says (TERM=xterm alone means 16 colours, NO_COLOR none): the app draws, and takes
    screenshots, in the colours its terminal shows.  The colour-mode tests set their own."""
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(autouse=True)
def curtains_answer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests that drive games press Enter on a curtain, an announcement or a seat's note
    the moment it rises, and on the game screen the moment its curtain goes down; their
    guards against held keys are tested (with a stepped clock) on their own."""
    from boardgames_tui.ui.curtain import CurtainScreen
    from boardgames_tui.ui.game_screen import GameScreen
    from boardgames_tui.ui.scoresheet import AnnouncementScreen
    from boardgames_tui.ui.seat_notice import SeatNoticeScreen

    monkeypatch.setattr(CurtainScreen, "GUARD_SECONDS", 0.0)
    monkeypatch.setattr(AnnouncementScreen, "GUARD_SECONDS", 0.0)
    monkeypatch.setattr(GameScreen, "GUARD_SECONDS", 0.0)
    monkeypatch.setattr(SeatNoticeScreen, "GUARD_SECONDS", 0.0)


# Screen tests are about the table, not the bots' strength: there a search bot plays
# a few dozen playouts and a hint a few hundred, with no time ceiling, so the same
# seed makes the same moves and hints on any machine, busy or not, in a fraction of
# the time.  The rules' and the bots' own tests (engine/, games/) and the
# benchmarks keep the real budgets.
SCREEN_TEST_FOLDERS = {"ui", "snapshots", "web", "terminal"}


@pytest.fixture(autouse=True)
def no_lessons_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teach as I play is on by default: its lessons would stop the first key of any test
    that drives a screen, wherever it lives (games/ holds Pilot tests too).  The tests of
    lessons (and of the setting) turn it on themselves."""
    monkeypatch.setenv("BOARDGAMES_TUI_TEACH_AS_I_PLAY", "false")


@pytest.fixture(autouse=True)
def quick_bots_in_screen_tests(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.path.parent.name not in SCREEN_TEST_FOLDERS:
        return
    import math
    from dataclasses import replace

    from boardgames_tui.engine import bots

    for level, budget in list(bots.SEARCH_LEVELS.items()):
        monkeypatch.setitem(
            bots.SEARCH_LEVELS, level, replace(budget, iterations=min(budget.iterations, 40), seconds=math.inf)
        )
    monkeypatch.setattr(
        bots, "HINT_BUDGET", replace(bots.HINT_BUDGET, iterations=400, seconds=math.inf, least_per_move=0)
    )


# The longest tests (whole games played by keys, the privacy harness, the random-key
# runs) go to the workers first, longest first: started last, one of them is the
# suite's tail, a worker busy for a minute while the others sit idle.
LONG_TEST = "long"
DRAWS_EVERY_FRAME = "draws_every_frame"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{LONG_TEST}(seconds): a test that runs for about that many seconds (once, in the parallel suite); "
        "the suite starts it first",
    )
    # xdist hands each worker a first batch of consecutive tests (a quarter of its
    # share): all the long ones, sorted to the front, would go to one worker.  One at a
    # time, they go to every worker (measured: 5 min 44 s instead of 9 min 12 s with six
    # workers).  Only when xdist is loaded and nobody chose otherwise.
    config.addinivalue_line(
        "markers",
        f"{DRAWS_EVERY_FRAME}: the app draws every frame as a terminal would (tests hunting for a "
        "crash while drawing); other tests draw a frame only when they read it",
    )
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


def _seconds_expected(item: pytest.Item) -> float:
    marker = item.get_closest_marker(LONG_TEST)
    return 0.0 if marker is None else float(marker.kwargs["seconds"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A stable sort: the other tests keep the order they were collected in (every xdist
    # worker collects, and so sorts, the same order, as it must).
    items.sort(key=_seconds_expected, reverse=True)


def pytest_collection_finish(session: pytest.Session) -> None:
    # Every Pilot test builds and drops thousands of widgets, styles and messages, and
    # Python's cyclic collector, at its default thresholds, ran every 700 allocations and
    # walked the imported modules, classes and functions of the whole suite again and
    # again: those are frozen once collected (they live as long as the process), and
    # young objects are looked at every 50,000 allocations.  Measured on the privacy,
    # guided-game, snapshot and lessons tests side by side: 17% less CPU.
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def pytest_sessionfinish(session: pytest.Session) -> None:
    # When pytest shuts down it collects garbage five times.  In an xdist worker that
    # comes after the worker has reported its results, and six workers doing it at
    # once over the heaps of a few hundred Pilot apps took over 5 s on two cores:
    # execnet then interrupts the worker (a KeyboardInterrupt printed as a warning at
    # the end of the run).  Collected once here, while the worker still counts as
    # running, and frozen, those five collections find nothing left to do.
    gc.collect()
    gc.freeze()


def _draw_only_what_is_read(screen: Screen) -> None:
    """Textual's `Screen._compositor_refresh` for a headless test app: the frame the app
    would send to the terminal is dropped by the headless driver unread, and drawing it
    was about two fifths of a Pilot test's CPU.  The regions it would have redrawn are
    forgotten; a test that reads the screen (`screen_text`, the privacy harness's
    `frame_of`, a snapshot) draws the whole frame then, from the same widgets
    (tests/ui/test_frames_drawn_when_read.py shows the frames read are the same).
    A screen that lets the one below show through (a dialog over the game) draws as
    before: skipped there, a frame read under it could keep a stale colour from below.
    The privacy harness draws every frame (tests/ui/test_privacy.py says why)."""
    app = screen.app
    if app.is_headless and not app.is_inline and screen is app.screen and screen.styles.background.a == 1:
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
        app._update_mouse_over(screen)
        return
    _DRAW_EVERY_FRAME(screen)


@pytest.fixture(autouse=True)
def frames_drawn_only_when_read(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    # The SVG snapshots are pictures of what a player sees, colours and all: they are
    # drawn as a terminal gets them, every frame, like the tests marked so.
    if request.node.get_closest_marker(DRAWS_EVERY_FRAME) is not None or request.node.path.parent.name == "snapshots":
        return
    monkeypatch.setattr(Screen, "_compositor_refresh", _draw_only_what_is_read)


def _parse_css_once_per_process(
    stylesheet: Stylesheet, css: str, read_from: object, is_default_rules: bool = False, tie_breaker: int = 0, scope: str = ""
) -> list:
    """Textual's `Stylesheet._parse_rules`, remembered for the whole test process rather
    than for one app: every Pilot test builds an app that parses the same widgets' CSS
    again, about a seventh of a short screen test's CPU.  The theme's variables are part
    of the key, as they are of what the parse makes; the rules made are only read."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(stylesheet._variables.items()))
    rules = _PARSED_CSS.get(key)
    if rules is None:
        rules = _PARSE_CSS_PER_APP(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
        _PARSED_CSS[key] = rules
    return rules


_PARSED_CSS: dict[tuple, list] = {}
_PARSE_CSS_PER_APP = Stylesheet._parse_rules
Stylesheet._parse_rules = _parse_css_once_per_process


# Textual's own method, kept before any test replaces it.
_DRAW_EVERY_FRAME = Screen._compositor_refresh
