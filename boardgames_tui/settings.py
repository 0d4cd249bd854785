"""Settings that stick: one model, read from `settings.toml` in the user's config directory.

Precedence, highest first: environment variables (`BOARDGAMES_TUI_THEME`, …), the
file, the defaults below.  The app writes back only the keys a player changed, so a
value nobody touched keeps following the defaults of newer versions.  No Textual here.

The file is untrusted input like a save: whatever it holds, the app starts.  A file that
cannot be read as TOML gives the defaults and one sentence saying so; a bad value costs
only its own key (the default is used, and the sentence names the key and why).  What a
key must be is read from its field in the model (type and limits), so a field added
later is checked and explained like the others, with nothing to keep in step.
"""

from __future__ import annotations

import math
import os
import tomllib
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, EnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

from boardgames_tui.engine.text import plural
from boardgames_tui.engine.untrusted_files import NOT_A_REGULAR_FILE, UnreadableFile, read_regular_file

ENV_PREFIX = "BOARDGAMES_TUI_"
CONFIG_DIR_ENV = "BOARDGAMES_TUI_CONFIG_DIR"
SETTINGS_FILE_NAME = "settings.toml"
# The file is untrusted input like a save: a bigger one is refused unread.
MAX_SETTINGS_BYTES = 64 * 1024
DEFAULT_THEME = "textual-dark"
NOT_TOML = "is not valid TOML"
FILE_HEADING = "boardgames-tui settings: only what was changed from the defaults."


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


def read_settings_text(path: Path) -> str | None:
    """The file's text, or None when there is no file yet.

    Raises SettingsError, whose message ends in "is not valid TOML (why)", for a file
    that is not a regular file, is too large or is not UTF-8.
    """
    too_large = f"{NOT_TOML} (it is larger than {MAX_SETTINGS_BYTES // 1024} KB)"
    try:
        os.stat(path)
    except FileNotFoundError:
        return None
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
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SettingsError(path, f"{NOT_TOML} (it is not UTF-8 text)") from None


def parse_settings_text(path: Path, text: str) -> dict[str, Any]:
    """The table `text` holds, or SettingsError ("is not valid TOML (why)")."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        # tomllib parses nested arrays and tables by recursion: `a = [[[…]]]` a few
        # thousand deep would otherwise end the app before its first screen.
        raise SettingsError(path, f"{NOT_TOML} (it is nested too deeply)") from None
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(path, f"{NOT_TOML} ({error})") from None


def read_settings_file(path: Path) -> dict[str, Any]:
    """The file's table as written (no defaults); {} when there is no file yet.

    Raises SettingsError, whose message ends in "is not valid TOML (why)", for anything
    that is not a settings file: not a regular file, too large, not UTF-8, not TOML.
    """
    text = read_settings_text(path)
    return {} if text is None else parse_settings_text(path, text)


class Settings(BaseSettings):
    """What a player may change; every field is shown on the Settings screen, under its
    title, with its description as the help beneath it."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", validate_assignment=True)

    theme: str = Field(
        DEFAULT_THEME,
        max_length=60,
        title="Theme",
        description="Colour theme: any name the command palette's theme list offers (Ctrl+P, then Theme).",
    )
    bot_pause: float = Field(
        0.6,
        ge=0,
        le=5,
        title="Bot pause (seconds)",
        description="Seconds a bot's move stays on screen before it is played, so everyone can follow it.",
    )
    confirmations: bool = Field(
        True,
        title="Confirmations",
        description=(
            "Ask before a game is left with q, Escape or Save & quit (the game is saved either way), "
            "and before a move that gives up what is left of a turn."
        ),
    )

    teach_as_i_play: bool = Field(
        True,
        title="Teach as I play",
        description=(
            "Teach as I play: in an ordinary game, show each player a short lesson the first time a rule "
            "matters to them, once per player name (L lists the lessons seen)."
        ),
    )

    pause_after_reveals: bool = Field(
        False,
        title="Pause after reveals",
        description=(
            "With one person at the table, wait for Enter after each reveal the board already shows "
            "(Bloom Kingdom's turns). With two or more, every reveal waits: it is how the keyboard passes."
        ),
    )

    plain: bool = Field(
        False,
        title="Plain characters",
        description=(
            "Draw in ASCII only: borders, marks and symbols, for a terminal or font that shows other characters "
            "as boxes or question marks. On by itself where the terminal's locale is not UTF-8."
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


def default_value(key: str) -> Any:
    return Settings.model_fields[key].get_default(call_default_factory=True)


def _number(value: float) -> str:
    return f"{value:g}"


def expected(key: str) -> str:
    """What `key` must hold, in the words of a refusal ("… is not <this>"), read from its
    field: its type and the limits set on it."""
    field = Settings.model_fields[key]
    kind = field.annotation
    limits = {
        name: getattr(limit, name)
        for limit in field.metadata
        for name in ("ge", "gt", "le", "lt", "min_length", "max_length")
        if getattr(limit, name, None) is not None
    }
    if kind is bool:
        return "true or false"
    if get_origin(kind) is Literal:
        return "one of " + ", ".join(_shown(choice) for choice in get_args(kind))
    if kind in (int, float):
        words = "a whole number" if kind is int else "a number"
        if "ge" in limits and "le" in limits:
            return f"{words} from {_number(limits['ge'])} to {_number(limits['le'])}"
        bounds = [
            f"{said} {_number(limits[name])}"
            for name, said in (("ge", "of at least"), ("gt", "above"), ("le", "of at most"), ("lt", "below"))
            if name in limits
        ]
        return " and ".join([f"{words} {bounds[0]}", *bounds[1:]]) if bounds else words
    if kind is str:
        longest, shortest = limits.get("max_length"), limits.get("min_length")
        if longest is not None:
            return f"text of at most {plural(longest, 'character')}"
        return f"text of at least {plural(shortest, 'character')}" if shortest else "text"
    return f"a value of the kind {getattr(kind, '__name__', str(kind))}"


def _checked_value(key: str, value: Any, *, strict: bool = True) -> Any:
    """`value` as `key` would hold it, or ValueError saying what it must be.

    Strict for what the file holds: TOML says what kind each value is, so `true` is not a
    number nor `"false"` a switch.  Not strict for the environment, where every value is
    text ("1.5", "false").
    """
    probe = Settings.model_construct()
    try:
        # The model checks the value against its field, with the field's own validators.
        Settings.__pydantic_validator__.validate_assignment(probe, key, value, strict=strict)
    except (ValidationError, RecursionError):
        raise ValueError(f"{key} must be {expected(key)}") from None
    return getattr(probe, key)


def _environment_values() -> dict[str, Any]:
    """The BOARDGAMES_TUI_* variables set for this run, unchecked, by field name.  Read
    field by field: a value that cannot even be decoded (text where JSON is wanted) is
    kept as the text it is, for its own check to refuse."""
    source = EnvSettingsSource(Settings)
    values: dict[str, Any] = {}
    for key, field in Settings.model_fields.items():
        raw, _, is_complex = source.get_field_value(field, key)
        try:
            value = source.prepare_field_value(key, field, raw, is_complex)
        except ValueError:
            value = raw
        if value is not None:
            values[key] = value
    return values


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
    sources = ((f"in {path}", stored, True), ("", _environment_values(), False))
    for where, given, strict in sources:
        for key, value in given.items():
            if key not in Settings.model_fields:
                continue  # a newer version's setting, kept in the file, unused here
            try:
                values[key] = _checked_value(key, value, strict=strict)
            except ValueError:
                used = values.get(key, default_value(key))
                name = f"{key} {where}" if where else f"{ENV_PREFIX}{key.upper()}"
                notes.append(f"{name} is {_shown(value)}, not {expected(key)}; {_shown(used)} is used instead.")
    return Settings.model_construct(**values), " ".join(notes) or None


# A value is shown in a message, and a key this version does not know is kept when the
# file is written again, only up to this depth of nested lists and tables: no real
# setting nests like that, and a deeper one (tomllib reads a few hundred levels) would
# take more stack to write out than it took to read.
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


def _shown(value: Any) -> str:
    """A value as the file would hold it, cut short: it may be anything the file said."""
    import tomlkit  # only when a value is refused, or a change is written

    text = "a table" if isinstance(value, dict) else ("a list" if isinstance(value, list) else type(value).__name__)
    if _nesting(value) <= MAX_KEPT_NESTING:
        try:
            if isinstance(value, dict):
                table = tomlkit.inline_table()
                table.update(value)
                text = table.as_string()
            else:
                text = tomlkit.item(value).as_string()
        except Exception:  # whatever tomlkit cannot write is named by its kind
            pass
    text = "".join(character if character.isprintable() else "?" for character in text)
    return text if len(text) <= 30 else text[:29] + "…"


def _edited_in_place(text: str, changes: dict[str, Any], refused: set[str]) -> str | None:
    """`text` with `changes` set and the `refused` keys taken out, the rest as the player
    wrote it (comments, order, spacing); None when tomlkit cannot edit this file."""
    import tomlkit

    try:
        document = tomlkit.parse(text)
        for key in refused:
            del document[key]
        for key, value in changes.items():
            document[key] = value
        return document.as_string()
    except Exception:  # another parser than the reader's: the file is written afresh instead
        return None


def _written_afresh(values: dict[str, Any], foreign: dict[str, Any]) -> str:
    """A new file: the settings in `values`, then the keys this version does not know."""
    import tomlkit

    document = tomlkit.document()
    document.add(tomlkit.comment(FILE_HEADING))
    document.add(tomlkit.nl())
    for key in Settings.model_fields:
        if key in values:
            document[key] = values[key]
    kept = {key: value for key, value in foreign.items() if _nesting(value) <= MAX_KEPT_NESTING}
    if kept:
        document.add(tomlkit.nl())
        document.add(tomlkit.comment("Not settings this version knows; kept as they were."))
        try:
            for key, value in kept.items():
                document[key] = value
            return document.as_string()
        except Exception:  # a foreign value tomlkit cannot write is left out
            return _written_afresh(values, {})
    return document.as_string()


def _holds(text: str, values: dict[str, Any], foreign: set[str]) -> bool:
    """Whether `text`, read back, holds exactly `values` for the settings and the `foreign` keys besides."""
    try:
        table = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return False
    settings = {key: value for key, value in table.items() if key in Settings.model_fields}
    return settings == values and set(table) - set(settings) == foreign


def save_changes(changes: dict[str, Any], path: Path | None = None) -> Path:
    """Writes `changes` into the file, keeping everything else the player wrote; atomic.

    The file is edited, not rewritten: comments, order and spacing stay, and so does every
    key this version does not know (a newer version's setting, or one for a tool of the
    player's own).  What goes: a value of a known key that is not valid, which this run
    already replaced by its default and said so at the start — the file is made to hold
    what the Settings screen showed and saved.  What tomlkit cannot edit (another parser
    than the reader's) is written afresh from the values read, and an edit is checked by
    reading it back before it replaces the file.

    Raises SettingsError (the file is left as it was) when the file cannot be written,
    ValueError when a value is not acceptable.  A file that cannot be read as TOML is
    replaced, since the defaults were in use and were said to be.
    """
    from boardgames_tui.engine.saves import write_atomically  # not needed to read settings

    path = path or settings_path()
    unknown = set(changes) - set(Settings.model_fields)
    if unknown:
        raise ValueError(f"unknown setting {sorted(unknown)[0]!r}")
    checked = {key: _checked_value(key, value) for key, value in changes.items()}
    try:
        text = read_settings_text(path)
        stored = {} if text is None else parse_settings_text(path, text)
    except SettingsError:
        text, stored = None, {}
    kept: dict[str, Any] = {}
    refused: set[str] = set()
    for key in stored.keys() & Settings.model_fields.keys():
        try:
            kept[key] = _checked_value(key, stored[key])
        except ValueError:
            refused.add(key)
    foreign = {key: value for key, value in stored.items() if key not in Settings.model_fields}
    merged = {**kept, **checked}
    # A changed key whose old value was refused goes in anew: it may have been a table.
    edited = None if text is None else _edited_in_place(text, checked, refused)
    if edited is None or not _holds(edited, merged, set(foreign)):
        edited = _written_afresh(merged, foreign)
    _remove_stale_temp_files(path.parent)
    try:
        # A fresh temp file beside it (O_EXCL, never a fixed name), fsynced, renamed over
        # it: a link planted at either name is replaced, never written through.
        write_atomically(path, edited)
    except OSError as error:
        raise SettingsError(path, f"cannot be written ({error.strerror or error.__class__.__name__})") from None
    return path
