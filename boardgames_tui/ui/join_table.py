"""Join a table from the menu: paste a join link (hidden as it is typed, as `join` asks
for it), or rejoin one of the tables joined before with one key.

A link holds its seat's secret, so it is never drawn: the field shows dots, and the tables
remembered (remote/remembered.py) are named by their game, players and where they are.
Whether each is open now is asked of them all at once, briefly, after the list shows.
"""

from __future__ import annotations

import asyncio
import importlib.util
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.footer import KeysFooter

if TYPE_CHECKING:
    from boardgames_tui.remote.remembered import RememberedTable
    from boardgames_tui.remote.wire import JoinLink

# A link is under a hundred characters; a field this long takes any pasted with room.
LONGEST_LINK = 512
NEEDS_THE_REMOTE_EXTRA = "Joining a table needs the remote extra (aiohttp is missing): pip install 'boardgames-tui[remote]'"


class JoinTableScreen(SizedScreen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("d,delete", "forget", "Forget"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[RememberedTable] = []
        # Whether each remembered table answered (None: not asked yet).
        self.open: dict[str, bool] = {}
        self.joining = False

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel wide centered"):
            yield Static("Join a table · paste the link the host gave you and press Enter (it is not shown)", classes="heading")
            yield Input(password=True, placeholder="the join link: http://HOST:PORT/seat/N#SECRET", max_length=LONGEST_LINK, id="join-link")
            yield Static("", id="join-message")
            yield Static("Tables you joined before · Enter rejoins, d forgets", classes="subheading")
            yield OptionList(id="joined")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Join a table"
        field = self.query_one("#join-link", Input)
        field.cursor_blink = self.app.cursor_blink  # type: ignore[attr-defined]
        field.focus()
        if importlib.util.find_spec("aiohttp") is None:
            self.say(NEEDS_THE_REMOTE_EXTRA)
        self.show_tables()

    def say(self, text: str, error: bool = True) -> None:
        if self.is_mounted:
            self.query_one("#join-message", Static).update(Text(text, style="red" if error else ""))

    # -- the tables joined before -----------------------------------------------------------
    def show_tables(self) -> None:
        self.tables = self.app.across.remembered().tables()  # type: ignore[attr-defined]
        self.list_tables()
        if self.tables:
            self.run_worker(self.ask_which_are_open(), exclusive=True, group="probe", exit_on_error=False)

    def list_tables(self) -> None:
        listing = self.query_one("#joined", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        if not self.tables:
            listing.add_option(Option("None yet: a table you join is kept here until its game is over.", id="none", disabled=True))
            return
        listing.add_options(Option(table_label(table, self.open.get(table.link)), id=str(index)) for index, table in enumerate(self.tables))
        listing.highlighted = min(highlighted or 0, len(self.tables) - 1)
        self.refresh_bindings()

    async def ask_which_are_open(self) -> None:
        from boardgames_tui.remote.remembered import answers

        tables = list(self.tables)
        answered = await asyncio.gather(*(answers(table.join_link) for table in tables))
        self.open.update({table.link: open_now for table, open_now in zip(tables, answered, strict=True)})
        if self.is_mounted:
            self.list_tables()

    def selected_table(self) -> RememberedTable | None:
        listing = self.query_one("#joined", OptionList)
        if not self.tables or listing.highlighted is None:
            return None
        return self.tables[listing.highlighted]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "forget":
            # Offered on the list: in the link's field, d is a letter of the link.
            return self.selected_table() is not None and self.query_one("#joined", OptionList).has_focus
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        table = self.selected_table()
        if table is not None:
            self.join(table.join_link)

    def action_forget(self) -> None:
        table = self.selected_table()
        if table is None:
            return
        what = Text.assemble("Forget ", table_name(table), "?")

        def forget(sure: bool | None) -> None:
            if sure:
                self.app.across.remembered().forget(table.join_link)  # type: ignore[attr-defined]
                self.say("Forgotten: its link joins it again.", error=False)
                self.show_tables()

        self.app.push_screen(ConfirmScreen(what, "Its link is kept nowhere else here. y: yes · n or Escape: no"), forget)

    # -- joining -------------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        from boardgames_tui.remote.wire import JoinLink

        try:
            link = JoinLink.parse(event.value)
        except ValueError as error:
            self.say(str(error))
            return
        self.join(link)

    def join(self, link: JoinLink) -> None:
        if importlib.util.find_spec("aiohttp") is None:
            self.say(NEEDS_THE_REMOTE_EXTRA)
            return
        if self.joining:
            return
        self.joining = True
        self.say(f"Joining the table at {link.host}:{link.port}…", error=False)
        # The app's worker, not this screen's: a join that succeeds takes this screen down.
        self.app.run_worker(self._join(link), group="join", exit_on_error=False)

    async def _join(self, link: JoinLink) -> None:
        try:
            await self.app.across.join(link, on_error=self.say)  # type: ignore[attr-defined]
        finally:
            self.joining = False

    def action_back(self) -> None:
        self.dismiss(None)


def table_name(table: RememberedTable) -> Text:
    return Text.assemble((table.game, "bold"), f" as {table.seat_name}")


def table_label(table: RememberedTable, open_now: bool | None) -> Text:
    """Two lines: the game, the seat and the players; where, and whether it answers.
    From a file and from hosts: Text, never markup (cleaned as the file was read)."""
    when = table.last_joined.astimezone().strftime("%Y-%m-%d %H:%M")
    state = {True: ("open now", "bold"), False: ("not answering now", "dim"), None: ("asking…", "dim")}[open_now]
    others = [name for name in table.players if name != table.seat_name]
    return Text.assemble(
        table_name(table),
        f" · with {', '.join(others)}\n" if others else "\n",
        (f"  {table.where} · last joined {when} · ", "dim"),
        state,
    )
