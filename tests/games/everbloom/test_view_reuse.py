"""What a view keeps between moves (each seat's readable log, each other seat's hidden
record), checked against the answer worked out afresh, move after move, and against a
log or a record changed in place since the last view."""

from __future__ import annotations

import random

from boardgames_tui.engine.contract import SPECTATOR, LogEntry, Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom.model import (
    HIDDEN_CARD,
    EverbloomOptions,
    PollinationWork,
)

RULES = get_game("everbloom").rules


def _readable(log: list[LogEntry], seat: int) -> list[LogEntry]:
    return [entry for entry in log if entry.visible_to is None or seat in entry.visible_to]


def test_every_view_shows_the_entries_its_seat_may_read() -> None:
    state = RULES.setup(EverbloomOptions(), [Seat(name=f"P{number}") for number in range(1, 5)], 11)
    chooser = random.Random(11)
    hidden_from_someone = False
    while not RULES.is_over(state):
        for seat in (0, 1, 2, 3, SPECTATOR):
            log = RULES.view(state, seat).log
            assert log == _readable(state.log, seat)
            hidden_from_someone |= len(log) < len(state.log)
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    assert hidden_from_someone, "no nectar card was drawn in secret: the game checks nothing"


def test_a_view_sees_the_log_as_it_is_after_a_change_in_place() -> None:
    state = RULES.setup(EverbloomOptions(), [Seat(name="A"), Seat(name="B")], 3)
    RULES.view(state, 0)
    RULES.view(state, 1)
    secret = LogEntry(text="secret", visible_to=(1,))
    state.log[1] = secret
    assert secret not in RULES.view(state, 0).log
    assert RULES.view(state, 1).log == state.log
    state.log.pop()
    assert RULES.view(state, 1).log == state.log


def test_a_view_sees_another_seats_record_as_it_is_after_a_change_in_place() -> None:
    state = RULES.setup(EverbloomOptions(), [Seat(name="A"), Seat(name="B")], 3)
    other = state.players[1]
    before = RULES.view(state, 0).players[1]
    assert RULES.view(state, 0).players[1] is before  # the record unchanged: its hidden record is kept
    other.supply += 2
    assert RULES.view(state, 0).players[1].supply == other.supply
    other.draft = [*other.draft, "extra"]
    assert len(RULES.view(state, 0).players[1].draft) == len(other.draft)
    other.nectar.append(other.draft[0])
    assert RULES.view(state, 0).players[1].nectar == [HIDDEN_CARD] * len(other.nectar)
    other.pollination = PollinationWork()
    assert RULES.view(state, 0).players[1].pollination == PollinationWork()
    other.pollination.done = True
    assert RULES.view(state, 0).players[1].pollination.done
