"""The settings file is untrusted input: whatever it holds, the app starts with the
defaults for what cannot be used, says so once, and writes the file back safely."""

from __future__ import annotations

import datetime
import json
import math
import os
import tomllib
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.saves import STALE_TEMP_SECONDS
from boardgames_tui.settings import (
    ENV_PREFIX,
    MAX_SETTINGS_BYTES,
    SETTINGS_FILE_NAME,
    Settings,
    SettingsError,
    expected,
    load_settings,
    save_changes,
)

NESTING_BOMB = "a = " + "[" * 5000 + "]" * 5000 + "\n"
DEFAULTS = Settings()
FIELDS = list(Settings.model_fields)


def variable(key: str) -> str:
    return f"{ENV_PREFIX}{key.upper()}"


@pytest.fixture(autouse=True)
def no_environment_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    """No setting comes from the environment unless a test sets it: the suite's "lessons
    off" override (tests/conftest.py) would stand in for the file's value and the defaults."""
    for key in FIELDS:
        monkeypatch.delenv(variable(key), raising=False)


def write_settings(config_dir: Path, text: str | bytes) -> Path:
    path = config_dir / SETTINGS_FILE_NAME
    if isinstance(text, str):
        text = text.encode()
    path.write_bytes(text)
    return path


# -- writing: like a save, never through a link -------------------------------------------
def test_a_link_planted_at_the_old_temp_name_is_not_written_through(isolated_config_dir: Path, tmp_path: Path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (isolated_config_dir / f"{SETTINGS_FILE_NAME}.tmp").symlink_to(victim)
    save_changes({"bot_pause": 1.5})
    assert victim.read_text() == "precious\n"
    path = isolated_config_dir / SETTINGS_FILE_NAME
    assert not path.is_symlink() and "bot_pause = 1.5" in path.read_text()
    # Nothing left behind but the file and the planted link.
    assert sorted(entry.name for entry in isolated_config_dir.iterdir()) == [SETTINGS_FILE_NAME, f"{SETTINGS_FILE_NAME}.tmp"]


def test_a_link_at_the_settings_file_is_replaced_not_written_through(isolated_config_dir: Path, tmp_path: Path):
    victim = tmp_path / "victim.toml"
    victim.write_text("confirmations = false\n")
    path = isolated_config_dir / SETTINGS_FILE_NAME
    path.symlink_to(victim)
    assert load_settings()[0].confirmations is False  # read through it: it is a regular file
    save_changes({"theme": "nord"})
    assert victim.read_text() == "confirmations = false\n"
    assert not path.is_symlink()
    assert load_settings() == (Settings(theme="nord", confirmations=False), None)


def test_settings_are_written_with_the_saves_atomic_write(isolated_config_dir: Path, monkeypatch: pytest.MonkeyPatch):
    from boardgames_tui.engine import saves

    written: list[Path] = []
    real = saves.write_atomically
    monkeypatch.setattr(saves, "write_atomically", lambda path, text: (written.append(path), real(path, text)))
    save_changes({"confirmations": False})
    assert written == [isolated_config_dir / SETTINGS_FILE_NAME]


def _age(path: Path) -> None:
    old = path.lstat().st_mtime - STALE_TEMP_SECONDS - 60
    os.utime(path, (old, old), follow_symlinks=False)


@pytest.mark.parametrize("when", ["at the start", "on a change"])
def test_stale_temp_files_of_a_killed_write_are_removed_and_nothing_else(
    isolated_config_dir: Path, tmp_path: Path, when: str
):
    """A settings write killed between its temp file and the rename leaves the temp file;
    the saves' cleaner removes it, touching only stale regular files with the temp name."""
    folder = isolated_config_dir
    left_by_a_kill = folder / ".tmp-k1ll3d_x.part"
    left_by_a_kill.write_text("bot_pause = 1.5\n")
    _age(left_by_a_kill)
    being_written = folder / ".tmp-fr3sh_xx.part"  # maybe another copy of the app, right now
    being_written.write_text("theme = ")
    precious = tmp_path / "precious.part"
    precious.write_text("keep me\n")
    _age(precious)
    kept = {
        being_written,
        folder / ".tmp-notes.txt",  # not the temp name: .part is
        folder / "notes.part",
        folder / ".tmp-link.part",  # a link with the temp name: neither it nor its target
        folder / ".tmp-folder.part",
    }
    for path in kept - {being_written}:
        if path.name == ".tmp-link.part":
            path.symlink_to(precious)
        elif path.name == ".tmp-folder.part":
            path.mkdir()
            (path / "inside").write_text("x")
        else:
            path.write_text("mine\n")
        _age(path)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / ".tmp-pipe.part")
        _age(folder / ".tmp-pipe.part")
        kept.add(folder / ".tmp-pipe.part")
    if when == "at the start":
        load_settings()
    else:
        save_changes({"bot_pause": 2.0})
        kept.add(folder / SETTINGS_FILE_NAME)
    assert set(folder.iterdir()) == kept
    assert precious.read_text() == "keep me\n" and (folder / ".tmp-link.part").is_symlink()


# -- reading: a file that is not TOML gives the defaults and one sentence -----------------
@pytest.mark.parametrize(
    "content",
    [
        pytest.param(NESTING_BOMB, id="nesting bomb"),
        pytest.param("x = {a = " * 3000 + "1" + "}" * 3000 + "\n", id="inline-table bomb"),
        pytest.param("theme = [unclosed\n", id="broken"),
        pytest.param(b"theme = \"\xff\xfe\"\n", id="not UTF-8"),
        pytest.param("#" * (MAX_SETTINGS_BYTES + 1), id="too large"),
    ],
)
def test_a_file_that_is_not_toml_gives_the_defaults_and_says_so(isolated_config_dir: Path, content: str | bytes):
    path = write_settings(isolated_config_dir, content)
    settings, problem = load_settings()
    assert settings == DEFAULTS
    assert problem is not None and "not valid TOML" in problem and "the defaults are used" in problem
    assert str(path) in problem


def test_a_folder_or_a_pipe_in_place_of_the_file_gives_the_defaults(isolated_config_dir: Path):
    path = isolated_config_dir / SETTINGS_FILE_NAME
    path.mkdir()
    settings, problem = load_settings()
    assert settings == DEFAULTS and problem is not None and "not a regular file" in problem
    path.rmdir()
    os.mkfifo(path)  # nobody writes to it: reading it must not wait
    settings, problem = load_settings()
    assert settings == DEFAULTS and problem is not None and "not a regular file" in problem


def test_the_app_starts_with_a_nesting_bomb_in_the_settings(isolated_config_dir: Path):
    from boardgames_tui.app import BoardGamesApp

    write_settings(isolated_config_dir, NESTING_BOMB)
    app = BoardGamesApp()  # where the settings are read; a RecursionError ended the run here
    assert app.settings == DEFAULTS
    assert app.settings_problem is not None and "not valid TOML" in app.settings_problem


# -- one bad value costs only its own key --------------------------------------------------
@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('bot_pause = "abc"', "bot_pause"),
        ("bot_pause = inf", "bot_pause"),
        ("bot_pause = nan", "bot_pause"),
        ("bot_pause = 99", "bot_pause"),
        ("bot_pause = -1", "bot_pause"),
        (f'theme = "{"t" * 61}"', "theme"),
        ("theme = 3", "theme"),
        ('confirmations = "maybe"', "confirmations"),
    ],
)
def test_a_bad_value_falls_back_for_its_key_alone_and_says_which(isolated_config_dir: Path, line: str, key: str):
    good = {"theme": 'theme = "nord"', "bot_pause": "bot_pause = 1.5", "confirmations": "confirmations = false"}
    good[key] = line
    write_settings(isolated_config_dir, "\n".join(good.values()) + "\n")
    settings, problem = load_settings()
    expected = {**DEFAULTS.model_dump(), "theme": "nord", "bot_pause": 1.5, "confirmations": False}
    expected[key] = getattr(DEFAULTS, key)
    assert settings.model_dump() == expected
    assert problem is not None and problem.count(f"{key} in ") == 1
    assert f"{getattr(DEFAULTS, key)!s}".lower() in problem.lower() and "is used instead" in problem


def test_a_bad_environment_value_falls_back_for_its_key_alone(isolated_config_dir: Path, monkeypatch: pytest.MonkeyPatch):
    write_settings(isolated_config_dir, 'theme = "nord"\nbot_pause = 2\n')
    monkeypatch.setenv("BOARDGAMES_TUI_BOT_PAUSE", "soon")
    monkeypatch.setenv("BOARDGAMES_TUI_CONFIRMATIONS", "false")
    settings, problem = load_settings()
    # The file's value is what the bad variable would have replaced.
    assert (settings.theme, settings.bot_pause, settings.confirmations) == ("nord", 2.0, False)
    assert problem is not None and "BOARDGAMES_TUI_BOT_PAUSE" in problem and "2.0 is used instead" in problem


def test_saving_after_a_bad_value_keeps_the_good_keys_and_the_unknown_ones(isolated_config_dir: Path):
    path = write_settings(
        isolated_config_dir,
        '# mine\ntheme = "nord"\nbot_pause = "abc"\nconfirmations = false\n'
        'from_a_newer_version = "yes \\u007f"\n[mine]\nlist = [1, 2.5, 1979-05-27T07:32:00Z]\n',
    )
    save_changes({"bot_pause": 2})
    stored = tomllib.loads(path.read_text())
    assert stored == {
        "theme": "nord",
        "bot_pause": 2.0,
        "confirmations": False,
        "from_a_newer_version": "yes \x7f",
        "mine": tomllib.loads("list = [1, 2.5, 1979-05-27T07:32:00Z]"),
    }
    # A change to another key drops the bad value: the file holds what the run used.
    write_settings(isolated_config_dir, 'theme = "nord"\nbot_pause = "abc"\n')
    save_changes({"confirmations": False})
    assert load_settings() == (Settings(theme="nord", confirmations=False), None)


def test_a_file_that_is_not_toml_is_replaced_by_a_change(isolated_config_dir: Path):
    write_settings(isolated_config_dir, NESTING_BOMB)
    save_changes({"theme": "nord"})
    assert load_settings() == (Settings(theme="nord"), None)


def test_a_change_that_cannot_be_written_is_refused_and_nothing_changes(isolated_config_dir: Path, monkeypatch: pytest.MonkeyPatch):
    from boardgames_tui.engine import saves

    def disk_full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    path = write_settings(isolated_config_dir, 'theme = "nord"\n')
    monkeypatch.setattr(saves, "write_atomically", disk_full)
    with pytest.raises(SettingsError, match="No space left"):
        save_changes({"bot_pause": 1})
    assert path.read_text() == 'theme = "nord"\n'


# -- every field, whatever it is given: its default and one sentence ---------------------
# The kinds of value a TOML file can hold, each with the Python types tomllib reads it as.
TOML_KINDS: dict[str, Any] = {
    "boolean": st.booleans(),
    "integer": st.integers(-(2**63), 2**63 - 1),
    "float": st.floats(allow_nan=True, allow_infinity=True),
    "string": st.text(max_size=80),
    "date": st.one_of(st.dates(), st.times(), st.datetimes(), st.datetimes(timezones=st.just(datetime.timezone.utc))),
    "array": st.lists(st.integers(-9, 9) | st.text(max_size=5), max_size=4),
    "table": st.dictionaries(st.text("abc", min_size=1, max_size=3), st.integers(-9, 9), max_size=3),
}


def kinds_taken(key: str) -> set[str]:
    """The TOML kinds a field's type takes: a value of any other kind is the wrong type."""
    annotation = Settings.model_fields[key].annotation
    if get_origin(annotation) is Literal:
        annotation = type(get_args(annotation)[0])
    return {bool: {"boolean"}, int: {"integer"}, float: {"integer", "float"}, str: {"string"}}.get(annotation, set())


def wrong_values(key: str) -> st.SearchStrategy[Any]:
    return st.one_of(*(strategy for kind, strategy in TOML_KINDS.items() if kind not in kinds_taken(key)))


def as_toml(key: str, value: Any) -> str:
    return tomlkit.dumps({key: value})


def assert_fell_back_once(settings: Settings, problem: str | None, key: str, named: str) -> None:
    """`key` holds its default, every other key too, and one sentence names `named` and the default."""
    assert settings.model_dump() == DEFAULTS.model_dump()
    assert problem is not None and problem.count(named) == 1 and problem.count("is used instead.") == 1
    assert f" not {expected(key)}; " in problem and problem.isprintable()


def test_every_field_is_described_by_what_its_values_must_be():
    for key in FIELDS:
        assert not expected(key).startswith("a value of the kind"), f"say in settings.expected what {key} must be"
        assert kinds_taken(key), f"say in kinds_taken which TOML values {key} takes"


@pytest.mark.parametrize("key", FIELDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_field_given_a_value_of_the_wrong_type_in_the_file_keeps_its_default(
    isolated_config_dir: Path, key: str, data: st.DataObject
):
    value = data.draw(wrong_values(key), label="value")
    write_settings(isolated_config_dir, as_toml(key, value))
    settings, problem = load_settings()
    assert_fell_back_once(settings, problem, key, f"{key} in ")


@pytest.mark.parametrize("key", FIELDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_field_given_any_text_in_the_environment_takes_it_or_keeps_its_default(
    monkeypatch: pytest.MonkeyPatch, key: str, data: st.DataObject
):
    """An environment variable is always text: the values of every other type, written
    out, and any text at all (the empty one too)."""
    written_out = wrong_values(key).map(lambda value: json.dumps(value, default=str) if isinstance(value, (list, dict)) else str(value))
    text = data.draw(st.one_of(written_out, st.text(max_size=80)).filter(lambda text: "\x00" not in text), label="text")
    monkeypatch.setenv(variable(key), text)
    settings, problem = load_settings()
    try:
        taken = getattr(Settings(**{key: text}), key)
    except ValueError:
        assert_fell_back_once(settings, problem, key, variable(key))
    else:
        assert problem is None and getattr(settings, key) == taken


@pytest.mark.parametrize("key", FIELDS)
@pytest.mark.parametrize("where", ["file", "environment", "environment, empty"])
def test_the_app_starts_with_a_wrong_value_for_any_field_and_says_so_once(
    isolated_config_dir: Path, monkeypatch: pytest.MonkeyPatch, key: str, where: str
):
    """`teach_as_i_play = "maybe"` ended the app at its start (a second, hand-kept list of
    what each key must be named three keys of five)."""
    from boardgames_tui.app import BoardGamesApp

    if where == "file":
        write_settings(isolated_config_dir, f'{key} = {{maybe = "maybe"}}\n')
    else:
        # Text no field takes: too long for a name, not a number, not a switch.
        monkeypatch.setenv(variable(key), "" if where.endswith("empty") and kinds_taken(key) != {"string"} else "perhaps" * 1000)
    app = BoardGamesApp()
    assert app.settings == DEFAULTS
    assert_fell_back_once(app.settings, app.settings_problem, key, f"{key} in " if where == "file" else variable(key))


async def test_the_app_shows_a_wrong_value_and_opens_its_menu(isolated_config_dir: Path):
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.ui.menu import MenuScreen

    write_settings(isolated_config_dir, 'teach_as_i_play = "maybe"\npause_after_reveals = 3\n')
    app = BoardGamesApp(cursor_blink=False)
    notices: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (notices.append(str(message)), notify(message, **options))[1]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.return_code is None
        assert len(notices) == 1 and "teach_as_i_play in " in notices[0] and "pause_after_reveals in " in notices[0]


# -- writing keeps what the player wrote ------------------------------------------------------
def test_a_change_keeps_the_players_comments_order_and_other_keys(isolated_config_dir: Path):
    written = (
        "# My settings, kept by hand.\n"
        "\n"
        "confirmations = false   # I never misclick\n"
        "bot_pause = 1.5\n"
        "# a note about the theme\n"
        "theme = 'nord'\n"
        "\n"
        "newer_setting = [1, 2]  # from a newer version\n"
        "\n"
        "[my-tool]\n"
        "colour = \"red\"  # mine\n"
    )
    path = write_settings(isolated_config_dir, written)
    save_changes({"bot_pause": 2})
    assert path.read_text() == written.replace("bot_pause = 1.5", "bot_pause = 2.0")
    save_changes({"pause_after_reveals": True})
    text = path.read_text()
    # A new key goes with the others, before the first table, and nothing else moves.
    assert text.replace("pause_after_reveals = true\n", "") == written.replace("bot_pause = 1.5", "bot_pause = 2.0")
    assert text.index("pause_after_reveals") < text.index("[my-tool]")
    assert load_settings() == (Settings(theme="nord", bot_pause=2.0, confirmations=False, pause_after_reveals=True), None)


# -- fuzz: whatever the file holds, the documented fallback and nothing else ----------------
REAL_FILES = [
    '# boardgames-tui settings: only what was changed from the defaults.\n\ntheme = "nord"\nbot_pause = 1.5\nconfirmations = false\n',
    'theme = "gruvbox"\n',
    "bot_pause = 0\n# a note\nconfirmations = true\n",
    '# by hand\ntheme = \'textual-light\'\nbot_pause = 5.0\nnewer = { a = [1, 2], b = "x" }\n\n[table]\nkey = 1979-05-27\n',
]
TOML_PIECES = st.sampled_from(["[", "]", "{", "}", "=", '"', "'", "\n", ",", ".", "#", "\\", "inf", "nan", "-", "a", " ", "\x7f", "\x00", "é"])


def mutate(data: st.DataObject, text: str) -> bytes:
    how = data.draw(st.sampled_from(["bytes", "truncate", "insert", "nest", "random", "value"]))
    raw = text.encode()
    if how == "bytes":
        for _ in range(data.draw(st.integers(1, 5))):
            index = data.draw(st.integers(0, len(raw) - 1))
            raw = raw[:index] + bytes([data.draw(st.integers(0, 255))]) + raw[index + 1 :]
    elif how == "truncate":
        raw = raw[: data.draw(st.integers(0, len(raw) - 1))]
    elif how == "insert":
        index = data.draw(st.integers(0, len(raw)))
        piece = "".join(data.draw(st.lists(TOML_PIECES, min_size=1, max_size=8))).encode()
        raw = raw[:index] + piece + raw[index:]
    elif how == "nest":
        depth = data.draw(st.integers(1, 6000))
        opener, closer = data.draw(st.sampled_from([("[", "]"), ("{a = ", "}"), ("[{b = ", "}]")]))
        key = data.draw(st.sampled_from([*FIELDS, "other"]))
        raw += f"\n{key} = {opener * depth}1{closer * depth}\n".encode()
    elif how == "random":
        raw = data.draw(st.binary(max_size=300))
    else:
        key = data.draw(st.sampled_from([*FIELDS, "other", '"quoted key"']))
        value = data.draw(
            st.one_of(
                st.booleans(),
                st.integers(-(2**70), 2**70),
                st.floats(allow_nan=True, allow_infinity=True),
                st.text(max_size=80),
            )
        )
        shown = repr(value).lower() if not isinstance(value, str) else '"' + value.encode("unicode_escape").decode().replace('"', '\\"') + '"'
        raw += f"\n{key} = {shown}\n".encode()
    return raw


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_loader_never_raises_and_a_change_is_always_kept(isolated_config_dir: Path, data: st.DataObject):
    raw = mutate(data, data.draw(st.sampled_from(REAL_FILES)))
    path = write_settings(isolated_config_dir, raw)
    settings, problem = load_settings()
    # Every value in use is one its field accepts, whatever the file held.
    assert Settings(**settings.model_dump()) == settings
    assert math.isfinite(settings.bot_pause)
    assert problem is None or problem.endswith(".")
    if problem is not None and "not valid TOML" in problem:
        assert settings == DEFAULTS
    # A change made in the Settings screen is always kept, and the file is TOML again.
    save_changes({"bot_pause": 2.5})
    again, problem_after = load_settings()
    assert again.bot_pause == 2.5 and problem_after is None
    assert again.model_dump() == {**settings.model_dump(), "bot_pause": 2.5}
    # A file read without a word against it keeps its comments (where tomlkit can edit it).
    if problem is None and editable_by_tomlkit(raw):
        written = path.read_text()
        assert all(line.strip() in written for line in raw.decode().splitlines() if line.lstrip().startswith("#"))


def editable_by_tomlkit(raw: bytes) -> bool:
    try:
        tomlkit.parse(raw.decode())
    except Exception:  # any refusal of tomlkit's: the file is then written afresh
        return False
    return True


def test_a_foreign_value_nested_hundreds_deep_is_left_out_when_a_change_is_saved(isolated_config_dir: Path):
    # tomllib reads a few hundred nested arrays under a section of the player's own;
    # writing them back would take more stack than reading them.
    nested = "[" * 360 + "1" + "]" * 360
    write_settings(isolated_config_dir, f'theme = "textual-light"\nshallow = {{a = [1, 2]}}\n\n[mine]\ndeep = {nested}\n'.encode())
    save_changes({"bot_pause": 2.5})
    again, problem = load_settings()
    assert again.bot_pause == 2.5 and again.theme == "textual-light" and problem is None
    import tomllib

    written = tomllib.loads((isolated_config_dir / "settings.toml").read_text())
    assert written["shallow"] == {"a": [1, 2]} and "mine" not in written
