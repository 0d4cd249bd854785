"""Save files: one JSON file per match, rewritten atomically after every move.

A save holds the seed, the seats, the options and the list of moves; loading replays
the moves through the rules, so a save can never smuggle in an impossible state.

Save files are shared and copied by people, so every one is untrusted input: it is
read with a size cap, parsed without recursion or number bombs, validated field by
field, and listed as "unreadable" with the reason when anything is wrong.  Nothing in
a file chooses where the app writes: a game goes back to the file it came from, and a
new game gets a fresh name chosen here.
"""

from __future__ import annotations

import ipaddress
import json
import os
import tempfile
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    field_validator,
)

from boardgames_tui import __version__
from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match, Move
from boardgames_tui.engine.parts import Rules
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.text import check_name, clean_text, repeated_name
from boardgames_tui.engine.untrusted_files import PlausibleDate, UnreadableFile, first_problem, read_json

SAVE_FORMAT = "boardgames-tui-save"
SAVE_VERSION = 1
DATA_DIR_ENV = "BOARDGAMES_TUI_DATA_DIR"

# A long game's save is well under 1 MB; anything much bigger is not one of ours.
MAX_SAVE_BYTES = 8 * 1024 * 1024
# Temp files are written beside the saves and renamed over them; one left behind by a
# killed terminal is removed once it is clearly not being written any more.
TEMP_PREFIX = ".tmp-"
TEMP_SUFFIX = ".part"
STALE_TEMP_SECONDS = 600
CRASH_REPORTS_KEPT = 5


class SaveError(Exception):
    """A save that cannot be loaded; `message` is for the player."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path.name}: {message}")
        self.path = path
        self.message = message


class SaveSummary(BaseModel):
    """One readable save, as the Continue list shows it: recomputed from the replayed
    game, never taken from what the file says about itself."""

    path: Path
    game: str
    game_title: str
    title: str | None
    players: list[str]
    progress: str
    moves: int
    finished: bool
    updated: datetime


class BrokenSave(BaseModel):
    path: Path
    message: str


# -- the save file's shape ------------------------------------------------------------------


class SavedMove(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: StrictInt
    action: dict[str, Any]
    # A bot made it for a remote seat whose player was away (the log says so).
    stand_in: StrictBool = False


class RemoteSeatSecret(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: StrictInt = Field(ge=0, le=7)
    secret: str = Field(pattern=r"^[A-Za-z0-9_-]{16,64}$")


class SavedListen(BaseModel):
    """Where a hosted game's table listened: an address (never a name to look up) and a port."""

    model_config = ConfigDict(extra="forbid", strict=True)

    host: str = Field(max_length=64)
    port: StrictInt = Field(ge=1, le=65535)

    @field_validator("host")
    @classmethod
    def _an_address(cls, host: str) -> str:
        if host != "localhost":
            ipaddress.ip_address(host)  # ValueError: not an address
        return host


class SaveFile(BaseModel):
    """Every field a save must have, checked before anything is replayed."""

    # `app_version` and `summary` are written for people reading the file; they are
    # never trusted, so they are not read.
    model_config = ConfigDict(extra="ignore")

    format: Literal["boardgames-tui-save"]
    version: StrictInt
    game: str
    match_id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    title: str | None = None
    created: PlausibleDate
    updated: PlausibleDate
    options: dict[str, Any]
    seats: list[Seat]
    seed: StrictInt
    moves: list[SavedMove]
    state: dict[str, Any] | None = None
    # A hosted game's remote seats and their join links' secrets.
    remote_seats: list[RemoteSeatSecret] = Field(default_factory=list, max_length=8)
    # A hosted game's watch link's secret (a save from before watch links has none).
    watch_secret: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_-]{16,64}$")
    # Where its table listened, to listen there again: the links hold the port.
    listen: SavedListen | None = None

    @field_validator("title")
    @classmethod
    def _printable_title(cls, title: str | None) -> str | None:
        return None if title is None else check_name(title, "Its title")

    @field_validator("seats")
    @classmethod
    def _seats_told_apart(cls, seats: list[Seat]) -> list[Seat]:
        return seats_told_apart(seats)


def seats_told_apart(seats: list[Seat]) -> list[Seat]:
    """`seats`, or the reason a file's seats are refused (a save's or a record's): two
    names equal ignoring case, which the form and `--seat` refuse as well."""
    repeated = repeated_name([seat.name for seat in seats])
    if repeated is not None:
        raise ValueError(f"two seats are called {seats[repeated].name} (names must differ, ignoring case)")
    return seats


def default_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardgames-tui", appauthor=False))


def write_atomically(path: Path, text: str) -> None:
    """Writes beside the target, then renames: a killed terminal leaves either the
    old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # The temp name starts with a dot and ends in .part, so it is never listed as a save.
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def remove_stale_temp_files(folder: Path) -> None:
    """Removes what `write_atomically` left in `folder` when it was killed before its
    rename: only regular files named as its temp files are (a link, even one so named,
    is neither followed nor removed), and only once they are clearly not being written."""
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return  # no such folder yet
    for entry in entries:
        if not (entry.name.startswith(TEMP_PREFIX) and entry.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            stale = now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS
            if stale and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)  # unlink never follows a link swapped in meanwhile
        except OSError:
            pass  # another copy of the app removed it first


class SaveStore:
    def __init__(self, data_dir: Path | None = None) -> None:
        self.directory = (data_dir or default_data_dir()) / "saves"
        # path -> (the file's identity when read, what was made of it): listing again
        # replays only the saves that changed.
        self._listed: dict[Path, tuple[tuple[int, int, int], SaveSummary | BrokenSave]] = {}

    def path_for(self, match: Match) -> Path:
        """The file `match` is written to: the one it was loaded from, or a fresh name."""
        if match.save_path is None:
            self.directory.mkdir(parents=True, exist_ok=True)
            while True:
                path = self.directory / f"{match.rules.slug}-{uuid.uuid4().hex[:12]}.json"
                if not path.exists():
                    break
            match.save_path = path
        return match.save_path

    # -- writing ----------------------------------------------------------------------
    def write(self, match: Match) -> Path:
        path = self.path_for(match)
        write_atomically(path, json.dumps(encode(match), separators=(",", ":")))
        return path

    def rename(self, path: Path, title: str) -> SaveSummary:
        """Give the save at `path` a title of the player's choosing; the file keeps its name."""
        match = self.load(path)
        match.title = check_name(title, "A title")
        self.write(match)
        return self._summarize_path(path)

    def delete(self, path: Path) -> None:
        """Remove a save listed by `list` (and nothing else)."""
        if path.parent != self.directory or not _is_save_name(path.name):
            raise ValueError(f"{path.name} is not a save in {self.directory}")
        path.unlink(missing_ok=True)
        self._listed.pop(path, None)

    def write_crash_report(self, text: str) -> Path:
        """A new, private file per crash; only the latest few are kept."""
        directory = self.directory.parent / "crashes"
        directory.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-%f")
        path = directory / f"crash-{stamp}.log"
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        for old in sorted(directory.glob("crash-*.log"))[:-CRASH_REPORTS_KEPT]:
            old.unlink(missing_ok=True)
        return path

    # -- reading ----------------------------------------------------------------------
    def list(self) -> list[SaveSummary | BrokenSave]:
        """Every save, newest first, then the unreadable ones with their reasons.

        Each save is replayed to know where it stands, so call this off the UI thread.
        """
        if not self.directory.is_dir():
            return []
        remove_stale_temp_files(self.directory)
        readable: list[SaveSummary] = []
        broken: list[BrokenSave] = []
        listed: dict[Path, tuple[tuple[int, int, int], SaveSummary | BrokenSave]] = {}
        for path in sorted(self.directory.iterdir()):
            if not _is_save_name(path.name):
                continue
            try:
                info = path.stat()
            except OSError:
                continue  # removed while listing
            identity = (info.st_ino, info.st_size, info.st_mtime_ns)
            cached = self._listed.get(path)
            entry = cached[1] if cached is not None and cached[0] == identity else self._entry(path)
            listed[path] = (identity, entry)
            (readable if isinstance(entry, SaveSummary) else broken).append(entry)  # type: ignore[arg-type]
        self._listed = listed
        readable.sort(key=lambda summary: summary.updated, reverse=True)
        return [*readable, *broken]

    def _entry(self, path: Path) -> SaveSummary | BrokenSave:
        try:
            return self._summarize_path(path)
        except SaveError as error:
            return BrokenSave(path=path, message=error.message)

    def _summarize_path(self, path: Path) -> SaveSummary:
        return summarize(load_match(path), path)

    def load(self, path: Path) -> Match:
        match = load_match(path)
        match.store = self
        return match


def _is_save_name(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".")


def encode(match: Match) -> dict[str, Any]:
    rules = match.rules
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app_version": __version__,
        "game": rules.slug,
        "match_id": match.match_id,
        "title": match.title,
        "created": match.created.isoformat(),
        "updated": match.updated.isoformat(),
        "options": match.options.model_dump(mode="json"),
        "seats": [seat.model_dump(mode="json") for seat in match.seats],
        "seed": match.seed,
        "moves": [encode_move(rules, move) for move in match.moves],
        # For people reading the file; loading recomputes it from the moves.
        "summary": {
            "players": [seat.label() for seat in match.seats],
            "progress": match.game.narrator.progress(match.state),
            "finished": rules.is_over(match.state),
        },
        "state": match.state.model_dump(mode="json"),
        "remote_seats": [{"seat": seat, "secret": secret} for seat, secret in sorted(match.remote_secrets.items())],
        "watch_secret": match.watch_secret if match.remote_seats else None,
        "listen": None if match.listen is None else {"host": match.listen[0], "port": match.listen[1]},
    }


def encode_move(rules: Rules, move: Move) -> dict[str, Any]:
    encoded: dict[str, Any] = {"seat": move.seat, "action": rules.dump_action(move.action)}
    if move.stand_in:
        encoded["stand_in"] = True
    return encoded


def summarize(match: Match, path: Path) -> SaveSummary:
    rules = match.rules
    return SaveSummary(
        path=path,
        game=rules.slug,
        game_title=rules.title,
        title=match.title,
        players=[seat.label() for seat in match.seats],
        progress=match.game.narrator.progress(match.state),
        moves=len(match.moves),
        finished=rules.is_over(match.state),
        updated=match.updated,
    )


def _read_payload(path: Path) -> dict[str, Any]:
    try:
        payload = read_json(path, MAX_SAVE_BYTES, "a save")
    except UnreadableFile as error:
        raise SaveError(path, error.reason) from None
    if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
        raise SaveError(path, "is not a boardgames-tui save file")
    version = payload.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        shown = clean_text(repr(version))[:40]
        raise SaveError(
            path,
            f"was written in save format {shown}; this version of boardgames-tui reads format {SAVE_VERSION}",
        )
    game = payload.get("game")
    try:
        get_game(str(game))
    except KeyError:
        shown = clean_text(repr(game))[:40]
        raise SaveError(path, f"is for a game this version does not know ({shown})") from None
    return payload


def load_match(path: Path) -> Match:
    try:
        return _load_match(path)
    except RecursionError:
        # Nesting that json accepted can still be too deep to validate or compare.
        raise SaveError(path, "is damaged (it is nested too deeply)") from None


def _without_log(state: dict[str, Any]) -> dict[str, Any]:
    """A state as the rules left it, its log set aside: the log is words about the
    moves, and a later version may word them better (the replay writes its own);
    a saved game must not be locked away because a sentence changed."""
    return {key: value for key, value in state.items() if key != "log"}


def _remote_kind_migrated(payload: dict[str, Any]) -> dict[str, Any]:
    """`payload` with each human seat that has a join link's secret made a remote one.

    Saves written before seats had a remote kind marked a remote seat only by its secret.
    The saved state holds the seats too, so its seats change alike.  Whatever is not
    shaped as a save's seats and secrets is left as it is, for validation to refuse."""
    entries, seats = payload.get("remote_seats"), payload.get("seats")
    if not isinstance(entries, list) or not isinstance(seats, list):
        return payload
    remote = {entry.get("seat") for entry in entries if isinstance(entry, dict) and type(entry.get("seat")) is int}

    def migrated(seats: list[Any]) -> list[Any]:
        return [
            {**seat, "kind": "remote"} if index in remote and isinstance(seat, dict) and seat.get("kind", "human") == "human" else seat
            for index, seat in enumerate(seats)
        ]

    payload = {**payload, "seats": migrated(seats)}
    state = payload.get("state")
    if isinstance(state, dict) and isinstance(state.get("seats"), list):
        payload["state"] = {**state, "seats": migrated(state["seats"])}
    return payload


def _load_match(path: Path) -> Match:
    payload = _remote_kind_migrated(_read_payload(path))
    game = get_game(payload["game"])
    rules = game.rules
    try:
        save = SaveFile.model_validate(payload)
    except ValidationError as error:
        raise SaveError(path, f"is damaged (its setup or moves cannot be read: {first_problem(error)})") from None
    try:
        options = rules.parse_options(save.options)
        moves = [(move.seat, rules.parse_action(move.action)) for move in save.moves]
    except ValidationError as error:
        raise SaveError(path, f"is damaged (its setup or moves cannot be read: {first_problem(error)})") from None
    try:
        stand_ins = {number for number, move in enumerate(save.moves) if move.stand_in}
        match = Match.replay(
            game, options, save.seats, save.seed, moves, stand_ins=stand_ins, match_id=save.match_id, created=save.created
        )
    except IllegalMove as error:
        raise SaveError(path, f"does not replay with these rules ({clean_text(error.reason).rstrip('.')})") from None
    except ValueError as error:
        raise SaveError(path, f"does not replay with these rules ({clean_text(str(error))[:120].rstrip('.')})") from None
    if save.state is not None and _without_log(match.state.model_dump(mode="json")) != _without_log(save.state):
        raise SaveError(path, "does not match what its moves produce with these rules")
    if any(entry.seat >= len(save.seats) for entry in save.remote_seats):
        raise SaveError(path, "is damaged (a remote seat is not one of its seats)")
    link_secrets = {entry.seat: entry.secret for entry in save.remote_seats}
    for seat in sorted(set(link_secrets) ^ set(match.remote_seats)):
        name = clean_text(save.seats[seat].name)
        if seat in link_secrets:
            raise SaveError(path, f"is damaged ({name}'s seat has a join link but is not played from another machine)")
        raise SaveError(path, f"is damaged ({name}'s seat is played from another machine but has no join link)")
    match.remote_secrets = link_secrets
    if save.watch_secret is not None:
        match.watch_secret = save.watch_secret
    if save.listen is not None and match.remote_seats:
        match.listen = (save.listen.host, save.listen.port)
    match.updated = save.updated
    match.title = save.title
    match.save_path = path
    return match
