"""Records of finished games: kept, tallied, exported, and every lying shared file refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.records import (
    MAX_FILE_BYTES,
    BrokenRecord,
    GameRecord,
    KeptRecord,
    RecordError,
    RecordStore,
    load_for_replay,
    read_shared,
    record_of,
    points_text,
    tally,
    wins_text,
)
from boardgames_tui.engine.registry import all_games, get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.simulate import play_bot_game

GAME = get_game("bloom-kingdom")
RULES = GAME.rules


def finished_match(seed: int = 4, seats: list[Seat] | None = None, slug: str = "bloom-kingdom") -> Match:
    game = get_game(slug)
    rules = game.rules
    seats = seats or [Seat(name="Anna"), Seat(name="Ben"), Seat(name="Bot 3", kind="bot", bot_level="random")]
    options = rules.parse_options({})
    _, moves = play_bot_game(game, options, ["random"] * len(seats), seed)
    return Match.replay(game, options, seats, seed, moves)


def test_records_live_beside_the_saves(isolated_data_dir: Path):
    assert RecordStore().directory == isolated_data_dir / "records"
    assert RecordStore().directory.parent == SaveStore().directory.parent


def test_a_finished_game_is_kept_once_with_everything_needed_to_watch_it(tmp_path: Path):
    store = RecordStore(tmp_path)
    match = finished_match()
    path = store.keep_match(match)
    assert store.keep_match(match) == path  # the same game twice is one record
    assert [entry.path for entry in store.list()] == [path]
    record = store.records()[0]
    sheet = RULES.score_sheet(match.state)
    assert record.scores == sheet.totals and record.winners == sheet.winners
    assert record.seed == 4 and len(record.moves) == len(match.moves)
    assert record.app_version and record.finished == match.updated
    # The file name is the app's: the game's slug and a digest, nothing from a player.
    assert path.name == f"bloom-kingdom-{record.digest()}.json"
    assert not list(tmp_path.glob("records/.tmp-*"))


def test_an_unfinished_game_is_not_a_record():
    match = Match(GAME, RULES.parse_options({}), [Seat(name="A"), Seat(name="B")], 1)
    with pytest.raises(ValueError):
        record_of(match)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_game_replays_from_its_record_to_the_same_end(tmp_path: Path, game):
    store = RecordStore(tmp_path)
    seats = [Seat(name=f"P{index}") for index in range(max(game.rules.min_players, 2))]
    match = finished_match(seed=2, seats=seats, slug=game.slug)
    path = store.keep_match(match)
    [(_, replayed)] = load_for_replay(path)
    assert replayed.state.model_dump() == match.state.model_dump()
    # Every step of the game can be watched, each as it was played.
    assert [replayed.state_at(step) for step in range(replayed.total + 1)] == match.states


def test_tally_counts_played_shared_wins_best_and_average():
    def record(scores: list[int], winners: list[int]) -> GameRecord:
        return GameRecord(
            app_version="1",
            game="bloom-kingdom",
            started="2026-01-01T00:00:00Z",
            finished="2026-01-01T01:00:00Z",
            options={},
            seats=[Seat(name="Anna"), Seat(name="ben")],
            seed=1,
            moves=[],
            scores=scores,
            winners=winners,
            decided_by="test",
        )

    tallies = tally([record([10, 8], [0]), record([7, 7], [0, 1]), record([4, 9], [1])])
    by_name = {row.player: row for row in tallies}
    assert by_name["Anna"].played == 3 and by_name["Anna"].won == 1.5
    assert by_name["Anna"].best == 10 and by_name["Anna"].average == 7.0
    assert by_name["ben"].won == 1.5 and by_name["ben"].best == 9
    assert wins_text(1.5) == "1.5" and wins_text(2.0) == "2"


def test_a_pollen_tally_shows_no_best_or_average_meeples():
    """Pollen is won by its elimination steps, not by the most meeples (issue 29): a best
    or average meeple total would rank its players wrongly, so none is shown."""
    pollen = GameRecord(
        app_version="1",
        game="pollen",
        started="2026-01-01T00:00:00Z",
        finished="2026-01-01T01:00:00Z",
        options={},
        seats=[Seat(name="Anna"), Seat(name="Ben")],
        seed=1,
        moves=[],
        scores=[9, 6],
        winners=[1],
        decided_by="test",
    )
    by_name = {row.player: row for row in tally([pollen])}
    assert by_name["Ben"].won == 1 and by_name["Anna"].won == 0
    assert by_name["Anna"].best is None and by_name["Anna"].average is None
    assert points_text(by_name["Anna"].best) == "—" and points_text(7.5) == "7.5"


def test_export_then_import_elsewhere(tmp_path: Path):
    mine = RecordStore(tmp_path / "mine")
    for seed in (1, 2):
        mine.keep_match(finished_match(seed))
    shared = mine.export(mine.records())
    assert shared.parent == mine.exports and shared.name.startswith("boardgames-tui-games-")
    friend = RecordStore(tmp_path / "friend")
    assert friend.import_file(shared) == (2, 0)
    assert friend.import_file(shared) == (0, 2)
    assert sorted(record.digest() for record in friend.records()) == sorted(record.digest() for record in mine.records())


def test_exports_never_overwrite_each_other(tmp_path: Path):
    store = RecordStore(tmp_path)
    store.keep_match(finished_match())
    paths = {store.export(store.records()) for _ in range(3)}
    assert len(paths) == 3 and all(path.parent == store.exports for path in paths)


def test_exporting_nothing_is_refused(tmp_path: Path):
    with pytest.raises(RecordError, match="no finished games"):
        RecordStore(tmp_path).export([])


def tamper(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    def rewrite(path: Path) -> None:
        payload = json.loads(path.read_text())
        change(payload["games"][0])
        path.write_text(json.dumps(payload))

    return rewrite


def _set_move(game: dict[str, Any]) -> None:
    game["moves"][0]["action"] = {"kind": "play", "card": 9999}


def _drop_moves(game: dict[str, Any]) -> None:
    del game["moves"][-5:]


TAMPERINGS = {
    "a raised score": (tamper(lambda game: game["scores"].__setitem__(0, game["scores"][0] + 1)), "scores are not what"),
    "another winner": (tamper(lambda game: game.__setitem__("winners", [0])), "scores are not what"),
    "an impossible move": (tamper(_set_move), "options or moves cannot be read|break the rules"),
    "a game cut short": (tamper(_drop_moves), "stop before the game is over"),
    "an unknown game": (tamper(lambda game: game.__setitem__("game", "chess")), "does not know"),
    "an escape in a name": (tamper(lambda game: game["seats"][0].__setitem__("name", "A\x1b[2J")), "control character"),
    "a made-up bot level": (tamper(lambda game: game["seats"][2].__setitem__("bot_level", "cheater")), "bot level"),
    "an extra field": (tamper(lambda game: game.__setitem__("path", "/etc/passwd")), "damaged"),
    "not JSON": (lambda path: path.write_text("{not json"), "not valid JSON"),
    "some other JSON": (lambda path: path.write_text('{"format": "x"}'), "not a boardgames-tui"),
    "too large": (lambda path: path.write_bytes(b" " * (MAX_FILE_BYTES + 1)), "too large"),
}


@pytest.mark.parametrize("name", TAMPERINGS)
def test_a_tampered_shared_file_is_refused_in_one_line_and_nothing_is_kept(tmp_path: Path, name: str):
    mine = RecordStore(tmp_path / "mine")
    mine.keep_match(finished_match())
    shared = mine.export(mine.records())
    change, expected = TAMPERINGS[name]
    change(shared)
    friend = RecordStore(tmp_path / "friend")
    with pytest.raises(RecordError, match=expected) as refusal:
        friend.import_file(shared)
    assert "\n" not in refusal.value.message
    assert friend.records() == []
    with pytest.raises(RecordError):
        load_for_replay(shared)


def test_one_lying_game_refuses_the_whole_shared_file(tmp_path: Path):
    mine = RecordStore(tmp_path / "mine")
    for seed in (1, 2):
        mine.keep_match(finished_match(seed))
    shared = mine.export(mine.records())
    payload = json.loads(shared.read_text())
    payload["games"][1]["scores"][0] += 3
    shared.write_text(json.dumps(payload))
    with pytest.raises(RecordError, match="game 2 of 2: its scores"):
        read_shared(shared)


def test_a_damaged_record_in_the_store_is_listed_as_broken(tmp_path: Path):
    store = RecordStore(tmp_path)
    path = store.keep_match(finished_match())
    (store.directory / "zz-junk.json").write_text("[1, 2")
    entries = store.list()
    assert isinstance(entries[0], KeptRecord) and entries[0].path == path
    assert isinstance(entries[1], BrokenRecord) and "not valid JSON" in entries[1].message


def test_a_save_file_can_be_watched_too(tmp_path: Path):
    saves = SaveStore(tmp_path)
    match = Match(GAME, RULES.parse_options({}), [Seat(name="A"), Seat(name="B")], 3, store=saves)
    seat = match.to_act()[0]
    match.submit(seat, RULES.legal_actions(match.state, seat)[0])
    [(title, replayed)] = load_for_replay(saves.path_for(match))
    assert "Bloom Kingdom" in title and replayed.total == 1
