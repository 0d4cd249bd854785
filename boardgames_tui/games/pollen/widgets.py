"""Widgets of the Pollen screen: the garden, the hand, the pollinator supply, players."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.games.pollen.content import cards, insects
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules import card_owner, token_insects
from boardgames_tui.ui.widgets import SEAT_BACKGROUNDS, SEAT_MARKS, TextPanel, seat_mark, set_border_title

# A cell is 9×3 characters inside grid lines; a token sits on a grid crossing.
PITCH_X = 10
PITCH_Y = 4
CURSOR = "bold black on bright_white"
_INSECTS = insects()
_CARDS = cards(4)
INSECT_STYLE = ("bold yellow", "bold magenta", "bold green")
INSECT_SHORT = tuple(insect.name[:2] for insect in _INSECTS)

Cell = tuple[int, int]


def token_text(token: int, face_up: bool = True) -> Text:
    if not face_up:
        return Text("[××]", style="dim")
    text = Text("[", style="bold")
    for insect in token_insects(token):
        text.append(INSECT_SHORT[insect], style=INSECT_STYLE[insect])
    text.append("]", style="bold")
    return text


def card_icons(card: int) -> Text:
    """A card's icons in a few cells: "4×Bu" or "★★"."""
    info = _CARDS[card]
    if info.insect is None:
        return Text("★" * info.icons, style="bold white")
    return Text(f"{info.icons}×{INSECT_SHORT[info.insect]}", style=INSECT_STYLE[info.insect])


def card_lines(card: int, names: list[str]) -> list[Text]:
    """Three 9-character lines for a garden card: owner, kind, icons."""
    owner = card_owner(card)
    background = SEAT_BACKGROUNDS[owner % len(SEAT_BACKGROUNDS)]
    symbol, colour = SEAT_MARKS[owner % len(SEAT_MARKS)]
    first = Text(f"{symbol}{names[owner][:7]}", style=f"bold {colour}")
    info = _CARDS[card]
    # The name on the second line, the count as icons on the third.
    second = Text("Wild star" if info.insect is None else _INSECTS[info.insect].name)
    if info.insect is None:
        third = Text("★" * info.icons, style="bold white")
    else:
        third = Text("●" * info.icons, style=INSECT_STYLE[info.insect])
    lines = []
    for line in (first, second, third):
        line.truncate(9, pad=True)
        line.stylize(background)
        lines.append(line)
    return lines


class Picked(Message):
    def __init__(self, area: str, key: Any) -> None:
        super().__init__()
        self.area = area
        self.key = key


class Canvas:
    """Characters and their styles, drawn cell by cell, turned into Rich lines."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, row: int, column: int, text: Text) -> None:
        if not 0 <= row < len(self.chars):
            return
        chars, styles = self.chars[row], self.styles[row]
        for offset, char in enumerate(text.plain):
            if 0 <= column + offset < self.width:
                chars[column + offset] = char
                styles[column + offset] = text.style if isinstance(text.style, str) else ""
        for span in text.spans:
            for offset in range(span.start, span.end):
                if 0 <= column + offset < self.width:
                    styles[column + offset] = f"{styles[column + offset]} {span.style}".strip()

    def line(self, row: int) -> Text:
        chars, styles = self.chars[row], self.styles[row]
        line = Text()
        start = 0
        for column in range(1, self.width + 1):
            if column == self.width or styles[column] != styles[start]:
                line.append("".join(chars[start:column]), style=styles[start] or None)
                start = column
        return line

    def copy_rows(self, rows: range) -> Canvas:
        """A canvas sharing nothing with this one on `rows` (others are not copied)."""
        copied = Canvas.__new__(Canvas)
        copied.width = self.width
        copied.chars = [list(chars) if index in rows else chars for index, chars in enumerate(self.chars)]
        copied.styles = [list(styles) if index in rows else styles for index, styles in enumerate(self.styles)]
        return copied


class GardenView(ScrollView, can_focus=False):
    """The garden on a character canvas: it grows in every direction and scrolls.

    A line-API widget: the garden is drawn once per move, and a cursor move repaints
    only the few lines its frame touches, so walking over a big garden stays cheap.
    It never takes focus: the arrow keys move the screen's cursor, and the garden
    scrolls to follow it.
    """

    origin: Cell = (0, 0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._base_key: tuple | None = None
        self._base: Canvas | None = None
        self._base_lines: list[Text] = []
        self._lines: list[Text] = []
        self._strips: dict[int, Strip] = {}

    def show(
        self,
        view: PollenState,
        *,
        open_cells: set[Cell],
        pending_points: set[Cell],
        cursor_cell: Cell | None,
        cursor_point: Cell | None,
    ) -> None:
        # The view itself is in the key (not its id(), which a new object may reuse).
        key = (view, frozenset(open_cells), frozenset(pending_points))
        if self._base_key is None or self._base_key[0] is not view or self._base_key[1:] != key[1:]:
            self._base_key = key
            self._base = self._draw_garden(view, open_cells)
            self._base_lines = [self._base.line(row) for row in range(len(self._base.chars))]
        base = self._base
        assert base is not None
        left, top = self.origin
        lines = list(self._base_lines)
        if cursor_cell is not None:
            row, column = (cursor_cell[1] - top) * PITCH_Y + 1, (cursor_cell[0] - left) * PITCH_X + 1
            rows = range(row - 1, row + 4)
            canvas = base.copy_rows(rows)
            frame = "bold bright_white"
            canvas.put(row - 1, column - 1, Text("┏" + "━" * 9 + "┓", style=frame))
            canvas.put(row + 3, column - 1, Text("┗" + "━" * 9 + "┛", style=frame))
            for index in range(3):
                canvas.put(row + index, column - 1, Text("┃", style=frame))
                canvas.put(row + index, column + 9, Text("┃", style=frame))
            # Tokens sit on the frame's corners and stay readable on top of it.
            for placed in view.tokens:
                point_row = (placed.y - top) * PITCH_Y
                if point_row in (row - 1, row + 3):
                    marker = token_text(placed.token, placed.face_up)
                    canvas.put(point_row, (placed.x - left) * PITCH_X - len(marker) // 2, marker)
            for index in rows:
                if 0 <= index < len(lines):
                    lines[index] = canvas.line(index)
        for x, y in pending_points:
            row = (y - top) * PITCH_Y
            canvas = base.copy_rows(range(row, row + 1))
            style = CURSOR if cursor_point == (x, y) else "bold black on green"
            canvas.put(row, (x - left) * PITCH_X - 2, Text("[ ? ]", style=style))
            lines[row] = canvas.line(row)
        self._set_lines(lines, base.width)

    def _set_lines(self, lines: list[Text], width: int) -> None:
        size = Size(width, len(lines))
        if size != self.virtual_size or len(lines) != len(self._lines):
            self._lines = lines
            self._strips.clear()
            self.virtual_size = size
            self.refresh()
            return
        for row, (old, new) in enumerate(zip(self._lines, lines)):
            if old is not new and old != new:
                self._strips.pop(row, None)
                self.refresh_lines(row)
        self._lines = lines

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.size.width
        style = self.rich_style
        if row >= len(self._lines):
            return Strip.blank(width, style)
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = Strip(self._lines[row].render(self.app.console))
        return strip.crop_extend(scroll_x, scroll_x + width, style).apply_style(style)

    def _draw_garden(self, view: PollenState, open_cells: set[Cell]) -> Canvas:
        names = [seat.name for seat in view.seats]
        cells = {(planted.x, planted.y): planted.card for planted in view.garden}
        points = [(placed.x, placed.y) for placed in view.tokens]
        xs = [x for x, _ in cells] + [x for x, _ in open_cells] + [x for x, _ in points] + [x - 1 for x, _ in points]
        ys = [y for _, y in cells] + [y for _, y in open_cells] + [y for _, y in points] + [y - 1 for _, y in points]
        left, right = min(xs) - 1, max(xs) + 1
        top, bottom = min(ys) - 1, max(ys) + 1
        self.origin = (left, top)
        canvas = Canvas((right - left + 1) * PITCH_X + 1, (bottom - top + 1) * PITCH_Y + 1)
        # Faint grid crossings show where tokens can sit.
        dot = Text("·", style="dim")
        for row in range(0, len(canvas.chars), PITCH_Y):
            for column in range(0, canvas.width, PITCH_X):
                canvas.put(row, column, dot)
        for (x, y), card in cells.items():
            row, column = (y - top) * PITCH_Y + 1, (x - left) * PITCH_X + 1
            for index, line in enumerate(card_lines(card, names)):
                canvas.put(row + index, column, line)
        free = "on #16261a"
        for x, y in open_cells:
            row, column = (y - top) * PITCH_Y + 1, (x - left) * PITCH_X + 1
            canvas.put(row, column, Text(" " * 9, style=free))
            canvas.put(row + 1, column, Text("    +    ", style=f"green {free}"))
            canvas.put(row + 2, column, Text(" " * 9, style=free))
        for placed in view.tokens:
            marker = token_text(placed.token, placed.face_up)
            canvas.put((placed.y - top) * PITCH_Y, (placed.x - left) * PITCH_X - len(marker) // 2, marker)
        return canvas

    def region_of(self, cell: Cell) -> Region:
        """Where a cell (with its cursor frame) is drawn: x, y, width, height."""
        left, top = self.origin
        return Region((cell[0] - left) * PITCH_X, (cell[1] - top) * PITCH_Y, PITCH_X + 1, PITCH_Y + 1)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        offset = offset + self.scroll_offset
        left, top = self.origin
        cell = (left + offset.x // PITCH_X, top + offset.y // PITCH_Y)
        point = (left + round(offset.x / PITCH_X), top + round(offset.y / PITCH_Y))
        self.post_message(Picked("garden", (cell, point)))


class HandPanel(TextPanel):
    """The viewer's garden cards, or the pollinator tokens they drew to place."""

    def show(self, view: PollenState, viewer: int | None, selected: int | None, drawn: list[int]) -> None:
        self._entries: list[int] = []
        if viewer is None:
            set_border_title(self, "Hand")
            self.show_text(Text("Hidden until the next player is at the keyboard.", style="dim italic"))
            return
        set_border_title(self, f"{view.name(viewer)}'s hand ({len(view.players[viewer].hand)} cards, deck {len(view.players[viewer].deck)})")
        line = Text()
        if view.phase == "assign" and viewer == view.active:
            self._entries = list(drawn)
            line.append("Tokens to place: ", style="bold")
            for number, token in enumerate(drawn, start=1):
                mark = "▶" if token == selected else " "
                piece = Text(f"{mark}{number} ", style="bold")
                piece.append_text(token_text(token))
                if token == selected:
                    piece.stylize("on grey35")
                line.append_text(piece)
                line.append("  ")
        else:
            cards = [card for card in view.players[viewer].hand if card != HIDDEN]
            self._entries = cards
            for number, card in enumerate(cards, start=1):
                mark = "▶" if card == selected else " "
                piece = Text(f"{mark}{number} ", style="bold")
                piece.append_text(seat_mark(card_owner(card)))
                piece.append(" ")
                piece.append_text(card_icons(card))
                if card == selected:
                    piece.stylize("on grey35")
                line.append_text(piece)
                line.append("  ")
        self.show_text(line)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self._entries:
            return
        # Entries sit left to right; find the one under the click from the rendered text.
        plain = self._shown.plain if isinstance(self._shown, Text) else ""
        marks = [index for index, char in enumerate(plain) if char in "▶ " and index + 1 < len(plain) and plain[index + 1].isdigit()]
        for number, start in enumerate(marks):
            end = marks[number + 1] if number + 1 < len(marks) else len(plain)
            if start <= offset.x < end and number < len(self._entries):
                self.post_message(Picked("hand", self._entries[number]))
                return


class SupplyPanel(TextPanel):
    """The next-up token, the bag and the meeples left in each pile."""

    def on_mount(self) -> None:
        self.border_title = "Pollinators"

    def show(self, view: PollenState) -> None:
        text = Text("Next up ", style="bold")
        if view.next_up is not None:
            text.append_text(token_text(view.next_up))
        else:
            text.append("none", style="dim")
        text.append(f"   bag {len(view.bag)}\n", style="bold")
        text.append("Meeples left ")
        for insect, left in enumerate(view.supply):
            text.append(f"{INSECT_SHORT[insect]}{left} ", style=INSECT_STYLE[insect])
        self.show_text(text)


class PlayerMeeples(TextPanel):
    """Meeples won by every player, insect by insect, with the current leaders marked."""

    def on_mount(self) -> None:
        self.border_title = "Meeples (★ leads)"

    def show(self, view: PollenState, leaders: list[int | None]) -> None:
        lines = []
        for seat, won in enumerate(view.meeples):
            line = Text("▶ " if seat == view.active and view.phase != "over" else "  ")
            line.append_text(seat_mark(seat))
            name = Text(f" {view.name(seat)}")
            name.truncate(9, pad=True)
            line.append_text(name)
            for insect, count in enumerate(won):
                star = "★" if leaders[insect] == seat else " "
                line.append(f"{INSECT_SHORT[insect]}{count:>2}{star} ", style=INSECT_STYLE[insect])
            lines.append(line)
        self.show_text(Text("\n").join(lines))
