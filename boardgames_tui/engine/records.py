"""Finished games kept as records, the tallies drawn from them, and shared files.

A record holds what it takes to watch the game again (game, options, seats, seed,
moves) and what it ended with (scores, winners), one JSON file per game in the
`records` folder beside `saves`.  A shared file bundles records to pass to a friend.

Anything read from disk is untrusted: size-capped, validated by the models below,
and, before a game is watched or imported, replayed through the rules, which must
end the game with exactly the recorded scores.  Each game is replayed once, and
copies of one game in a file share that replay; a replay keeps a few states per
game, not one per move (engine/replay_table.py).  File names are always the app's own
(a digest of the game), never taken from a file's contents.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, field_validator

from boardgames_tui import __version__
from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.replay_table import ReplayHistory, ReplayTable
from boardgames_tui.engine.saves import (
    SAVE_FORMAT,
    SaveError,
    default_data_dir,
    load_match,
    seats_told_apart,
    write_atomically,
)
from boardgames_tui.engine.text import clean_text
from boardgames_tui.engine.untrusted_files import PlausibleDate, UnreadableFile, first_problem, read_json

RECORD_FORMAT = "boardgames-tui-record"
SHARED_FORMAT = "boardgames-tui-shared-games"
RECORD_VERSION = 1
# Far above any real file (a long Everbloom game's moves take a few kilobytes), and
# small enough that a hostile file cannot make the app read or replay for long.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_SHARED_GAMES = 500
MAX_MOVES = 20_000


class RecordError(Exception):
    """A record or shared file that is refused; `message` is one line for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RecordedMove(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: StrictInt = Field(ge=0, le=7)
    # Checked by the game's own action model when the record is replayed.
    action: dict[str, Any]


class GameRecord(BaseModel):
    """One finished game, as kept in the records folder and inside a shared file.

    Held to the same discipline as a save: dates with their time zone in a plausible
    year, whole numbers that are numbers (not `true` or `1.0`), a game this version
    knows; so whatever passes can be listed, sorted, described and tallied.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["boardgames-tui-record"] = RECORD_FORMAT
    version: Literal[1] = RECORD_VERSION
    app_version: str = Field(max_length=40)
    game: str = Field(max_length=40)
    started: PlausibleDate
    finished: PlausibleDate
    options: dict[str, Any]
    seats: list[Seat] = Field(min_length=1, max_length=8)
    seed: StrictInt
    moves: list[RecordedMove] = Field(max_length=MAX_MOVES)
    scores: list[StrictInt] = Field(max_length=8)
    winners: list[StrictInt] = Field(max_length=8)
    decided_by: str = Field(max_length=300)

    @field_validator("game")
    @classmethod
    def _known_game(cls, slug: str) -> str:
        try:
            get_game(slug)
        except KeyError:
            raise ValueError(f"it is a game this version does not know ({clean_text(repr(slug))[:40]})") from None
        return slug

    @field_validator("seats")
    @classmethod
    def _seats_told_apart(cls, seats: list[Seat]) -> list[Seat]:
        return seats_told_apart(seats)

    def digest(self) -> str:
        """Names the game, not the file: the same game recorded or imported twice is one record."""
        identity = self.model_dump(mode="json", include={"game", "options", "seats", "seed", "moves"})
        return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]

    def players(self) -> list[str]:
        return [seat.label() for seat in self.seats]

    def winner_names(self) -> list[str]:
        return [self.seats[index].name for index in self.winners if 0 <= index < len(self.seats)]


class SharedGames(BaseModel):
    """The file that `export` writes: finished games to pass on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["boardgames-tui-shared-games"] = SHARED_FORMAT
    version: Literal[1] = RECORD_VERSION
    app_version: str = Field(max_length=40)
    exported: PlausibleDate
    games: list[GameRecord] = Field(min_length=1, max_length=MAX_SHARED_GAMES)


def record_of(match: Match) -> GameRecord:
    """The record of a finished match."""
    rules = match.rules
    if not rules.is_over(match.state):
        raise ValueError("only a finished game can be recorded")
    outcome = rules.outcome(match.state)
    return GameRecord(
        app_version=__version__,
        game=rules.slug,
        started=match.created,
        finished=match.updated,
        options=match.options.model_dump(mode="json"),
        seats=match.seats,
        seed=match.seed,
        moves=[RecordedMove(seat=move.seat, action=rules.dump_action(move.action)) for move in match.moves],
        scores=list(outcome.totals),
        winners=list(outcome.winners),
        decided_by=rules.score_sheet(match.state).decided_by,
    )


Progress = Callable[[int, int], None]
"""Told (games checked so far, games in the file) while a shared file is checked."""


def _replayed(record: GameRecord) -> ReplayHistory:
    """The record's game replayed through today's rules, every move checked, to its end."""
    try:
        game = get_game(record.game)
        rules = game.rules
    except KeyError:
        raise RecordError(f"it is a game this version does not know ({record.game!r})") from None
    try:
        options = rules.parse_options(record.options)
        moves = [(move.seat, rules.parse_action(move.action)) for move in record.moves]
    except (ValidationError, ValueError, TypeError):
        raise RecordError(f"its {rules.title} options or moves cannot be read") from None
    try:
        history = ReplayHistory(game, options, record.seats, record.seed, moves)
    except IllegalMove as refusal:
        raise RecordError(f"its moves break the rules of {rules.title} ({refusal.reason.rstrip('.')})") from None
    except ValueError as error:
        raise RecordError(f"its setup is not a game of {rules.title} ({error})") from None
    if not rules.is_over(history.final):
        raise RecordError("its moves stop before the game is over")
    return history


def _watchable(record: GameRecord, history: ReplayHistory) -> ReplayTable:
    """The replay of `record`, once what it claims is what its moves produce."""
    outcome = history.rules.outcome(history.final)
    if list(outcome.totals) != record.scores or list(outcome.winners) != record.winners:
        raise RecordError("its scores are not what its moves produce")
    return ReplayTable(history, created=record.started, updated=record.finished)


def replay_record(record: GameRecord) -> ReplayTable:
    """The record's game replayed through today's rules, checked against what it claims."""
    return _watchable(record, _replayed(record))


def replay_records(records: list[GameRecord], progress: Progress | None = None) -> list[ReplayTable]:
    """Every record replayed and checked, each game once: copies of one game (the same
    game, options, seats, seed and moves) share one replay.  `progress(done, total)`
    after each record.  The first record refused refuses them all, saying which."""
    histories: dict[str, ReplayHistory] = {}
    tables = []
    for number, record in enumerate(records, start=1):
        try:
            # The whole identity, not a digest of it: a file must not be able to pass
            # one game off as another by a collision.
            identity = json.dumps(
                record.model_dump(mode="json", include={"game", "options", "seats", "seed", "moves"}), sort_keys=True
            )
            history = histories.get(identity)
            if history is None:
                history = histories[identity] = _replayed(record)
            tables.append(_watchable(record, history))
        except RecordError as error:
            where = f"game {number} of {len(records)}: " if len(records) > 1 else ""
            raise RecordError(f"{where}{error.message}") from None
        if progress is not None:
            progress(number, len(records))
    return tables


def _read_json(path: Path) -> Any:
    try:
        return read_json(path, MAX_FILE_BYTES, "a record or shared file")
    except UnreadableFile as error:
        raise RecordError(f"it {error.reason}") from None


def _problem(error: ValidationError) -> str:
    return f"it is damaged ({first_problem(error)})"


def read_record(path: Path) -> GameRecord:
    """A record file, checked against its model (not yet replayed)."""
    payload = _read_json(path)
    if not isinstance(payload, dict) or payload.get("format") != RECORD_FORMAT:
        raise RecordError("it is not a boardgames-tui record")
    try:
        return GameRecord.model_validate(payload)
    except ValidationError as error:
        raise RecordError(_problem(error)) from None


def read_shared(path: Path, progress: Progress | None = None) -> list[GameRecord]:
    """The games in a shared file or a single record, each replayed and checked.

    The whole file is refused if any game in it fails: a file that lies once is not
    trusted for the rest.  A game that appears more than once is replayed once: the
    same seed, seats, options and moves always end the same way, so its copies need
    only claim the same scores.
    """
    records = _records_in(_read_json(path))
    replay_records(records, progress)
    return records


def _records_in(payload: Any) -> list[GameRecord]:
    """The records of a shared file or a single record, checked against their models."""
    kind = payload.get("format") if isinstance(payload, dict) else None
    try:
        if kind == SHARED_FORMAT:
            return list(SharedGames.model_validate(payload).games)
        if kind == RECORD_FORMAT:
            return [GameRecord.model_validate(payload)]
    except ValidationError as error:
        raise RecordError(_problem(error)) from None
    raise RecordError("it is not a boardgames-tui shared file or record")


def load_for_replay(path: Path, progress: Progress | None = None) -> list[tuple[str, ReplayTable]]:
    """Every game a file holds, ready to watch: a record, a shared file or a save.

    Each comes with a one-line title; a save may be a game still in progress.  Every
    game is replayed and checked once (`progress(done, total)` after each).
    """
    payload = _read_json(path)
    if isinstance(payload, dict) and payload.get("format") == SAVE_FORMAT:
        try:
            match = load_match(path)
        except SaveError as error:
            raise RecordError(error.message) from None
        return [(describe_match(match), ReplayTable.of_match(match))]
    records = _records_in(payload)
    tables = replay_records(records, progress)
    return [(describe_record(record), table) for record, table in zip(records, tables)]


def describe_record(record: GameRecord) -> str:
    title = get_game(record.game).title
    when = record.finished.astimezone().strftime("%Y-%m-%d %H:%M")
    return f"{title} · {', '.join(record.players())} · {when}"


def describe_match(match: Match) -> str:
    when = match.updated.astimezone().strftime("%Y-%m-%d %H:%M")
    players = ", ".join(seat.label() for seat in match.seats)
    return f"{match.rules.title} · {players} · {when}"


def shared_payload(records: list[GameRecord]) -> str:
    shared = SharedGames(app_version=__version__, exported=datetime.now(timezone.utc), games=records)
    return shared.model_dump_json(indent=1)


class KeptRecord(BaseModel):
    """A record in the store, with the file it came from."""

    path: Path
    record: GameRecord


class BrokenRecord(BaseModel):
    path: Path
    message: str


class RecordStore:
    """The records folder of the app's data directory."""

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir or default_data_dir()
        self.directory = self.data_dir / "records"
        self.exports = self.data_dir / "exports"

    def path_for(self, record: GameRecord) -> Path:
        # The slug is one the registry knows (checked on the way in); the rest is a digest.
        return self.directory / f"{record.game}-{record.digest()}.json"

    def keep(self, record: GameRecord) -> Path:
        path = self.path_for(record)
        write_atomically(path, record.model_dump_json(indent=1))
        return path

    def keep_match(self, match: Match) -> Path:
        return self.keep(record_of(match))

    def list(self) -> list[KeptRecord | BrokenRecord]:
        """Readable records newest first, then the files that could not be read."""
        if not self.directory.is_dir():
            return []
        kept: list[KeptRecord] = []
        broken: list[BrokenRecord] = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                kept.append(KeptRecord(path=path, record=read_record(path)))
            except RecordError as error:
                broken.append(BrokenRecord(path=path, message=error.message))
        kept.sort(key=lambda entry: entry.record.finished, reverse=True)
        return [*kept, *broken]

    def records(self) -> list[GameRecord]:
        return [entry.record for entry in self.list() if isinstance(entry, KeptRecord)]

    def export(self, records: list[GameRecord], path: Path | None = None) -> Path:
        """Writes `records` as one shared file: at `path` if a person typed one, else
        in the exports folder under a name of the app's choosing."""
        if not records:
            raise RecordError("there are no finished games to export yet")
        if path is None:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            path = self.exports / f"boardgames-tui-games-{stamp}.json"
            number = 1
            while path.exists():  # two exports within a second keep both
                number += 1
                path = self.exports / f"boardgames-tui-games-{stamp}-{number}.json"
        write_atomically(path, shared_payload(records))
        return path

    def import_file(self, path: Path, progress: Progress | None = None) -> tuple[int, int]:
        """Keeps every game of a shared file: (games added, games already kept).

        Each game is replayed, so call this off the UI thread; `progress` hears of each.
        """
        records = read_shared(path, progress)
        added = 0
        for record in records:
            if not self.path_for(record).exists():
                self.keep(record)
                added += 1
        return added, len(records) - added


# -- tallies ---------------------------------------------------------------------------------
class PlayerTally(BaseModel):
    """One player's results at one game.  A tie shares the win: each of k winners gets 1/k."""

    player: str
    game: str
    game_title: str
    played: int
    won: float
    # None for a game the most points does not win (Pollen): its totals would mislead.
    best: int | None
    average: float | None


def tally(records: list[GameRecord]) -> list[PlayerTally]:
    """Per player (by name, bots by name and level) and game; most played first."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records:
        try:
            game = get_game(record.game)
        except KeyError:
            continue
        title = game.title
        for seat, info in enumerate(record.seats):
            if seat >= len(record.scores):
                continue
            label = info.label()
            group = groups.setdefault(
                (label.casefold(), record.game), {"player": label, "title": title, "scores": [], "won": 0.0, "points_decide": game.rules.points_decide}
            )
            group["scores"].append(record.scores[seat])
            if seat in record.winners:
                group["won"] += 1 / len(record.winners)
    tallies = [
        PlayerTally(
            player=group["player"],
            game=slug,
            game_title=group["title"],
            played=len(group["scores"]),
            won=round(group["won"], 2),
            best=max(group["scores"]) if group["points_decide"] else None,
            average=round(sum(group["scores"]) / len(group["scores"]), 1) if group["points_decide"] else None,
        )
        for (_, slug), group in groups.items()
    ]
    tallies.sort(key=lambda item: (item.game_title, -item.played, -item.won, item.player.casefold()))
    return tallies


def points_text(points: float | None) -> str:
    """A best or average score; "—" where points do not decide the game (Pollen)."""
    return "—" if points is None else f"{points:g}"


def wins_text(won: float) -> str:
    """1, 2.5, 0.33: whole wins without a decimal point."""
    return str(int(won)) if won == int(won) else f"{won:g}"
