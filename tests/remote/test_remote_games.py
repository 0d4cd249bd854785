"""Whole games of every title through the wire: a host with a bot seat and three remote
seats over loopback, each remote seat's moves chosen by a bot from what it received."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.registry import slugs
from boardgames_tui.remote.host import RemoteHost
from tests.remote.seats import BOT_PACE, Player, assert_only_views, hosted_match, join, play_through


@pytest.mark.parametrize("slug", slugs())
async def test_a_whole_game_through_the_wire_sends_each_seat_only_its_view(slug: str):
    host = RemoteHost(hosted_match(slug, remote=[1, 2, 3]), rate=BOT_PACE)
    await host.start()
    try:
        players = [Player(await join(host, seat), seed=seat) for seat in (1, 2, 3)]
        await play_through(host, players)
        assert host.rules.is_over(host.match.state)
        for player in players:
            assert player.seat.update.over and player.seat.score_sheet == host.rules.score_sheet(host.match.state)
        assert_only_views(host, players)
        for player in players:
            await player.seat.close()
    finally:
        await host.stop()
