"""A watcher's privacy, proved after every move of a whole hosted game of each game
(see `WatcherHarness` in privacy_harness.py): an app joined with the table's watch
link shows the table's public view and nothing more.

Unlike the seats' proofs these frames are not drawn as a terminal gets every one: the
proof swaps no state under a watcher's screen (it swaps it under the host's message),
and each frame read is drawn whole from the widgets."""

from __future__ import annotations

import pytest

from .privacy_harness import PrivacyLeak, WatcherHarness

# A whole hosted game of each, two seats, watched by an app joined with the watch link.
WATCHED = {"bloom-kingdom": 7, "pollen": 3, "evergreen": 2, "everbloom": 5}


async def watch_a_whole_game(slug: str, tmp_path, *, seed: int) -> WatcherHarness:
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.remote.host import RemoteHost
    from tests.remote.seats import hosted_match

    host = RemoteHost(hosted_match(slug, remote=[0, 1], players=2, seed=seed))
    await host.start()
    app = BoardGamesApp(store=SaveStore(tmp_path), join=host.watch_link(), cursor_blink=False, bot_delay=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            harness = WatcherHarness(app, pilot, host)
            await harness.run()
    finally:
        await host.stop()
    return harness


@pytest.mark.long(seconds=6)
@pytest.mark.parametrize("slug", list(WATCHED))
async def test_a_watchers_every_frame_keeps_to_the_tables_view(slug, tmp_path):
    harness = await watch_a_whole_game(slug, tmp_path, seed=WATCHED[slug])
    match = harness.host.match
    # Every move's frame was read, the first position's too.
    assert match.is_over() and harness.frames_checked == len(match.moves) + 1


async def test_the_harness_catches_a_host_that_sends_a_watcher_a_seats_view(tmp_path, monkeypatch):
    """The proof above can fail: a host that sends its watchers Ann's view is caught."""
    from boardgames_tui.engine.contract import SPECTATOR
    from boardgames_tui.remote.host import ViewCache

    view = ViewCache.view
    monkeypatch.setattr(ViewCache, "view", lambda self, state, seat: view(self, state, 0 if seat == SPECTATOR else seat))
    with pytest.raises(PrivacyLeak, match="depends on the seats' secrets"):
        await watch_a_whole_game("bloom-kingdom", tmp_path, seed=7)
