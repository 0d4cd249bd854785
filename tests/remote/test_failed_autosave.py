"""A failed autosave loses no move: the host keeps the move, writes the save again until
it holds it, writes it again when it stops, and a host's app that still cannot write it
as it quits says so."""

from __future__ import annotations

import asyncio
import errno
import io
import json
import os
from pathlib import Path

import pytest
from rich.console import Console

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.remote import host as host_module
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.ui.join_links import JoinLinksScreen
from boardgames_tui.ui.setup import StartRequest
from tests.remote.seats import hosted_match

OUT_OF_DESCRIPTORS = "Autosave failed: Too many open files"


class SaveFault:
    """Every save's last step (the rename over the old file) fails while `on`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = True
        replace = os.replace

        def failing_replace(source, target):
            if self.on:
                raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
            return replace(source, target)

        monkeypatch.setattr(os, "replace", failing_replace)


def saved_moves(match: Match) -> int | None:
    path = match.save_path
    return None if path is None or not path.exists() else len(json.loads(path.read_text())["moves"])


def a_move(match: Match) -> None:
    seat = match.rules.to_act(match.state)[0]
    match.submit(seat, match.rules.legal_actions(match.state, seat)[0])


async def until(condition, what: str, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


@pytest.fixture
async def host(tmp_path: Path):
    host = RemoteHost(hosted_match("pollen", remote=[0, 1], players=2, store=SaveStore(tmp_path)))
    await host.start()
    yield host
    await host.stop()


async def test_a_failed_autosave_keeps_the_move_and_is_written_again(host, monkeypatch):
    monkeypatch.setattr(host_module, "SAVE_RETRY_SECONDS", 0.05)
    fault = SaveFault(monkeypatch)
    match = host.match
    a_move(match)
    assert match.save_error == OUT_OF_DESCRIPTORS and len(match.moves) == 1
    await asyncio.sleep(0.2)
    assert not saved_moves(match)  # tried again, and failed again, while the fault lasts
    fault.on = False
    # No other move comes: the retry alone writes it.
    await until(lambda: saved_moves(match) == 1, "the move in the save")
    assert match.save_error is None


async def test_a_host_that_stops_writes_a_failed_save_again(tmp_path, monkeypatch):
    monkeypatch.setattr(host_module, "SAVE_RETRY_SECONDS", 3600.0)  # no retry before the stop
    fault = SaveFault(monkeypatch)
    host = RemoteHost(hosted_match("pollen", remote=[0, 1], players=2, store=SaveStore(tmp_path)))
    await host.start()
    a_move(host.match)
    a_move(host.match)
    assert host.match.save_error == OUT_OF_DESCRIPTORS
    fault.on = False
    await host.stop()
    assert saved_moves(host.match) == 2 and host.match.save_error is None


async def hosted_app_quits_after_a_failed_save(
    tmp_path: Path, fault: SaveFault, fixed_before_quitting: bool
) -> tuple[BoardGamesApp, str]:
    """A hosted Pollen game (Ann here, Ben remote) whose first move's autosave fails;
    the app, and what it printed as it closed."""
    start = StartRequest(slug="pollen", seats=[Seat(name="Ann"), Seat(name="Ben", kind="remote")], options={}, seed=7)
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    printed = io.StringIO()
    app.error_console = Console(file=printed, width=200)
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, JoinLinksScreen), "the table open")
        fault.on = True
        a_move(app.match)
        assert app.match.save_error == OUT_OF_DESCRIPTORS
        fault.on = not fixed_before_quitting
        app.exit()
    return app, printed.getvalue()


async def test_quitting_writes_a_failed_save_again(tmp_path, monkeypatch):
    monkeypatch.setattr(host_module, "SAVE_RETRY_SECONDS", 3600.0)
    fault = SaveFault(monkeypatch)
    fault.on = False
    app, printed = await hosted_app_quits_after_a_failed_save(tmp_path, fault, fixed_before_quitting=True)
    assert saved_moves(app.match) == 1 and "Autosave failed" not in printed


async def test_quitting_says_so_when_the_save_still_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(host_module, "SAVE_RETRY_SECONDS", 3600.0)
    fault = SaveFault(monkeypatch)
    fault.on = False
    app, printed = await hosted_app_quits_after_a_failed_save(tmp_path, fault, fixed_before_quitting=False)
    assert saved_moves(app.match) == 0  # the save from the game's start
    assert f"{OUT_OF_DESCRIPTORS}. This game's moves since its last save are lost." in printed
