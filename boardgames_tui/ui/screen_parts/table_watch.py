"""What the table changes without the screen's own keys: a move made on another machine,
someone coming or going, a pause, a failed save, a watcher more or fewer."""

from __future__ import annotations

from typing import Any, Callable

# What the screen shows of the table besides the game (`TableWatch.look`).
TableLook = tuple[object, frozenset[int], frozenset[int], str | None, int]


class TableWatch:
    def __init__(self, screen: Any) -> None:
        self.screen = screen
        # The table as the last whole redraw found it.
        self.drawn_look: TableLook | None = None
        self.stop: Callable[[], None] = lambda: None

    def start(self) -> None:
        """Called by the table, perhaps inside the screen's own submit: looked at once the
        loop is free, and only a position the screen has not gone on from counts."""
        screen = self.screen
        self.stop = screen.table.watch(lambda: screen.call_later(self.changed))

    def look(self) -> TableLook:
        """The position, who is away, whose seat a bot plays meanwhile, what the table
        must say in red and how many watch."""
        table = self.screen.table
        return (table.position, frozenset(table.away()), frozenset(table.stand_ins()), table.save_error, table.watching())

    def drawn(self) -> None:
        self.drawn_look = self.look()

    def changed(self) -> None:
        screen = self.screen
        if not screen.is_mounted:
            return
        if screen.table.position is screen.position_seen:
            # Someone came or went, or a refusal arrived; not this screen's own move,
            # which it drew as it made it.
            look = self.look()
            if look != self.drawn_look:
                red = look[3]
                if red is not None and (self.drawn_look is None or red != self.drawn_look[3]):
                    # What the table says in red (lost or paused, a save failed) goes
                    # before a message left on the status line from before it.
                    screen.ui.message = None
                screen.redraw()
            return
        # A message about the position before (a key refused while waiting) is stale.
        screen.ui.message = None
        screen.hints.drop()
        screen.after_move()
