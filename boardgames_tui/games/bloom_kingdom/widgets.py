"""Widgets of the Bloom Kingdom screen.  They draw a view; clicks post `Picked`."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message

from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import owner, plural
from boardgames_tui.games.bloom_kingdom.catalogue import character_entry
from boardgames_tui.games.bloom_kingdom.content import cards, characters, column_order
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState
from boardgames_tui.games.bloom_kingdom.news import Standing
from boardgames_tui.games.bloom_kingdom.rules import card_label
from boardgames_tui.games.bloom_kingdom.scoring import card_points, column_counts
from boardgames_tui.ui.inspector import entry_text
from boardgames_tui.ui.palette import CURSOR_ROW
from boardgames_tui.ui.widgets import (
    HAND_HIDDEN_BETWEEN_PLAYERS,
    TextPanel,
    set_border_title,
)

# The display's nine columns side by side need at least this many cells each; a
# narrower display lists them as a grid of "Queen  3 (1 Jest)" cells instead.
COLUMN_WIDTH = 9
WIDEST_COLUMN = 18
GRID_CELL = 21
# A grid cell: the marker and name, the count in two, a space, "(1 Jest)".
GRID_LABEL = 9
# The cursor is a marker, bold and a light bar, so it never depends on colour alone.
CURSOR = f"bold {CURSOR_ROW}"
# What cannot be chosen now: a mark and dim, not dim alone.
UNAVAILABLE = "×"
# What changed since the seat's own last move: a glyph and an underline, not colour alone.
CHANGED = "✦"
CHANGED_STYLE = "underline"
_CARDS = cards()
_INFO = characters()
_COLUMNS = column_order()

# The hand's columns, as wide as their longest texts so none is ever cut.
CARD_WIDTH = max(len(card_label(card)) for card in range(len(_CARDS))) + 2
INSTANT_WIDTH = max(len(info.instant_short or "") for info in _INFO.values()) + 3
SCORING_WIDTH = max(len(info.scoring_short) for info in _INFO.values()) + 4
NOW_WIDTH = len("now 12?")
TABLE_WIDTH = 3 + CARD_WIDTH + INSTANT_WIDTH + SCORING_WIDTH + NOW_WIDTH
LIST_WIDTH = 3 + CARD_WIDTH + NOW_WIDTH

Target = tuple[str, Any]


def fixed(text: Text, width: int) -> Text:
    """`text` cut or padded to exactly `width` cells, with a space after."""
    text.truncate(width - 1, overflow="ellipsis", pad=True)
    text.append(" ")
    return text


def value_now(character: str, counts: dict[str, int]) -> str:
    """What a kept card would score if the round ended now; "?" when rivals decide."""
    if character in ("king", "jester"):
        return f"{card_points(character, counts, {'king'} if character == 'jester' else set())}?"
    return str(card_points(character, counts, set()))


def card_text(card: int) -> Text:
    info = _INFO[_CARDS[card].character]
    return Text(card_label(card), style=f"bold {info.colour}")


def card_entry(card: int) -> CatalogueEntry:
    """One card in full: the inspector's and the tooltips' text."""
    return character_entry(_INFO[_CARDS[card].character], card_label(card))


def column_entry(view: BloomKingdomState, column: str) -> CatalogueEntry:
    """A display column: what it holds now, then its character in full."""
    held = view.display[column]
    jesters = sum(1 for card in held if _CARDS[card].character == "jester")
    holding = f"The column holds {plural(len(held), 'card')}"
    holding += f", {jesters} of them {'a Jester' if jesters == 1 else 'Jesters'}." if jesters else "."
    character = character_entry(_INFO[column])
    return CatalogueEntry(f"{_INFO[column].name} column", (holding, *character.lines))


def _tooltip(entry: CatalogueEntry | None) -> Text | None:
    return entry_text(entry) if entry is not None else None


class Picked(Message):
    """The player clicked something choosable: (area, key) as in `target_key`."""

    def __init__(self, area: str, key: Any) -> None:
        super().__init__()
        self.area = area
        self.key = key


class DisplayColumns(TextPanel):
    """The nine character columns with their counts and the Jesters inside.

    Side by side (name, count, bars, Jesters) when the panel is wide enough, else a
    grid of one-line cells; it redraws itself when its width changes.
    """

    _drawn: tuple[BloomKingdomState, set[Target], Target | None, frozenset[Any]] | None = None
    _rows = 0

    def on_mount(self) -> None:
        self.border_title = "Display"

    def show(
        self, view: BloomKingdomState, available: set[Target], cursor: Target | None, changed: frozenset[Any] = frozenset()
    ) -> None:
        """`changed`: the marks of what changed since the viewer's last move."""
        if self.drawn_from(view, available, cursor, changed):
            return
        self._drawn = (view, available, cursor, changed)
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _layout(self) -> tuple[int, int | None]:
        """(cell width, cells per row): None per row means the columns stand side by side."""
        width = self.size.width or len(_COLUMNS) * COLUMN_WIDTH
        if width >= len(_COLUMNS) * COLUMN_WIDTH:
            return min(WIDEST_COLUMN, width // len(_COLUMNS)), None
        return GRID_CELL, max(1, width // GRID_CELL)

    def _draw(self) -> None:
        if self._drawn is None:
            return
        view, available, cursor, changed = self._drawn
        counts = column_counts(view.display)
        choosing = any(area == "column" for area, _ in available)
        cell_width, per_row = self._layout()
        lines: list[Text] = [Text() for _ in range(4)] if per_row is None else []
        for index, column in enumerate(_COLUMNS):
            info = _INFO[column]
            jesters = sum(1 for card in view.display[column] if _CARDS[card].character == "jester")
            target = ("column", column)
            style = ""
            marker = CHANGED if target in changed else ""
            if cursor == target:
                style = CURSOR
                marker = "▶"
            elif choosing and target not in available:
                style = "dim"
                marker = UNAVAILABLE
            if target in changed and cursor != target:
                style = f"{style} {CHANGED_STYLE}".strip()
            # In brackets: the column's number already counts its Jesters ("+1" read as a fifth card).
            jest = Text(f"({jesters} Jest)" if jesters else "", style="dark_orange")
            # The whole name where it fits, else cut with "…" (its tooltip has it whole).
            label = Text((marker or (" " if per_row else "")) + info.name)
            label.truncate(cell_width - 1 if per_row is None else GRID_LABEL, overflow="ellipsis")
            if per_row is None:
                cells = [
                    Text(label.plain, style=f"bold {info.colour}"),
                    Text(str(counts[column]), style="bold"),
                    Text("▮" * min(counts[column], cell_width - 2), style=info.colour),
                    jest,
                ]
                for line, cell in zip(lines, cells):
                    cell.truncate(cell_width - 1)
                    cell.align("center", cell_width - 1)
                    cell.stylize(style)
                    line.append(cell)
                    line.append(" ")
            else:
                if index % per_row == 0:
                    lines.append(Text())
                cell = Text(f"{label.plain:<{GRID_LABEL}}", style=f"bold {info.colour}")
                cell.append(f"{counts[column]:>2}", style="bold")
                cell.append(" ")
                cell.append_text(jest)
                cell.align("left", cell_width - 1)
                cell.stylize(style)
                lines[-1].append_text(cell)
                lines[-1].append(" ")
        # The number of lines follows the width alone, so only a resize changes the layout.
        self.show_text(Text("\n").join(lines), layout=len(lines) != self._rows)
        self._rows = len(lines)

    def _column_at(self, event: events.MouseEvent) -> str | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        cell_width, per_row = self._layout()
        index = offset.x // cell_width
        if per_row is not None:
            index = offset.y * per_row + index if index < per_row else len(_COLUMNS)
        return _COLUMNS[index] if 0 <= index < len(_COLUMNS) else None

    def on_click(self, event: events.Click) -> None:
        column = self._column_at(event)
        if column is not None:
            self.post_message(Picked("column", column))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        column = self._column_at(event)
        self.tooltip = _tooltip(column_entry(self._drawn[0], column)) if column and self._drawn else None


class TurnRow(TextPanel):
    """The cards committed this turn: face down until the reveal, then in order; while
    the next cards are chosen, who has chosen, each total and the last turn's cards."""

    def on_mount(self) -> None:
        self.border_title = "This turn"

    def show(self, view: BloomKingdomState, to_act: list[int], totals: list[int], changed: frozenset[Any] = frozenset()) -> None:
        if self.drawn_from(view, to_act, totals, changed):
            return
        text = Text()
        if view.phase == "over":
            text.append("The game is over.")
        elif view.phase == "play":
            for seat, player in enumerate(view.players):
                if seat:
                    text.append("   ")
                text.append(view.name(seat), style="bold")
                text.append(f" {totals[seat]} VP", style="green")
                text.append(" ▮ card down" if player.chosen is not None else " … choosing", style="dim" if player.chosen is None else "")
            if view.revealed_at is not None and any(card is not None for card in view.revealed):
                round_number, turn = view.revealed_at
                when = f"Turn {turn}" if round_number == view.round else f"Round {round_number}, turn {turn}"
                text.append(f"\n{when} revealed: ", style="dim")
                self._revealed(text, view, changed)
        else:
            text.append("Revealed: ")
            self._revealed(text, view, changed)
            if view.queue:
                text.append("\nStill to resolve: ")
                for index, card in enumerate(view.queue):
                    if index:
                        text.append(" → ")
                    text.append_text(card_text(card))
                    text.append(f" ({view.name(view.revealed.index(card))})")
            if view.unicorn_pending:
                waiting = ", ".join(view.name(seat) for seat in view.unicorn_pending)
                text.append(f"\nUnicorn: {waiting} must return a card to the box")
        # Its height follows its text, which changes only with a move.
        self.show_text(text, layout=True)

    @staticmethod
    def _revealed(text: Text, view: BloomKingdomState, changed: frozenset[Any]) -> None:
        """Who revealed what, the cards revealed since the viewer's last move marked."""
        for seat, card in enumerate(view.revealed):
            if seat:
                text.append(" · ")
            new = ("revealed", seat) in changed
            if new:
                text.append(CHANGED)
            text.append(f"{view.name(seat)} ")
            if card is not None:
                shown = card_text(card)
                if new:
                    shown.stylize(CHANGED_STYLE)
                text.append_text(shown)


class ChoiceBar(TextPanel):
    """Choices that are not cards or columns: the Knight's removal, the Wizard's
    "nothing", and the Fortune Teller's players (so they are on the board even when
    the players' panel is put away)."""

    _buttons: list[tuple[Text, Target]] = []

    def show(
        self, view: BloomKingdomState, phase: str | None, available: set[Target], cursor: Target | None
    ) -> None:
        if self.drawn_from(view, phase, available, cursor):
            return
        buttons: list[tuple[Text, Target]] = []
        if phase == "knight":
            buttons = [(Text("y  Remove a Dragon"), ("choice", True)), (Text("n  Leave the Dragons"), ("choice", False))]
        elif phase == "wizard":
            buttons = [(Text("n  Remove nothing"), ("choice", False))]
        elif phase == "fortune":
            seats = sorted(key for area, key in available if area == "player")
            buttons = [(Text.assemble(f"{number}  ", view.name(seat)), ("player", seat)) for number, seat in enumerate(seats, 1)]
        self.display = bool(buttons)
        self._buttons = buttons
        text = Text()
        for index, (label, target) in enumerate(buttons):
            if index:
                text.append("   ")
            marker = "▶" if cursor == target else " "
            text.append_text(Text.assemble(marker, label, " ", style=CURSOR if cursor == target else "bold on grey23"))
        self.show_text(text)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y:
            return
        start = 0
        for label, (area, key) in self._buttons:
            end = start + label.cell_len + 2
            if start <= offset.x < end:
                self.post_message(Picked(area, key))
            start = end + 3


class HandList(TextPanel):
    """The viewer's hand, one card a line, with what each would score right now, and
    the card under the cursor in full.

    Wide enough, every card shows its short instant and scoring texts in columns and
    the full card sits below; narrower, the list keeps name and score and the full
    card sits beside it.  Nothing is ever cut: it redraws itself when its width changes.
    """

    _drawn: tuple[BloomKingdomState, int | None, set[Target], Target | None] | None = None
    _cards: list[int] = []
    _first_row = 0
    _own = False
    _hidden = HAND_HIDDEN_BETWEEN_PLAYERS

    def show(
        self,
        view: BloomKingdomState,
        viewer: int | None,
        available: set[Target],
        cursor: Target | None,
        *,
        own: bool = False,
        hidden: str = HAND_HIDDEN_BETWEEN_PLAYERS,
    ) -> None:
        """`own`: the viewer is the one looking ("Your hand"), not the table watching a
        replay; `hidden`: what the panel says when `viewer` is None (no seat's own view)."""
        self._hidden = hidden
        if self._drawn is not None and self._drawn[1] != viewer:
            # A card's tooltip belongs to the seat that hovered it: never left for the next audience.
            self.tooltip = None
        if self.drawn_from(view, viewer, available, cursor, own):
            return
        self._drawn = (view, viewer, available, cursor)
        self._own = own
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._drawn is None:
            return
        view, viewer, available, cursor = self._drawn
        self._cards = []
        if viewer is None:
            set_border_title(self, "Hand")
            self.show_text(Text(self._hidden, style="dim italic"))
            return
        hand = view.players[viewer].hand
        self._cards = list(hand)
        set_border_title(self, f"{owner(view.name(viewer), own=self._own)} hand ({len(hand)})")
        counts = column_counts(view.display)
        choosing = any(area == "hand" for area, _ in available)
        width = self.size.width or TABLE_WIDTH
        in_columns = width >= TABLE_WIDTH
        rows: list[Text] = []
        for number, card in enumerate(hand, start=1):
            info = _INFO[_CARDS[card].character]
            target = ("hand", card)
            unavailable = choosing and target not in available
            marker = "▶" if cursor == target else UNAVAILABLE if unavailable else " "
            line = Text(f"{marker}{number} ", style="bold")
            line.append_text(fixed(card_text(card), CARD_WIDTH))
            if in_columns:
                line.append_text(fixed(Text(f"⚡{info.instant_short}" if info.instant_short else "", style="italic"), INSTANT_WIDTH))
                line.append_text(fixed(Text(f"★ {info.scoring_short}"), SCORING_WIDTH))
            line.append(f"now {value_now(info.key, counts)}", style="bold")
            line.align("left", LIST_WIDTH if not in_columns else TABLE_WIDTH)
            if cursor == target:
                line.stylize(CURSOR)
            elif unavailable:
                line.stylize("dim")
            rows.append(line)
        about = self._about(view, viewer, cursor)
        if in_columns:
            heading = Text(" " * 3 + "card".ljust(CARD_WIDTH) + "instant effect".ljust(INSTANT_WIDTH), style="dim")
            heading.append("scores when kept".ljust(SCORING_WIDTH) + "now")
            lines = [heading, *rows]
            if about:
                lines += [Text(""), *about]
            self._first_row = 1
        else:
            lines = self._beside(rows, about, width)
            self._first_row = 0
        self.show_text(Text("\n").join(lines) if lines else Text("(no cards)", style="dim"))

    def _beside(self, rows: list[Text], about: list[Text], width: int) -> list[Text]:
        """The list on the left, the full card wrapped on the right."""
        right_width = max(10, width - LIST_WIDTH - 1)
        wrapped: list[Text] = []
        for paragraph in about:
            wrapped.extend(paragraph.wrap(self.app.console, right_width) if paragraph.plain else [Text("")])
        lines = []
        for index in range(max(len(rows), len(wrapped))):
            line = rows[index].copy() if index < len(rows) else Text(" " * LIST_WIDTH)
            line.append(" ")
            if index < len(wrapped):
                line.append_text(wrapped[index])
            lines.append(line)
        return lines

    @staticmethod
    def _about(view: BloomKingdomState, viewer: int, cursor: Target | None) -> list[Text]:
        """The whole card under the cursor and what the viewer's Fortune Tellers saw."""
        about: list[Text] = []
        if cursor is not None and cursor[0] == "hand":
            info = _INFO[_CARDS[cursor[1]].character]
            card = Text.assemble(card_text(cursor[1]), "  ")
            if info.instant:
                card.append("Instant: ", style="bold")
                card.append(f"{info.instant}  ")
            card.append("Kept: ", style="bold")
            card.append(info.scoring)
            about.append(card)
        peeks = [peek for peek in view.peeks if peek.viewer == viewer]
        if peeks:
            seen = Text("Seen by your Fortune Tellers: ", style="italic")
            for index, peek in enumerate(peeks):
                if index:
                    seen.append(" · ")
                seen.append(f"{view.name(peek.target)} had ")
                seen.append_text(card_text(peek.card))
                seen.append(f" (round {peek.round}, turn {peek.turn})", style="dim")
            if about:
                about.append(Text(""))
            about.append(seen)
        return about

    def _card_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        row = offset.y - self._first_row
        return self._cards[row] if 0 <= row < len(self._cards) else None

    def on_click(self, event: events.Click) -> None:
        card = self._card_at(event)
        if card is not None:
            self.post_message(Picked("hand", card))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        card = self._card_at(event)
        self.tooltip = _tooltip(card_entry(card)) if card is not None and card >= 0 else None


# A player's lines after the first, and what wraps from any of them, start here.
PLAYER_INDENT = 4


def hanging(block: Text, width: int, console: Any) -> list[Text]:
    """`block`'s lines wrapped at `width`, every wrapped row under a `PLAYER_INDENT`
    (a line wrapped from the margin read as another player's)."""
    rows: list[Text] = []
    room = max(1, width - PLAYER_INDENT)
    for line in block.split("\n"):
        wrapped = line.wrap(console, width)
        rows.append(wrapped[0])
        rest = line[len(wrapped[0].plain) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip()) :]
        for row in rest.wrap(console, room) if rest.plain else []:
            rows.append(Text(" " * PLAYER_INDENT) + row)
    return rows


class PlayerBoard(TextPanel):
    """Every player as the table tracks them: points and place, points by round, cards
    in hand, the cards played this round; for the viewer, the best two to keep now."""

    _rows = 0
    _starts: list[int] = []
    _drawn: tuple[Any, ...] | None = None
    _width = 0

    def on_mount(self) -> None:
        self.border_title = "Players"

    def on_resize(self) -> None:
        # Wrapped by hand at the width it had: drawn first before its layout (the width
        # then a guess), or a resize, wraps it again at the real width.
        if self._drawn is not None and self.content_region.width != self._width:
            self.show(*self._drawn)

    def show(
        self,
        view: BloomKingdomState,
        viewer: int | None,
        standings: list[Standing],
        outlook: str | None,
        available: set[Target],
        cursor: Target | None,
        changed: frozenset[Any] = frozenset(),
        presence: dict[int, list[Text]] | None = None,
    ) -> None:
        """`presence`: each remote seat's (`seat_presence`), in lines of its block."""
        presence = presence or {}
        self._drawn = (view, viewer, standings, outlook, available, cursor, changed, presence)
        self._width = self.content_region.width
        # The width counts too: the text is wrapped by hand at it.
        if self.drawn_from(view, viewer, standings, outlook, available, cursor, changed, presence, self._width):
            return
        lines = []
        choosing = any(area == "player" for area, _ in available)
        # Where each seat's block starts, for clicks.
        self._starts = []
        row = 0
        for standing in standings:
            seat = standing.seat
            info = view.seats[seat]
            block = Text()
            target = ("player", seat)
            block.append("▶ " if cursor == target else ("• " if seat == viewer else "  "))
            block.append(info.name, style="bold")
            if info.is_bot:
                block.append(" (bot)", style="dim")
            block.append(f"  {standing.total} VP", style="bold green")
            block.append(f" {standing.place}")
            if ("player", seat) in changed:
                block.append(f" {CHANGED}scored", style=CHANGED_STYLE)
            rounds = " · ".join(str(points) for points in standing.rounds)
            indent = " " * PLAYER_INDENT
            block.append(f"\n{indent}hand {standing.cards_in_hand}" + (f" · rounds {rounds}" if rounds else ""), style="dim")
            if standing.played:
                block.append(f"\n{indent}played: " + ", ".join(standing.played), style="dim")
            for line in presence.get(seat, ()):
                block.append(f"\n{indent}")
                block.append_text(line)
            if seat == viewer and outlook:
                block.append(f"\n{indent}{outlook}", style="italic")
            if cursor == target:
                block.stylize(CURSOR)
            elif choosing and target in available:
                block.stylize("underline")
            self._starts.append(row)
            # Wrapped here, each row counted, so that a click finds its player.
            rows = hanging(block, self.content_region.width or 30, self.app.console)
            row += len(rows)
            lines.append(Text("\n").join(rows))
        # Its height follows its text (CSS height: auto): laid out again only when that changes.
        self.show_text(Text("\n").join(lines), layout=row != self._rows)
        self._rows = row

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self._starts or offset.y < 0:
            return
        seat = max(index for index, start in enumerate(self._starts) if start <= offset.y)
        self.post_message(Picked("player", seat))
