"""Main menu, game picker and the list of saved games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui import __version__
from boardgames_tui.engine.text import NAME_LENGTH, clean_text, name_problem, plural
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.footer import KeysFooter

if TYPE_CHECKING:
    from boardgames_tui.engine.parts import Game
    from boardgames_tui.engine.saves import BrokenSave, SaveSummary

TITLE_ART = "✿ boardgames-tui ✿"


class MenuScreen(SizedScreen[None]):
    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("f1", "app.help", "Rules"),
        Binding("question_mark", "app.toggle_keys", "Keys"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel centered"):
            yield Static(TITLE_ART, id="menu-title")
            yield Static(f"Hot-seat board games for the terminal · v{__version__}", classes="subtitle")
            yield OptionList(
                Option("New game", id="new"),
                Option("Continue", id="continue"),
                Option("Records", id="records"),
                # A seat at another machine's table (below the first three, whose places
                # players and tests know).
                Option("Join a table", id="join"),
                # Beside the rules: the other way into a game.
                Option("Learn to play", id="learn"),
                Option("Rules", id="rules"),
                Option("Settings", id="settings"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "boardgames-tui"
        self.sub_title = "Main menu"
        self.query_one("#menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        # Shown again (back from a game or a list): the cursor starts on the first item,
        # where keys typed from memory ("↓↓↓ Enter: Learn to play") expect it, never
        # left on Quit.
        self.query_one("#menu", OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        if choice == "new":
            self.app.push_screen(GamePickScreen(purpose="new"))
        elif choice == "learn":
            self.app.push_screen(GamePickScreen(purpose="learn"))
        elif choice == "continue":
            self.app.push_screen(ContinueScreen())
        elif choice == "join":
            from boardgames_tui.ui.join_table import JoinTableScreen

            self.app.push_screen(JoinTableScreen())
        elif choice == "records":
            from boardgames_tui.ui.records import RecordsScreen, record_store

            self.app.push_screen(RecordsScreen(record_store(self.app)))
        elif choice == "rules":
            self.app.push_screen(GamePickScreen(purpose="rules"))
        elif choice == "settings":
            self.app.action_settings()  # type: ignore[attr-defined]
        elif choice == "quit":
            self.app.exit()


class GamePickScreen(SizedScreen[None]):
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, purpose: str) -> None:
        super().__init__()
        from boardgames_tui.engine.registry import all_games

        self.purpose = purpose
        self.games = all_games()
        if purpose == "learn":
            from boardgames_tui.engine.lessons import lesson_book

            # Only the games that have a guided game.
            self.games = [game for game in self.games if lesson_book(game.slug) is not None]

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel centered"):
            heading = {"new": "Which game?", "learn": "Learn which game? (a guided first game against bots)"}.get(
                self.purpose, "Rules of which game?"
            )
            yield Static(heading, classes="heading")
            yield OptionList(*[Option(game_choice(game), id=game.slug) for game in self.games], id="games")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = {"new": "New game", "learn": "Learn to play"}.get(self.purpose, "Rules")
        self.query_one("#games", OptionList).focus()

    def _game(self, slug: str | None) -> Game:
        return next(game for game in self.games if game.slug == slug)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = self._game(event.option.id)
        if self.purpose == "new":
            from boardgames_tui.ui.setup import SetupScreen

            self.app.push_screen(SetupScreen(game))
        elif self.purpose == "learn":
            self.app.start_guided(game.slug)  # type: ignore[attr-defined]
        else:
            from boardgames_tui.ui.rules_viewer import RulesScreen

            self.app.push_screen(RulesScreen(game))

    def action_back(self) -> None:
        self.dismiss(None)


def game_choice(game: Game) -> Group:
    """A game in the picker: its title and how many may play (from its rules), then its
    tagline, indented as a block so that a tagline wrapped on a narrow screen keeps its
    indent on every line."""
    count = game.rules.player_count()
    # A tagline may open with the same count; the line above already gives it.
    tagline = game.tagline.removeprefix(f"{count} · ")
    # Italic, not dim: on the highlighted row a dimmed text sank into the blue (2.5:1).
    title = Text.assemble((game.title, "bold"), f" · {count}")
    return Group(title, Padding(Text(tagline, style="italic"), (0, 0, 0, 2)))


class ContinueScreen(SizedScreen[None]):
    """Every saved game: game, players, progress and when last played; continue,
    rename or delete one.  Unreadable files are listed with the reason and left alone."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveSummary | BrokenSave] = []
        self.loaded = False

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel wide centered"):
            yield Static("Continue a saved game · Enter plays on, r renames, d deletes", classes="heading")
            # Above the list, so that a small window never hides why a file was refused.
            yield Static("", id="save-message")
            yield OptionList(Option("Reading the saved games…", id="none", disabled=True), id="saves")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Continue"
        self.query_one("#saves", OptionList).focus()
        self.refresh_list()

    def refresh_list(self) -> None:
        self._read_saves()

    @work(thread=True, exclusive=True, group="saves", exit_on_error=False)
    def _read_saves(self) -> None:
        # Every save is read, checked and replayed: off the UI thread, so that a folder
        # of long games (or a huge file) never freezes the screen.
        entries = self.app.store.list()
        try:
            self.app.call_from_thread(self._show_entries, entries)
        except RuntimeError:
            pass  # the app closed while the saves were read

    def _show_entries(self, entries: list[SaveSummary | BrokenSave]) -> None:
        if not self.is_mounted:
            return
        from boardgames_tui.engine.saves import SaveSummary

        listing = self.query_one("#saves", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        self.entries = [entry for entry in entries if not (isinstance(entry, SaveSummary) and entry.finished)]
        self.loaded = True
        self.refresh_bindings()
        if not self.entries:
            listing.add_option(Option("No saved games yet.", id="none", disabled=True))
            return
        listing.add_options(Option(save_label(entry), id=str(index)) for index, entry in enumerate(self.entries))
        listing.highlighted = min(highlighted or 0, len(self.entries) - 1)

    def selected_entry(self) -> SaveSummary | BrokenSave | None:
        listing = self.query_one("#saves", OptionList)
        if not self.entries or listing.highlighted is None:
            return None
        return self.entries[listing.highlighted]

    def say(self, text: str, error: bool = True) -> None:
        self.query_one("#save-message", Static).update(Text(clean_text(text), style="red" if error else ""))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rename", "delete"):
            from boardgames_tui.engine.saves import SaveSummary

            entry = self.selected_entry()
            if entry is None:
                return None
            return isinstance(entry, SaveSummary) if action == "rename" else True
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id in (None, "none"):
            return
        from boardgames_tui.engine.saves import BrokenSave

        entry = self.entries[int(event.option.id)]
        if isinstance(entry, BrokenSave):
            self.say(f"{entry.path.name} {entry.message}. The file is left as it is, in {entry.path.parent}.")
            return
        self.app.resume(entry.path, on_error=self.say)

    def action_rename(self) -> None:
        from boardgames_tui.engine.saves import SaveError, SaveSummary

        entry = self.selected_entry()
        if not isinstance(entry, SaveSummary):
            self.say("Only a readable save can be renamed.")
            return

        def rename(title: str | None) -> None:
            if title is None:
                return
            try:
                self.app.store.rename(entry.path, title)
            except (SaveError, ValueError, OSError) as error:
                self.say(f"Not renamed: {getattr(error, 'message', None) or error}")
                return
            self.say(f"Renamed to {title.strip()}.", error=False)
            self.refresh_list()

        self.app.push_screen(RenameScreen(entry.title or ""), rename)

    def action_delete(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            return
        what = Text.assemble("Delete ", describe_entry(entry), "?")

        def delete(sure: bool | None) -> None:
            if not sure:
                self.say("Not done: the save is kept.", error=False)
                return
            try:
                self.app.store.delete(entry.path)
            except (ValueError, OSError) as error:
                self.say(f"Not deleted: {error}")
                return
            self.say(f"Deleted {entry.path.name}.", error=False)
            self.refresh_list()

        self.app.push_screen(ConfirmScreen(what, "The file is removed for good. y: yes · n or Escape: no"), delete)

    def action_back(self) -> None:
        self.dismiss(None)


def describe_entry(entry: SaveSummary | BrokenSave) -> Text:
    """A save's name in a sentence: its title, or its game and players."""
    from boardgames_tui.engine.saves import SaveSummary

    if isinstance(entry, SaveSummary):
        if entry.title:
            return Text(entry.title, style="bold")
        return Text.assemble((entry.game_title, "bold"), f" with {', '.join(entry.players)}")
    return Text.assemble("the unreadable file ", (clean_text(entry.path.name), "bold"))


def save_label(entry: SaveSummary | BrokenSave) -> Text:
    """Two lines for the Continue list.  Everything in them comes from a file, so it is
    Text (never markup) and cleaned of control characters."""
    from boardgames_tui.engine.saves import SaveSummary

    if isinstance(entry, SaveSummary):
        when = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M")
        heading = Text.assemble((entry.title, "bold"), f" · {entry.game_title}") if entry.title else Text(entry.game_title, style="bold")
        return Text.assemble(
            heading,
            f" · {', '.join(entry.players)}\n",
            (f"  {entry.progress} · {plural(entry.moves, 'move')} · last played {when}", "italic"),
        )
    return Text.assemble(
        ("Unreadable: ", "red"), clean_text(entry.path.name), "\n", (f"  {clean_text(entry.message)}", "italic")
    )


class RenameScreen(ModalScreen["str | None"]):
    """Asks for a save's title; the title is checked like a player's name."""

    DEFAULT_CSS = """
    RenameScreen { align: center middle; }
    #rename-box { width: 60; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    #rename-error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str) -> None:
        super().__init__()
        self.current = title

    def compose(self) -> ComposeResult:
        from boardgames_tui.ui.setup import NameInput

        with Vertical(id="rename-box"):
            yield Static("A title for this saved game (Enter keeps it, Escape cancels):")
            yield NameInput(self.current, placeholder="title", max_length=NAME_LENGTH, id="rename-title")
            yield Static("", id="rename-error")
        yield KeysFooter()

    def on_mount(self) -> None:
        field = self.query_one("#rename-title", Input)
        field.cursor_blink = self.app.cursor_blink
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = name_problem(event.value.strip(), "A title")
        if problem is not None:
            self.query_one("#rename-error", Static).update(Text(problem))
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
