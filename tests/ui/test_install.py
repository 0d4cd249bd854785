"""The command a message names is the one that works for the way the app was installed
(boardgames_tui/install.py): `pipx run` from a checkout, `pipx install`, a virtual
environment's pip, or a distribution's Python.  The README's pipx lines themselves are
run from an empty pipx home in tests/install/ (slow, not in the default run)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from boardgames_tui import install
from boardgames_tui.install import Install, command_to_refresh, command_with_extra, find_install

CHECKOUT = "/home/ann/boardgames-tui"
PYTHON = "/home/ann/venv/bin/python"


def launched_by_pipx_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app as the README starts it: `pipx run --editable --spec .` in its checkout."""
    monkeypatch.setattr(install, "find_install", lambda: Install("pipx run", os.getcwd(), editable=True))


@pytest.mark.parametrize(
    "made, cwd, expected",
    [
        # The README's way, from the checkout: the same command with the extra in its spec.
        (Install("pipx run", CHECKOUT, editable=True), CHECKOUT, "pipx run --editable --spec '.[web]' boardgames-tui serve …"),
        # ... from elsewhere: the checkout's path, as pipx needs it.
        (Install("pipx run", CHECKOUT, editable=True), "/tmp", f"pipx run --editable --spec '{CHECKOUT}[web]' boardgames-tui serve …"),
        # An extra it already has is kept (pipx keeps one environment per spec).
        (Install("pipx run", CHECKOUT, True, ("x",)), CHECKOUT, "pipx run --editable --spec '.[web,x]' boardgames-tui serve …"),
        (
            Install("pipx run", "git+https://example.org/bg.git"),
            CHECKOUT,
            "pipx run --spec 'boardgames-tui[web] @ git+https://example.org/bg.git' boardgames-tui serve …",
        ),
        (Install("pipx install", CHECKOUT, editable=True), CHECKOUT, "pipx inject boardgames-tui 'textual-serve<2,>=1.1', then boardgames-tui serve …"),
        (Install("virtual environment", CHECKOUT, editable=True), CHECKOUT, f"{PYTHON} -m pip install -e '.[web]', then boardgames-tui serve …"),
        (Install("virtual environment"), CHECKOUT, f"{PYTHON} -m pip install 'textual-serve<2,>=1.1', then boardgames-tui serve …"),
        # A distribution's Python refuses pip: from a checkout, pipx.
        (Install("other", CHECKOUT, editable=True), CHECKOUT, "pipx run --editable --spec '.[web]' boardgames-tui serve …"),
    ],
)
def test_the_command_that_adds_an_extra_fits_the_install(monkeypatch, made, cwd, expected):
    # What the installed metadata says the extra holds.
    monkeypatch.setattr("importlib.metadata.requires", lambda name: ["rich<16,>=14.0", "textual-serve<2,>=1.1; extra == 'web'"])
    assert command_with_extra("web", "serve", made, cwd=cwd, python=PYTHON) == expected


@pytest.mark.parametrize(
    "made, expected",
    [
        (Install("pipx run", CHECKOUT, editable=True), "pipx run --refresh --editable --spec . boardgames-tui"),
        (Install("pipx run", CHECKOUT, True, ("web",)), "pipx run --refresh --editable --spec '.[web]' boardgames-tui"),
        (Install("pipx install", CHECKOUT), "pipx reinstall boardgames-tui"),
        (Install("virtual environment", CHECKOUT, editable=True), f"{PYTHON} -m pip install -e ."),
    ],
)
def test_the_command_that_installs_again_fits_the_install(made, expected):
    assert command_to_refresh(made, cwd=CHECKOUT, python=PYTHON) == expected


def test_a_pipx_environment_is_told_from_its_metadata(tmp_path: Path):
    """pipx leaves pipx_metadata.json in every environment it makes: `pipx run`'s in its
    cache, `pipx install`'s under venvs/."""
    metadata = {"main_package": {"package_or_url": f"{CHECKOUT}[web]", "pip_args": ["--editable"]}}
    for folder, kind in (("cache/7d37ddb4028e52e", "pipx run"), ("venvs/boardgames-tui", "pipx install")):
        environment = tmp_path / folder
        environment.mkdir(parents=True)
        (environment / "pipx_metadata.json").write_text(json.dumps(metadata))
        assert find_install(str(environment), sys.base_prefix) == Install(kind, CHECKOUT, True, ("web",))
