"""One process per browser seat, whatever the timing: five sessions of the same seat
opened at once run its app one at a time, each older one stopped before a newer starts,
and only the newest is left running."""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install '.[web]')")

import aiohttp  # noqa: E402

from boardgames_tui.remote import browser  # noqa: E402
from boardgames_tui.remote.host import RemoteHost  # noqa: E402
from tests.remote.seats import hosted_match  # noqa: E402

STAND_IN = Path(__file__).with_name("seat_app_stand_in.py")
BEN = 1


def runs(log: Path) -> list[tuple[float, float | None]]:
    """Each app's (start, end) in the order they started; end None while it runs."""
    started: dict[str, float] = {}
    ended: dict[str, float] = {}
    for line in log.read_text().splitlines() if log.exists() else []:
        pid, what, when = line.split()
        (started if what == "start" else ended)[pid] = float(when)
    return sorted((start, ended.get(pid)) for pid, start in started.items())


async def until_settled(log: Path) -> None:
    """Until an app runs and none has started or ended for a while."""
    quiet = 0
    last = None
    for _ in range(1000):
        now = runs(log)
        quiet = quiet + 1 if now == last else 0
        last = now
        if quiet >= 30 and None in [end for _, end in now]:
            return
        await asyncio.sleep(0.01)


async def test_five_sessions_of_a_seat_opened_at_once_run_its_app_one_at_a_time(tmp_path, monkeypatch):
    log = tmp_path / "apps.log"
    monkeypatch.setenv("SEAT_APP_LOG", str(log))
    monkeypatch.setattr(browser, "join_command", lambda: shlex.join([sys.executable, str(STAND_IN)]))
    host = RemoteHost(hosted_match("pollen", remote=[BEN], players=2))
    await host.start()
    url = f"http://127.0.0.1:{host.port}/seat/{BEN + 1}/session/{host.match.remote_secrets[BEN]}"
    async with aiohttp.ClientSession() as session:
        try:
            pages = await asyncio.gather(*(session.ws_connect(url) for _ in range(5)))
            await until_settled(log)
            apps = runs(log)
            assert [end for _, end in apps].count(None) == 1, apps  # the newest runs, alone
            for (_, end), (next_start, _) in zip(apps, apps[1:]):
                assert end is not None and end <= next_start, apps  # stopped before the next started
            for page in pages:
                await page.close()
        finally:
            await host.stop()
    assert all(end is not None for _, end in runs(log))
