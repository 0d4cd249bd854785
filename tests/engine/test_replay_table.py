"""Watching a shared file: each game replayed once, and a few states kept per game."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.records import RecordError, RecordStore, load_for_replay, record_of, replay_record
from boardgames_tui.engine.replay_table import CHECKPOINT_EVERY, ReplayHistory
from tests.engine.test_records import finished_match

SEATS = [Seat(name="Anna"), Seat(name="Ben"), Seat(name="Cleo")]


@pytest.fixture
def two_games_one_thrice(tmp_path: Path):
    """A shared file holding game A three times and game B once, and those matches."""
    a, b = finished_match(seed=1, seats=SEATS), finished_match(seed=2, seats=SEATS)
    store = RecordStore(tmp_path)
    path = store.export([record_of(a), record_of(a), record_of(b), record_of(a)])
    return path, a, b


def test_each_game_of_a_shared_file_is_replayed_once(two_games_one_thrice, monkeypatch: pytest.MonkeyPatch):
    path, a, b = two_games_one_thrice
    rules_class = type(a.rules)
    setups: list[int] = []
    applied: list[int] = []
    setup, apply = rules_class.setup, rules_class.apply
    monkeypatch.setattr(rules_class, "setup", lambda self, *args: (setups.append(1), setup(self, *args))[1])
    monkeypatch.setattr(rules_class, "apply", lambda self, *args: (applied.append(1), apply(self, *args))[1])
    games = load_for_replay(path)
    assert len(games) == 4
    # Two games, each set up and played through once: the copies share A's replay.
    assert len(setups) == 2
    assert len(applied) == len(a.moves) + len(b.moves)


def test_a_shared_file_keeps_a_few_states_per_game_not_one_per_move(two_games_one_thrice):
    path, a, b = two_games_one_thrice
    state_class = type(a.state)
    gc.collect()
    before = sum(isinstance(thing, state_class) for thing in gc.get_objects())
    games = load_for_replay(path)
    gc.collect()
    kept = sum(isinstance(thing, state_class) for thing in gc.get_objects()) - before
    # Per game: a checkpoint every CHECKPOINT_EVERY moves, the last state, and the one shown.
    allowance = sum(len(match.moves) // CHECKPOINT_EVERY + 3 for match in (a, b))
    assert len(a.moves) > CHECKPOINT_EVERY  # so that keeping every state would show
    assert kept <= allowance, f"{kept} states kept for {len(a.moves) + len(b.moves)} moves"
    assert games[0][1].state.model_dump() == a.state.model_dump()
    assert games[2][1].state.model_dump() == b.state.model_dump()


def test_every_step_is_shown_as_played_forward_and_back_from_few_states():
    match = finished_match(seed=3, seats=SEATS)
    table = replay_record(record_of(match))
    bound = len(match.moves) // CHECKPOINT_EVERY + 2 + CHECKPOINT_EVERY + 1
    steps = [*range(len(match.moves) + 1), *range(len(match.moves), -1, -1), 40, 3, 50, 49, 0]
    for step in steps:
        table.go_to(step)
        assert table.state.model_dump() == match.states[step].model_dump()
        assert table.moves_made == step and table.progress() == match.game.narrator.progress(match.states[step])
        assert table.states_kept() <= bound


def test_a_record_whose_seats_share_a_name_ignoring_case_is_refused(tmp_path: Path):
    store = RecordStore(tmp_path)
    path = store.keep_match(finished_match(seed=1, seats=SEATS))
    payload = json.loads(path.read_text())
    payload["seats"][1]["name"] = "anna"
    path.write_text(json.dumps(payload))
    with pytest.raises(RecordError, match="names must differ, ignoring case"):
        load_for_replay(path)


@pytest.mark.parametrize(("slug", "counted"), [("bloom-kingdom", "round"), ("pollen", "turn")])
def test_a_replay_s_stages_begin_where_the_rules_begin_a_new_round_or_turn(slug: str, counted: str):
    match = finished_match(seed=5, seats=SEATS, slug=slug)
    starts = ReplayHistory.of_match(match).stage_starts
    numbers = [getattr(state, counted) for state in match.states]
    begins = [step for step in range(1, len(numbers)) if numbers[step] != numbers[step - 1]]
    # Each new round (or turn) in play, then the end.
    assert starts[:-1] == [step for step in begins if not match.rules.is_over(match.states[step])]
    assert starts[-1] == min(step for step, state in enumerate(match.states) if match.rules.is_over(state))
