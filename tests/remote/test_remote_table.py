"""`RemoteTable` answers what a local table answers, for its own seat, from the host's
messages alone; it submits only its own seat's actions, and undo goes through the host."""

from __future__ import annotations

import asyncio
import random

import pytest

from boardgames_tui.engine.contract import SPECTATOR, IllegalMove
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.remote.table import RemoteTable
from tests.remote.seats import BOT_PACE, hosted_match, join


async def until_revision(revision: int, tables: list[RemoteTable]) -> None:
    """Waits until every table has been sent the host's `revision`."""
    for table in tables:
        remote = table.remote
        while remote.update.revision < revision:
            assert not remote.refusals, remote.refusals
            remote.changed.clear()
            await asyncio.wait_for(remote.changed.wait(), 10)


def assert_same_answers(host: RemoteHost, table: RemoteTable) -> None:
    match, rules, seat = host.match, host.rules, table.seat
    assert table.view(seat).model_dump() == rules.view(match.state, seat).model_dump()
    assert table.view(SPECTATOR) is table.view(seat)  # one audience: this seat
    assert table.moves_made == len(match.moves)
    assert table.to_act() == rules.to_act(match.state) and table.is_over() == rules.is_over(match.state)
    assert table.progress() == match.game.narrator.progress(match.state)
    assert table.undo_blocker(seat) == match.undo_blocker(seat)
    assert table.has_moved(seat) == any(move.seat == seat for move in match.moves)
    assert table.own_run(seat) == match.own_run(seat)
    assert table.changes_since_last_move(seat, seat) == match.changes_since_last_move(seat, seat)
    assert table.human_seats() == [seat]


async def test_a_remote_table_answers_as_the_host_would_for_its_seat_to_the_end():
    host = RemoteHost(hosted_match("bloom-kingdom", remote=[0, 1], players=2, seed=4), rate=BOT_PACE)
    await host.start()
    try:
        tables = [RemoteTable(await join(host, seat)) for seat in (0, 1)]
        chooser = random.Random(1)
        undone = False
        while not host.rules.is_over(host.match.state):
            for table in tables:
                assert_same_answers(host, table)
            mover = tables[host.rules.to_act(host.match.state)[0]]
            other = tables[1 - mover.seat]
            with pytest.raises(IllegalMove, match="seat only"):
                other.submit(mover.seat, mover.rules.legal_actions(mover.view(mover.seat), mover.seat)[0])
            if not undone and mover.can_undo(mover.seat):
                position = mover.position
                mover.undo(mover.seat)
                await until_revision(host.revision + 1, tables)
                assert mover.position is not position
                undone = True
                continue
            before = host.revision
            mover.submit(mover.seat, chooser.choice(host.rules.legal_actions(mover.view(mover.seat), mover.seat)))
            await until_revision(before + 1, tables)
            assert host.revision == before + 1
        assert undone
        for table in tables:
            assert_same_answers(host, table)
            assert table.score_sheet() == host.rules.score_sheet(host.match.state)
            assert table.hidden_information() == host.match.game.reference.hidden_information(host.match.state)
            with pytest.raises(IllegalMove, match="over"):
                table.submit(table.seat, None)
            await table.remote.close()
    finally:
        await host.stop()


async def test_a_whole_turn_of_several_moves_sent_at_once_is_taken_move_by_move():
    # Everbloom's chip turn sends the chip and its pollinators together, before the host
    # has answered the first: each names the revision after the one before, not stale.
    host = RemoteHost(hosted_match("everbloom", remote=[0, 1], players=2, seed=3), rate=BOT_PACE)
    await host.start()
    try:
        table = RemoteTable(await join(host, 0))
        rules, match = host.rules, host.match
        while True:
            seat = rules.to_act(match.state)[0]
            chip = next(
                (
                    action
                    for action in rules.legal_actions(match.state, seat)
                    if type(action).__name__ == "PlaceChip"
                    and (turn := rules.apply(match.state, seat, action).turn) is not None
                    and turn.seat == seat
                    and not turn.steps
                ),
                None,
            )
            if seat == 0 and chip is not None:
                break
            host.submit(seat, rules.legal_actions(match.state, seat)[0])
        await until_revision(host.revision, [table])
        after_chip = rules.apply(match.state, 0, chip)
        send = rules.legal_actions(after_chip, 0)[0]
        moves = match.moves_made
        # Checked first from the seat's own view, as the host's rules check it; nothing is sent.
        assert table.check_turn(0, [chip, send]) is None
        assert table.check_turn(0, [send]) == match.check_turn(0, [send]) is not None
        assert table.check_turn(1, [chip]) == "From here you play Ann's seat only."
        assert match.moves_made == moves
        table.submit(0, chip)
        table.submit(0, send)
        for _ in range(500):
            if match.moves_made == moves + 2:
                break
            await asyncio.sleep(0.01)
        assert match.moves_made == moves + 2, table.remote.refusals
        assert table.remote.refusals == []
    finally:
        await host.stop()
