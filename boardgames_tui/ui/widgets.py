"""Small widgets shared by every game's screen."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static


def set_border_title(widget: Widget, title: str) -> None:
    """Sets a border title only when it changes: Textual repaints the widget (and all
    its children) whenever the title is set, even to the same text.

    The title is shown literally, never read as markup: it often holds a player's name.
    """
    if getattr(widget, "_literal_border_title", None) != title:
        widget._literal_border_title = title  # type: ignore[attr-defined]
        widget.border_title = Text(title)


class TextPanel(Static):
    """A panel of text that redraws only when its text changes.

    Its size comes from CSS, never from its text, so an update repaints the panel
    alone instead of laying out the whole screen again: that keeps a keypress cheap.
    """

    _shown: Text | str | None = None

    def show_text(self, text: Text | str, *, layout: bool = False) -> None:
        """`layout=True` for the rare panel whose size follows its text (a growing map)."""
        if text == self._shown:
            return
        self._shown = text
        self.update(text, layout=layout)


# Each seat's colour comes with a symbol, so a player never depends on colour alone.
SEAT_MARKS = (("▲", "bright_red"), ("●", "bright_blue"), ("■", "bright_green"), ("◆", "bright_yellow"))
SEAT_BACKGROUNDS = ("on #4a1c1c", "on #1c2a4a", "on #1c4a24", "on #4a431c")


def seat_mark(seat: int) -> Text:
    symbol, colour = SEAT_MARKS[seat % len(SEAT_MARKS)]
    return Text(symbol, style=f"bold {colour}")
