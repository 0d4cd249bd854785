"""Watching a table hosted on another machine, through its watch link.

`watching_screen(table)` builds a subclass of the game's `GameScreen` over a
`RemoteTable` joined with a watch link: its one view is the table's public view (the
host sends no other), nobody plays at this keyboard, and only the keys that read
(the rules, the legend, the keys, a game's own views) and the one that leaves answer.
The game never waits for a watcher: what the table is told comes on the status line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.binding import Binding

from boardgames_tui.ui.confirm import confirm_then
from boardgames_tui.ui.game_screen import GameScreen, game_screen_class
from boardgames_tui.ui.textual_compat import share_css_type_names
from boardgames_tui.ui.widgets import HAND_HIDDEN_FROM_WATCHERS

if TYPE_CHECKING:
    from boardgames_tui.remote.table import RemoteTable


class WatchingMixin(GameScreen):
    """Put before a game's screen class; `watching_screen` does that."""

    BINDINGS: ClassVar[list[Binding]] = [Binding("q", "leave('joined')", "Stop watching")]
    # The keys a watcher has: the ones that read, and leaving.
    WATCHING_ACTIONS = frozenset({"rules", "legend", "keys", "whole_message", "leave", "step_back"})
    HAND_HIDDEN: ClassVar[str] = HAND_HIDDEN_FROM_WATCHERS

    def header_line(self) -> str:
        return f"Watching · {super().header_line()}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A game may name actions that only change what is shown (a panel put away at a small size).
        if action not in self.WATCHING_ACTIONS | getattr(self, "VIEW_ACTIONS", frozenset()):
            return False
        return super().check_action(action, parameters)

    def after_move(self) -> None:
        """The table plays on whatever a watcher reads: what it is told (a reveal, a
        round's scores) is said on the status line (F3 shows all of it), never in a
        dialog that waits for Enter while the game goes on under it."""
        self.position_seen = self.table.position
        moments = self.news.tell_table()
        self.advance()
        if moments and self.is_mounted:
            # One line: a moment's lines lose the indents that lay them out in a dialog.
            self.say("  ".join(f"{moment.heading}: {' '.join(line.strip() for line in moment.lines)}" for moment in moments))

    def on_key(self, event: events.Key) -> None:
        """A key that plays in the game says why it plays nothing here (before the game's
        own words for it, which speak to a player)."""
        if event.is_printable and event.key not in self.active_bindings and not self.is_too_small:
            event.prevent_default()
            self.say("You are watching: no key plays a move here (? lists the keys).", error=True)

    def action_leave(self, table_kind: str = "") -> None:
        confirm_then(self, "Stop watching this table?", self.action_save_quit)


def watching_screen(table: RemoteTable) -> WatchingMixin:
    """The watch link's screen for `table`, drawn by its game's own screen class."""
    game_class = game_screen_class(table.game)
    watching_class = type(f"{game_class.__name__}Watching", (WatchingMixin, game_class), {})
    share_css_type_names(watching_class, game_class)
    return watching_class(table)
