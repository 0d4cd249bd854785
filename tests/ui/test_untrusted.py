"""Names and files from people are data on every screen: shown literally (never as
markup), with nothing a terminal would obey, and a bad file never crashes the app."""

from __future__ import annotations

import asyncio
import io
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.widgets import Input, OptionList

from boardgames_tui.__main__ import main
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import all_games, get_game
from boardgames_tui.engine.saves import SaveStore, SaveSummary, load_match
from boardgames_tui.engine.text import is_unshown, name_problem
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.menu import ContinueScreen, RenameScreen
from boardgames_tui.ui.scoresheet import ScoreSheetScreen, ScoreTable
from boardgames_tui.ui.setup import SetupScreen
from tests.engine.test_saves_untrusted import bad_files, played_match
from tests.ui.conftest import make_app, screen_text

BK_GAME = get_game("bloom-kingdom")
BK = BK_GAME.rules
ISSUE_NAMES = ["x[/]", "[Team A]", "[AFK] Bob", "[red]Ed", "Ann[/]", "[@click=app.quit]Q", "王小明王小明王小明"]
MARKUP_BITS = ["[", "]", "[/]", "[b]", "[red]", "[/red]", "\\", "[link=x]", "[@click=app.quit]", "$var", "&"]
# Letters, digits, punctuation, symbols (emoji among them), wide characters and spaces.
NAMES = (
    st.lists(
        st.one_of(st.text(st.characters(categories=["L", "N", "P", "S", "Zs"]), min_size=1, max_size=4), st.sampled_from(MARKUP_BITS)),
        min_size=1,
        max_size=6,
    )
    .map(lambda parts: "".join(parts)[:20].strip())
    .filter(lambda name: name_problem(name) is None)
)
PAGE = settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))


def squeezed(text: str) -> str:
    """Without spaces: the screen may wrap a long name at a space."""
    return "".join(text.split())


def assert_nothing_unshown(app: BoardGamesApp) -> str:
    # The screenshot's own layout puts line breaks between rows; nothing else may be there.
    text = screen_text(app).replace("\n", "")
    assert not [character for character in text if is_unshown(character)]
    return text


def shown(widget) -> str:
    return str(widget.render())


def other_name(name: str) -> str:
    return "Ben" if name.casefold() != "ben" else "Cy"


async def settle(pilot, app: BoardGamesApp) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


# -- a name through the menu's save list, the curtain, the status lines, the score sheet ------------


async def walk_a_name_through_the_app(directory: Path, name: str) -> None:
    store = SaveStore(directory)
    # Ben picks first, so the curtain is for `name`, and `name` has a status line of its own.
    match = Match(BK_GAME, BK.parse_options({}), [Seat(name=other_name(name)), Seat(name=name)], 4, store=store)
    match.submit(0, BK.legal_actions(match.state, 0)[0])
    app = make_app(directory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, ContinueScreen)
        assert squeezed(name) in squeezed(assert_nothing_unshown(app))

        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, CurtainScreen)
        assert shown(app.screen.query_one("#curtain-player")) == f"{name}, it is your turn."
        assert squeezed(name) in squeezed(assert_nothing_unshown(app))
        game = app.screen_stack[-2]
        assert isinstance(game, GameScreen)
        assert shown(game.query_one("#status")) == f"Waiting for {name}."

        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is game and game.viewer == 1
        assert shown(game.query_one("#status")).startswith(f"{name}: ")
        assert_nothing_unshown(app)

        finished = Match(BK_GAME, BK.parse_options({}), match.seats, 9)
        rng = random.Random(1)
        while not finished.is_over():
            seat = finished.to_act()[0]
            finished.submit(seat, rng.choice(BK.legal_actions(finished.state, seat)), autosave=False)
        app.show_score_sheet(finished)
        await settle(pilot, app)
        assert isinstance(app.screen, ScoreSheetScreen)
        table = app.screen.query_one("#score-table", ScoreTable)
        options = app.console.options.update_width(table.content_region.width)
        drawn = "".join(segment.text for segment in app.console.render(table.render(), options))
        assert all(seat.name in drawn for seat in match.seats)
        winners = " and ".join(finished.seats[index].name for index in BK.score_sheet(finished.state).winners)
        assert shown(app.screen.query_one("#winner")).endswith(winners)
        assert_nothing_unshown(app)


@pytest.mark.long(seconds=15)
@PAGE
@given(name=NAMES)
@example(name=ISSUE_NAMES[0])
@example(name=ISSUE_NAMES[1])
@example(name=ISSUE_NAMES[4])
def test_any_name_is_shown_literally_on_every_table_screen(name: str):
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(walk_a_name_through_the_app(Path(directory), name))


# -- each game's own screen --------------------------------------------------------------------------


async def play_a_game_screen(directory: Path, slug: str, name: str) -> None:
    from boardgames_tui.ui.setup import StartRequest

    seats = [Seat(name=name), Seat(name=other_name(name), kind="bot")]
    app = BoardGamesApp(
        store=SaveStore(directory),
        start=StartRequest(slug=slug, seats=seats, options={}, seed=3),
        cursor_blink=False,
        bot_delay=0,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            await settle(pilot, app)
            if isinstance(app.screen, GameScreen) and app.screen.viewer_acts(app.screen.current_view()):
                break
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert shown(screen.query_one("#status")).startswith(f"{name}: ")
        assert_nothing_unshown(app)


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_any_name_is_shown_literally_on_each_game_screen(slug: str):
    @settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
    @given(name=NAMES)
    @example(name="[red]Ed")
    @example(name="x[/]")
    def check(name: str) -> None:
        with tempfile.TemporaryDirectory() as directory:
            asyncio.run(play_a_game_screen(Path(directory), slug, name))

    check()


# -- the setup form ------------------------------------------------------------------------------------


async def type_a_name(directory: Path, typed: str) -> None:
    app = make_app(directory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        field = form.query_one("#name-1", Input)
        field.value = typed
        await pilot.pause()
        # Control characters never enter the field, however they come (typed, pasted, set).
        assert not [character for character in field.value if is_unshown(character)]
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        problem = name_problem(field.value.strip(), "Seat 1's name") if field.value.strip() else "Seat 1 needs a name."
        if problem is None:
            assert app.match is not None and app.match.seats[0].name == field.value.strip()
        else:
            assert app.screen is form
            assert shown(form.query_one("#setup-error")) == problem
        assert_nothing_unshown(app)


@pytest.mark.long(seconds=15)
@PAGE
@given(typed=st.text(max_size=30))
@example(typed="\x1b]52;c;SGVsbG8=\x07")
@example(typed="\x1b]0;PWNTITLE\x07")
@example(typed="N" * 25)
def test_the_setup_form_takes_any_text_and_refuses_a_bad_name_in_one_line(typed: str):
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(type_a_name(Path(directory), typed))


async def test_a_pasted_escape_sequence_is_dropped_from_a_name(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter", "tab")
        await pilot.pause()
        field = app.screen.query_one("#name-1", Input)
        field.value = ""
        from textual import events

        field.post_message(events.Paste("Ann\x1b]52;c;SGVsbG8=\x07\u202e"))
        await pilot.pause()
        assert field.value == "Ann]52;c;SGVsbG8="


# -- the Continue list with every bad file ------------------------------------------------------------------


async def test_continue_lists_every_bad_file_literally_and_the_good_save_plays_on(app_factory, tmp_path):
    store = SaveStore(tmp_path)
    good = store.path_for(played_match(store, names=("[red]Ed", "x[/]")))
    files = {name: data for name, (data, _) in bad_files(good).items()}
    files["\x1b]0;PWNTITLE\x07.json"] = b"{"
    for name, data in files.items():
        (store.directory / name).write_bytes(data)
    before = {path.name: path.read_bytes() for path in store.directory.iterdir()}

    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "enter")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        assert len(screen.entries) == len(files) + 1
        text = assert_nothing_unshown(app)
        assert "[red]Ed" in text and "x[/]" in text
        for name in ("[a=b:c].json", "markup-game.json"):
            index = next(i for i, entry in enumerate(screen.entries) if entry.path.name == name)
            screen.query_one("#saves", OptionList).highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            message = shown(screen.query_one("#save-message"))
            assert name in message and "left as it is" in message
        assert "does not know ('x[/]')" in message
        assert_nothing_unshown(app)
        assert {path.name: path.read_bytes() for path in store.directory.iterdir()} == before

        await pilot.press("home", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        moves = len(app.match.moves)
        await pilot.press("enter")
        await settle(pilot, app)
        assert len(app.match.moves) > moves
    assert len(load_match(good).moves) > moves
    for name, data in files.items():
        assert (store.directory / name).read_bytes() == data


# -- managing saves: rename and delete ---------------------------------------------------------------


async def open_continue(pilot, app) -> ContinueScreen:
    await pilot.press("down", "enter")
    await settle(pilot, app)
    assert isinstance(app.screen, ContinueScreen)
    return app.screen


async def test_the_continue_list_shows_game_players_progress_and_when(app_factory, tmp_path):
    store = SaveStore(tmp_path)
    match = played_match(store, moves=3)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_continue(pilot, app)
        text = screen_text(app)
        when = match.updated.astimezone().strftime("%Y-%m-%d %H:%M")
        for part in ("Bloom Kingdom", "Ada, Bo (bot: random)", BK_GAME.narrator.progress(match.state), "3 moves", f"last played {when}"):
            assert part in text


async def test_rename_gives_a_save_a_checked_title(app_factory, tmp_path):
    store = SaveStore(tmp_path)
    path = store.path_for(played_match(store))
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_continue(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RenameScreen)
        field = app.screen.query_one("#rename-title", Input)
        field.value = "   "
        await pilot.press("enter")
        await pilot.pause()
        assert "cannot be empty" in shown(app.screen.query_one("#rename-error"))
        field.value = "Friday [b]final[/b]"
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is screen
        assert "Friday [b]final[/b]" in screen_text(app)
        assert load_match(path).title == "Friday [b]final[/b]"
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and load_match(path).title == "Friday [b]final[/b]"
    assert sorted(store.directory.iterdir()) == [path]


async def test_delete_asks_first_and_removes_only_that_save(app_factory, tmp_path):
    store = SaveStore(tmp_path)
    older = store.path_for(played_match(store, seed=1))
    newer = store.path_for(played_match(store, seed=2))
    broken = store.directory / "[broken].json"
    broken.write_text("{")
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_continue(pilot, app)
        assert [entry.path for entry in screen.entries] == [newer, older, broken]
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot, app)
        assert app.screen is screen and newer.exists()
        assert "Not done: the save is kept." in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot, app)
        assert not newer.exists() and older.exists()
        assert [entry.path for entry in screen.entries] == [older, broken]
        # An unreadable file can be deleted too (it cannot be renamed).
        await pilot.press("end")
        await pilot.pause()
        assert screen.check_action("rename", ()) is False
        await pilot.press("delete")
        await pilot.pause()
        assert "[broken].json" in screen_text(app)
        await pilot.press("y")
        await settle(pilot, app)
        assert not broken.exists()
        assert [entry.path for entry in screen.entries] == [older]


async def test_a_finished_game_stays_out_of_continue_even_if_its_summary_lies(app_factory, tmp_path):
    import json

    store = SaveStore(tmp_path)
    path = store.path_for(played_match(store))
    payload = json.loads(path.read_text())
    payload["summary"]["finished"] = True
    path.write_text(json.dumps(payload))
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_continue(pilot, app)
        assert [entry.path for entry in screen.entries] == [path]
        assert isinstance(screen.entries[0], SaveSummary)


# -- crashes -----------------------------------------------------------------------------------------------


async def crash(app: BoardGamesApp) -> None:
    with pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.call_later(lambda: 1 / 0)
            await pilot.pause()
            await pilot.pause()


def printed_crash(app: BoardGamesApp) -> str:
    output = io.StringIO()
    app.error_console = Console(file=output, width=200)
    app._print_error_renderables()
    return output.getvalue()


async def test_a_crash_in_the_menu_says_nothing_about_a_saved_game(tmp_path):
    app = make_app(tmp_path)
    await crash(app)
    assert app.return_code == 1
    [report] = (tmp_path / "crashes").iterdir()
    assert report.stat().st_mode & 0o777 == 0o600
    assert "ZeroDivisionError" in report.read_text()
    printed = printed_crash(app)
    assert "internal error" in printed and str(report) in printed.replace("\n", "")
    assert "saved" not in printed and "Continue" not in printed
    assert "textual" not in printed.lower() and "NOTE" not in printed


async def test_a_second_error_while_closing_adds_no_developer_note(tmp_path):
    app = make_app(tmp_path)
    await crash(app)
    app._exit_renderables.extend(["another error", "and another"])
    printed = printed_crash(app)
    assert printed.count("internal error") == 1
    assert "another" not in printed and "NOTE" not in printed and "--dev" not in printed


async def test_a_crash_during_a_game_says_it_was_saved(tmp_path):
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    await crash(app)
    assert app.return_code == 1
    printed = printed_crash(app)
    assert "The game was saved after the last move it accepted" in printed


def test_the_exit_status_is_not_zero_after_a_crash(monkeypatch: pytest.MonkeyPatch):
    def crashed_run(self: BoardGamesApp) -> None:
        self._return_code = 1

    monkeypatch.setattr(BoardGamesApp, "run", crashed_run)
    assert main(["play", "bloom-kingdom", "--seat", "Ann", "--seat", "bot"]) == 1
    assert main([]) == 1


@pytest.mark.parametrize(
    "seat, problem",
    [("\x1b]52;c;SGVsbG8=\x07", "control character (U+001B)"), ("N" * 21, "at most 20"), ("a\u202eb", "U+202E")],
)
def test_play_refuses_a_bad_name_in_one_line(seat: str, problem: str, capsys: pytest.CaptureFixture[str]):
    assert main(["play", "bloom-kingdom", "--seat", seat, "--seat", "Ben"]) == 2
    error = capsys.readouterr().err
    assert problem in error and error.count("\n") == 1
    assert not [character for character in error.rstrip("\n") if is_unshown(character)]


# -- the score sheet's winner and Bloom Kingdom's round announcement ----------------------------------------


async def test_a_winner_named_like_markup_is_shown_as_written(app_factory):
    from boardgames_tui.engine.contract import ScoreRow, ScoreSheet

    sheet = ScoreSheet(
        players=["Ann[/]", "[b]Bo"],
        rows=[ScoreRow(category="Points", values=[3, 2], details=["[i]x", "y[/i]"])],
        totals=[3, 2],
        winners=[0],
        decided_by="most points",
        notes=["[red]a note"],
    )
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ScoreSheetScreen("Bloom Kingdom", sheet))
        await pilot.pause()
        assert shown(app.screen.query_one("#winner")) == "Winner: Ann[/]"
        text = assert_nothing_unshown(app)
        for written in ("Ann[/]", "[b]Bo", "[i]x", "y[/i]", "[red]a note"):
            assert written in text


async def test_a_round_announcement_shows_names_as_written(app_factory):
    from boardgames_tui.ui.scoresheet import AnnouncementScreen

    app = app_factory([Seat(name="x[/]", kind="bot"), Seat(name="[red]Ed", kind="bot")])
    # Nobody to hand over to at this table: only the setting keeps the reveal's announcement.
    app.settings.pause_after_reveals = True
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            # On a slow machine the screen may be up before its text is composed.
            if isinstance(app.screen, AnnouncementScreen) and app.screen.query("#announcement-text"):
                break
        assert isinstance(app.screen, AnnouncementScreen)
        # The first table moment is the first reveal: who played what.
        text = shown(app.screen.query_one("#announcement-text"))
        assert text.startswith("Played: x[/] ") and " · [red]Ed " in text


async def test_the_reveal_on_the_board_shows_names_as_written(app_factory):
    """With one person at the table the reveal is on the board (no announcement): its
    "This turn" row shows every name as typed, markup and all."""
    from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen

    app = app_factory([Seat(name="[red]x[/]"), Seat(name="x[/]", kind="bot"), Seat(name="[b]Ed", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen)
        await pilot.press("enter")
        for _ in range(100):
            await settle(pilot, app)
            if app.match.state.turn == 2 and screen.viewer_acts(screen.current_view()):
                break
            await pilot.pause(0.02)
        # No announcement waits for Enter: the board itself shows the reveal.
        assert app.screen is screen
        assert_nothing_unshown(app)
        revealed = next(line for line in screen_text(app).splitlines() if "Turn 1 revealed:" in line)
        assert "[red]x[/]" in revealed and "x[/]" in revealed.replace("[red]x[/]", "") and "[b]Ed" in revealed


@pytest.mark.parametrize("name", ["Bartholomew-Alexandra", "王小明王小明王小明王小明王小明王小明王小"])
async def test_the_curtains_button_shows_a_long_name_whole_at_80x24(app_factory, name: str):
    """The button "I am … — show my screen" was cut at the box's edge for a long name
    (twenty wide characters): it wraps inside the box instead, every character shown."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CurtainScreen(0, name, "Round 1", undo_for="Ann"))
        await pilot.pause()
        button = app.screen.query_one("#curtain-ready")
        box = app.screen.query_one("#curtain-box")
        assert box.content_region.contains_region(button.region)
        strips = app.screen._compositor.render_strips()[button.region.y : button.region.bottom]
        # Cropped by cells: a wide character takes two.
        inside = "".join(strip.crop(button.region.x, button.region.right).text for strip in strips)
        label = squeezed(inside.replace("▔", "").replace("▁", ""))
        assert squeezed(f"I am {name} — show my screen") in label


@pytest.mark.parametrize("name", ISSUE_NAMES)
async def test_the_curtain_shows_every_name_of_the_issue_as_written(app_factory, name: str):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(CurtainScreen(0, name, "Round 1: [b]choose[/b]", undo_for=f"{name}2"))
        await pilot.pause()
        assert shown(app.screen.query_one("#curtain-player")) == f"{name}, it is your turn."
        assert shown(app.screen.query_one("#curtain-message")) == "Round 1: [b]choose[/b]"
        assert shown(app.screen.query_one("#curtain-undo")).startswith(f"{name}2 may still press u")
        assert squeezed(f"I am {name} — show my screen") in squeezed(screen_text(app))


async def test_the_curtains_button_fits_the_next_name_when_the_curtain_is_reused(app_factory):
    """Played at 80×24: the curtain is built once and reused; its button kept the width of
    "I am Ann — show my screen" and read "I am [red]x[/] — show my" at the next pass."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        curtain = CurtainScreen(0, "Ann", "Round 1")
        # Installed, as the game screen does, so that going down keeps it for the next pass.
        app.install_screen(curtain, "curtain-test")
        app.push_screen(curtain)
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        curtain.show_pass(1, "[red]x[/]", "Round 1", undo_for="Ann")
        app.push_screen(curtain)
        await pilot.pause()
        button = app.screen.query_one("#curtain-ready")
        strips = app.screen._compositor.render_strips()[button.region.y : button.region.bottom]
        inside = "".join(strip.crop(button.region.x, button.region.right).text for strip in strips)
        label = squeezed(inside.replace("▔", "").replace("▁", ""))
        assert squeezed("I am [red]x[/] — show my screen") in label, inside


async def test_a_lesson_shown_to_the_table_names_its_reader_as_written(app_factory):
    """A lesson at a public decision says whose it is in its title: the name as typed
    (found playing: "Lesson 2 for [red]x[/]" read "Lesson 2 for x")."""
    from boardgames_tui.engine.lessons import lesson_book
    from boardgames_tui.ui.lesson import LessonPanel

    app = app_factory([Seat(name="[red]x[/]"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, GameScreen):
                break
        panel = app.screen.query_one(LessonPanel)
        panel.show_lesson(lesson_book("bloom-kingdom").lessons[0], 2, at_top=False, reader="[red]x[/]")
        await pilot.pause()
        assert "Lesson 2 for [red]x[/]:" in screen_text(app)
