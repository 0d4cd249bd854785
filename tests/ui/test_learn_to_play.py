"""Learn to play through the screen: a newcomer who reads only the lessons and the status
line, and presses the keys they name, finishes the guided game at 80×24."""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import AsyncIterator

import pytest
from textual.widgets import OptionList
from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot

from boardgames_tui.engine.lessons import Lesson, lesson_book
from boardgames_tui.settings import Settings
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.lesson import LessonPanel, LessonsSeenScreen, lesson_text
from boardgames_tui.ui.menu import GamePickScreen, MenuScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen, ScoreSheetScreen
from boardgames_tui.ui.textual_compat import full_frame_strips
from boardgames_tui.ui.widgets import MessageBar

from .conftest import make_app, screen_text
from .settling import settle


def teaching_app(tmp_path, seats, seed: int, teach: bool = True, slug: str = "bloom-kingdom"):
    """An app starting an ordinary game (Bloom Kingdom unless told) with Teach as I play on or off."""
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.ui.setup import StartRequest

    start = StartRequest(slug=slug, seats=seats, options={}, seed=seed)
    return BoardGamesApp(
        store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0, settings=Settings(teach_as_i_play=teach)
    )

# The games whose guided game this file plays (the others have no lessons yet).
GUIDED = ["bloom-kingdom", "pollen", "evergreen", "everbloom"]
# A key the status line names: "Enter plays it", "y: remove a Dragon".
NAMED_KEY = re.compile(r"\bEnter\b|(?<![\w/])([a-z]): ")


def status_line(app) -> str:
    return app.screen.query_one("#status", MessageBar).render().plain if isinstance(app.screen, GameScreen) else ""


def key_named_by(text: str) -> str | None:
    """The first key `text` tells the player to press."""
    match = NAMED_KEY.search(text)
    if match is None:
        return None
    return "enter" if match.group(1) is None else match.group(1)


async def open_guided_game(pilot, slug: str) -> None:
    """From the menu, as a newcomer: Learn to play, then the game."""
    app = pilot.app
    assert isinstance(app.screen, MenuScreen)
    menu = app.screen.query_one("#menu", OptionList)
    for _ in range(menu.get_option_index("learn")):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, GamePickScreen) and app.screen.purpose == "learn"
    for _ in range([rules.slug for rules in app.screen.games].index(slug)):
        await pilot.press("down")
    await pilot.press("enter")
    for _ in range(3):
        await pilot.pause()


@contextlib.asynccontextmanager
async def guided_bloom_kingdom(tmp_path) -> AsyncIterator[tuple[Pilot, GameScreen, LessonPanel]]:
    """The guided Bloom Kingdom game at 80×24, opened from the menu: the pilot, the game
    screen and its lesson panel."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_guided_game(pilot, "bloom-kingdom")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        yield pilot, screen, screen.query_one("#lesson", LessonPanel)


def lesson_fits(app, panel: LessonPanel) -> None:
    """Nothing in the lesson is cut: the panel lies inside the screen and its text fits it."""
    screen = app.screen.region
    assert screen.contains_region(panel.region), f"{panel.lesson.id} sticks out: {panel.region}"
    text = panel.query_one("#lesson-text")
    assert text.region.height >= text.virtual_size.height, f"{panel.lesson.id} is cut"
    assert panel.region.height <= screen.height - 4
    # The title (with a reader's name in front of the table) is drawn whole on the border.
    assert len(str(panel.border_title)) + 4 <= panel.region.width, f"{panel.lesson.id}'s title is cut"


def symbols_named(lesson: Lesson) -> set[str]:
    """The board's symbols a lesson's text names (▤, ★, ░, •…; not the arrow keys)."""
    return {
        char for char in lesson.text
        if (unicodedata.category(char) == "So" or char == "•") and not "\u2190" <= char <= "\u21ff"
    }


def visible_text(app, region: Region, covered: Region) -> str:
    """What the terminal shows inside `region`, less the cells `covered` hides."""
    rows = []
    for y, line in enumerate(full_frame_strips(app)):
        if not region.y <= y < region.bottom:
            continue
        cells: list[str] = []
        for strip in line:
            for segment in strip:
                for char in segment.text:
                    cells.append(char)
                    cells.extend([""] * (cell_len(char) - 1))
        rows.append("".join(cell for x, cell in enumerate(cells) if region.x <= x < region.right and not covered.contains(x, y)))
    return "\n".join(rows)


def lesson_points_at_what_is_shown(app, screen: GameScreen, panel: LessonPanel) -> None:
    """The part of the screen the lesson talks about is marked and on screen (a panel the
    window's size hid is brought up), and each symbol it names is in sight there."""
    lesson = panel.lesson
    marked = screen.query_one(f"#{lesson.marks}")
    assert marked.has_class("lesson-marked")
    assert marked.region.area, f"{lesson.id} marks #{lesson.marks}, which is not on screen at {app.size}"
    shown = visible_text(app, marked.region, panel.region)
    for symbol in symbols_named(lesson):
        assert symbol in shown, f"{lesson.id} names {symbol}, not in sight in #{lesson.marks} at {app.size}"
    # The mark leaves the part's title in sight (a chip lesson reads the chips heading it).
    title = Text.from_markup(marked.border_title or "").plain
    top = Region(marked.region.x, marked.region.y, marked.region.width, 1)
    if title and not panel.region.overlaps(top):
        assert title[:20] in shown, f"{lesson.id}: the mark hides the title of #{lesson.marks}"


def shown_parts(screen: GameScreen) -> dict[str, Region]:
    """Where each part of the screen with an id lies, for those on screen."""
    return {widget.id: widget.region for widget in screen.query("*") if widget.id and widget.region.area}


async def each_lesson_shows_the_part_it_marks(pilot, slug: str, size: tuple[int, int]) -> None:
    """A lesson for each part of the screen the book marks, brought up in turn at the
    decision on screen, at `size`: the part is on screen, where it was (a panel the
    window's size hid is brought up and the card names its key), and closing the
    lesson leaves the screen as it was."""
    app = pilot.app
    screen = app.screen
    desk = screen.lessons
    panel = screen.query_one("#lesson", LessonPanel)
    await pilot.resize_terminal(*size)
    desk.close()
    # (Taken down, not read: the keys it held are given back as the desk's callers do.)
    screen.refresh_bindings()
    await settle(pilot)
    shown_before = shown_parts(screen)
    seen_before = screen_text(app)
    # Read by Enter as the player does, yet left unread: the game below shows each again.
    desk.teacher.mark_seen = lambda *_: None
    try:
        # One lesson per part marked: lessons marking the same part show the same.
        for lesson in {lesson.marks: lesson for lesson in reversed(lesson_book(slug).lessons)}.values():
            # Due once: a redraw while it shows must not bring it up again once closed.
            due = [[lesson]]
            desk.teacher.due = lambda *_: due.pop() if due else []
            desk.offer()
            await settle(pilot)
            # Offered again while it has not been taken: on a busy machine the resize can
            # still be settling, and the desk rightly waits for a window big enough.
            for _ in range(20):
                if panel.lesson == lesson or not due:
                    break
                desk.offer()
                await settle(pilot)
            assert panel.lesson == lesson
            marked = screen.query_one(f"#{lesson.marks}")
            assert marked.region.area, f"{lesson.id} marks #{lesson.marks}, which is not on screen at {size}"
            lesson_fits(app, panel)
            if lesson.marks in shown_before:
                assert marked.region == shown_before[lesson.marks], f"marking #{lesson.marks} moved it"
                desk.close()
                continue
            assert "Shown while you read" in panel.text.plain, f"{lesson.id}: no key named"
            await pilot.press("enter")
            await settle(pilot)
            assert not panel.is_open
            assert shown_parts(screen) == shown_before, f"{lesson.id} left the panels changed"
            assert screen_text(app) == seen_before, f"{lesson.id} left the screen drawn otherwise"
    finally:
        del desk.teacher.due
        del desk.teacher.mark_seen
    screen.refresh_bindings()


@pytest.mark.long(seconds=35)
@pytest.mark.parametrize("slug", GUIDED)
async def test_a_newcomer_finishes_the_guided_game_reading_only_the_screen(tmp_path, slug):
    app = make_app(tmp_path)
    shown: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_guided_game(pilot, slug)
        await settle(pilot)
        # Both sizes, more cheaply than a game at each: every lesson brought up at the
        # first decision (the game below then checks each where it comes, at 80×24).
        for size in ((120, 40), (80, 24)):
            await each_lesson_shows_the_part_it_marks(pilot, slug, size)
        app.screen.lessons.offer()
        # Bots think in a worker thread: on a busy machine many pauses pass while one
        # does, so the bound is on the keys the newcomer presses, not on the pauses.
        presses = 0
        while presses < 500:
            # Settled, not paused: the frame as the terminal would show it, without the
            # idle waits a pause adds (cheaper in CPU over a whole game).
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, ScoreSheetScreen):
                break
            if isinstance(screen, (AnnouncementScreen, ConfirmScreen)):
                # One Enter prompt at a time: no lesson waits under the table's news.
                assert not app.screen_stack[-2].query_one("#lesson", LessonPanel).is_open
            if isinstance(screen, (AnnouncementScreen, CurtainScreen)):
                presses += 1
                await pilot.press("enter")
                continue
            if isinstance(screen, ConfirmScreen):
                presses += 1
                await pilot.press("y")  # its button says "Yes (y)"
                continue
            assert isinstance(screen, GameScreen)
            panel = screen.query_one("#lesson", LessonPanel)
            if panel.is_open:
                # Measured once laid out (a busy machine may show it a frame late).
                for _ in range(20):
                    if panel.query_one("#lesson-text").region.height:
                        break
                    await pilot.pause(0.01)
                lesson_fits(app, panel)
                lesson_points_at_what_is_shown(app, screen, panel)
                if not shown or shown[-1] != panel.lesson.id:
                    shown.append(panel.lesson.id)
                presses += 1
                await pilot.press(key_named_by(str(panel.border_subtitle)))
                continue
            if screen.thinking is not None or not screen.viewer_legal_actions():
                continue  # a bot moves (settling waits for its worker); nothing to press
            key = key_named_by(status_line(app))
            assert key is not None, f"the status line names no key: {status_line(app)!r}"
            presses += 1
            await pilot.press(key)
            if key == "enter" and status_line(app).startswith("Read the lesson"):
                pytest.fail("a game key reached a lesson")
        else:
            pytest.fail(f"the guided game did not end: {app.match.progress()}")
        book = lesson_book(slug)
        # Every lesson once, and none repeated.
        assert sorted(shown) == sorted(lesson.id for lesson in book.lessons), app.match.progress()


async def test_L_lists_the_lessons_seen_and_a_lesson_holds_the_game_keys(tmp_path):
    async with guided_bloom_kingdom(tmp_path) as (pilot, screen, panel):
        app = pilot.app
        assert panel.is_open and panel.lesson.id == "goal"
        hand = list(app.match.state.players[0].hand)
        # A game key while a lesson shows plays nothing and says what to do.
        await pilot.press("2")
        await pilot.pause()
        assert "Enter closes it" in status_line(app)
        assert app.match.state.players[0].hand == hand and panel.is_open
        await pilot.press("enter")
        await pilot.pause()
        assert panel.lesson.id == "pick"
        await pilot.press("enter")
        await pilot.pause()
        assert not panel.is_open
        # The lesson is gone, and so is the word about it (found playing Pollen at 80×24:
        # "Read the lesson first: Enter closes it" stayed under a board with no lesson).
        assert "Read the lesson" not in status_line(app), status_line(app)
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LessonsSeenScreen)
        seen = screen_text(app)
        assert "Three rounds, two cards" in seen and "Play a card: five characters act" in seen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_one_enter_prompt_at_a_time_escape_closes_a_lesson_and_the_menu_starts_at_the_top(tmp_path, monkeypatch):
    """The table's news goes first and the lesson after it, never under it; Escape closes
    a lesson as Enter does; a lesson names the keys the status line names; back in the
    menu, its cursor is on the first item again (↓↓↓ Enter is Learn to play, not Quit)."""
    from boardgames_tui.ui.quiet import QuietGuard

    monkeypatch.setattr(QuietGuard, "GUARD_SECONDS", 0.0)
    async with guided_bloom_kingdom(tmp_path) as (pilot, screen, panel):
        app = pilot.app
        first = panel.lesson.id
        # Told to the table while a lesson is up (a move made elsewhere, a round scored):
        # one Enter prompt at a time, and the lesson again after it.
        screen.news.announce_all([("Round 1 scored", "Ada 12 VP, Ben 9 VP.")])
        await settle(pilot)
        assert isinstance(app.screen, AnnouncementScreen) and not panel.is_open
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and panel.is_open and panel.lesson.id == first
        # A lesson names the keys the status line names.
        arrows = re.compile(r"[←↑]/[→↓]")
        pick = next(lesson for lesson in lesson_book("bloom-kingdom").lessons if lesson.id == "pick")
        assert set(arrows.findall(pick.text)) <= set(arrows.findall(status_line(app))), status_line(app)
        await pilot.press("escape")
        await settle(pilot)
        assert [lesson.id for lesson in screen.lessons.teacher.seen_lessons(0)] == [first]
        assert app.screen is screen and (not panel.is_open or panel.lesson.id != first)
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert app.screen.query_one("#menu").highlighted == 0


async def test_teach_as_i_play_shows_a_lesson_once_per_name(tmp_path):
    from boardgames_tui.engine.contract import Seat
    from boardgames_tui.engine.lessons import LessonMemory

    seats = [Seat(name="Ann"), Seat(name="Bot", kind="bot", bot_level="easy")]

    async def first_lesson() -> str | None:
        app = teaching_app(tmp_path, seats, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await pilot.pause()
            panel = app.screen.query_one("#lesson", LessonPanel)
            lesson = panel.lesson.id if panel.is_open else None
            if panel.is_open:
                await pilot.press("enter")
                await pilot.pause()
            return lesson

    assert await first_lesson() == "goal"
    assert LessonMemory(tmp_path).seen("bloom-kingdom", "Ann") == ["goal"]
    # A new game for the same name: the lesson read is not shown again.
    assert await first_lesson() == "pick"


async def test_teach_as_i_play_off_teaches_nothing(tmp_path):
    from boardgames_tui.engine.contract import Seat

    app = teaching_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3, teach=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert app.screen.lessons.teacher is None
        assert not app.screen.query_one("#lesson", LessonPanel).is_open


async def test_with_two_humans_a_lesson_shows_only_behind_its_seat_s_curtain(tmp_path):
    from boardgames_tui.engine.contract import Seat

    app = teaching_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        game = app.screen_stack[-2]
        panel = game.query_one("#lesson", LessonPanel)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
        assert not panel.is_open, "a lesson behind the table's curtain"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and game.audience == 0 and panel.lesson.id == "goal"
        await pilot.press("enter", "enter")  # the two lessons of the first pick
        await pilot.pause()
        await pilot.press("enter")  # Ann plays
        for _ in range(3):
            await pilot.pause()
        # Ben's curtain: nothing of Ann's lessons is left up for the table.
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        assert not panel.is_open
        await pilot.press("enter")
        await pilot.pause()
        assert game.audience == 1 and panel.lesson.id == "goal"  # Ben's own first lesson


async def test_L_in_a_game_s_rules_starts_its_guided_game(tmp_path):
    from boardgames_tui.engine.contract import Seat
    from boardgames_tui.ui.rules_viewer import RulesScreen

    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "L Learn" in screen_text(app)  # the footer offers it, even at 80 columns
        await pilot.press("L")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert [seat.name for seat in app.match.seats] == ["You", "Ada", "Ben"]
        assert app.screen.query_one("#lesson", LessonPanel).lesson.id == "goal"


async def test_a_lesson_closes_what_was_inspected_before_it(tmp_path):
    """Found playing Everbloom at 120×40: the nectar card inspected before the discard
    stayed open over the next decision's lesson."""
    from boardgames_tui.ui.inspector import InspectorPanel

    async with guided_bloom_kingdom(tmp_path) as (pilot, screen, panel):
        app = pilot.app
        await pilot.press("enter", "enter")  # the first two lessons
        await pilot.press("enter")  # plays the highlighted card: the Fortune Teller
        for _ in range(400):  # the bots pick in a worker thread
            await pilot.pause(0.02)
            if isinstance(app.screen, AnnouncementScreen):
                await pilot.press("enter")  # the reveal, told to the table
            elif screen.viewer_legal_actions():
                break
        # The Fortune Teller's lesson comes with its choice, before anything is inspected.
        assert app.match.state.phase == "fortune" and panel.is_open and panel.lesson.id == "fortune-teller"
        await pilot.press("enter")
        await pilot.pause()
        assert not panel.is_open
        await pilot.press("i")  # whose hand would it look into?
        await pilot.pause()
        assert screen.query_one(InspectorPanel).is_open, status_line(app)
        await pilot.press("enter")
        for _ in range(400):
            await pilot.pause(0.02)
            if isinstance(app.screen, AnnouncementScreen):
                await pilot.press("enter")
            elif panel.is_open:
                break
        assert panel.is_open and panel.lesson.id == "revealed"
        assert not screen.query_one(InspectorPanel).is_open


@pytest.mark.parametrize("slug", GUIDED)
async def test_in_an_ordinary_game_each_lesson_shows_behind_its_own_seat_s_curtain(tmp_path, slug):
    """Teach as I play at a table of two people and a bot, a deal and options not the
    guided game's: each lesson comes up on the screen of the seat at the keyboard, after
    that seat's curtain, and names nobody else at the table."""
    from boardgames_tui.engine.contract import Seat

    seats = [Seat(name="Ann"), Seat(name="Cleo"), Seat(name="Robo", kind="bot", bot_level="easy")]
    app = teaching_app(tmp_path, seats, seed=11, slug=slug)
    shown: dict[int, list[str]] = {0: [], 1: []}
    async with app.run_test(size=(80, 24)) as pilot:
        behind: int | None = None  # the seat whose curtain went down last
        presses = 0
        while presses < 120 and min(len(lessons) for lessons in shown.values()) < 3:
            await settle(pilot)
            screen = app.screen
            presses += 1
            if isinstance(screen, CurtainScreen):
                behind = screen.seat
                await pilot.press("enter")
                continue
            if isinstance(screen, AnnouncementScreen):
                await pilot.press("enter")
                continue
            if isinstance(screen, ConfirmScreen):
                await pilot.press("y")
                continue
            if isinstance(screen, ScoreSheetScreen):
                break
            assert isinstance(screen, GameScreen)
            panel = screen.query_one("#lesson", LessonPanel)
            if panel.is_open:
                seat = screen.viewer
                if screen.audience is None:
                    # A public decision (a draft from an open row): the table watches, and
                    # the card says whose lesson it is.
                    assert not screen.needs_curtain(seat), f"{panel.lesson.id} shown to the table"
                    assert seats[seat].name in str(panel.border_title)
                    # The seat's earlier lessons are not offered to the table (L).
                    assert "L:" not in str(panel.border_subtitle)
                else:
                    assert screen.audience == seat == behind, f"{panel.lesson.id} shown to {seat} after {behind}'s curtain"
                lesson_fits(app, panel)
                words = lesson_text(panel.lesson).plain + str(panel.border_title)
                others = [seats[other].name for other in range(len(seats)) if other != seat]
                assert not [name for name in others if name in words], f"{panel.lesson.id} names another seat"
                if not shown[seat] or shown[seat][-1] != panel.lesson.id:
                    shown[seat].append(panel.lesson.id)
                await pilot.press("enter")
                continue
            if screen.thinking is not None or not screen.viewer_legal_actions():
                await pilot.pause(0.02)
                continue
            key = key_named_by(status_line(app))
            assert key is not None, status_line(app)
            await pilot.press(key)
    # Both people were taught, each their own lessons from the first.
    assert shown[0][:1] == shown[1][:1] == ["goal"], shown
    assert all(len(set(lessons)) == len(lessons) for lessons in shown.values()), shown


async def past_curtains_and_lessons(app, pilot, now: list[float]) -> GameScreen:
    """The first seat's game screen, each curtain and lesson before it closed by a
    deliberate Enter (`now`, the guard's clock, moved on before each)."""
    await settle(pilot)
    while isinstance(app.screen, CurtainScreen):
        now[0] += 1
        await pilot.press("enter")
        await settle(pilot)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    while screen.query_one("#lesson", LessonPanel).is_open:
        now[0] += 1
        await pilot.press("enter")
        await settle(pilot)
    return screen


async def test_enter_pressed_twice_to_close_a_lesson_plays_nothing(tmp_path, monkeypatch):
    """Found playing Evergreen with two people: Enter pressed twice on a lesson closed it
    and took the draft card under the cursor.  Keys after a lesson wait for quiet, as
    keys after a curtain do; a deliberate press then plays."""
    from boardgames_tui.engine.contract import Seat

    now = [1000.0]
    monkeypatch.setattr(GameScreen, "GUARD_SECONDS", 0.6)
    monkeypatch.setattr(GameScreen, "clock", lambda self=None: now[0])
    app = teaching_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtains_and_lessons(app, pilot, now)
        moves = len(app.match.moves)
        # The last lesson closed by Enter, and the same key again at once.
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.match.moves) == moves
        assert "came right after the lesson" in status_line(app), status_line(app)
        now[0] += 1
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.match.moves) > moves  # Ann's card (the bot's may follow)
