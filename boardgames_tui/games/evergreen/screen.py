"""Evergreen's screen: your planet under the sun, the draft, fertility, tracks, scores."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from boardgames_tui.games.evergreen.model import (
    ChooseBiome,
    Done,
    DraftCard,
    EvergreenState,
    Grow,
    LakeGrow,
    Plant,
    UsePower,
)
from boardgames_tui.games.evergreen.rules import (
    BIOME_KEYS,
    BIOME_NAMES,
    CARDS,
    POINTS,
    POWERS,
    SIZE,
    EvergreenRules,
    light_preview,
    open_options,
    season_preview,
    space_name,
    sun_edge,
)
from boardgames_tui.games.evergreen.widgets import (
    ChoicePanel,
    Picked,
    PlanetView,
    ScorePanel,
    TrackPanel,
    ZonePanel,
    card_text,
)
from boardgames_tui.ui.game_screen import GameScreen

STEPS = {"left": -1, "right": 1, "up": -SIZE, "down": SIZE}
# Keys for the steps of an action phase, and what each builds.
STEP_KEYS = {"p": Plant, "g": Grow, "o": UsePower, "l": LakeGrow}
STEP_NAMES = {Plant: "plant a sprout", Grow: "grow", UsePower: "use your power", LakeGrow: "grow beside the lake"}


class EvergreenScreen(GameScreen):
    BINDINGS = [
        *[Binding(key, f"step('{key}')", key.title(), show=False) for key in STEPS],
        Binding("enter", "confirm", "Take / do"),
        # Not in the footer: the status line names the steps the cursor's space allows,
        # and a step that is not allowed is still sent, so the rules can say why.
        Binding("p", "do('p')", "Plant", show=False),
        Binding("g", "do('g')", "Grow", show=False),
        Binding("o", "do('o')", "Power", show=False),
        Binding("l", "do('l')", "Lake grow", show=False),
        Binding("d", "finish", "Done"),
        Binding("v", "cycle_planet", "Other planets"),
        *[Binding(str(number), f"pick({number})", f"Choice {number}", show=False) for number in range(1, 10)],
    ]

    rules: EvergreenRules
    # A seat's first plan starts at the planet's centre, never where another seat planted.
    SEAT_UI = (*GameScreen.SEAT_UI, "cursor_space", "choice", "shown_seat")

    def __init__(self, match: Any) -> None:
        super().__init__(match)
        self.cursor_space = SIZE * (SIZE // 2) + SIZE // 2
        self.choice = 0
        # Whose planet is on screen: None means the viewer's own.
        self.shown_seat: int | None = None

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
            if isinstance(action, (Plant, Grow, UsePower, LakeGrow)) and action.space == self.cursor_space
        ]

    # -- drawing -----------------------------------------------------------------------------------------
    def show_view(self, view: EvergreenState, viewer: int | None) -> None:  # type: ignore[override]
        seat = self.shown_seat if self.shown_seat is not None else viewer
        planet = self.query_one(PlanetView)
        acting = self.viewer_acts(view)
        if seat is None:
            planet.show("." * (SIZE * SIZE), sun_edge(view), "Planet (hidden until a player is at the keyboard)")
        else:
            own = seat == viewer
            if own:
                preview = season_preview(view, seat)
                board = view.players[seat].plan.board if view.players[seat].plan else view.players[seat].board
                title = f"{view.name(seat)}'s planet" + (" · your secret plan" if view.players[seat].plan else "")
            else:
                board = view.players[seat].board
                preview = light_preview(board, sun_edge(view))
                title = f"{view.name(seat)}'s planet (public · v: next)"
            targets: set[int] = set()
            if own and acting and view.phase == "actions":
                targets = {action.space for action in self.viewer_legal_actions() if getattr(action, "space", None) is not None}
            planet.show(
                board,
                sun_edge(view),
                f"{title} · ☀ light now {preview.points}",
                lit=preview.lit,
                cursor=self.cursor_space if own and acting and view.phase == "actions" else None,
                targets=targets,
            )
        choices = self._choices(view)
        if self.choice >= len(choices):
            self.choice = 0
        panel = self.query_one(ChoicePanel)
        if view.phase == "draft":
            panel.show("Draft row", [card_text(action.card) for action in choices], self.choice if acting else None)
        elif view.phase == "wild":
            panel.show(
                "Send the wild leftover to",
                [Text(BIOME_NAMES[action.biome]) for action in choices],
                self.choice if acting else None,
            )
        else:
            panel.show("This round", self._round_summary(view, viewer), None, numbered=False)
        self.query_one(ZonePanel).show(view)
        self.query_one(TrackPanel).show(view, viewer)
        self.query_one(ScorePanel).show(view, self.rules.totals(view), seat)

    def _round_summary(self, view: EvergreenState, viewer: int | None) -> list[Text]:
        lines = []
        for seat, player in enumerate(view.players):
            if player.card is None:
                continue
            line = Text(f"{view.name(seat)}: ")
            line.append_text(card_text(player.card))
            lines.append(line)
        if viewer is not None and view.phase == "actions":
            player = view.players[viewer]
            plan = player.plan
            if plan is not None and player.card is not None:
                power = CARDS[player.card].power
                level = player.levels[view.powers.index(power)]
                left = (0 if plan.uses else 1) if power == POINTS else level - plan.uses
                options = ", ".join(str(option) for option in open_options(plan, player.card)) or "none"
                lines.append(Text(f"Power {POWERS[power].short}: level {level}, {left} use(s) left", style="bold"))
                lines.append(Text(f"Action options still open: {options}", style="dim"))
        return lines

    def prompt_text(self, view: EvergreenState, viewer: int) -> str:  # type: ignore[override]
        prompt = self.rules.prompt(view, viewer)
        if view.phase in ("draft", "wild"):
            return f"{prompt} · ←/→ or 1–{len(self._choices(view))} to pick, Enter to take"
        here = ", ".join(f"{key}: {STEP_NAMES[type(action)]}" for key, action in self._keyed_steps())
        where = space_name(self.cursor_space)
        return f"{prompt} · arrows move ({where}{': ' + here if here else ': nothing here'}) · d: done · v: other planets"

    def _keyed_steps(self) -> list[tuple[str, Any]]:
        steps = self._steps_here()
        return [(key, action) for key, kind in STEP_KEYS.items() for action in steps if type(action) is kind]

    def curtain_message(self, seat: int) -> str:
        state = self.match.state
        if state.phase == "actions":
            return "Plan your action in secret: the others see it only when everybody is done."
        return f"Your turn to {self.rules.prompt(state, seat)}."

    # -- keys ------------------------------------------------------------------------------------------------
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_planet":
            return len(self.match.seats) > 1
        view = self.current_view()
        acting = view is not None and self.viewer_acts(view)
        if action in ("step", "confirm", "pick"):
            return acting
        if action == "finish":
            return acting and view is not None and view.phase == "actions"
        if action == "do":
            return acting and view is not None and view.phase == "actions"
        return super().allows(action, parameters)

    def highlight_action(self, action: Any) -> None:
        view = self.current_view()
        choices = self._choices(view) if view is not None else []
        if action in choices:
            self.choice = choices.index(action)
        elif getattr(action, "space", None) is not None:
            self.shown_seat = None
            self.cursor_space = action.space

    def _after_cursor(self) -> None:
        self._message = None
        self.redraw(cursor_only=True)

    def action_step(self, key: str) -> None:
        view = self.current_view()
        if view is None:
            return
        if view.phase in ("draft", "wild"):
            count = len(self._choices(view))
            if count:
                self.choice = (self.choice + (1 if STEPS[key] > 0 else -1)) % count
                self._after_cursor()
            return
        row, column = divmod(self.cursor_space, SIZE)
        delta = STEPS[key]
        if key in ("left", "right"):
            column = (column + delta) % SIZE
        else:
            row = (row + delta // SIZE) % SIZE
        self.cursor_space = row * SIZE + column
        self._after_cursor()

    def action_pick(self, number: int) -> None:
        view = self.current_view()
        if view is None:
            return
        choices = self._choices(view)
        if not choices:
            return
        if number > len(choices):
            self.say(f"There is no choice {number} here: pick 1–{len(choices)}.", error=True)
            return
        self.choice = number - 1
        self._after_cursor()

    def action_confirm(self) -> None:
        view = self.current_view()
        if view is None:
            return
        choices = self._choices(view)
        if choices:
            self.submit(choices[self.choice])
            return
        steps = self._keyed_steps()
        if len(steps) == 1:
            self.submit(steps[0][1])
        elif steps:
            self.say("Several steps fit this space: " + " · ".join(f"{key}: {STEP_NAMES[type(a)]}" for key, a in steps))
        else:
            # Nothing legal here: ask the rules why planting fails, for a clear reason.
            self.submit(Plant(space=self.cursor_space))

    def action_do(self, key: str) -> None:
        kind = STEP_KEYS[key]
        if kind is UsePower:
            points = [step for step in self.viewer_legal_actions() if isinstance(step, UsePower) and step.space is None]
            if points:
                self.submit(points[0])
                return
        # Submitted even when not on offer, so the rules say exactly why not.
        self.submit(kind(space=self.cursor_space))

    def action_finish(self) -> None:
        self.submit(Done())

    def action_cycle_planet(self) -> None:
        seats = len(self.match.seats)
        current = self.shown_seat if self.shown_seat is not None else (self.viewer or 0)
        following = (current + 1) % seats
        self.shown_seat = None if following == self.viewer else following
        self._after_cursor()

    def close_view(self) -> bool:
        if self.shown_seat is None:
            return False
        self.shown_seat = None
        self._after_cursor()
        return True

    def after_move(self) -> None:
        self.shown_seat = None
        super().after_move()

    def on_picked(self, message: Picked) -> None:
        message.stop()
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            return
        if message.area == "choice":
            if message.key == self.choice:
                self.action_confirm()
            else:
                self.choice = message.key
                self._after_cursor()
                self.say("Click again or press Enter to confirm.")
        elif message.area == "space" and view.phase == "actions" and self.shown_seat is None:
            if message.key == self.cursor_space:
                self.action_confirm()
            else:
                self.cursor_space = message.key
                self._after_cursor()
