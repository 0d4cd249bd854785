"""`join` keeps the seat's secret off the command line (where `ps` and the shell's history
show it): it asks for the link without showing it, or reads it from standard input or the
environment; the link on the command line still works."""

from __future__ import annotations

import io
from typing import Any

import pytest

import boardgames_tui.__main__ as cli
from boardgames_tui.remote.wire import JOIN_LINK_ENV

LINK = "http://127.0.0.1:8470/seat/2#" + "s" * 32


class Keyboard(io.StringIO):
    """Standard input that is a terminal: what is typed there goes through getpass."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    apps: list[Any] = []
    monkeypatch.setattr(cli, "run_app", lambda app, **_: apps.append(app) or 0)
    monkeypatch.delenv(JOIN_LINK_ENV, raising=False)
    return apps


def test_join_without_a_link_asks_for_it_unseen(monkeypatch: pytest.MonkeyPatch, started: list[Any]):
    asked: list[str] = []
    monkeypatch.setattr("sys.stdin", Keyboard())
    monkeypatch.setattr("getpass.getpass", lambda prompt="": asked.append(prompt) or f"  '{LINK}'\n")
    assert cli.main(["join"]) == 0
    assert len(asked) == 1 and "not shown" in asked[0]
    assert str(started[-1].join_link) == LINK and not started[-1].seat_only


def test_join_reads_the_link_from_standard_input_then_plays_from_the_terminal(
    monkeypatch: pytest.MonkeyPatch, started: list[Any]
):
    terminal: list[bool] = []
    monkeypatch.setattr("sys.stdin", io.StringIO(LINK + "\nanything after it\n"))
    monkeypatch.setattr(cli, "keys_from_the_terminal", lambda: terminal.append(True))
    monkeypatch.setattr("getpass.getpass", lambda prompt="": pytest.fail("asked, with the link on standard input"))
    assert cli.main(["join"]) == 0
    assert str(started[-1].join_link) == LINK and terminal == [True]


def test_the_environment_and_the_command_line_still_give_the_link(monkeypatch: pytest.MonkeyPatch, started: list[Any]):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": pytest.fail("asked, with the link given"))
    assert cli.main(["join", LINK]) == 0
    assert str(started[-1].join_link) == LINK
    monkeypatch.setenv(JOIN_LINK_ENV, LINK)
    assert cli.main(["join", "--seat-only"]) == 0
    assert str(started[-1].join_link) == LINK and started[-1].seat_only


@pytest.mark.parametrize("typed", ["", "not a link", "http://127.0.0.1:8470/seat/2"])
def test_no_link_or_a_wrong_one_is_said_and_nothing_starts(
    monkeypatch: pytest.MonkeyPatch, started: list[Any], capsys: pytest.CaptureFixture[str], typed: str
):
    monkeypatch.setattr("sys.stdin", Keyboard())
    monkeypatch.setattr("getpass.getpass", lambda prompt="": typed)
    assert cli.main(["join"]) == cli.USAGE_ERROR
    error = capsys.readouterr().err
    assert error.startswith("boardgames-tui: ") and ("link" in error) and not started


def test_the_help_says_why_the_link_is_best_left_out(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        cli.main(["join", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "asks for the link" in help_text and "shell's history" in help_text
