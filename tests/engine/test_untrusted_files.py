"""Files the app reads from folders anyone can write to: only regular files are opened,
and a record is held to the same discipline as a save (issue 26, items 1, 2 and 10)."""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.__main__ import main
from boardgames_tui.engine.records import (
    BrokenRecord,
    KeptRecord,
    RecordError,
    RecordStore,
    describe_record,
    load_for_replay,
    read_shared,
    tally,
)
from boardgames_tui.engine.replay_table import ReplayHistory
from boardgames_tui.engine.saves import BrokenSave, SaveStore, SaveSummary
from boardgames_tui.engine.untrusted_files import NOT_A_REGULAR_FILE
from tests.engine.test_records import finished_match
from tests.engine.test_saves_untrusted import played_match

needs_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")


def finishes_promptly(read: Callable[[], Any], fifo: Path) -> Any:
    """What `read()` returns, or a failure if it blocks: a reader stuck on opening the
    pipe is let go by opening its other end, so a broken build fails instead of hanging."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = read()
        except BaseException as error:  # noqa: BLE001 — handed to the test below
            outcome["error"] = error

    reader = threading.Thread(target=run, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # the writer end frees the reader
        reader.join(timeout=10)
        pytest.fail(f"reading {fifo.name} blocked: a named pipe was opened")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@needs_fifos
def test_a_named_pipe_among_the_saves_is_listed_as_not_a_regular_file(tmp_path: Path):
    store = SaveStore(tmp_path)
    good = store.path_for(played_match(store))
    fifo = store.directory / "x.json"
    os.mkfifo(fifo)
    entries = finishes_promptly(store.list, fifo)
    assert [type(entry) for entry in entries] == [SaveSummary, BrokenSave]
    assert entries[0].path == good
    assert entries[1].path == fifo and entries[1].message == NOT_A_REGULAR_FILE


@needs_fifos
def test_a_named_pipe_is_refused_by_records_import_and_replay(tmp_path: Path, isolated_data_dir: Path):
    store = RecordStore(tmp_path)
    good = store.keep_match(finished_match())
    fifo = store.directory / "x.json"
    os.mkfifo(fifo)
    entries = finishes_promptly(store.list, fifo)
    assert [entry.path for entry in entries] == [good, fifo]
    assert isinstance(entries[1], BrokenRecord) and entries[1].message == f"it {NOT_A_REGULAR_FILE}"
    friend = RecordStore(tmp_path / "friend")
    for read in (lambda: friend.import_file(fifo), lambda: load_for_replay(fifo)):
        with pytest.raises(RecordError, match=NOT_A_REGULAR_FILE):
            finishes_promptly(read, fifo)
    assert finishes_promptly(lambda: main(["records", "--import", str(fifo)]), fifo) == 2
    assert finishes_promptly(lambda: main(["replay", str(fifo)]), fifo) == 2


def test_a_link_is_followed_only_to_a_regular_file(tmp_path: Path):
    store = RecordStore(tmp_path)
    good = store.keep_match(finished_match())
    (store.directory / "link-to-good.json").symlink_to(good)
    (store.directory / "link-to-a-device.json").symlink_to(os.devnull)
    (store.directory / "a-folder.json").mkdir()
    listed = {entry.path.name: entry for entry in store.list()}
    assert isinstance(listed["link-to-good.json"], KeptRecord)
    for name in ("link-to-a-device.json", "a-folder.json"):
        assert listed[name].message == f"it {NOT_A_REGULAR_FILE}"  # type: ignore[union-attr]


# -- records: dates and types ------------------------------------------------------------------

BAD_RECORDS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a date without a time zone": (lambda game: game.update(finished="2026-01-01T11:00:00"), "timezone"),
    "the last day of the calendar, west of Greenwich": (
        lambda game: game.update(finished="9999-12-31T23:59:59-12:00"),
        "not a plausible date",
    ),
    "the first year, east of Greenwich": (lambda game: game.update(started="0001-01-01T00:00:00+14:00"), "not a plausible date"),
    "a seed that is true": (lambda game: game.update(seed=True), "seed"),
    "a score of 3.0": (lambda game: game["scores"].__setitem__(0, float(game["scores"][0])), "scores"),
    "a winner written as a string": (lambda game: game.update(winners=[str(index) for index in game["winners"]]), "winners"),
    "a seat that is false": (lambda game: game["moves"][0].update(seat=False), "seat"),
    "an unknown game": (lambda game: game.update(game="chess"), "does not know"),
    # The reason a save with the same seats gets (issue 29 follow-up of issue 26, item 9).
    "two seats told apart by case alone": (
        lambda game: game["seats"][1].update(name=game["seats"][0]["name"].lower()),
        "two seats are called anna (names must differ, ignoring case)",
    ),
}


def bad_record(good: Path, name: str, directory: Path) -> Path:
    change, _ = BAD_RECORDS[name]
    payload = json.loads(good.read_text())
    change(payload)
    path = directory / f"bad-{list(BAD_RECORDS).index(name)}.json"
    path.write_text(json.dumps(payload))
    return path


@pytest.mark.parametrize("name", BAD_RECORDS)
def test_a_record_that_could_not_be_described_is_listed_as_unreadable(tmp_path: Path, name: str):
    store = RecordStore(tmp_path)
    good = store.keep_match(finished_match())
    bad = bad_record(good, name, store.directory)
    entries = store.list()  # sorts by date: a naive one among aware ones used to raise
    assert [entry.path for entry in entries] == [good, bad]
    assert isinstance(entries[1], BrokenRecord) and BAD_RECORDS[name][1] in entries[1].message
    kept = store.records()
    assert len(tally(kept)) == 3 and [describe_record(record) for record in kept]


@pytest.mark.parametrize("name", BAD_RECORDS)
def test_a_record_that_could_not_be_described_is_refused_at_import(tmp_path: Path, name: str):
    mine = RecordStore(tmp_path / "mine")
    good = mine.keep_match(finished_match())
    bad = bad_record(good, name, tmp_path)
    friend = RecordStore(tmp_path / "friend")
    with pytest.raises(RecordError, match=re.escape(BAD_RECORDS[name][1])) as refusal:
        friend.import_file(bad)
    assert "\n" not in refusal.value.message
    assert friend.records() == []
    with pytest.raises(RecordError):
        load_for_replay(bad)


def test_dates_are_kept_in_utc_whatever_zone_they_were_written_in(tmp_path: Path):
    store = RecordStore(tmp_path)
    good = store.keep_match(finished_match())
    payload = json.loads(good.read_text())
    payload["finished"] = "2026-03-01T23:30:00-05:00"
    good.write_text(json.dumps(payload))
    [entry] = store.list()
    assert isinstance(entry, KeptRecord) and entry.record.finished.isoformat() == "2026-03-02T04:30:00+00:00"


# -- a large legitimate shared file ------------------------------------------------------------


def shared_copies(tmp_path: Path, copies: int) -> Path:
    """A shared file holding one finished game `copies` times, as a friend might send."""
    mine = RecordStore(tmp_path / "mine")
    mine.keep_match(finished_match())
    shared = mine.export(mine.records())
    payload = json.loads(shared.read_text())
    payload["games"] *= copies
    shared.write_text(json.dumps(payload))
    return shared


def test_a_game_copied_many_times_in_a_shared_file_is_replayed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    shared = shared_copies(tmp_path, 40)
    replays = []
    real_replay = ReplayHistory.__init__

    def counted_replay(self: ReplayHistory, *args: Any, **kwargs: Any) -> None:
        replays.append(args[3])
        real_replay(self, *args, **kwargs)

    monkeypatch.setattr(ReplayHistory, "__init__", counted_replay)
    heard: list[tuple[int, int]] = []
    friend = RecordStore(tmp_path / "friend")
    assert friend.import_file(shared, lambda done, total: heard.append((done, total))) == (1, 39)
    assert len(replays) == 1
    assert heard[0] == (1, 40) and heard[-1] == (40, 40) and len(heard) == 40


def test_a_copy_that_claims_other_scores_refuses_the_whole_file(tmp_path: Path):
    shared = shared_copies(tmp_path, 3)
    payload = json.loads(shared.read_text())
    payload["games"][2]["scores"][0] += 1
    shared.write_text(json.dumps(payload))
    with pytest.raises(RecordError, match="game 3 of 3: its scores are not what its moves produce"):
        read_shared(shared)
