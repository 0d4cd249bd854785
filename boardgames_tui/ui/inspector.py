"""The inspector: the full text of whatever a seat has highlighted, laid over the board.

A game screen says what is highlighted (`GameScreen.inspect_target`, a
`CatalogueEntry` from the game's own catalogue, so one source describes each
component); the panel shows it whole, wrapped and scrollable, never cut.  It is part
of the seat's screen: it closes whenever the keyboard passes.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames_tui.engine.reference import CatalogueEntry


def entry_text(entry: CatalogueEntry) -> Text:
    """The entry as plain text (never markup): its title, then one line per fact."""
    text = Text(entry.title, style="bold")
    for line in entry.lines:
        text.append("\n")
        text.append(line)
    return text


class InspectorPanel(VerticalScroll, can_focus=False):
    """Laid over the right of the board; scrolls with the mouse wheel when the text is long."""

    DEFAULT_CSS = """
    InspectorPanel {
        display: none;
        position: absolute;
        overlay: screen;
        width: 50vw;
        min-width: 40;
        max-width: 100vw;
        height: auto;
        max-height: 80vh;
        offset: 50vw 2;
        padding: 0 1;
        border: round $accent;
        border-title-align: left;
        border-subtitle-align: right;
        background: $panel;
    }
    InspectorPanel.-open { display: block; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.entry: CatalogueEntry | None = None

    def compose(self):
        yield Static("", id="inspector-text")

    def show_entry(self, entry: CatalogueEntry) -> None:
        self.border_title = "Inspect"
        self.border_subtitle = "i or Escape closes"
        if entry != self.entry:
            self.entry = entry
            self.query_one("#inspector-text", Static).update(entry_text(entry))
            self.scroll_home(animate=False)
        self.add_class("-open")

    def follow(self, entry: CatalogueEntry | None) -> None:
        """While open, show `entry`, what is highlighted now (the cursor moved); with
        nothing highlighted any more, close."""
        if not self.is_open:
            return
        if entry is None:
            self.close()
        else:
            self.show_entry(entry)

    def close(self) -> bool:
        """Close the panel; True if it was open."""
        was_open = self.has_class("-open")
        self.remove_class("-open")
        self.entry = None
        return was_open

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")
