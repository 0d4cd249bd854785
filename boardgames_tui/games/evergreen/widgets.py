"""Widgets of the Evergreen screen: the planet, the draft, the fertility zone, tracks."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.message import Message

from boardgames_tui.engine.text import owner
from boardgames_tui.games.evergreen.catalogue import space_entry
from boardgames_tui.games.evergreen.content import WILD, biomes
from boardgames_tui.games.evergreen.model import EvergreenState
from boardgames_tui.games.evergreen.summary import Standing
from boardgames_tui.games.evergreen.rules import (
    BIOME_AT,
    BIOME_KEYS,
    BIOME_NAMES,
    CARDS,
    EMPTY,
    POWERS,
    RAVINE,
    SEASON_ROUNDS,
    SEASONS,
    SIZE,
    card_label,
    fertility_values,
    pool_left,
    space_name,
    sun_edge,
)
from boardgames_tui.ui.palette import CURSOR_ROW, MARKED_SPACE
from boardgames_tui.ui.widgets import PRESENCE_INDENT, TextPanel, seat_mark, set_border_title

# A space's size on screen (columns including its one-column gap, lines) for each layout
# the screen picks from the window's size; MARGIN is the sun's column on the left.
CELL_SIZES = {"compact": (6, 2), "normal": (9, 3), "large": (13, 4)}
MARGIN = 2
_BIOMES = {biome.key: biome for biome in biomes()}
PIECE_WORDS = {
    "s": "sprout",
    "t": "small",
    "T": "BIG",
    "b": "bush",
    "l": "lake",
    "c": "cherry",
    "m": "bamboo",
    "M": "BAMBOO",
}
PIECE_STYLES = {
    "s": "green",
    "t": "bold green",
    "T": "bold bright_green",
    "b": "dark_olive_green3",
    "l": "bold bright_blue",
    "c": "bold hot_pink",
    "m": "chartreuse3",
    "M": "bold chartreuse1",
}


def biome_style(cell: int) -> str:
    index = BIOME_AT[cell]
    return "" if index < 0 else _BIOMES[BIOME_KEYS[index]].colour


class Picked(Message):
    def __init__(self, area: str, key: Any) -> None:
        super().__init__()
        self.area = area
        self.key = key


class PlanetRow(TextPanel):
    """One row of spaces (three lines); a cursor move redraws one or two rows only."""

    def __init__(self, row: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.row = row
        self._hovered: int | None = None

    def _space_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None or not isinstance(self.parent, PlanetView):
            return None
        column = (offset.x - MARGIN) // self.parent.cell_width
        return self.row * SIZE + column if 0 <= column < SIZE else None

    def on_click(self, event: events.Click) -> None:
        space = self._space_at(event)
        if space is not None:
            self.post_message(Picked("space", space))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        # The tooltip follows the space under the pointer; set only when that space changes.
        space = self._space_at(event)
        if space != self._hovered and isinstance(self.parent, PlanetView):
            self._hovered = space
            self.tooltip = self.parent.describe(space) if space is not None else None


class PlanetView(Vertical):
    """One planet: biome letter and colour per space, pieces, ravines, the sun, light.

    `cell_size` (a key of CELL_SIZES) is chosen by the screen for the window's size;
    `describe(cell)` gives the full text of a space as drawn, for tooltips.
    """

    cell_size = "normal"
    _board = ""
    _lit: dict[int, int] = {}
    _row_panels: tuple[PlanetRow, ...] = ()  # none before compose

    @property
    def cell_width(self) -> int:
        return CELL_SIZES[self.cell_size][0]

    def describe(self, cell: int) -> str | None:
        if len(self._board) != SIZE * SIZE:
            return None
        entry = space_entry(cell, self._board[cell], self._lit.get(cell))
        return "\n".join((entry.title, *entry.lines))

    def compose(self) -> ComposeResult:
        yield TextPanel(id="eg-sun-top", classes="eg-sun")
        # Kept, not queried: `show` runs on every arrow key, and a query walks the widgets.
        self._row_panels = tuple(PlanetRow(row, classes="eg-row") for row in range(SIZE))
        yield from self._row_panels
        yield TextPanel(id="eg-sun-bottom", classes="eg-sun")

    def show(
        self,
        board: str,
        edge: str,
        title: str,
        *,
        lit: dict[int, int] | None = None,
        cursor: int | None = None,
        targets: set[int] | None = None,
        marked: set[int] | frozenset[int] | None = None,
    ) -> None:
        """`marked`: the spaces that changed since the viewer's last move."""
        set_border_title(self, title)
        lit = lit or {}
        targets = targets or set()
        marked = marked or frozenset()
        self._board, self._lit = board, lit
        cell_width, cell_height = CELL_SIZES[self.cell_size]
        width = SIZE * cell_width
        sun_row = Text("  " + ("☀ sun " * 20)[: width - 1], style="bold yellow")
        top, bottom = self.query_one("#eg-sun-top", TextPanel), self.query_one("#eg-sun-bottom", TextPanel)
        top.display = edge == "top"
        bottom.display = edge == "bottom"
        top.show_text(sun_row)
        bottom.show_text(sun_row)
        for panel in self._row_panels:
            cells = range(panel.row * SIZE, (panel.row + 1) * SIZE)
            panel.show_text(
                row_text(
                    board[cells.start : cells.stop],
                    panel.row,
                    edge,
                    tuple((cell, lit[cell]) for cell in cells if cell in lit),
                    cursor if cursor in cells else None,
                    frozenset(cell for cell in cells if cell in targets),
                    frozenset(cell for cell in cells if cell in marked),
                    cell_width,
                    cell_height,
                )
            )


CHANGED = "*"
"""After a space's name: it changed since the viewer's last move (also underlined)."""
STEP_POSSIBLE = f"underline {MARKED_SPACE}"
"""A space where a step of the action is possible: every line of it underlined, on green."""


def _space_lines(cell: int, glyph: str, light: int | None, height: int, changed: bool = False) -> list[Text]:
    """A space's lines, from 2 (compact: name; piece glyph and light) to 4 (biome name, piece word)."""
    biome = _BIOMES[BIOME_KEYS[BIOME_AT[cell]]]
    name = Text(f"{biome.letter} {space_name(cell)}", style=f"bold {biome.colour}")
    if changed:
        name.stylize("underline")
        name.append(CHANGED, style="bold")
    if glyph == EMPTY:
        # Under the first letter in a compact space, where a piece's glyph goes; centred in wider ones.
        piece = Text("·" if height == 2 else "  ·", style="dim")
    elif height == 2:
        piece = Text(glyph, style=PIECE_STYLES[glyph])
    else:
        piece = Text(f"{glyph} {PIECE_WORDS[glyph]}", style=PIECE_STYLES[glyph])
    shine = Text(f"☀+{light}" if height == 2 else f"☀ +{light}", style="bold yellow") if light is not None else Text()
    if height == 2:
        if light is not None:
            piece.append(" ").append_text(shine)
        return [name, piece]
    if height == 3:
        return [name, piece, shine]
    if light is not None:
        shine.append(" light")
    return [name, Text(biome.name, style=biome.colour), piece, shine]


@lru_cache(maxsize=512)
def row_text(
    row_board: str,
    row: int,
    edge: str,
    row_lit: tuple[tuple[int, int], ...],
    cursor: int | None,
    targets: frozenset[int],
    marked: frozenset[int],
    cell_width: int,
    cell_height: int,
) -> Text:
    """One row of the planet, `cell_height` lines; cached, since most rows stay the same.

    The returned Text is shared: callers show it and never change it.
    """
    lit = dict(row_lit)
    lines = [Text() for _ in range(cell_height)]
    for column, glyph in enumerate(row_board):
        cell = row * SIZE + column
        if glyph == RAVINE:
            parts = [Text("░" * (cell_width - 1) + " ", style="grey35") for _ in range(cell_height)]
        else:
            parts = _space_lines(cell, glyph, lit.get(cell), cell_height, cell in marked)
            for part in parts:
                part.truncate(cell_width - 1, pad=True)
                part.append(" ")
            if cell == cursor:
                for part in parts:
                    part.stylize("reverse")
            elif cell in targets:
                for part in parts:
                    part.stylize(STEP_POSSIBLE)
        for line, part in zip(lines, parts):
            line.append_text(part)
    if edge == "right":
        for line in lines:
            line.append(" ☀", style="bold yellow")
    lead = Text("☀ ", style="bold yellow") if edge == "left" else Text("  ")
    return Text("\n").join(lead + line for line in lines)


class ChoicePanel(VerticalScroll, can_focus=False):
    """The draft row (or the biomes for a wild leftover), numbered for the keys; this
    round's cards and open options otherwise.  Entries wrap and the panel scrolls, so
    nothing is cut; the cursor's entry is kept in sight."""

    def compose(self) -> ComposeResult:
        yield TextPanel(classes="eg-choice-text")

    def show(
        self,
        heading: str,
        entries: list[Text],
        cursor: int | None,
        *,
        numbered: bool = True,
        before: list[Text] | None = None,
        after: list[Text] | None = None,
    ) -> None:
        """`before` and `after`: lines above and under the entries that are not choices
        (never picked by a click)."""
        set_border_title(self, heading)
        self._count = len(entries) if numbered else 0
        self._lead = len(before or ())
        lines = list(before or ())
        for index, entry in enumerate(entries):
            line = Text("▶" if index == cursor else " ", style="bold")
            if numbered:
                line.append(f"{index + 1} ", style="bold")
            line.append_text(entry)
            if index == cursor:
                line.stylize(CURSOR_ROW)
            lines.append(line)
        lines.extend(after or ())
        self._lines = lines
        text = Text("\n").join(lines) if lines else Text("—", style="dim")
        panel = self.query_one(TextPanel)
        heights = self._heights()
        # The panel's height follows its text: lay out again only when that height changes.
        panel.show_text(text, layout=sum(heights) != getattr(self, "_rows", None))
        self._rows = sum(heights)
        if cursor is not None and self._lead + cursor < len(heights):
            top = sum(heights[: self._lead + cursor])
            self.scroll_to_region(Region(0, top, 1, heights[self._lead + cursor]), animate=False, immediate=True)

    def _heights(self) -> list[int]:
        """How many rows each entry takes, wrapped to the panel's width now; wrapped
        again only when an entry or the width changed (a cursor move keeps both)."""
        lines = getattr(self, "_lines", [])
        width = self.scrollable_content_region.width
        if width <= 0:
            return [1 for _ in lines]
        plain = [line.plain for line in lines]
        known = getattr(self, "_wrapped", None)
        if known is None or known[0] != width or known[1] != plain:
            known = self._wrapped = (width, plain, [len(line.wrap(self.app.console, width)) for line in lines])
        return known[2]

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(TextPanel).refresh(layout=True)
        self._rows = sum(self._heights())

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        lead = getattr(self, "_lead", 0)
        heights = self._heights()
        row = offset.y + round(self.scroll_y) - sum(heights[:lead])
        if row < 0:
            return
        for index, height in enumerate(heights[lead : lead + getattr(self, "_count", 0)]):
            if row < height:
                self.post_message(Picked("choice", index))
                return
            row -= height


def card_text(card: int) -> Text:
    info = CARDS[card]
    colour = "bold white" if info.biome == WILD else f"bold {_BIOMES[info.biome].colour}"
    return Text(card_label(card), style=colour)


class ZonePanel(TextPanel):
    """The fertility zone: every biome's value and the cards in its stack."""

    def on_mount(self) -> None:
        self.border_title = "Fertility"

    def show(self, view: EvergreenState, marked: frozenset[str] = frozenset()) -> None:
        """`marked`: the biomes whose stack changed since the viewer's last move."""
        if self.drawn_from(view, marked):
            return
        values = fertility_values(view.zone)
        lines = [Text("Biome   value cards", style="dim")]
        any_down = False
        for key in BIOME_KEYS:
            biome = _BIOMES[key]
            stack = view.zone.get(key, [])
            face_down = sum(1 for entry in stack if not entry.face_up)
            any_down = any_down or bool(face_down)
            # Only the biome's letter and name in its colour: dimmed, a colour can fall to the
            # terminal's grey in 16 colours (the count of cards did, at 2.7:1).
            line = Text().append(f"{biome.letter} ", style=f"bold {biome.colour}")
            name = Text(BIOME_NAMES[key], style=biome.colour)
            name.truncate(7, pad=True)
            line.append_text(name)
            line.append(f"{values[key]:>4}", style="bold")
            line.append(f" {len(stack)}" + (f",{face_down}↓" if face_down else ""), style="dim")
            if key in marked:
                line.append(CHANGED, style="bold")
                line.stylize("underline", 2, 9)
            lines.append(line)
        if any_down:
            lines.append(Text("↓ face down", style="dim"))
        self.show_text(Text("\n").join(lines))


class TrackPanel(TextPanel):
    """The seasons, the sun, the viewer's power levels and the shared pool of pieces."""

    def on_mount(self) -> None:
        self.border_title = "Season · powers"

    def show(self, view: EvergreenState, viewer: int | None, *, full_names: bool = False, own: bool = True) -> None:
        """`full_names` where the panel is wide enough for every power's whole name; `own`
        when the screen is the viewer's alone ("Your power levels"), not the table's ("Ann's")."""
        if self.drawn_from(view, viewer, full_names, own):
            return
        lines = []
        for index, (name, rounds) in enumerate(zip(SEASONS, SEASON_ROUNDS)):
            label = Text(name, style="bold" if index == view.season else "dim")
            label.truncate(7, pad=True)
            if index < view.season:
                label.append("done", style="dim")
            elif index == view.season:
                label.append(f"round {view.round} of {rounds}", style="bold")
            else:
                label.append(f"{rounds} rounds", style="dim")
            lines.append(label)
        lines.append(Text(f"Sun: {sun_edge(view)} edge", style="bold yellow"))
        if viewer is not None:
            levels = view.players[viewer].levels
            lines.append(Text(f"{owner(view.name(viewer), own=own)} power levels:", style="bold"))
            for index, power in enumerate(view.powers):
                short = Text(f"{POWERS[power].name} ({POWERS[power].short})" if full_names else POWERS[power].short)
                short.truncate(34 if full_names else 14, pad=True)
                short.append(f"{levels[index]}", style="bold")
                lines.append(short)
        lines.extend(pool_lines(view, viewer))
        self.show_text(Text("\n").join(lines))


def pool_lines(view: EvergreenState, viewer: int | None) -> list[Text]:
    """The shared pool by glyph; while the viewer plans, less what its own plan has taken.

    Other seats' secret plans are never counted: the pool only changes at a reveal.
    """
    player = view.players[viewer] if viewer is not None else None
    planning = player is not None and player.plan is not None
    lines = [Text("Pool after plan:" if planning else "Pool of pieces:", style="bold")]
    for index, glyph in enumerate(view.pool):
        left = pool_left(view, player, glyph) if planning else view.pool[glyph]  # type: ignore[arg-type]
        # Four pieces a line: the side panel is 19 columns wide at its narrowest.
        if index % 4 == 0:
            lines.append(Text())
        else:
            lines[-1].append(" ")
        lines[-1].append(glyph, style=PIECE_STYLES.get(glyph, ""))
        lines[-1].append(str(left), style="bold" if left else "bold red")
    return lines


class ScorePanel(TextPanel):
    """Every player's score, and what each category would add as things stand now
    (light and the biggest forest at the season's end, fertility and bamboo at the
    game's end), and who is still planning."""

    _drawn: tuple[EvergreenState, list[Standing], int | None, dict[int, list[Text]]] | None = None

    def on_mount(self) -> None:
        self.border_title = "Players · score now"

    def on_resize(self, event: events.Resize) -> None:
        # Whether a seat's bamboo fits on its line depends on the width: drawn again for it.
        if self._drawn is not None:
            self.forget_inputs()
            self.show(*self._drawn)

    def show(self, view: EvergreenState, standings: list[Standing], shown: int | None, presence: dict[int, list[Text]] | None = None) -> None:
        """`presence`: each remote seat's (`seat_presence`), in lines under its name."""
        presence = presence or {}
        if self.drawn_from(view, standings, shown, presence):
            return
        self._drawn = (view, standings, shown, presence)
        lines = []
        over = view.phase == "over"
        bamboo = "bamboo" in view.powers
        # The names share a column as wide as the longest one that fits beside the
        # score (" 100 pts plans": a space always parts the name from a three-digit
        # score); a longer name gets a line of its own, whole.
        room = (self.content_region.width or 26) - 3 - 14
        longest = max(len(view.name(seat)) for seat in range(len(view.players)))
        column = max(1, min(max(8, longest), room))
        for seat, player in enumerate(view.players):
            standing = standings[seat]
            line = Text("▶" if seat == shown else " ")
            line.append_text(seat_mark(seat))
            name = view.name(seat)
            if len(name) > column:
                line.append_text(Text(f" {name}"))
                lines.append(line)
                line = Text(" " * (3 + column))
            else:
                line.append_text(Text(f" {name}".ljust(column + 1)))
            line.append(f" {standing.banked:>3} pt" + (" " if standing.banked == 1 else "s"), style="bold green")
            if view.phase == "actions":
                line.append(" done" if player.committed else " plans", style="dim")
            elif view.phase == "draft" and player.card is not None:
                line.append(" drew", style="dim")
            lines.append(line)
            if not over:
                lines.extend(self._score_now(standing, bamboo))
            lines.extend(Text(PRESENCE_INDENT) + line for line in presence.get(seat, ()))
        # Its height follows its lines (two a seat while playing, one at the end).
        self.show_text(Text("\n").join(lines), layout=len(lines) != getattr(self, "_lines_shown", None))
        self._lines_shown = len(lines)

    def _score_now(self, standing: Standing, bamboo: bool) -> list[Text]:
        """What each category would add as things stand now, under the seat's score."""
        now = Text("  ")
        now.append(f"☀{standing.light}", style="yellow")
        now.append(f" forest {standing.forest} fert {standing.fertility}")
        if not bamboo:
            return [now]
        # On the same line where it fits whole, else on its own, where the word is
        # whole too ("bam" read as nothing to a newcomer): never cut in two.
        tail = f" bam {standing.bamboo}"
        if now.cell_len + len(tail) <= (self.content_region.width or 24):
            now.append(tail)
            return [now]
        return [now, Text(f"  bamboo {standing.bamboo}")]
