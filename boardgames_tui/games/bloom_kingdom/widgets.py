"""Widgets of the Bloom Kingdom screen.  They draw a view; clicks post `Picked`."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message

from boardgames_tui.games.bloom_kingdom.content import cards, characters, column_order
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState
from boardgames_tui.games.bloom_kingdom.rules import card_label, card_points, column_counts
from boardgames_tui.ui.widgets import TextPanel, set_border_title

COLUMN_WIDTH = 9
# The cursor is a marker and a background, so it never depends on colour alone.
CURSOR = "bold on grey35"
_CARDS = cards()
_INFO = characters()
_COLUMNS = column_order()

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


class Picked(Message):
    """The player clicked something choosable: (area, key) as in `target_key`."""

    def __init__(self, area: str, key: Any) -> None:
        super().__init__()
        self.area = area
        self.key = key


class DisplayColumns(TextPanel):
    """The nine character columns with their counts and the Jesters inside."""

    def on_mount(self) -> None:
        self.border_title = "Display"

    def show(self, view: BloomKingdomState, available: set[Target], cursor: Target | None) -> None:
        counts = column_counts(view.display)
        choosing = any(area == "column" for area, _ in available)
        lines = [Text() for _ in range(4)]
        for column in _COLUMNS:
            info = _INFO[column]
            jesters = sum(1 for card in view.display[column] if _CARDS[card].character == "jester")
            target = ("column", column)
            style = ""
            if cursor == target:
                style = CURSOR
            elif choosing and target not in available:
                style = "dim"
            marker = "▶" if cursor == target else ""
            cells = [
                Text(marker + info.column_label, style=f"bold {info.colour}"),
                Text(str(counts[column]), style="bold"),
                Text("▮" * min(counts[column], COLUMN_WIDTH - 2), style=info.colour),
                Text(f"+{jesters} Jest" if jesters else "", style="dark_orange"),
            ]
            for line, cell in zip(lines, cells):
                cell.truncate(COLUMN_WIDTH - 1)
                cell.align("center", COLUMN_WIDTH - 1)
                cell.stylize(style)
                line.append(cell)
                line.append(" ")
        self.show_text(Text("\n").join(lines))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.x // COLUMN_WIDTH
        if 0 <= index < len(_COLUMNS):
            self.post_message(Picked("column", _COLUMNS[index]))


class TurnRow(TextPanel):
    """The cards committed this turn: face down until the reveal, then in order."""

    def on_mount(self) -> None:
        self.border_title = "This turn"

    def show(self, view: BloomKingdomState, to_act: list[int]) -> None:
        text = Text()
        if view.phase == "over":
            text.append("The game is over.")
        elif view.phase == "play":
            for seat, player in enumerate(view.players):
                if seat:
                    text.append("   ")
                text.append(view.name(seat), style="bold")
                text.append(" ▮ card down" if player.chosen is not None else " … choosing", style="dim" if player.chosen is None else "")
        else:
            text.append("Revealed: ")
            for seat, card in enumerate(view.revealed):
                if seat:
                    text.append(" · ")
                text.append(f"{view.name(seat)} ")
                if card is not None:
                    text.append_text(card_text(card))
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
        self.show_text(text)


class ChoiceBar(TextPanel):
    """Yes/no style choices: the Knight's removal, the Wizard's "nothing"."""

    def show(self, phase: str | None, available: set[Target], cursor: Target | None) -> None:
        buttons: list[tuple[str, Target]] = []
        if phase == "knight":
            buttons = [("y  Remove a Dragon", ("choice", True)), ("n  Leave the Dragons", ("choice", False))]
        elif phase == "wizard":
            buttons = [("n  Remove nothing", ("choice", False))]
        self.display = bool(buttons)
        self._buttons = buttons
        text = Text()
        for label, target in buttons:
            text.append(f" {label} ", style=CURSOR if cursor == target else "bold on grey23")
            text.append("   ")
        self.show_text(text)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        start = 0
        for label, (area, key) in self._buttons:
            end = start + len(label) + 2
            if start <= offset.x < end:
                self.post_message(Picked(area, key))
            start = end + 3


class HandList(TextPanel):
    """The viewer's hand, one card a line, with what each would score right now."""

    def show(
        self, view: BloomKingdomState, viewer: int | None, available: set[Target], cursor: Target | None
    ) -> None:
        self._cards: list[int] = []
        if viewer is None:
            set_border_title(self, "Hand")
            self.show_text(Text("Hidden until the next player is at the keyboard.", style="dim italic"))
            return
        hand = view.players[viewer].hand
        self._cards = list(hand)
        set_border_title(self, f"{view.name(viewer)}'s hand ({len(hand)})")
        counts = column_counts(view.display)
        lines = [Text("   card              instant effect         scores when kept               now", style="dim")]
        choosing = any(area == "hand" for area, _ in available)
        for number, card in enumerate(hand, start=1):
            info = _INFO[_CARDS[card].character]
            target = ("hand", card)
            line = Text(f"▶{number} " if cursor == target else f" {number} ", style="bold")
            line.append_text(fixed(card_text(card), 18))
            line.append_text(fixed(Text(f"⚡{info.instant_short}" if info.instant_short else "", style="italic"), 23))
            line.append_text(fixed(Text(f"★ {info.scoring_short}"), 31))
            line.append(f"now {value_now(info.key, counts)}", style="bold")
            if cursor == target:
                line.stylize(CURSOR)
            elif choosing and target not in available:
                line.stylize("dim")
            lines.append(line)
        if cursor is not None and cursor[0] == "hand":
            # The whole card under the cursor, so nobody needs the rulebook at hand.
            info = _INFO[_CARDS[cursor[1]].character]
            lines.append(Text(""))
            about = Text.assemble(card_text(cursor[1]), "  ")
            if info.instant:
                about.append("Instant: ", style="bold")
                about.append(f"{info.instant}  ")
            about.append("Kept: ", style="bold")
            about.append(info.scoring)
            lines.append(about)
        peeks = [peek for peek in view.peeks if peek.viewer == viewer]
        if peeks:
            seen = Text("Seen by your Fortune Tellers: ", style="italic")
            for index, peek in enumerate(peeks):
                if index:
                    seen.append(" · ")
                seen.append(f"{view.name(peek.target)} had ")
                seen.append_text(card_text(peek.card))
                seen.append(f" (round {peek.round}, turn {peek.turn})", style="dim")
            lines.append(Text(""))
            lines.append(seen)
        self.show_text(Text("\n").join(lines) if lines else Text("(no cards)", style="dim"))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        # The first line is the column heading.
        row = offset.y - 1 if offset is not None else -1
        if 0 <= row < len(getattr(self, "_cards", [])):
            self.post_message(Picked("hand", self._cards[row]))


class PlayerBoard(TextPanel):
    """Every player: points by round, cards in hand, and who is being waited for."""

    def on_mount(self) -> None:
        self.border_title = "Players"

    def show(
        self,
        view: BloomKingdomState,
        viewer: int | None,
        totals: list[int],
        available: set[Target],
        cursor: Target | None,
    ) -> None:
        lines = []
        self._seat_count = len(view.players)
        choosing = any(area == "player" for area, _ in available)
        for seat, player in enumerate(view.players):
            info = view.seats[seat]
            line = Text()
            target = ("player", seat)
            line.append("▶ " if cursor == target else ("• " if seat == viewer else "  "))
            line.append(info.name, style="bold")
            if info.is_bot:
                line.append(" (bot)", style="dim")
            line.append(f"  {totals[seat]} VP", style="bold green")
            rounds = " · ".join(str(results[seat].total) for results in view.rounds)
            line.append(f"\n    hand {len(player.hand)}" + (f" · rounds {rounds}" if rounds else ""), style="dim")
            if cursor == target:
                line.stylize(CURSOR)
            elif choosing and target in available:
                line.stylize("underline")
            lines.append(line)
        self.show_text(Text("\n").join(lines))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None:
            seat = offset.y // 2
            if seat < getattr(self, "_seat_count", 0):
                self.post_message(Picked("player", seat))

