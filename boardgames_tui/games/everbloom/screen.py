"""Everbloom's screen: the wilderness, the landmarks, groves, bloom board, habitats.

A wilderness turn takes a few keys, in two steps:

* place: a digit (or ←/→) picks the chip, a landmark's letter (as drawn on the board
  and in the legend, or ↑/↓ and Enter) picks where it goes.  Every landmark is listed
  with what the chip would do there, or the rule that closes it; picking a closed one
  quotes that rule and changes nothing.  A chip that fits nowhere lists the groves.
* send: the cards the chip reaches, each with a counter already holding a legal split;
  ↑/↓ pick a card, ←/→ (or -/+) take one off or add one, a digit sets the count, Enter
  sends them all, Esc goes back to the landmark.

Nothing changes until Enter: the screen then builds the actions the rules take (the
chip, then one pollinator per send), checks the whole sequence against the rules on
a copy first, and submits it only if every step is legal; otherwise it shows the
rules' reason and the game is as it was.  `u` takes back a whole distribution.

Every other decision (the draft, the migration's choices, pollination, the moves
before sending) lists the legal actions, numbered: ↑/↓ or a digit move the highlight,
which also lights the space the action names on the board, and Enter submits it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import and_list, owner, plural, possessive
from boardgames_tui.games.everbloom.catalogue import (
    bloom_entry,
    bloom_track_entries,
    card_entry,
    faction_entry,
    tile_entry,
)
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
    is_hidden,
)
from boardgames_tui.games.everbloom.rules import (
    BIOMES,
    EverbloomRules,
    biome_name,
    card_cost,
    card_info,
    card_name,
)
from boardgames_tui.games.everbloom.standings import standing_lines, standings
from boardgames_tui.games.everbloom.widgets import (
    BIOME_INFO,
    BLOOMS,
    NECTAR,
    TILES,
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
    card_style,
    card_summary,
    faction_of,
    LANDMARK_LETTERS,
    landmark_keys,
    landmark_rule,
)
from boardgames_tui.ui.confirm import confirm_then
from boardgames_tui.ui.game_screen import SINCE_HEADING, GameScreen
from boardgames_tui.ui.widgets import TextPanel

PAGE = 6

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
# Below this size the screen is compact (one pane at a time); from WIDE up the
# sidebar and the panels grow to show their texts on fewer lines.
COMPACT = (116, 40)
WIDE = (160, 48)


def _pollinators(count: int) -> str:
    return plural(count, "pollinator")


# Lower-case biome letter -> grove, for a chip that fits at no landmark.
GROVE_KEYS = {BIOME_INFO[biome].letter.lower(): biome for biome in BIOMES}
LETTERS = sorted(set(LANDMARK_LETTERS) | set(GROVE_KEYS))


@dataclass
class Sending:
    """The pollinators the viewer is about to send: nothing is submitted until Enter.

    `place` is the chip still to be placed (None once it is on the board); `counts`
    are the pollinators to add per target card, `groves` those taken from groves once
    the supply is empty, `cursor` the highlighted row (cards first, then groves).
    """

    landmark: str
    place: PlaceChip | None
    targets: list[str]
    total: int
    one_card: bool
    even: bool
    sent: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    groves: dict[str, int] = field(default_factory=dict)
    # Pollinators the viewer leaves in the groves (they need not be sent).
    kept: int = 0
    cursor: int = 0
    key: tuple[Any, ...] = ()

    def left(self) -> int:
        return self.total - self.kept - sum(self.counts.values())


class EverbloomScreen(GameScreen):
    # One key may mean different things in each step; `allows` keeps only the binding
    # of the current step, so the footer and the key help (?) always tell the truth.
    BINDINGS = [
        # The list of legal actions (every step but placing a chip and sending).
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("left,pageup", f"move({-PAGE})", "Page up", show=False),
        Binding("right,pagedown", f"move({PAGE})", "Page down", show=False),
        Binding("enter", "confirm", "Do it"),
        *[Binding(str(number), f"pick({number})", f"Choice {number}", show=False) for number in range(1, 10)],
        # Placing a chip.
        Binding("up", "landmark_move(-1)", "Previous landmark", show=False),
        Binding("down", "landmark_move(1)", "Next landmark", show=False),
        Binding("left", "chip_step(-1)", "Smaller chip", show=False),
        Binding("right", "chip_step(1)", "Larger chip", show=False),
        Binding("enter", "landmark_pick", "Choose landmark"),
        *[Binding(str(number), f"chip({number})", f"Chip {number}", show=False) for number in range(1, 6)],
        *[Binding(letter, f"letter('{letter}')", f"Landmark or grove {letter}", show=False) for letter in LETTERS],
        Binding("x", "toggle_ignore", "Disregard the landmark's rule", show=False),
        # Sending pollinators.
        Binding("up", "card_move(-1)", "Previous card", show=False),
        Binding("down", "card_move(1)", "Next card", show=False),
        Binding("left,minus", "count_step(-1)", "One less here", show=False),
        Binding("right,plus,equals_sign", "count_step(1)", "One more here", show=False),
        *[Binding(str(number), f"count({number})", f"Send {number} here", show=False) for number in range(10)],
        Binding("enter", "send", "Send them"),
        Binding("escape,backspace", "back", "Back to the landmarks", show=False),
        Binding("v", "cycle_habitat", "Other habitats"),
        Binding("p", "cycle_pane", "Panels"),
    ]

    rules: EverbloomRules
    # The highlighted choice, the habitat on show and the half-built wilderness turn.
    SEAT_UI = (
        *GameScreen.SEAT_UI, "choice", "_choice_key", "shown_seat", "pane", "_chip", "_spot", "_ignore", "_sending",
        "_pending", "_turn_moves",
    )

    def __init__(self, match: Any) -> None:
        super().__init__(match)
        self.choice = 0
        # The list `choice` points into: (moves made then, that list).  Another list
        # opens on its own first or best row, never on a row number picked in the last.
        self._choice_key: tuple[int, list[Any]] | None = None
        # Whose habitat is on screen: None means the viewer's own.
        self.shown_seat: int | None = None
        # In a small window one panel shows under the board at a time (p cycles them).
        self.pane = PANES[0]
        self._labels_key: tuple[EverbloomState, list[Any], int | None] | None = None
        self._label_list: list[Text] = []
        self._highlight_only = False
        # The wilderness turn: the chip picked, the landmark highlighted, the Hummingbirds'
        # choice to disregard a rule, and the pollinators being shared out.
        self._chip: tuple[int, bool] | None = None
        self._spot = 0
        self._ignore = False
        self._sending: Sending | None = None
        # The moves made when this seat's chip turn was last set up: a new turn starts
        # from the first chip that may go and its first open landmark.
        self._turn_moves = -1
        # The refusal of a key pressed while another seat was to move, until a move.
        self._waiting_refusal: Text | None = None
        # The lines the "since your last turn" panel was last laid out for.
        self._since_lines: tuple[str, ...] = ()
        # Counts to carry over when moves had to come between the chip and its sends.
        self._pending: dict[str, int] | None = None
        self._batch = False
        self._rows_key: tuple[Any, ...] | None = None
        self._options_key: tuple[Any, ...] | None = None
        self._options: dict[tuple[int, bool], list[Any]] = {}
        self._rows: list[tuple[str, Any, str | None, Text]] = []

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield WildernessPanel(self.match.state.side, id="eb-wild")
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
        self._fit_layout()

    def on_resize(self) -> None:
        # Every panel draws to its new width at once (the board's cells, wrapped lists;
        # the log writes itself again at its new width).
        self._fit_layout()
        self.call_after_refresh(self.redraw)

    def _fit_layout(self) -> None:
        width, height = self.app.size
        compact = width < COMPACT[0] or height < COMPACT[1]
        changed = compact != self.has_class("-compact")
        self.set_class(compact, "-compact")
        self.set_class(width >= WIDE[0] and height >= WIDE[1], "-wide")
        self._show_pane()
        if changed:
            self.refresh_bindings()

    def _show_pane(self) -> None:
        for pane in PANES:
            self.set_class(pane == self.pane, f"-pane-{pane}")

    def action_cycle_pane(self) -> None:
        self.pane = PANES[(PANES.index(self.pane) + 1) % len(PANES)]
        self._show_pane()
        self.say(f"Showing {PANE_NAMES[self.pane]} · p: the next panel")
        self.call_after_refresh(self.redraw)

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
        return legal[self._list_cursor(legal)]

    def _list_cursor(self, legal: list[Any]) -> int:
        """The highlighted row of `legal`: where this seat put it in this very list, or
        the list's opening row when the list is new (a move, an undo, another seat)."""
        moves = len(self.match.moves)
        key = self._choice_key
        if key is None or key[0] != moves or (key[1] is not legal and key[1] != legal):
            self._choice_key = (moves, legal)
            view = self.current_view()
            self.choice = self._opening_row(view, legal) if view is not None else 0
        self.choice = max(0, min(len(legal) - 1, self.choice))
        return self.choice

    def _set_list_cursor(self, legal: list[Any], row: int) -> None:
        self._list_cursor(legal)
        self.choice = row

    def _opening_row(self, view: EverbloomState, legal: list[Any]) -> int:
        """The first row, or the best one where the first may waste a move: groves to
        take open on the one holding most of the viewer's pollinators."""
        seat = self.viewer
        if seat is not None and legal and all(isinstance(action, TakeGrove) for action in legal):
            held = [view.groves[action.grove][seat] for action in legal]
            return held.index(max(held))
        return 0

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
            return Text(f"Chip {action.chip} fits nowhere: {_pollinators(action.chip)} to the {biome_name(action.grove)} grove")
        if isinstance(action, SendPollinator):
            text = Text("Send a pollinator to ")
            text.append(self._space_words(view, action.space), style="bold")
            if action.grove:
                text.append(f" (from the {biome_name(action.grove)} grove)")
            return text
        if isinstance(action, MovePollinator):
            whose = owner(view.name(action.owner), own=action.owner == self.viewer)
            return Text(
                f"Move {whose} pollinator from {self._space_words(view, action.source)} to "
                f"{self._space_words(view, action.target)}"
            )
        if isinstance(action, PullFromGrove):
            return Text(f"Bring a pollinator from the {biome_name(action.grove)} grove")
        if isinstance(action, Skip):
            return Text("Do not move a pollinator")
        if isinstance(action, TakeGrove):
            mine = view.groves[action.grove][self.viewer] if self.viewer is not None else 0
            return Text(f"Take the {biome_name(action.grove)} grove ({_pollinators(mine)})")
        if isinstance(action, Pollinate):
            return Text(f"Pollinate {card_name(action.card)} (cost {card_cost(action.card)})")
        if isinstance(action, FinishPollination):
            if action.grove is None:
                return Text("Finish pollinating")
            player = view.players[self.viewer] if self.viewer is not None else None
            left = player.pollination.left if player is not None and player.pollination is not None else 0
            return Text(f"Finish; {left} leftover to the {biome_name(action.grove)} grove")
        if isinstance(action, DiscardNectar):
            card = NECTAR.get(action.card)
            if card is None:
                return Text("Discard a nectar card")
            return Text(f"Discard the {biome_name(card.biome)} nectar card worth {card.nectar} (keep the others)")
        if isinstance(action, Choose):
            return self._option_words(view, action.option)
        return Text(str(action))

    def _option_words(self, view: EverbloomState, option: str) -> Text:
        choice = view.choice
        if option in view.stacks or option in view.chips:
            return Text(self._space_words(view, option))
        if option in BIOMES:
            return Text(biome_name(option))
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
        return Text(" · ".join(parts), style="italic")

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

    # -- the wilderness turn: which step -----------------------------------------------------------
    def _mode(self, view: EverbloomState | None) -> str:
        """'place' (pick a chip and a landmark), 'send' (share out pollinators), 'list'
        (pick from the legal actions) or 'idle' (not this viewer's move)."""
        if view is None or not self.viewer_acts(view):
            return "idle"
        if view.phase != "wilderness" or view.choice is not None:
            return "list"
        turn = view.turn
        if turn is None:
            self._fresh_turn(view)
            return "send" if self._sending is not None else "place"
        if turn.seat == self.viewer and not turn.steps and turn.to_send > 0:
            self._sync_sending(view)
            return "send"
        return "list"

    def _current_mode(self) -> str:
        return self._mode(self.current_view())

    def _fresh_turn(self, view: EverbloomState) -> None:
        """A chip turn the seat has not touched yet opens on the first chip that may go
        and its first open landmark, never on what the seat picked last turn."""
        moves = len(self.match.moves)
        if self._turn_moves == moves:
            return
        self._turn_moves = moves
        self._chip = None
        self._ignore = False
        self._sending = None
        rows = self._place_rows(view)
        self._spot = next((index for index, row in enumerate(rows) if row[1] is not None), 0)

    # -- placing a chip ------------------------------------------------------------------------------
    def _chip_options(self, view: EverbloomState) -> dict[tuple[int, bool], list[Any]]:
        """The viewer's chips in hand, each with its legal placements (or grove sends)."""
        legal = self.viewer_legal_actions()
        old = self._options_key
        if old is not None and old[0] is view and old[1] is legal:
            return self._options
        self._options_key = (view, legal)
        self._options = self._build_chip_options(view, legal)
        return self._options

    def _build_chip_options(self, view: EverbloomState, legal: list[Any]) -> dict[tuple[int, bool], list[Any]]:
        player = view.players[self.viewer if self.viewer is not None else 0]
        options: dict[tuple[int, bool], list[Any]] = {(value, False): [] for value in sorted(set(player.chips))}
        if player.first_chip:
            options[(1, True)] = []
        for action in legal:
            if isinstance(action, (PlaceChip, ChipToGrove)):
                options.setdefault((action.chip, action.first_chip), []).append(action)
        return options

    def _selected_chip(self, view: EverbloomState) -> tuple[int, bool] | None:
        options = self._chip_options(view)
        if self._chip not in options or not options[self._chip]:
            self._chip = next((chip for chip, actions in options.items() if actions), None)
            self._ignore = False
            self._spot = 0
        return self._chip

    def _chip_words(self, chip: tuple[int, bool]) -> str:
        return 'the "1" chip' if chip[1] else f"chip {chip[0]}"

    def _place_rows(self, view: EverbloomState) -> list[tuple[str, Any, str | None, Text]]:
        """One row per landmark (or per grove when the chip fits nowhere):
        (key, the action or None, why it is closed, the words)."""
        chip = self._selected_chip(view)
        key = (view, self.viewer, chip, self._ignore)
        old = self._rows_key
        if old is not None and old[0] is view and old[1:] == key[1:]:
            return self._rows
        rows: list[tuple[str, Any, str | None, Text]] = []
        actions = self._chip_options(view).get(chip, []) if chip is not None else []
        seat = self.viewer if self.viewer is not None else 0
        if actions and isinstance(actions[0], ChipToGrove):
            for action in actions:
                info = BIOME_INFO[action.grove]
                text = Text(f"{_pollinators(action.chip)} to the ")
                text.append(f"{info.name} grove", style=f"bold {info.colour}")
                mine = view.groves[action.grove][seat]
                text.append(f" (you have {mine} there)", style="dim")
                rows.append((info.letter.lower(), action, None, text))
        elif chip is not None:
            keys = landmark_keys(view.side)
            for space in keys:
                variants = [a for a in actions if isinstance(a, PlaceChip) and a.landmark == space]
                action = next((a for a in variants if a.ignore_rule == self._ignore), None)
                if action is None:
                    action = next((a for a in variants if not a.ignore_rule), None)
                text = Text(f"{space:<5}", style="bold")
                text.append(f"{self.rules.landmark_label(view, space)}: ")
                if action is not None:
                    plan = self.rules.plan(view, seat, chip[0], space, action.ignore_rule)
                    text.append(f"{_pollinators(plan.count)} → {', '.join(plan.targets) or 'nowhere'}", style="green")
                    if action.ignore_rule:
                        text.append(" (rule disregarded)", style="italic")
                    rows.append((keys[space], action, None, text))
                    continue
                probe = PlaceChip(chip=chip[0], landmark=space, first_chip=chip[1], ignore_rule=self._ignore)
                try:
                    self.rules.validate(view, seat, probe)
                    why = "closed to this chip"
                except IllegalMove as refusal:
                    why = refusal.reason
                text.append(f"closed: {why}", style="dim red")
                rows.append((keys[space], None, why, text))
        self._rows_key = key
        self._rows = rows
        return rows

    def _place_heading(self, view: EverbloomState) -> str:
        options = self._chip_options(view)
        chip = self._selected_chip(view)
        words = []
        for option in options:
            label = '"1"' if option[1] else str(option[0])
            words.append(f"[{label}]" if option == chip else label)
        heading = "Place a chip: " + " ".join(words)
        rows = self._place_rows(view)
        if rows and isinstance(rows[0][1], ChipToGrove):
            return heading + " · it fits nowhere: pick a grove"
        if self._can_ignore(view):
            heading += " · x: disregard rule " + ("ON" if self._ignore else "off")
        return heading + " · then its landmark"

    def _can_ignore(self, view: EverbloomState) -> bool:
        chip = self._chip
        return chip is not None and any(
            isinstance(a, PlaceChip) and a.ignore_rule for a in self._chip_options(view).get(chip, [])
        )

    # -- sending pollinators ----------------------------------------------------------------------------
    def _card_rule(self, view: EverbloomState, space: str) -> Any:
        stack = view.stacks.get(space) or []
        if not stack or is_hidden(stack[0]):
            return None
        info = card_info(stack[0])
        return getattr(info, "ability", None) if getattr(info, "is_event", False) else None

    def _supply(self, view: EverbloomState) -> int:
        return view.players[self.viewer if self.viewer is not None else 0].supply

    def _need_from_groves(self, view: EverbloomState, sending: Sending) -> int:
        return max(0, sending.total - self._supply(view))

    def _my_groves(self, view: EverbloomState) -> list[str]:
        seat = self.viewer if self.viewer is not None else 0
        return [biome for biome in BIOMES if view.groves[biome][seat] > 0]

    def _problem(self, view: EverbloomState, sending: Sending, counts: dict[str, int]) -> str | None:
        """Why this split breaks a card's or the landmark's rule, in the rules' words."""
        final = {space: sending.sent.get(space, 0) + counts.get(space, 0) for space in sending.targets}
        return self.rules.split_problem(view, sending.landmark, final, sending.one_card, sending.even)

    def _default_counts(self, view: EverbloomState, sending: Sending) -> dict[str, int]:
        """The most even legal split (earlier cards first), or everything on the first card."""
        targets = sending.targets
        if not targets or sending.total <= 0:
            return {space: 0 for space in targets}
        best: tuple[int, ...] | None = None
        for split in product(range(sending.total + 1), repeat=len(targets)):
            if sum(split) != sending.total:
                continue
            counts = dict(zip(targets, split))
            if self._problem(view, sending, counts) is None:
                rank = (max(split), [-value for value in split])
                if best is None or rank < (max(best), [-value for value in best]):
                    best = split
        if best is None:
            best = tuple(sending.total if index == 0 else 0 for index in range(len(targets)))
        return dict(zip(targets, best))

    def _default_groves(self, view: EverbloomState, sending: Sending) -> dict[str, int]:
        seat = self.viewer if self.viewer is not None else 0
        need = self._need_from_groves(view, sending)
        groves: dict[str, int] = {}
        for biome in self._my_groves(view):
            take = min(need, view.groves[biome][seat])
            groves[biome] = take
            need -= take
        return groves

    def _start_sending(self, view: EverbloomState, action: PlaceChip) -> None:
        seat = self.viewer if self.viewer is not None else 0
        plan = self.rules.plan(view, seat, action.chip, action.landmark, action.ignore_rule)
        sending = Sending(
            landmark=action.landmark, place=action, targets=list(plan.targets), total=plan.count,
            one_card=plan.one_card, even=plan.even,
        )
        hinted = self._hinted_counts(view, sending, action) if action == self.hint else None
        sending.counts = hinted or self._default_counts(view, sending)
        sending.groves = self._default_groves(view, sending)
        self._sending = sending

    def _hinted_counts(self, view: EverbloomState, sending: Sending, action: PlaceChip) -> dict[str, int] | None:
        """The split the hint named for its placement, so that Enter sends what it said:
        the rules' `suggest_split` (the split their hint words name), kept only when it
        sends every pollinator and keeps every rule."""
        if self.viewer is None:
            return None
        suggested = self.rules.suggest_split(view, self.viewer, action)
        counts = {space: suggested.get(space, 0) for space in sending.targets}
        if sum(counts.values()) != sending.total or self._problem(view, sending, counts) is not None:
            return None
        return counts

    def _sync_sending(self, view: EverbloomState) -> None:
        """Once the chip is on the board, follow the rules' record of the turn."""
        turn = view.turn
        assert turn is not None
        key = (turn.landmark, turn.to_send, tuple(turn.targets), tuple(sorted(turn.sent.items())))
        sending = self._sending
        if sending is not None and sending.place is None and sending.key == key:
            return
        new = Sending(
            landmark=turn.landmark, place=None, targets=list(turn.targets), total=turn.to_send,
            one_card=turn.one_card, even=turn.even_split, sent=dict(turn.sent), key=key,
        )
        carried = self._pending
        self._pending = None
        if carried is not None and set(carried) == set(new.targets) and sum(carried.values()) == new.total:
            new.counts = dict(carried)
        else:
            new.counts = self._default_counts(view, new)
        new.groves = self._default_groves(view, new)
        self._sending = new

    def _send_rows(self, view: EverbloomState) -> tuple[list[str], list[Text]]:
        sending = self._sending
        assert sending is not None
        keys: list[str] = []
        rows: list[Text] = []
        for space in sending.targets:
            stack = view.stacks.get(space) or []
            count = sending.counts.get(space, 0)
            text = Text(f"{space:<3} ", style="bold")
            name = Text(card_name(stack[0]) if stack else "(empty)", style=card_style(stack[0]) if stack else "dim")
            name.truncate(22, pad=True)
            text.append_text(name)
            text.append(" ◀ ", style="dim")
            text.append(f"{count}", style="bold reverse" if count else "bold")
            text.append(" ▶", style="dim")
            already = sending.sent.get(space, 0)
            if already:
                text.append(f" (+{already} sent)", style="dim")
            rule = self._card_rule(view, space)
            if rule is not None and rule.kind.startswith(("storm_m", "edge_must")):
                text.append(f"  {rule.summary}", style="italic yellow")
            keys.append("")
            rows.append(text)
        need = self._need_from_groves(view, sending)
        if need:
            seat = self.viewer if self.viewer is not None else 0
            for biome in self._my_groves(view):
                info = BIOME_INFO[biome]
                take = sending.groves.get(biome, 0)
                text = Text("from the ")
                text.append(f"{info.name} grove", style=f"bold {info.colour}")
                text.append(f" ({view.groves[biome][seat]} there)", style="dim")
                text.append(" ◀ ", style="dim")
                text.append(f"{take}", style="bold reverse" if take else "bold")
                text.append(" ▶", style="dim")
                keys.append("")
                rows.append(text)
        return keys, rows

    def _send_heading(self, view: EverbloomState) -> str:
        sending = self._sending
        assert sending is not None
        label = self.rules.landmark_label(view, sending.landmark)
        # "west", "m1 (landmark 29)": the wildlife landmarks' long names add nothing here.
        where = sending.landmark if "wildlife" in label else f"{sending.landmark} ({label})"
        if sending.place is not None:
            head = f"{self._chip_words((sending.place.chip, sending.place.first_chip)).capitalize()} at {where}"
        else:
            head = f"Send from {where}"
        left = sending.left()
        tail = f"{_pollinators(sending.total - sending.kept)}" + (f", {left} still to place" if left else ", all placed")
        need = self._need_from_groves(view, sending)
        if need:
            tail += f" · {sending.kept} stay in groves" if sending.kept else f" · {need} from groves"
        return f"{head}: {tail}"

    def _send_detail(self, view: EverbloomState) -> Text:
        sending = self._sending
        assert sending is not None
        parts = [f"{sending.landmark}: {landmark_rule(view, sending.landmark)}"]
        if sending.place is not None and sending.place.ignore_rule:
            parts[0] += " (disregarded)"
        if sending.cursor < len(sending.targets):
            space = sending.targets[sending.cursor]
            stack = view.stacks.get(space) or []
            parts.append(f"{space}: {card_summary(stack[0]) if stack else 'empty'}")
        return Text("\n".join(parts), style="italic")

    def _row_space(self, view: EverbloomState, index: int) -> str:
        spaces = list(landmark_keys(view.side))
        return spaces[index] if 0 <= index < len(spaces) else ""

    def _place_detail(self, view: EverbloomState, spot: tuple[str, Any, str | None, Text] | None) -> Text:
        if spot is None:
            return Text("")
        _, action, why, _ = spot
        if isinstance(action, ChipToGrove):
            text = Text("No landmark takes this chip, so its pollinators go to a grove of your choice.", style="italic")
            text.append("\nA D F J T: that grove · ↑/↓ and Enter · ←/→ or a digit: another chip", style="dim")
            return text
        space = action.landmark if isinstance(action, PlaceChip) else self._row_space(view, self._spot)
        text = Text(f"{space}: {landmark_rule(view, space)}", style="italic")
        if why is not None:
            text.append(f"\nClosed: {why}", style="bold red")
        else:
            stacks = [f"{card} {card_name(view.stacks[card][0]) if view.stacks.get(card) else '(empty)'}" for card in self.rules.reach(view, self.viewer or 0, space)]
            text.append("\nReaches " + ", ".join(stacks))
        return text

    # -- drawing -----------------------------------------------------------------------------------------
    def show_view(self, view: EverbloomState, viewer: int | None) -> None:  # type: ignore[override]
        # The pane is the seat's own: a seat coming back finds the panel it left open.
        self._show_pane()
        mode = self._mode(view)
        panel = self.query_one(ChoicePanel)
        wild = self.query_one(WildernessPanel)
        changed = self._marked("space") | self._marked("landmark")
        if mode == "place":
            rows = self._place_rows(view)
            if rows:
                self._spot %= len(rows)
            spot = rows[self._spot] if rows else None
            cursor = {spot[1].landmark} if spot is not None and isinstance(spot[1], PlaceChip) else set()
            if spot is not None and spot[1] is None:
                cursor = {self._row_space(view, self._spot)}
            # Only the landmark lights up (its row and the detail line name the cards it
            # reaches): a cursor move then repaints two rows of the board, not five.
            wild.show(view, cursor, set(), changed=changed)
            panel.show(self._place_heading(view), [row[3] for row in rows], self._spot, [row[0] for row in rows])
            self.query_one(DetailPanel).show_text(self._place_detail(view, spot))
        elif mode == "send":
            sending = self._sending
            assert sending is not None
            keys, rows = self._send_rows(view)
            sending.cursor = min(sending.cursor, max(0, len(rows) - 1))
            cursor = {sending.targets[sending.cursor]} if sending.cursor < len(sending.targets) else set()
            wild.show(view, cursor, set(sending.targets) | {sending.landmark}, sending.counts, changed)
            panel.show(self._send_heading(view), rows, sending.cursor, keys)
            self.query_one(DetailPanel).show_text(self._send_detail(view))
        else:
            acting = mode == "list"
            legal = self.viewer_legal_actions() if acting else []
            current = legal[self._list_cursor(legal)] if legal else None
            cursor = set(self._spaces_of(view, current)) if current is not None else set()
            targets: set[str] = set()
            if view.turn is not None:
                targets = set(view.turn.targets) | {view.turn.landmark}
            wild.show(view, cursor, targets, changed=changed)
            if acting:
                heading = view.choice.prompt if view.choice is not None else self._heading(view)
                panel.show(f"{heading} ({len(legal)})", self._labels(view, legal), self.choice)
            else:
                waiting = and_list([view.name(s) for s in self.rules.to_act(view)])
                panel.show("Choices", [Text(f"Waiting for {waiting}." if waiting else "—", style="dim")], None, [""])
            self.query_one(DetailPanel).show_text(self.detail(view, current))
        if self._highlight_only:
            # Only the highlight moved: the rest of the screen is as it was.
            return
        # The legend is not highlighted: the board and the detail line already show the
        # landmark, and a cursor move then repaints fewer panels.
        self.query_one(LandmarkPanel).show(view)
        seat = self.shown_seat if self.shown_seat is not None else viewer
        habitats = self._marked("habitat")
        self.query_one(HabitatPanel).show(view, seat, viewer, len(view.players) > 1, seat in habitats)
        standing = standings(view, viewer)
        seats_changed = {("habitat", index) for index in habitats} | {("track", index) for index in self._marked("track")}
        self.query_one(PlayersPanel).show(
            view, self.rules.progress(view), self.rules.to_act(view), seat, standing.track, seats_changed
        )
        self.query_one(FactionPanel).show(view, viewer)
        self.query_one(GrovePanel).show(view, standing, viewer, self._marked("grove"))
        self.query_one(GrovePanel).tooltip = "\n".join(standing_lines(view, standing))
        self.query_one(BloomPanel).show(view)
        self._set_tooltips(view)

    def _marked(self, kind: str) -> set[Any]:
        """What the board marks of one kind ("space", "landmark", "grove", "track",
        "habitat"): changed since the viewer's own last move (`change_marks`)."""
        return {
            mark[1] for mark in self.change_marks()
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
        wild = self.query_one(WildernessPanel)
        for panel, spaces in zip(wild.query(TextPanel), wild.row_spaces()):
            facts = [fact for space in spaces for fact in self._space_facts(view, space)]
            panel.tooltip = "\n".join(facts) or None
        bloom = self._table_entry(view)
        self.query_one(BloomPanel).tooltip = "\n".join(bloom.lines)

    # -- the inspector (i) --------------------------------------------------------------------------
    def inspect_target(self) -> CatalogueEntry | None:
        """The whole text of what the seat has highlighted: the landmark (with the cards it
        reaches), the card being sent to, the spaces, card, tile or nectar an entry names;
        on the compact table pane, the bloom board and the faction."""
        view = self.current_view()
        if view is None:
            return None
        if self.has_class("-compact") and self.pane == "table":
            return self._table_entry(view)
        if self.has_class("-compact") and self.pane == "news":
            return CatalogueEntry("Standings now", tuple(standing_lines(view, standings(view, self.viewer))))
        if self.has_class("-compact") and self.pane == "habitat":
            return self._habitat_entry(view)
        mode = self._mode(view)
        if mode == "place":
            rows = self._place_rows(view)
            if not rows:
                return None
            _, action, why, words = rows[min(self._spot, len(rows) - 1)]
            if isinstance(action, ChipToGrove):
                return CatalogueEntry(words.plain, (self._place_detail(view, rows[self._spot]).plain,))
            space = action.landmark if isinstance(action, PlaceChip) else self._row_space(view, self._spot)
            reach = self.rules.reach(view, self.viewer or 0, space)
            if why is None:
                plan = self.rules.plan(view, self.viewer or 0, action.chip, space, action.ignore_rule)
                lines = [f"{self._chip_words(self._chip).capitalize() if self._chip else 'The chip'} here sends {_pollinators(plan.count)} to {', '.join(plan.targets) or 'no card'}."]
            else:
                lines = [f"Closed to this chip: {why}"]
            return self._spaces_entry(view, [space, *reach], lines)
        if mode == "send":
            sending = self._sending
            assert sending is not None
            spaces = [sending.targets[sending.cursor]] if sending.cursor < len(sending.targets) else []
            return self._spaces_entry(view, [*spaces, sending.landmark], [self._send_heading(view)])
        action = self._highlighted() if mode == "list" else None
        if action is None:
            return None
        return self._action_entry(view, action)

    def _spaces_entry(self, view: EverbloomState, spaces: list[str], lines: list[str]) -> CatalogueEntry:
        """The spaces named, each in full: a landmark's rule and chips, a card stack's top card."""
        facts = list(lines)
        for space in spaces:
            facts.extend(self._space_facts(view, space))
        title = self._space_words(view, spaces[0]) if spaces else "Wilderness"
        return CatalogueEntry(title, tuple(facts))

    def _space_facts(self, view: EverbloomState, space: str) -> list[str]:
        if space in view.chips or space in landmark_keys(view.side):
            chips = " ".join(f"{faction_of(view, chip.seat).letter}{chip.value}" for chip in view.chips.get(space, []))
            facts = [f"Landmark {space} ({self.rules.landmark_label(view, space)}): {landmark_rule(view, space)}."]
            facts.append(f"Chips, bottom first: {chips}." if chips else "No chips yet.")
            return facts
        stack = view.stacks.get(space)
        if stack is None:
            return []
        if not stack:
            return [f"Card space {space}: empty."]
        pollinators = ", ".join(
            f"{view.name(seat)} {count}" for seat, count in enumerate(view.pollinators.get(space, [])) if count
        )
        facts = [f"Card space {space}: {plural(len(stack), 'card')} in the stack."]
        facts.extend(self._card_facts(stack[0]))
        facts.append(f"Pollinators here: {pollinators}." if pollinators else "No pollinators here yet.")
        return facts

    @staticmethod
    def _card_facts(card: str) -> list[str]:
        if is_hidden(card):
            return [f"On top: {card_summary(card)}."]
        entry = card_entry(card_info(card))
        return [f"On top: {entry.title}.", *entry.lines]

    def _action_entry(self, view: EverbloomState, action: Any) -> CatalogueEntry:
        title = self.label(view, action).plain
        spaces = self._spaces_of(view, action)
        facts: list[str] = []
        for space in spaces:
            facts.extend(self._space_facts(view, space))
        if isinstance(action, Pollinate):
            facts.extend(self._card_facts(action.card))
        if isinstance(action, Choose) and action.option in TILES:
            facts.extend(tile_entry(TILES[action.option]).lines)
        if isinstance(action, Choose) and action.option == "bloom":
            facts.extend(self._table_entry(view).lines)
        if not facts:
            facts.append(self.detail(view, action).plain or "Nothing more to say about this choice.")
        return CatalogueEntry(title, tuple(facts))

    def _habitat_entry(self, view: EverbloomState) -> CatalogueEntry | None:
        """The habitat on show: each tile's scoring and each card's whole text."""
        seat = self.shown_seat if self.shown_seat is not None else self.viewer
        if seat is None:
            return None
        player = view.players[seat]
        facts = []
        for biome in BIOMES:
            tile = player.tiles.get(biome)
            if tile:
                scoring = TILES[tile].side(view.options.habitat_theme)
                facts.append(f"{biome_name(biome)}: tile {tile}, {scoring.summary}.")
            else:
                facts.append(f"{biome_name(biome)}: no tile yet.")
            for card in player.habitat[biome]:
                state = "pollinated" if card.pollinated else "not pollinated"
                facts.extend(f"  {line}" for line in [f"{card_name(card.id)} ({state})", *self._card_facts(card.id)[1:]])
        return CatalogueEntry(f"{owner(view.name(seat), own=seat == self.viewer)} habitat", tuple(facts))

    def _table_entry(self, view: EverbloomState) -> CatalogueEntry:
        """The bloom board (track spaces with their points, the bloom cards) and the faction."""
        facts = []
        for card in view.bloom_shown:
            bloom = BLOOMS.get(card)
            if bloom is not None:
                entry = bloom_entry(bloom)
                facts.append(f"{entry.title}: " + " ".join(entry.lines))
        track = [f"{entry.title}: {entry.lines[0]}" for entry in bloom_track_entries() if entry.lines[0] != "Nothing."]
        facts.append("Bloom track (space 0 is the start): " + " · ".join(track))
        where = ", ".join(f"{view.name(seat)} on space {player.bloom}" for seat, player in enumerate(view.players))
        facts.append(f"Markers: {where}.")
        if self.viewer is not None:
            faction = faction_entry(faction_of(view, self.viewer))
            facts.append(f"Your faction, {faction.title}: " + " ".join(faction.lines))
        return CatalogueEntry("Bloom board", tuple(facts))

    def _heading(self, view: EverbloomState) -> str:
        if view.phase == "draft":
            return "Nectar draft: discard one card"
        if view.phase == "pollination":
            player = view.players[self.viewer] if self.viewer is not None else None
            work = player.pollination if player is not None else None
            if work is None or work.grove is None:
                return "Pollination: take one grove"
            return f"Pollination: {_pollinators(work.left)} left"
        if view.phase == "wilderness":
            if view.turn is None:
                return "Wilderness: place a chip"
            turn = view.turn
            if turn.steps:
                return "Before sending: " + ("pull a pollinator from a grove" if turn.steps[0].startswith("sea") else "move a pollinator?")
            return f"Send pollinators ({turn.to_send} to go)"
        return view.phase.replace("_", " ").capitalize()

    def prompt_text(self, view: EverbloomState, viewer: int) -> str:  # type: ignore[override]
        text = self._prompt_words(view)
        # The footer has no room for every key in a small window: name the panel key here.
        if not self.has_class("-compact"):
            return text
        if self.pane == "board" and self.since_last_turn().lines:
            return text + " · p: what changed"
        return text + " · p: panels"

    def _prompt_words(self, view: EverbloomState) -> str:
        mode = self._mode(view)
        if mode == "place":
            return "place a chip · 1–5 or ←/→ chip · its landmark's letter (or ↑/↓ Enter) · v: habitats · h: hint"
        if mode == "send":
            back = " · Esc back" if self._sending is not None and self._sending.place is not None else ""
            return f"share out the pollinators · ↑/↓ card · ←/→ -/+ or 0–9 count · Enter send{back}"
        what = view.choice.prompt if view.choice is not None else self._heading(view)
        return f"{what} · ↑/↓ or 1–9 pick, ←/→ page, Enter do · v: habitats · h: hint"

    def curtain_message(self, seat: int) -> str:
        # Public words only: the phase and the pending question are on the table for all.
        state = self.match.state
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
        name = self.match.seats[seat].name
        if self.match.state.phase == "draft":
            return f"the nectar cards {name} was dealt"
        if self.match.state.phase == "pollination":
            return f"{possessive(name)} secret nectar cards and what {name} pollinates"
        return f"{possessive(name)} secret nectar cards"

    # -- keys ------------------------------------------------------------------------------------------------
    PLACE_ACTIONS = frozenset({"landmark_move", "chip_step", "landmark_pick", "chip", "letter", "toggle_ignore"})
    SEND_ACTIONS = frozenset({"card_move", "count_step", "count", "send", "back"})

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_pane":
            return self.has_class("-compact")
        if action == "cycle_habitat":
            return len(self.match.seats) > 1
        if action in ("move", "confirm", "pick") or action in self.PLACE_ACTIONS or action in self.SEND_ACTIONS:
            mode = self._current_mode()
            if action in ("move", "confirm", "pick"):
                return mode == "list"
            if action in self.SEND_ACTIONS:
                if action == "back":
                    # Escape also closes another player's habitat (v).
                    sending_back = mode == "send" and self._sending is not None and self._sending.place is not None
                    return sending_back or self.shown_seat is not None
                return mode == "send"
            if mode != "place":
                return False
            if action == "toggle_ignore":
                return self._can_ignore(self.current_view())
            if action == "chip" and parameters and parameters[0] == 5:
                # Only the Lizards have a 5; 1–4 always answer (a spent chip says so).
                return any(value == 5 for value, _ in self._chip_options(self.current_view()))
            return True
        return super().allows(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """A key that no binding takes now says why: one of this screen's hidden by
        `allows`, or a printable key bound nowhere (found playing: a stray letter did
        nothing at all)."""
        if self.is_too_small:
            return
        bindings = self._bindings.key_to_bindings.get(event.key)
        if not bindings:
            if not event.is_printable or event.key in self.active_bindings:
                return
        else:
            for binding in bindings:
                _, name, parameters = parse_action(binding.action)
                if self.check_action(name, parameters):
                    return
        self.say(self._why_not(event.key), error=True)
        # Said here in this game's words: the shared "does nothing" line is not wanted.
        event.prevent_default()
        view = self.current_view()
        if view is None or not self.viewer_acts(view):
            self._waiting_refusal = self._message

    def _why_not(self, key: str) -> str:
        """Why `key` does nothing now, and what does."""
        view = self.current_view()
        if self.thinking is not None:
            return f"{self.match.seats[self.thinking].name} is thinking: wait for that move."
        if view is None or not self.viewer_acts(view):
            waiting = and_list([self.match.seats[seat].name for seat in self.match.to_act()])
            return f"It is not your move (waiting for {waiting})." if waiting else "There is nothing to do now."
        mode = self._mode(view)
        if key == "p":
            return "p shows the panels one at a time only in a small window: here they all show."
        if key == "f3":
            return "F3 shows the whole of a message too long for the status bar; none is cut now."
        if key == "x":
            return "x disregards a landmark's rule only for a chip that may (the Hummingbirds' 2), while placing it."
        if mode == "place":
            if key.isdigit():
                chips = " ".join(str(value) for value, first in self._chip_options(view) if not first)
                return f"There is no {key} chip among yours (chips left: {chips})."
            return f"That key does nothing while placing a chip: {self._prompt_words(view)}."
        if mode == "send":
            return f"That key does nothing while sharing out pollinators: {self._prompt_words(view)}."
        if key.isdigit():
            return f"There is no choice {key} here: pick 1–{min(9, len(self.viewer_legal_actions()))}."
        if len(key) == 1 and key.isalpha():
            return f"Letters pick a landmark only while placing a chip; here: {self._prompt_words(view)}."
        return f"That key does nothing here: {self._prompt_words(view)}."

    # -- keys: placing a chip --------------------------------------------------------------------------
    def _refresh_step(self) -> None:
        """The step changed: redraw what the step shows and the keys it offers."""
        self._message = None
        self._after_cursor(highlight_only=False)
        self.refresh_bindings()

    def action_landmark_move(self, delta: int) -> None:
        view = self.current_view()
        rows = self._place_rows(view) if view is not None else []
        if rows:
            # The list stops at its ends (saying so): it never jumps round to the other end.
            spot = max(0, min(len(rows) - 1, self._spot + delta))
            if spot == self._spot:
                self.say(f"That is the {'first' if delta < 0 else 'last'} {'grove' if isinstance(rows[0][1], ChipToGrove) else 'landmark'}.", error=True)
                return
            self._spot = spot
            self._after_cursor()

    def action_chip_step(self, delta: int) -> None:
        view = self.current_view()
        if view is None:
            return
        options = list(self._chip_options(view))
        chip = self._selected_chip(view)
        if not options or chip is None:
            return
        # The next chip that may go now, that way; none: the chip stays (no wrapping round).
        index = options.index(chip) + delta
        skipped = []
        while 0 <= index < len(options) and not self._chip_options(view)[options[index]]:
            skipped.append(options[index])
            index += delta
        if 0 <= index < len(options):
            self._select_chip(options[index])
        elif skipped:
            # A chip is there but may not go (the first player's "1" before the others):
            # the rules say why.
            self.say(self._why_chip_waits(view, *skipped[0]), error=True)
        else:
            self.say(f"No {'smaller' if delta < 0 else 'larger'} chip: this is your {'smallest' if delta < 0 else 'largest'}.", error=True)

    def _select_chip(self, chip: tuple[int, bool]) -> None:
        if chip != self._chip:
            self._chip = chip
            self._ignore = False
        self._refresh_step()

    def action_chip(self, value: int) -> None:
        view = self.current_view()
        if view is None:
            return
        options = self._chip_options(view)
        player = view.players[self.viewer if self.viewer is not None else 0]
        first = value == 1 and 1 not in player.chips and player.first_chip
        chip = (value, first)
        if options.get(chip):
            self._select_chip(chip)
            return
        self.say(self._why_chip_waits(view, value, first), error=True)

    def _why_chip_waits(self, view: EverbloomState, value: int, first: bool) -> str:
        """Why chip `value` may not go now, in the rules' words."""
        landmark = next(iter(landmark_keys(view.side)))
        try:
            self.rules.validate(view, self.viewer or 0, PlaceChip(chip=value, landmark=landmark, first_chip=first))
        except IllegalMove as refusal:
            return refusal.reason
        return f"Chip {value} cannot be placed now"

    def action_toggle_ignore(self) -> None:
        self._ignore = not self._ignore
        self._refresh_step()

    def action_letter(self, letter: str) -> None:
        view = self.current_view()
        if view is None:
            return
        rows = self._place_rows(view)
        index = next((i for i, row in enumerate(rows) if row[0] == letter), None)
        if index is None:
            if rows and isinstance(rows[0][1], ChipToGrove):
                self.say(f"This chip fits at no landmark: pick a grove ({', '.join(row[0].upper() for row in rows)}).", error=True)
            else:
                self.say(f"There is no landmark {letter} on this board.", error=True)
            return
        self._spot = index
        self._choose_row(view, rows[index])

    def action_landmark_pick(self) -> None:
        view = self.current_view()
        if view is None:
            return
        rows = self._place_rows(view)
        if rows:
            self._choose_row(view, rows[self._spot % len(rows)])

    def _choose_row(self, view: EverbloomState, row: tuple[str, Any, str | None, Text]) -> None:
        _, action, why, _ = row
        if action is None:
            # A closed landmark: quote its rule; nothing changes.
            self._after_cursor()
            chip = self._chip_words(self._chip) if self._chip else "that chip"
            self.say(f"{chip.capitalize()} cannot go to {self._row_space(view, self._spot)}: {why}", error=True)
            return
        if isinstance(action, ChipToGrove):
            self.submit(action)
            return
        self._start_sending(view, action)
        # A hint still being looked for was about the chip step, which this leaves.
        self._drop_hint()
        self._refresh_step()

    # -- keys: sending pollinators ---------------------------------------------------------------------
    def action_card_move(self, delta: int) -> None:
        view = self.current_view()
        sending = self._sending
        if view is None or sending is None:
            return
        rows = len(sending.targets) + (len(self._my_groves(view)) if self._need_from_groves(view, sending) else 0)
        if rows:
            # Stops at the first and last card (saying so): wrapping round would put
            # pollinators on a card the player did not mean.
            cursor = max(0, min(rows - 1, sending.cursor + delta))
            if cursor == sending.cursor:
                self.say(f"That is the {'first' if delta < 0 else 'last'} row of this split.", error=True)
                return
            sending.cursor = cursor
            self._after_cursor()

    def _set_count(self, value: int, step: bool) -> None:
        view = self.current_view()
        sending = self._sending
        if view is None or sending is None:
            return
        if sending.cursor >= len(sending.targets):
            self._set_grove(view, sending, value, step)
            return
        space = sending.targets[sending.cursor]
        counts = dict(sending.counts)
        current = counts.get(space, 0)
        wanted = current + value if step else value
        if wanted < 0:
            self.say("None to take off here.", error=True)
            return
        if wanted > sending.total:
            self.say(f"This chip sends {_pollinators(sending.total)} in all: no more than that can go to one card.", error=True)
            return
        counts[space] = wanted
        # Keep the total: take the surplus from the other cards, the fullest first.
        while sum(counts.values()) > sending.total - sending.kept:
            other = max((s for s in sending.targets if s != space and counts.get(s, 0) > 0), key=lambda s: counts[s])
            counts[other] -= 1
        rule = self._card_rule(view, space)
        if rule is not None and rule.kind == "storm_max_send" and sending.sent.get(space, 0) + wanted > rule.max:
            self.say(f"{card_name(view.stacks[space][0])}: {rule.summary}", error=True)
            return
        sending.counts = counts
        self._after_cursor()

    def _set_grove(self, view: EverbloomState, sending: Sending, value: int, step: bool) -> None:
        groves = self._my_groves(view)
        index = sending.cursor - len(sending.targets)
        if not 0 <= index < len(groves):
            return
        biome = groves[index]
        seat = self.viewer if self.viewer is not None else 0
        takes = {b: sending.groves.get(b, 0) for b in groves}
        wanted = takes[biome] + value if step else value
        if wanted < 0:
            self.say("None to take off here.", error=True)
            return
        have = view.groves[biome][seat]
        need = self._need_from_groves(view, sending)
        if wanted > have:
            self.say(f"You have only {_pollinators(have)} in the {biome_name(biome)} grove.", error=True)
            return
        if wanted > need:
            self.say(f"Only {_pollinators(need)} come from groves: your supply gives the rest.", error=True)
            return
        takes[biome] = wanted
        while sum(takes.values()) > need:
            other = max((b for b in groves if b != biome and takes[b] > 0), key=lambda b: takes[b])
            takes[other] -= 1
        sending.groves = takes
        # What the groves do not give stays there: the cards get that many fewer.
        sending.kept = need - sum(takes.values())
        while sending.left() < 0:
            fullest = max((s for s in sending.targets if sending.counts.get(s, 0) > 0), key=lambda s: sending.counts[s])
            sending.counts[fullest] -= 1
        self._after_cursor()

    def action_count_step(self, delta: int) -> None:
        self._set_count(delta, step=True)

    def action_count(self, value: int) -> None:
        self._set_count(value, step=False)

    def action_back(self) -> None:
        if self.close_view():
            return
        # A hint about this split means nothing back at the chip step.
        self._drop_hint()
        self._sending = None
        self._refresh_step()

    def close_view(self) -> bool:
        if self.shown_seat is None:
            return False
        self.shown_seat = None
        self._after_cursor(highlight_only=False)
        return True

    def action_send(self) -> None:
        view = self.current_view()
        sending = self._sending
        if view is None or sending is None:
            return
        left = sending.left()
        if left:
            self.say(f"A chip sends all its pollinators: {_pollinators(left)} still to place (→ or a digit on a card).", error=True)
            return
        problem = self._problem(view, sending, sending.counts)
        if problem is not None:
            self.say(problem, error=True)
            return
        self._submit_distribution(view, sending)

    def _sends(self, view: EverbloomState, sending: Sending) -> list[Any]:
        """One action per pollinator: the supply first, then the groves picked."""
        from_groves = [biome for biome, take in sending.groves.items() for _ in range(take)]
        supply = self._supply(view)
        actions = []
        for space in sending.targets:
            for _ in range(sending.counts.get(space, 0)):
                grove = None if supply > 0 else (from_groves.pop(0) if from_groves else None)
                supply -= 1
                actions.append(SendPollinator(space=space, grove=grove))
        if sending.kept:
            actions.append(Skip())
        return actions

    def _submit_distribution(self, view: EverbloomState, sending: Sending) -> None:
        """Check the whole turn against the rules on a copy, then submit it move by move."""
        seat = self.viewer
        if seat is None:
            return
        actions: list[Any] = []
        state = self.match.state
        sends = self._sends(view, sending)
        try:
            if sending.place is not None:
                self.rules.validate(state, seat, sending.place)
                actions.append(sending.place)
                state = self.rules.apply(state, seat, sending.place)
                turn = state.turn
                if turn is None or turn.seat != seat or turn.steps:
                    # The chip asks for a move first (a pollinator to move or to bring in):
                    # place it, and come back to these counts once that is done.
                    sends = []
                    if turn is not None and turn.steps:
                        self._pending = dict(sending.counts)
            for index, action in enumerate(sends):
                self.rules.validate(state, seat, action)
                if index < len(sends) - 1:
                    state = self.rules.apply(state, seat, action)
        except IllegalMove as refusal:
            self._pending = None
            self.say(refusal.reason, error=True)
            return
        actions.extend(sends)
        self._sending = None
        self._submit_all(actions)

    def _submit_all(self, actions: list[Any]) -> None:
        """Submit checked actions through the shared turn loop, redrawing once at the end."""
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
            message = self._message
            self.advance()
            self._message = message
            self._update_status()

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
        row = self._list_cursor(legal)
        moved = max(0, min(len(legal) - 1, row + delta))
        if moved == row:
            self.say(f"That is the {'first' if delta < 0 else 'last'} choice of {len(legal)}.", error=True)
            return
        self.choice = moved
        self._after_cursor()

    def action_pick(self, number: int) -> None:
        legal = self.viewer_legal_actions()
        if not legal:
            return
        if number > len(legal):
            self.say(f"There is no choice {number} here: pick 1–{len(legal)}.", error=True)
            return
        self._set_list_cursor(legal, number - 1)
        self._after_cursor()

    def action_confirm(self) -> None:
        action = self._highlighted()
        view = self.current_view()
        if action is None or view is None:
            return
        question = self._forfeit_question(view, action)
        if question is None:
            self.submit(action)
            return
        state = self.match.state

        def then() -> None:
            # Only the very position asked about: nothing can move behind the question,
            # but a closed screen or an undo must not play a stale answer.
            if self.is_mounted and self.match.state is state and self.viewer_acts(view):
                self.submit(action)

        confirm_then(self, question, then)

    def _forfeit_question(self, view: EverbloomState, action: Any) -> str | None:
        """The question to ask before `action` gives up what is left of this step, or None."""
        seat = self.viewer
        if seat is None:
            return None
        if isinstance(action, TakeGrove) and view.groves[action.grove][seat] == 0:
            held = {biome: view.groves[biome][seat] for biome in BIOMES if view.groves[biome][seat]}
            if held:
                best = max(held, key=lambda biome: held[biome])
                return (
                    f"Take the {biome_name(action.grove)} grove, where you have no pollinators? You would pay for "
                    f"no card this round; the {biome_name(best)} grove holds {_pollinators(held[best])} of yours."
                )
        if isinstance(action, FinishPollination) and action.grove is not None:
            affordable = [other.card for other in self.viewer_legal_actions() if isinstance(other, Pollinate)]
            work = view.players[seat].pollination
            if affordable and work is not None:
                cards = ", ".join(f"{card_name(card)} (cost {card_cost(card)})" for card in affordable[:3])
                return (
                    f"Finish with {_pollinators(work.left)} left, sent to the {biome_name(action.grove)} grove? "
                    f"You could still pollinate {cards}."
                )
        return None

    def highlight_action(self, action: Any) -> None:
        view = self.current_view()
        mode = self._mode(view)
        if mode == "list":
            legal = self.viewer_legal_actions()
            if action in legal:
                self._set_list_cursor(legal, legal.index(action))
        elif mode == "send" and isinstance(action, (PlaceChip, ChipToGrove)) and self._sending is not None:
            # A chip and landmark proposed while another split is open (the hint was asked
            # for the chip step): back to that step, with the proposed ones highlighted.
            if self._sending.place is not None:
                self._sending = None
                self.highlight_action(action)
                self.refresh_bindings()
        elif mode == "place" and isinstance(action, (PlaceChip, ChipToGrove)):
            self._chip = (action.chip, action.first_chip)
            self._ignore = isinstance(action, PlaceChip) and action.ignore_rule
            for index, row in enumerate(self._place_rows(view)):
                if row[1] == action:
                    self._spot = index
        elif mode == "send" and isinstance(action, SendPollinator) and self._sending is not None:
            sending = self._sending
            if action.space in sending.targets:
                sending.cursor = sending.targets.index(action.space)
                self._count_at_least_one(view, sending, action.space)

    def _count_at_least_one(self, view: EverbloomState, sending: Sending, space: str) -> None:
        """Put one pollinator on `space` when the split still sends none there (one still
        to place, else one taken from the fullest other card), if that keeps every rule:
        Enter then sends one where the hint said."""
        if sending.counts.get(space, 0):
            return
        counts = dict(sending.counts)
        if sending.left() <= 0:
            if not any(counts.values()):
                return
            fullest = max((other for other in counts if counts[other] > 0), key=lambda other: counts[other])
            counts[fullest] -= 1
        counts[space] = 1
        if self._problem(view, sending, counts) is None:
            sending.counts = counts

    def action_hint(self) -> None:
        """In a split whose chip is not yet on the board, the hint answers for that very
        chip and landmark: the search looks at this seat's view with the chip placed,
        and proposes where its pollinators go."""
        view = self.current_view()
        sending = self._sending
        seat = self.viewer
        if view is None or seat is None or sending is None or sending.place is None or self._mode(view) != "send":
            super().action_hint()
            return
        try:
            self.rules.validate(view, seat, sending.place)
            placed = self.rules.apply(view, seat, sending.place)
        except IllegalMove:
            placed = None
        if placed is None or placed.turn is None or placed.turn.steps or placed.turn.seat != seat:
            # The chip asks for another decision first: the hint is for the chip step.
            super().action_hint()
            return
        self._drop_hint()
        where = f"{self._chip_words((sending.place.chip, sending.place.first_chip))} at {sending.landmark}"
        self.say(f"Looking for a hint on sharing out {where}…")
        self.look_for_hint(seat, self.match.state, placed)

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
        if self._batch:
            # More moves of one distribution follow: draw once, after the last.
            return
        self.shown_seat = None
        self._sending = None
        self._chip = None
        self._ignore = False
        self._spot = 0
        if self._message is not None and self._message is self._waiting_refusal:
            # "Wait for Ben's move" is stale once a move was made.
            self._message = None
        super().after_move()

    def _undo(self, seat: int) -> None:
        """Takes back a whole distribution (all its sends) at once, else one move."""
        moves = self.match.moves
        run = 0
        while run < len(moves) and moves[-1 - run].seat == seat and isinstance(moves[-1 - run].action, SendPollinator):
            run += 1
        self._sending = None
        self._pending = None
        if run <= 1:
            super()._undo(seat)
            return
        self._cancel_bot()
        drop_hint = getattr(self, "_drop_hint", None)
        if drop_hint is not None:
            drop_hint()
        taken = 0
        for _ in range(run):
            if not self.match.can_undo(seat):
                break
            self.match.undo(seat)
            taken += 1
        if not taken:
            super()._undo(seat)
            return
        self._message = Text(f"{_pollinators(taken)} taken back.", style="bold")
        self.advance(prefer=seat)

    def on_picked(self, message: Picked) -> None:
        message.stop()
        mode = self._current_mode()
        if message.area == "choice" and mode == "place":
            view = self.current_view()
            rows = self._place_rows(view) if view is not None else []
            if 0 <= message.key < len(rows):
                if message.key == self._spot:
                    self._choose_row(view, rows[message.key])
                else:
                    self._spot = message.key
                    self._after_cursor()
            return
        if message.area == "choice" and mode == "send":
            if self._sending is not None:
                self._sending.cursor = message.key
                self._after_cursor()
            return
        legal = self.viewer_legal_actions()
        if message.area != "choice" or not (0 <= message.key < len(legal)):
            return
        if message.key == self._list_cursor(legal):
            self.action_confirm()
        else:
            self.choice = message.key
            self._after_cursor()
