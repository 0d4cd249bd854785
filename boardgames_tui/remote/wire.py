"""The messages between a host and its remote seats: versioned pydantic models.

The wire carries views, never states.  The host sends a seat only what
`rules.view(state, seat)` holds (its log set apart and sent as the lines that seat has
not had yet); a seat sends only its own actions.  Every message from a client is
untrusted: the host reads it through `parse_client_message`, which refuses anything
that is not exactly one of the client models below.

This module imports neither aiohttp nor Textual, so the rules' tests can use it.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, Union
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

from boardgames_tui.engine.contract import SPECTATOR, LogEntry, ScoreSheet, Seat
from boardgames_tui.engine.text import clean_text
from boardgames_tui.engine.untrusted_files import first_problem

# 2: a view says which seats a bot plays for while their players are away.
# 3: a seat's kind may be "remote", where a remote seat was a human one.
# 4: a watch link's connection says `watch` and is sent the table's public view.
PROTOCOL_VERSION = 4
# A client's message is a few hundred bytes (an action); anything near this is not one of
# ours.  aiohttp refuses a longer frame from its header, before reading its payload.
MAX_CLIENT_MESSAGE_BYTES = 64 * 1024
# What a client accepts from its host: a view with a long log, as a save is capped.
MAX_HOST_MESSAGE_BYTES = 8 * 1024 * 1024
# Secrets are `secrets.token_urlsafe(24)`: 32 characters.
SECRET_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
WEBSOCKET_PATH = "/ws"
# A watch link's page: the table's public view, in a browser.
WATCH_PATH = "/watch"
# The host's closing word to a seat's older connection when the same link joins again.
JOINED_ELSEWHERE = b"joined again elsewhere"
# The host's closing word to its watchers when it replaces the watch link.
WATCH_LINK_REPLACED = b"watch link replaced"
# Why a watch link's message changed nothing.
WATCHING_REFUSAL = "You are watching this table: a watch link cannot play or take back a move."
# Where `join` finds its link when given none: a browser seat's process (remote/browser.py)
# is given it there, not on its command line, which every user of the machine can read.
JOIN_LINK_ENV = "BOARDGAMES_TUI_JOIN_LINK"
# What a joined seat says once its host has sent `TablePaused`.
TABLE_PAUSED = "The host has paused the table; your link works again when it resumes."


class _Message(BaseModel):
    # Strict and closed: a client message with an unknown field or a string for a number
    # is refused, not coerced.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# -- client to host ---------------------------------------------------------------------


class Hello(_Message):
    """The first message of a connection: which seat, and that seat's secret."""

    type: Literal["hello"]
    version: StrictInt
    seat: StrictInt = Field(ge=0, le=7)
    secret: str = Field(max_length=64)


class Watch(_Message):
    """The first message of a watch link's connection: the table's watch secret.  It
    is sent the public view after every change, and none of its messages is acted on."""

    type: Literal["watch"]
    version: StrictInt
    secret: str = Field(max_length=64)


class Act(_Message):
    """One action for the sender's own seat, chosen at the position `revision` names
    (an action chosen at an older position is refused as stale)."""

    type: Literal["act"]
    seat: StrictInt
    revision: StrictInt
    action: dict[str, Any]


class Undo(_Message):
    type: Literal["undo"]
    seat: StrictInt
    revision: StrictInt


ClientMessage = Annotated[Union[Hello, Watch, Act, Undo], Field(discriminator="type")]
_client_adapter: TypeAdapter[Hello | Watch | Act | Undo] = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    """A client message that is not one of ours; `reason` is sent back to it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def parse_client_message(text: str | bytes) -> Hello | Watch | Act | Undo:
    if len(text) > MAX_CLIENT_MESSAGE_BYTES:
        raise BadMessage("That message is too long.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("That message is not JSON.") from None
    try:
        return _client_adapter.validate_python(data)
    except ValidationError as error:
        raise BadMessage(f"That message is not one this host reads ({first_problem(error)}).") from None
    except RecursionError:
        raise BadMessage("That message is nested too deeply.") from None


# -- host to client -----------------------------------------------------------------------


class Welcome(_Message):
    """Sent once a seat's secret is accepted: the game, its seats and which one is yours
    (`SPECTATOR` for a watch link's connection)."""

    type: Literal["welcome"] = "welcome"
    version: StrictInt = PROTOCOL_VERSION
    game: str
    seat: StrictInt
    seats: list[Seat]
    # Seats played from another machine (shown as such to the others).
    remote_seats: list[StrictInt]


class ChangesSeen(_Message):
    """`Table.changes_since_last_move` for the seat, as it may see it: marks as JSON
    (tuples become lists; the client turns them back)."""

    marks: list[Any] = Field(default_factory=list)
    lines: list[str] = Field(default_factory=list)


class HiddenSection(_Message):
    title: str
    lines: list[str]


class ViewUpdate(_Message):
    """The seat's view after a change.  `view` is `rules.view(state, seat)` without its
    log; `log` are that view's log lines from index `log_from` on (the client keeps the
    lines before).  Never a state: nothing here is more than the seat may see."""

    type: Literal["view"] = "view"
    revision: StrictInt
    moves_made: StrictInt
    view: dict[str, Any]
    log_from: StrictInt
    log: list[LogEntry]
    to_act: list[StrictInt]
    over: StrictBool
    progress: str
    undo_blocker: str | None
    has_moved: StrictBool
    # The seat's own moves since another seat last moved (what an undo looks at).
    own_run: list[dict[str, Any]]
    changes: ChangesSeen
    away: list[StrictInt]
    # Remote seats the host handed to a bot while their players are away.
    stand_ins: list[StrictInt]
    # Of the seats away, those whose players have not joined since the host opened the table.
    not_joined: list[StrictInt] = []
    # Only once the game is over.
    score_sheet: ScoreSheet | None = None
    hidden: list[HiddenSection] | None = None


class Refused(_Message):
    """A client's message that changed nothing, and why."""

    type: Literal["refused"] = "refused"
    reason: str


class Away(_Message):
    type: Literal["away"] = "away"
    seat: StrictInt
    name: str


class Back(_Message):
    type: Literal["back"] = "back"
    seat: StrictInt
    name: str


class TablePaused(_Message):
    """The host has left an unfinished game (saved and quit, gone to the menu, closed the
    app): its last message before it closes the connection.  No move is taken after it,
    and the same link opens the seat again once the host resumes the game, on the same
    port.  It carries no words: the joiner says `TABLE_PAUSED` in its own."""

    type: Literal["paused"] = "paused"


HostMessage = Annotated[Union[Welcome, ViewUpdate, Refused, Away, Back, TablePaused], Field(discriminator="type")]
_host_adapter: TypeAdapter[Welcome | ViewUpdate | Refused | Away | Back | TablePaused] = TypeAdapter(HostMessage)


def cleaned(data: Any) -> Any:
    """JSON data with every string in it, keys too, cleaned as text from a file is: without
    the characters a terminal would obey (escapes, bidi overrides).  Line breaks stay."""
    if isinstance(data, str):
        return clean_text(data, keep_newlines=True)
    if isinstance(data, list):
        return [cleaned(item) for item in data]
    if isinstance(data, dict):
        return {cleaned(key): cleaned(value) for key, value in data.items()}
    return data


def parse_host_message(text: str | bytes) -> Welcome | ViewUpdate | Refused | Away | Back | TablePaused:
    """A host's message: trusted for what it says about the game (the host is the
    authority), not as text.  Every string in it is cleaned here, where each message
    enters the joiner, so nothing a host sends reaches the terminal as control codes
    whatever later shows it (log lines, names, refusals, the view's contents); and it is
    validated, so that a wrong host cannot crash a client."""
    try:
        data = cleaned(json.loads(text))
    except RecursionError:
        raise BadMessage("The host sent a message nested too deeply.") from None
    except ValueError:  # not JSON, or a number too long to read
        raise BadMessage("The host sent a message that is not JSON.") from None
    try:
        return _host_adapter.validate_python(data)
    except ValidationError as error:
        raise BadMessage(f"The host sent a message this client cannot read ({first_problem(error)}).") from None
    except RecursionError:
        raise BadMessage("The host sent a message nested too deeply.") from None


def json_marks(marks: Any) -> list[Any]:
    """Change marks (hashables: tuples, strings, numbers) as JSON values."""

    def plain(value: Any) -> Any:
        if isinstance(value, (tuple, list, frozenset, set)):
            return [plain(item) for item in value]
        return value

    return [plain(mark) for mark in marks]


def hashable_marks(marks: list[Any]) -> frozenset[Any]:
    def frozen(value: Any) -> Any:
        return tuple(frozen(item) for item in value) if isinstance(value, list) else value

    return frozenset(frozen(mark) for mark in marks)


# -- links ------------------------------------------------------------------------------------


class JoinLink(BaseModel):
    """`http://HOST:PORT/seat/N#SECRET`: where the host is, which seat, and its secret;
    or a watch link, `http://HOST:PORT/watch#SECRET`, whose `seat` is `SPECTATOR`.
    The secret is in the fragment, which a browser never sends to a server."""

    model_config = ConfigDict(frozen=True)

    host: str
    port: int
    seat: int
    secret: str

    @property
    def is_watch_link(self) -> bool:
        """A watch link: the table's public view, no seat."""
        return self.seat == SPECTATOR

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        path = WATCH_PATH if self.is_watch_link else f"/seat/{self.seat + 1}"
        return f"http://{host}:{self.port}{path}#{self.secret}"

    @property
    def websocket_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{WEBSOCKET_PATH}"

    @classmethod
    def parse(cls, text: str) -> JoinLink:
        """Raises ValueError with a reason for a person.  A link pasted as the examples
        write it on a command line, in quotes, is read without them."""
        not_a_link = "That is not a join link (it should look like http://HOST:PORT/seat/2#SECRET, or …/watch#SECRET to watch)."
        try:
            parts = urlsplit(text.strip().strip("'\""))
            port = parts.port
        except ValueError:
            raise ValueError(not_a_link) from None
        match = re.fullmatch(r"/seat/([1-8])", parts.path)
        if parts.scheme != "http" or not parts.hostname or port is None or (match is None and parts.path != WATCH_PATH):
            raise ValueError(not_a_link)
        if re.fullmatch(SECRET_PATTERN, parts.fragment) is None:
            raise ValueError("That join link has lost its secret (the part after #): copy the whole link.")
        seat = SPECTATOR if match is None else int(match.group(1)) - 1
        return cls(host=parts.hostname, port=port, seat=seat, secret=parts.fragment)
