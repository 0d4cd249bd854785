"""Pollen's screen: a garden that grows and scrolls, your hand, pollinators, meeples."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region

from boardgames_tui.engine.contract import HIDDEN, IllegalMove
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.games.pollen.catalogue import garden_card_entry, pollinator_token_entry
from boardgames_tui.games.pollen.model import PlaceToken, Plant, PollenState
from boardgames_tui.games.pollen.news import plant_effect, token_effect
from boardgames_tui.engine.text import named_owner, possessive
from boardgames_tui.games.pollen.rules import (
    PollenRules,
    card_label,
    cell_label,
    point_label,
    reading_order,
    token_label,
)
from boardgames_tui.games.pollen.standings import LiveStandings, live_standings
from boardgames_tui.games.pollen.widgets import (
    GardenView,
    HandPanel,
    Picked,
    StandingsPanel,
    SupplyPanel,
    cell_entry,
)
from boardgames_tui.ui.confirm import confirm_move_then
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.seat_ui import SeatUI
from boardgames_tui.ui.widgets import seat_presence

Cell = tuple[int, int]
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


@dataclass
class PollenSeatUI(SeatUI):
    cursor: Cell = (0, 0)
    selected: int | None = None
    cursor_placed_for: int | None = None
    # The move number at which the seat last picked a card or moved the cursor: a
    # plant before any such choice this turn (a key pressed twice past the curtain)
    # is asked about first.
    chosen_for: int | None = None


class PollenScreen(GameScreen):
    # Its own CSS, beside it: loaded with the screen (an absolute path, so a replay's
    # subclass of it finds the file too).
    CSS_PATH = Path(__file__).with_name("screen.tcss")
    BINDINGS = [
        *[Binding(key, f"step('{key}')", key.title(), show=False) for key in STEPS],
        Binding("tab", "jump(1)", "Next free cell", priority=True),
        Binding("shift+tab", "jump(-1)", "Previous free cell", show=False, priority=True),
        Binding("enter", "confirm", "Plant / place"),
        Binding("left_square_bracket", "choose(-1)", "Previous card", show=False),
        Binding("right_square_bracket", "choose(1)", "Next card"),
        *[Binding(str(number), f"pick({number})", f"Card {number}", show=False) for number in range(1, 10)],
    ]

    rules: PollenRules
    SEAT_UI_CLASS = PollenSeatUI

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        # The standings of the view last drawn (public, so shared by every seat).
        self._standings_for: PollenState | None = None
        self._standings: LiveStandings | None = None

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield GardenView(id="pl-garden")
        yield HandPanel(id="pl-hand")

    def compose_sidebar(self) -> ComposeResult:
        yield SupplyPanel(id="pl-supply")
        yield StandingsPanel(id="pl-players")

    # -- what is on offer ------------------------------------------------------------------------
    def _hand(self, view: PollenState) -> list[int]:
        if self.viewer is None:
            return []
        return [card for card in view.players[self.viewer].hand if card != HIDDEN]

    def _choices(self, view: PollenState) -> list[int]:
        """What the number keys choose from: hand cards, or drawn tokens to place."""
        if view.phase == "assign" and self.viewer_acts(view):
            return list(view.pending_tokens)
        return self._hand(view)

    def _cursor_targets(self, view: PollenState) -> list[Cell]:
        """Cells to plant in, or spots to place a token on, in reading order."""
        if view.phase == "assign":
            return sorted(view.pending_points, key=reading_order)
        return sorted(view.open_cells, key=reading_order)

    # -- drawing -----------------------------------------------------------------------------------
    def show_view(self, view: PollenState, viewer: int | None) -> None:  # type: ignore[override]
        choices = self._choices(view)
        if self.ui.selected not in choices:
            self.ui.selected = choices[0] if choices else None
        targets = self._cursor_targets(view)
        # Put the cursor somewhere useful once per move; after that it is the player's.
        if self.ui.cursor_placed_for != self.table.moves_made:
            self.ui.cursor_placed_for = self.table.moves_made
            if targets and self.ui.cursor not in targets:
                near = view.last_planted or (0, 0)
                self.ui.cursor = min(targets, key=lambda cell: abs(cell[0] - near[0]) + abs(cell[1] - near[1]))
        acting = self.viewer_acts(view)
        assigning = view.phase == "assign" and acting
        garden = self.query_one(GardenView)
        garden.show(
            view,
            open_cells=set(view.open_cells) if acting and view.phase == "plant" else set(),
            pending_points=set(view.pending_points) if view.phase == "assign" else set(),
            cursor_cell=None if assigning or not acting else self.ui.cursor,
            cursor_point=self.ui.cursor if assigning else None,
            marks=self.since_last_turn().marks,
        )
        self.query_one(HandPanel).show(view, viewer, self.ui.selected, list(view.pending_tokens), hidden=self.HAND_HIDDEN)
        # On a short screen the news since the last turn takes the log's place (app.tcss).
        self.set_class(bool(self.since_last_turn().lines), "-news")
        if self._standings_for is not view:
            self._standings_for, self._standings = view, live_standings(view)
        standings = self._standings
        self.query_one(SupplyPanel).show(view, standings.end_near, compact=self.has_class("-short"))
        self.query_one(StandingsPanel).show(view, standings, seat_presence(self.table))
        self.call_after_refresh(self._keep_cursor_in_view)
        self.call_after_refresh(self._fit_news)

    def _fit_news(self) -> None:
        """On a short screen, lets the summary since the last turn grow past the room the
        standings leave (the sidebar then scrolls) when its lines need more: a text panel
        would cut them off without a sign.  Judged from the room alone, never from the
        panel's own height, so the choice does not flip with the layout it causes."""
        if not self.is_mounted:
            return
        panel = self.query_one("#since-panel")
        sidebar = self.query_one("#sidebar")
        long_news = False
        if self.has_class("-short") and panel.display:
            others = sum(
                child.outer_size.height
                for child in sidebar.children
                if child.display and child is not panel and child.id != "game-log"
            )
            room = sidebar.size.height - others - panel.styles.gutter.height
            width = sidebar.size.width - panel.styles.gutter.width
            long_news = width > 0 and panel.get_content_height(panel.size, self.app.size, width) > room
        self.set_class(long_news, "-long-news")

    def _keep_cursor_in_view(self) -> None:
        garden = self.query_one(GardenView)
        region = garden.region_of(self.ui.cursor)
        if self.public_view().phase == "assign":
            region = Region(region.x - 4, region.y - 1, 9, 3)
        garden.scroll_to_show(region)

    def on_resize(self) -> None:
        # Wide windows give the log and the panels room for whole lines.
        self.set_class(self.size.width >= 160, "-wide")
        # A short window: the summary since the last turn shares the room left with the log.
        short = self.size.height < 30
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            self.redraw()
        self.call_after_refresh(self._keep_cursor_in_view)

    @staticmethod
    def cursor_bounds(view: PollenState) -> tuple[int, int, int, int]:
        """The cells the cursor may visit (left, top, right, bottom): one ring beyond
        the cards, where a card could ever go, and the open cells of the first turn."""
        cells = [(planted.x, planted.y) for planted in view.garden]
        xs = [x - 1 for x, _ in cells] + [x + 1 for x, _ in cells] + [x for x, _ in view.open_cells]
        ys = [y - 1 for _, y in cells] + [y + 1 for _, y in cells] + [y for _, y in view.open_cells]
        if not xs:
            return (0, 0, 0, 0)
        return (min(xs), min(ys), max(xs), max(ys))

    def prompt_text(self, view: PollenState, viewer: int) -> str:  # type: ignore[override]
        prompt = self.rules.prompt(view, viewer)
        if view.phase == "assign":
            return f"{prompt} · arrows: a [ ? ] spot · 1–{len(view.pending_tokens)}: a token · Enter places it"
        card = card_label(self.ui.selected) if self.ui.selected is not None else "a card"
        return f"{prompt} · arrows/Tab move · 1–5 or ]/[ pick a card ({card}) · Enter plants"

    def curtain_message(self, seat: int) -> str:
        view = self.public_view()
        if view.phase == "assign":
            message = f"Turn {view.turn}: place the pollinator tokens you drew."
        else:
            message = f"Turn {view.turn}: plant one of your garden cards by a token."
        if self.table.has_moved(seat):
            message += " Your screen marks what was planted and scored since your last turn."
        return message

    def curtain_secret(self, seat: int) -> str:
        # Said to everyone else, so the hand is named by its owner.
        return f"the garden cards in {named_owner(self.table.seats[seat].name)} hand"

    # -- keys --------------------------------------------------------------------------------------
    def _acting_view(self) -> PollenState | None:
        """The view when the seat at the keyboard may move now; else None, with the reason
        said.  The move keys stay live while the seat cannot move, so that they say why
        (a hidden binding would swallow the key in silence)."""
        view = self.current_view()
        if view is None:
            state = self.public_view()
            if self.thinking is not None:
                self.say(f"{self.table.seats[self.thinking].name} is choosing a move; wait a moment.", error=True)
            elif state.phase == "over":
                self.say("The game is over.", error=True)
            else:
                self.say("No player is at the keyboard: the screen is hidden.", error=True)
            return None
        if not self.viewer_acts(view):
            if view.phase == "over":
                self.say("The game is over.", error=True)
            elif self.thinking is not None:
                self.say(f"{view.name(self.thinking)} is choosing a move; wait a moment.", error=True)
            else:
                self.say(f"It is {possessive(view.name(view.active))} turn, not yours.", error=True)
            return None
        return view

    def highlight_action(self, action: Any) -> None:
        # Both kinds of move name a card or token and a cell: select one, put the cursor on the other.
        self.ui.selected = action.card if isinstance(action, Plant) else action.token
        self.ui.cursor = (action.x, action.y)
        self.ui.chosen_for = self.table.moves_made
        self.call_after_refresh(self._keep_cursor_in_view)

    def _move_cursor(self, cell: Cell) -> None:
        self.ui.cursor = cell
        self.ui.chosen_for = self.table.moves_made
        self.ui.message = None
        view = self.current_view()
        if view is not None and view.phase == "plant" and cell not in view.open_cells:
            self._explain(view, cell)
        self.redraw(cursor_only=True)

    def _explain(self, view: PollenState, cell: Cell) -> None:
        """Why the cell under the cursor cannot take a card, straight from the rules."""
        if self.ui.selected is None or self.viewer is None:
            return
        try:
            self.rules.validate(view, self.viewer, Plant(card=self.ui.selected, x=cell[0], y=cell[1]))
        except IllegalMove as refusal:
            self.say(f"{cell_label(cell)}: {refusal.reason}", about_cursor=True)

    def action_step(self, key: str) -> None:
        view = self._acting_view()
        if view is None:
            return
        dx, dy = STEPS[key]
        if view.phase == "assign":
            # Few spots wait for a token: the arrows walk through them in reading order.
            self.action_jump(1 if dx + dy > 0 else -1)
            return
        x, y = self.ui.cursor[0] + dx, self.ui.cursor[1] + dy
        left, top, right, bottom = self.cursor_bounds(view)
        if not (left <= x <= right and top <= y <= bottom):
            self.say(f"The garden ends here: no card can go further {key} than {cell_label(self.ui.cursor)}.", about_cursor=True)
            return
        self._move_cursor((x, y))

    def action_jump(self, step: int) -> None:
        view = self._acting_view()
        if view is None:
            return
        targets = self._cursor_targets(view)
        if not targets:
            self.say("No cell is open for a card: nothing to jump to.", error=True)
            return
        if self.ui.cursor in targets:
            index = (targets.index(self.ui.cursor) + step) % len(targets)
        else:
            index = 0 if step > 0 else len(targets) - 1
        self._move_cursor(targets[index])

    def action_choose(self, step: int) -> None:
        view = self._acting_view()
        if view is None:
            return
        choices = self._choices(view)
        if not choices:
            self.say("Your hand is empty: there is no card to choose.", error=True)
            return
        index = choices.index(self.ui.selected) if self.ui.selected in choices else 0
        self.ui.selected = choices[(index + step) % len(choices)]
        self.ui.chosen_for = self.table.moves_made
        self.ui.message = None
        self.redraw(cursor_only=True)

    def action_pick(self, number: int) -> None:
        view = self._acting_view()
        if view is None:
            return
        choices = self._choices(view)
        if number > len(choices):
            what = "token" if view.phase == "assign" else "card"
            self.say(f"There is no {what} {number} here: pick 1–{len(choices)}.", error=True)
            return
        self.ui.selected = choices[number - 1]
        self.ui.chosen_for = self.table.moves_made
        self.ui.message = None
        self.redraw(cursor_only=True)

    def action_confirm(self) -> None:
        view = self._acting_view()
        if view is None:
            return
        if self.ui.selected is None:
            self.say("Pick a card first (1–5 or ]).", error=True)
            return
        x, y = self.ui.cursor
        if view.phase == "assign":
            # The Enter that planted, pressed twice, must not place a token unchosen too.
            action: Any = PlaceToken(token=self.ui.selected, x=x, y=y)
            question = (
                f"Place the {token_label(self.ui.selected)} token at {point_label((x, y))}? "
                "You have not picked a token or moved to a spot since your last move."
            )
            chosen = self.ui.chosen_for == self.table.moves_made or (x, y) not in view.pending_points
        else:
            action = Plant(card=self.ui.selected, x=x, y=y)
            question = (
                f"Plant your {card_label(self.ui.selected)} card at {cell_label((x, y))}? "
                "You have not picked a card or moved the cursor this turn."
            )
            chosen = self.ui.chosen_for == self.table.moves_made or (x, y) not in view.open_cells
        if chosen:
            # A chosen move, or a refused one (which says why and changes nothing).
            self.submit(action)
            return
        moves = self.table.moves_made

        def make_it() -> None:
            # The answer may come after a resize or a step away: only the same turn moves.
            if self.table.moves_made == moves and self.viewer_acts(self.current_view() or view):
                self.submit(action)

        confirm_move_then(self, question, make_it)

    def inspect_target(self) -> CatalogueEntry | None:
        view = self.current_view()
        # The cursor is drawn only while the seat at the keyboard is to act.
        if view is None or not self.viewer_acts(view):
            return None
        if view.phase == "assign":
            if self.ui.selected is None:
                return None
            token = pollinator_token_entry(self.ui.selected)
            here = [token_effect(view, self.viewer, self.ui.selected, self.ui.cursor)] if self.ui.cursor in view.pending_points else []
            return CatalogueEntry(
                f"Token to place: {token.title}",
                (*token.lines, f"The cursor is on {point_label(self.ui.cursor)}.", *here),
            )
        cell = cell_entry(view, self.ui.cursor)
        lines = list(cell.lines)
        if self.ui.selected is not None and self.ui.selected in self._hand(view):
            card = garden_card_entry(self.ui.selected)
            lines.append(f"Selected in your hand: {card.title}.")
            lines.extend(card.lines)
            if self.ui.cursor in view.open_cells:
                lines.extend(plant_effect(view, self.viewer, self.ui.selected, self.ui.cursor))
        return CatalogueEntry(cell.title, tuple(lines))

    def on_picked(self, message: Picked) -> None:
        message.stop()
        view = self._acting_view()
        if view is None:
            return
        if message.area == "hand":
            self.ui.selected = message.key
            self.ui.chosen_for = self.table.moves_made
            self.ui.message = None
            self.redraw(cursor_only=True)
            return
        cell, point = message.key
        target = point if view.phase == "assign" else cell
        if target == self.ui.cursor:
            self.action_confirm()
        else:
            self._move_cursor(target)
            if self.ui.message is None:
                self.say("Click again or press Enter to confirm.")
