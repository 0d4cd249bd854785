"""The game log: each seat's own log lines, wrapped to the log's width."""

from __future__ import annotations

from typing import Any

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog

from boardgames_tui.engine.contract import LogEntry
from boardgames_tui.ui.textual_compat import rich_log_show_lines, rich_log_size_known, scroll_to_virtual_size


def log_text(entry: LogEntry) -> Text:
    """A log entry as the log shows it: a line only its seat may read is in italics."""
    return Text(entry.text, style="italic" if entry.visible_to else "")


class GameLog(RichLog, can_focus=False):
    """The log never takes focus: the arrow keys belong to the game; the wheel scrolls it.

    RichLog keeps each line wrapped to the width it had when it was written, so the
    log keeps what it was given and writes it all again whenever its width changes
    (a resize, a compact layout's panel opening): no line stays cut to an old width.

    Written again whole, it is written in one go (`show_entries`): every pass of the
    keyboard shows the next seat its own log, and its lines are nearly all the ones
    the last seat saw.  Each entry's wrapped lines are kept per width, and the log's
    size is set once, not once a line (a long log written line by line costs many
    times a keypress).
    """

    # Kept wrapped lines beyond this many are forgotten (a long game at several widths).
    RENDERED_LIMIT = 4000

    # The log's size comes from CSS, never from its lines: a new line moves its scroll
    # bar, not the other panels, so it needs no layout of the screen (Textual lays the
    # whole screen out whenever a widget's virtual size changes: every move written to
    # the log did, most of the CPU of a bot's move on screen).  A scroll bar that comes
    # or goes still lays the screen out (`show_vertical_scrollbar`).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted:
            scroll_to_virtual_size(self, size)

    def __init__(self, **kwargs: Any) -> None:
        # Always wrapped, never cut to a number of lines: `show_entries` draws as
        # `write` does with these two settings.
        super().__init__(wrap=True, max_lines=None, **kwargs)
        self._entries: list[Text] = []
        self._written_width: int | None = None
        self._rendered: dict[tuple[Any, ...], tuple[list[Strip], int]] = {}

    def add_entry(self, text: Text) -> None:
        self._entries.append(text)
        if self._put_away():
            return
        self.write(text)

    def _put_away(self) -> bool:
        """Whether the log is hidden now (Pollen's short screen shows the news instead):
        it has no width, so a line written now would wrap at `min_width`, and shown again
        at its old width it would not be written again. It is written when it has a width."""
        if rich_log_size_known(self) and self.scrollable_content_region.width == 0:
            self._written_width = None
            return True
        return False

    def show_entries(self, entries: list[Text]) -> None:
        """Shows exactly `entries`, from the top, as `write` would have drawn them."""
        self._entries = list(entries)
        if self._put_away():
            return
        if not rich_log_size_known(self):
            # RichLog holds writes back until it knows its width: written one by one.
            self.clear()
            for text in self._entries:
                self.write(text)
            return
        width = self.scrollable_content_region.width
        lines: list[Strip] = []
        widest = 0
        for text in self._entries:
            strips, line_width = self._wrapped_lines(text, width)
            lines.extend(strips)
            widest = max(widest, line_width)
        rich_log_show_lines(self, lines, widest)
        self.refresh()
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _wrapped_lines(self, text: Text, width: int) -> tuple[list[Strip], int]:
        """`text`'s lines as `write` renders them at `width` (shrunk to fit, never below
        `min_width`), and the widest line's width; kept for the next time."""
        key = (text.plain, text.style, tuple(text.spans), text.justify, text.overflow, text.no_wrap, width, self.min_width)
        known = self._rendered.get(key)
        if known is not None:
            return known
        if len(self._rendered) >= self.RENDERED_LIMIT:
            self._rendered.clear()
        console = self.app.console
        text = text.copy()
        text.expand_tabs()
        options = console.options
        render_width = max(min(measure_renderables(console, options, [text]).maximum, width), self.min_width)
        split = list(Segment.split_lines(console.render(text, options.update_width(render_width))))
        if split:
            known = (Strip.from_lines(split), max(sum(segment.cell_length for segment in line) for line in split))
        else:
            known = ([Strip.blank(render_width)], render_width)
        self._rendered[key] = known
        return known

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width == self._written_width or width == 0:
            # Only the height changed (a panel above grew): keep the newest line in
            # view, as a write would.
            if self.auto_scroll:
                self.scroll_end(animate=False, immediate=False, x_axis=False)
            return
        self._written_width = width
        self.show_entries(self._entries)
