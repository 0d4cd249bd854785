"""Evergreen's screen: your planet under the sun, the draft, fertility, tracks, scores.
The side panels, and which of them a window shows, are side_panels.py's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import named_owner
from boardgames_tui.games.evergreen.model import ChooseBiome, Done, DraftCard, EvergreenState, Grow, LakeGrow, Plant, UsePower
from boardgames_tui.games.evergreen.panel_words import choice_entry, planet_shown
from boardgames_tui.games.evergreen.planet_cursor import STEPS, nearest, stepped
from boardgames_tui.games.evergreen.rules import (
    BIOME_KEYS,
    EMPTY,
    PIECE_NAMES,
    SIZE,
    EvergreenRules,
    space_name,
    sun_edge,
    working_board,
)
from boardgames_tui.games.evergreen.side_panels import SidePanels
from boardgames_tui.games.evergreen.summary import CELL as CELL_MARK
from boardgames_tui.games.evergreen.summary import forfeit_question, step_effect
from boardgames_tui.games.evergreen.widgets import (
    ChoicePanel,
    Picked,
    PlanetView,
    ScorePanel,
    TrackPanel,
    ZonePanel,
)
from boardgames_tui.ui.confirm import confirm_move_then
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.seat_ui import SeatUI

# Keys for the steps of an action phase, and what each builds.
STEP_KEYS = {"p": Plant, "g": Grow, "o": UsePower, "l": LakeGrow}
STEP_NAMES = {Plant: "plant a sprout", Grow: "grow", UsePower: "use your power", LakeGrow: "grow beside the lake"}


@dataclass
class EvergreenSeatUI(SeatUI):
    # A seat's first plan starts at the planet's centre, never where another seat planted.
    cursor_space: int = SIZE * (SIZE // 2) + SIZE // 2
    # The (season, round) whose plan last placed this seat's cursor.
    cursor_plan: tuple[int, int] | None = None
    choice: int = 0
    # The list `choice` points into: a new list opens on its first row.
    choice_list: tuple[Any, ...] = ()
    # Whose planet is on screen: None means the viewer's own.
    shown_seat: int | None = None
    # The side panel on screen in the compact layout (a key of side_panels.PANELS).
    panel: str = "choices"


class EvergreenScreen(GameScreen):
    # Its own CSS, beside it: loaded with the screen (an absolute path, so a replay's
    # subclass of it finds the file too).
    CSS_PATH = Path(__file__).with_name("screen.tcss")
    BINDINGS = [
        *[Binding(key, f"step('{key}')", key.title(), show=False) for key in STEPS],
        Binding("enter", "confirm", "Take / do"),
        # Not in the footer: the status line names the steps the cursor's space allows,
        # and a step that is not allowed is still sent, so the rules can say why.
        Binding("p", "do('p')", "Plant", show=False),
        Binding("g", "do('g')", "Grow", show=False),
        Binding("o", "do('o')", "Power", show=False),
        Binding("l", "do('l')", "Lake grow", show=False),
        # Shown in the prompt while a plan is open; a key pressed at another time says why not.
        Binding("d", "finish", "Done", show=False),
        Binding("v", "cycle_planet", "Other planets"),
        Binding("t", "cycle_panel", "Panels"),
        *[Binding(str(number), f"pick({number})", f"Choice {number}", show=False) for number in range(1, 10)],
    ]

    rules: EvergreenRules
    SEAT_UI_CLASS = EvergreenSeatUI

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.side_panels = SidePanels(self)
        self.lessons.bring_up = self.side_panels.bring_up

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with Horizontal(id="eg-top"):
            yield PlanetView(id="eg-planet")
            with Vertical(id="eg-side"):
                yield ZonePanel(id="eg-zone")
                yield TrackPanel(id="eg-tracks")
        yield ChoicePanel(id="eg-choices")

    def compose_sidebar(self) -> ComposeResult:
        yield ScorePanel(id="eg-scores")

    def on_mount(self) -> None:
        self.side_panels.fit()

    def on_resize(self, event: events.Resize) -> None:
        # A new layout redraws everything at once: the planet's cells change size with it
        # (the log writes itself again at its new width).
        if self.side_panels.fit():
            self.redraw()

    def redraw(self, *, cursor_only: bool = False) -> None:
        super().redraw(cursor_only=cursor_only)
        if not cursor_only and self.is_mounted:
            # The sidebar's "Since your last turn" panel is as tall as its text (up to its
            # cap): laid out again for new lines, so that none is cut off below.
            self.query_one("#since-panel").refresh(layout=True)

    def action_cycle_panel(self) -> None:
        self.side_panels.cycle()

    def show_to(self, seat: int | None, *, curtained: bool = True) -> None:
        super().show_to(seat, curtained=curtained)
        if self.is_mounted:
            self.side_panels.fit()  # the panel a seat chose comes back with it

    # -- what is on offer ----------------------------------------------------------------------------
    def _choices(self, view: EvergreenState) -> list[Any]:
        if view.phase == "draft":
            return [DraftCard(card=card) for card in view.row]
        if view.phase == "wild":
            return [ChooseBiome(biome=key) for key in BIOME_KEYS]
        return []

    def _steps_here(self) -> list[Any]:
        return [
            action
            for action in self.viewer_legal_actions()
            if isinstance(action, (Plant, Grow, UsePower, LakeGrow)) and action.space == self.ui.cursor_space
        ]

    # -- drawing -----------------------------------------------------------------------------------------
    def show_view(self, view: EvergreenState, viewer: int | None) -> None:  # type: ignore[override]
        seat = self.ui.shown_seat if self.ui.shown_seat is not None else viewer
        planet = self.query_one(PlanetView)
        acting = self.viewer_acts(view)
        marks = self.since_last_turn().marks
        if seat is None and not view.players:
            planet.show("." * (SIZE * SIZE), sun_edge(view), "Planet")
        else:
            # The table sees the planets as last revealed, which are public: the first
            # one, say, under an announcement or in the final boards' table view.
            seat = 0 if seat is None else seat
            own = seat == viewer
            board, preview, title = planet_shown(view, seat, viewer, own and self.audience == seat, self.side_panels.layout_name)
            targets: set[int] = set()
            if own and acting and view.phase == "actions":
                targets = {action.space for action in self.viewer_legal_actions() if getattr(action, "space", None) is not None}
                self._place_cursor_for_plan(view, targets)
            planet.show(
                board,
                sun_edge(view),
                f"{title} · ☀ light " + ("" if self.side_panels.layout_name == "compact" else "now ") + str(preview.points),
                lit=preview.lit,
                cursor=self.ui.cursor_space if own and acting and view.phase == "actions" else None,
                targets=targets,
                marked={mark[2] for mark in marks if mark[0] == CELL_MARK and mark[1] == seat},
            )
        self.side_panels.show(view, viewer, seat, self._choices(view), acting)

    def prompt_text(self, view: EvergreenState, viewer: int) -> str:  # type: ignore[override]
        prompt = self.rules.prompt(view, viewer)
        if view.phase in ("draft", "wild"):
            return f"{prompt} · ←/→ or 1–{len(self._choices(view))} to pick, Enter to take"
        here = ", ".join(f"{key}: {STEP_NAMES[type(action)]}" for key, action in self._keyed_steps())
        where = space_name(self.ui.cursor_space)
        if not here:
            # What stands on the space in the seat's own plan (a sprout just planted reads
            # as one), and that no step of the turn can be taken there.
            glyph = working_board(view, viewer)[self.ui.cursor_space]
            stands = "empty" if glyph == EMPTY else PIECE_NAMES.get(glyph, "ravine").lower()
            here = f"{stands}, no step here"
        return f"{prompt} · arrows move ({where}: {here}) · d: done · v: other planets"

    def _keyed_steps(self) -> list[tuple[str, Any]]:
        steps = self._steps_here()
        return [(key, action) for key, kind in STEP_KEYS.items() for action in steps if type(action) is kind]

    def curtain_message(self, seat: int) -> str:
        state = self.public_view()
        if state.phase == "actions":
            return "Plan your power uses and your action in secret: the others see them only when everybody is done."
        return f"Your turn to {self.rules.prompt(state, seat)}."

    def curtain_secret(self, seat: int) -> str:
        # Evergreen has no hand: what is private is the plan being made on the planet.  The
        # sentence speaks to everyone else, so the planet is named by its owner, not "your".
        whose = named_owner(self.table.seats[seat].name)
        if self.public_view().phase == "actions":
            return f"{whose} secret plan for this round"
        return f"{whose} planet"

    # -- keys ------------------------------------------------------------------------------------------------
    # Every move key stays live (no `allows` here): one pressed at the wrong moment says
    # why, where a disabled binding would swallow it in silence.
    def _waiting(self) -> bool:
        """True (and the status line says why) when the seat at the keyboard may not move now."""
        view = self.current_view()
        if view is None or self.viewer is None:
            self.say("Nobody is at the keyboard yet: the next player's screen comes first.", error=True)
            return True
        if self.thinking is not None:
            self.say(f"{view.name(self.thinking)} (a bot) is choosing; your keys work again once it has.", error=True)
            return True
        if self.viewer_acts(view):
            return False
        waiting_for = [view.name(seat) for seat in self.rules.to_act(view)]
        if view.phase == "actions" and view.players[self.viewer].committed:
            self.say(f"Your plan is finished; waiting for {', '.join(waiting_for)}.", error=True)
        elif waiting_for:
            self.say(f"Not your move: waiting for {', '.join(waiting_for)}.", error=True)
        else:
            self.say("The game is over: nothing more to play.", error=True)
        return True

    def _submit_guarded(self, action: Any) -> None:
        """Submits `action`, asking first when it gives up part of the turn (a power use
        or the action left unused, an action locked to a single step)."""
        view = self.current_view()
        seat = self.viewer
        question = forfeit_question(self.rules, view, seat, action) if view is not None and seat is not None else None
        if question is None:
            self.submit(action)
            return
        position = self.table.position

        def go_ahead() -> None:
            # Only if nothing moved while the question was up.
            if self.table.position is position and self.viewer == seat:
                self.submit(action)

        confirm_move_then(self, question, go_ahead)

    def highlight_action(self, action: Any) -> None:
        view = self.current_view()
        choices = self._choices(view) if view is not None else []
        if action in choices:
            self.ui.choice = choices.index(action)
        elif getattr(action, "space", None) is not None:
            self.ui.shown_seat = None
            self.ui.cursor_space = action.space

    def _place_cursor_for_plan(self, view: EvergreenState, targets: set[int]) -> None:
        """A plan opens with the cursor on a space where a step can be taken: every
        planet's centre is a ravine, where nothing is possible.  Only
        when the plan begins, never under the player's hand while they move it."""
        plan = (view.season, view.round)
        if self.ui.cursor_plan == plan:
            return
        self.ui.cursor_plan = plan
        if targets and self.ui.cursor_space not in targets:
            self.ui.cursor_space = nearest(self.ui.cursor_space, targets)

    def _after_cursor(self) -> None:
        self.ui.message = None
        self.redraw(cursor_only=True)

    def action_step(self, key: str) -> None:
        view = self.current_view()
        if view is None or self._waiting():
            return
        if view.phase in ("draft", "wild"):
            count = len(self._choices(view))
            moved = self.ui.choice + (1 if STEPS[key] > 0 else -1)
            if not 0 <= moved < count:
                self.say("That is the " + ("last" if moved >= count else "first") + " choice: the cursor stops here.")
                return
            self.ui.choice = moved
            self._after_cursor()
            return
        moved = stepped(self.ui.cursor_space, key)
        if isinstance(moved, str):
            self.say(moved)
            return
        self.ui.cursor_space = moved
        self._after_cursor()

    def action_pick(self, number: int) -> None:
        view = self.current_view()
        if view is None or self._waiting():
            return
        choices = self._choices(view)
        if not choices:
            self.say(f"{number} picks from a list; while you plan, move with the arrows and use p, g, o, l or d.", error=True)
            return
        if number > len(choices):
            self.say(f"There is no choice {number} here: pick 1–{len(choices)}.", error=True)
            return
        self.ui.choice = number - 1
        self._after_cursor()

    def action_confirm(self) -> None:
        view = self.current_view()
        if view is None or self._waiting():
            return
        choices = self._choices(view)
        if choices:
            self.submit(choices[self.ui.choice])
            return
        # A hinted step is played by Enter where it was shown: finishing the plan has no
        # space to stand on, and a space with several steps would otherwise ask which.
        hinted = self.ui.hint
        if hinted is not None and getattr(hinted, "space", None) in (None, self.ui.cursor_space):
            if hinted in self.viewer_legal_actions():
                self._submit_guarded(hinted)
                return
        steps = self._keyed_steps()
        if len(steps) == 1:
            self._submit_guarded(steps[0][1])
        elif steps:
            self.say("Several steps fit this space: " + " · ".join(f"{key}: {STEP_NAMES[type(a)]}" for key, a in steps))
        else:
            # Nothing legal here: ask the rules why planting fails, for a clear reason.
            self.submit(Plant(space=self.ui.cursor_space))

    def action_do(self, key: str) -> None:
        view = self.current_view()
        if view is None or self._waiting():
            return
        kind = STEP_KEYS[key]
        if view.phase != "actions":
            self.say(f"{key} is a step of a plan ({STEP_NAMES[kind]}); now {self.rules.prompt(view, self.viewer)}.", error=True)  # type: ignore[arg-type]
            return
        if kind is UsePower:
            points = [step for step in self.viewer_legal_actions() if isinstance(step, UsePower) and step.space is None]
            if points:
                self._submit_guarded(points[0])
                return
        # Submitted even when not on offer, so the rules say exactly why not.
        self._submit_guarded(kind(space=self.ui.cursor_space))

    def inspect_target(self) -> CatalogueEntry | None:
        view = self.current_view()
        if view is None:
            return None
        choices = self._choices(view)
        acting = self.viewer is not None and self.viewer_acts(view)
        if view.phase in ("draft", "wild") and choices:
            return choice_entry(view, self.viewer if acting else None, choices[self.ui.choice])
        planet = self.query_one(PlanetView)
        text = planet.describe(self.ui.cursor_space)
        if text is None:
            return None
        title, *lines = text.split("\n")
        if acting and view.phase == "actions" and self.ui.shown_seat is None:
            # Each step this space offers, by its key, with what it does in full.
            steps = [step_effect(view, self.viewer, key, action) for key, action in self._keyed_steps()]
            points = [step for step in self.viewer_legal_actions() if isinstance(step, UsePower) and step.space is None]
            steps += [step_effect(view, self.viewer, "o (anywhere)", step) for step in points]
            lines += steps or ["No step of your plan fits this space."]
        return CatalogueEntry(title, tuple(lines))

    def action_finish(self) -> None:
        view = self.current_view()
        if view is None or self._waiting():
            return
        if view.phase != "actions":
            self.say(f"d finishes a plan, and there is none yet: now {self.rules.prompt(view, self.viewer)}.", error=True)  # type: ignore[arg-type]
            return
        self._submit_guarded(Done())

    def action_cycle_planet(self) -> None:
        seats = len(self.table.seats)
        if seats == 1:
            self.say("There is no other planet: you are the only player.", error=True)
            return
        current = self.ui.shown_seat if self.ui.shown_seat is not None else (self.viewer or 0)
        following = (current + 1) % seats
        self.ui.shown_seat = None if following == self.viewer else following
        self._after_cursor()

    def close_view(self) -> bool:
        if self.ui.shown_seat is None:
            return False
        self.ui.shown_seat = None
        self._after_cursor()
        return True

    def after_move(self) -> None:
        self.ui.shown_seat = None
        super().after_move()

    def on_picked(self, message: Picked) -> None:
        message.stop()
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            return
        if message.area == "choice":
            if message.key == self.ui.choice:
                self.action_confirm()
            else:
                self.ui.choice = message.key
                self._after_cursor()
                self.say("Click again or press Enter to confirm.")
        elif message.area == "space" and view.phase == "actions" and self.ui.shown_seat is None:
            if message.key == self.ui.cursor_space:
                self.action_confirm()
            else:
                self.ui.cursor_space = message.key
                self._after_cursor()
