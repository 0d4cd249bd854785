"""The game log writes its lines again at a new width: none stays cut to an old one."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.ui.game_screen import GameLog

LINE = "Ann plants a sprout on C4, grows the small tree on D5 and uses her power on B2."


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log", markup=False, min_width=20)


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


async def test_showing_other_entries_forgets_the_old_ones():
    app = LogApp()
    async with app.run_test(size=(120, 20)) as pilot:
        log = app.query_one(GameLog)
        log.add_entry(Text("old"))
        log.show_entries([Text("new")])
        await pilot.resize_terminal(100, 20)
        await pilot.pause()
        assert [strip.text.strip() for strip in log.lines] == ["new"]


async def test_a_shorter_log_still_shows_its_newest_line():
    # A panel above the log growing (the since panel) makes it shorter without
    # changing its width: the newest line must stay in view.
    app = LogApp()
    async with app.run_test(size=(120, 30)) as pilot:
        log = app.query_one(GameLog)
        for number in range(40):
            log.add_entry(Text(f"line {number}"))
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.resize_terminal(120, 15)
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


ENTRIES = [
    Text(LINE),
    Text("Ben's opening hand, 5 cards: 2 Bees, 1 wild star", style="italic"),
    Text(""),
    Text("a\ttab"),
    Text.assemble(("Cy", "bold"), " takes ", ("t1 Snowbell Seal", "bold green"), " " + LINE),
]


async def test_a_log_shown_in_one_go_draws_what_writing_it_line_by_line_draws():
    """The next seat's log is written in one go (and its entries' lines kept); it must
    look exactly as the same entries written one at a time."""
    app = LogApp()
    async with app.run_test(size=(40, 30)) as pilot:
        log = app.query_one(GameLog)
        for text in ENTRIES:
            log.write(text.copy())
        await pilot.pause()
        one_by_one = [list(strip) for strip in log.lines], log.virtual_size
        log.show_entries([text.copy() for text in ENTRIES])
        await pilot.pause()
        assert ([list(strip) for strip in log.lines], log.virtual_size) == one_by_one
        assert log.scroll_y == log.max_scroll_y  # the newest line in view, as after a write


async def test_lines_shown_before_are_not_wrapped_again():
    app = LogApp()
    async with app.run_test(size=(40, 30)) as pilot:
        log = app.query_one(GameLog)
        log.show_entries(ENTRIES)
        await pilot.pause()
        rendered = []
        render = app.console.render
        app.console.render = lambda *args, **kwargs: rendered.append(args[0]) or render(*args, **kwargs)
        # The next seat's log: the same public lines, one private line of its own.
        log.show_entries([*ENTRIES[:1], Text("Cy's own line", style="italic"), *ENTRIES[2:]])
        await pilot.pause()
        assert [text.plain for text in rendered if isinstance(text, Text)] == ["Cy's own line"]
        assert "Cy's own line" in [strip.text.strip() for strip in log.lines]


async def test_lines_written_while_the_log_is_put_away_wrap_at_its_width_when_shown():
    """Pollen's short screen hides the log while the news shows: lines written then
    wrapped at `min_width` (20 of 30 columns at 80×24, while a bot thought) and stayed
    so when the log came back at the width it had before."""
    app = LogApp()
    async with app.run_test(size=(40, 20)) as pilot:
        log = app.query_one(GameLog)
        log.add_entry(Text(LINE))
        await pilot.pause()
        shown = [strip.text for strip in log.lines]
        log.display = False
        await pilot.pause()
        log.add_entry(Text(LINE))
        log.show_entries([Text(LINE), Text(LINE)])
        log.display = True
        await pilot.pause()
        assert [strip.text for strip in log.lines] == shown * 2
