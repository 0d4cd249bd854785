"""The table's news: what happened, announced to the whole table, and what changed for
the seat at the keyboard since its own last move."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames_tui.engine.contract import (
    NO_CHANGES,
    SPECTATOR,
    ChangeReport,
    GameState,
    TableMoment,
)
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.widgets import TextPanel


class TableNews:
    def __init__(self, screen: Any) -> None:
        self.screen = screen
        # The public view when the table was last told what happened (table moments).
        self.last_told: GameState | None = None
        self._since_key: tuple[object, int | None] | None = None
        self._since: ChangeReport = NO_CHANGES
        # While the table is being told something: a lesson waits until it has been
        # (one Enter prompt at a time).
        self.announcing = False

    def announce_all(self, news: list[tuple[str | Text, str | Text]]) -> None:
        """Several announcements in turn (Enter: the next one, Escape: skip the rest),
        over the public view; then play goes on and the next curtain comes."""
        screen = self.screen
        self.announcing = True
        # A lesson already up (a move made on another machine) goes down unread: it
        # comes again once the table has been told.
        screen.lessons.close()
        if screen.keyboard.uses_curtains:
            screen.show_to(None)
        screen.redraw()

        def show(index: int, answer: str | None = None) -> None:
            if index == len(news) or answer == "skip" or not screen.is_mounted:
                self.announcing = False
                screen.advance()
                return
            heading, text = news[index]
            screen.app.push_screen(
                AnnouncementScreen(heading, text, position=(index + 1, len(news))),
                lambda answer: show(index + 1, answer),
            )

        show(0)

    def tell_table(self) -> list[TableMoment]:
        """The public events since the table was last told (the game's `table_moments`)."""
        now = self.screen.public_view()
        before, self.last_told = self.last_told, now
        if before is None:
            return []
        return self.screen.narrator.table_moments(before, now)

    def forget(self) -> None:
        """What was taken back is not news for the table."""
        self.last_told = self.screen.public_view()

    def since_last_turn(self) -> ChangeReport:
        """What changed for the seat at the keyboard since its own last move (or since the
        game began, before its first): marked on the board and summed up until it moves
        again.  Built from that seat's own views (the public ones while the table
        watches); nothing for the table."""
        screen = self.screen
        seat = screen.viewer
        if seat is None:
            return NO_CHANGES
        key = (screen.table.position, seat if screen.audience == seat else None)
        if self._since_key is not None and self._since_key[0] is key[0] and self._since_key[1] == key[1]:
            return self._since
        self._since_key = key
        self._since = screen.table.changes_since_last_move(seat, seat if screen.audience == seat else SPECTATOR)
        return self._since

    def show_since(self) -> None:
        panel = self.screen.query_one("#since-panel", TextPanel)
        # Through the screen: a game may say it in its own way.
        lines = self.screen.since_last_turn().lines
        panel.display = bool(lines)
        if lines:
            # Its height follows its text: a longer summary lays the sidebar out again.
            panel.show_text(Text("\n".join(lines)), layout=True)
