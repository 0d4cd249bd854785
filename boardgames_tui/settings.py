"""Settings that stick: one model, read from `settings.toml` in the user's config directory.

Precedence, highest first: environment variables (`BOARDGAMES_TUI_THEME`, …), the
file, the defaults below.  The app writes back only the keys a player changed, so a
value nobody touched keeps following the defaults of newer versions.  No Textual here.
"""

from __future__ import annotations

import json
import math
import os
import tomllib
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, InitSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

ENV_PREFIX = "BOARDGAMES_TUI_"
CONFIG_DIR_ENV = "BOARDGAMES_TUI_CONFIG_DIR"
SETTINGS_FILE_NAME = "settings.toml"
# The file is untrusted input like a save: a bigger one is refused unread.
MAX_SETTINGS_BYTES = 64 * 1024
DEFAULT_THEME = "textual-dark"


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
    """The file's table as written (no defaults); {} when there is no file yet."""
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            raise SettingsError(path, f"is larger than {MAX_SETTINGS_BYTES // 1024} KB")
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise SettingsError(path, f"cannot be read ({error.__class__.__name__})") from None
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(path, f"is not valid TOML ({error})") from None


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
        # Environment over file: a test or a one-off run can override without touching it.
        return init_settings, env_settings, InitSettingsSource(settings_cls, read_settings_file(settings_path()))


def describe_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "a value"
    return f"{where}: {first['msg']}"


def load_settings() -> tuple[Settings, str | None]:
    """The settings, and why the defaults were used instead, if they were (never raises)."""
    try:
        return Settings(), None
    except SettingsError as error:
        return Settings.model_construct(), f"{error.path} {error.message}; the defaults are used."
    except ValidationError as error:
        # A bad value (in the file or the environment): fall back to the file-less settings.
        where = settings_path()
        return Settings.model_construct(), f"A setting in {where} or the environment is wrong ({describe_error(error)}); the defaults are used."


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    # A JSON string with its escapes is a valid TOML basic string.
    return json.dumps(str(value), ensure_ascii=False)


def save_changes(changes: dict[str, Any], path: Path | None = None) -> Path:
    """Writes `changes` over what the file holds, keeping the player's other keys; atomic.

    Raises SettingsError (the file is left as it was) when the file cannot be read or written,
    ValueError when a value is not acceptable.
    """
    path = path or settings_path()
    unknown = set(changes) - set(Settings.model_fields)
    if unknown:
        raise ValueError(f"unknown setting {sorted(unknown)[0]!r}")
    stored = read_settings_file(path)
    merged = {key: value for key, value in {**stored, **changes}.items() if key in Settings.model_fields}
    try:
        checked = _validate_fields(merged)
    except ValidationError as error:
        raise ValueError(describe_error(error)) from None
    lines = ["# boardgames-tui settings: only what was changed from the defaults.", ""]
    lines += [f"{key} = {_toml_value(checked[key])}" for key in Settings.model_fields if key in checked]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        raise SettingsError(path, f"cannot be written ({error.strerror or error.__class__.__name__})") from None
    return path


def _validate_fields(values: dict[str, Any]) -> dict[str, Any]:
    """Each value checked by its field alone (no environment, no file): what will be written."""
    probe = Settings.model_construct()
    for key, value in values.items():
        setattr(probe, key, value)  # validate_assignment checks the value against its field
    return {key: getattr(probe, key) for key in values}
