"""The shared ways a game tells its players what happened (#14): the table's
announcements in turn, and the "since your last turn" panel built from the seat's
own views.  Each game's own summaries are tested with that game; these tests pin
the mechanics every game relies on, with the game's hooks replaced by fixed ones."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import SPECTATOR, ChangeReport, Seat, TableMoment
from boardgames_tui.engine.registry import get_game

pytestmark = pytest.mark.usefixtures("tmp_path")


def _app(tmp_path, seats, slug="bloom-kingdom"):
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.ui.setup import StartRequest

    start = StartRequest(slug=slug, seats=seats, options={}, seed=5)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def _until(pilot, condition, tries: int = 400, *, news: bool = True) -> None:
    from tests.ui.conftest import press_through_news

    for _ in range(tries):
        if condition():
            return
        if not (news and await press_through_news(pilot)):
            await pilot.pause(0.03)
    raise AssertionError(f"the screen never got there: {pilot.app.screen_stack}")


def _acts(app) -> bool:
    from boardgames_tui.ui.game_screen import GameScreen

    screen = app.screen
    return isinstance(screen, GameScreen) and screen.viewer_acts(screen.current_view())


VS_BOT = [Seat(name="Ann"), Seat(name="Bot", kind="bot", bot_level="random")]


async def test_moments_are_announced_in_turn_and_escape_skips_the_rest(tmp_path, monkeypatch):
    from boardgames_tui.ui.scoresheet import AnnouncementScreen

    narrator_class = type(get_game("pollen").narrator)
    told: list[tuple[object, object]] = []
    armed = []

    def moments(self, before, after):
        if not armed:
            return []  # the bot's moves before Ann's are no news in this test
        armed.clear()
        told.append((before, after))
        return [TableMoment("First news", ("one",)), TableMoment("Second news", ("two",)), TableMoment("Third", ("3",))]

    monkeypatch.setattr(narrator_class, "table_moments", moments)
    app = _app(tmp_path, VS_BOT, "pollen")
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: _acts(app))
        screen = app.screen
        armed.append(True)
        screen.submit(screen.viewer_legal_actions()[0])
        await _until(pilot, lambda: isinstance(app.screen, AnnouncementScreen), news=False)
        assert app.screen.heading == "First news" and app.screen.position == (1, 3)
        # The game's hook is asked with public views only: the table is the audience.
        before, after = told[0]
        assert after == app.match.rules.view(app.match.state, SPECTATOR)
        await pilot.press("enter")
        await _until(
            pilot, lambda: isinstance(app.screen, AnnouncementScreen) and app.screen.heading == "Second news", news=False
        )
        assert app.screen.position == (2, 3)
        await pilot.press("escape")
        await pilot.pause()
        # Escape skipped the third: play went on (the bot moves, more news may follow).
        assert not (isinstance(app.screen, AnnouncementScreen) and app.screen.heading == "Third")


async def test_since_your_last_turn_is_shown_until_the_seat_moves(tmp_path, monkeypatch):
    narrator_class = type(get_game("bloom-kingdom").narrator)
    asked: list[tuple[object, object, int]] = []

    def changes(self, before, after, seat):
        asked.append((before, after, seat))
        return ChangeReport(marks=frozenset({("marked",)}), lines=("Bot played a card.",))

    monkeypatch.setattr(narrator_class, "changes_since", changes)
    app = _app(tmp_path, VS_BOT)
    async with app.run_test(size=(120, 40)) as pilot:
        await _until(pilot, lambda: _acts(app))
        screen = app.screen
        panel = screen.query_one("#since-panel")
        # Nothing has happened yet: Ann moves first.
        assert not panel.display and not screen.since_last_turn().marks
        screen.submit(screen.viewer_legal_actions()[0])
        # Ann moved; once the bot has moved too, her screen sums up what changed.
        await _until(pilot, lambda: _acts(app) and app.match.moves[-1].seat == 1)
        await pilot.pause()
        assert panel.display and "Bot played a card." in str(panel.render())
        assert screen.since_last_turn().marks == frozenset({("marked",)})
        # Built from Ann's own views: the one after her move, and the one she has now.
        before, after, seat = asked[-1]
        last_own = max(index for index, move in enumerate(app.match.moves) if move.seat == 0)
        assert seat == 0
        assert before == app.match.rules.view(app.match.states[last_own + 1], 0)
        assert after == app.match.view(0)
        screen.submit(screen.viewer_legal_actions()[0])
        await pilot.pause()
        if app.match.moves[-1].seat == 0:
            # Her move is the last one: nothing has changed since, nothing is marked.
            assert not screen.since_last_turn().marks and not panel.display


async def test_the_table_never_gets_a_seat_summary(tmp_path, monkeypatch):
    from boardgames_tui.ui.curtain import CurtainScreen

    narrator_class = type(get_game("bloom-kingdom").narrator)
    monkeypatch.setattr(
        narrator_class, "changes_since", lambda self, before, after, seat: ChangeReport(lines=("secret news",))
    )
    app = _app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        # Under a curtain the game screen is drawn for the table: no seat's panel shows.
        game = app.screen_stack[-2]
        assert game.audience is None
        assert not game.since_last_turn() and not game.query_one("#since-panel").display


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_announcement_scrolls_inside_its_box(tmp_path, size):
    from boardgames_tui.ui.scoresheet import AnnouncementScreen
    from tests.ui.clipping import clipped_widgets

    app = _app(tmp_path, VS_BOT)
    async with app.run_test(size=size) as pilot:
        await _until(pilot, lambda: _acts(app))
        lines = "\n".join(f"Line {number} of a long migration summary" for number in range(1, 41))
        app.screen.news.announce_all([("Migration", lines), ("Round 1 ends", "Two landmarks flip.")])
        await _until(pilot, lambda: isinstance(app.screen, AnnouncementScreen), news=False)
        await pilot.pause()
        # The button and the keys stay on screen; the body scrolls instead.
        assert not clipped_widgets(app.screen)
        button = app.screen.query_one("#announcement-ok")
        assert button.region.bottom <= size[1]
        body = app.screen.query_one("#announcement-body")
        assert body.max_scroll_y > 0


async def test_a_game_key_under_an_announcement_says_the_announcement_comes_first(tmp_path):
    """Under a table announcement the game's bar still offered "u Undo h Hint i Inspect",
    and those keys did nothing and said nothing: they now say, inside the announcement,
    that it is read first and Enter goes on; the game is left as it was."""
    from boardgames_tui.ui.scoresheet import AnnouncementScreen
    from tests.ui.conftest import screen_text

    app = _app(tmp_path, VS_BOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: _acts(app))
        game = app.screen
        position = game.table.position
        game.news.announce_all([("Round 1 ends", "Two landmarks flip.")])
        await _until(pilot, lambda: isinstance(app.screen, AnnouncementScreen), news=False)
        for key in ("u", "h", "i"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, AnnouncementScreen)
            keys = str(app.screen.query_one("#announcement-keys").render())
            assert "first" in keys and "Enter" in keys, keys
            assert "first" in screen_text(app)
        assert game.table.position is position
