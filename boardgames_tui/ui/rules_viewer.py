"""The rules of a game, in our own words, from assets/<game>/rules.md."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Markdown

from boardgames_tui.engine.contract import GameRules
from boardgames_tui.ui.base import SizedScreen


class RulesScreen(SizedScreen[None]):
    BINDINGS = [
        Binding("escape,q,f1", "close", "Close rules"),
    ]

    def __init__(self, rules: GameRules) -> None:
        super().__init__()
        self.rules = rules

    def compose_body(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(self.rules.rules_text(), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"Rules — {self.rules.title}"
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
