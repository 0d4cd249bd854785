"""Everbloom's steps: the decision the seat at the keyboard is taking, each one drawing
itself.  The screen (screen.py) conducts; the step of the moment fills the choice panel,
lights the board and writes the detail line, says which keys it takes, what `i` shows
of it and why a key does nothing.

* `PlaceStep`: a digit (or ←/→) picks the chip, a landmark's letter (as drawn on the
  board and in the legend, or ↑/↓ and Enter) picks where it goes.  Every landmark is
  listed with what the chip would do there, or the rule that closes it; picking a closed
  one quotes that rule and changes nothing.  A chip that fits nowhere lists the groves.
* `SendStep`: the cards the chip reaches, each with a counter already holding a legal
  split; ↑/↓ pick a card, ←/→ (or -/+) take one off or add one, a digit sets the count,
  Enter sends them all, Esc goes back to the landmark.
* `ListStep`: every other decision (the draft, the migration's choices, pollination, the
  moves before sending) lists the legal actions, numbered: ↑/↓ or a digit move the
  highlight, which also lights the space the action names on the board, and Enter
  plays it.
* `IdleStep`: not this seat's move; the board, and whom the table waits for.

The wilderness turn is built by `ChipTurn` (chip_turn.py, one per seat) and worded by
`ChipTurnWords` (chip_turn_words.py).  Nothing changes until Enter: the turn then becomes
the actions the rules take (the chip, then one pollinator per send), which the screen's
table checks as a whole (`Table.check_turn`) before any is submitted; a refusal shows
the rules' reason and the game is as it was.

A step is made afresh each time the screen asks (`step_for`): what it must remember is
the seat's (`EverbloomSeatUI`).  No Textual here: a step draws through the panels it is
handed and acts through the screen's public methods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import and_list
from boardgames_tui.games.everbloom.chip_turn import PlaceRow, Seen, Sending, chip_words
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
    biome_name,
    card_cost,
    card_name,
)
from boardgames_tui.games.everbloom.seat_ui import EverbloomSeatUI

if TYPE_CHECKING:
    from boardgames_tui.games.everbloom.widgets import (
        ChoicePanel,
        DetailPanel,
        WildernessPanel,
    )

# How far ←/→ (page up/down) move the highlight in a list.
PAGE = 6
# Every letter that picks something while placing a chip: a landmark, or a grove.
LETTERS = sorted(set(LANDMARK_LETTERS) | set(GROVE_KEYS))


@dataclass(frozen=True)
class StepKey:
    """A key a step takes: Textual's names for it, the step's method it calls with
    `arguments`, and how the footer and the key help (?) name it."""

    keys: str
    method: str
    description: str
    arguments: tuple[object, ...] = ()
    show: bool = False

    @property
    def action(self) -> str:
        """The screen's action for it: `step(method, *arguments)`."""
        return f"step({', '.join(repr(part) for part in (self.method, *self.arguments))})"


@dataclass(frozen=True)
class StepPanels:
    """The panels a step draws itself in, and what the board marks as changed since the
    seat's own last move (spaces and landmarks)."""

    choices: ChoicePanel
    wilderness: WildernessPanel
    detail: DetailPanel
    changed: set[Any]


class Step:
    """The decision the seat at the keyboard is taking (see the module's words)."""

    name: ClassVar[str]
    KEYS: ClassVar[tuple[StepKey, ...]] = ()

    def __init__(self, screen: Any, view: EverbloomState | None, seen: Seen | None) -> None:
        self.screen = screen
        # The view on screen (None while no seat is at the keyboard), and what its seat
        # may do when it is that seat's move.
        self.view = view
        self.seen = seen

    @property
    def ui(self) -> EverbloomSeatUI:
        return self.screen.ui

    @property
    def words(self) -> TableWords:
        """The words about the table for the seat at the keyboard (describe.py)."""
        return TableWords(self.screen.rules, self.screen.viewer)

    # -- keys ---------------------------------------------------------------------------
    def takes(self, method: str, arguments: tuple[object, ...]) -> bool:
        """Whether the key calling `method(*arguments)` does something now."""
        return any(key.method == method for key in self.KEYS)

    def take(self, method: str, arguments: tuple[object, ...]) -> None:
        if self.takes(method, arguments):
            getattr(self, method)(*arguments)

    def goes_back(self) -> bool:
        """Whether Esc goes back a step (besides closing another seat's habitat)."""
        return False

    def back(self) -> None:
        """Esc: back a step."""

    def why_not(self, key: str) -> str:
        """Why `key` does nothing now, and what does."""
        if key == "p":
            return "p shows the panels one at a time only in a small window: here they all show."
        if key == "f3":
            return "F3 shows the whole of a message too long for the status bar; none is cut now."
        if key == "x":
            return "x disregards a landmark's rule only for a chip that may (the Hummingbirds' 2), while placing it."
        return self.refusal(key)

    def refusal(self, key: str) -> str:
        """What this step says of a key it does not take."""
        return f"That key does nothing here: {self.prompt()}."

    # -- what it shows ------------------------------------------------------------------------
    def draw(self, panels: StepPanels) -> None:
        """The choice panel, the board's highlights and the detail line."""

    def prompt(self) -> str:
        """The status bar's prompt: what to do and with which keys."""
        return ""

    def inspect(self) -> CatalogueEntry | None:
        """The whole text of what is highlighted (i), or None."""
        return None

    def highlight(self, action: Any) -> None:
        """Put the highlight on `action` (a hint's), so that Enter plays it."""

    def picked(self, row: int) -> None:
        """A click on a row of the choice panel."""

    def hint(self) -> bool:
        """Look for a hint of this step's own (True), or leave it to the screen's."""
        return False

    # -- helpers --------------------------------------------------------------------------
    def redraw_step(self) -> None:
        """The step changed (another chip, the split opened or closed): redraw it all,
        with the keys it offers and a status bar fitted to its prompt (a cursor move
        keeps the bar's height; a new step need not)."""
        self.ui.message = None
        self.screen.redraw()

    def answer(self, refusal: str | None, *, step_changed: bool = False) -> None:
        """After the chip turn answered a key: say its refusal, or show what changed."""
        if refusal is not None:
            self.screen.say(refusal, error=True)
        elif step_changed:
            self.redraw_step()
        else:
            self.screen.show_cursor()

    def show_board(self, panels: StepPanels, cursor: set[str]) -> None:
        """The board with `cursor` lit, and the cards of a chip turn under way marked."""
        view = self.view
        assert view is not None
        targets: set[str] = set()
        if view.turn is not None:
            targets = set(view.turn.targets) | {view.turn.landmark}
        panels.wilderness.show(view, cursor, targets, changed=panels.changed)


def list_heading(view: EverbloomState, viewer: int | None) -> str:
    """What a decision the rules list whole is about, when the rules ask no question."""
    if view.phase == "draft":
        return "Nectar draft: discard one card"
    if view.phase == "pollination":
        player = view.players[viewer] if viewer is not None else None
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


def list_prompt(view: EverbloomState, viewer: int | None) -> str:
    what = view.choice.prompt if view.choice is not None else list_heading(view, viewer)
    return f"{what} · ↑/↓ or 1–9 pick, ←/→ page, Enter do · v: habitats · h: hint"


class IdleStep(Step):
    """Not this seat's move: the board, and whom the table waits for."""

    name = "idle"

    def draw(self, panels: StepPanels) -> None:
        view = self.view
        assert view is not None
        self.show_board(panels, set())
        waiting = and_list([view.name(seat) for seat in self.screen.rules.to_act(view)])
        panels.choices.show("Choices", [Text(f"Waiting for {waiting}." if waiting else "—", style="dim")], None, [""])
        panels.detail.show_text(self.words.detail(view, None))

    def prompt(self) -> str:
        return "" if self.view is None else list_prompt(self.view, self.screen.viewer)

    def why_not(self, key: str) -> str:
        table = self.screen.table
        waiting = and_list([table.seats[seat].name for seat in table.to_act()])
        return f"It is not your move (waiting for {waiting})." if waiting else "There is nothing to do now."


class ActionLabels:
    """The labels of the legal actions, built once per move (a cursor move reuses them)."""

    def __init__(self) -> None:
        self._key: tuple[EverbloomState, list[Any], int | None] | None = None
        self._labels: list[Text] = []

    def of(self, words: TableWords, view: EverbloomState, legal: list[Any], viewer: int | None) -> list[Text]:
        # Held by reference, not id(): the labels are valid for these very objects.
        old = self._key
        if old is None or old[0] is not view or old[1] is not legal or old[2] != viewer:
            self._key = (view, legal, viewer)
            self._labels = [words.label(view, action) for action in legal]
        return self._labels


class ListStep(Step):
    """A decision the rules list whole: the legal actions, numbered, one highlighted."""

    name = "list"
    KEYS = (
        StepKey("up", "move", "Up", (-1,)),
        StepKey("down", "move", "Down", (1,)),
        StepKey("left,pageup", "move", "Page up", (-PAGE,)),
        StepKey("right,pagedown", "move", "Page down", (PAGE,)),
        StepKey("enter", "confirm", "Do it", show=True),
        *[StepKey(str(number), "pick", f"Choice {number}", (number,)) for number in range(1, 10)],
    )
    seen: Seen
    view: EverbloomState

    @property
    def legal(self) -> list[Any]:
        return self.seen.legal

    def cursor(self) -> int:
        """The highlighted row: where this seat put it in this very list, or the list's
        opening row when the list is new (a move, an undo, another seat)."""
        legal = self.legal
        moves = self.screen.table.moves_made
        key = self.ui.choice_key
        if key is None or key[0] != moves or (key[1] is not legal and key[1] != legal):
            self.ui.choice_key = (moves, legal)
            self.ui.choice = self.opening_row()
        self.ui.choice = max(0, min(len(legal) - 1, self.ui.choice))
        return self.ui.choice

    def set_cursor(self, row: int) -> None:
        self.cursor()
        self.ui.choice = row

    def opening_row(self) -> int:
        """The first row, or the best one where the first may waste a move: groves to
        take open on the one holding most of the viewer's pollinators."""
        legal, seat = self.legal, self.seen.seat
        if legal and all(isinstance(action, TakeGrove) for action in legal):
            held = [self.view.groves[action.grove][seat] for action in legal]
            return held.index(max(held))
        return 0

    def highlighted(self) -> Any | None:
        return self.legal[self.cursor()] if self.legal else None

    # -- keys ------------------------------------------------------------------------------
    def move(self, delta: int) -> None:
        legal = self.legal
        if not legal:
            return
        row = self.cursor()
        moved = max(0, min(len(legal) - 1, row + delta))
        if moved == row:
            self.screen.say(f"That is the {'first' if delta < 0 else 'last'} choice of {len(legal)}.", error=True)
            return
        self.ui.choice = moved
        self.screen.show_cursor()

    def pick(self, number: int) -> None:
        legal = self.legal
        if not legal:
            return
        if number > len(legal):
            self.screen.say(f"There is no choice {number} here: pick 1–{len(legal)}.", error=True)
            return
        self.set_cursor(number - 1)
        self.screen.show_cursor()

    def confirm(self) -> None:
        action = self.highlighted()
        if action is None:
            return
        question = self.forfeit_question(action)
        if question is None:
            self.screen.submit(action)
        else:
            self.screen.confirm_then_submit(question, self.view, action)

    def forfeit_question(self, action: Any) -> str | None:
        """The question to ask before `action` gives up what is left of this step, or None."""
        view, seat = self.view, self.seen.seat
        if isinstance(action, TakeGrove) and view.groves[action.grove][seat] == 0:
            held = {biome: view.groves[biome][seat] for biome in BIOMES if view.groves[biome][seat]}
            if held:
                best = max(held, key=lambda biome: held[biome])
                return (
                    f"Take the {biome_name(action.grove)} grove, where you have no pollinators? You would pay for "
                    f"no card this round; the {biome_name(best)} grove holds {pollinators(held[best])} of yours."
                )
        if isinstance(action, FinishPollination) and action.grove is not None:
            affordable = [other.card for other in self.legal if isinstance(other, Pollinate)]
            work = view.players[seat].pollination
            if affordable and work is not None:
                cards = ", ".join(f"{card_name(card)} (cost {card_cost(card)})" for card in affordable[:3])
                return (
                    f"Finish with {pollinators(work.left)} left, sent to the {biome_name(action.grove)} grove? "
                    f"You could still pollinate {cards}."
                )
        return None

    def refusal(self, key: str) -> str:
        if key.isdigit():
            return f"There is no choice {key} here: pick 1–{min(9, len(self.legal))}."
        if len(key) == 1 and key.isalpha():
            return f"Letters pick a landmark only while placing a chip; here: {self.prompt()}."
        return super().refusal(key)

    # -- what it shows -----------------------------------------------------------------------
    def draw(self, panels: StepPanels) -> None:
        view, legal = self.view, self.legal
        current = self.highlighted()
        words = self.words
        self.show_board(panels, set(words.spaces_of(view, current)) if current is not None else set())
        heading = view.choice.prompt if view.choice is not None else list_heading(view, self.seen.seat)
        labels = self.screen.action_labels.of(words, view, legal, self.seen.seat)
        panels.choices.show(f"{heading} ({len(legal)})", labels, self.ui.choice)
        panels.detail.show_text(words.detail(view, current))

    def prompt(self) -> str:
        return list_prompt(self.view, self.seen.seat)

    def inspect(self) -> CatalogueEntry | None:
        action = self.highlighted()
        return None if action is None else self.words.action_entry(self.view, action)

    def highlight(self, action: Any) -> None:
        if action in self.legal:
            self.set_cursor(self.legal.index(action))

    def picked(self, row: int) -> None:
        if not 0 <= row < len(self.legal):
            return
        if row == self.cursor():
            self.confirm()
        else:
            self.ui.choice = row
            self.screen.show_cursor()


class ChipStep(Step):
    """A step of the wilderness turn, which `ChipTurn` builds (chip_turn.py)."""

    seen: Seen
    view: EverbloomState

    @property
    def turn_words(self) -> ChipTurnWords:
        """The words of the seat's chip turn (chip_turn_words.py)."""
        return ChipTurnWords(self.screen.rules, self.ui.chip_turn)


class PlaceStep(ChipStep):
    """A chip and its landmark (or, for a chip that fits nowhere, a grove)."""

    name = "place"
    KEYS = (
        StepKey("up", "landmark_move", "Previous landmark", (-1,)),
        StepKey("down", "landmark_move", "Next landmark", (1,)),
        StepKey("left", "chip_step", "Smaller chip", (-1,)),
        StepKey("right", "chip_step", "Larger chip", (1,)),
        StepKey("enter", "landmark_pick", "Choose landmark", show=True),
        *[StepKey(str(number), "chip", f"Chip {number}", (number,)) for number in range(1, 6)],
        *[StepKey(letter, "letter", f"Landmark or grove {letter}", (letter,)) for letter in LETTERS],
        StepKey("x", "toggle_ignore", "Disregard the landmark's rule"),
    )

    def takes(self, method: str, arguments: tuple[object, ...]) -> bool:
        turn = self.ui.chip_turn
        if method == "toggle_ignore":
            return turn.can_ignore(self.seen)
        if method == "chip" and arguments == (5,):
            # Only the Lizards have a 5; 1–4 always answer (a spent chip says so).
            return any(value == 5 for value, _ in turn.chip_options(self.seen))
        return super().takes(method, arguments)

    # -- keys ------------------------------------------------------------------------------
    def landmark_move(self, delta: int) -> None:
        self.answer(self.ui.chip_turn.move_spot(self.seen, delta))

    def chip_step(self, delta: int) -> None:
        self.answer(self.ui.chip_turn.step_chip(self.seen, delta), step_changed=True)

    def chip(self, value: int) -> None:
        self.answer(self.ui.chip_turn.pick_chip(self.seen, value), step_changed=True)

    def toggle_ignore(self) -> None:
        self.ui.chip_turn.toggle_ignore()
        self.redraw_step()

    def letter(self, letter: str) -> None:
        refusal = self.ui.chip_turn.spot_of_letter(self.seen, letter)
        if refusal is not None:
            self.screen.say(refusal, error=True)
            return
        self.landmark_pick()

    def landmark_pick(self) -> None:
        """The highlighted row picked: a closed landmark says why and changes nothing, a
        grove takes the chip's pollinators, an open landmark goes on to the split."""
        turn, seen = self.ui.chip_turn, self.seen
        row = turn.highlighted_row(seen)
        if row is None:
            return
        if row.action is None:
            self.screen.show_cursor()
            self.screen.say(turn.closed_reason(row), error=True)
            return
        if isinstance(row.action, ChipToGrove) or turn.asks_before_sending(seen, row.action):
            self.screen.submit(row.action)
            return
        turn.start_sending(seen, row.action, self.ui.hint)
        # A hint still being looked for was about the chip step, which this leaves.
        self.screen.forget_hint()
        self.redraw_step()

    def refusal(self, key: str) -> str:
        if key.isdigit():
            chips = " ".join(str(value) for value, first in self.ui.chip_turn.chip_options(self.seen) if not first)
            return f"There is no {key} chip among yours (chips left: {chips})."
        return f"That key does nothing while placing a chip: {self.prompt()}."

    # -- what it shows -----------------------------------------------------------------------
    def draw(self, panels: StepPanels) -> None:
        turn, seen = self.ui.chip_turn, self.seen
        rows = turn.place_rows(seen)
        row = turn.highlighted_row(seen)
        # Only the landmark lights up (its row and the detail line name the cards it
        # reaches): a cursor move then repaints two rows of the board, not five.
        cursor = {row.space} if row is not None and not isinstance(row.action, ChipToGrove) else set()
        panels.wilderness.show(self.view, cursor, set(), changed=panels.changed)
        said = self.turn_words
        words = [said.place_row(seen, each, under_cursor=index == turn.spot) for index, each in enumerate(rows)]
        panels.choices.show(said.place_heading(seen), words, turn.spot, [each.key for each in rows])
        panels.detail.show_text(said.place_detail(seen, row))

    def prompt(self) -> str:
        return "place a chip · 1–5 or ←/→ chip · its landmark's letter (or ↑/↓ Enter) · v: habitats · h: hint"

    def inspect(self) -> CatalogueEntry | None:
        row = self.ui.chip_turn.highlighted_row(self.seen)
        if row is None:
            return None
        if isinstance(row.action, ChipToGrove):
            said = self.turn_words
            return CatalogueEntry(said.place_row(self.seen, row).plain, (said.place_detail(self.seen, row).plain,))
        reach = self.screen.rules.reach(self.view, self.seen.seat, row.space)
        return self.words.spaces_entry(self.view, [row.space, *reach], [self._row_words(row)])

    def _row_words(self, row: PlaceRow) -> str:
        if row.plan is None:
            return f"Closed to this chip: {row.why}"
        chip = self.ui.chip_turn.chip
        what = chip_words(chip).capitalize() if chip else "The chip"
        return f"{what} here sends {pollinators(row.plan.count)} to {', '.join(row.plan.targets) or 'no card'}."

    def highlight(self, action: Any) -> None:
        self.ui.chip_turn.highlight(self.seen, action)

    def picked(self, row: int) -> None:
        turn = self.ui.chip_turn
        if not 0 <= row < len(turn.place_rows(self.seen)):
            return
        if row == turn.spot:
            self.landmark_pick()
        else:
            turn.spot = row
            self.screen.show_cursor()


class SendStep(ChipStep):
    """The split of a chip's pollinators over the cards it reaches (and the groves)."""

    name = "send"
    KEYS = (
        StepKey("up", "card_move", "Previous card", (-1,)),
        StepKey("down", "card_move", "Next card", (1,)),
        StepKey("left,minus", "count_step", "One less here", (-1,)),
        StepKey("right,plus,equals_sign", "count_step", "One more here", (1,)),
        *[StepKey(str(number), "count", f"Send {number} here", (number,)) for number in range(10)],
        StepKey("enter", "send", "Send them", show=True),
    )

    @property
    def sending(self) -> Sending:
        """The split on the counters (the chip turn is in this step because it has one)."""
        sending = self.ui.chip_turn.sending
        assert sending is not None
        return sending

    # -- keys ------------------------------------------------------------------------------
    def card_move(self, delta: int) -> None:
        self.answer(self.sending.move_cursor(self.seen, delta))

    def count_step(self, delta: int) -> None:
        self.answer(self.sending.set_count(self.seen, delta, step=True))

    def count(self, value: int) -> None:
        self.answer(self.sending.set_count(self.seen, value, step=False))

    def goes_back(self) -> bool:
        return self.sending.place is not None

    def back(self) -> None:
        # A hint about this split means nothing back at the chip step.
        self.screen.forget_hint()
        self.ui.chip_turn.back()
        self.redraw_step()

    def send(self) -> None:
        """The whole turn, checked by the table first, then submitted move by move."""
        turn, seen = self.ui.chip_turn, self.seen
        refusal = self.sending.refusal(seen)
        if refusal is not None:
            self.screen.say(refusal, error=True)
            return
        whole = turn.whole_turn(seen)
        refusal = self.screen.table.check_turn(seen.seat, whole.actions)
        if refusal is not None:
            self.screen.say(refusal, error=True)
            return
        turn.sent(whole)
        self.screen.submit_turn(whole.actions)

    def refusal(self, key: str) -> str:
        return f"That key does nothing while sharing out pollinators: {self.prompt()}."

    # -- what it shows -----------------------------------------------------------------------
    def draw(self, panels: StepPanels) -> None:
        sending = self.sending
        said = self.turn_words
        rows = said.send_rows(self.seen)
        sending.cursor = min(sending.cursor, max(0, len(rows) - 1))
        cursor = {sending.targets[sending.cursor]} if sending.cursor < len(sending.targets) else set()
        panels.wilderness.show(self.view, cursor, set(sending.targets) | {sending.landmark}, sending.counts, panels.changed)
        panels.choices.show(said.send_heading(self.seen), rows, sending.cursor, [""] * len(rows))
        panels.detail.show_text(said.send_detail(self.seen))

    def prompt(self) -> str:
        back = " · Esc back" if self.goes_back() else ""
        return f"share out the pollinators · ↑/↓ card · ←/→ -/+ or 0–9 count · Enter send{back}"

    def inspect(self) -> CatalogueEntry | None:
        sending = self.sending
        spaces = [sending.targets[sending.cursor]] if sending.cursor < len(sending.targets) else []
        heading = self.turn_words.send_heading(self.seen)
        return self.words.spaces_entry(self.view, [*spaces, sending.landmark], [heading])

    def highlight(self, action: Any) -> None:
        turn = self.ui.chip_turn
        if isinstance(action, (PlaceChip, ChipToGrove)) and turn.sending is not None:
            # A chip and landmark proposed while another split is open (the hint was asked
            # for the chip step): back to that step, with the proposed ones highlighted.
            if turn.sending.place is not None:
                turn.back()
                self.screen.highlight_action(action)
                self.screen.refresh_bindings()
        elif isinstance(action, SendPollinator):
            turn.count_hinted_send(self.seen, action)

    def picked(self, row: int) -> None:
        self.sending.cursor = row
        self.screen.show_cursor()

    def hint(self) -> bool:
        """In a split whose chip is not yet on the board, the hint answers for that very
        chip and landmark: the search plays the chip on samples of the hidden state
        (never on this seat's view, which hides what a bloom advance draws) and proposes
        where its pollinators go.  Otherwise (or when the chip asks for another decision
        first) the hint is the screen's, for the chip step or the list."""
        turn, seen = self.ui.chip_turn, self.seen
        sending = turn.sending
        decided = turn.decided(seen)
        if sending is None or sending.place is None or not decided:
            return False
        self.screen.forget_hint()
        where = f"{chip_words((sending.place.chip, sending.place.first_chip))} at {sending.landmark}"
        self.screen.say(f"Looking for a hint on sharing out {where}…")
        self.screen.look_for_hint(seen.seat, self.screen.table.position, seen.view, decided)
        return True


# Which step each answer of `ChipTurn.step` is.
CHIP_TURN_STEPS: dict[str, type[Step]] = {"place": PlaceStep, "send": SendStep, "list": ListStep}


def step_for(screen: Any, view: EverbloomState | None) -> Step:
    """The step the seat at the keyboard is taking over `view`, the view on screen."""
    viewer = screen.viewer
    if view is None or viewer is None or not screen.viewer_acts(view):
        return IdleStep(screen, view, None)
    seen = Seen(view, viewer, screen.viewer_legal_actions())
    return CHIP_TURN_STEPS[screen.ui.chip_turn.step(seen, screen.table.moves_made)](screen, view, seen)
