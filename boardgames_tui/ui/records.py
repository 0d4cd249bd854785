"""The Records screen: results per player and game, finished games to watch, export, import."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.records import (
    BrokenRecord,
    KeptRecord,
    RecordError,
    RecordStore,
    describe_record,
    points_text,
    replay_record,
    tally,
    wins_text,
)
from boardgames_tui.engine.text import clean_text, plural
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.footer import KeysFooter

if TYPE_CHECKING:
    from textual.app import App

    from boardgames_tui.engine.match import Match


class RecordsScreen(SizedScreen[None]):
    DEFAULT_CSS = """
    RecordsScreen #records-panel { height: 1fr; }
    RecordsScreen #tallies { height: auto; max-height: 40%; }
    RecordsScreen #finished { height: 1fr; min-height: 4; }
    RecordsScreen #records-message { height: auto; margin-top: 1; }
    """
    BINDINGS = [
        Binding("enter", "watch", "Watch", show=False),
        Binding("e", "export_one", "Export game"),
        Binding("a", "export_all", "Export all"),
        Binding("i", "import_file", "Import"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, store: RecordStore) -> None:
        super().__init__()
        self.store = store
        self.entries: list[KeptRecord | BrokenRecord] = []

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel wide centered", id="records-panel"):
            yield DataTable(id="tallies", cursor_type="none", zebra_stripes=True)
            yield Static(
                "A tie shares the win: each of two winners counts 1/2, each of three 1/3.  "
                "Best and Average are points; a game the most points does not win (Pollen) shows —.  "
                "Enter watches the highlighted game.",
                classes="hint",
            )
            yield OptionList(Option("Reading the finished games…", disabled=True), id="finished")
            yield Static("", id="records-message")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Records"
        self.refresh_records()
        self.query_one("#finished", OptionList).focus()

    def refresh_records(self) -> None:
        self._read_records()

    @work(thread=True, exclusive=True, group="records", exit_on_error=False)
    def _read_records(self) -> None:
        # Every file in the folder is read and checked (each may be up to the size cap):
        # off the UI thread, as Continue reads the saves.
        entries = self.store.list()
        try:
            self.app.call_from_thread(self._show_entries, entries)
        except RuntimeError:
            pass  # the app closed while the records were read

    def _show_entries(self, entries: list[KeptRecord | BrokenRecord]) -> None:
        if not self.is_mounted:
            return
        self.entries = entries
        kept = [entry.record for entry in self.entries if isinstance(entry, KeptRecord)]
        table = self.query_one("#tallies", DataTable)
        table.clear(columns=True)
        for heading in ("Player", "Game", "Played", "Won", "Best", "Average"):
            table.add_column(heading, key=heading.lower())
        for row in tally(kept):
            table.add_row(
                Text(row.player),
                Text(row.game_title),
                str(row.played),
                wins_text(row.won),
                points_text(row.best),
                points_text(row.average),
            )
        listing = self.query_one("#finished", OptionList)
        listing.clear_options()
        listing.border_title = f"Finished games ({len(kept)})"
        if not self.entries:
            listing.add_option(Option("No finished games yet: every game played to the end is kept here.", disabled=True))
            return
        for index, entry in enumerate(self.entries):
            if isinstance(entry, KeptRecord):
                record = entry.record
                scores = ", ".join(f"{seat.name} {score}" for seat, score in zip(record.seats, record.scores))
                winners = " and ".join(record.winner_names()) or "nobody"
                prompt = Text.assemble(
                    (describe_record(record), "bold"), "\n  ", (f"won by {winners} · {scores}", "italic")
                )
            else:
                prompt = Text.assemble(
                    ("Unreadable: ", "red"), clean_text(entry.path.name), "\n  ", (clean_text(entry.message), "italic")
                )
            listing.add_option(Option(prompt, id=str(index)))
        listing.highlighted = 0

    # -- what the keys do -------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        # File names and paths reach here from the disk and from what a person typed.
        if not self.is_mounted:
            return  # left while a file was being imported
        self.query_one("#records-message", Static).update(Text(clean_text(text), style="red" if error else ""))

    def highlighted(self) -> KeptRecord | BrokenRecord | None:
        listing = self.query_one("#finished", OptionList)
        if listing.highlighted is None or not self.entries:
            return None
        return self.entries[listing.highlighted]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_watch()

    def action_watch(self) -> None:
        entry = self.highlighted()
        if entry is None:
            return
        if isinstance(entry, BrokenRecord):
            self.say(f"{entry.path.name} {entry.message}. The file is left as it is.", error=True)
            return
        try:
            table = replay_record(entry.record)
        except RecordError as error:
            self.say(f"That game cannot be watched: {error.message}.", error=True)
            return
        from boardgames_tui.ui.replay import replay_screen

        self.app.push_screen(replay_screen(table, step=0))

    def _export(self, records: list) -> None:
        try:
            path = self.store.export(records)
        except RecordError as error:
            self.say(f"Nothing exported: {error.message}.", error=True)
            return
        except OSError as error:
            self.say(f"The export could not be written: {error.strerror or error}.", error=True)
            return
        count = plural(len(records), "game")
        self.say(f"Exported {count} to {path}")
        self.notify(clean_text(f"Exported {count} to {path}"), title="Export", markup=False)

    def action_export_one(self) -> None:
        entry = self.highlighted()
        if not isinstance(entry, KeptRecord):
            self.say("Highlight a finished game to export it.", error=True)
            return
        self._export([entry.record])

    def action_export_all(self) -> None:
        self._export([entry.record for entry in self.entries if isinstance(entry, KeptRecord)])

    def action_import_file(self) -> None:
        self.app.push_screen(ImportScreen(), self._import)

    def _import(self, typed: str | None) -> None:
        if not typed:
            return
        path = Path(typed).expanduser()
        self.say(f"Checking the games in {path.name}…")
        self._import_file(path)

    @work(thread=True, exclusive=True, group="import", exit_on_error=False)
    def _import_file(self, path: Path) -> None:
        # Every game of the file is replayed through the rules: off the UI thread, so a
        # large shared file never freezes the screen; the message line counts the games.
        shown_at = 0.0

        def progress(done: int, total: int) -> None:
            nonlocal shown_at
            if done < total and time.monotonic() - shown_at < 0.1:
                return
            shown_at = time.monotonic()
            self.app.call_from_thread(self.say, f"Checking the games in {path.name}: {done} of {total}…")

        try:
            try:
                added, known = self.store.import_file(path, progress)
            except RecordError as error:
                self.app.call_from_thread(self.say, f"{path.name} is refused: {error.message}.", True)
                return
            except OSError as error:
                self.app.call_from_thread(
                    self.say, f"The imported games could not be kept: {error.strerror or error}.", True
                )
                return
            self.app.call_from_thread(self._imported, path, added, known)
        except RuntimeError:
            pass  # the app closed while the file was checked

    def _imported(self, path: Path, added: int, known: int) -> None:
        if not self.is_mounted:
            return
        again = f" ({known} already kept)" if known else ""
        self.refresh_records()
        self.say(f"Imported {plural(added, 'game')} from {path.name}{again}.")

    def action_back(self) -> None:
        self.dismiss(None)


class ImportScreen(ModalScreen[str | None]):
    """Asks for the path of a shared file; the path is the person's choice, never a file's."""

    DEFAULT_CSS = """
    ImportScreen { align: center middle; }
    ImportScreen #import-box { width: 70; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="import-box"):
            yield Static("Import games from a shared file", classes="heading")
            yield Input(placeholder="path of the file, e.g. ~/Downloads/boardgames-tui-games.json", id="import-path")
            yield Static("Enter imports · Escape cancels", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#import-path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


def record_store(app: App) -> RecordStore:
    """The records folder beside the app's saves, wherever the app keeps its data."""
    return RecordStore(app.store.directory.parent)  # type: ignore[attr-defined]


def keep_finished_game(app: App, match: Match) -> None:
    """Adds a finished match to the records and removes its autosave: a finished game
    lives in the records (Continue lists only games to carry on). A failed write is
    said, never fatal, and then the save stays as the game's only copy."""
    try:
        record_store(app).keep_match(match)
    except OSError as error:
        app.notify(
            f"This game could not be added to the records: {error.strerror or error}",
            severity="error",
            markup=False,
        )
        return
    if match.store is not None and match.save_path is not None:
        try:
            match.store.delete(match.save_path)
        except OSError:
            pass  # Continue hides a finished save, as it always has: nothing is lost.
