"""The README's pipx lines, run as a newcomer runs them: from an empty pipx home (its own
PIPX_HOME, PIPX_BIN_DIR and pip cache), with PyPI to install from.  Each line is run up
to its command and `--help`; then, in the environment of the plain line, `serve` names
the command that adds its extra, and that command runs too.

Slow (a few minutes: every pipx environment is made afresh), so not in the default run:

    BOARDGAMES_TUI_PIPX_TESTS=1 pipx run hatch test -- tests/install -p no:xdist
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENABLED = "BOARDGAMES_TUI_PIPX_TESTS"
# A first launch installs everything; on a busy two-core machine that took up to 40 s.
FIRST_LAUNCH_SECONDS = 600

pytestmark = [
    pytest.mark.skipif(os.environ.get(ENABLED) != "1", reason=f"slow: runs pipx from an empty home; set {ENABLED}=1"),
    pytest.mark.skipif(shutil.which("pipx") is None, reason="pipx is not on the PATH"),
]


def readme_pipx_lines() -> list[list[str]]:
    """Every README line that starts the app through pipx, cut after its command
    (serve, host, join) or its last option: what a player copies."""
    lines = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip() if " # " in line else line.strip()
        if not line.startswith("pipx run --editable --spec"):
            continue
        words = shlex.split(line)
        end = words.index("boardgames-tui") + 1
        if end < len(words) and not words[end].startswith("-"):
            end += 1  # the command
        lines.append(words[:end])
    return lines


@pytest.fixture(scope="module")
def pipx_home(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    home = tmp_path_factory.mktemp("pipx-home")
    environment = {name: value for name, value in os.environ.items() if not name.startswith(("PIPX_", "PYTHON", "VIRTUAL_ENV"))}
    environment.update(
        PIPX_HOME=str(home / "pipx"), PIPX_BIN_DIR=str(home / "bin"), XDG_CACHE_HOME=str(home / "cache"),
        XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
    )
    return environment


def run(words: list[str], environment: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    result = subprocess.run(words, env=environment, cwd=ROOT, capture_output=True, text=True, timeout=FIRST_LAUNCH_SECONDS)
    return result, time.monotonic() - started


def test_the_readme_names_the_plain_line_and_the_browser_s():
    specs = {words[words.index("--spec") + 1] for words in readme_pipx_lines()}
    assert {".", ".[web]"} <= specs, specs


def test_every_pipx_line_of_the_readme_runs_from_an_empty_home(pipx_home):
    for words in readme_pipx_lines():
        result, seconds = run([*words, "--help"], pipx_home)
        print(f"{shlex.join(words)} --help: {seconds:.1f} s")
        assert result.returncode == 0, result.stderr[-2000:]
        assert "usage: boardgames-tui" in result.stdout


def test_serve_without_its_extra_names_the_line_that_works(pipx_home):
    result, _ = run(["pipx", "run", "--editable", "--spec", ".", "boardgames-tui", "serve"], pipx_home)
    assert result.returncode == 2
    found = re.search(r"run: (pipx run .*) …$", result.stderr.strip())
    assert found is not None, result.stderr
    assert found.group(1) == "pipx run --editable --spec '.[web]' boardgames-tui serve"
    result, seconds = run([*shlex.split(found.group(1)), "--help"], pipx_home)
    print(f"{found.group(1)} --help: {seconds:.1f} s")
    assert result.returncode == 0 and "usage: boardgames-tui serve" in result.stdout
