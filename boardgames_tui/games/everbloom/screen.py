"""Everbloom's screen: the wilderness, the landmarks, groves, bloom board, habitats.

A wilderness turn takes a few keys, in two steps:

* place: a digit (or ←/→) picks the chip, a landmark's letter (as drawn on the board
  and in the legend, or ↑/↓ and Enter) picks where it goes.  Every landmark is listed
  with what the chip would do there, or the rule that closes it; picking a closed one
  quotes that rule and changes nothing.  A chip that fits nowhere lists the groves.
* send: the cards the chip reaches, each with a counter already holding a legal split;
  ↑/↓ pick a card, ←/→ (or -/+) take one off or add one, a digit sets the count, Enter
  sends them all, Esc goes back to the landmark.

The turn is built by `ChipTurn` (chip_turn.py, one per seat), which knows what each
step offers and why a key is refused; `ChipTurnWords` (chip_turn_words.py) says it in
the panels' words; this screen draws it and conducts the keys.
Nothing changes until Enter: the turn then becomes the actions the rules take (the
chip, then one pollinator per send), checked as a whole on a copy of the game first,
and is submitted only if every step is legal; otherwise the screen shows the rules'
reason and the game is as it was.  `u` takes back a whole distribution.

Every other decision (the draft, the migration's choices, pollination, the moves
before sending) lists the legal actions, numbered: ↑/↓ or a digit move the highlight,
which also lights the space the action names on the board, and Enter submits it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import and_list, owner, possessive
from boardgames_tui.games.everbloom.chip_turn import ChipTurn, Seen, chip_words
from boardgames_tui.games.everbloom.chip_turn_words import ChipTurnWords
from boardgames_tui.games.everbloom.describe import TableWords, pollinators
from boardgames_tui.games.everbloom.letters import GROVE_KEYS, LANDMARK_LETTERS
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    EverbloomState,
    FinishPollination,
    PlaceChip,
    Pollinate,
    SendPollinator,
    TakeGrove,
)
from boardgames_tui.games.everbloom.rules import (
    BIOMES,
    EverbloomRules,
    biome_name,
    card_cost,
    card_name,
)
from boardgames_tui.games.everbloom.standings import standing_lines, standings
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
from boardgames_tui.ui.confirm import confirm_then
from boardgames_tui.ui.game_screen import SINCE_HEADING, GameScreen
from boardgames_tui.ui.seat_ui import SeatUI
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
# The panes that hide the choice panel (app.tcss): a new decision leaves them.
HIDE_CHOICES = ("news", "table")
# Below this size the screen is compact (one pane at a time); from WIDE up the
# sidebar and the panels grow to show their texts on fewer lines.
COMPACT = (116, 40)
WIDE = (160, 48)
# At most this many lines of each card's ability on a wide board (two card rows take
# two rows of the window per line, from WIDE's height up).
ABILITY_LINES = 3


# Every letter that picks something while placing a chip: a landmark, or a grove.
LETTERS = sorted(set(LANDMARK_LETTERS) | set(GROVE_KEYS))


@dataclass(kw_only=True)
class EverbloomSeatUI(SeatUI):
    """The highlighted choice, the habitat on show and the half-built wilderness turn."""

    # The seat's wilderness turn as it is built: chip, landmark, split.
    chip_turn: ChipTurn
    choice: int = 0
    # The list `choice` points into: (moves made then, that list).  Another list
    # opens on its own first or best row, never on a row number picked in the last.
    choice_key: tuple[int, list[Any]] | None = None
    # Whose habitat is on screen: None means the viewer's own.
    shown_seat: int | None = None
    # In a small window one panel shows under the board at a time (p cycles them).
    pane: str = PANES[0]
    # The last decision this seat was shown (moves made then, its step): a new one
    # brings the choices to the front of a small window.
    decision_shown: tuple[int, str] | None = None
    # The pane v left to show a habitat in a small window, restored after a move.
    pane_before_view: str | None = None


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
    SEAT_UI_CLASS = EverbloomSeatUI

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self._labels_key: tuple[EverbloomState, list[Any], int | None] | None = None
        self._label_list: list[Text] = []
        self._highlight_only = False
        # The refusal of a key pressed while another seat was to move, until a move.
        self._waiting_refusal: Text | None = None
        # The lines the "since your last turn" panel was last laid out for.
        self._since_lines: tuple[str, ...] = ()
        self._batch = False

    def new_seat_ui(self) -> EverbloomSeatUI:
        return EverbloomSeatUI(chip_turn=ChipTurn(self.game))

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
        wide = width >= WIDE[0] and height >= WIDE[1]
        self.set_class(wide, "-wide")
        # Each card's ability in words on the board where the height leaves room for it.
        self.query_one(WildernessPanel).set_ability_lines(
            max(0, min(ABILITY_LINES, (height - WIDE[1]) // 2)) if wide else 0
        )
        self._show_pane()
        if changed:
            self.refresh_bindings()

    def _show_pane(self) -> None:
        for pane in PANES:
            self.set_class(pane == self.ui.pane, f"-pane-{pane}")

    def _known_state(self) -> EverbloomState:
        """What the chip turn tries its moves on (a placement can draw from the hidden
        deck, so a local table gives the game itself).  A seat joined from another machine
        has its own view only, and a state never crosses the wire: the chip turn is tried
        on that view, and a step the view cannot take is left to the host's rules."""
        state = getattr(self.table, "state", None)
        return state if isinstance(state, EverbloomState) else self.current_view()

    def _asks_before_sending(self, seat: int, place: Any) -> bool:
        state = self._known_state()
        if not isinstance(getattr(self.table, "state", None), EverbloomState):
            try:
                return self.ui.chip_turn.asks_before_sending(state, seat, place)
            except IllegalMove:
                raise
            except Exception:
                # The seat's view cannot play the chip (it draws what the view hides):
                # the chip goes alone, and the split follows the host's answer.
                return True
        return self.ui.chip_turn.asks_before_sending(state, seat, place)

    def _choices_to_front(self, mode: str) -> None:
        """A decision new to this seat opens in front: in a small window the panes of
        news and of the table hide the choices, and a question asked there went unseen."""
        if mode == "idle":
            return
        decision = (self.table.moves_made, mode)
        if decision == self.ui.decision_shown:
            return
        self.ui.decision_shown = decision
        if self.has_class("-compact") and self.ui.pane in HIDE_CHOICES:
            self.ui.pane = PANES[0]

    def action_cycle_pane(self) -> None:
        self.ui.pane = PANES[(PANES.index(self.ui.pane) + 1) % len(PANES)]
        self._show_pane()
        self.say(f"Showing {PANE_NAMES[self.ui.pane]} · p: the next panel")
        self.call_after_refresh(self.redraw)

    # -- what is on offer -------------------------------------------------------------------------
    def _labels(self, view: EverbloomState, legal: list[Any]) -> list[Text]:
        """The labels of the legal actions, built once per move (a cursor move reuses them)."""
        # Held by reference, not id(): the label list is valid for these very objects.
        key = (view, legal, self.viewer)
        old = self._labels_key
        if old is None or old[0] is not view or old[1] is not legal or old[2] != self.viewer:
            self._labels_key = key
            self._label_list = [self._words().label(view, action) for action in legal]
        return self._label_list

    def _highlighted(self) -> Any | None:
        legal = self.viewer_legal_actions()
        if not legal:
            return None
        return legal[self._list_cursor(legal)]

    def _list_cursor(self, legal: list[Any]) -> int:
        """The highlighted row of `legal`: where this seat put it in this very list, or
        the list's opening row when the list is new (a move, an undo, another seat)."""
        moves = self.table.moves_made
        key = self.ui.choice_key
        if key is None or key[0] != moves or (key[1] is not legal and key[1] != legal):
            self.ui.choice_key = (moves, legal)
            view = self.current_view()
            self.ui.choice = self._opening_row(view, legal) if view is not None else 0
        self.ui.choice = max(0, min(len(legal) - 1, self.ui.choice))
        return self.ui.choice

    def _set_list_cursor(self, legal: list[Any], row: int) -> None:
        self._list_cursor(legal)
        self.ui.choice = row

    def _opening_row(self, view: EverbloomState, legal: list[Any]) -> int:
        """The first row, or the best one where the first may waste a move: groves to
        take open on the one holding most of the viewer's pollinators."""
        seat = self.viewer
        if seat is not None and legal and all(isinstance(action, TakeGrove) for action in legal):
            held = [view.groves[action.grove][seat] for action in legal]
            return held.index(max(held))
        return 0

    def _words(self) -> TableWords:
        """The words about the table for the seat at the keyboard (describe.py)."""
        return TableWords(self.rules, self.viewer)

    # -- the wilderness turn (chip_turn.py builds it; this draws it) ---------------------------
    def _seen(self, view: EverbloomState | None) -> Seen | None:
        """What the seat at the keyboard sees and may do, when it is that seat's move."""
        if view is None or self.viewer is None or not self.viewer_acts(view):
            return None
        return Seen(view, self.viewer, self.viewer_legal_actions())

    def _mode(self, view: EverbloomState | None) -> str:
        """'place' (pick a chip and a landmark), 'send' (share out pollinators), 'list'
        (pick from the legal actions) or 'idle' (not this viewer's move)."""
        seen = self._seen(view)
        if seen is None:
            return "idle"
        return self.ui.chip_turn.step(seen, self.table.moves_made)

    def _current_mode(self) -> str:
        return self._mode(self.current_view())

    def _turn_words(self) -> ChipTurnWords:
        """The words of the chip turn of the seat at the keyboard (chip_turn_words.py)."""
        return ChipTurnWords(self.rules, self.ui.chip_turn)

    # -- drawing -----------------------------------------------------------------------------------------
    def show_view(self, view: EverbloomState, viewer: int | None) -> None:  # type: ignore[override]
        mode = self._mode(view)
        self._choices_to_front(mode)
        # The pane is the seat's own: a seat coming back finds the panel it left open,
        # unless a new decision waits for it there.
        self._show_pane()
        panel = self.query_one(ChoicePanel)
        wild = self.query_one(WildernessPanel)
        changed = self._marked("space") | self._marked("landmark")
        seen = self._seen(view)
        if mode == "place" and seen is not None:
            turn = self.ui.chip_turn
            rows = turn.place_rows(seen)
            row = turn.highlighted_row(seen)
            # Only the landmark lights up (its row and the detail line name the cards it
            # reaches): a cursor move then repaints two rows of the board, not five.
            cursor = {row.space} if row is not None and not isinstance(row.action, ChipToGrove) else set()
            wild.show(view, cursor, set(), changed=changed)
            said = self._turn_words()
            words = [said.place_row(seen, each, under_cursor=index == turn.spot) for index, each in enumerate(rows)]
            panel.show(said.place_heading(seen), words, turn.spot, [each.key for each in rows])
            self.query_one(DetailPanel).show_text(said.place_detail(seen, row))
        elif mode == "send" and seen is not None:
            sending = self.ui.chip_turn.sending
            assert sending is not None
            said = self._turn_words()
            rows = said.send_rows(seen)
            sending.cursor = min(sending.cursor, max(0, len(rows) - 1))
            cursor = {sending.targets[sending.cursor]} if sending.cursor < len(sending.targets) else set()
            wild.show(view, cursor, set(sending.targets) | {sending.landmark}, sending.counts, changed)
            panel.show(said.send_heading(seen), rows, sending.cursor, [""] * len(rows))
            self.query_one(DetailPanel).show_text(said.send_detail(seen))
        else:
            acting = mode == "list"
            legal = self.viewer_legal_actions() if acting else []
            current = legal[self._list_cursor(legal)] if legal else None
            cursor = set(self._words().spaces_of(view, current)) if current is not None else set()
            targets: set[str] = set()
            if view.turn is not None:
                targets = set(view.turn.targets) | {view.turn.landmark}
            wild.show(view, cursor, targets, changed=changed)
            if acting:
                heading = view.choice.prompt if view.choice is not None else self._heading(view)
                panel.show(f"{heading} ({len(legal)})", self._labels(view, legal), self.ui.choice)
            else:
                waiting = and_list([view.name(s) for s in self.rules.to_act(view)])
                panel.show("Choices", [Text(f"Waiting for {waiting}." if waiting else "—", style="dim")], None, [""])
            self.query_one(DetailPanel).show_text(self._words().detail(view, current))
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
            view, self.narrator.progress(view), self.rules.to_act(view), seat, standing.track, seats_changed
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
            facts = [fact for space in spaces for fact in self._words().space_facts(view, space)]
            panel.tooltip = "\n".join(facts) or None
        bloom = self._words().table_entry(view)
        self.query_one(BloomPanel).tooltip = "\n".join(bloom.lines)

    # -- the inspector (i) --------------------------------------------------------------------------
    def inspect_target(self) -> CatalogueEntry | None:
        """The whole text of what the seat has highlighted: the landmark (with the cards it
        reaches), the card being sent to, the spaces, card, tile or nectar an entry names;
        on the compact table pane, the bloom board and the faction."""
        view = self.current_view()
        if view is None:
            return None
        if self.has_class("-compact") and self.ui.pane == "table":
            return self._words().table_entry(view)
        if self.has_class("-compact") and self.ui.pane == "news":
            return CatalogueEntry("Standings now", tuple(standing_lines(view, standings(view, self.viewer))))
        if self.has_class("-compact") and self.ui.pane == "habitat":
            seat = self.ui.shown_seat if self.ui.shown_seat is not None else self.viewer
            return None if seat is None else self._words().habitat_entry(view, seat)
        mode = self._mode(view)
        seen = self._seen(view)
        if mode == "place" and seen is not None:
            row = self.ui.chip_turn.highlighted_row(seen)
            if row is None:
                return None
            if isinstance(row.action, ChipToGrove):
                said = self._turn_words()
                return CatalogueEntry(said.place_row(seen, row).plain, (said.place_detail(seen, row).plain,))
            reach = self.rules.reach(view, seen.seat, row.space)
            if row.plan is not None:
                chip = self.ui.chip_turn.chip
                lines = [f"{chip_words(chip).capitalize() if chip else 'The chip'} here sends {pollinators(row.plan.count)} to {', '.join(row.plan.targets) or 'no card'}."]
            else:
                lines = [f"Closed to this chip: {row.why}"]
            return self._words().spaces_entry(view, [row.space, *reach], lines)
        if mode == "send" and seen is not None:
            sending = self.ui.chip_turn.sending
            assert sending is not None
            spaces = [sending.targets[sending.cursor]] if sending.cursor < len(sending.targets) else []
            return self._words().spaces_entry(view, [*spaces, sending.landmark], [self._turn_words().send_heading(seen)])
        action = self._highlighted() if mode == "list" else None
        if action is None:
            return None
        return self._words().action_entry(view, action)

    def _heading(self, view: EverbloomState) -> str:
        if view.phase == "draft":
            return "Nectar draft: discard one card"
        if view.phase == "pollination":
            player = view.players[self.viewer] if self.viewer is not None else None
            work = player.pollination if player is not None else None
            if work is None or work.grove is None:
                return "Pollination: take one grove"
            return f"Pollination: {pollinators(work.left)} left"
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
        if self.ui.pane == "board" and self.since_last_turn().lines:
            return text + " · p: what changed"
        return text + " · p: panels"

    def _prompt_words(self, view: EverbloomState) -> str:
        mode = self._mode(view)
        if mode == "place":
            return "place a chip · 1–5 or ←/→ chip · its landmark's letter (or ↑/↓ Enter) · v: habitats · h: hint"
        if mode == "send":
            sending = self.ui.chip_turn.sending
            back = " · Esc back" if sending is not None and sending.place is not None else ""
            return f"share out the pollinators · ↑/↓ card · ←/→ -/+ or 0–9 count · Enter send{back}"
        what = view.choice.prompt if view.choice is not None else self._heading(view)
        return f"{what} · ↑/↓ or 1–9 pick, ←/→ page, Enter do · v: habitats · h: hint"

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
            return f"{possessive(name)} secret nectar cards and what {name} pollinates"
        return f"{possessive(name)} secret nectar cards"

    # -- keys ------------------------------------------------------------------------------------------------
    PLACE_ACTIONS = frozenset({"landmark_move", "chip_step", "landmark_pick", "chip", "letter", "toggle_ignore"})
    SEND_ACTIONS = frozenset({"card_move", "count_step", "count", "send", "back"})

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_pane":
            return self.has_class("-compact")
        if action == "cycle_habitat":
            return len(self.table.seats) > 1
        if action in ("move", "confirm", "pick") or action in self.PLACE_ACTIONS or action in self.SEND_ACTIONS:
            mode = self._current_mode()
            if action in ("move", "confirm", "pick"):
                return mode == "list"
            if action in self.SEND_ACTIONS:
                if action == "back":
                    # Escape also closes another player's habitat (v).
                    sending = self.ui.chip_turn.sending
                    sending_back = mode == "send" and sending is not None and sending.place is not None
                    return sending_back or self.ui.shown_seat is not None
                return mode == "send"
            seen = self._seen(self.current_view())
            if mode != "place" or seen is None:
                return False
            if action == "toggle_ignore":
                return self.ui.chip_turn.can_ignore(seen)
            if action == "chip" and parameters and parameters[0] == 5:
                # Only the Lizards have a 5; 1–4 always answer (a spent chip says so).
                return any(value == 5 for value, _ in self.ui.chip_turn.chip_options(seen))
            return True
        return super().allows(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """A key that no binding takes now says why: one of this screen's hidden by
        `allows`, or a printable key bound nowhere (found playing: a stray letter did
        nothing at all)."""
        if self.key_left_over(event) or self.lesson_key(event) or self.is_too_small:
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
            self._waiting_refusal = self.ui.message

    def _why_not(self, key: str) -> str:
        """Why `key` does nothing now, and what does."""
        view = self.current_view()
        if self.thinking is not None:
            return f"{self.table.seats[self.thinking].name} is thinking: wait for that move."
        if view is None or not self.viewer_acts(view):
            waiting = and_list([self.table.seats[seat].name for seat in self.table.to_act()])
            return f"It is not your move (waiting for {waiting})." if waiting else "There is nothing to do now."
        mode = self._mode(view)
        if key == "p":
            return "p shows the panels one at a time only in a small window: here they all show."
        if key == "f3":
            return "F3 shows the whole of a message too long for the status bar; none is cut now."
        if key == "x":
            return "x disregards a landmark's rule only for a chip that may (the Hummingbirds' 2), while placing it."
        seen = self._seen(view)
        if mode == "place" and seen is not None:
            if key.isdigit():
                chips = " ".join(str(value) for value, first in self.ui.chip_turn.chip_options(seen) if not first)
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
        """The step changed (another chip, the split opened or closed): redraw it all,
        with the keys it offers and a status bar fitted to its prompt (a cursor move
        keeps the bar's height; a new step need not)."""
        self.ui.message = None
        self.redraw()

    def _turn_key(self, refusal: str | None, *, step_changed: bool = False) -> None:
        """After the chip turn answered a key: say its refusal, or show what changed."""
        if refusal is not None:
            self.say(refusal, error=True)
        elif step_changed:
            self._refresh_step()
        else:
            self._after_cursor()

    def action_landmark_move(self, delta: int) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._turn_key(self.ui.chip_turn.move_spot(seen, delta))

    def action_chip_step(self, delta: int) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._turn_key(self.ui.chip_turn.step_chip(seen, delta), step_changed=True)

    def action_chip(self, value: int) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._turn_key(self.ui.chip_turn.pick_chip(seen, value), step_changed=True)

    def action_toggle_ignore(self) -> None:
        self.ui.chip_turn.toggle_ignore()
        self._refresh_step()

    def action_letter(self, letter: str) -> None:
        seen = self._seen(self.current_view())
        if seen is None:
            return
        refusal = self.ui.chip_turn.spot_of_letter(seen, letter)
        if refusal is not None:
            self.say(refusal, error=True)
            return
        self._choose_row(seen)

    def action_landmark_pick(self) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._choose_row(seen)

    def _choose_row(self, seen: Seen) -> None:
        """The highlighted row picked: a closed landmark says why and changes nothing, a
        grove takes the chip's pollinators, an open landmark goes on to the split."""
        turn = self.ui.chip_turn
        row = turn.highlighted_row(seen)
        if row is None:
            return
        if row.action is None:
            self._after_cursor()
            self.say(turn.closed_reason(row), error=True)
            return
        if isinstance(row.action, ChipToGrove) or self._asks_before_sending(seen.seat, row.action):
            self.submit(row.action)
            return
        turn.start_sending(seen, row.action, self.ui.hint)
        # A hint still being looked for was about the chip step, which this leaves.
        self._drop_hint()
        self._refresh_step()

    # -- keys: sending pollinators ---------------------------------------------------------------------
    def action_card_move(self, delta: int) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._turn_key(self.ui.chip_turn.move_cursor(seen, delta))

    def action_count_step(self, delta: int) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._turn_key(self.ui.chip_turn.set_count(seen, delta, step=True))

    def action_count(self, value: int) -> None:
        seen = self._seen(self.current_view())
        if seen is not None:
            self._turn_key(self.ui.chip_turn.set_count(seen, value, step=False))

    def action_back(self) -> None:
        if self.close_view():
            return
        # A hint about this split means nothing back at the chip step.
        self._drop_hint()
        self.ui.chip_turn.back()
        self._refresh_step()

    def close_view(self) -> bool:
        if self.ui.shown_seat is None:
            return False
        self.ui.shown_seat = None
        if self.ui.pane_before_view is not None:
            self.ui.pane, self.ui.pane_before_view = self.ui.pane_before_view, None
            self._show_pane()
        self._after_cursor(highlight_only=False)
        return True

    def action_send(self) -> None:
        """Check the whole turn against the rules on a copy, then submit it move by move."""
        seen = self._seen(self.current_view())
        if seen is None or self.ui.chip_turn.sending is None:
            return
        refusal = self.ui.chip_turn.send_refusal(seen)
        if refusal is not None:
            self.say(refusal, error=True)
            return
        try:
            actions = self.ui.chip_turn.actions(self._known_state(), seen)
        except IllegalMove as refusal_by_rules:
            self.say(refusal_by_rules.reason, error=True)
            return
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
            message = self.ui.message
            self.advance()
            self.ui.message = message
            self._update_status()

    def _after_cursor(self, *, highlight_only: bool = True) -> None:
        self.ui.message = None
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
        self.ui.choice = moved
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
        position = self.table.position

        def then() -> None:
            # Only the very position asked about: nothing can move behind the question,
            # but a closed screen or an undo must not play a stale answer.
            if self.is_mounted and self.table.position is position and self.viewer_acts(view):
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
                    f"no card this round; the {biome_name(best)} grove holds {pollinators(held[best])} of yours."
                )
        if isinstance(action, FinishPollination) and action.grove is not None:
            affordable = [other.card for other in self.viewer_legal_actions() if isinstance(other, Pollinate)]
            work = view.players[seat].pollination
            if affordable and work is not None:
                cards = ", ".join(f"{card_name(card)} (cost {card_cost(card)})" for card in affordable[:3])
                return (
                    f"Finish with {pollinators(work.left)} left, sent to the {biome_name(action.grove)} grove? "
                    f"You could still pollinate {cards}."
                )
        return None

    def highlight_action(self, action: Any) -> None:
        view = self.current_view()
        mode = self._mode(view)
        seen = self._seen(view)
        turn = self.ui.chip_turn
        if mode == "list":
            legal = self.viewer_legal_actions()
            if action in legal:
                self._set_list_cursor(legal, legal.index(action))
        elif seen is None:
            return
        elif mode == "send" and isinstance(action, (PlaceChip, ChipToGrove)) and turn.sending is not None:
            # A chip and landmark proposed while another split is open (the hint was asked
            # for the chip step): back to that step, with the proposed ones highlighted.
            if turn.sending.place is not None:
                turn.back()
                self.highlight_action(action)
                self.refresh_bindings()
        elif mode == "place":
            turn.highlight(seen, action)
        elif mode == "send" and isinstance(action, SendPollinator):
            turn.count_hinted_send(seen, action)

    def action_hint(self) -> None:
        """In a split whose chip is not yet on the board, the hint answers for that very
        chip and landmark: the search plays the chip on samples of the hidden state
        (never on this seat's view, which hides what a bloom advance draws) and proposes
        where its pollinators go."""
        view = self.current_view()
        seen = self._seen(view)
        sending = self.ui.chip_turn.sending
        decided = self.ui.chip_turn.decided(seen) if seen is not None and self._mode(view) == "send" else ()
        if seen is None or sending is None or sending.place is None or not decided:
            # No split open, or the chip asks for another decision first: the hint is
            # for the chip step (or the list).
            super().action_hint()
            return
        self._drop_hint()
        where = f"{chip_words((sending.place.chip, sending.place.first_chip))} at {sending.landmark}"
        self.say(f"Looking for a hint on sharing out {where}…")
        self.look_for_hint(seen.seat, self.table.position, seen.view, decided)

    def action_cycle_habitat(self) -> None:
        seats = len(self.table.seats)
        if seats < 2:
            return
        base = self.viewer if self.viewer is not None else 0
        current = self.ui.shown_seat if self.ui.shown_seat is not None else base
        following = (current + 1) % seats
        self.ui.shown_seat = None if following == self.viewer else following
        if self.has_class("-compact") and self.ui.pane != "habitat":
            # A small window shows the habitat in its own pane only: open it, or v did
            # nothing to be seen (and go back to the pane left once the seat moves).
            self.ui.pane_before_view = self.ui.pane
            self.ui.pane = "habitat"
            self._show_pane()
        self._after_cursor(highlight_only=False)
        view = self.current_view()
        if view is not None:
            whose = owner(view.name(following), own=following == self.viewer, capital=False)
            self.say(f"Showing {whose} habitat · v: the next one · p: the other panels")

    def after_move(self) -> None:
        if self._batch:
            # More moves of one distribution follow: draw once, after the last.
            return
        self.ui.shown_seat = None
        if self.ui.pane_before_view is not None:
            self.ui.pane, self.ui.pane_before_view = self.ui.pane_before_view, None
        self.ui.chip_turn.clear()
        if self.ui.message is not None and self.ui.message is self._waiting_refusal:
            # "Wait for Ben's move" is stale once a move was made.
            self.ui.message = None
        super().after_move()

    def _undo(self, seat: int) -> None:
        """Takes back a whole distribution (all its sends) at once, else one move."""
        own = self.table.own_run(seat)
        run = 0
        while run < len(own) and isinstance(own[-1 - run], SendPollinator):
            run += 1
        self.ui.chip_turn.sending = None
        self.ui.chip_turn.pending = None
        if run <= 1:
            super()._undo(seat)
            return
        self._cancel_bot()
        drop_hint = getattr(self, "_drop_hint", None)
        if drop_hint is not None:
            drop_hint()
        taken = 0
        for _ in range(run):
            if not self.table.can_undo(seat):
                break
            self.table.undo(seat)
            taken += 1
        if not taken:
            super()._undo(seat)
            return
        self.ui.message = Text(f"{pollinators(taken)} taken back.", style="bold")
        self.advance(prefer=seat)

    def on_picked(self, message: Picked) -> None:
        message.stop()
        mode = self._current_mode()
        seen = self._seen(self.current_view())
        if message.area == "choice" and mode == "place" and seen is not None:
            rows = self.ui.chip_turn.place_rows(seen)
            if 0 <= message.key < len(rows):
                if message.key == self.ui.chip_turn.spot:
                    self._choose_row(seen)
                else:
                    self.ui.chip_turn.spot = message.key
                    self._after_cursor()
            return
        if message.area == "choice" and mode == "send":
            if self.ui.chip_turn.sending is not None:
                self.ui.chip_turn.sending.cursor = message.key
                self._after_cursor()
            return
        legal = self.viewer_legal_actions()
        if message.area != "choice" or not (0 <= message.key < len(legal)):
            return
        if message.key == self._list_cursor(legal):
            self.action_confirm()
        else:
            self.ui.choice = message.key
            self._after_cursor()
