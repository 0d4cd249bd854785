"""Finds the game content shipped under `assets/`.

A wheel carries it as `boardgames_tui/assets/` (hatch force-include); an editable or
development install has no copy there and reads the checkout's top-level `assets/`.
"""

from __future__ import annotations

import json
from functools import cache
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
