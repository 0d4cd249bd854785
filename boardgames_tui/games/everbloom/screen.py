"""Everbloom's screen: the wilderness, the landmarks, groves, bloom board, habitats.

The screen conducts.  The step the seat at the keyboard is taking (steps.py: placing a
chip, sharing out its pollinators, choosing from a list, or waiting) fills the choice
panel, lights the board, takes its keys and says what `i` shows; the panes a small window
shows one at a time are panes.py's.  The screen draws the table around the step
(landmarks, habitats, players, faction, groves, bloom board, what changed) and carries
keys and moves between the step and the table.  `u` takes back a whole distribution.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal

from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import named_owner, owner
from boardgames_tui.games.everbloom.chip_turn import ChipTurn
from boardgames_tui.games.everbloom.describe import TableWords, pollinators
from boardgames_tui.games.everbloom.model import EverbloomState, SendPollinator
from boardgames_tui.games.everbloom.panes import Panes
from boardgames_tui.games.everbloom.rules import EverbloomRules
from boardgames_tui.games.everbloom.seat_ui import EverbloomSeatUI
from boardgames_tui.games.everbloom.standings import standing_lines, standings
from boardgames_tui.games.everbloom.steps import (
    ActionLabels,
    ListStep,
    PlaceStep,
    SendStep,
    Step,
    StepPanels,
    step_for,
)
from boardgames_tui.games.everbloom.widgets import (
    BloomPanel,
    ChoicePanel,
    DetailPanel,
    FactionPanel,
    GrovePanel,
    HabitatPanel,
    LandmarkPanel,
    Picked,
    PlayersPanel,
    SincePanel,
    WildernessPanel,
)
from boardgames_tui.ui.confirm import confirm_move_then
from boardgames_tui.ui.game_screen import SINCE_HEADING, GameScreen
from boardgames_tui.ui.widgets import TextPanel, seat_presence


def _bindings(keys: Any) -> list[Binding]:
    return [Binding(key.keys, key.action, key.description, show=key.show) for key in keys]


@lru_cache(maxsize=None)
def bindings_by_key(screen_class: type) -> dict[str, list[Binding]]:
    """Every binding of a screen class and its bases, by key, hidden ones too (`allows`
    hides some for a while, and a key of one still gets its own reason)."""
    bindings = [binding for klass in reversed(screen_class.__mro__) for binding in vars(klass).get("BINDINGS", [])]
    return BindingsMap(bindings).key_to_bindings


class EverbloomScreen(GameScreen):
    # Its own CSS, beside it: loaded with the screen (an absolute path, so a replay's
    # subclass of it finds the file too).
    CSS_PATH = Path(__file__).with_name("screen.tcss")
    # One key may mean different things in each step; `allows` keeps only the binding
    # of the current step, so the footer and the key help (?) always tell the truth.
    BINDINGS = [
        *_bindings(ListStep.KEYS),
        *_bindings(PlaceStep.KEYS),
        *_bindings(SendStep.KEYS),
        Binding("escape,backspace", "back", "Back to the landmarks", show=False),
        Binding("v", "cycle_habitat", "Other habitats"),
        Binding("p", "cycle_pane", "Panels"),
    ]

    rules: EverbloomRules
    ui: EverbloomSeatUI
    SEAT_UI_CLASS = EverbloomSeatUI

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.panes = Panes(self)
        self.lessons.bring_up = self.panes.bring_up
        self.action_labels = ActionLabels()
        self._highlight_only = False
        # The refusal of a key pressed while another seat was to move, until a move.
        self._waiting_refusal: Text | None = None
        # The lines the "since your last turn" panel was last laid out for.
        self._since_lines: tuple[str, ...] = ()
        self._batch = False

    def new_seat_ui(self) -> EverbloomSeatUI:
        return EverbloomSeatUI(chip_turn=ChipTurn(self.game))

    @property
    def step(self) -> Step:
        """The step the seat at the keyboard is taking now (steps.py)."""
        return step_for(self, self.current_view())

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield WildernessPanel(self.public_view().side, id="eb-wild")
        with Horizontal(id="eb-mid"):
            yield LandmarkPanel(id="eb-landmarks")
            yield HabitatPanel(id="eb-habitat")
        yield ChoicePanel(id="eb-choices")
        yield DetailPanel(id="eb-detail")

    def compose_sidebar(self) -> ComposeResult:
        yield PlayersPanel(id="eb-players")
        yield FactionPanel(id="eb-faction")
        yield GrovePanel(id="eb-groves")
        yield BloomPanel(id="eb-bloom")
        yield SincePanel(id="eb-since")

    def on_mount(self) -> None:
        self.query_one(SincePanel).border_title = SINCE_HEADING
        self.panes.fit()

    def on_resize(self) -> None:
        # Every panel draws to its new width at once (the board's cells, wrapped lists;
        # the log writes itself again at its new width).
        self.panes.fit()
        self.call_after_refresh(self.redraw)

    def action_cycle_pane(self) -> None:
        shown = self.panes.cycle()
        self.say(f"Showing {shown} · p: the next panel")
        self.call_after_refresh(self.redraw)

    # -- drawing -----------------------------------------------------------------------------------------
    def show_view(self, view: EverbloomState, viewer: int | None) -> None:  # type: ignore[override]
        step = step_for(self, view)
        self.panes.choices_to_front(step.name)
        # The pane is the seat's own: a seat coming back finds the panel it left open,
        # unless a new decision waits for it there.
        self.panes.show()
        changed = self._marked("space") | self._marked("landmark")
        step.draw(StepPanels(self.query_one(ChoicePanel), self.query_one(WildernessPanel), self.query_one(DetailPanel), changed))
        if self._highlight_only:
            # Only the highlight moved: the rest of the screen is as it was.
            return
        # The legend is not highlighted: the board and the detail line already show the
        # landmark, and a cursor move then repaints fewer panels.
        self.query_one(LandmarkPanel).show(view)
        seat = self.ui.shown_seat if self.ui.shown_seat is not None else viewer
        habitats = self._marked("habitat")
        self.query_one(HabitatPanel).show(view, seat, viewer, len(view.players) > 1, seat in habitats)
        standing = standings(view, viewer)
        seats_changed = {("habitat", index) for index in habitats} | {("track", index) for index in self._marked("track")}
        self.query_one(PlayersPanel).show(
            view, self.narrator.progress(view), self.rules.to_act(view), seat, standing.track, seats_changed, seat_presence(self.table)
        )
        self.query_one(FactionPanel).show(view, viewer)
        self.query_one(GrovePanel).show(view, standing, viewer, self._marked("grove"))
        self.query_one(GrovePanel).tooltip = "\n".join(standing_lines(view, standing))
        self.query_one(BloomPanel).show(view)
        self._set_tooltips(view)

    def show_cursor(self, *, highlight_only: bool = True) -> None:
        """Redraw after a highlight moved (`highlight_only`: and nothing else did)."""
        self.ui.message = None
        self._highlight_only = highlight_only
        try:
            self.redraw(cursor_only=True)
        finally:
            self._highlight_only = False

    def _marked(self, kind: str) -> set[Any]:
        """What the board marks of one kind ("space", "landmark", "grove", "track",
        "habitat"): changed since the viewer's own last move (`change_marks`)."""
        return {
            mark[1] for mark in self.since_last_turn().marks
            if isinstance(mark, tuple) and len(mark) == 2 and mark[0] == kind
        }

    def show_since(self) -> None:
        # The shared panel cannot scroll, and a migration's summary needs more rows than
        # a small window has: Everbloom draws the lines in its own scrolling list
        # (#eb-since, in the sidebar or the compact "news" pane); -news shows it.
        lines = self.since_last_turn().lines
        self.set_class(bool(lines), "-news")
        if lines != self._since_lines:
            self._since_lines = lines
            # Its column: the sidebar, or the whole width in the compact "news" pane.
            room = self.query_one("#sidebar").size.width or self.app.size.width
            self.query_one(SincePanel).show(lines, room)

    def _set_tooltips(self, view: EverbloomState) -> None:
        """Hovering the mouse over a row of the board or the bloom board shows its texts whole
        (what this audience may see: `view` is already the audience's)."""
        words = TableWords(self.rules, self.viewer)
        wild = self.query_one(WildernessPanel)
        for panel, spaces in zip(wild.query(TextPanel), wild.row_spaces()):
            facts = [fact for space in spaces for fact in words.space_facts(view, space)]
            panel.tooltip = "\n".join(facts) or None
        bloom = words.table_entry(view)
        self.query_one(BloomPanel).tooltip = "\n".join(bloom.lines)

    def inspect_target(self) -> CatalogueEntry | None:
        """The whole text of what the seat has highlighted (the step's: the landmark with
        the cards it reaches, the card being sent to, what an entry names); on the
        compact table pane, the bloom board and the faction."""
        view = self.current_view()
        if view is None:
            return None
        words = TableWords(self.rules, self.viewer)
        if self.panes.compact and self.ui.pane == "table":
            return words.table_entry(view)
        if self.panes.compact and self.ui.pane == "news":
            return CatalogueEntry("Standings now", tuple(standing_lines(view, standings(view, self.viewer))))
        if self.panes.compact and self.ui.pane == "habitat":
            seat = self.ui.shown_seat if self.ui.shown_seat is not None else self.viewer
            return None if seat is None else words.habitat_entry(view, seat)
        return step_for(self, view).inspect()

    def prompt_text(self, view: EverbloomState, viewer: int) -> str:  # type: ignore[override]
        text = step_for(self, view).prompt()
        # The footer has no room for every key in a small window: name the panel key here.
        if not self.panes.compact:
            return text
        if self.ui.pane == "board" and self.since_last_turn().lines:
            return text + " · p: what changed"
        return text + " · p: panels"

    def curtain_message(self, seat: int) -> str:
        # Public words only: the phase and the pending question are on the table for all.
        state = self.public_view()
        if state.phase == "draft":
            return "Nectar draft: keep two of the three nectar cards you were dealt, in secret."
        if state.phase == "pollination":
            return "Pollination: take a grove and pay for cards in secret; everybody's choices show when all are done."
        if state.choice is not None:
            return state.choice.prompt + "."
        if state.turn is not None and state.turn.seat == seat:
            return "Your chip is on its landmark: finish sending its pollinators."
        return "Your turn in the wilderness: place a chip and send its pollinators."

    def curtain_secret(self, seat: int) -> str:
        # Said to everyone else, so the cards are named by their owner.
        name = self.table.seats[seat].name
        phase = self.public_view().phase
        if phase == "draft":
            return f"the nectar cards {name} was dealt"
        if phase == "pollination":
            return f"{named_owner(name)} secret nectar cards and what {name} pollinates"
        return f"{named_owner(name)} secret nectar cards"

    # -- keys ------------------------------------------------------------------------------------------------
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_pane":
            return self.panes.compact
        if action == "cycle_habitat":
            return len(self.table.seats) > 1
        if action == "back":
            # Escape also closes another player's habitat (v).
            return self.step.goes_back() or self.ui.shown_seat is not None
        if action == "step":
            return self.step.takes(str(parameters[0]), parameters[1:])
        return super().allows(action, parameters)

    def action_step(self, method: str, *arguments: object) -> None:
        """A key of the step's own (`StepKey`)."""
        self.step.take(method, arguments)

    def on_key(self, event: events.Key) -> None:
        """A key that no binding takes now says why: one of this screen's hidden by
        `allows`, or a printable key bound nowhere."""
        if self.key_for_layers(event) or self.is_too_small:
            return
        bindings = bindings_by_key(type(self)).get(event.key)
        if not bindings:
            if not event.is_printable or event.key in self.active_bindings:
                return
        else:
            for binding in bindings:
                _, name, parameters = parse_action(binding.action)
                if self.check_action(name, parameters):
                    return
        if self.thinking is not None:
            self.say(f"{self.table.seats[self.thinking].name} is thinking: wait for that move.", error=True)
        else:
            self.say(self.step.why_not(event.key), error=True)
        # Said here in this game's words: the shared "does nothing" line is not wanted.
        event.prevent_default()
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            self._waiting_refusal = self.ui.message

    def action_back(self) -> None:
        if not self.close_view():
            self.step.back()

    def close_view(self) -> bool:
        if self.ui.shown_seat is None:
            return False
        self.ui.shown_seat = None
        self.panes.back_from_habitat()
        self.panes.show()
        self.show_cursor(highlight_only=False)
        return True

    def action_cycle_habitat(self) -> None:
        seats = len(self.table.seats)
        if seats < 2:
            return
        base = self.viewer if self.viewer is not None else 0
        current = self.ui.shown_seat if self.ui.shown_seat is not None else base
        following = (current + 1) % seats
        self.ui.shown_seat = None if following == self.viewer else following
        self.panes.open_habitat()
        self.show_cursor(highlight_only=False)
        view = self.current_view()
        if view is not None:
            whose = owner(view.name(following), own=following == self.viewer, capital=False)
            self.say(f"Showing {whose} habitat · v: the next one · p: the other panels")

    def on_picked(self, message: Picked) -> None:
        message.stop()
        if message.area == "choice":
            self.step.picked(message.key)

    def highlight_action(self, action: Any) -> None:
        self.step.highlight(action)

    def action_hint(self) -> None:
        if not self.step.hint():
            super().action_hint()

    # -- moves ------------------------------------------------------------------------------------------
    def forget_hint(self) -> None:
        """Drop the hint shown or looked for: it was about a step the seat has left."""
        self.hints.drop()

    def confirm_then_submit(self, question: str, view: EverbloomState, action: Any) -> None:
        """Ask `question` before `action` is submitted from `view`."""
        position = self.table.position

        def then() -> None:
            # Only the very position asked about: nothing can move behind the question,
            # but a closed screen or an undo must not play a stale answer.
            if self.is_mounted and self.table.position is position and self.viewer_acts(view):
                self.submit(action)

        confirm_move_then(self, question, then)

    def submit_turn(self, actions: list[Any]) -> None:
        """Submit a turn the table has checked through the shared turn loop, redrawing
        once at the end."""
        done = True
        self._batch = True
        try:
            for action in actions[:-1]:
                if not self.submit(action):
                    done = False
                    break
        finally:
            self._batch = False
        if not actions:
            return
        if not done or not self.submit(actions[-1]):
            # Refused half-way (never expected after the check): show where things stand.
            message = self.ui.message
            self.advance()
            self.ui.message = message
            self.status.update()

    def after_move(self) -> None:
        if self._batch:
            # More moves of one distribution follow: draw once, after the last.
            return
        self.ui.shown_seat = None
        self.panes.back_from_habitat()
        self.ui.chip_turn.clear()
        if self.ui.message is not None and self.ui.message is self._waiting_refusal:
            # "Wait for Ben's move" is stale once a move was made.
            self.ui.message = None
        super().after_move()

    def undo_move(self, seat: int) -> None:
        """Takes back a whole distribution (all its sends) at once, else one move."""
        own = self.table.own_run(seat)
        run = 0
        while run < len(own) and isinstance(own[-1 - run], SendPollinator):
            run += 1
        self.ui.chip_turn.sending = None
        self.ui.chip_turn.pending = None
        if run <= 1:
            super().undo_move(seat)
            return
        self.bots.cancel()
        self.hints.drop()
        taken = 0
        for _ in range(run):
            if not self.table.can_undo(seat):
                break
            self.table.undo(seat)
            taken += 1
        if not taken:
            super().undo_move(seat)
            return
        self.ui.message = Text(f"{pollinators(taken)} taken back.", style="bold")
        self.advance(prefer=seat)
