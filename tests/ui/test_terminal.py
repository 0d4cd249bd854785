"""What the terminal can take (boardgames_tui/terminal.py): a full screen at all, and
characters beyond ASCII, read from the locale as the terminal was set up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_tui.terminal import full_screen_refusal, takes_unicode

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "environment, utf8_mode, unicode",
    [
        ({"LANG": "en_GB.UTF-8"}, False, True),
        ({"LANG": "C.UTF-8"}, False, True),
        ({"LANG": "de_DE.utf8@euro"}, False, True),
        ({"LC_CTYPE": "UTF-8"}, False, True),  # macOS names the codeset alone
        ({"LANG": "en_US.ISO-8859-1"}, False, False),
        ({"LANG": "en_US"}, False, False),  # glibc's en_US is Latin-1
        ({}, True, False),
        ({"LC_ALL": "C"}, True, False),
        ({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}, True, False),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "C"}, False, True),
        # Python started in the C locale sets LC_CTYPE itself and turns UTF-8 mode on:
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True, False),
        ({"LC_CTYPE": "C.UTF-8"}, True, False),
        # ... also when the locale asked for is not installed: the terminal's is UTF-8.
        ({"LANG": "en_GB.UTF-8", "LC_CTYPE": "C.UTF-8"}, True, True),
        # An LC_CTYPE set by the player is theirs.
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, False, True),
        # A browser page (serve) takes Unicode whatever the server's locale.
        ({"LANG": "C", "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}, True, True),
    ],
)
def test_the_locale_decides_whether_the_terminal_takes_unicode(environment, utf8_mode, unicode):
    assert takes_unicode(environment, utf8_mode=utf8_mode, platform="linux") is unicode


def test_windows_consoles_take_unicode():
    assert takes_unicode({}, utf8_mode=False, platform="win32")


def test_a_dumb_terminal_is_refused_and_a_browser_is_not():
    assert full_screen_refusal({"TERM": "xterm-256color"}) is None
    assert "TERM=dumb" in (full_screen_refusal({"TERM": "dumb"}) or "")
    assert full_screen_refusal({"TERM": "dumb", "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}) is None


def run_python(code_or_module: list[str], environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    kept = {name: value for name, value in os.environ.items() if not name.startswith(("LC_", "LANG", "TEXTUAL", "PYTHONUTF8"))}
    kept["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, *code_or_module], env={**kept, **environment}, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_lang_c_is_plain_as_python_itself_starts_in_it():
    """Python reports UTF-8 under LANG=C (it coerces the C locale): the rule must still
    see the C locale, in a real interpreter started in it."""
    probe = "from boardgames_tui.terminal import takes_unicode; print(takes_unicode())"
    assert run_python(["-c", probe], {"LANG": "C"}).stdout.split() == ["False"]
    assert run_python(["-c", probe], {"LANG": "C.UTF-8"}).stdout.split() == ["True"]


def test_term_dumb_gets_one_line_and_no_escape_codes():
    result = run_python(["-m", "boardgames_tui"], {"TERM": "dumb", "LANG": "C.UTF-8"})
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "TERM=dumb" in result.stderr
    assert result.stderr.isascii() and "\x1b" not in result.stderr
