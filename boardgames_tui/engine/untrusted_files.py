"""Reading a JSON file that came from somewhere else: a save, a record, a shared game.

Such a file is untrusted input.  It is opened only if it is a regular file (a named
pipe, a device or a socket would block the reader or do something on being opened), read
only up to a size cap (a larger one is refused without being read), parsed without number
bombs or recursion crashes, and every problem becomes one short sentence for the player,
never an exception.
"""

from __future__ import annotations

import json
import os
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, ValidationError

from boardgames_tui.engine.text import clean_text

MAX_DIGITS = 20
"""The longest whole number a file may hold: far beyond any seed, far below a bomb."""

# Dates outside these years are not a real file's, and some time zones cannot show them
# (the last day of 9999 west of Greenwich is in the year 10000).
EARLIEST_YEAR, LATEST_YEAR = 1970, 9000


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


NOT_A_REGULAR_FILE = "is not a regular file"


def read_regular_file(path: Path, max_bytes: int, too_large: str) -> bytes:
    """The bytes of `path`, which must be a regular file (a link is followed only to one)
    of at most `max_bytes`; else UnreadableFile, with `too_large` as the reason for size.

    Nothing here can block: the type is checked before opening (opening a pipe with no
    writer waits forever, and opening a device can act on it), and the file is opened
    without blocking and checked again, in case it was swapped between the two looks.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise UnreadableFile(NOT_A_REGULAR_FILE)
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(handle, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise UnreadableFile(NOT_A_REGULAR_FILE)
            if info.st_size > max_bytes:
                raise UnreadableFile(too_large)
            raw = file.read(max_bytes + 1)
    except OSError as error:
        raise UnreadableFile(f"cannot be read ({clean_text(error.strerror or str(error))})") from None
    if len(raw) > max_bytes:  # it grew after it was measured
        raise UnreadableFile(too_large)
    return raw


def read_json(path: Path, max_bytes: int, what: str) -> Any:
    """The JSON value in `path`; `what` names the kind of file in refusals ("a save")."""
    too_large = f"is too large to be {what} (at most {max_bytes // (1024 * 1024)} MB)"
    raw = read_regular_file(path, max_bytes, too_large)
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


def _plausible(when: datetime) -> datetime:
    if not EARLIEST_YEAR <= when.year <= LATEST_YEAR:
        raise ValueError(f"the year {when.year} is not a plausible date for a game")
    return when.astimezone(timezone.utc)


PlausibleDate = Annotated[AwareDatetime, AfterValidator(_plausible)]
"""A date read from a file: with its time zone (a naive one cannot be compared with the
app's own), in a year a game could have been played, and kept in UTC."""
