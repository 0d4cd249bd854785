"""How this copy of the app was installed, and so the command that adds an extra to it
(or installs it again, when its source names a new dependency).

A message that says "pip install" to a player who started the app through pipx sends
them nowhere: pip would install into another Python (or be refused, on a distribution's
Python), never into the environment pipx made.  So the install is read first:

- `pipx run`: the environment (`sys.prefix`) holds pipx's `pipx_metadata.json`, with the
  source it was made from; the command is that `pipx run` again, the extra added to its
  spec (`--spec '.[web]'` from the checkout it was run in);
- `pipx install` (an environment under pipx's `venvs/`): `pipx inject` the extra's packages;
- a virtual environment: its own Python's `pip install`, of the checkout with the extra
  when it is an editable install (its `direct_url.json` says so), else of the packages;
- any other Python: from a checkout, the `pipx run` line (a distribution's Python refuses
  `pip install` outright); else that Python's `pip install`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

DISTRIBUTION = "boardgames-tui"
PIPX_METADATA = "pipx_metadata.json"
# pipx keeps the environments of `pipx install` here, those of `pipx run` elsewhere.
PIPX_INSTALLED = "venvs"

InstallKind = Literal["pipx run", "pipx install", "virtual environment", "other"]


@dataclass(frozen=True)
class Install:
    kind: InstallKind
    # Where it was installed from: a checkout's folder, a URL, or None (an index).
    source: str | None = None
    editable: bool = False
    # The extras it was installed with (pipx keeps them in its spec).
    extras: tuple[str, ...] = ()


def find_install(prefix: str = sys.prefix, base_prefix: str = sys.base_prefix) -> Install:
    """How the environment at `prefix` was made (never raises: unknown is "other")."""
    environment = Path(prefix)
    pipx = _read_json(environment / PIPX_METADATA)
    if pipx is not None:
        package = pipx.get("main_package") or {}
        spec = str(package.get("package_or_url") or DISTRIBUTION)
        source, extras = _split_extras(spec)
        pip_args = package.get("pip_args") or []
        kind: InstallKind = "pipx install" if environment.parent.name == PIPX_INSTALLED else "pipx run"
        return Install(kind, None if source == DISTRIBUTION else source, "--editable" in pip_args or "-e" in pip_args, extras)
    source, editable = _direct_url()
    kind = "virtual environment" if Path(prefix) != Path(base_prefix) else "other"
    return Install(kind, source, editable)


def command_with_extra(
    extra: str, command: str, install: Install | None = None, cwd: str | None = None, python: str = sys.executable
) -> str:
    """The command line that gives this install the `extra` and then runs `boardgames-tui COMMAND …`
    (the rest of the command left as "…": it may hold a join link's secret)."""
    install = find_install() if install is None else install
    cwd = os.getcwd() if cwd is None else cwd
    run_again = f"boardgames-tui {command} …"
    extras = ",".join(sorted({*install.extras, extra}))
    if install.kind == "pipx install":
        return f"pipx inject {DISTRIBUTION} {_packages(extra)}, then {run_again}"
    again = _build_from_source(install, extras, cwd, python)
    if again is not None:
        line, runs_the_app = again
        return f"{line} {command} …" if runs_the_app else f"{line}, then {run_again}"
    return f"{_pip_install(python)} {_packages(extra)}, then {run_again}"


def command_to_refresh(install: Install | None = None, cwd: str | None = None, python: str = sys.executable) -> str:
    """The command that installs this copy again with the dependencies its source names
    now (a pull added one), into the same environment: for `pipx run`, the same spec,
    since pipx keeps one environment per spec as typed."""
    install = find_install() if install is None else install
    cwd = os.getcwd() if cwd is None else cwd
    if install.kind == "pipx install":
        return f"pipx reinstall {DISTRIBUTION}"
    extras = ",".join(install.extras)
    again = _build_from_source(install, extras, cwd, python, refresh=True)
    if again is not None:
        return again[0]
    return f"{_pip_install(python)} --upgrade {shlex.quote(_spec(install.source, extras, cwd))}"


def _build_from_source(
    install: Install, extras: str, cwd: str, python: str, refresh: bool = False
) -> tuple[str, bool] | None:
    """For an install built from its source (`pipx run`, or a checkout installed editable),
    the command that builds it again with `extras`, and whether that command goes on to run
    the app (pipx run does; after pip, the player starts it).  None for any other install."""
    spec = shlex.quote(_spec(install.source, extras, cwd))
    if install.kind == "pipx run" or (install.kind == "other" and install.editable and install.source):
        flags = (" --refresh" if refresh else "") + (" --editable" if install.editable else "")
        return f"pipx run{flags} --spec {spec} {DISTRIBUTION}", True
    if install.editable and install.source:
        return f"{_pip_install(python)} -e {spec}", False
    return None


def _pip_install(python: str) -> str:
    return f"{shlex.quote(python)} -m pip install"


def _spec(source: str | None, extras: str, cwd: str) -> str:
    """What pip is given for `source` with `extras` ("web", "web,x" or ""): "./checkout[web]",
    or for a URL "boardgames-tui[web] @ git+https://…", or the name alone for an index."""
    brackets = f"[{extras}]" if extras else ""
    if source is None:
        return f"{DISTRIBUTION}{brackets}"
    if "://" in source:
        return f"{DISTRIBUTION}{brackets} @ {source}"
    return f"{_shown_source(source, cwd)}{brackets}"


def _read_json(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _split_extras(spec: str) -> tuple[str, tuple[str, ...]]:
    """"/home/ann/boardgames-tui[web]" → ("/home/ann/boardgames-tui", ("web",))."""
    found = re.fullmatch(r"(.*?)\[([^\]]*)\]", spec.strip())
    if found is None:
        return spec.strip(), ()
    return found.group(1), tuple(extra.strip() for extra in found.group(2).split(",") if extra.strip())


def _direct_url() -> tuple[str | None, bool]:
    """Where the installed distribution came from (PEP 610), and whether it is editable."""
    from importlib import metadata

    try:
        text = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        # Not installed at all: run from a checkout (its folder on the path).
        checkout = Path(__file__).resolve().parents[1]
        return (str(checkout), True) if (checkout / "pyproject.toml").is_file() else (None, False)
    data = json.loads(text) if text else None
    if not isinstance(data, dict) or not isinstance(data.get("url"), str):
        return None, False
    url = data["url"]
    source = unquote(urlsplit(url).path) if url.startswith("file://") else url
    editable = bool((data.get("dir_info") or {}).get("editable"))
    return source, editable


def _shown_source(source: str, cwd: str) -> str:
    """"." for the checkout the command is typed in (as the README writes it), else its path."""
    try:
        if Path(source).resolve() == Path(cwd).resolve():
            return "."
    except OSError:
        pass
    return source


def _packages(extra: str) -> str:
    """The extra's packages as the installed metadata names them, quoted for a shell
    ("'textual-serve>=1.1,<2'"), or the distribution with the extra if it cannot be read."""
    from importlib import metadata

    try:
        requires = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        requires = []
    marker = re.compile(r"""extra\s*==\s*["']""" + re.escape(extra) + r"""["']""")
    packages = [
        requirement.strip() for requirement, _, condition in (entry.partition(";") for entry in requires) if marker.search(condition)
    ]
    return " ".join(shlex.quote(package) for package in packages) or shlex.quote(f"{DISTRIBUTION}[{extra}]")
