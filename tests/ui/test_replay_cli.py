"""`boardgames-tui replay FILE` and `boardgames-tui records`: what they open, print and refuse."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from boardgames_tui.__main__ import main
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.records import RecordStore
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from tests.engine.test_records import finished_match
from tests.engine.test_untrusted_files import shared_copies
from tests.ui.test_cli import run


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Match]:
    """The matches `replay` would show, instead of running the app."""
    shown: list[Match] = []

    class FakeApp:
        return_code = 0

        def __init__(self, match: Match) -> None:
            self.match = match

        def run(self) -> None:
            shown.append(self.match)

    monkeypatch.setattr("boardgames_tui.app.replay_app", FakeApp)
    return shown


def test_replay_opens_a_record_a_shared_file_and_a_save(capsys, opened, isolated_data_dir: Path):
    store = RecordStore()
    match = finished_match(4)
    record_path = store.keep_match(match)
    store.keep_match(finished_match(6))
    shared = store.export(store.records())
    saves = SaveStore()
    game = get_game("pollen")
    in_progress = Match(game, game.rules.parse_options({}), [Seat(name="A"), Seat(name="B")], 2, store=saves)
    in_progress.autosave()

    assert run(capsys, "replay", str(record_path))[0] == 0
    assert opened[-1].state == match.state
    assert run(capsys, "replay", str(shared), "--game", "2")[0] == 0
    assert run(capsys, "replay", str(saves.path_for(in_progress)))[0] == 0
    assert opened[-1].rules.slug == "pollen" and not opened[-1].is_over()
    assert len(opened) == 3


def test_replay_refuses_in_one_line(capsys, opened, isolated_data_dir: Path):
    store = RecordStore()
    store.keep_match(finished_match(4))
    store.keep_match(finished_match(6))
    shared = store.export(store.records())
    code, _, err = run(capsys, "replay", str(shared))
    assert code == 2 and "holds 2 games: choose one with --game 1 to --game 2" in err
    code, _, err = run(capsys, "replay", str(shared), "--game", "3")
    assert code == 2 and "--game takes 1 to 2" in err
    payload = json.loads(shared.read_text())
    payload["games"][0]["moves"].pop()
    shared.write_text(json.dumps(payload))
    code, _, err = run(capsys, "replay", str(shared), "--game", "2")
    assert code == 2 and err.count("\n") == 1
    assert "cannot be replayed: game 1 of 2: its moves stop before the game is over" in err
    code, _, err = run(capsys, "replay", str(isolated_data_dir / "missing.json"))
    assert code == 2 and "missing.json cannot be replayed: it cannot be read" in err
    assert opened == []


def test_records_prints_exports_and_imports(capsys, tmp_path: Path):
    code, out, _ = run(capsys, "records")
    assert code == 0 and "No finished games yet" in out
    RecordStore().keep_match(finished_match(4))
    code, out, _ = run(capsys, "records")
    assert code == 0 and "Anna" in out and "Bloom Kingdom" in out and "shares the win" in out
    target = tmp_path / "to-a-friend.json"
    code, out, _ = run(capsys, "records", "--export", str(target))
    assert code == 0 and str(target) in out and target.exists()
    code, out, _ = run(capsys, "records", "--import", str(target))
    assert code == 0 and "Imported 0 games from" in out and "1 already kept" in out
    target.write_text("nonsense")
    code, _, err = run(capsys, "records", "--import", str(target))
    assert code == 2 and "to-a-friend.json: it is damaged or truncated (not valid JSON)" in err


def test_replay_exits_with_the_app_s_status_after_a_crash(monkeypatch: pytest.MonkeyPatch, isolated_data_dir: Path):
    """Issue 26: a crash inside a replay exited with status 0; the same crash in a game exits 1."""
    path = RecordStore().keep_match(finished_match(4))

    def crashed_run(self: BoardGamesApp) -> None:
        self._return_code = 1  # what Textual sets when the app closes on an error

    monkeypatch.setattr(BoardGamesApp, "run", crashed_run)
    assert main(["replay", str(path)]) == 1


def test_file_names_on_the_command_line_are_shown_cleaned(capsys, isolated_data_dir: Path):
    """Issue 26: a file name's escape sequences reached the terminal in refusals."""
    hostile = isolated_data_dir / "evil\x1b]0;PWNED\x07\u202e.json"
    hostile.write_text("{")
    for command in ("replay", "records --import"):
        code, out, err = run(capsys, *command.split(), str(hostile))
        assert code == 2 and "evil]0;PWNED.json" in err
        assert "\x1b" not in out + err and "\x07" not in err and "\u202e" not in err
    friend = RecordStore(isolated_data_dir / "friend")
    shared = friend.export([friend.keep_match(finished_match(4)) and friend.records()[0]])
    named = shared.rename(shared.with_name("games\x1b]0;X\x07.json"))
    code, out, _ = run(capsys, "records", "--import", str(named))
    assert code == 0 and "Imported 1 game from games]0;X.json" in out and "\x1b" not in out


def test_records_import_counts_the_games_on_a_terminal(monkeypatch: pytest.MonkeyPatch, isolated_data_dir: Path):
    """Issue 26: importing a large shared file said nothing for half a minute."""
    shared = shared_copies(isolated_data_dir, 5)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["records", "--import", str(shared)]) == 0
    assert terminal.getvalue().endswith(f"\rChecking the games in {shared.name}: 5 of 5…\n")
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    assert main(["records", "--import", str(shared)]) == 0
    assert piped.getvalue() == ""  # a file or a pipe gets no progress lines
