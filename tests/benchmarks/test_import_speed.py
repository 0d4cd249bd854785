"""Importing a large legitimate shared file (issue 26: 453 copies of one Everbloom game,
just under the 4 MB cap, took 28 s). Aim: a few seconds at most on one core.

Run: pipx run hatch test -- tests/benchmarks/test_import_speed.py --benchmark-only -n0
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.records import MAX_FILE_BYTES, RecordStore, record_of, shared_payload
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.simulate import play_bot_game

COPIES = 453


@pytest.mark.benchmark(group="import")
def test_importing_453_copies_of_an_everbloom_game(benchmark, tmp_path: Path):
    game = get_game("everbloom")
    rules = game.rules
    options = rules.parse_options({})
    _, moves = play_bot_game(game, options, ["random"] * 2, 7)
    match = Match.replay(game, options, [Seat(name="Ann"), Seat(name="Ben")], 7, moves)
    payload = json.loads(shared_payload([record_of(match)]))
    payload["games"] *= COPIES
    shared = tmp_path / "shared.json"
    shared.write_text(json.dumps(payload, separators=(",", ":")))
    assert shared.stat().st_size <= MAX_FILE_BYTES
    folders = (tmp_path / f"friend-{number}" for number in itertools.count())
    added, known = benchmark.pedantic(lambda: RecordStore(next(folders)).import_file(shared), rounds=3)
    assert (added, known) == (1, COPIES - 1)
