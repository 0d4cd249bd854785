"""Match: turn order, undo within a seat's own turn, autosave after every move."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.bloom_kingdom.model import KnightChoice, PlayCard

GAME = get_game("bloom-kingdom")
RULES = GAME.rules
SEATS = [Seat(name="Ada"), Seat(name="Bo"), Seat(name="Cy", kind="bot")]


def new_match(store: SaveStore | None = None, seed: int = 21) -> Match:
    return Match(GAME, RULES.parse_options({}), SEATS, seed, store=store)


def first_card(match: Match, seat: int) -> PlayCard:
    return PlayCard(card=match.state.players[seat].hand[0])


def test_submit_refuses_a_seat_that_may_not_act_and_changes_nothing():
    match = new_match()
    match.submit(0, first_card(match, 0), autosave=False)
    before = match.state.model_dump()
    for seat, action in [(0, first_card(match, 0)), (5, PlayCard(card=1)), (-1, PlayCard(card=1))]:
        with pytest.raises(IllegalMove) as refused:
            match.submit(seat, action, autosave=False)
        assert refused.value.reason
    with pytest.raises(IllegalMove, match="It is not Ada's turn"):
        match.submit(0, first_card(match, 0), autosave=False)
    with pytest.raises(IllegalMove, match="There is no seat 6"):
        match.submit(5, PlayCard(card=1), autosave=False)
    assert match.state.model_dump() == before
    assert len(match.moves) == 1 and len(match.states) == 2


def test_an_illegal_action_from_the_right_seat_changes_nothing():
    match = new_match()
    not_mine = match.state.players[1].hand[0]
    with pytest.raises(IllegalMove, match="not in your hand"):
        match.submit(0, PlayCard(card=not_mine), autosave=False)
    with pytest.raises(IllegalMove, match="Not now"):
        match.submit(0, KnightChoice(remove=True), autosave=False)
    assert match.moves == [] and len(match.states) == 1


def test_undo_takes_back_the_seats_own_last_move():
    match = new_match()
    start = match.state.model_dump()
    assert match.undo_blocker(0) == "Nothing has been played yet."
    match.submit(0, first_card(match, 0), autosave=False)
    assert match.can_undo(0) and not match.can_undo(1)
    state = match.undo(0)
    assert state.model_dump() == start
    assert match.moves == []


def test_undo_never_crosses_another_seats_move():
    match = new_match()
    match.submit(0, first_card(match, 0), autosave=False)
    match.submit(1, first_card(match, 1), autosave=False)
    assert "not yours" in match.undo_blocker(0)
    with pytest.raises(IllegalMove, match="not yours"):
        match.undo(0)
    assert match.can_undo(1)
    match.undo(1)
    assert [move.seat for move in match.moves] == [0]


def test_undo_never_crosses_the_reveal():
    match = new_match()
    for seat in range(3):
        match.submit(seat, first_card(match, seat), autosave=False)
    assert match.states[-1].info_epoch != match.states[-2].info_epoch
    assert "revealed" in match.undo_blocker(2)
    with pytest.raises(IllegalMove, match="revealed or drew"):
        match.undo(2)
    assert len(match.moves) == 3


def test_autosave_writes_after_each_submit_without_leftovers(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = new_match(store)
    path = store.path_for(match)
    assert not path.exists()
    match.submit(0, first_card(match, 0))
    assert json.loads(path.read_text())["moves"] == [{"seat": 0, "action": RULES.dump_action(match.moves[0].action)}]
    match.submit(1, first_card(match, 1))
    assert len(json.loads(path.read_text())["moves"]) == 2
    match.undo(1)
    assert len(json.loads(path.read_text())["moves"]) == 1
    assert sorted(item.name for item in store.directory.iterdir()) == [path.name]
    assert match.save_error is None


def test_a_failed_autosave_keeps_the_old_file_and_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    store = SaveStore(tmp_path)
    match = new_match(store)
    match.submit(0, first_card(match, 0))
    path = store.path_for(match)
    saved = path.read_bytes()

    def disk_full(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    match.submit(1, first_card(match, 1))
    assert match.save_error == "Autosave failed: No space left on device"
    assert len(match.moves) == 2, "the move stands even though the save failed"
    assert path.read_bytes() == saved
    assert sorted(item.name for item in store.directory.iterdir()) == [path.name]
    monkeypatch.undo()
    match.submit(2, first_card(match, 2))
    assert match.save_error is None
    assert len(json.loads(path.read_text())["moves"]) == 3


def test_replay_reaches_the_same_state():
    match = new_match()
    for seat in range(3):
        match.submit(seat, first_card(match, seat), autosave=False)
    moves = [(move.seat, move.action) for move in match.moves]
    replayed = Match.replay(GAME, RULES.parse_options({}), SEATS, 21, moves)
    assert replayed.state.model_dump() == match.state.model_dump()


def test_a_match_checks_the_number_of_players():
    with pytest.raises(ValueError, match="2–4 players"):
        Match(GAME, RULES.parse_options({}), SEATS * 2, 1)
