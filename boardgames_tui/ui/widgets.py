"""Small widgets shared by every game's screen."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from rich.text import Text
from textual.css.scalar import Scalar
from textual.geometry import Region
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import Checkbox, Static

from boardgames_tui.ui.palette import SEAT_COLOURS, SEAT_SYMBOLS
from boardgames_tui.ui.textual_compat import count_repeated_layout_request, renders_markup

if TYPE_CHECKING:
    from boardgames_tui.engine.table import Table


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
    # What the panel's text was last built from (see `drawn_from`).
    _inputs: tuple[Any, ...] | None = None

    def drawn_from(self, *inputs: Any) -> bool:
        """Whether the text was last built from these very inputs; records them if not.

        A cursor move redraws the whole screen from the same view: a panel that does not
        follow the cursor skips building its text again, a good share of an arrow key's
        cost in a screen of several side panels.  A game state counts as the same only
        when it is the same object, never by comparing it field by field: a new state is a
        move.  Anything else is compared by value.
        """
        last = self._inputs
        if last is not None and len(last) == len(inputs) and all(
            new is old or (not isinstance(new, BaseModel) and new == old) for new, old in zip(inputs, last)
        ):
            return True
        self._inputs = inputs
        return False

    def forget_inputs(self) -> None:
        """The next `drawn_from` builds the text again (its width changed, say)."""
        self._inputs = None

    def show_text(self, text: Text | str, *, layout: bool = False) -> None:
        """`layout=True` for the rare panel whose size follows its text (a growing map)."""
        # The same object first: a cached text (a planet's row) is handed back as is,
        # and comparing two Texts span by span is most of what an unchanged panel costs.
        if text is self._shown or text == self._shown:
            return
        before, self._shown = self._shown, text
        if layout and self._same_height(before, text):
            layout = False
        rows = None if layout else self._rows_changed(before, text)
        if rows is None:
            self.update(text, layout=layout)
            return
        # Static.update refreshes the whole panel: only these rows, this once.
        self._refresh_only = [Region(0, row, self.size.width, 1) for row in rows]
        try:
            self.update(text, layout=False)
        finally:
            self._refresh_only = None

    # The rows an update repaints instead of the whole panel (see `_rows_changed`).
    _refresh_only: list[Region] | None = None

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Widget:
        if self._refresh_only is not None and not regions and not layout and not recompose:
            regions = tuple(self._refresh_only)
        if layout:
            # A second text given before the screen heard of the first one's layout (a
            # panel drawn from its resize, during a layout, and again before the next)
            # must count, or the panel keeps the first text's height.
            count_repeated_layout_request(self)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _same_height(self, before: Text | str | None, text: Text | str) -> bool:
        """Whether `text` takes exactly the rows the text shown takes, so that a panel whose
        height follows its text need not lay the screen out again (a bot's move rewrites
        Bloom Kingdom's turn row, two rows before and after: a whole layout each time
        would cost more than the move).  Rows are counted as Textual's layout counts them."""
        width = self.size.width
        if before is None or width <= 0 or not self.is_mounted or (self.styles.width is not None and self.styles.width.is_auto):
            return False
        return self._rows_of(before, width) == self._rows_of(text, width)

    def _rows_of(self, text: Text | str, width: int) -> int:
        known = self._rows_known
        if known is not None and known[0] is text and known[1] == width:
            return known[2]
        rows = visualize(self, text, markup=renders_markup(self)).get_height(self.styles, width)
        self._rows_known = (text, width, rows)
        return rows

    # The text shown and its lines, split (`_rows_changed`).
    _lines_known: tuple[Text, list[Text]] | None = None
    # The last text measured, the width and its rows (`_rows_of`).
    _rows_known: tuple[Text | str, int, int] | None = None

    def _rows_changed(self, before: Text | str | None, text: Text | str) -> list[int] | None:
        """The rows that differ between the text shown and `text`, when the panel can be
        repainted row by row; None for the whole panel.

        A cursor key changes a few lines of a tall panel (Bloom Kingdom's hand: the two
        cards the cursor left and reached, and the card shown in full below), and Textual
        repaints, and composes onto the screen, every row of a panel updated whole: most
        of what a cursor key costs beyond Textual's own.  A line that fits the
        width is one row, so rows are exact up to the first line that wraps; from there
        to the foot of the panel every row is repainted.
        """
        width, height = self.size
        if (
            not isinstance(before, Text)
            or not isinstance(text, Text)
            or not self.is_mounted
            or width <= 0
            or self.scroll_offset.y
            or (before.style, before.justify, before.overflow, before.no_wrap, before.end)
            != (text.style, text.justify, text.overflow, text.no_wrap, text.end)
            or "\t" in text.plain
            or self.styles.content_align_vertical != "top"
        ):
            return None
        known = self._lines_known
        old_lines = known[1] if known is not None and known[0] is before else before.split("\n", allow_blank=True)
        new_lines = text.split("\n", allow_blank=True)
        # Split once: the text shown now is the one compared with at the next update.
        self._lines_known = (text, new_lines)
        rows: list[int] = []
        for row in range(max(len(old_lines), len(new_lines))):
            old = old_lines[row] if row < len(old_lines) else None
            new = new_lines[row] if row < len(new_lines) else None
            if (old is not None and old.cell_len > width) or (new is not None and new.cell_len > width):
                # Wrapped (or cut): where the rows below fall is the renderer's to say.
                if old != new or any(
                    a != b for a, b in zip(old_lines[row:], new_lines[row:])
                ) or len(old_lines) != len(new_lines):
                    rows.extend(range(row, max(row + 1, height)))
                return rows
            if old != new:
                rows.append(row)
        return rows


class MessageBar(TextPanel):
    """The status line: a hint, a prompt or a refusal, never lost.

    Its height follows its text (CSS `height: auto`, capped by `max-height`), so a
    long message wraps onto more lines (`_line_limit`).  One longer still shows its first lines and
    ends with a line saying that F3 shows it whole (`toggle_whole`): the bar then
    grows to half the window: a notification would cover the choice list the message
    talks about, and then be gone.  Any new
    message shrinks the bar again, so one seat's message never stays over the next
    seat's turn.  The screen is laid out again only when the number of lines changes,
    so a keypress that rewrites a one-line prompt repaints this bar alone.  While only
    a cursor moves, the prompt or a note on the place under the cursor never makes the
    bar shorter: Evergreen's prompt names the space under the cursor and takes one line
    or two at 120 columns, and a bar that followed it would lay the whole screen out
    again at every other arrow key and make the planet jump a row; the next move or
    message fits the bar exactly again.
    """

    WHOLE_KEY = "F3"

    _lines = 1
    # The message as given; what shows may be its first lines only.
    _message: Text | str | None = None
    # Whether F3 has opened the bar to show the whole message.
    expanded = False
    # Whether the bar shows only the start of its message now.
    is_cut = False
    # Whether the bar shows what follows the cursor (the seat's prompt, a note on the
    # place under the cursor), rather than a hint, a refusal or news.
    _follows_cursor = False

    def show_text(
        self, text: Text | str, *, layout: bool = False, follows_cursor: bool = False, cursor_only: bool = False
    ) -> None:
        """`follows_cursor`: the seat's prompt or a note on the place under the cursor;
        `cursor_only`: only a highlight moved since the bar was last set."""
        if text == self._message:
            return
        # What follows the cursor keeps the bar's height as the cursor moves: never shorter.
        steady = self._lines if follows_cursor and cursor_only and self._follows_cursor else 0
        self._follows_cursor = follows_cursor
        self._message = text
        self.expanded = False
        self._fit(layout=layout, steady=steady)

    def toggle_whole(self) -> None:
        """F3: the whole message, or back to its first lines."""
        if self.is_cut or self.expanded:
            self.expanded = not self.expanded
            self._fit()

    def on_resize(self) -> None:
        # Where the cut falls depends on the width: fit the message again.
        if self._message is not None:
            self._fit()

    def _fit(self, *, layout: bool = False, steady: int = 0) -> None:
        assert self._message is not None
        text = self._message if isinstance(self._message, Text) else Text(self._message)
        width = self.content_region.width
        limit = self._line_limit()
        lines = text.wrap(self.app.console, width) if width > 0 else None
        was_cut = self.is_cut
        if lines is not None and limit is not None and len(lines) > limit:
            shown = Text("\n").join(lines[: limit - 1])
            shown.append("\n")
            shown.append(f"… {self.WHOLE_KEY}: the whole message", style="bold reverse")
            count = limit
            self.is_cut = True
        else:
            # Always as Text: a message is data, never read as markup, cut or not.
            shown = text
            count = len(lines) if lines is not None else self._lines
            self.is_cut = False
            if count < steady:
                shown = text + Text("\n" * (steady - count))
                count = steady
        # Open, the bar may take more than its CSS cap: an inline cap, set only on change.
        wanted = Scalar.from_number(limit) if self.expanded and limit is not None else None
        if self.styles.inline.max_height != wanted:
            if wanted is None:
                self.styles.clear_rule("max_height")
            else:
                self.styles.max_height = wanted
        super().show_text(shown, layout=layout or count != self._lines)
        self._lines = count
        if was_cut != self.is_cut:
            # The footer offers F3 only while there is more to show.
            self.screen.refresh_bindings()

    def _line_limit(self) -> int | None:
        """How many lines the bar may take: its CSS cap, lowered to an eighth of the
        window (never below 3) so that at 80×24 the panels above keep their room (a
        five-line hint pushed Everbloom's choice list and Bloom Kingdom's hand off the
        screen); half the window once F3 has opened it."""
        most = self.styles.base.max_height
        if most is None or not most.is_cells:
            return None
        cap = int(most.value)
        if self.expanded:
            return max(cap, self.app.size.height // 2)
        return min(cap, max(3, self.app.size.height // 8))


# Each seat's colour comes with a symbol, so a player never depends on colour alone.
SEAT_MARKS = tuple(zip(SEAT_SYMBOLS, SEAT_COLOURS))


def seat_mark(seat: int) -> Text:
    symbol, colour = SEAT_MARKS[seat % len(SEAT_MARKS)]
    return Text(symbol, style=f"bold {colour}")


PRESENCE_INDENT = "   "

# What a seat's hand panel says while the screen shows no seat's own view: at a shared
# keyboard, between two players; to a watcher, always.
HAND_HIDDEN_BETWEEN_PLAYERS = "Hidden until the next player is at the keyboard."
HAND_HIDDEN_FROM_WATCHERS = "You are watching: nobody's hand is shown."


def seat_presence(table: Table) -> dict[int, list[Text]]:
    """Each seat played from another machine, as a game's players panel shows it in
    lines under the seat's row (indented by `PRESENCE_INDENT`): here, not here yet, away
    since when, a bot playing for it meanwhile."""
    away, stand_ins = table.away(), table.stand_ins()
    presence = {}
    for seat, info in enumerate(table.seats):
        if not info.is_remote or table.played_here(seat):
            continue  # a replay's, or the joined seat's own
        if seat not in away:
            lines = [Text("back, a bot still plays", style="italic") if seat in stand_ins else Text("here", style="dim")]
        elif not table.joined_yet(seat):
            lines = [Text("not here yet", style="bold")]
        else:
            since = table.away_since(seat)
            lines = [Text(f"away since {clock_time(since)}" if since is not None else "away", style="bold")]
            if seat in stand_ins:
                lines.append(Text("a bot plays meanwhile", style="italic"))
        presence[seat] = lines
    return presence


def clock_time(moment: datetime) -> str:
    """"14:05" today, "Tue 14:05" another day."""
    local = moment.astimezone()
    return local.strftime("%H:%M" if local.date() == datetime.now().astimezone().date() else "%a %H:%M")


class OnOffBox(Checkbox):
    """A checkbox that says whether it is on: "on" or "off" after its caption, and its
    mark only while on (Textual's draws the same X either way, one colour or the other)."""

    def __init__(self, caption: str, value: bool = False, **options: Any) -> None:
        self.caption = caption
        super().__init__(self._label_for(value), value, **options)
        self.BUTTON_INNER = self._mark_for(value)

    def _label_for(self, value: bool) -> Text:
        # Text, not markup: a game's option may be described with any character.
        return Text(f"{self.caption}: {'on' if value else 'off'}")

    @staticmethod
    def _mark_for(value: bool) -> str:
        return "X" if value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self._mark_for(self.value)
        self.label = self._label_for(self.value)
        super().watch_value()
