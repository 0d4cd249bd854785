"""Save files: one JSON file per match, rewritten atomically after every move.

A save holds the seed, the seats, the options and the list of moves; loading replays
the moves through the rules, so a save can never smuggle in an impossible state.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from boardgames_tui import __version__
from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game

SAVE_FORMAT = "boardgames-tui-save"
SAVE_VERSION = 1
DATA_DIR_ENV = "BOARDGAMES_TUI_DATA_DIR"


class SaveError(Exception):
    """A save that cannot be loaded; `message` is for the player."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path.name}: {message}")
        self.path = path
        self.message = message


class SaveSummary(BaseModel):
    path: Path
    game: str
    game_title: str
    players: list[str]
    progress: str
    finished: bool
    updated: datetime


class BrokenSave(BaseModel):
    path: Path
    message: str


def default_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardgames-tui", appauthor=False))


class SaveStore:
    def __init__(self, data_dir: Path | None = None) -> None:
        self.directory = (data_dir or default_data_dir()) / "saves"

    def path_for(self, match: Match) -> Path:
        return self.directory / f"{match.rules.slug}-{match.match_id}.json"

    # -- writing ----------------------------------------------------------------------
    def write(self, match: Match) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.path_for(match)
        payload = json.dumps(encode(match), separators=(",", ":"))
        # Write beside the target, then rename: a killed terminal leaves either the
        # old save or the new one, never half of one.
        handle, temp_name = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(payload)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp_name, path)
        except BaseException:
            Path(temp_name).unlink(missing_ok=True)
            raise
        return path

    # -- reading ----------------------------------------------------------------------
    def list(self) -> list[SaveSummary | BrokenSave]:
        if not self.directory.is_dir():
            return []
        readable: list[SaveSummary] = []
        broken: list[BrokenSave] = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                readable.append(summarize(path))
            except SaveError as error:
                broken.append(BrokenSave(path=path, message=error.message))
        readable.sort(key=lambda summary: summary.updated, reverse=True)
        return [*readable, *broken]

    def write_crash_report(self, text: str) -> Path:
        path = self.directory.parent / "crash.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def load(self, path: Path) -> Match:
        match = load_match(path)
        match.store = self
        return match


def encode(match: Match) -> dict[str, Any]:
    rules = match.rules
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app_version": __version__,
        "game": rules.slug,
        "match_id": match.match_id,
        "created": match.created.isoformat(),
        "updated": match.updated.isoformat(),
        "options": match.options.model_dump(mode="json"),
        "seats": [seat.model_dump(mode="json") for seat in match.seats],
        "seed": match.seed,
        "moves": [{"seat": move.seat, "action": rules.dump_action(move.action)} for move in match.moves],
        "summary": {
            "players": [seat.label() for seat in match.seats],
            "progress": rules.progress(match.state),
            "finished": rules.is_over(match.state),
        },
        "state": match.state.model_dump(mode="json"),
    }


def _read_payload(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "is not a save file (it is not text)") from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError:
        raise SaveError(path, "is damaged or truncated (not valid JSON)") from None
    if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
        raise SaveError(path, "is not a boardgames-tui save file")
    version = payload.get("version")
    if version != SAVE_VERSION:
        raise SaveError(
            path,
            f"was written in save format {version!r}; this version of boardgames-tui reads format {SAVE_VERSION}",
        )
    game = payload.get("game")
    try:
        get_game(str(game))
    except KeyError:
        raise SaveError(path, f"is for a game this version does not know ({game!r})") from None
    return payload


def summarize(path: Path) -> SaveSummary:
    payload = _read_payload(path)
    rules = get_game(payload["game"])
    try:
        summary = payload["summary"]
        return SaveSummary(
            path=path,
            game=rules.slug,
            game_title=rules.title,
            players=summary["players"],
            progress=summary["progress"],
            finished=summary["finished"],
            updated=datetime.fromisoformat(payload["updated"]),
        )
    except (KeyError, TypeError, ValueError, ValidationError):
        raise SaveError(path, "is damaged (its summary is missing or wrong)") from None


def load_match(path: Path) -> Match:
    payload = _read_payload(path)
    rules = get_game(payload["game"])
    try:
        options = rules.parse_options(payload["options"])
        seats = [Seat.model_validate(seat) for seat in payload["seats"]]
        seed = int(payload["seed"])
        moves = [(int(move["seat"]), rules.parse_action(move["action"])) for move in payload["moves"]]
        created = datetime.fromisoformat(payload["created"])
        match_id = str(payload["match_id"])
    except (KeyError, TypeError, ValueError, ValidationError):
        raise SaveError(path, "is damaged (its setup or moves cannot be read)") from None
    try:
        match = Match.replay(rules, options, seats, seed, moves, match_id=match_id, created=created)
    except (IllegalMove, ValueError) as error:
        raise SaveError(path, f"does not replay with these rules ({str(error).rstrip('.')})") from None
    saved_state = payload.get("state")
    if saved_state is not None and match.state.model_dump(mode="json") != saved_state:
        raise SaveError(path, "does not match what its moves produce with these rules")
    try:
        match.updated = datetime.fromisoformat(payload["updated"])
    except (KeyError, TypeError, ValueError):
        pass
    return match
