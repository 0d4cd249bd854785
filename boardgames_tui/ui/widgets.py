"""Small widgets shared by every game's screen."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class TextPanel(Static):
    """A panel of text that redraws only when its text changes.

    Its size comes from CSS, never from its text, so an update repaints the panel
    alone instead of laying out the whole screen again: that keeps a keypress cheap.
    """

    _shown: Text | str | None = None

    def show_text(self, text: Text | str) -> None:
        if text == self._shown:
            return
        self._shown = text
        self.update(text, layout=False)
