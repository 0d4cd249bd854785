"""People drop out and come back: a client killed mid-game rejoins with the same link
and finishes (the others are told it was away), the host can hand an absent seat to a
bot and back, and a host killed mid-game resumes from its save with its links valid,
its seats coming back by themselves."""

from __future__ import annotations

import asyncio
from typing import Callable

from boardgames_tui.engine.saves import SaveStore, load_match
from boardgames_tui.remote.client import RemoteSeat
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.wire import Away, Back
from tests.remote.seats import BOT_PACE, Player, assert_only_views, hosted_match, join, play_through


async def kill(player: Player) -> None:
    """Drops the connection as a closed laptop does: no goodbye."""
    transport = player.seat._socket._response.connection.transport  # type: ignore[union-attr]
    transport.abort()
    await asyncio.wait_for(player.seat._reader, 10)
    await player.seat.close()


async def test_a_client_killed_mid_game_rejoins_with_its_link_and_finishes():
    host = RemoteHost(hosted_match("bloom-kingdom", remote=[1, 2, 3]), rate=BOT_PACE)
    await host.start()
    try:
        players = [Player(await join(host, seat), seed=seat) for seat in (1, 2, 3)]
        heard: list[object] = []
        players[0].seat.listeners.append(heard.append)
        await play_through(host, players, stop_after_moves=12)
        await kill(players[2])
        await asyncio.wait_for(_until(players[0].seat, lambda: 3 in players[0].seat.away), 10)
        assert any(isinstance(message, Away) and message.seat == 3 for message in heard)
        assert host.away() == [3]

        # While Dee is away the host lets a bot play her seat, then hands it back.
        host.hand_to_bot(3)
        moves = len(host.match.moves)
        await play_through(host, players[:2], stop_after_moves=moves + 8)
        host.take_back_from_bot(3)
        assert any(move.seat == 3 for move in host.match.moves[moves:])

        players[2] = Player(await join(host, 3), seed=33)
        assert players[2].received[0][0].log_from == 0  # the whole log again, from the start
        await asyncio.wait_for(_until(players[0].seat, lambda: 3 not in players[0].seat.away), 10)
        assert any(isinstance(message, Back) and message.seat == 3 for message in heard)
        await play_through(host, players)
        assert host.rules.is_over(host.match.state)
        assert_only_views(host, players)
        for player in players:
            await player.seat.close()
    finally:
        await host.stop()


async def test_a_host_killed_mid_game_resumes_from_its_save_and_its_clients_rejoin_by_themselves(tmp_path):
    store = SaveStore(tmp_path)
    host = RemoteHost(hosted_match("pollen", remote=[1, 2, 3], store=store), rate=BOT_PACE)
    await host.start()
    port, secrets = host.port, dict(host.match.remote_secrets)
    links = {seat: host.link(seat) for seat in secrets}
    # Short waits to rejoin, the shortest first: the host is back before the second.
    players = [Player(await join(host, seat, rejoin_delays=(0.05, 0.2)), seed=seat) for seat in (1, 2, 3)]
    await play_through(host, players, stop_after_moves=10)
    await host.stop()
    for player in players:
        await asyncio.wait_for(_until(player.seat, lambda player=player: player.seat.lost is not None), 10)
        assert player.seat.closed_reason is None  # lost, not ended: it tries again
    played = len(host.match.moves)

    match = load_match(host.match.save_path)
    assert match.remote_secrets == secrets
    assert [(move.seat, move.action) for move in match.moves] == [(move.seat, move.action) for move in host.match.moves]
    match.store = store
    resumed = RemoteHost(match, rate=BOT_PACE)
    await resumed.start(port)
    try:
        for seat, link in links.items():
            assert resumed.link(seat) == link  # the links the players were given still open their seats
        # Nobody joins them again: each seat comes back by itself, with the whole log.
        for player in players:
            await asyncio.wait_for(_until(player.seat, lambda player=player: player.seat.lost is None), 10)
            update = player.received[-1][0]
            assert player.seat.welcomes == 2 and update.log_from == 0 and update.moves_made >= played
        await play_through(resumed, players)
        assert resumed.rules.is_over(resumed.match.state)
        assert_only_views(resumed, players)
        for player in players:
            await player.seat.close()
    finally:
        await resumed.stop()


async def _until(seat: RemoteSeat, condition: Callable[[], bool]) -> None:
    """Waits for messages to `seat` until `condition` holds."""
    while not condition():
        seat.changed.clear()
        await seat.changed.wait()


async def test_a_seat_joined_again_elsewhere_tells_the_older_connection_why_it_closed():
    host = RemoteHost(hosted_match("pollen", remote=[1], players=2), rate=BOT_PACE)
    await host.start()
    try:
        first = await join(host, 1)
        second = await join(host, 1)  # the same link, from a browser or another terminal
        await asyncio.wait_for(first._reader, 10)
        assert first.closed_reason is not None and "opened again elsewhere" in first.closed_reason
        assert second.closed_reason is None and host.connections[1].socket is not None
        await first.close()
        await second.close()
    finally:
        await host.stop()
