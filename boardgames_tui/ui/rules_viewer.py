"""A game's reference in three tabs: the rules (assets/<game>/rules.md), every
component with its full text (the game's catalogue), and what each symbol on its
screen means (the game's legend).

Catalogue and legend are our own data, but they are drawn as `rich.text.Text` and
Rich tables all the same: nothing in them is ever read as markup.
"""

from __future__ import annotations

from typing import Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Header, Input, Markdown, Static, TabbedContent, TabPane

from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.reference import CatalogueSection, LegendEntry, filter_catalogue
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.footer import KeysFooter

Tab = Literal["rules", "components", "legend"]


def catalogue_text(sections: list[CatalogueSection]) -> Text:
    """Every section and entry in full, one block per component."""
    text = Text()
    for index, section in enumerate(sections):
        if index:
            text.append("\n")
        text.append(f"{section.title} ({len(section.entries)})\n", style="bold underline")
        if section.about:
            text.append(f"{section.about}\n", style="italic dim")
        for entry in section.entries:
            text.append(f"\n{entry.title}\n", style="bold")
            for line in entry.lines:
                text.append(f"  {line}\n")
    if not sections:
        text.append("Nothing matches.", style="dim")
    text.rstrip()
    return text


def legend_renderable(entries: list[LegendEntry]) -> RenderableType:
    """One two-column table per screen area (in the order each is first named): the
    symbol as drawn, then its meaning."""
    areas: dict[str, list[LegendEntry]] = {}
    for entry in entries:
        areas.setdefault(entry.where, []).append(entry)
    parts: list[RenderableType] = []
    for where, group in areas.items():
        table = Table(title=Text(where, style="bold underline"), title_justify="left", show_header=False,
                      box=None, expand=True, padding=(0, 1))
        table.add_column("symbol", style="bold", ratio=1, overflow="fold")
        table.add_column("meaning", ratio=3, overflow="fold")
        for entry in group:
            table.add_row(Text(entry.symbol), Text(entry.meaning))
        parts.append(table)
        parts.append(Text(""))
    return Group(*parts)


class RulesScreen(SizedScreen[None]):
    # How the game screen under it names it (`GameScreen.on_screen_resume`).
    LAYER_NAME = "the rules"
    BINDINGS = [
        Binding("escape,q,f1", "close", "Close"),
        Binding("f2", "show_tab('legend')", "Legend"),
        Binding("f3", "show_tab('components')", "Components"),
        Binding("slash", "search", "Search components"),
        Binding("L", "learn", "Learn"),
    ]

    def __init__(self, game: Game, tab: Tab = "rules") -> None:
        super().__init__()
        self.game = game
        self.first_tab = tab
        self.sections = game.reference.catalogue()

    def compose_body(self) -> ComposeResult:
        yield Header()
        with TabbedContent(initial=f"{self.first_tab}-tab", id="rules-tabs"):
            with TabPane("Rules", id="rules-tab"):
                with VerticalScroll(id="rules-scroll"):
                    yield Markdown(self.game.reference.rules_text(), id="rules-text")
            with TabPane("Components", id="components-tab"):
                yield Input(placeholder="Search components (/): words a component mentions", id="catalogue-search")
                with VerticalScroll(id="catalogue-scroll"):
                    yield Static(catalogue_text(self.sections), id="catalogue-text")
            with TabPane("Legend", id="legend-tab"):
                with VerticalScroll(id="legend-scroll"):
                    yield Static(legend_renderable(self.game.reference.legend()), id="legend-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = f"Rules — {self.game.title}"
        self._focus_tab(self.first_tab)

    def _focus_tab(self, tab: str) -> None:
        self.query_one(f"#{tab}-scroll" if tab != "components" else "#catalogue-scroll").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#catalogue-text", Static).update(catalogue_text(filter_catalogue(self.sections, event.value)))
        self.query_one("#catalogue-scroll", VerticalScroll).scroll_home(animate=False)

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = f"{tab}-tab"
        # Focus follows the key, so the arrows and page keys scroll the tab shown.
        self._focus_tab(tab)

    def action_search(self) -> None:
        self.action_show_tab("components")
        self.query_one("#catalogue-search", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "learn":
            from boardgames_tui.engine.lessons import lesson_book

            return lesson_book(self.game.slug) is not None
        return True

    def action_learn(self) -> None:
        """Learn to play from the rules: the guided first game (a game in progress is
        already saved, as after every move)."""
        self.app.start_guided(self.game.slug)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)
