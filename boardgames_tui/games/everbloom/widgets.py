"""Widgets of the Everbloom screen: the wilderness, landmarks, habitat, groves, bloom board.

Every panel is a `TextPanel` with a fixed CSS size, so a keypress repaints text only.
Factions are shown by their colour AND their letter, never by colour alone.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.engine.text import owner
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.describe import BIOME_INFO, BLOOMS, NECTAR, card_style, faction_of, landmark_rule
from boardgames_tui.games.everbloom.letters import landmark_keys
from boardgames_tui.games.everbloom.model import EverbloomState, hidden_back, is_hidden
from boardgames_tui.games.everbloom.rules import BIOMES, card_cost, card_info, card_name
from boardgames_tui.games.everbloom.standings import Standings, TrackStanding
from boardgames_tui.ui.palette import CURSOR_ROW, MARKED_SPACE
from boardgames_tui.ui.widgets import PRESENCE_INDENT, TextPanel, set_border_title

TRACK = C.bloom_track()
CURSOR = "reverse"
# The cards and landmark of a chip turn under way.
TARGET = f"underline {MARKED_SPACE}"
# What changed since the seat's own last move: a glyph (never colour alone) and a style.
CHANGED = "✦"
CHANGED_STYLE = "bold yellow"
# A biome's nectar leader(s), in the standings.
LEADS = "▲"


def changed_mark() -> Text:
    return Text(CHANGED, style=CHANGED_STYLE)


def faction_tag(view: EverbloomState, seat: int, text: str = "") -> Text:
    """The faction's letter (and `text`) in the faction's colour."""
    faction = faction_of(view, seat)
    return Text(faction.letter + text, style=f"bold {faction.colour}")


def biome_letters(biomes: tuple[str, ...]) -> Text:
    text = Text()
    for biome in biomes:
        if biome == C.WILD:
            text.append(C.WILD_LETTER, style="bold white")
        else:
            info = BIOME_INFO[biome]
            text.append(info.letter, style=f"bold {info.colour}")
    return text


# Measures text to wrap it (only its width rules are used; it never prints).
_MEASURE = Console(width=200)

# Where a name on the board goes on past its cell, as cut text ends everywhere (the
# choices name the card whole when the cursor is on it, and i shows it).
CUT_MARK = "…"


def fit(text: Text, width: int) -> Text:
    """`text` in exactly `width` columns; a longer one ends in CUT_MARK."""
    text = text.copy()
    if text.cell_len > width:
        text.truncate(max(0, width - 1))
        text.append(CUT_MARK, style="dim")
    text.truncate(width, pad=True)
    return text


class Picked(Message):
    def __init__(self, area: str, key: Any) -> None:
        super().__init__()
        self.area = area
        self.key = key


class WildernessPanel(Vertical):
    """The board as a grid: landmark rows (2 lines) and card rows (3 lines).

    Each grid row is its own panel: moving the highlight repaints one or two rows only.
    """

    # A name longer than its cell ends in CUT_MARK: the choices name the card whole
    # when the cursor is on it or on a landmark reaching it, and i shows it (the
    # layout tests' check for text cut by accident reads this).
    CUTS_SHOWN_WHOLE_ELSEWHERE = True

    def __init__(self, side: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.side = C.board_side(side)
        self.cells: dict[tuple[int, int], tuple[str, str]] = {}
        for space in self.side.card_spaces:
            self.cells[space.at] = ("card", space.id)
        for space in self.side.landmark_spaces:
            self.cells[space.at] = ("landmark", space.id)
        self.columns = max(at[1] for at in self.cells) + 1
        self.rows = max(at[0] for at in self.cells) + 1
        self.keys = landmark_keys(side)
        # Lines under each card for its ability in words: the screen sets them where the
        # window has room (app.tcss gives the card rows that many more lines).
        self.ability_lines = 0

    def compose(self) -> ComposeResult:
        for row in range(self.rows):
            cards = any(kind == "card" for at, (kind, _) in self.cells.items() if at[0] == row)
            yield TextPanel(classes="eb-crow" if cards else "eb-lrow")

    def set_ability_lines(self, lines: int) -> None:
        """Room for `lines` lines of each card's ability under it (0: none)."""
        if lines == self.ability_lines:
            return
        self.ability_lines = lines
        rows = list(self.query(TextPanel))
        for panel in rows:
            if panel.has_class("eb-crow"):
                panel.styles.height = 3 + lines
            panel.forget_inputs()
        self.styles.height = 2 + sum(3 + lines if panel.has_class("eb-crow") else 2 for panel in rows)

    def row_spaces(self) -> list[list[str]]:
        """The spaces of each grid row, left to right."""
        return [
            [entry[1] for _, entry in sorted((at[1], entry) for at, entry in self.cells.items() if at[0] == row)]
            for row in range(self.rows)
        ]

    def show(
        self,
        view: EverbloomState,
        cursor: set[str],
        targets: set[str],
        planned: dict[str, int] | None = None,
        changed: frozenset[str] | set[str] = frozenset(),
    ) -> None:
        """`planned`: pollinators the viewer is about to send, per card space (shown as +N);
        `changed`: card and landmark spaces changed since the viewer's last move (✦)."""
        set_border_title(self, f"Wilderness · side {view.side}")
        side = self.side
        # Drawn while hidden (a small window's other pane is open, or a lesson brought
        # one up): at the width it will have when shown, the window's less its gutter (a
        # window large enough for the sidebar never hides the board).
        width = self.content_region.width or max(1, self.app.size.width - self.styles.gutter.width)
        # Items of one row stand at least two columns apart: each gets two cells' width.
        # With abilities in words the cells take the whole width (their words need it).
        widest = 24 if self.ability_lines else 16
        cell = max(6, min(widest, int((width + 2) / (self.columns + 0.5))))
        span = 2 * cell - 2
        planned = planned or {}
        abilities = self.ability_lines
        for row, panel in enumerate(self.query(TextPanel)):
            items = sorted((at[1], entry) for at, entry in self.cells.items() if at[0] == row)
            spaces = {entry[1] for _, entry in items}
            # A cursor move changes one or two rows: the others are not built again.
            if panel.drawn_from(
                view, cell, abilities, frozenset(spaces & cursor), frozenset(spaces & targets),
                {space: count for space, count in planned.items() if space in spaces}, frozenset(spaces & set(changed)),
            ):
                continue
            cards = any(entry[0] == "card" for _, entry in items)
            height = 3 + abilities if cards else 2
            # A card row holds cards only: a card may run to one column short of the next.
            width_here = span + 1 if cards else span
            row_lines = [Text() for _ in range(height)]
            for col, entry in items:
                if entry[0] == "card":
                    parts = self._card(view, entry[1], planned.get(entry[1], 0), entry[1] in changed)
                    if abilities:
                        parts = parts + self._ability(view, entry[1], width_here, abilities)
                else:
                    parts = self._landmark(view, entry[1], side, self.keys.get(entry[1], ""), entry[1] in changed)
                parts = (parts + [Text()] * height)[:height]
                start = max(0, col * cell - cell // 2)
                for index, part in enumerate(parts):
                    line = row_lines[index]
                    if len(line) < start:
                        line.append(" " * (start - len(line)))
                    part = fit(part, width_here)
                    if entry[1] in cursor:
                        part.stylize(CURSOR)
                    elif entry[1] in targets:
                        part.stylize(TARGET)
                    line.append_text(part)
            panel.show_text(Text("\n").join(row_lines))

    @staticmethod
    def _ability(view: EverbloomState, space: str, width: int, lines: int) -> list[Text]:
        """The top card's ability in words, wrapped into `lines` lines of `width` (the
        last ends in the cut mark when the words go on: i shows them whole)."""
        stack = view.stacks.get(space, [])
        if not stack or is_hidden(stack[0]):
            return []
        ability = getattr(card_info(stack[0]), "ability", None)
        if ability is None:
            return []
        words = Text(ability.summary + ".", style="italic")
        wrapped = list(words.wrap(_MEASURE, width, overflow="fold"))
        if len(wrapped) > lines:
            last = wrapped[lines - 1]
            last.append(" " + CUT_MARK)
            wrapped = [*wrapped[: lines - 1], last]
        return [line for line in wrapped if line.plain.strip()][:lines]

    @staticmethod
    def _card(view: EverbloomState, space: str, planned: int = 0, changed: bool = False) -> list[Text]:
        stack = view.stacks.get(space, [])
        first = Text(f"{space} ", style="bold")
        if changed:
            first = changed_mark() + Text(f"{space} ", style="bold underline")
        if not stack:
            return [first + Text("empty", style="dim"), Text(), Text()]
        first.append(f"▤{len(stack)} ", style="dim")
        top = stack[0]
        if is_hidden(top):
            # The deck a space was dealt from is public (the card backs show it).
            kind = view.space_kinds.get(space)
            if kind in BIOME_INFO:
                first.append(BIOME_INFO[kind].name, style=f"bold {BIOME_INFO[kind].colour}")
            elif kind:
                first.append(kind, style="dim")
            back = hidden_back(top)
            hidden = Text("face down", style="dim")
            if back == kind:
                pass  # the space's deck, already named
            elif back in BIOME_INFO:
                hidden.append(" · ")
                hidden.append(BIOME_INFO[back].name, style=f"bold {BIOME_INFO[back].colour}")
            elif back:
                hidden.append(f" · {back}", style="dim")
            return [first, hidden, Text()]
        info = card_info(top)
        first.append_text(biome_letters(info.biomes))
        first.append(f" c{info.cost} n{info.nectar}")
        name = Text()
        if getattr(info, "is_event", False):
            name.append("!", style="bold red")
        name.append(info.name, style=card_style(top))
        third = Text()
        for seat, count in enumerate(view.pollinators.get(space, [])):
            if count:
                if third:
                    third.append(" ")
                third.append_text(faction_tag(view, seat, str(count)))
        if planned:
            if third:
                third.append(" ")
            third.append(f"+{planned}", style="bold reverse")
        return [first, name, third]

    @staticmethod
    def _landmark(
        view: EverbloomState, space: str, side: C.BoardSide, key: str = "", changed: bool = False
    ) -> list[Text]:
        wild = next((s.wildlife for s in side.landmark_spaces if s.id == space), None)
        first = Text()
        if key:
            first.append(key, style="bold underline cyan")
            first.append(" ")
        if changed:
            first.append_text(changed_mark())
        if wild:
            first.append(f"{'◀' if wild == 'west' else '▶'}{space}", style="bold white")
        elif view.hive == space:
            first.append(f"{space} hive", style="bold yellow")
        else:
            number, flipped = view.landmarks[space]
            first.append(f"{space} #{number}{'′' if flipped else ''}", style="bold")
        stack = view.chips.get(space, [])
        chips = Text(" " if len(stack) <= 5 else "").join(faction_tag(view, chip.seat, str(chip.value)) for chip in stack)
        if len(chips) > 16:
            chips = Text("…") + chips[-15:]
        return [first, chips]


class WrappedList(ScrollView, can_focus=False):
    """Entries of text, each wrapped to the panel's width under a hanging indent.

    A line-API widget: an entry that changes repaints its own rows only, and the list
    scrolls (never cuts) when the entries need more rows than the panel has.  The
    wrapping follows the width: a resize wraps everything again at once.
    """

    DEFAULT_CSS = """
    WrappedList { scrollbar-size-vertical: 1; scrollbar-gutter: stable; overflow-x: hidden; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._entries: list[Text] = []
        self._indent = 0
        self._width = 0
        # Per entry: its wrapped rows; and the first row of each entry.
        self._wrapped: list[list[Strip]] = []
        self._starts: list[int] = []
        self._strips: list[Strip] = []
        # The entry to keep in sight, also when the panel is resized.
        self._cursor: int | None = None

    def set_lines(
        self, entries: list[Text], cursor: int | None = None, indent: int = 0, expected_width: int = 1
    ) -> None:
        """Show `entries`; keep `cursor` (an entry's index) in sight.  `expected_width`:
        the width to wrap at while the list has none yet (hidden until now)."""
        width = max(1, self.scrollable_content_region.width or expected_width)
        if indent != self._indent or width != self._width or len(entries) != len(self._entries):
            self._indent = indent
            self._entries = list(entries)
            self._rewrap(width)
        else:
            changed = [row for row, (old, new) in enumerate(zip(self._entries, entries)) if old != new]
            self._entries = list(entries)
            for row in changed:
                wrapped = self._wrap_entry(entries[row], width)
                if len(wrapped) != len(self._wrapped[row]):
                    self._rewrap(width, keep_rows=True)
                    break
                self._wrapped[row] = wrapped
                start = self._starts[row]
                self._strips[start : start + len(wrapped)] = wrapped
                self.refresh_lines(start, len(wrapped))
        self._cursor = cursor
        self._keep_cursor_in_sight()

    def _keep_cursor_in_sight(self) -> None:
        cursor = self._cursor
        if cursor is not None and 0 <= cursor < len(self._starts):
            height = len(self._wrapped[cursor])
            self.scroll_to_region(Region(0, self._starts[cursor], 1, height), animate=False, force=True)

    def _wrap_entry(self, entry: Text, width: int) -> list[Strip]:
        console = self.app.console
        if entry.cell_len <= width and "\n" not in entry.plain:
            # Most entries fit on one row: no wrapping to do (a keypress redraws a few).
            return [Strip(entry.render(console))]
        indent = min(self._indent, max(0, width - 10))
        lines = entry.wrap(console, width, overflow="fold")
        if len(lines) > 1 and indent:
            # Wrap once more so that later rows sit under the indent.
            first = lines[0]
            rest = entry[len(first.plain) :]
            rest = rest[len(rest.plain) - len(rest.plain.lstrip()) :]
            tail = rest.wrap(console, width - indent, overflow="fold")
            lines = [first, *(Text(" " * indent) + line for line in tail)]
        return [Strip(line.render(console)) for line in lines] or [Strip.blank(0)]

    def _rewrap(self, width: int, keep_rows: bool = False) -> None:
        self._width = width
        self._wrapped = [self._wrap_entry(entry, width) for entry in self._entries]
        self._starts = []
        self._strips = []
        for rows in self._wrapped:
            self._starts.append(len(self._strips))
            self._strips.extend(rows)
        self._size_to_rows(keep_rows)
        self.refresh()

    def _size_to_rows(self, keep_rows: bool = False) -> None:
        """The scrolled size: the rows, but never fewer than the panel shows.  A list that
        still fits keeps its size when it gains or loses a row, so it repaints itself
        instead of laying the whole screen out again (the detail line under the chip list
        takes two rows or three depending on the landmark, and an arrow key that laid the
        screen out would cost twice the others).  `keep_rows`: the same entries, one of
        them wrapped anew (the place step's row under the cursor takes a second line for
        the names of the cards it reaches): a list that scrolls keeps its scrolled size
        too, at most a row or two of blank below its last entry.  A panel as tall as its
        text (`height: auto`, the news panel) takes its rows as they are, or it could
        never shrink."""
        rows = len(self._strips)
        height = self.styles.height
        if height is None or not height.is_auto:
            rows = max(rows, self.scrollable_content_region.height)
            if keep_rows:
                rows = max(rows, self.virtual_size.height)
        self.virtual_size = Size(self._width, rows)

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        style = self.rich_style
        if row >= len(self._strips):
            return Strip.blank(width, style)
        return self._strips[row].crop_extend(0, width, style).apply_style(style)

    def on_resize(self) -> None:
        width = max(1, self.scrollable_content_region.width)
        if width != self._width:
            self._rewrap(width)
        else:
            self._size_to_rows()  # a shorter panel may have to scroll now
        # A long hint grows the status bar after the hint has put the cursor on its move:
        # the shorter list must still show that entry.
        self._keep_cursor_in_sight()

    def entry_at(self, row: int) -> int | None:
        """The entry drawn on `row` of the whole list."""
        for index in range(len(self._starts) - 1, -1, -1):
            if self._starts[index] <= row:
                return index if row < len(self._strips) else None
        return None


class DetailPanel(WrappedList):
    """More about the highlighted entry: a few lines, wrapped, scrolled when longer."""

    def show_text(self, text: Text) -> None:
        self.set_lines(text.split("\n") if text.plain else [])


class LandmarkPanel(WrappedList):
    """Every landmark's current rule, whole, and its chips, bottom first."""

    def on_mount(self) -> None:
        self.border_title = "Landmarks: rule · chips ↑"

    def show(self, view: EverbloomState) -> None:
        side = C.board_side(view.side)
        keys = landmark_keys(view.side)
        lines = []
        for space in side.landmark_spaces:
            line = Text()
            line.append(keys[space.id], style="bold underline cyan")
            line.append(f" {space.id:<5}", style="bold")
            if space.wildlife is None:
                number, flipped = view.landmarks[space.id]
                line.append(f"{number:>2}{'′' if flipped else ' '} ", style="bold yellow" if view.hive == space.id else "bold")
            else:
                line.append("W   ", style="bold white")
            # Set apart as under the landmark on the board: "S1 S3", never "S1S3".
            chips = _tags([faction_tag(view, chip.seat, str(chip.value)) for chip in view.chips.get(space.id, [])])
            if chips:
                line.append_text(chips)
                line.append(" ")
            line.append(landmark_rule(view, space.id))
            lines.append(line)
        self.set_lines(lines, indent=LANDMARK_INDENT)


# The rule of a landmark wraps under the rule, past its letter, space and number.
LANDMARK_INDENT = 11


def _tags(tags: list[Text]) -> Text:
    return Text(" ").join(tags)


class GrovePanel(WrappedList):
    """Per biome: each faction's pollinators in its grove, then the nectar race as the
    viewer may know it (▲ leads; in brackets what it would score now)."""

    def on_mount(self) -> None:
        self.border_title = "Groves │ nectar (points now)"

    def show(
        self,
        view: EverbloomState,
        standing: Standings,
        viewer: int | None,
        changed: frozenset[str] | set[str] = frozenset(),
    ) -> None:
        width = self.scrollable_content_region.width or 36
        groves = []
        for biome in BIOMES:
            groves.append(
                _tags([faction_tag(view, seat, str(count)) for seat, count in enumerate(view.groves[biome]) if count])
            )
        grove_width = max([5, *(tags.cell_len for tags in groves)])
        named = width >= 52
        lines = []
        for biome, grove, race in zip(BIOMES, groves, standing.biomes):
            info = BIOME_INFO[biome]
            line = changed_mark() if biome in changed else Text(" " if changed else "")
            line.append(f"{info.letter} ", style=f"bold {info.colour}")
            if named:
                line.append(f"{info.name:<8} ", style=info.colour)
            line.append_text(grove)
            line.append(" " * (grove_width - grove.cell_len) + " │ ", style="dim")
            nectar = []
            for seat, amount in enumerate(race.nectar):
                if not amount:
                    continue
                tag = Text(LEADS, style="bold") if seat in race.leaders else Text()
                tag.append_text(faction_tag(view, seat, str(amount)))
                if race.points[seat]:
                    tag.append(f"({race.points[seat]})", style="green")
                if seat == viewer:
                    tag.stylize("underline")
                nectar.append(tag)
            line.append_text(_tags(nectar) if nectar else Text("·", style="dim"))
            lines.append(line)
        # By faction letter, as in the nectar column: a border cuts what does not fit,
        # and a name may be 20 characters long.
        secret = [
            f"{faction_of(view, seat).letter} ×{count}" for seat, count in enumerate(standing.secret_cards) if count
        ]
        set_border_subtitle(self, f"secret nectar cards: {', '.join(secret)}" if secret else "")
        self.set_lines(lines, indent=4)


def track_text(view: EverbloomState) -> Text:
    text = Text()
    for index, space in enumerate(TRACK.spaces):
        here = [seat for seat, player in enumerate(view.players) if player.bloom == index]
        if len(here) == 1:
            text.append_text(faction_tag(view, here[0]))
        elif here:
            text.append("*", style="bold")
        elif space.nectar_card:
            text.append("◆", style="magenta")
        elif space.points:
            text.append("•", style="green")
        else:
            text.append("·", style="dim")
    return text


def track_values() -> Text:
    """Each bloom-track space worth something: its number and its points (◆: a nectar card)."""
    text = Text()
    for index, space in enumerate(TRACK.spaces):
        if not space.points and not space.nectar_card:
            continue
        if text:
            text.append(" ")
        text.append(f"{index}")
        if space.nectar_card:
            text.append("◆", style="magenta")
        if space.points:
            text.append(f"•{space.points}", style="green")
    return text


def set_border_subtitle(widget: Any, subtitle: str) -> None:
    """Sets a border subtitle (literal text) only when it changes, like `set_border_title`."""
    if getattr(widget, "_literal_border_subtitle", None) != subtitle:
        widget._literal_border_subtitle = subtitle
        widget.border_subtitle = Text(subtitle)


class BloomPanel(WrappedList):
    """The bloom track and what its spaces are worth, the bloom cards whole, the decks."""

    def on_mount(self) -> None:
        self.border_title = "Bloom board"

    def show(self, view: EverbloomState) -> None:
        lines = [Text("Track ") + track_text(view), track_values()]
        for card in view.bloom_shown:
            bloom = BLOOMS.get(card)
            if bloom is None:
                continue
            line = Text("✿" * bloom.blooms, style="bold magenta")
            line.append(f" {bloom.objective.summary}")
            lines.append(line)
        # The decks go on the bottom border: the objectives keep the rows.
        set_border_subtitle(self, f"decks: nectar {len(view.nectar_deck)} · wildlife {len(view.wildlife_deck)}")
        self.set_lines(lines, indent=2)


class SincePanel(WrappedList):
    """What changed since the viewer's own last move, in a few lines (the rules'
    `changes_since`): wrapped to the panel's width and scrolled, never cut, so the
    summary of a whole migration reads whole in a small window too.  It opens on its
    last lines, the newest (the move just before the viewer's): older ones are above."""

    # Columns around the text: the border, the left padding and the scrollbar's gutter.
    FRAME = 4

    def on_mount(self) -> None:
        # Anchored, Textual keeps it scrolled to the end whenever it is laid out: a
        # scroll_end alone could run before the panel takes its new height and leave the
        # oldest lines in sight on a busy machine.  Each show's scroll_end anchors it again.
        self.anchor()

    def show(self, lines: tuple[str, ...], room: int) -> None:
        """`room`: the width of the column it shows in, for the lines it gets while it is
        still hidden (it shows only when there is something to say), so that they are
        wrapped at once for the frame they first appear in."""
        self.set_lines([Text(line) for line in lines], None, 2, expected_width=room - self.FRAME)
        # The newest lines in sight: after two bots' moves the last one matters most now.
        self.scroll_end(animate=False, x_axis=False)

    def on_resize(self) -> None:
        # Shown again at another height (the compact "news" pane): still the newest lines.
        # (Textual also calls WrappedList's own handler, which wraps them again.)
        self.scroll_end(animate=False, x_axis=False)

    def _rewrap(self, width: int, keep_rows: bool = False) -> None:
        rows = len(self._strips)
        super()._rewrap(width, keep_rows)
        if len(self._strips) != rows:
            # Its height follows its rows (CSS height: auto, up to a maximum).
            self.refresh(layout=True)


class PlayersPanel(TextPanel):
    """Round, phase and each faction's points, bloom position and habitat size."""

    _rows = 0

    def on_mount(self) -> None:
        self.border_title = "Players"

    def show(
        self,
        view: EverbloomState,
        progress: str,
        acting: list[int],
        shown: int | None,
        track: tuple[TrackStanding, ...] = (),
        changed: frozenset[tuple[str, int]] | set[tuple[str, int]] = frozenset(),
        presence: dict[int, list[Text]] | None = None,
    ) -> None:
        """`track`: each faction's bloom-track points now; `changed`: ("track" or
        "habitat", seat) changed since the viewer's last move (✦); `presence`: each
        remote seat's (`seat_presence`), in lines under its row."""
        lines = [Text(progress, style="bold")]
        # The names share a column as wide as the longest one that fits beside the rest
        # of the row ("100pt ✿12(30)✦ ▤12✦ ①"); a longer name gets a line of its own, whole.
        room = (self.content_region.width or 30) - 2 - 24
        longest = max(len(view.name(seat)) for seat in range(len(view.players)))
        column = max(1, min(max(8, longest), room))
        for seat, player in enumerate(view.players):
            line = Text("▶" if seat in acting else " ", style="bold")
            line.append_text(faction_tag(view, seat))
            name = view.name(seat)
            if len(name) > column:
                line.append_text(Text(f" {name}"))
                if seat == shown:
                    line.stylize("underline")
                lines.append(line)
                line = Text(" " * (line.cell_len - len(name) + column))
            else:
                line.append_text(Text(f" {name}".ljust(column + 1)))
            line.append(f"{player.score:>3}pt", style="bold green")
            bloom = Text(f" ✿{player.bloom}", style="magenta")
            if seat < len(track):
                bloom.append(f"({track[seat].points})", style="green")
            if ("track", seat) in changed:
                bloom.append_text(changed_mark())
            bloom.align("left", 8)
            line.append_text(bloom)
            line.append(f" ▤{player.card_count()}", style="cyan")
            if ("habitat", seat) in changed:
                line.append_text(changed_mark())
            if player.first_chip:
                line.append(" ①", style="bold")
            if seat == shown:
                line.stylize("underline")
            lines.append(line)
            lines.extend(Text(PRESENCE_INDENT) + line for line in (presence or {}).get(seat, ()))
        # The panel's height follows the number of factions (CSS height: auto): laid
        # out again only when that number changes.
        self.show_text(Text("\n").join(lines), layout=len(lines) != self._rows)
        self._rows = len(lines)


class FactionPanel(WrappedList):
    """The viewer's faction card: chips left, supply, the whole ability."""

    def show(self, view: EverbloomState, seat: int | None) -> None:
        if seat is None:
            set_border_title(self, "Faction")
            self.set_lines([Text("(shown when a player is at the keyboard)", style="dim")])
            return
        faction = faction_of(view, seat)
        player = view.players[seat]
        set_border_title(self, f"{faction.letter} {faction.name}")
        chips = " ".join(str(chip) for chip in player.chips) or "none"
        line = Text("Chips ", style="bold")
        line.append(chips, style=f"bold {faction.colour}")
        if player.first_chip:
            line.append(' +"1"', style="bold")
        line.append(f" · supply {player.supply}")
        if faction.key == "bats":
            line.append(f" · cave {player.cave + 1}")
        self.set_lines([line, Text(faction.summary, style="italic")])


class HabitatPanel(WrappedList):
    """One habitat: per biome its tile (or the −5 marker) and its cards, named whole."""

    def show(
        self, view: EverbloomState, seat: int | None, viewer: int | None, cycle_hint: bool, changed: bool = False
    ) -> None:
        """`changed`: the habitat shown changed since the viewer's last move (✦ in the title)."""
        if seat is None:
            set_border_title(self, "Habitat")
            self.set_lines([Text("(v: show a habitat)", style="dim")])
            return
        player = view.players[seat]
        faction = faction_of(view, seat)
        hint = " · v: next" if cycle_hint else ""
        mark = f"{CHANGED} " if changed else ""
        set_border_title(self, f"{mark}{owner(view.name(seat), own=seat == viewer)} habitat ({faction.letter}){hint}")
        pending = set(player.pollination.cards) if player.pollination is not None and seat == viewer else set()
        lines = []
        for biome in BIOMES:
            info = BIOME_INFO[biome]
            line = Text(f"{info.letter} ", style=f"bold {info.colour}")
            tile = player.tiles.get(biome)
            if tile:
                line.append(f"[{tile}] ", style="bold")
            else:
                line.append("−5  ", style="bold red" if view.round >= 3 or view.phase == "over" else "red")
            for card in player.habitat[biome]:
                name = card_name(card.id)
                if card.pollinated:
                    line.append(f"✓{name} ", style="green")
                elif card.id in pending:
                    line.append(f"◐{name} ", style="bold yellow")
                else:
                    line.append(f"○{name}({card_cost(card.id)}) ", style="dim")
            lines.append(line)
        if seat == viewer:
            nectar = Text("Nectar ", style="bold")
            cards = [NECTAR[card] for card in player.nectar if card in NECTAR]
            for card in cards:
                info = BIOME_INFO[card.biome]
                nectar.append(f"{info.letter}{card.nectar} ", style=f"bold {info.colour}")
            if not cards:
                nectar.append("none", style="dim")
            lines.append(nectar)
        else:
            lines.append(Text(f"Nectar cards: {len(player.nectar)} (secret)", style="dim"))
        self.set_lines(lines, indent=6)


class ChoicePanel(WrappedList):
    """The viewer's legal actions, numbered, one per entry (or the wilderness turn's
    landmarks and cards, each with the key that picks it).  A long entry wraps under
    its own text; the list scrolls to keep the highlighted entry in sight.
    """

    def show(self, heading: str, entries: list[Text], cursor: int | None, keys: list[str] | None = None) -> None:
        """`keys`: the key shown before each entry (default: its number)."""
        self._set_heading(heading)
        lines = []
        for index, entry in enumerate(entries):
            line = Text("▶" if index == cursor else " ", style="bold")
            if keys is None:
                line.append(f"{index + 1:>2} ", style="bold")
            else:
                key = keys[index] if index < len(keys) else ""
                line.append(f"{key:>2} ", style="bold cyan" if key.strip() else "bold")
            line.append_text(entry)
            if index == cursor:
                line.stylize(CURSOR_ROW)
            lines.append(line)
        if not lines:
            lines = [Text("—", style="dim")]
        self.set_lines(lines, cursor, indent=4)

    def _set_heading(self, heading: str) -> None:
        """The heading on the top border; what does not fit there goes on the bottom one
        (split between its " · " parts), so a narrow window never cuts it."""
        room = self.outer_size.width - 6
        title, rest = heading, ""
        if room > 0 and len(heading) > room:
            parts = heading.split(" · ")
            title = parts.pop(0)
            while parts and len(title) + 3 + len(parts[0]) <= room:
                title += " · " + parts.pop(0)
            rest = " · ".join(parts)
        set_border_title(self, title)
        set_border_subtitle(self, rest)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        entry = self.entry_at(self.scroll_offset.y + offset.y)
        if entry is not None:
            self.post_message(Picked("choice", entry))
