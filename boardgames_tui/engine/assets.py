"""Finds a game's own files: the content shipped under `assets/` for the games built
in, and the parts (rules.md, lessons.json) any game brings in its own package.

A wheel carries the built-in content as `boardgames_tui/assets/` (hatch force-include);
an editable or development install has no copy there and reads the checkout's
top-level `assets/`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


@cache
def assets_root() -> Path:
    for candidate in (_PACKAGE_DIR / "assets", _PACKAGE_DIR.parent / "assets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"game content not found: looked in {_PACKAGE_DIR / 'assets'} and {_PACKAGE_DIR.parent / 'assets'}"
    )


def game_part(reference: Any, name: str) -> Traversable:
    """One of a game's parts, by file name (rules.md, lessons.json), where its reference
    says they are: in the package `reference.parts` names, through importlib.resources
    (a game installed from elsewhere brings its own), or for a game built in
    (`parts` None) in this app's assets/<slug>/."""
    if reference.parts is None:
        return asset_path(reference.rules.slug, name)
    return resources.files(reference.parts).joinpath(name)


def asset_path(game: str, name: str) -> Path:
    return assets_root() / game / name


def read_text(game: str, name: str) -> str:
    return asset_path(game, name).read_text(encoding="utf-8")


def read_json(game: str, name: str) -> Any:
    return json.loads(read_text(game, name))


ModelT = TypeVar("ModelT", bound=BaseModel)


def load_model(game: str, name: str, model: type[ModelT]) -> ModelT:
    """A content file validated by `model`; its "_about" header becomes `about`."""
    raw = read_json(game, name)
    raw["about"] = raw.pop("_about", None)
    return model.model_validate(raw)
