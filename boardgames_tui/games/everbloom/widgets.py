"""Widgets of the Everbloom screen: the wilderness, landmarks, habitat, groves, bloom board.

Every panel is a `TextPanel` with a fixed CSS size, so a keypress repaints text only.
Factions are shown by their colour AND their letter, never by colour alone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import EverbloomState, hidden_back, is_hidden
from boardgames_tui.games.everbloom.rules import BIOMES, card_cost, card_info, card_name
from boardgames_tui.ui.widgets import TextPanel, set_border_title

FACTIONS = C.factions()
BIOME_INFO = {info.key: info for info in C.biomes()}
LANDMARKS = C.landmarks()
TRACK = C.bloom_track()
BLOOMS = {card.id: card for card in C.blooms()}
NECTAR = {card.id: card for card in C.nectar_cards()}
TILES = C.habitat_tiles()
CURSOR = "reverse"
TARGET = "on #1f4a2a"


def faction_of(view: EverbloomState, seat: int) -> Any:
    return FACTIONS[view.players[seat].faction]


def faction_tag(view: EverbloomState, seat: int, text: str = "") -> Text:
    """The faction's letter (and `text`) in the faction's colour."""
    faction = faction_of(view, seat)
    return Text(faction.letter + text, style=f"bold {faction.colour}")


def biome_letters(biomes: tuple[str, ...]) -> Text:
    text = Text()
    for biome in biomes:
        if biome == C.WILD:
            text.append("W", style="bold white")
        else:
            info = BIOME_INFO[biome]
            text.append(info.letter, style=f"bold {info.colour}")
    return text


def card_style(card: str) -> str:
    if is_hidden(card):
        return "dim"
    biomes = card_info(card).biomes
    if biomes == (C.WILD,) or biomes[0] not in BIOME_INFO:
        return "bold white"
    return f"bold {BIOME_INFO[biomes[0]].colour}"


def card_summary(card: str) -> str:
    """Everything printed on a card, in one line."""
    if is_hidden(card):
        back = hidden_back(card)
        return f"a face-down card ({back} back)" if back else "a face-down card"
    info = card_info(card)
    biomes = "wild" if info.biomes == (C.WILD,) else "/".join(info.biomes)
    kind = "event" if getattr(info, "is_event", False) else ("wildlife" if card.startswith("W") else "hybrid")
    ability = getattr(info, "ability", None)
    said = f"{info.name} ({kind}, {biomes}, cost {info.cost}, nectar {info.nectar})"
    return said + (f": {ability.summary}" if ability is not None else "")


def landmark_rule(view: EverbloomState, space: str) -> str:
    side = C.board_side(view.side)
    wild = next((s.wildlife for s in side.landmark_spaces if s.id == space), None)
    if wild == "west":
        return "Western wildlife: its winner takes a wildlife card or bloom advances"
    if wild == "east":
        return "Eastern wildlife: its winner takes the bonus the west left"
    if view.hive == space:
        return f"Hive (not for the Bees): {C.hive().rule.summary}"
    number, flipped = view.landmarks[space]
    tile = LANDMARKS[number]
    return (tile.unnumbered if flipped else tile.numbered).rule.summary


# The key that picks each landmark space, in the legend's order (h shows habitats).
LANDMARK_LETTERS = "abcdefgijk"


@cache
def landmark_keys(side: str) -> dict[str, str]:
    """Landmark space id -> the letter that picks it, as drawn on the board and legend."""
    return {space.id: LANDMARK_LETTERS[index] for index, space in enumerate(C.board_side(side).landmark_spaces)}


def fit(text: Text, width: int) -> Text:
    text = text.copy()
    text.truncate(width, overflow="ellipsis", pad=True)
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

    def compose(self) -> ComposeResult:
        for row in range(self.rows):
            cards = any(kind == "card" for at, (kind, _) in self.cells.items() if at[0] == row)
            yield TextPanel(classes="eb-crow" if cards else "eb-lrow")

    def show(
        self, view: EverbloomState, cursor: set[str], targets: set[str], planned: dict[str, int] | None = None
    ) -> None:
        """`planned`: pollinators the viewer is about to send, per card space (shown as +N)."""
        set_border_title(self, f"Wilderness · side {view.side}")
        side = self.side
        width = self.content_region.width or 84
        # Items of one row stand at least two columns apart: each gets two cells' width.
        cell = max(6, min(12, int((width + 2) / (self.columns + 0.5))))
        span = 2 * cell - 2
        for row, panel in enumerate(self.query(TextPanel)):
            items = sorted((at[1], entry) for at, entry in self.cells.items() if at[0] == row)
            height = 3 if any(entry[0] == "card" for _, entry in items) else 2
            row_lines = [Text() for _ in range(height)]
            for col, entry in items:
                if entry[0] == "card":
                    parts = self._card(view, entry[1], (planned or {}).get(entry[1], 0))
                else:
                    parts = self._landmark(view, entry[1], side, self.keys.get(entry[1], ""))
                parts = (parts + [Text()] * height)[:height]
                start = max(0, col * cell - cell // 2)
                for index, part in enumerate(parts):
                    line = row_lines[index]
                    if len(line) < start:
                        line.append(" " * (start - len(line)))
                    part = fit(part, span)
                    if entry[1] in cursor:
                        part.stylize(CURSOR)
                    elif entry[1] in targets:
                        part.stylize(TARGET)
                    line.append_text(part)
            panel.show_text(Text("\n").join(row_lines))

    @staticmethod
    def _card(view: EverbloomState, space: str, planned: int = 0) -> list[Text]:
        stack = view.stacks.get(space, [])
        first = Text(f"{space} ", style="bold")
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
    def _landmark(view: EverbloomState, space: str, side: C.BoardSide, key: str = "") -> list[Text]:
        wild = next((s.wildlife for s in side.landmark_spaces if s.id == space), None)
        first = Text()
        if key:
            first.append(key, style="bold underline cyan")
            first.append(" ")
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


class LandmarkPanel(TextPanel):
    """Every landmark's current rule and its chips, bottom first."""

    def on_mount(self) -> None:
        self.border_title = "Landmarks: rule · chips ↑"

    def show(self, view: EverbloomState, cursor: set[str]) -> None:
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
            chips = Text()
            for chip in view.chips.get(space.id, []):
                chips.append_text(faction_tag(view, chip.seat, str(chip.value)))
            rule = Text(landmark_rule(view, space.id))
            room = max(10, (self.content_region.width or 40) - 11 - (len(chips) + 1 if chips else 0))
            line.append_text(fit(rule, room))
            if chips:
                line.append(" ")
                line.append_text(chips)
            if space.id in cursor:
                line.stylize(CURSOR)
            lines.append(line)
        self.show_text(Text("\n").join(lines))


class GrovePanel(TextPanel):
    def on_mount(self) -> None:
        self.border_title = "Groves"

    def show(self, view: EverbloomState) -> None:
        lines = []
        for biome in BIOMES:
            info = BIOME_INFO[biome]
            line = Text(f"{info.letter} ", style=f"bold {info.colour}")
            line.append(f"{info.name:<8}", style=info.colour)
            for seat, count in enumerate(view.groves[biome]):
                if count:
                    line.append(" ")
                    line.append_text(faction_tag(view, seat, str(count)))
            lines.append(line)
        self.show_text(Text("\n").join(lines))


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


class BloomPanel(TextPanel):
    """The bloom track, the three bloom cards, the decks."""

    def on_mount(self) -> None:
        self.border_title = "Bloom board"

    def show(self, view: EverbloomState) -> None:
        lines = [Text("Track ") + track_text(view)]
        for card in view.bloom_shown:
            bloom = BLOOMS.get(card)
            if bloom is None:
                continue
            line = Text("✿" * bloom.blooms, style="bold magenta")
            line.append(f" {bloom.objective.summary}")
            line.truncate(self.content_region.width or 30, overflow="ellipsis")
            lines.append(line)
        lines.append(Text(f"Nectar deck {len(view.nectar_deck)} · wildlife {len(view.wildlife_deck)}", style="dim"))
        self.show_text(Text("\n").join(lines))


class PlayersPanel(TextPanel):
    """Round, phase and each faction's points, bloom position and habitat size."""

    def on_mount(self) -> None:
        self.border_title = "Players"

    def show(self, view: EverbloomState, progress: str, acting: list[int], shown: int | None) -> None:
        lines = [Text(progress, style="bold")]
        for seat, player in enumerate(view.players):
            line = Text("▶" if seat in acting else " ", style="bold")
            line.append_text(faction_tag(view, seat))
            name = Text(f" {view.name(seat)}")
            name.truncate(9, pad=True)
            line.append_text(name)
            line.append(f"{player.score:>3}pt", style="bold green")
            line.append(f" ✿{player.bloom:<2}", style="magenta")
            line.append(f" ▤{player.card_count()}", style="cyan")
            if player.first_chip:
                line.append(" ①", style="bold")
            if seat == shown:
                line.stylize("underline")
            lines.append(line)
        self.show_text(Text("\n").join(lines))


class FactionPanel(TextPanel):
    """The viewer's faction card: chips left, supply, ability."""

    def show(self, view: EverbloomState, seat: int | None) -> None:
        if seat is None:
            set_border_title(self, "Faction")
            self.show_text(Text("(shown when a player is at the keyboard)", style="dim"))
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
        self.show_text(Text("\n").join([line, Text(faction.summary, style="italic")]))


class HabitatPanel(TextPanel):
    """One habitat: per biome its tile (or the −5 marker) and its cards."""

    def show(self, view: EverbloomState, seat: int | None, viewer: int | None, cycle_hint: bool) -> None:
        if seat is None:
            set_border_title(self, "Habitat")
            self.show_text(Text("(v: show a habitat)", style="dim"))
            return
        player = view.players[seat]
        faction = faction_of(view, seat)
        hint = " · v: next" if cycle_hint else ""
        set_border_title(self, f"{view.name(seat)}'s habitat ({faction.letter}){hint}")
        pending = set(player.pollination.cards) if player.pollination is not None and seat == viewer else set()
        width = self.content_region.width or 38
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
                short = name if len(name) <= 10 else name[:9] + "…"
                if card.pollinated:
                    line.append(f"✓{short} ", style="green")
                elif card.id in pending:
                    line.append(f"◐{short} ", style="bold yellow")
                else:
                    line.append(f"○{short}({card_cost(card.id)}) ", style="dim")
            line.truncate(width, overflow="ellipsis")
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
        self.show_text(Text("\n").join(lines))


class ChoicePanel(ScrollView, can_focus=False):
    """The viewer's legal actions, numbered, one per line (or the wilderness turn's
    landmarks and cards, each with the key that picks it).

    A line-API widget: moving the highlight repaints the two lines that changed, not
    the whole list, and the list scrolls only when the highlight leaves the window.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lines: list[Text] = []
        self._strips: dict[int, Strip] = {}

    def show(self, heading: str, entries: list[Text], cursor: int | None, keys: list[str] | None = None) -> None:
        """`keys`: the key shown before each entry (default: its number)."""
        set_border_title(self, heading)
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
                line.stylize("on grey35")
            lines.append(line)
        if not lines:
            lines = [Text("—", style="dim")]
        if len(lines) != len(self._lines):
            self._lines = lines
            self._strips.clear()
            # Lines are cut to the width, so the list only ever scrolls up and down.
            self.virtual_size = Size(0, len(lines))
            self.refresh()
        else:
            for row, (old, new) in enumerate(zip(self._lines, lines)):
                if old != new:
                    self._strips.pop(row, None)
                    self.refresh_lines(row)
            self._lines = lines
        if cursor is not None:
            self.scroll_to_region(Region(0, cursor, 1, 1), animate=False, force=True)

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.size.width
        style = self.rich_style
        if row >= len(self._lines):
            return Strip.blank(width, style)
        strip = self._strips.get(row)
        if strip is None:
            line = self._lines[row].copy()
            line.truncate(max(10, width), overflow="ellipsis")
            strip = self._strips[row] = Strip(line.render(self.app.console))
        return strip.crop_extend(0, width, style).apply_style(style)

    def on_resize(self) -> None:
        self._strips.clear()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row = self.scroll_offset.y + offset.y
        if 0 <= row < len(self._lines):
            self.post_message(Picked("choice", row))
