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


class MessageBar(TextPanel):
    """The status line: a hint, a prompt or a refusal, never cut.

    Its height follows its text (CSS `height: auto`, capped by `max-height`), so a
    long message wraps onto more lines; one longer still goes to a notification as
    well, whole.  That notification is taken down as soon as the bar says something
    else (a move, a curtain): a seat's message never stays over the next seat's turn.
    The screen is laid out again only when the number of wrapped lines changes, so a
    keypress that rewrites a one-line prompt repaints this bar alone.
    """

    _lines = 1
    _notified = False

    def show_text(self, text: Text | str, *, layout: bool = False) -> None:
        if text == self._shown:
            return
        if self._notified:
            self.app.clear_notifications()
            self._notified = False
        lines = self._wrapped_lines(text)
        super().show_text(text, layout=layout or lines != self._lines)
        self._lines = lines
        most = self.styles.max_height
        if most is not None and most.is_cells and lines > most.value:
            self.notify(text.plain if isinstance(text, Text) else text, markup=False, timeout=10)
            self._notified = True

    def _wrapped_lines(self, text: Text | str) -> int:
        width = self.content_region.width
        if width <= 0:
            return self._lines
        text = text if isinstance(text, Text) else Text(text)
        return len(text.wrap(self.app.console, width))


# Each seat's colour comes with a symbol, so a player never depends on colour alone.
SEAT_MARKS = (("▲", "bright_red"), ("●", "bright_blue"), ("■", "bright_green"), ("◆", "bright_yellow"))
SEAT_BACKGROUNDS = ("on #4a1c1c", "on #1c2a4a", "on #1c4a24", "on #4a431c")


def seat_mark(seat: int) -> Text:
    symbol, colour = SEAT_MARKS[seat % len(SEAT_MARKS)]
    return Text(symbol, style=f"bold {colour}")
