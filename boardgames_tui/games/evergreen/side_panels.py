"""Evergreen's side panels: the choices (the draft row, the biomes, this round), fertility,
the season's tracks and the players; what each shows of a view, and which a window shows.
Below `layout_for`'s normal size the screen is compact: one side panel at a time (t cycles
them), the one open being the seat's own (`EvergreenSeatUI.panel`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.text import Text
from textual.widget import Widget

from boardgames_tui.games.evergreen.catalogue import power_entry
from boardgames_tui.games.evergreen.model import EvergreenState
from boardgames_tui.games.evergreen.panel_words import (
    card_line,
    draft_tooltip,
    drafted_lines,
    round_summary,
    since_lines,
)
from boardgames_tui.games.evergreen.rules import BIOME_NAMES
from boardgames_tui.games.evergreen.summary import BIOME as BIOME_MARK
from boardgames_tui.games.evergreen.summary import CARD as CARD_MARK
from boardgames_tui.games.evergreen.summary import Standing, standings
from boardgames_tui.games.evergreen.widgets import ChoicePanel, PlanetView, ScorePanel, TrackPanel, ZonePanel
from boardgames_tui.ui.lesson import PanelBroughtUp
from boardgames_tui.ui.widgets import seat_presence

# The side panels of the compact layout, one at a time (t cycles), with their names.
PANELS = {"choices": "draft / this round", "fertility": "Fertility", "tracks": "Season · powers", "players": "Players · log"}
# The side panel of the compact layout each part of the screen shows in (screen.tcss).
PANEL_SHOWING = {"eg-choices": "choices", "eg-zone": "fertility", "eg-tracks": "tracks", "eg-scores": "players", "game-log": "players"}


@lru_cache(maxsize=8)
def powers_tooltip(powers: tuple[str, ...]) -> str:
    """Every power of the game in full, for the powers panel's tooltip."""
    entries = [power_entry(power) for power in powers]
    return "\n\n".join("\n".join((entry.title, *entry.lines)) for entry in entries)


def set_tooltip(widget: Widget, text: str | None) -> None:
    """Sets a tooltip only when it changes: a cursor move redraws the panels every time."""
    if widget.tooltip != text:
        widget.tooltip = text


def layout_for(width: int, height: int) -> str:
    """The layout a window of this size gets (a key of widgets.CELL_SIZES)."""
    if width >= 180 and height >= 48:
        return "large"
    if width >= 120 and height >= 38:
        return "normal"
    return "compact"


class SidePanels:
    def __init__(self, screen: Any) -> None:
        self.screen = screen
        # The layout on screen ("compact", "normal" or "large"; "" before the first).
        self.layout_name = ""
        self._standings_cache: tuple[EvergreenState, int | None, list[Standing]] | None = None

    # -- which panels a window shows -------------------------------------------------------------
    def fit(self) -> bool:
        """Set the layout for the window's size and the compact panel; True if the layout changed."""
        screen = self.screen
        name = layout_for(screen.app.size.width, screen.app.size.height)
        for key in PANELS:
            screen.set_class(key == screen.ui.panel, f"-eg-show-{key}")
        if name == self.layout_name:
            return False
        for other in ("compact", "normal", "large"):
            screen.set_class(other == name, f"-eg-{other}")
        self.layout_name = name
        screen.query_one(PlanetView).cell_size = name
        hint = "t: next panel" if name == "compact" else ""
        for selector in ("#eg-choices", "#eg-zone", "#eg-tracks", "#eg-scores"):
            screen.query_one(selector).border_subtitle = hint
        return True

    def cycle(self) -> None:
        """t: the next side panel of the compact layout."""
        screen = self.screen
        if self.layout_name != "compact":
            screen.say("Every panel is on screen at this window size: t switches panels only below 120×38.")
            return
        keys = list(PANELS)
        screen.ui.panel = keys[(keys.index(screen.ui.panel) + 1) % len(keys)]
        self.fit()
        screen.say(f"Side panel: {PANELS[screen.ui.panel]} (t shows the next).")

    def bring_up(self, part: str) -> PanelBroughtUp | None:
        """In the compact layout, show the side panel holding `part` if another is on screen
        (a lesson is about it); how to put back the panel the seat had open."""
        screen = self.screen
        panel = PANEL_SHOWING.get(part)
        ui = screen.ui
        if self.layout_name != "compact" or panel is None or ui.panel == panel:
            return None
        before = ui.panel
        ui.panel = panel
        self.fit()

        def put_back() -> None:
            ui.panel = before
            if screen.ui is ui and screen.is_mounted:
                self.fit()

        return PanelBroughtUp("t", put_back)

    # -- what each shows -------------------------------------------------------------------------
    def show(self, view: EvergreenState, viewer: int | None, seat: int | None, choices: list[Any], acting: bool) -> None:
        """Draw the side panels of `view` for `viewer`, with `seat`'s planet on screen;
        `choices`: the list on offer (the draft row, the biomes), `acting`: whether the
        viewer picks from it now."""
        screen = self.screen
        ui = screen.ui
        news = screen.since_last_turn()
        if tuple(choices) != ui.choice_list:
            # A new list (the next draft row, the biomes) opens on its first row, never
            # on the row number picked in the last one.
            ui.choice_list = tuple(choices)
            ui.choice = 0
        if ui.choice >= len(choices):
            ui.choice = 0
        panel = screen.query_one(ChoicePanel)
        cards = {mark[1] for mark in news.marks if mark[0] == CARD_MARK}
        since = since_lines(news.lines) if self.layout_name == "compact" else []
        if view.phase == "draft":
            taken = drafted_lines(view, cards, " took ", "dim", indent="  ")
            panel.show(
                "Draft row",
                [card_line(action.card, self.layout_name, marker=action.card == view.marker) for action in choices],
                ui.choice if acting else None,
                before=since,
                after=taken,
            )
        elif view.phase == "wild":
            panel.show(
                "Send the wild leftover to",
                [Text(BIOME_NAMES[action.biome]) for action in choices],
                ui.choice if acting else None,
                before=since,
            )
        else:
            panel.show("This round", round_summary(screen.rules, view, viewer, cards), None, numbered=False, before=since)
        set_tooltip(panel, draft_tooltip(view, choices[ui.choice]) if choices else None)
        screen.query_one(ZonePanel).show(view, frozenset(mark[1] for mark in news.marks if mark[0] == BIOME_MARK))
        tracks = screen.query_one(TrackPanel)
        tracks.show(view, viewer, full_names=self.layout_name == "large", own=screen.audience == viewer)
        set_tooltip(tracks, powers_tooltip(tuple(view.powers)))
        screen.query_one(ScorePanel).show(view, self._standings(view, viewer), seat, seat_presence(screen.table))

    def _standings(self, view: EvergreenState, viewer: int | None) -> list[Standing]:
        """The score as it stands for every seat, computed once per view (cursor moves redraw)."""
        cached = self._standings_cache
        if cached is None or cached[0] is not view or cached[1] != viewer:
            cached = self._standings_cache = (view, viewer, standings(view, viewer))
        return cached[2]
