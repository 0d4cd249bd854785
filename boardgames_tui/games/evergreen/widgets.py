"""Widgets of the Evergreen screen: the planet, the draft, the fertility zone, tracks."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message

from boardgames_tui.games.evergreen.content import WILD, biomes
from boardgames_tui.games.evergreen.model import EvergreenState
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
from boardgames_tui.ui.widgets import TextPanel, seat_mark, set_border_title

# A space is 8 characters wide and 3 lines tall; the sun's edge gets one more line.
SPACE_WIDTH = 9
SPACE_HEIGHT = 3
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

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        column = (offset.x - MARGIN) // SPACE_WIDTH
        if 0 <= column < SIZE:
            self.post_message(Picked("space", self.row * SIZE + column))


class PlanetView(Vertical):
    """One planet: biome letter and colour per space, pieces, ravines, the sun, light."""

    def compose(self) -> ComposeResult:
        yield TextPanel(id="eg-sun-top", classes="eg-sun")
        for row in range(SIZE):
            yield PlanetRow(row, classes="eg-row")
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
    ) -> None:
        set_border_title(self, title)
        lit = lit or {}
        targets = targets or set()
        width = SIZE * SPACE_WIDTH
        sun_row = Text("  " + ("☀ sun " * 20)[: width - 1], style="bold yellow")
        top, bottom = self.query_one("#eg-sun-top", TextPanel), self.query_one("#eg-sun-bottom", TextPanel)
        top.display = edge == "top"
        bottom.display = edge == "bottom"
        top.show_text(sun_row)
        bottom.show_text(sun_row)
        for panel in self.query(PlanetRow):
            cells = range(panel.row * SIZE, (panel.row + 1) * SIZE)
            panel.show_text(
                row_text(
                    board[cells.start : cells.stop],
                    panel.row,
                    edge,
                    tuple((cell, lit[cell]) for cell in cells if cell in lit),
                    cursor if cursor in cells else None,
                    frozenset(cell for cell in cells if cell in targets),
                )
            )


@lru_cache(maxsize=512)
def row_text(
    row_board: str,
    row: int,
    edge: str,
    row_lit: tuple[tuple[int, int], ...],
    cursor: int | None,
    targets: frozenset[int],
) -> Text:
    """One row of the planet, three lines; cached, since most rows stay the same.

    The returned Text is shared: callers show it and never change it.
    """
    lit = dict(row_lit)
    lines = [Text(), Text(), Text()]
    for column, glyph in enumerate(row_board):
        cell = row * SIZE + column
        if glyph == RAVINE:
            parts = [Text("░" * (SPACE_WIDTH - 1) + " ", style="grey35") for _ in range(3)]
        else:
            colour = biome_style(cell)
            letter = _BIOMES[BIOME_KEYS[BIOME_AT[cell]]].letter
            first = Text(f"{letter} {space_name(cell)}", style=f"bold {colour}")
            middle = (
                Text(f"{glyph} {PIECE_WORDS[glyph]}", style=PIECE_STYLES[glyph])
                if glyph != EMPTY
                else Text("  ·", style="dim")
            )
            last = Text(f"☀ +{lit[cell]}", style="bold yellow") if cell in lit else Text()
            parts = [first, middle, last]
            for part in parts:
                part.truncate(SPACE_WIDTH - 1, pad=True)
                part.append(" ")
            if cell == cursor:
                for part in parts:
                    part.stylize("reverse")
            elif cell in targets:
                for part in parts:
                    part.stylize("on #203a20")
        for line, part in zip(lines, parts):
            line.append_text(part)
    if edge == "right":
        for line in lines:
            line.append(" ☀", style="bold yellow")
    lead = Text("☀ ", style="bold yellow") if edge == "left" else Text("  ")
    return Text("\n").join(lead + line for line in lines)


class ChoicePanel(TextPanel):
    """The draft row (or the biomes for a wild leftover), numbered for the keys."""

    def show(self, heading: str, entries: list[Text], cursor: int | None, *, numbered: bool = True) -> None:
        set_border_title(self, heading)
        self._count = len(entries) if numbered else 0
        lines = []
        for index, entry in enumerate(entries):
            line = Text("▶" if index == cursor else " ", style="bold")
            if numbered:
                line.append(f"{index + 1} ", style="bold")
            line.append_text(entry)
            if index == cursor:
                line.stylize("on grey35")
            lines.append(line)
        self.show_text(Text("\n").join(lines) if lines else Text("—", style="dim"))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < getattr(self, "_count", 0):
            self.post_message(Picked("choice", offset.y))


def card_text(card: int) -> Text:
    info = CARDS[card]
    colour = "bold white" if info.biome == WILD else f"bold {_BIOMES[info.biome].colour}"
    return Text(card_label(card), style=colour)


class ZonePanel(TextPanel):
    """The fertility zone: every biome's stack and its current value."""

    def on_mount(self) -> None:
        self.border_title = "Fertility"

    def show(self, view: EvergreenState) -> None:
        values = fertility_values(view.zone)
        lines = []
        for key in BIOME_KEYS:
            biome = _BIOMES[key]
            stack = view.zone.get(key, [])
            face_down = sum(1 for entry in stack if not entry.face_up)
            line = Text(f"{biome.letter} ", style=f"bold {biome.colour}")
            name = Text(BIOME_NAMES[key], style=biome.colour)
            name.truncate(8, pad=True)
            line.append_text(name)
            line.append(f"{values[key]:>3}", style="bold")
            line.append(f" ({len(stack)}" + (f", {face_down}↓" if face_down else "") + ")", style="dim")
            lines.append(line)
        self.show_text(Text("\n").join(lines))


class TrackPanel(TextPanel):
    """The season track and the viewer's six power levels."""

    def on_mount(self) -> None:
        self.border_title = "Season · powers"

    def show(self, view: EvergreenState, viewer: int | None) -> None:
        lines = []
        for index, (name, rounds) in enumerate(zip(SEASONS, SEASON_ROUNDS)):
            done = rounds if index < view.season else (view.round - 1 if index == view.season else 0)
            style = "bold" if index == view.season else "dim"
            label = Text(name, style=style)
            label.truncate(7, pad=True)
            label.append("●" * done + "○" * (rounds - done), style=style)
            lines.append(label)
        lines.append(Text(f"Sun: {sun_edge(view)} edge", style="bold yellow"))
        if viewer is not None:
            levels = view.players[viewer].levels
            lines.append(Text(f"{view.name(viewer)}'s powers:", style="bold"))
            for index, power in enumerate(view.powers):
                short = Text(POWERS[power].short)
                short.truncate(14, pad=True)
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
        # Four pieces a line: the side panel is 17 columns wide.
        if index % 4 == 0:
            lines.append(Text())
        else:
            lines[-1].append(" ")
        lines[-1].append(glyph, style=PIECE_STYLES.get(glyph, ""))
        lines[-1].append(str(left), style="bold" if left else "bold red")
    return lines


class ScorePanel(TextPanel):
    """Every player's score, season by season, and who is still planning."""

    def on_mount(self) -> None:
        self.border_title = "Players"

    def show(self, view: EvergreenState, totals: list[int], shown: int | None) -> None:
        lines = []
        for seat, player in enumerate(view.players):
            line = Text("▶" if seat == shown else " ")
            line.append_text(seat_mark(seat))
            name = Text(f" {view.name(seat)}")
            name.truncate(10, pad=True)
            line.append_text(name)
            line.append(f"{totals[seat]:>3} pts", style="bold green")
            if view.phase == "actions":
                line.append(" done" if player.committed else " plans", style="dim")
            elif view.phase == "draft" and player.card is not None:
                line.append(" drew", style="dim")
            lines.append(line)
        self.show_text(Text("\n").join(lines))
