"""Everbloom's layout by window size: below `COMPACT` one panel shows under the board at a
time (a pane; p cycles them), from `WIDE` up the sidebar and the panels grow to show their
texts on fewer lines.  The pane open is the seat's own (`EverbloomSeatUI.pane`)."""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.everbloom.widgets import WildernessPanel
from boardgames_tui.ui.lesson import PanelBroughtUp

# The panels a small window shows one at a time (p): the board and its choices, the
# standings with what changed since the seat's last move, the landmarks' rules, a
# habitat, and the sidebar (players, faction, groves, bloom board, log).
PANES = ("board", "news", "landmarks", "habitat", "table")
PANE_NAMES = {
    "board": "the wilderness and your choices",
    "news": "the standings (nectar, bloom track) and what changed since your last move",
    "landmarks": "every landmark's rule, with your choices",
    "habitat": "the habitat, with your choices",
    "table": "players, your faction, groves, the bloom board and the log",
}
# The panes that hide the choice panel (app.tcss): a new decision leaves them.
HIDE_CHOICES = ("news", "table")
# The panes that show each panel of the screen (screen.tcss), the first the one brought
# up for a lesson about it; the panels of the sidebar fill the table pane.
PANES_SHOWING = {
    "eb-wild": ("board",),
    "eb-choices": ("board", "landmarks", "habitat"),
    "eb-landmarks": ("landmarks",),
    "eb-habitat": ("habitat",),
    "eb-players": ("table", "news"),
    "eb-groves": ("table", "news"),
    "eb-faction": ("table",),
    "eb-bloom": ("table",),
    "game-log": ("table",),
}
# The key that cycles the panes (the screen's binding).
PANES_KEY = "p"
# Below this size the screen is compact (one pane at a time); from WIDE up the
# sidebar and the panels grow to show their texts on fewer lines.
COMPACT = (116, 40)
WIDE = (160, 48)
# At most this many lines of each card's ability on a wide board (two card rows take
# two rows of the window per line, from WIDE's height up).
ABILITY_LINES = 3


class Panes:
    """The screen's classes for its size (-compact, -wide) and the open pane (-pane-…)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen

    @property
    def compact(self) -> bool:
        return self.screen.has_class("-compact")

    def fit(self) -> None:
        """Lay the screen out for the window's size."""
        screen = self.screen
        width, height = screen.app.size
        compact = width < COMPACT[0] or height < COMPACT[1]
        changed = compact != self.compact
        screen.set_class(compact, "-compact")
        wide = width >= WIDE[0] and height >= WIDE[1]
        screen.set_class(wide, "-wide")
        # Each card's ability in words on the board where the height leaves room for it.
        screen.query_one(WildernessPanel).set_ability_lines(
            max(0, min(ABILITY_LINES, (height - WIDE[1]) // 2)) if wide else 0
        )
        self.show()
        if changed:
            screen.refresh_bindings()

    def show(self) -> None:
        """Show the pane the seat at the keyboard has open."""
        for pane in PANES:
            self.screen.set_class(pane == self.screen.ui.pane, f"-pane-{pane}")

    def cycle(self) -> str:
        """Open the next pane; its words, for the status bar."""
        ui = self.screen.ui
        ui.pane = PANES[(PANES.index(ui.pane) + 1) % len(PANES)]
        self.show()
        return PANE_NAMES[ui.pane]

    def choices_to_front(self, step: str) -> None:
        """A decision new to this seat opens in front: in a small window the panes of
        news and of the table hide the choices, and a question asked there went unseen."""
        if step == "idle":
            return
        ui = self.screen.ui
        decision = (self.screen.table.moves_made, step)
        if decision == ui.decision_shown:
            return
        ui.decision_shown = decision
        if self.compact and ui.pane in HIDE_CHOICES:
            ui.pane = PANES[0]

    def open_habitat(self) -> None:
        """A small window shows a habitat in its own pane only: open it, or v did nothing
        to be seen (and go back to the pane left once the seat moves)."""
        ui = self.screen.ui
        if self.compact and ui.pane != "habitat":
            ui.pane_before_view = ui.pane
            ui.pane = "habitat"
            self.show()

    def back_from_habitat(self) -> None:
        """Back to the pane the seat left to see a habitat, if it left one."""
        ui = self.screen.ui
        if ui.pane_before_view is not None:
            ui.pane, ui.pane_before_view = ui.pane_before_view, None

    def bring_up(self, part: str) -> PanelBroughtUp | None:
        """In a small window, open a pane showing the panel `part` if the pane open hides
        it (a lesson is about it); how to go back to the pane the seat had open."""
        panes = PANES_SHOWING.get(part)
        ui = self.screen.ui
        if not self.compact or panes is None or ui.pane in panes:
            return None
        before = ui.pane
        self._open(ui, panes[0])

        def put_back() -> None:
            self._open(ui, before)

        return PanelBroughtUp(PANES_KEY, put_back)

    def _open(self, ui: Any, pane: str) -> None:
        """Open `pane` in `ui`, the seat's; shown if that seat is at the keyboard."""
        ui.pane = pane
        screen = self.screen
        if screen.ui is ui and screen.is_mounted:
            self.show()
            # Its panels draw to their new width once laid out (as `p` does).
            screen.call_after_refresh(screen.redraw)
