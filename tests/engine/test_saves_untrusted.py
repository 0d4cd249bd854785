"""Save files are untrusted input: every bad file seen in the wild is listed as
unreadable with its reason, beside the good saves, and nothing in a file chooses
where the app writes.  Ends with a fuzz test over mutated real saves."""

from __future__ import annotations

import json
import os
import random
import re
import stat
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import all_games, get_game
from boardgames_tui.engine.saves import (
    CRASH_REPORTS_KEPT,
    MAX_SAVE_BYTES,
    STALE_TEMP_SECONDS,
    BrokenSave,
    SaveError,
    SaveStore,
    SaveSummary,
    load_match,
)

GAME = get_game("bloom-kingdom")
RULES = GAME.rules


def played_match(store: SaveStore, moves: int = 5, seed: int = 8, names: tuple[str, str] = ("Ada", "Bo")) -> Match:
    seats = [Seat(name=names[0]), Seat(name=names[1], kind="bot")]
    match = Match(GAME, RULES.parse_options({}), seats, seed, store=store)
    chooser = random.Random(seed)
    for _ in range(moves):
        seat = chooser.choice(match.to_act())
        match.submit(seat, chooser.choice(RULES.legal_actions(match.state, seat)))
    return match


def payload_of(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def variant(good: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    payload = payload_of(good)
    change(payload)
    return json.dumps(payload).encode()


def set_path(payload: dict[str, Any], keys: list[Any], value: Any) -> None:
    target = payload
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


def bad_files(good: Path) -> dict[str, tuple[bytes, str]]:
    """Every bad file of the issue, by file name: (contents, what the refusal says)."""
    text = good.read_text(encoding="utf-8")
    return {
        "naive-date.json": (variant(good, lambda p: p.update(updated="2026-01-01T10:00:00")), "timezone"),
        "deep.json": (b"[" * 1000 + b"]" * 1000, "nested too deeply"),
        "deep-object.json": (('{"format":"boardgames-tui-save","version":1,"game":"bloom-kingdom","x":' + "[" * 100_000 + "]" * 100_000 + "}").encode(), "nested too deeply"),
        "long-number.json": (variant(good, lambda p: p.update(seed=10**4000)).replace(b"1" + b"0" * 4000, b"1" + b"0" * 4999), "number longer"),
        "far-future.json": (variant(good, lambda p: p.update(updated="9999-12-31T23:59:59+00:00")), "not a plausible date"),
        "far-past.json": (variant(good, lambda p: p.update(created="0001-01-01T00:00:00+00:00")), "not a plausible date"),
        "[a=b:c].json": (b"{broken", "not valid JSON"),
        "markup-game.json": (variant(good, lambda p: p.update(game="x[/]")), "does not know ('x[/]')"),
        "unknown-bot.json": (variant(good, lambda p: set_path(p, ["seats", 1, "bot_level"], "grandmaster")), "bot level 'grandmaster'"),
        "path-id.json": (variant(good, lambda p: p.update(match_id="x/../../../escaped")), "match_id"),
        "object-id.json": (variant(good, lambda p: p.update(match_id={"a": 1})), "match_id"),
        "float-version.json": (text.replace('"version":1,', '"version":1.0,').encode(), "save format 1.0"),
        "bool-version.json": (text.replace('"version":1,', '"version":true,').encode(), "save format True"),
        "string-seed.json": (variant(good, lambda p: p.update(seed="8")), "seed"),
        "string-seat.json": (variant(good, lambda p: set_path(p, ["moves", 0, "seat"], "0")), "seat"),
        "escape-name.json": (variant(good, lambda p: set_path(p, ["seats", 0, "name"], "\x1b]52;c;SGVsbG8=\x07")), "control character"),
        "long-name.json": (variant(good, lambda p: set_path(p, ["seats", 0, "name"], "N" * 21)), "at most 20"),
        "nan.json": (re.sub(r'"seed":\d+', '"seed":NaN', text).encode(), "not valid JSON"),
        "no-seats.json": (variant(good, lambda p: p.update(seats=[])), "does not replay"),
        "same-name.json": (variant(good, lambda p: set_path(p, ["seats", 1, "name"], "ada")), "names must differ, ignoring case"),
        "invisible-name.json": (variant(good, lambda p: set_path(p, ["seats", 0, "name"], "\u200d\u200d")), "nothing visible"),
        "remote-stranger.json": (variant(good, lambda p: p.update(remote_seats=[{"seat": 5, "secret": "s" * 32}])), "remote seat is not one of its seats"),
        "remote-short-secret.json": (variant(good, lambda p: p.update(remote_seats=[{"seat": 0, "secret": "abc"}])), "remote_seats.0.secret"),
    }


def test_every_bad_file_is_listed_with_its_reason_beside_the_good_save(tmp_path: Path):
    store = SaveStore(tmp_path)
    good = store.path_for(played_match(store))
    files = bad_files(good)
    for name, (data, _) in files.items():
        (store.directory / name).write_bytes(data)
    before = {path.name: path.read_bytes() for path in store.directory.iterdir()}

    entries = store.list()

    assert [entry.path for entry in entries if isinstance(entry, SaveSummary)] == [good]
    broken = {entry.path.name: entry.message for entry in entries if isinstance(entry, BrokenSave)}
    assert set(broken) == set(files)
    for name, (_, expected) in files.items():
        assert expected in broken[name], (name, broken[name])
    assert {path.name: path.read_bytes() for path in store.directory.iterdir()} == before
    # The good save still loads and plays on.
    match = store.load(good)
    seat = match.to_act()[0]
    match.submit(seat, RULES.legal_actions(match.state, seat)[0])
    assert store.load(good).moves[-1].action == match.moves[-1].action


def test_a_huge_file_is_refused_without_being_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    store = SaveStore(tmp_path)
    played_match(store)
    huge = store.directory / "huge.json"
    with huge.open("wb") as file:
        file.truncate(100 * 1024 * 1024)  # sparse: no disk space used

    def no_whole_reads(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("a save was read whole")

    monkeypatch.setattr(Path, "read_bytes", no_whole_reads)
    monkeypatch.setattr(Path, "read_text", no_whole_reads)
    [broken] = [entry for entry in store.list() if isinstance(entry, BrokenSave)]
    assert broken.path == huge and "too large" in broken.message
    assert huge.stat().st_size > MAX_SAVE_BYTES


def test_a_copied_save_is_written_back_to_the_copy_not_to_the_game_it_names(tmp_path: Path):
    store = SaveStore(tmp_path)
    long_game = played_match(store, moves=12, seed=1)
    short_game = played_match(store, moves=2, seed=2)
    long_path, short_path = store.path_for(long_game), store.path_for(short_game)
    # Someone copies the short game and gives it the long game's match_id.
    copy = store.directory / "copy.json"
    copy.write_bytes(variant(short_path, lambda p: p.update(match_id=long_game.match_id)))
    long_before = long_path.read_bytes()

    resumed = store.load(copy)
    seat = resumed.to_act()[0]
    resumed.submit(seat, RULES.legal_actions(resumed.state, seat)[0])

    assert long_path.read_bytes() == long_before
    assert len(load_match(copy).moves) == 3
    assert len(load_match(long_path).moves) == 12


def test_a_new_game_gets_a_fresh_file_name_chosen_by_the_store(tmp_path: Path):
    store = SaveStore(tmp_path)
    first, second = played_match(store, seed=1), played_match(store, seed=1)
    second.match_id = first.match_id  # even the same id gives two files
    second.autosave()
    assert store.path_for(first) != store.path_for(second)
    assert all(path.parent == store.directory for path in (store.path_for(first), store.path_for(second)))
    assert len([entry for entry in store.list() if isinstance(entry, SaveSummary)]) == 2


def test_the_summary_is_recomputed_not_trusted(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = played_match(store, moves=3)
    path = store.path_for(match)
    path.write_bytes(
        variant(path, lambda p: p.update(summary={"players": ["Mallory"], "progress": "Over", "finished": True}))
    )
    [summary] = store.list()
    assert isinstance(summary, SaveSummary)
    assert not summary.finished
    assert summary.players == ["Ada", "Bo (bot: random)"]
    assert summary.progress == GAME.narrator.progress(match.state)
    assert summary.moves == 3


def test_temp_files_are_never_listed_and_stale_ones_are_removed(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = played_match(store)
    good = store.path_for(match)
    # What a kill during an older autosave left: a complete copy under a temp name.
    stale = store.directory / ".tmp-abc123.part"  # write_atomically's temp name
    stale.write_bytes(good.read_bytes())
    old = stale.stat().st_mtime - STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    fresh = store.directory / ".tmp-def456.part"  # maybe being written right now
    fresh.write_bytes(good.read_bytes()[:100])

    assert [entry.path for entry in store.list()] == [good]
    assert not stale.exists()
    assert fresh.exists()


def test_a_kill_during_autosave_leaves_no_listed_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    store = SaveStore(tmp_path)
    match = played_match(store)

    class Killed(BaseException):
        """The process dies between writing and renaming."""

    def killed(source: Any, target: Any) -> None:
        raise Killed

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(Killed):
        store.write(match)
    monkeypatch.undo()
    assert [entry.path for entry in store.list()] == [store.path_for(match)]


def test_the_title_is_kept_in_the_save_and_checked_like_a_name(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = played_match(store)
    path = store.path_for(match)
    updated = load_match(path).updated

    summary = store.rename(path, "  Friday [rematch]  ")
    assert summary.title == "Friday [rematch]"
    assert load_match(path).title == "Friday [rematch]"
    assert load_match(path).updated == updated  # renaming is not playing
    assert [entry.path for entry in store.list()] == [path]
    with pytest.raises(ValueError, match="control character"):
        store.rename(path, "\x1b]0;PWNTITLE\x07")
    with pytest.raises(ValueError, match="at most 20"):
        store.rename(path, "T" * 21)
    assert load_match(path).title == "Friday [rematch]"
    # A title in a file is checked the same way.
    path.write_bytes(variant(path, lambda p: p.update(title="\x1b[2J")))
    with pytest.raises(SaveError, match="control character"):
        load_match(path)


def test_delete_removes_only_a_listed_save(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = played_match(store)
    path = store.path_for(match)
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    with pytest.raises(ValueError):
        store.delete(outside)
    with pytest.raises(ValueError):
        store.delete(store.directory / ".tmp-x.part")
    assert outside.exists()
    store.delete(path)
    assert not path.exists() and store.list() == []


def test_crash_reports_are_private_timestamped_and_a_few_are_kept(tmp_path: Path):
    store = SaveStore(tmp_path)
    paths = [store.write_crash_report(f"crash {number}") for number in range(CRASH_REPORTS_KEPT + 3)]
    kept = sorted((tmp_path / "crashes").iterdir())
    assert kept == paths[-CRASH_REPORTS_KEPT:]
    assert len(set(paths)) == len(paths)
    for path in kept:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert path.name.startswith("crash-") and path.suffix == ".log"
    assert kept[-1].read_text() == f"crash {CRASH_REPORTS_KEPT + 2}"


# -- fuzz: mutated real saves ------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def real_saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """One save per game, a few moves in: file name -> contents."""
    store = SaveStore(tmp_path_factory.mktemp("real"))
    paths = []
    for number, game in enumerate(all_games()):
        seats = [Seat(name="Ann"), Seat(name="Bot", kind="bot", bot_level="easy")]
        match = Match(game, game.rules.parse_options({}), seats, 40 + number, store=store)
        chooser = random.Random(number)
        for _ in range(6):
            if match.is_over():
                break
            seat = match.to_act()[0]
            match.submit(seat, chooser.choice(game.rules.legal_actions(match.state, seat)))
        paths.append(store.path_for(match))
    return {path.name: path.read_bytes() for path in paths}


def all_places(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    places = [where]
    if isinstance(value, dict):
        for key, child in value.items():
            places += all_places(child, (*where, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            places += all_places(child, (*where, index))
    return places


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_loader_refuses_mutated_saves_clearly_and_never_changes_them(tmp_path_factory, real_saves, data):
    directory = tmp_path_factory.mktemp("fuzz")
    name = data.draw(st.sampled_from(sorted(real_saves)))
    path = directory / "saves" / name
    path.parent.mkdir()
    path.write_bytes(real_saves[name])
    payload = payload_of(path)
    how = data.draw(st.sampled_from(["value", "delete", "bytes", "truncate"]))
    if how in ("value", "delete"):
        place = data.draw(st.sampled_from(all_places(payload)[1:]))
        parent = payload
        for key in place[:-1]:
            parent = parent[key]
        if how == "value":
            parent[place[-1]] = data.draw(JSON_VALUES)
        else:
            del parent[place[-1]]
        raw = json.dumps(payload).encode()
    else:
        raw = path.read_bytes()
        if how == "bytes":
            for _ in range(data.draw(st.integers(1, 5))):
                index = data.draw(st.integers(0, len(raw) - 1))
                raw = raw[:index] + bytes([data.draw(st.integers(0, 255))]) + raw[index + 1 :]
        else:
            raw = raw[: data.draw(st.integers(0, len(raw) - 1))]
    path.write_bytes(raw)

    try:
        match = load_match(path)
    except SaveError as refusal:
        assert refusal.path == path and refusal.message
    else:
        assert match.save_path == path
    entries = SaveStore(directory).list()
    assert path in [entry.path for entry in entries]
    assert path.read_bytes() == raw
