"""The game log writes its lines again at a new width: none stays cut to an old one."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.ui.game_screen import GameLog

LINE = "Ann plants a sprout on C4, grows the small tree on D5 and uses her power on B2."


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log", wrap=True, markup=False, min_width=20)


async def test_a_resize_rewraps_every_line():
    app = LogApp()
    async with app.run_test(size=(30, 20)) as pilot:
        log = app.query_one(GameLog)
        for _ in range(3):
            log.add_entry(Text(LINE))
        await pilot.pause()
        narrow = len(log.lines)
        await pilot.resize_terminal(120, 20)
        await pilot.pause()
        assert len(log.lines) == 3 < narrow  # one row each once there is room
        assert all(LINE in strip.text for strip in log.lines)
        await pilot.resize_terminal(30, 20)
        await pilot.pause()
        assert len(log.lines) == narrow


async def test_clearing_forgets_the_entries():
    app = LogApp()
    async with app.run_test(size=(120, 20)) as pilot:
        log = app.query_one(GameLog)
        log.add_entry(Text("old"))
        log.clear_entries()
        log.add_entry(Text("new"))
        await pilot.resize_terminal(100, 20)
        await pilot.pause()
        assert [strip.text.strip() for strip in log.lines] == ["new"]


async def test_a_log_made_shorter_still_shows_its_last_line():
    """A panel opening above the log (the summary since your last turn) makes it
    shorter: the newest line stays in sight instead of sinking below the fold."""
    app = LogApp()
    async with app.run_test(size=(120, 20)) as pilot:
        log = app.query_one(GameLog)
        for number in range(40):
            log.add_entry(Text(f"line {number}"))
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        log.styles.height = 8
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
