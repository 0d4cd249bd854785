"""Reading a JSON file that came from somewhere else: a save, a record, a shared game.

Such a file is untrusted input.  It is read only up to a size cap (a larger one is
refused without being read), parsed without number bombs or recursion crashes, and
every problem becomes one short sentence for the player, never an exception.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from boardgames_tui.engine.text import clean_text

MAX_DIGITS = 20
"""The longest whole number a file may hold: far beyond any seed, far below a bomb."""


class UnreadableFile(Exception):
    """Why a file cannot be used, as the end of a sentence: "is too large (…)"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _NumberTooLong(ValueError):
    pass


def _bounded_int(digits: str) -> int:
    if len(digits) > MAX_DIGITS + 1:  # one more for a minus sign
        raise _NumberTooLong
    return int(digits)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number these files hold")


def read_json(path: Path, max_bytes: int, what: str) -> Any:
    """The JSON value in `path`; `what` names the kind of file in refusals ("a save")."""
    too_large = f"is too large to be {what} (at most {max_bytes // (1024 * 1024)} MB)"
    try:
        with path.open("rb") as file:
            if os.fstat(file.fileno()).st_size > max_bytes:
                raise UnreadableFile(too_large)
            raw = file.read(max_bytes + 1)
    except OSError as error:
        raise UnreadableFile(f"cannot be read ({clean_text(error.strerror or str(error))})") from None
    if len(raw) > max_bytes:
        raise UnreadableFile(too_large)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile(f"is not {what} (it is not text)") from None
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except _NumberTooLong:
        raise UnreadableFile(f"is damaged (it holds a number longer than {MAX_DIGITS} digits)") from None
    except RecursionError:
        raise UnreadableFile("is damaged (it is nested too deeply)") from None
    except ValueError:  # JSONDecodeError and the refused constants
        raise UnreadableFile("is damaged or truncated (not valid JSON)") from None


def first_problem(error: ValidationError) -> str:
    """The first thing a model found wrong, short and printable (field names come from the file)."""
    problem = error.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in problem["loc"])
    message = problem["msg"].removeprefix("Value error, ")
    return clean_text(f"{where}: {message}" if where else message)[:120]
