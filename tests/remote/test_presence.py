"""Who of the remote seats is here belongs to the host, not to the match's history: the
match's table answers `away` and `stand_ins` from the host's presence while it serves."""

from __future__ import annotations

import asyncio

from boardgames_tui.engine.saves import encode
from boardgames_tui.remote.host import RemoteHost
from tests.remote.seats import hosted_match

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
