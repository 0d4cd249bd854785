"""The Records screen, export and import, and watching a game again move by move."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from textual.widgets import OptionList

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.records import RecordStore
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.text import is_unshown
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.records import ImportScreen, RecordsScreen
from boardgames_tui.app import replay_app
from boardgames_tui.ui.replay import ReplayMixin
from boardgames_tui.ui.scoresheet import ScoreSheetScreen
from tests.engine.test_records import finished_match
from tests.engine.test_untrusted_files import bad_record, shared_copies
from tests.ui.conftest import screen_text


async def settle(pilot) -> None:
    """Until the screen's readers are done: an import's worker starts a listing's."""
    for _ in range(2):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_records(pilot) -> RecordsScreen:
    await pilot.pause()
    await pilot.press("down", "down", "enter")  # New game, Continue, Records
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, RecordsScreen)
    return screen


async def test_the_score_sheet_keeps_the_finished_game(app_factory, tmp_path: Path):
    app = app_factory()
    match = finished_match()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.show_score_sheet(match)
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
    [record] = RecordStore(tmp_path).records()
    assert record.seed == match.seed and len(record.moves) == len(match.moves)


async def test_records_screen_tallies_and_lists_the_finished_games(app_factory, tmp_path: Path):
    store = RecordStore(tmp_path)
    store.keep_match(finished_match(4))
    store.keep_match(finished_match(5))
    (store.directory / "broken.json").write_text("{")
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_records(pilot)
        text = screen_text(app)
        assert "Finished games (2)" in text
        for heading in ("Player", "Played", "Won", "Best", "Average"):
            assert heading in text
        assert "Bot 3 (bot: random)" in text and "Unreadable: broken.json" in text
        assert len(screen.entries) == 3
        # The broken file is refused with a reason and left as it is.
        await pilot.press("end", "enter")
        await pilot.pause()
        assert "left as it is" in str(screen.query_one("#records-message").render())
        assert (store.directory / "broken.json").read_text() == "{"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_hostile_records_are_listed_as_unreadable_by_a_clean_name_and_the_good_one_plays(
    app_factory, tmp_path: Path
):
    """Issue 26: a naive or edge-of-calendar date crashed the screen on every visit, and a
    file name's escape sequences reached the terminal (setting the window title)."""
    store = RecordStore(tmp_path)
    good = store.keep_match(finished_match(4))
    for name in ("a date without a time zone", "the last day of the calendar, west of Greenwich", "an unknown game"):
        bad_record(good, name, store.directory)
    (store.directory / "evil\x1b]0;PWNED\x1b\\\x1b]52;c;SGVsbG8=\x07.json").write_text("{")
    before = {path.name: path.read_bytes() for path in store.directory.iterdir()}
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_records(pilot)
        assert [type(entry).__name__ for entry in screen.entries] == ["KeptRecord"] + ["BrokenRecord"] * 4
        listing = screen.query_one("#finished", OptionList)
        prompts = [listing.get_option_at_index(index).prompt.plain for index in range(listing.option_count)]
        assert not [character for prompt in prompts for character in prompt.replace("\n", "") if is_unshown(character)]
        assert any("evil]0;PWNED" in prompt and "SGVsbG8=.json" in prompt for prompt in prompts)
        assert "Finished games (1)" in screen_text(app)
        await pilot.press("end", "enter")
        await pilot.pause()
        message = str(screen.query_one("#records-message").render())
        assert "evil]0;PWNED" in message and "\x1b" not in message
        await pilot.press("home", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayMixin)
    assert {path.name: path.read_bytes() for path in store.directory.iterdir()} == before


async def test_import_checks_a_large_file_off_the_screen_s_thread_and_counts_the_games(
    app_factory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Issue 26: importing 453 copies of a game froze the screen for some forty seconds."""
    monkeypatch.chdir(tmp_path)
    shared = shared_copies(tmp_path, 12)
    checked_on: list[threading.Thread] = []
    real_import = RecordStore.import_file

    def spied_import(self: RecordStore, path: Path, *args, **kwargs):
        checked_on.append(threading.current_thread())
        return real_import(self, path, *args, **kwargs)

    monkeypatch.setattr(RecordStore, "import_file", spied_import)
    said: list[str] = []
    real_say = RecordsScreen.say
    monkeypatch.setattr(RecordsScreen, "say", lambda self, text, error=False: (said.append(text), real_say(self, text, error)))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_records(pilot)
        await pilot.press("i")
        await pilot.pause()
        await pilot.press(*str(shared.relative_to(tmp_path)), "enter")
        await settle(pilot)
        assert checked_on and threading.main_thread() not in checked_on
        assert f"Checking the games in {shared.name}: 12 of 12…" in said
        assert f"Imported 1 game from {shared.name} (11 already kept)." in str(
            screen.query_one("#records-message").render()
        )
        assert len(screen.entries) == 1


async def test_export_all_then_import_refuses_a_tampered_file_and_takes_a_good_one(
    app_factory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # The files are typed key by key as paths relative to where the app was started
    # (a whole temporary path is some eighty keys, each waited on).
    monkeypatch.chdir(tmp_path)
    store = RecordStore(tmp_path)
    store.keep_match(finished_match(4))
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_records(pilot)
        await pilot.press("a")
        await pilot.pause()
        [shared] = list(store.exports.glob("*.json"))
        assert str(shared) in str(screen.query_one("#records-message").render())
        assert any(str(shared) in notice.message for notice in app._notifications)

        tampered = tmp_path / "tampered.json"
        payload = json.loads(shared.read_text())
        payload["games"][0]["scores"][1] += 10
        tampered.write_text(json.dumps(payload))
        # A friend's game, not yet in the records.
        friend = RecordStore(tmp_path / "friend")
        friend.keep_match(finished_match(9))
        theirs = friend.export(friend.records())

        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ImportScreen)
        await pilot.press(*tampered.name, "enter")
        await settle(pilot)
        message = str(screen.query_one("#records-message").render())
        assert "tampered.json is refused: its scores are not what its moves produce" in message
        assert len(store.records()) == 1

        await pilot.press("i")
        await pilot.pause()
        await pilot.press(*str(theirs.relative_to(tmp_path)), "enter")
        await settle(pilot)
        assert "Imported 1 game" in str(screen.query_one("#records-message").render())
        assert len(store.records()) == 2 and len(screen.entries) == 2


async def test_replay_steps_jumps_and_changes_point_of_view_without_playing(app_factory, tmp_path: Path):
    store = RecordStore(tmp_path)
    match = finished_match(4)
    store.keep_match(match)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_records(pilot)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        position = replay.table
        assert position.step == 0 and position.total == len(match.moves)

        # The table's point of view: no hand on screen.
        text = screen_text(app)
        assert "Hidden until the next player" in text and "'s hand (" not in text
        assert "the table (public only)" in text

        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert position.step == 3 and position.state == match.states[3]
        await pilot.press("left")
        await pilot.pause()
        assert position.step == 2
        await pilot.press("pagedown")
        await pilot.pause()
        first_stage = replay.stages[0]
        assert position.step == (first_stage if first_stage > 2 else replay.stages[1])
        await pilot.press("pageup")
        await pilot.pause()
        assert position.step < first_stage
        await pilot.press("end")
        await pilot.pause()
        assert position.step == position.total and position.is_over()
        await pilot.press("right")
        await pilot.pause()
        assert "end of the game" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert position.step == 0

        # Each seat's own view in turn, everything revealed, then the table again; the log follows it.
        await pilot.press("right", "v")
        await pilot.pause()
        assert replay.viewer == 0 and "Anna's hand (" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert replay.viewer == 1 and "Ben's hand (" in screen_text(app) and "Anna's hand" not in screen_text(app)
        await pilot.press("v", "v")
        await pilot.pause()
        assert replay.viewer is None and replay.revealing
        await pilot.press("v")
        await pilot.pause()
        assert replay.viewer is None and not replay.revealing and "'s hand (" not in screen_text(app)

        # A game's own keys make no move, take nothing back and ask for no hint.
        await pilot.press("enter", "1", "u", "h", "y", "n")
        await pilot.pause()
        assert position.step == 1 and len(match.moves) == position.total
        assert not replay.submit(match.moves[0].action)
        assert "This is a replay" in screen_text(app)

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
    # Watching wrote nothing: no save, and the record is as it was.
    assert not list(SaveStore(tmp_path).directory.glob("*.json"))
    assert len(store.records()) == 1


async def test_the_replay_command_app_opens_the_replay_and_closes_after_it(tmp_path: Path):
    match = finished_match(4, seats=[Seat(name="Ann"), Seat(name="Bo")])
    app = replay_app(match, store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayMixin)
        await pilot.press("end")
        await pilot.pause()
        assert "Finished" in app.screen.sub_title
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


async def test_the_replay_log_is_the_log_of_its_point_of_view(tmp_path: Path):
    match = finished_match(2, seats=[Seat(name="Anna"), Seat(name="Ben")], slug="pollen")
    app = replay_app(match, store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#game-log")

        def log_text() -> str:
            return "\n".join(line.text for line in log.lines)

        assert "opening hand" not in log_text()
        await pilot.press("v")
        await pilot.pause()
        assert "Anna's opening hand" in log_text() and "Ben's opening hand" not in log_text()
        await pilot.press("v")
        await pilot.pause()
        assert "Ben's opening hand" in log_text() and "Anna's opening hand" not in log_text()
        # Everything revealed: every private line at once; then the table's log again.
        await pilot.press("v")
        await pilot.pause()
        assert app.screen.revealing
        assert "Anna's opening hand" in log_text() and "Ben's opening hand" in log_text()
        await pilot.press("v")
        await pilot.pause()
        assert "opening hand" not in log_text()
