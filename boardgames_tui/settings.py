"""Settings that stick: one model, read from `settings.toml` in the user's config directory.

Precedence, highest first: environment variables (`BOARDGAMES_TUI_THEME`, …), the
file, the defaults below.  The app writes back only the keys a player changed, so a
value nobody touched keeps following the defaults of newer versions.  No Textual here.

The file is untrusted input like a save: whatever it holds, the app starts.  A file that
cannot be read as TOML gives the defaults and one sentence saying so; a bad value costs
only its own key (the default is used, and the sentence names the key and why).
"""

from __future__ import annotations

import datetime
import json
import math
import os
import tomllib
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, EnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

from boardgames_tui.engine.untrusted_files import NOT_A_REGULAR_FILE, UnreadableFile, read_regular_file

ENV_PREFIX = "BOARDGAMES_TUI_"
CONFIG_DIR_ENV = "BOARDGAMES_TUI_CONFIG_DIR"
SETTINGS_FILE_NAME = "settings.toml"
# The file is untrusted input like a save: a bigger one is refused unread.
MAX_SETTINGS_BYTES = 64 * 1024
DEFAULT_THEME = "textual-dark"
NOT_TOML = "is not valid TOML"


class SettingsError(Exception):
    """The settings file cannot be read or written; `message` says why, for a player."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def default_config_dir() -> Path:
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("boardgames-tui", appauthor=False))


def settings_path() -> Path:
    return default_config_dir() / SETTINGS_FILE_NAME


def read_settings_file(path: Path) -> dict[str, Any]:
    """The file's table as written (no defaults); {} when there is no file yet.

    Raises SettingsError, whose message ends in "is not valid TOML (why)", for anything
    that is not a settings file: not a regular file, too large, not UTF-8, not TOML.
    """
    too_large = f"{NOT_TOML} (it is larger than {MAX_SETTINGS_BYTES // 1024} KB)"
    try:
        os.stat(path)
    except FileNotFoundError:
        return {}
    except OSError:
        pass  # said by the reader below
    try:
        # A named pipe or a device planted here is refused without waiting on it.
        raw = read_regular_file(path, MAX_SETTINGS_BYTES, too_large)
    except UnreadableFile as error:
        reason = error.reason
        if reason == NOT_A_REGULAR_FILE:
            reason = f"{NOT_TOML} (it is not a regular file)"
        raise SettingsError(path, reason) from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SettingsError(path, f"{NOT_TOML} (it is not UTF-8 text)") from None
    except RecursionError:
        # tomllib parses nested arrays and tables by recursion: `a = [[[…]]]` a few
        # thousand deep would otherwise end the app before its first screen.
        raise SettingsError(path, f"{NOT_TOML} (it is nested too deeply)") from None
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(path, f"{NOT_TOML} ({error})") from None


class Settings(BaseSettings):
    """What a player may change; every field is shown on the Settings screen."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", validate_assignment=True)

    theme: str = Field(
        DEFAULT_THEME,
        max_length=60,
        description="Colour theme: any name the command palette's theme list offers (Ctrl+P, then Theme).",
    )
    bot_pause: float = Field(
        0.6,
        ge=0,
        le=5,
        description="Seconds a bot's move stays on screen before it is played, so everyone can follow it.",
    )
    confirmations: bool = Field(
        True,
        description=(
            "Ask before a game is left with q, Escape or Save & quit (the game is saved either way), "
            "and before a move that gives up what is left of a turn."
        ),
    )

    teach_as_i_play: bool = Field(
        True,
        description=(
            "Teach as I play: in an ordinary game, show each player a short lesson the first time a rule "
            "matters to them, once per player name (L lists the lessons seen)."
        ),
    )

    pause_after_reveals: bool = Field(
        False,
        description=(
            "With one person at the table, wait for Enter after each reveal the board already shows "
            "(Bloom Kingdom's turns). With two or more, every reveal waits: it is how the keyboard passes."
        ),
    )

    @field_validator("bot_pause")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value):
            raise ValueError("must be a number of seconds")
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # `Settings()` is the defaults: the file and the environment are read by
        # `load_settings`, which checks each key alone, so one bad value costs only itself.
        return (init_settings,)


def _shown(value: Any) -> str:
    """A value as the file would hold it, cut short: it may be anything the file said."""
    try:
        text = _toml_value(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    text = "".join(character if character.isprintable() else "?" for character in text)
    return text if len(text) <= 30 else text[:29] + "…"


# What each setting must be, in the words of a refusal ("… is not <this>").
EXPECTED = {
    "theme": "a theme's name of at most 60 characters",
    "bot_pause": "a number of seconds from 0 to 5",
    "confirmations": "true or false",
}


def _checked_value(key: str, value: Any) -> Any:
    """`value` as `key` would hold it, or ValueError saying what it must be."""
    probe = Settings.model_construct()
    try:
        setattr(probe, key, value)  # validate_assignment checks the value against its field
    except ValidationError:
        raise ValueError(f"{key} must be {EXPECTED[key]}") from None
    return getattr(probe, key)


def _environment_values() -> dict[str, Any]:
    """The BOARDGAMES_TUI_* variables set for this run, unchecked, by field name."""
    return EnvSettingsSource(Settings)()


def _remove_stale_temp_files(folder: Path) -> None:
    """What a settings write killed before its rename left beside the file, cleaned as
    the saves folder cleans its own."""
    from boardgames_tui.engine.saves import remove_stale_temp_files  # not needed to read settings

    remove_stale_temp_files(folder)


def load_settings() -> tuple[Settings, str | None]:
    """The settings, and what of the file or the environment was not used and why (never raises)."""
    path = settings_path()
    _remove_stale_temp_files(path.parent)
    notes: list[str] = []
    try:
        stored = read_settings_file(path)
    except SettingsError as error:
        stored = {}
        notes.append(f"{path} {error.message}; the defaults are used.")
    values: dict[str, Any] = {}
    for source, given in ((str(path), stored), ("the environment", _environment_values())):
        for key, value in given.items():
            if key not in Settings.model_fields:
                continue  # a newer version's setting, kept in the file, unused here
            try:
                values[key] = _checked_value(key, value)
            except ValueError:
                used = values.get(key, Settings.model_fields[key].default)
                where = f"{ENV_PREFIX}{key.upper()}" if source == "the environment" else f"{key} in {source}"
                notes.append(f"{where} is {_shown(value)}, not {EXPECTED[key]}; {_shown(used)} is used instead.")
    return Settings.model_construct(**values), " ".join(notes) or None


def _toml_string(text: str) -> str:
    # A JSON string with its escapes is a valid TOML basic string, once DEL is escaped
    # too (JSON leaves it as it is; TOML refuses it raw).
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_key(key: str) -> str:
    bare = key and all(character.isascii() and (character.isalnum() or character in "-_") for character in key)
    return key if bare else _toml_string(key)


def _toml_value(value: Any) -> str:
    """`value` written as TOML: the scalars the settings hold, and whatever a key this
    version does not know held when it was read (tomllib's types, kept as they were)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(key)} = {_toml_value(item)}" for key, item in value.items()) + "}"
    return _toml_string(str(value))


# A key this version does not know is written back as it was read, by a writer that
# recurses once per level: a value nested deeper than this (tomllib reads a few hundred
# levels) would exhaust the stack on the way out, and no real setting nests like that,
# so it is left out of the file instead.
MAX_KEPT_NESTING = 32


def _nesting(value: Any) -> int:
    """How deep lists and tables nest in `value` (0 for a scalar), counted without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((inner, depth + 1) for inner in item.values())
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
    return deepest


def save_changes(changes: dict[str, Any], path: Path | None = None) -> Path:
    """Writes `changes` over what the file holds, keeping the player's other keys; atomic.

    What is kept: every valid value the player set before, and every key this version
    does not know (a newer version's setting, or one for a tool of the player's own; a
    player who shares the file between versions expects to find it there). What is not:
    comments, a foreign value nested deeper than MAX_KEPT_NESTING, and a value of a known
    key that is not valid, which this run already
    replaced by its default and said so at the start: the file is made to hold what the
    Settings screen showed and saved.

    Raises SettingsError (the file is left as it was) when the file cannot be written,
    ValueError when a value is not acceptable.  A file that cannot be read as TOML is
    replaced, since the defaults were in use and were said to be.
    """
    from boardgames_tui.engine.saves import write_atomically  # not needed to read settings

    path = path or settings_path()
    unknown = set(changes) - set(Settings.model_fields)
    if unknown:
        raise ValueError(f"unknown setting {sorted(unknown)[0]!r}")
    checked: dict[str, Any] = {}
    for key, value in changes.items():
        checked[key] = _checked_value(key, value)
    try:
        stored = read_settings_file(path)
    except SettingsError:
        stored = {}
    kept: dict[str, Any] = {}
    foreign: dict[str, Any] = {}
    for key, value in stored.items():
        if key not in Settings.model_fields:
            if _nesting(value) <= MAX_KEPT_NESTING:
                foreign[key] = value
            continue
        try:
            kept[key] = _checked_value(key, value)
        except ValueError:
            pass
    merged = {**kept, **checked}
    lines = ["# boardgames-tui settings: only what was changed from the defaults.", ""]
    lines += [f"{key} = {_toml_value(merged[key])}" for key in Settings.model_fields if key in merged]
    if foreign:
        lines += ["", "# Not settings this version knows; kept as they were."]
        lines += [f"{_toml_key(key)} = {_toml_value(value)}" for key, value in foreign.items()]
    _remove_stale_temp_files(path.parent)
    try:
        # A fresh temp file beside it (O_EXCL, never a fixed name), fsynced, renamed over
        # it: a link planted at either name is replaced, never written through.
        write_atomically(path, "\n".join(lines) + "\n")
    except OSError as error:
        raise SettingsError(path, f"cannot be written ({error.strerror or error.__class__.__name__})") from None
    return path
