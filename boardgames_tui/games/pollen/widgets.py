"""Widgets of the Pollen screen: the garden, the hand, the pollinator supply, players."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import capital, plural, possessive
from boardgames_tui.games.pollen.catalogue import garden_card_entry, pollinator_token_entry
from boardgames_tui.games.pollen.content import cards, insects
from boardgames_tui.games.pollen.model import PlacedToken, PollenState
from boardgames_tui.games.pollen.news import CARD_MARK, SCORED_MARK, TOKEN_MARK
from boardgames_tui.games.pollen.standings import LiveStandings, if_it_ended_now
from boardgames_tui.games.pollen.rules import (
    card_label,
    card_owner,
    cell_corners,
    cell_label,
    insect_counts,
    token_insects,
)
from boardgames_tui.ui.palette import CURSOR_ROW, MARKED_SPACE, SEAT_BACKGROUNDS
from boardgames_tui.ui.widgets import (
    HAND_HIDDEN_BETWEEN_PLAYERS,
    PRESENCE_INDENT,
    SEAT_MARKS,
    TextPanel,
    seat_mark,
    set_border_title,
)

# A cell is 9×3 characters inside grid lines; a token sits on a grid crossing.
CELL_WIDTH = 9
CELL_HEIGHT = 3
# Larger cells, tried largest first, where the garden's panel is wide (a 200-column
# window) and the whole garden fits at that size: the widest shows a name of twenty
# characters whole, a fourth line counts the icons in words, tokens name their insects.
# The last keeps a name of ten whole late in a game, when the garden has grown.
LARGE_CELLS = ((21, 4), (17, 4), (13, 3), (11, 3))
# Narrower panels (80 and 120 columns) keep the 9×3 cells they were designed around.
LARGE_CELLS_FROM_WIDTH = 120
# The rulers stay put while the garden scrolls: a row of column numbers on top and
# a column of row numbers on the left, the coordinates the log and hints name.
RULER_ROWS = 1
RULER_COLUMNS = 4
RULER_STYLE = "bold cyan"
RULER_CURSOR = "bold reverse cyan"
CURSOR = "bold black on bright_white"
_INSECTS = insects()
_CARDS = cards(4)
INSECT_STYLE = ("bold yellow", "bold magenta", "bold green")
INSECT_SHORT = tuple(insect.name[:2] for insect in _INSECTS)
# What changed since the seat's last move: a glyph ("new", "<BeJu>") and this style.
CHANGED = "bold reverse"
NEW_CARD = "new"

Cell = tuple[int, int]


def token_text(token: int, face_up: bool = True, *, changed: bool = False, whole: bool = False) -> Text:
    """A token on its corner: "[BeJu]", "[××]" once scored; `changed` (placed or
    scored since the viewer's last move) swaps the brackets for "<" and ">"; `whole`
    names the insects in full ("[Bee/Junebug]")."""
    opening, closing = ("<", ">") if changed else ("[", "]")
    if not face_up:
        return Text(f"{opening}××{closing}", style=CHANGED if changed else "dim")
    text = Text(opening, style=CHANGED if changed else "bold")
    for index, insect in enumerate(token_insects(token)):
        if whole and index:
            text.append("/")
        text.append(_INSECTS[insect].name if whole else INSECT_SHORT[insect], style=INSECT_STYLE[insect])
    text.append(closing, style=CHANGED if changed else "bold")
    return text


def placed_token_text(placed: PlacedToken, marks: frozenset[Any], room: int = 0) -> Text:
    """A token on the garden, marked when it was placed or scored since the viewer's
    last move; its insects named in full when that fits in `room` columns."""
    point = (placed.x, placed.y)
    changed = (TOKEN_MARK, *point) in marks or (SCORED_MARK, *point) in marks
    whole = token_text(placed.token, placed.face_up, changed=changed, whole=True)
    return whole if len(whole) <= room else token_text(placed.token, placed.face_up, changed=changed)


def card_icons(card: int) -> Text:
    """A card's icons in a few cells: "4×Bu" or "★★"."""
    info = _CARDS[card]
    if info.insect is None:
        return Text("★" * info.icons, style="bold white")
    return Text(f"{info.icons}×{INSECT_SHORT[info.insect]}", style=INSECT_STYLE[info.insect])


def card_lines(
    card: int, names: list[str], *, new: bool = False, width: int = CELL_WIDTH, height: int = CELL_HEIGHT
) -> list[Text]:
    """`height` lines of `width` characters for a garden card: owner, kind, icons and,
    on a fourth line, the icons counted in words; `new` writes "new" beside the icons
    (planted since the viewer's last move)."""
    owner = card_owner(card)
    background = SEAT_BACKGROUNDS[owner % len(SEAT_BACKGROUNDS)]
    symbol, colour = SEAT_MARKS[owner % len(SEAT_MARKS)]
    first = Text(f"{symbol}{names[owner]}", style=f"bold {colour}")
    info = _CARDS[card]
    # The name on the second line, the count as icons on the third.
    second = Text("Wild star" if info.insect is None else _INSECTS[info.insect].name)
    if info.insect is None:
        third = Text("★" * info.icons, style="bold white")
    else:
        third = Text("●" * info.icons, style=INSECT_STYLE[info.insect])
    if new:
        third.pad_right(width - 3 - len(third))
        third.append(NEW_CARD, style=CHANGED)
    rows = [first, second, third]
    if height > 3:
        rows.append(Text(info.label, style="dim"))
    lines = []
    for line in rows:
        # A name cut short ends in "…" (the cell's tooltip and the inspector have it whole).
        line.truncate(width, overflow="ellipsis", pad=True)
        line.stylize(background)
        lines.append(line)
    return lines


def garden_extent(view: PollenState, open_cells: set[Cell]) -> tuple[int, int, int, int]:
    """The cells the garden's drawing covers (left, top, right, bottom): its cards,
    open cells and tokens' cells with a ring of empty cells around them."""
    cells = [(planted.x, planted.y) for planted in view.garden]
    points = [(placed.x, placed.y) for placed in view.tokens]
    xs = [x for x, _ in cells] + [x for x, _ in open_cells] + [x for x, _ in points] + [x - 1 for x, _ in points]
    ys = [y for _, y in cells] + [y for _, y in open_cells] + [y for _, y in points] + [y - 1 for _, y in points]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


CORNER_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right")


def cell_entry(view: PollenState, cell: Cell) -> CatalogueEntry:
    """Everything public about one garden cell: its card, whether it is open, and the
    tokens on its corners with each player's icons around them so far."""
    cards_at = {(planted.x, planted.y): planted.card for planted in view.garden}
    tokens_at = {(placed.x, placed.y): placed for placed in view.tokens}
    lines: list[str] = []
    card = cards_at.get(cell)
    if card is not None:
        kind = garden_card_entry(card)
        lines.append(f"{capital(possessive(view.name(card_owner(card))))} {card_label(card)}.")
        lines.extend(kind.lines[:1])
    elif cell in view.open_cells:
        lines.append("Open: a card may be planted here.")
    else:
        lines.append("Empty: no card can be planted here now.")
    for corner, point in zip(CORNER_NAMES, cell_corners(cell)):
        placed = tokens_at.get(point)
        if placed is None:
            continue
        token = pollinator_token_entry(placed.token)
        if not placed.face_up:
            lines.append(f"{corner.capitalize()} corner: a {token.title} token, already scored (face down).")
            continue
        counts = []
        for insect in token_insects(placed.token):
            icons = insect_counts(cards_at, point, insect, len(view.seats))
            shown = ", ".join(f"{view.name(seat)} {count}" for seat, count in enumerate(icons) if count) or "none yet"
            counts.append(f"{_INSECTS[insect].plural}: {shown}")
        lines.append(f"{corner.capitalize()} corner: a {token.title} token; icons around it: {'; '.join(counts)}.")
    return CatalogueEntry(f"Cell {cell_label(cell)}", tuple(lines))


def entry_tooltip(entry: CatalogueEntry) -> Text:
    """A component's full text for a mouse tooltip (plain text, never markup)."""
    return Text("\n").join([Text(entry.title, style="bold"), *(Text(line) for line in entry.lines)])


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
        # The cells the canvas covers (left, top, right, bottom), and the one the rulers mark.
        self.extent: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._marked: Cell | None = None
        self._ruler_strips: dict[tuple[int, Cell | None], Strip] = {}
        self._tooltip_for: tuple[PollenState, Cell] | None = None
        self._marks: frozenset[Any] = frozenset()
        # The size of a cell inside its grid lines (`LARGE_CELLS` where there is room).
        self.cell_width, self.cell_height = CELL_WIDTH, CELL_HEIGHT
        self._shown: dict[str, Any] | None = None

    @property
    def pitch_x(self) -> int:
        return self.cell_width + 1

    @property
    def pitch_y(self) -> int:
        return self.cell_height + 1

    @property
    def token_room(self) -> int:
        """The columns a token's insects may take named in full: large cells only (the
        9×3 garden keeps its short "[BeJu]" everywhere, one token like the next)."""
        return self.pitch_x - 2 if self.cell_width > CELL_WIDTH else 0

    def _cell_size_for(self, view: PollenState, open_cells: set[Cell]) -> tuple[int, int]:
        """The largest cells with which the whole garden fits the panel, or the usual 9×3."""
        if self.size.width < LARGE_CELLS_FROM_WIDTH:
            return CELL_WIDTH, CELL_HEIGHT
        left, top, right, bottom = garden_extent(view, open_cells)
        columns, rows = right - left + 1, bottom - top + 1
        for width, height in LARGE_CELLS:
            fits_across = columns * (width + 1) + 1 + RULER_COLUMNS <= self.size.width
            # Cells no taller than 9×3 need no more rows than they do: a tall garden
            # scrolls down either way, and wider cells still show more across.
            fits_down = height <= CELL_HEIGHT or rows * (height + 1) + 1 + RULER_ROWS <= self.size.height
            if fits_across and fits_down:
                return width, height
        return CELL_WIDTH, CELL_HEIGHT

    def on_resize(self) -> None:
        # The cells' size follows the panel's: drawn again when it changes.
        if self._shown is not None:
            self.show(**self._shown)

    def show(
        self,
        view: PollenState,
        *,
        open_cells: set[Cell],
        pending_points: set[Cell],
        cursor_cell: Cell | None,
        cursor_point: Cell | None,
        marks: frozenset[Any] = frozenset(),
    ) -> None:
        """`marks`: what changed since the viewer's last move (news.py's mark keys)."""
        self._shown = {
            "view": view,
            "open_cells": open_cells,
            "pending_points": pending_points,
            "cursor_cell": cursor_cell,
            "cursor_point": cursor_point,
            "marks": marks,
        }
        cell_size = self._cell_size_for(view, open_cells)
        # The view itself is in the key (not its id(), which a new object may reuse).
        key = (view, frozenset(open_cells), frozenset(pending_points), marks, cell_size)
        if self._base_key is None or self._base_key[0] is not view or self._base_key[1:] != key[1:]:
            self._base_key = key
            self.cell_width, self.cell_height = cell_size
            self._marks = marks
            self._base = self._draw_garden(view, open_cells)
            self._base_lines = [self._base.line(row) for row in range(len(self._base.chars))]
            # A new drawing may move the origin: the rulers' numbers change everywhere.
            self.refresh()
        base = self._base
        assert base is not None
        left, top = self.origin
        lines = list(self._base_lines)
        marked = cursor_cell if cursor_cell is not None else cursor_point
        if marked != self._marked:
            self._mark_rulers(marked)
        width, height = self.cell_width, self.cell_height
        if cursor_cell is not None:
            row, column = (cursor_cell[1] - top) * self.pitch_y + 1, (cursor_cell[0] - left) * self.pitch_x + 1
            rows = range(row - 1, row + height + 1)
            canvas = base.copy_rows(rows)
            frame = "bold bright_white"
            canvas.put(row - 1, column - 1, Text("┏" + "━" * width + "┓", style=frame))
            canvas.put(row + height, column - 1, Text("┗" + "━" * width + "┛", style=frame))
            for index in range(height):
                canvas.put(row + index, column - 1, Text("┃", style=frame))
                canvas.put(row + index, column + width, Text("┃", style=frame))
            # Tokens sit on the frame's corners and stay readable on top of it.
            for placed in view.tokens:
                point_row = (placed.y - top) * self.pitch_y
                if point_row in (row - 1, row + height):
                    marker = placed_token_text(placed, self._marks, self.token_room)
                    canvas.put(point_row, (placed.x - left) * self.pitch_x - len(marker) // 2, marker)
            for index in rows:
                if 0 <= index < len(lines):
                    lines[index] = canvas.line(index)
        for x, y in pending_points:
            row = (y - top) * self.pitch_y
            canvas = base.copy_rows(range(row, row + 1))
            # The one under the cursor is told by its braces as well as its colour.
            here = cursor_point == (x, y)
            text = Text("{ ? }" if here else "[ ? ]", style=CURSOR if here else "bold black on green")
            canvas.put(row, (x - left) * self.pitch_x - 2, text)
            lines[row] = canvas.line(row)
        self._set_lines(lines, base.width)

    def _set_lines(self, lines: list[Text], width: int) -> None:
        size = Size(width + RULER_COLUMNS, len(lines) + RULER_ROWS)
        if size != self.virtual_size or len(lines) != len(self._lines):
            self._lines = lines
            self._strips.clear()
            self.virtual_size = size
            self.refresh()
            return
        for row, (old, new) in enumerate(zip(self._lines, lines)):
            if old is not new and old != new:
                self._strips.pop(row, None)
                self.refresh_lines(row + RULER_ROWS)
        self._lines = lines

    @property
    def margin_left(self) -> int:
        """Blank columns before the rulers: a garden narrower than its panel is centred
        (at 200×60 it kept to the left 75 of about 145 columns)."""
        return max(0, (self.size.width - self.virtual_size.width) // 2)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        margin = self.margin_left
        width = self.size.width - margin
        style = self.rich_style
        if y < RULER_ROWS:
            ruler = self._column_ruler().crop_extend(scroll_x, scroll_x + width - RULER_COLUMNS, style)
            return Strip.join([Strip.blank(margin + RULER_COLUMNS, style), ruler]).apply_style(style)
        row = scroll_y + y - RULER_ROWS
        if row >= len(self._lines):
            return Strip.blank(self.size.width, style)
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = Strip(self._lines[row].render(self.app.console))
        garden = strip.crop_extend(scroll_x, scroll_x + width - RULER_COLUMNS, style)
        return Strip.join([Strip.blank(margin, style), self._row_label(row), garden]).apply_style(style)

    def _mark_rulers(self, marked: Cell | None) -> None:
        """Light the cursor's column and row on the rulers, repainting only the lines that change."""
        before, self._marked = self._marked, marked
        if (before is None) != (marked is None) or (before and marked and before[0] != marked[0]):
            self.refresh(Region(0, 0, self.size.width, RULER_ROWS))
        for cell in (before, marked):
            if cell is not None and (before is None or marked is None or before[1] != marked[1]):
                self.refresh_lines((cell[1] - self.origin[1]) * self.pitch_y + 2 + RULER_ROWS)

    def _column_ruler(self) -> Strip:
        """Every column's x centred over its cells, the cursor's column marked."""
        marked_x = self._marked[0] if self._marked is not None else None
        key = (-1, (marked_x, 0))
        strip = self._ruler_strips.get(key)
        if strip is None:
            left, _, right, _ = self.extent
            line = Text(" " * (len(self._lines[0].plain) if self._lines else 0))
            for x in range(left, right + 1):
                label = Text(f"{x:^{self.cell_width}}", style=RULER_STYLE)
                if marked_x == x:
                    label.stylize(RULER_CURSOR)
                column = (x - self.origin[0]) * self.pitch_x + 1
                line = line[:column] + label + line[column + self.cell_width :]
            strip = self._ruler_strips[key] = Strip(line.render(self.app.console))
        return strip

    def _row_label(self, row: int) -> Strip:
        """The row's y on the middle line of its cells, blank elsewhere."""
        y, offset = divmod(row, self.pitch_y)
        y += self.origin[1]
        marked = self._marked is not None and self._marked[1] == y
        key = (row, self._marked if marked else None)
        strip = self._ruler_strips.get(key)
        if strip is None:
            if offset == 2:
                label = Text(f"{y:>{RULER_COLUMNS - 1}} ", style=RULER_CURSOR if marked else RULER_STYLE)
            else:
                label = Text(" " * RULER_COLUMNS)
            strip = self._ruler_strips[key] = Strip(label.render(self.app.console))
        return strip

    def _draw_garden(self, view: PollenState, open_cells: set[Cell]) -> Canvas:
        names = [seat.name for seat in view.seats]
        cells = {(planted.x, planted.y): planted.card for planted in view.garden}
        left, top, right, bottom = garden_extent(view, open_cells)
        self.origin = (left, top)
        self.extent = (left, top, right, bottom)
        self._ruler_strips.clear()
        width, height, pitch_x, pitch_y = self.cell_width, self.cell_height, self.pitch_x, self.pitch_y
        canvas = Canvas((right - left + 1) * pitch_x + 1, (bottom - top + 1) * pitch_y + 1)
        # Faint grid crossings show where tokens can sit.
        dot = Text("·", style="dim")
        for row in range(0, len(canvas.chars), pitch_y):
            for column in range(0, canvas.width, pitch_x):
                canvas.put(row, column, dot)
        for (x, y), card in cells.items():
            row, column = (y - top) * pitch_y + 1, (x - left) * pitch_x + 1
            new = (CARD_MARK, x, y) in self._marks
            for index, line in enumerate(card_lines(card, names, new=new, width=width, height=height)):
                canvas.put(row + index, column, line)
        free = MARKED_SPACE
        for x, y in open_cells:
            row, column = (y - top) * pitch_y + 1, (x - left) * pitch_x + 1
            for index in range(height):
                if index == (height - 1) // 2:
                    canvas.put(row + index, column, Text(f"{'+':^{width}}", style=f"green {free}"))
                else:
                    canvas.put(row + index, column, Text(" " * width, style=free))
        for placed in view.tokens:
            marker = placed_token_text(placed, self._marks, self.token_room)
            canvas.put((placed.y - top) * pitch_y, (placed.x - left) * pitch_x - len(marker) // 2, marker)
        return canvas

    def region_of(self, cell: Cell) -> Region:
        """Where a cell (with its cursor frame) is drawn, in scrollable coordinates
        (the rulers take the first rows and columns; a centred garden has a margin)."""
        left, top = self.origin
        return Region(
            self.margin_left + (cell[0] - left) * self.pitch_x + RULER_COLUMNS,
            (cell[1] - top) * self.pitch_y + RULER_ROWS,
            self.pitch_x + 1,
            self.pitch_y + 1,
        )

    def scroll_to_show(self, region: Region) -> None:
        """Scroll so that `region` is in sight beside the rulers, which never scroll."""
        self.scroll_to_region(region, spacing=Spacing(RULER_ROWS, 0, 0, RULER_COLUMNS), animate=False, force=True)

    def _under(self, event: events.MouseEvent) -> tuple[Cell, Cell] | None:
        """The cell and the nearest corner under the mouse (None on the rulers)."""
        offset = event.get_content_offset(self)
        if offset is None or offset.x - self.margin_left < RULER_COLUMNS or offset.y < RULER_ROWS:
            return None
        x = offset.x - self.margin_left - RULER_COLUMNS + self.scroll_offset.x
        y = offset.y - RULER_ROWS + self.scroll_offset.y
        left, top = self.origin
        cell = (left + x // self.pitch_x, top + y // self.pitch_y)
        point = (left + round(x / self.pitch_x), top + round(y / self.pitch_y))
        return cell, point

    def on_click(self, event: events.Click) -> None:
        under = self._under(event)
        if under is not None:
            self.post_message(Picked("garden", under))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        # The garden is public: its tooltip describes the cell under the mouse to anyone.
        under = self._under(event)
        view = self._base_key[0] if self._base_key is not None else None
        if under is None or view is None:
            self.tooltip = None
            return
        cell = under[0]
        if (view, cell) == self._tooltip_for:
            return
        self._tooltip_for = (view, cell)
        left, top, right, bottom = self.extent
        self.tooltip = entry_tooltip(cell_entry(view, cell)) if left <= cell[0] <= right and top <= cell[1] <= bottom else None


class HandPanel(TextPanel):
    """The viewer's garden cards, or the pollinator tokens they drew to place.

    Entries are laid out left to right and wrap whole onto the next line when the
    panel is narrow; the panel grows to the lines it needs (re-laid out only when
    that number changes, and again on a resize).
    """

    _entries: list[int] = []
    _pieces: list[Text] = []
    _heading: Text | None = None
    _token_entries = False
    # (line, first column, last column + 1, entry) of every entry as drawn.
    _spans: list[tuple[int, int, int, int]] = []

    def show(
        self, view: PollenState, viewer: int | None, selected: int | None, drawn: list[int], *, hidden: str = HAND_HIDDEN_BETWEEN_PLAYERS
    ) -> None:
        """`hidden`: what the panel says when `viewer` is None (no seat's own view shown)."""
        self._entries = []
        self._pieces = []
        self._heading = None
        self._token_entries = False
        if viewer is None:
            set_border_title(self, "Hand")
            self.show_text(Text(hidden, style="dim italic"))
            return
        # Only the seat itself ever sees its hand here: "Your hand", whatever its name.
        player = view.players[viewer]
        set_border_title(self, f"Your hand ({plural(len(player.hand), 'card')}, deck {len(player.deck)})")
        if view.phase == "assign" and viewer == view.active:
            self._entries = list(drawn)
            self._token_entries = True
            self._heading = Text("Tokens to place:", style="bold")
            for number, token in enumerate(drawn, start=1):
                piece = Text(f"{'▶' if token == selected else ' '}{number} ", style="bold")
                piece.append_text(token_text(token))
                self._pieces.append(self._selected(piece, token == selected))
        else:
            self._entries = [card for card in view.players[viewer].hand if card != HIDDEN]
            for number, card in enumerate(self._entries, start=1):
                piece = Text(f"{'▶' if card == selected else ' '}{number} ", style="bold")
                piece.append_text(seat_mark(card_owner(card)))
                piece.append(" ")
                piece.append_text(card_icons(card))
                self._pieces.append(self._selected(piece, card == selected))
        self._lay_out()

    @staticmethod
    def _selected(piece: Text, selected: bool) -> Text:
        if selected:
            piece.stylize(CURSOR_ROW)
        return piece

    def _lay_out(self) -> None:
        """Pack the entries into lines of the panel's width, never splitting one."""
        width = max(self.content_region.width, 1)
        lines: list[Text] = [Text()]
        spans = []
        if self._heading is not None:
            lines[0].append_text(self._heading)
        for index, piece in enumerate(self._pieces):
            line = lines[-1]
            gap = 2 if line.plain else 0
            if line.plain and len(line.plain) + gap + piece.cell_len > width:
                line = Text()
                lines.append(line)
                gap = 0
            line.append(" " * gap)
            spans.append((len(lines) - 1, len(line.plain), len(line.plain) + piece.cell_len, index))
            line.append_text(piece)
        self._spans = spans
        text = Text("\n").join(lines)
        height = len(lines) + self.styles.gutter.height
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
        self.show_text(text)

    def on_resize(self) -> None:
        if self._pieces:
            self._lay_out()

    def _entry_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        for line, start, end, index in self._spans:
            if line == offset.y and start <= offset.x < end and index < len(self._entries):
                return index
        return None

    def on_click(self, event: events.Click) -> None:
        index = self._entry_at(event)
        if index is not None:
            self.post_message(Picked("hand", self._entries[index]))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        # Only the viewer's own hand is ever drawn here, so its tooltips are theirs to read.
        index = self._entry_at(event)
        if index is None:
            self.tooltip = None
            return
        entry = self._entries[index]
        self.tooltip = entry_tooltip(pollinator_token_entry(entry) if self._token_entries else garden_card_entry(entry))


class SupplyPanel(TextPanel):
    """The next-up token, the bag, the meeples left in each pile, and how near the end is."""

    def on_mount(self) -> None:
        self.border_title = "Pollinators"

    _key: tuple[PollenState, str | None, bool] | None = None
    _text: Text | None = None

    def show(self, view: PollenState, end_near: str | None, *, compact: bool = False) -> None:
        """`compact` (a short screen): one line, the bag's count in the border."""
        # A cursor move redraws the screen: the panel changes only with the view.
        if self._key is not None and self._key[0] is view and self._key[1:] == (end_near, compact):
            return
        self._key = (view, end_near, compact)
        self.border_title = f"Pollinators · bag {len(view.bag)}" if compact else "Pollinators"
        text = Text("Next " if compact else "Next up ", style="bold")
        if view.next_up is not None:
            text.append_text(token_text(view.next_up))
        else:
            text.append("none", style="dim")
        if compact:
            text.append(" · ")
        else:
            text.append(f"   bag {len(view.bag)}\n", style="bold")
            text.append("Meeples left ")
        for insect, left in enumerate(view.supply):
            text.append(f"{INSECT_SHORT[insect]}{left} ", style=INSECT_STYLE[insect])
        text.rstrip()
        if end_near:
            text.append("\n")
            text.append_text(Text(f"{WARNING} {end_near}", style="bold"))
        self._text = text
        fit_height(self, text)

    def on_resize(self) -> None:
        if self._text is not None:
            fit_height(self, self._text)


WARNING = "⚠"


def fit_height(panel: TextPanel, text: Text) -> None:
    """Show `text` in `panel`, sized to the rows it takes wrapped to the panel's width
    (laid out again only when that number changes, and again on a resize)."""
    width = panel.content_region.width
    rows = len(text.wrap(panel.app.console, width)) if width > 0 else len(text.plain.split("\n"))
    height = rows + panel.styles.gutter.height
    if panel.styles.height is None or panel.styles.height.value != height:
        panel.styles.height = height
    panel.show_text(text)


class StandingsPanel(TextPanel):
    """Every player's meeples insect by insect with the leads marked, the insects
    nobody leads, and who would be out if the game ended now."""

    _view: PollenState | None = None
    _standings: LiveStandings | None = None
    _presence: dict[int, list[Text]] = {}

    def on_mount(self) -> None:
        self.border_title = "Standings (★ leads)"

    def show(self, view: PollenState, standings: LiveStandings, presence: dict[int, list[Text]] | None = None) -> None:
        """`presence`: each remote seat's (`seat_presence`), in lines under its row."""
        presence = presence or {}
        # A cursor move redraws the screen: the standings change only with the view.
        if view is self._view and presence == self._presence:
            return
        self._view, self._standings, self._presence = view, standings, presence
        self._lay_out()

    def on_resize(self) -> None:
        if self._view is not None:
            self._lay_out()

    def _lay_out(self) -> None:
        view, standings = self._view, self._standings
        assert view is not None and standings is not None
        width = max(self.content_region.width, 1)
        names = [seat.name for seat in view.seats]
        counts_width = 6 * len(INSECT_SHORT)
        # Names share one column; a name too long for it gets a line of its own.
        room = max(width - 3 - counts_width, 1)
        column = min(max(len(name) for name in names), room)
        lines = []
        for seat, won in enumerate(view.meeples):
            line = Text("▶" if seat == view.active and view.phase != "over" else " ")
            line.append_text(seat_mark(seat))
            line.append(" ")
            name = names[seat]
            counts = Text()
            for insect, count in enumerate(won):
                star = "★" if standings.insects[insect].leader == seat else " "
                counts.append(f"{INSECT_SHORT[insect]}{count:>2}{star} ", style=INSECT_STYLE[insect])
            if len(name) <= column:
                line.append(name.ljust(column) + " ")
                line.append_text(counts)
                lines.append(line)
            else:
                line.append(name)
                lines.append(line)
                lines.append(Text(" " * (3 + column + 1)) + counts)
            lines.extend(Text(PRESENCE_INDENT) + line for line in self._presence.get(seat, ()))
        tied = [lead for lead in standings.insects if lead.leader is None and lead.best > 0]
        if tied:
            words = " · ".join(f"{INSECT_SHORT[lead.insect]} tied at {lead.best}" for lead in tied)
            lines.append(Text(f"No leader: {words}", style="italic"))
        if_now = if_it_ended_now(standings, names)
        if if_now:
            lines.append(Text(f"{WARNING} If it ended now: {'; '.join(if_now)}.", style="bold red"))
        fit_height(self, Text("\n").join(lines))
