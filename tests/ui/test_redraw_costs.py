"""What a pass of the keyboard, a cursor key and a bot's move cost Textual: layouts of
the game screen, rebuilt key bars and repainted rows, counted (never timed)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets._footer import FooterKey

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameLog, GameScreen
from boardgames_tui.ui.widgets import TextPanel

from .conftest import make_app
from .privacy_harness import frame_of
from .settling import settle


def count_layouts(screen) -> list[object]:
    """Every layout of `screen` from now on, one entry each."""
    layouts: list[object] = []
    lay_out = screen._refresh_layout
    screen._refresh_layout = lambda *args, **kwargs: layouts.append(args) or lay_out(*args, **kwargs)
    return layouts


async def test_one_layout_per_pass_of_the_keyboard_and_the_key_bar_kept(tmp_path):
    """Found profiling: each pass laid the game screen out about four times (the public
    view drawn under the curtain, the key bar rebuilt for the table and again for the
    seat, the seat's view drawn after the curtain had gone)."""
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen) and screen.audience == 0
        layouts = count_layouts(screen)
        keys = list(screen.query(FooterKey))
        for _ in range(3):
            # Ann steps away and comes back: a pass of the keyboard.
            await pilot.press("s")
            await settle(pilot)
            assert isinstance(app.screen, CurtainScreen)
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is screen and screen.audience == 0
        assert len(layouts) <= 3
        assert list(screen.query(FooterKey)) == keys  # the same keys, never rebuilt
        # Ann plays her card: the keyboard passes to Ben, laid out once for him.
        layouts.clear()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.audience == 1
        assert len(layouts) <= 1


async def test_the_next_seats_screen_is_drawn_before_its_curtain_goes(tmp_path):
    """The first frame after a curtain is the seat's own, with nothing left to draw: the
    screen was drawn for it while the curtain still hid it."""
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        drawn: list[object] = []
        curtain_before = curtain.before_lowering
        assert curtain_before is not None
        curtain.before_lowering = lambda: (curtain_before(), drawn.append((app.screen, screen.audience)))
        await pilot.press("enter")
        await settle(pilot)
        assert drawn == [(curtain, 0)]
        assert app.screen is screen and screen.audience == 0


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield TextPanel(id="panel")
        yield GameLog(id="log", markup=False, auto_scroll=True, min_width=20)


async def test_a_panel_repaints_only_the_rows_its_text_changed():
    """Found profiling a cursor key: Bloom Kingdom's hand was repainted whole (27 rows)
    when the cursor moved between two cards."""
    app = PanelApp()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(TextPanel)
        panel.styles.height = 6
        lines = [Text(f"card {n}") for n in range(5)]
        panel.show_text(Text("\n").join(lines))
        await settle(pilot)
        lines[1] = Text("card 1", style="reverse")
        lines[3] = Text("card 3 now")
        panel.show_text(Text("\n").join(lines))
        assert sorted(region.y for region in panel._repaint_regions) == [1, 3]
        await settle(pilot)
        shown = frame_of(app)
        panel.refresh()
        await settle(pilot)
        assert frame_of(app) == shown  # the rows not repainted were the same already


async def test_a_line_written_to_the_log_or_a_panel_of_the_same_height_lays_nothing_out():
    """Found profiling a bot's move: every line written to the log, and the turn row
    rewritten with as many rows, laid the whole screen out again."""
    app = PanelApp()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(TextPanel)
        panel.styles.height = "auto"
        log = app.query_one(GameLog)
        panel.show_text(Text("Ann 0 VP … choosing  Ben 0 VP … choosing"), layout=True)
        await settle(pilot)
        layouts = count_layouts(app.screen)
        for n in range(20):
            log.add_entry(Text(f"Move {n}: a card is played."))
            panel.show_text(Text(f"Ann {n % 10} VP ▮ card down  Ben 0 VP"), layout=True)
            await settle(pilot)
        assert layouts == []
        assert log.show_vertical_scrollbar and log.scroll_y == log.max_scroll_y
        assert "Move 19" in "\n".join(frame_of(app).lines)
        # A text of more rows still makes room for itself.
        assert panel.size.height == 1
        panel.show_text(Text("Ann 0 VP\nthe turn revealed\nBen's turn"), layout=True)
        await settle(pilot)
        assert layouts and panel.size.height == 3
