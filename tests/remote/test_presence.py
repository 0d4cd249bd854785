"""Who of the remote seats is here belongs to the host, not to the match's history: the
match's table answers `away` and `stand_ins` from the host's presence while it serves."""

from __future__ import annotations

import asyncio

from boardgames_tui.engine.saves import encode
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.table import RemoteTable
from boardgames_tui.ui.widgets import seat_presence
from tests.remote.seats import BOT_PACE, hosted_match, join

ANN, BEN, CY = 0, 1, 2


def test_who_is_here_is_held_by_the_host_and_read_through_the_match():
    match = hosted_match("pollen", remote=[BEN, CY], players=3)
    assert match.away() == {BEN, CY} and match.stand_ins() == set()  # not served: nobody can be here
    saved = encode(match)
    heard: list[tuple[list[int], list[int]]] = []
    match.watch(lambda: heard.append((sorted(match.away()), sorted(match.stand_ins()))))

    host = RemoteHost(match)
    host.presence.came(BEN)
    host.hand_to_bot(CY)
    assert heard[-2:] == [([CY], []), ([CY], [CY])]  # each change reaches the screens watching
    assert host.is_played_here(CY) and not match.played_here(CY)
    host.presence.went(BEN)
    assert match.away() == {BEN, CY} and match.away_since(BEN) is not None and match.away_since(ANN) is None
    # None of it is the match's: its save is as it was.
    assert encode(match) == saved

    asyncio.run(host.stop())
    assert match.presence is None and match.away() == {BEN, CY} and match.stand_ins() == set()


async def test_a_joined_seat_tells_a_player_not_yet_joined_from_one_away():
    """Ben, joined, reads Cy as not here yet until Cy first joins, and as away once Cy has
    been and gone: the host says which of the seats away have never joined."""
    host = RemoteHost(hosted_match("pollen", remote=[BEN, CY], players=3), rate=BOT_PACE)
    await host.start()
    try:
        ben = await join(host, BEN)
        table = RemoteTable(ben)

        def cy_reads() -> str:
            return str(seat_presence(table)[CY][0])

        assert ben.away == {CY} and cy_reads() == "not here yet"
        cy = await join(host, CY)
        await asyncio.wait_for(_until(ben, lambda: CY not in ben.away), 10)
        assert cy_reads() == "here"
        await cy.close()
        await asyncio.wait_for(_until(ben, lambda: CY in ben.away), 10)
        assert table.joined_yet(CY) and cy_reads() == "away"
    finally:
        await host.stop()


async def _until(seat, condition) -> None:
    """Waits for messages to `seat` until `condition` holds."""
    while not condition():
        seat.changed.clear()
        await seat.changed.wait()
