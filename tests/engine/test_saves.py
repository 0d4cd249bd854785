"""Save files: listing, loading, and every way a damaged one is refused untouched."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import (
    DATA_DIR_ENV,
    BrokenSave,
    SaveError,
    SaveStore,
    SaveSummary,
    default_data_dir,
    load_match,
)

GAME = get_game("bloom-kingdom")
RULES = GAME.rules


def played_match(store: SaveStore, moves: int = 5, seed: int = 8, seats: list[Seat] | None = None) -> Match:
    seats = seats or [Seat(name="Ada"), Seat(name="Bo", kind="bot")]
    match = Match(GAME, RULES.parse_options({}), seats, seed, store=store)
    chooser = random.Random(seed)
    for _ in range(moves):
        seat = chooser.choice(match.to_act())
        match.submit(seat, chooser.choice(RULES.legal_actions(match.state, seat)))
    return match


def test_the_data_dir_is_a_temporary_one_in_tests(isolated_data_dir: Path):
    assert default_data_dir() == isolated_data_dir
    assert SaveStore().directory == isolated_data_dir / "saves"
    assert DATA_DIR_ENV == "BOARDGAMES_TUI_DATA_DIR"


def test_load_gives_back_the_same_match(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = played_match(store)
    loaded = store.load(store.path_for(match))
    assert loaded.store is store
    assert loaded.match_id == match.match_id
    assert loaded.seats == match.seats and loaded.seed == match.seed
    assert loaded.state.model_dump() == match.state.model_dump()
    assert [(move.seat, move.action) for move in loaded.moves] == [(move.seat, move.action) for move in match.moves]
    assert loaded.created == match.created and loaded.updated == match.updated


def test_list_returns_summaries_newest_first_then_broken_saves(tmp_path: Path):
    store = SaveStore(tmp_path)
    assert store.list() == []
    older = played_match(store, moves=2, seed=1)
    newer = played_match(store, moves=4, seed=2)
    (store.directory / "zz-broken.json").write_text("{not json", encoding="utf-8")
    (store.directory / "notes.txt").write_text("not a save", encoding="utf-8")

    entries = store.list()
    assert [type(entry) for entry in entries] == [SaveSummary, SaveSummary, BrokenSave]
    assert [entry.path for entry in entries[:2]] == [store.path_for(newer), store.path_for(older)]
    summary = entries[0]
    assert summary.game == "bloom-kingdom" and summary.game_title == "Bloom Kingdom"
    assert summary.players == ["Ada", "Bo (bot: random)"]
    assert summary.progress == GAME.narrator.progress(newer.state) and not summary.finished
    assert entries[2].path.name == "zz-broken.json"
    assert "truncated" in entries[2].message


# -- damaged saves ----------------------------------------------------------------------------


def rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    payload = json.loads(path.read_text(encoding="utf-8"))
    change(payload)
    path.write_text(json.dumps(payload), encoding="utf-8")


def wrong_card(payload: dict[str, Any]) -> None:
    payload["moves"][0]["action"]["card"] = 1000


def no_such_seat(payload: dict[str, Any]) -> None:
    payload["moves"][0]["seat"] = 7


def tampered_hand(payload: dict[str, Any]) -> None:
    payload["state"]["players"][0]["hand"][0] = 99 - payload["state"]["players"][0]["hand"][0]


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (lambda path: path.write_bytes(path.read_bytes()[:200]), "damaged or truncated"),
    "random bytes": (lambda path: path.write_bytes(random.Random(3).randbytes(500)), "not text"),
    "not a save": (lambda path: path.write_text('["a", "list"]'), "not a boardgames-tui save file"),
    "wrong game": (lambda path: rewrite(path, lambda data: data.update(game="chess")), "does not know ('chess')"),
    "wrong version": (lambda path: rewrite(path, lambda data: data.update(version=99)), "save format 99"),
    "missing seed": (lambda path: rewrite(path, lambda data: data.pop("seed")), "setup or moves cannot be read"),
    "bad action": (lambda path: rewrite(path, lambda data: data["moves"].append({"seat": 0})), "cannot be read"),
    "move does not replay": (lambda path: rewrite(path, wrong_card), "does not replay"),
    "move by a missing seat": (lambda path: rewrite(path, no_such_seat), "does not replay"),
    "tampered state": (lambda path: rewrite(path, tampered_hand), "does not match what its moves produce"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_save_is_refused_and_left_as_it_is(tmp_path: Path, damage: str):
    store = SaveStore(tmp_path)
    match = played_match(store)
    path = store.path_for(match)
    spoil, expected = DAMAGE[damage]
    spoil(path)
    damaged = path.read_bytes()

    with pytest.raises(SaveError) as refused:
        load_match(path)
    assert expected in refused.value.message
    # Messages are followed by a full stop where they are shown: none of their own.
    assert not refused.value.message.endswith(".") and ".)" not in refused.value.message
    assert refused.value.path == path
    assert str(refused.value).startswith(path.name)
    assert path.read_bytes() == damaged
    # The listing still shows it, either readable (its summary is intact) or broken.
    assert [entry.path for entry in store.list()] == [path]


def test_an_unreadable_file_is_a_save_error(tmp_path: Path):
    missing = tmp_path / "gone.json"
    with pytest.raises(SaveError, match="cannot be read"):
        load_match(missing)


def test_a_save_whose_log_an_older_version_worded_otherwise_still_loads(tmp_path: Path):
    # Found playing: a game saved before "Ann, Ben sit down" became "Ann and Ben sit
    # down" was listed as unreadable. The log is words; the replay writes its own.
    store = SaveStore(tmp_path)
    match = played_match(store)
    path = store.path_for(match)
    rewrite(path, lambda payload: payload["state"]["log"][0].update(text="Worded by an older version."))
    loaded = load_match(path)
    assert loaded.state.model_dump() == match.state.model_dump()
    assert loaded.state.log[0].text != "Worded by an older version."


# -- seat kinds ------------------------------------------------------------------------------


def hosted_match(store: SaveStore, moves: int = 5, seed: int = 8) -> Match:
    """Ada at the host's keyboard, Bo a bot, Cy on another machine."""
    seats = [Seat(name="Ada"), Seat(name="Bo", kind="bot", bot_level="hard"), Seat(name="Cy", kind="remote")]
    return played_match(store, moves, seed, seats)


KINDS = [("Ada", "human", "random"), ("Bo", "bot", "hard"), ("Cy", "remote", "random")]


def kinds(match: Match) -> list[tuple[str, str, str]]:
    return [(seat.name, seat.kind, seat.bot_level) for seat in match.seats]


def test_every_seat_kind_and_the_links_secrets_come_back_from_a_save(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = hosted_match(store)
    loaded = load_match(store.path_for(match))
    assert kinds(loaded) == KINDS
    assert loaded.remote_seats == [2] and loaded.remote_secrets == match.remote_secrets
    # The watch link works again when the game is resumed, as the seats' links do.
    assert loaded.watch_secret == match.watch_secret
    assert loaded.state.model_dump() == match.state.model_dump()


def as_saved_before_seats_had_a_remote_kind(payload: dict[str, Any]) -> None:
    """A remote seat as saves used to hold it: a human seat, with its link's secret apart."""
    assert payload["remote_seats"], "a hosted game's save lists its links' secrets"
    for seats in (payload["seats"], payload["state"]["seats"]):
        for seat in seats:
            if seat["kind"] == "remote":
                seat["kind"] = "human"


def test_an_older_save_s_human_seat_with_a_join_link_is_a_remote_seat(tmp_path: Path):
    store = SaveStore(tmp_path)
    match = hosted_match(store)
    path = store.path_for(match)
    rewrite(path, as_saved_before_seats_had_a_remote_kind)
    loaded = store.load(path)
    assert kinds(loaded) == KINDS
    assert [seat.kind for seat in loaded.state.seats] == ["human", "bot", "remote"]
    assert loaded.remote_secrets == match.remote_secrets  # the links the players hold still open their seats
    assert not loaded.played_here(2) and loaded.away() == {2}
    # Written again, the save says what the seat is.
    store.write(loaded)
    assert [seat["kind"] for seat in json.loads(path.read_text(encoding="utf-8"))["seats"]] == ["human", "bot", "remote"]


def links_lost(payload: dict[str, Any]) -> None:
    payload["remote_seats"] = []


def a_bot_given_a_link(payload: dict[str, Any]) -> None:
    payload["remote_seats"].append({"seat": 1, "secret": "b" * 32})


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (links_lost, "Cy's seat is played from another machine but has no join link"),
        (a_bot_given_a_link, "Bo's seat has a join link but is not played from another machine"),
    ],
)
def test_a_save_whose_remote_seats_and_links_disagree_is_refused(tmp_path: Path, damage, expected: str):
    store = SaveStore(tmp_path)
    path = store.path_for(hosted_match(store))
    rewrite(path, damage)
    with pytest.raises(SaveError) as refused:
        load_match(path)
    assert expected in refused.value.message and not refused.value.message.endswith(".")
