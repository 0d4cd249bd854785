"""Everbloom's screen: the wilderness, the landmarks, groves, bloom board, habitats.

Interaction is generic: every legal action of the seat at the keyboard is listed,
numbered, in the choice panel; ↑/↓ (or a digit) move the highlight, which also lights
the landmark or card space the action names on the board, and Enter submits it.  Only
legal actions are listed, so nothing illegal can be chosen; the rules still validate.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    DiscardNectar,
    EverbloomState,
    FinishPollination,
    MovePollinator,
    PlaceChip,
    Pollinate,
    PullFromGrove,
    SendPollinator,
    Skip,
    TakeGrove,
)
from boardgames_tui.games.everbloom.rules import BIOMES, EverbloomRules, card_cost, card_name
from boardgames_tui.games.everbloom.widgets import (
    BIOME_INFO,
    NECTAR,
    TILES,
    BloomPanel,
    ChoicePanel,
    FactionPanel,
    GrovePanel,
    HabitatPanel,
    LandmarkPanel,
    Picked,
    PlayersPanel,
    WildernessPanel,
    card_summary,
    landmark_rule,
)
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.widgets import TextPanel

PAGE = 6


def _biome(key: str) -> str:
    info = BIOME_INFO.get(key)
    return info.name if info else key


class EverbloomScreen(GameScreen):
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("left,pageup", f"move({-PAGE})", "Page up", show=False),
        Binding("right,pagedown", f"move({PAGE})", "Page down", show=False),
        Binding("enter", "confirm", "Do it"),
        Binding("h", "cycle_habitat", "Other habitats"),
        *[Binding(str(number), f"pick({number})", f"Choice {number}", show=False) for number in range(1, 10)],
    ]

    rules: EverbloomRules

    def __init__(self, match: Any) -> None:
        super().__init__(match)
        self.choice = 0
        # Whose habitat is on screen: None means the viewer's own.
        self.shown_seat: int | None = None
        self._labels_key: tuple[EverbloomState, list[Any], int | None] | None = None
        self._label_list: list[Text] = []
        self._highlight_only = False
        # Closed landmarks per (chip, first chip) for the view in _eb_closed_view.
        self._eb_closed_view: EverbloomState | None = None
        self._eb_closed_cache: dict[tuple[int, bool], list[tuple[str, str]]] = {}

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield WildernessPanel(self.match.state.side, id="eb-wild")
        with Horizontal(id="eb-mid"):
            yield LandmarkPanel(id="eb-landmarks")
            yield HabitatPanel(id="eb-habitat")
        yield ChoicePanel(id="eb-choices")
        yield TextPanel(id="eb-detail")

    def compose_sidebar(self) -> ComposeResult:
        yield PlayersPanel(id="eb-players")
        yield FactionPanel(id="eb-faction")
        yield GrovePanel(id="eb-groves")
        yield BloomPanel(id="eb-bloom")

    # -- what is on offer -------------------------------------------------------------------------
    def _labels(self, view: EverbloomState, legal: list[Any]) -> list[Text]:
        """The labels of the legal actions, built once per move (a cursor move reuses them)."""
        # Held by reference, not id(): the label list is valid for these very objects.
        key = (view, legal, self.viewer)
        old = self._labels_key
        if old is None or old[0] is not view or old[1] is not legal or old[2] != self.viewer:
            self._labels_key = key
            self._label_list = [self.label(view, action) for action in legal]
        return self._label_list

    def _highlighted(self) -> Any | None:
        legal = self.viewer_legal_actions()
        if not legal:
            return None
        if self.choice >= len(legal):
            self.choice = 0
        return legal[self.choice]

    # -- words ---------------------------------------------------------------------------------------
    def _space_words(self, view: EverbloomState, space: str) -> str:
        if space in view.stacks:
            stack = view.stacks[space]
            return f"{space} {card_name(stack[0]) if stack else '(empty)'}"
        if space in view.chips:
            return f"{space} ({self.rules.landmark_label(view, space)})"
        return space

    def label(self, view: EverbloomState, action: Any) -> Text:
        """One line a player understands for `action`, built from its fields."""
        if isinstance(action, PlaceChip):
            chip = '"1" chip' if action.first_chip else f"chip {action.chip}"
            text = Text(f"Place {chip} at ")
            text.append(self._space_words(view, action.landmark), style="bold")
            if action.ignore_rule:
                text.append(" disregarding its rule", style="italic")
            reach = self.rules.reach(view, self.viewer if self.viewer is not None else 0, action.landmark)
            text.append(f" → {', '.join(reach)}", style="dim")
            return text
        if isinstance(action, ChipToGrove):
            return Text(f"Chip {action.chip} fits nowhere: {action.chip} pollinators to the {_biome(action.grove)} grove")
        if isinstance(action, SendPollinator):
            text = Text("Send a pollinator to ")
            text.append(self._space_words(view, action.space), style="bold")
            if action.grove:
                text.append(f" (from the {_biome(action.grove)} grove)")
            return text
        if isinstance(action, MovePollinator):
            owner = view.name(action.owner)
            return Text(
                f"Move {owner}'s pollinator from {self._space_words(view, action.source)} to "
                f"{self._space_words(view, action.target)}"
            )
        if isinstance(action, PullFromGrove):
            return Text(f"Bring a pollinator from the {_biome(action.grove)} grove")
        if isinstance(action, Skip):
            return Text("Do not move a pollinator")
        if isinstance(action, TakeGrove):
            mine = view.groves[action.grove][self.viewer] if self.viewer is not None else 0
            return Text(f"Take the {_biome(action.grove)} grove ({mine} pollinator{'s' if mine != 1 else ''})")
        if isinstance(action, Pollinate):
            return Text(f"Pollinate {card_name(action.card)} (cost {card_cost(action.card)})")
        if isinstance(action, FinishPollination):
            if action.grove is None:
                return Text("Finish pollinating")
            player = view.players[self.viewer] if self.viewer is not None else None
            left = player.pollination.left if player is not None and player.pollination is not None else 0
            return Text(f"Finish; {left} leftover to the {_biome(action.grove)} grove")
        if isinstance(action, DiscardNectar):
            card = NECTAR.get(action.card)
            if card is None:
                return Text("Discard a nectar card")
            return Text(f"Discard the {_biome(card.biome)} nectar card worth {card.nectar} (keep the others)")
        if isinstance(action, Choose):
            return self._option_words(view, action.option)
        return Text(str(action))

    def _option_words(self, view: EverbloomState, option: str) -> Text:
        choice = view.choice
        if option in view.stacks or option in view.chips:
            return Text(self._space_words(view, option))
        if option in BIOMES:
            return Text(_biome(option))
        if option == "card":
            return Text("Take a wildlife card")
        if option == "bloom":
            return Text(f"Advance {C.numbers().wildlife_bloom_advances} on the bloom track")
        if choice is not None and choice.task.kind in ("tile", "place") and option in TILES:
            scoring = TILES[option].side(view.options.habitat_theme)
            seat = choice.seat
            counts = choice.task.counts
            try:
                points = self.rules.tile_points(view, seat, option, choice.task.card, counts[seat] if counts else 0)
                worth = f" (worth {points} now)"
            except Exception:  # a preview only: never let it break the screen
                worth = ""
            return Text(f"Tile {option}: {scoring.summary}{worth}")
        if option in TILES:
            return Text(f"Tile {option}: {TILES[option].side(view.options.habitat_theme).summary}")
        if option.isdigit():
            spaces = C.cave_track().spaces
            index = int(option) - 1
            if 0 <= index < len(spaces):
                return Text(f"Cave space {option}: gain {spaces[index].gain.summary}")
        return Text(option)

    def detail(self, view: EverbloomState, action: Any) -> Text:
        """More about the highlighted action: the landmark's rule, the card's text."""
        if action is None:
            return Text("")
        spaces = self._spaces_of(view, action)
        parts = []
        for space in spaces:
            if space in view.chips:
                parts.append(f"{space}: {landmark_rule(view, space)}")
            elif space in view.stacks:
                stack = view.stacks[space]
                parts.append(f"{space}: {card_summary(stack[0]) if stack else 'empty'}")
        if isinstance(action, Pollinate):
            parts.append(card_summary(action.card))
        text = Text(" · ".join(parts), style="italic")
        if isinstance(action, PlaceChip):
            closed = self._closed_landmarks(view, action.chip, action.first_chip)
            if closed:
                chip = 'the "1" chip' if action.first_chip else f"a {action.chip}"
                text.append(f"\nClosed to {chip}: ", style="bold")
                text.append("; ".join(f"{space} ({why})" for space, why in closed))
        return text

    def _closed_landmarks(self, view: EverbloomState, chip: int, first: bool) -> list[tuple[str, str]]:
        """Landmarks the chip may not go to, each with the rules' reason, in our words."""
        if self._eb_closed_view is not view:
            self._eb_closed_view = view
            self._eb_closed_cache.clear()
        key = (chip, first)
        cached = self._eb_closed_cache.get(key)
        if cached is not None:
            return cached
        seat = self.viewer if self.viewer is not None else 0
        open_ = {a.landmark for a in self.viewer_legal_actions() if isinstance(a, PlaceChip) and (a.chip, a.first_chip) == (chip, first)}
        closed = []
        for space in view.chips:
            if space in open_:
                continue
            reason = self.rules.plan(view, seat, chip, space, False).reason
            closed.append((space, reason or "a storm binds your first chip of the round"))
        self._eb_closed_cache[key] = closed
        return closed

    @staticmethod
    def _spaces_of(view: EverbloomState, action: Any) -> list[str]:
        if isinstance(action, PlaceChip):
            return [action.landmark]
        if isinstance(action, SendPollinator):
            return [action.space]
        if isinstance(action, MovePollinator):
            return [action.source, action.target]
        if isinstance(action, Choose) and (action.option in view.stacks or action.option in view.chips):
            return [action.option]
        return []

    # -- drawing -----------------------------------------------------------------------------------------
    def show_view(self, view: EverbloomState, viewer: int | None) -> None:  # type: ignore[override]
        acting = self.viewer_acts(view)
        legal = self.viewer_legal_actions() if acting else []
        if self.choice >= len(legal):
            self.choice = 0
        current = legal[self.choice] if legal else None
        cursor = set(self._spaces_of(view, current)) if current is not None else set()
        targets: set[str] = set()
        if view.turn is not None:
            targets = set(view.turn.targets) | {view.turn.landmark}
        self.query_one(WildernessPanel).show(view, cursor, targets)
        panel = self.query_one(ChoicePanel)
        if acting:
            heading = view.choice.prompt if view.choice is not None else self._heading(view)
            panel.show(f"{heading} ({len(legal)})", self._labels(view, legal), self.choice)
        else:
            waiting = ", ".join(view.name(s) for s in self.rules.to_act(view))
            panel.show("Choices", [Text(f"Waiting for {waiting}." if waiting else "—", style="dim")], None)
        self.query_one("#eb-detail", TextPanel).show_text(self.detail(view, current))
        if self._highlight_only:
            # Only the highlight moved: the rest of the screen is as it was.
            return
        # The legend is not highlighted: the board and the detail line already show the
        # landmark, and a cursor move then repaints fewer panels.
        self.query_one(LandmarkPanel).show(view, set())
        seat = self.shown_seat if self.shown_seat is not None else viewer
        self.query_one(HabitatPanel).show(view, seat, viewer, len(view.players) > 1)
        self.query_one(PlayersPanel).show(view, self.rules.progress(view), self.rules.to_act(view), seat)
        self.query_one(FactionPanel).show(view, viewer)
        self.query_one(GrovePanel).show(view)
        self.query_one(BloomPanel).show(view)

    def _heading(self, view: EverbloomState) -> str:
        if view.phase == "draft":
            return "Nectar draft: discard one card"
        if view.phase == "pollination":
            player = view.players[self.viewer] if self.viewer is not None else None
            work = player.pollination if player is not None else None
            if work is None or work.grove is None:
                return "Pollination: take one grove"
            return f"Pollination: {work.left} pollinator{'s' if work.left != 1 else ''} left"
        if view.phase == "wilderness":
            if view.turn is None:
                return "Wilderness: place a chip"
            turn = view.turn
            if turn.steps:
                return "Before sending: " + ("pull a pollinator from a grove" if turn.steps[0].startswith("sea") else "move a pollinator?")
            return f"Send pollinators ({turn.to_send} to go)"
        return view.phase.replace("_", " ").capitalize()

    def prompt_text(self, view: EverbloomState, viewer: int) -> str:  # type: ignore[override]
        what = view.choice.prompt if view.choice is not None else self._heading(view)
        return f"{what} · ↑/↓ or 1–9 pick, ←/→ page, Enter do · h: habitats"

    def curtain_message(self, seat: int) -> str:
        state = self.match.state
        if state.phase == "draft":
            return "Choose the nectar card to discard, in secret."
        if state.phase == "pollination":
            return "Pollinate in secret: the others see it only when everybody is done."
        if state.choice is not None:
            return state.choice.prompt + "."
        return "Your turn in the wilderness."

    # -- keys ------------------------------------------------------------------------------------------------
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_habitat":
            return len(self.match.seats) > 1
        if action in ("move", "confirm", "pick"):
            view = self.current_view()
            return view is not None and self.viewer_acts(view)
        return super().allows(action, parameters)

    def _after_cursor(self, *, highlight_only: bool = True) -> None:
        self._message = None
        self._highlight_only = highlight_only
        try:
            self.redraw(cursor_only=True)
        finally:
            self._highlight_only = False

    def action_move(self, delta: int) -> None:
        legal = self.viewer_legal_actions()
        if not legal:
            return
        self.choice = max(0, min(len(legal) - 1, self.choice + delta)) if abs(delta) > 1 else (self.choice + delta) % len(legal)
        self._after_cursor()

    def action_pick(self, number: int) -> None:
        legal = self.viewer_legal_actions()
        if not legal:
            return
        if number > len(legal):
            self.say(f"There is no choice {number} here: pick 1–{len(legal)}.", error=True)
            return
        self.choice = number - 1
        self._after_cursor()

    def action_confirm(self) -> None:
        action = self._highlighted()
        if action is None:
            return
        if self.submit(action):
            self.choice = 0

    def action_cycle_habitat(self) -> None:
        seats = len(self.match.seats)
        if seats < 2:
            return
        base = self.viewer if self.viewer is not None else 0
        current = self.shown_seat if self.shown_seat is not None else base
        following = (current + 1) % seats
        self.shown_seat = None if following == self.viewer else following
        self._after_cursor(highlight_only=False)

    def after_move(self) -> None:
        self.shown_seat = None
        super().after_move()

    def on_picked(self, message: Picked) -> None:
        message.stop()
        legal = self.viewer_legal_actions()
        if message.area != "choice" or not (0 <= message.key < len(legal)):
            return
        if message.key == self.choice:
            self.action_confirm()
        else:
            self.choice = message.key
            self._after_cursor()
