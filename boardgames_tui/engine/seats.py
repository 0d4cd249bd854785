"""Seats as people name them, read in one place: `--seat` on the command line and the
new-game form's rows come here (a save's seats are `Seat` models, checked by pydantic).

A seat is written "Ann" (a person at this keyboard), "remote:Ben" (a person on another
machine, who joins the hosted game with a link), "bot" or "bot:LEVEL" (a bot, called
"Bot N" after its seat).  The form names a seat's kind apart from its name: a *choice*
is "human", "remote", "bot" or "bot:LEVEL", and `make_seat` takes it with the name.
"""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.bots import DEFAULT_BOT_LEVEL
from boardgames_tui.engine.contract import BOT_LEVEL_NAMES, Seat
from boardgames_tui.engine.text import and_list, check_name

HUMAN = "human"
REMOTE = "remote"
BOT = "bot"
REMOTE_PREFIX = f"{REMOTE}:"
BOT_PREFIX = f"{BOT}:"


class SeatRefused(ValueError):
    """A seat that cannot be made as it was named: `str()` is the reason, one sentence
    for a player; `about` says whether its name or its kind is at fault (the form puts
    the cursor there)."""

    def __init__(self, reason: str, about: Literal["name", "kind"]) -> None:
        super().__init__(reason)
        self.about = about


def bot_choice(level: str) -> str:
    """The choice of a bot of `level`: "bot:hard"."""
    return f"{BOT_PREFIX}{level}"


def parse_seat(spec: str, number: int) -> Seat:
    """The seat `spec` names ("Ann", "remote:Ben", "bot", "bot:hard"), the `number`th
    (from 1); SeatRefused says why not.  Any other text is a person's name."""
    spec = spec.strip()
    if spec == BOT or spec.startswith(BOT_PREFIX):
        return make_seat(spec, "", number)
    if spec.startswith(REMOTE_PREFIX):
        return make_seat(REMOTE, spec.removeprefix(REMOTE_PREFIX), number)
    return make_seat(HUMAN, spec, number)


def make_seat(choice: str, name: str, number: int) -> Seat:
    """The `number`th seat (from 1) of `choice` (see the module's words) called `name`,
    which a bot may leave empty; SeatRefused says why not."""
    kind, _, level = choice.partition(":")
    name = name.strip()
    if kind == BOT:
        level = level or DEFAULT_BOT_LEVEL
        if level not in BOT_LEVEL_NAMES:
            levels = and_list(BOT_LEVEL_NAMES)
            raise SeatRefused(f"Seat {number}: there is no bot level {level!r}; the levels are {levels}.", "kind")
        return Seat(name=_checked_name(name or default_name(choice, number), number), kind="bot", bot_level=level)
    if kind not in (HUMAN, REMOTE) or level:
        raise SeatRefused(f"Seat {number}: {choice!r} is not a kind of seat (human, remote or bot).", "kind")
    if not name:
        raise SeatRefused(f"Seat {number} needs a name.", "name")
    return Seat(name=_checked_name(name, number), kind=kind)


def default_name(choice: str, number: int) -> str:
    """What the `number`th seat of `choice` is called until someone names it."""
    return f"Bot {number}" if choice.partition(":")[0] == BOT else f"Player {number}"


def _checked_name(name: str, number: int) -> str:
    try:
        return check_name(name, f"Seat {number}'s name")
    except ValueError as error:
        raise SeatRefused(str(error), "name") from None
