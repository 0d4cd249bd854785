"""The tables this player joined, remembered so that the menu rejoins one with a key.

Each is kept with its whole link, and so with its seat's secret: the file is written as
the saves are (`write_atomically`: a fresh file only its owner may read or write, 0600,
renamed over the old one) and read back as untrusted input.  The secret is never shown:
a table is named by its game, its players and where it is.  A finished game is forgotten.

Whether a remembered table is open now is asked the cheapest way there is: a connection
to its port, opened and closed at once within `PROBE_SECONDS`, never a hello (which would
tell the other players its seat came and went).

This module imports neither aiohttp nor Textual.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from boardgames_tui.engine.text import clean_text
from boardgames_tui.engine.untrusted_files import PlausibleDate, UnreadableFile, read_json
from boardgames_tui.remote.wire import JoinLink

REMEMBERED_FILE = "joined-tables.json"
MAX_REMEMBERED_BYTES = 256 * 1024
# The most tables remembered: the latest ones joined.
KEPT_TABLES = 20
# How long the menu waits to hear whether a remembered table is open.
PROBE_SECONDS = 1.0
# The longest name or title kept from a host.
LONGEST_NAME = 80


def _link(text: str) -> str:
    return str(JoinLink.parse(text))  # ValueError, with its reason, for what is not a link


def _name(text: str) -> str:
    return clean_text(text)[:LONGEST_NAME]


Name = Annotated[str, AfterValidator(_name)]


class RememberedTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # The whole join link, its secret too: never shown.
    link: Annotated[str, AfterValidator(_link)]
    game: Name
    seat_name: Name
    players: list[Name] = Field(max_length=8)
    last_joined: PlausibleDate

    @property
    def join_link(self) -> JoinLink:
        return JoinLink.parse(self.link)

    @property
    def where(self) -> str:
        link = self.join_link
        host = f"[{link.host}]" if ":" in link.host else link.host
        return f"{host}:{link.port}"


class _RememberedFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tables: list[RememberedTable] = Field(default_factory=list, max_length=KEPT_TABLES)


class RememberedTables:
    """The file of remembered tables in `data_dir`, latest joined first."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / REMEMBERED_FILE

    def tables(self) -> list[RememberedTable]:
        if not self.path.exists():
            return []
        try:
            return _RememberedFile.model_validate(read_json(self.path, MAX_REMEMBERED_BYTES, "a list of tables")).tables
        except (UnreadableFile, ValidationError, OSError):
            # Forgotten tables only mean pasting a link again: never worth a refusal.
            return []

    def remember(self, link: JoinLink, game: str, seat_name: str, players: list[str]) -> None:
        table = RememberedTable(
            link=str(link), game=game, seat_name=seat_name, players=players[:8], last_joined=datetime.now(timezone.utc)
        )
        self._write([table, *(kept for kept in self.tables() if kept.link != table.link)][:KEPT_TABLES])

    def forget(self, link: JoinLink) -> None:
        tables = self.tables()
        kept = [table for table in tables if table.link != str(link)]
        if len(kept) != len(tables):
            self._write(kept)

    def _write(self, tables: list[RememberedTable]) -> None:
        from boardgames_tui.engine.saves import write_atomically

        try:
            write_atomically(self.path, _RememberedFile(tables=tables).model_dump_json(indent=1))
        except OSError:
            pass  # not remembered: the link is pasted again, nothing worse


async def answers(link: JoinLink, seconds: float = PROBE_SECONDS) -> bool:
    """Whether something listens where `link` points, within `seconds`."""
    try:
        async with asyncio.timeout(seconds):
            _reader, writer = await asyncio.open_connection(link.host, link.port)
    except (OSError, TimeoutError):
        return False
    writer.close()
    try:
        await writer.wait_closed()
    except OSError:
        pass
    return True
