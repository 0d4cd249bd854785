"""Main menu, game picker and the list of saved games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui import __version__
from boardgames_tui.ui.base import SizedScreen

if TYPE_CHECKING:
    from boardgames_tui.engine.contract import GameRules

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
                Option("Rules", id="rules"),
                Option("Settings", id="settings"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.title = "boardgames-tui"
        self.sub_title = "Main menu"
        self.query_one("#menu", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        if choice == "new":
            self.app.push_screen(GamePickScreen(purpose="new"))
        elif choice == "continue":
            self.app.push_screen(ContinueScreen())
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

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel centered"):
            heading = "Which game?" if self.purpose == "new" else "Rules of which game?"
            yield Static(heading, classes="heading")
            yield OptionList(
                *[
                    Option(f"[b]{rules.title}[/b]\n  [dim]{rules.tagline}[/dim]", id=rules.slug)
                    for rules in self.games
                ],
                id="games",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "New game" if self.purpose == "new" else "Rules"
        self.query_one("#games", OptionList).focus()

    def _rules(self, slug: str | None) -> GameRules:
        return next(rules for rules in self.games if rules.slug == slug)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        rules = self._rules(event.option.id)
        if self.purpose == "new":
            from boardgames_tui.ui.setup import SetupScreen

            self.app.push_screen(SetupScreen(rules))
        else:
            from boardgames_tui.ui.rules_viewer import RulesScreen

            self.app.push_screen(RulesScreen(rules))

    def action_back(self) -> None:
        self.dismiss(None)


class ContinueScreen(SizedScreen[None]):
    BINDINGS = [Binding("escape", "back", "Back")]

    def compose_body(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="panel wide centered"):
            yield Static("Continue a saved game", classes="heading")
            yield OptionList(id="saves")
            yield Static("", id="save-message")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Continue"
        self.refresh_list()
        self.query_one("#saves", OptionList).focus()

    def refresh_list(self) -> None:
        from boardgames_tui.engine.saves import SaveSummary

        listing = self.query_one("#saves", OptionList)
        listing.clear_options()
        entries = [entry for entry in self.app.store.list() if not (isinstance(entry, SaveSummary) and entry.finished)]
        self.entries = entries
        if not entries:
            listing.add_option(Option("No saved games yet.", id="none", disabled=True))
            return
        for index, entry in enumerate(entries):
            if isinstance(entry, SaveSummary):
                when = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M")
                listing.add_option(
                    Option(
                        f"[b]{entry.game_title}[/b] · {', '.join(entry.players)}\n"
                        f"  [dim]{entry.progress} · saved {when}[/dim]",
                        id=str(index),
                    )
                )
            else:
                listing.add_option(
                    Option(f"[red]Unreadable:[/red] {entry.path.name}\n  [dim]{entry.message}[/dim]", id=str(index))
                )
        listing.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id in (None, "none"):
            return
        from boardgames_tui.engine.saves import BrokenSave

        entry = self.entries[int(event.option.id)]
        message = self.query_one("#save-message", Static)
        if isinstance(entry, BrokenSave):
            message.update(
                f"[red]{entry.path.name} {entry.message}.[/red] The file is left as it is, in {entry.path.parent}."
            )
            return
        self.app.resume(entry.path, on_error=lambda text: message.update(f"[red]{text}[/red]"))

    def action_back(self) -> None:
        self.dismiss(None)
