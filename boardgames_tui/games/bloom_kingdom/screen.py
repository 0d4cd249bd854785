"""Bloom Kingdom's screen: the nine columns, this turn's cards, your hand, the scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import named_owner, possessive
from boardgames_tui.games.bloom_kingdom.catalogue import character_entry
from boardgames_tui.games.bloom_kingdom.content import characters
from boardgames_tui.games.bloom_kingdom.lessons import choice_effect
from boardgames_tui.games.bloom_kingdom.log_words import kept_summary
from boardgames_tui.games.bloom_kingdom.model import (
    BloomKingdomState,
    FortuneChoice,
    JesterChoice,
    KnightChoice,
    Peek,
    PlayCard,
    ReturnCard,
    WizardChoice,
)
from boardgames_tui.games.bloom_kingdom.model import ROUNDS
from boardgames_tui.games.bloom_kingdom.rules import BloomKingdomRules
from boardgames_tui.games.bloom_kingdom.news import turns_this_round
from boardgames_tui.games.bloom_kingdom.widgets import (
    ChoiceBar,
    DisplayColumns,
    HandList,
    Picked,
    PlayerBoard,
    TurnRow,
    card_entry,
    card_text,
    column_entry,
)
from boardgames_tui.ui.confirm import confirm_move_then
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.seat_ui import SeatUI
from boardgames_tui.ui.widgets import seat_presence
from boardgames_tui.ui.seat_notice import SeatNoticeScreen


# Below this width the players and the log are put away behind `p`, so the board
# (display, this turn, the hand) has the whole width.
COMPACT_WIDTH = 100
# From this width the players and the log get a wider column (bk-wide).
WIDE_WIDTH = 160


def target_key(action: Any) -> tuple[str, Any]:
    """Where on screen an action is chosen: (area, key)."""
    if isinstance(action, (PlayCard, ReturnCard)):
        return ("hand", action.card)
    if isinstance(action, (WizardChoice, JesterChoice)):
        return ("column", action.column) if action.column is not None else ("choice", False)
    if isinstance(action, FortuneChoice):
        return ("player", action.target)
    if isinstance(action, KnightChoice):
        return ("choice", action.remove)
    raise TypeError(action)



@dataclass
class BloomKingdomSeatUI(SeatUI):
    targets: list[Any] = field(default_factory=list)
    cursor: int = 0
    players_open: bool = False


class BloomKingdomScreen(GameScreen):
    # Its own CSS, beside it: loaded with the screen (an absolute path, so a replay's
    # subclass of it finds the file too).
    CSS_PATH = Path(__file__).with_name("screen.tcss")
    BINDINGS = [
        Binding("left,up", "move(-1)", "Previous", show=False),
        Binding("right,down", "move(1)", "Next", show=False),
        Binding("enter", "confirm", "Confirm"),
        # Shown on the board beside their choices (and in the prompt) when they apply.
        Binding("y", "decide(True)", "Yes, remove", show=False),
        Binding("n", "decide(False)", "No / nothing", show=False),
        Binding("p", "toggle_players", "Players & log"),
        *[Binding(str(number), f"pick({number})", f"Pick {number}", show=False) for number in range(1, 10)],
    ]

    rules: BloomKingdomRules
    # Actions that only change what is shown: a replay offers them too.
    VIEW_ACTIONS = frozenset({"toggle_players"})
    # `players_open`: at a compact width, whether the players and log are shown instead of the board.
    SEAT_UI_CLASS = BloomKingdomSeatUI

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self._standings_for: tuple[BloomKingdomState, tuple[int | None, bool], list[Any], str | None] | None = None
        # The seat at the keyboard while its own move is submitted (`after_move`).
        self._deciding: int | None = None

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield DisplayColumns(id="bk-display")
        yield TurnRow(id="bk-turn")
        yield ChoiceBar(id="bk-choice")
        yield HandList(id="bk-hand")

    def compose_sidebar(self) -> ComposeResult:
        yield PlayerBoard(id="bk-players")

    @property
    def compact(self) -> bool:
        return self.app.size.width < COMPACT_WIDTH

    def on_resize(self, event: events.Resize) -> None:
        self._place_panels()
        self.refresh_bindings()
        if self.is_mounted:
            # The prompt names `p` at a compact width only.
            self.status.update()

    def _place_panels(self) -> None:
        self.set_class(self.compact, "bk-compact")
        self.set_class(self.app.size.width >= WIDE_WIDTH, "bk-wide")
        self.set_class(self.ui.players_open, "bk-players-open")

    # -- drawing ----------------------------------------------------------------------------------
    def show_view(self, view: BloomKingdomState, viewer: int | None) -> None:  # type: ignore[override]
        acting = viewer is not None and viewer in self.rules.to_act(view)
        previous = self.ui.targets[self.ui.cursor] if self.ui.targets and self.ui.cursor < len(self.ui.targets) else None
        self.ui.targets = self.rules.legal_actions(view, viewer) if acting and self.thinking is None else []
        if previous in self.ui.targets:
            self.ui.cursor = self.ui.targets.index(previous)
        else:
            self.ui.cursor = 0
        cursor_target = target_key(self.ui.targets[self.ui.cursor]) if self.ui.targets else None
        available = {target_key(action) for action in self.ui.targets}
        phase = view.phase if acting else None

        self._place_panels()
        changed = self.since_last_turn().marks
        own = viewer is not None and viewer == self.audience
        standings, outlook = self._standings(view, viewer, own)
        # Each panel is given the cursor only where it can be drawn: a cursor move then
        # rebuilds the panels that show it and leaves the others as they are (drawn_from).
        def shown_in(area: str) -> tuple[str, Any] | None:
            return cursor_target if cursor_target is not None and cursor_target[0] == area else None

        self.query_one(DisplayColumns).show(view, available, shown_in("column"), changed)
        self.query_one(TurnRow).show(view, self.rules.to_act(view), [standing.total for standing in standings], changed)
        self.query_one(ChoiceBar).show(view, phase, available, cursor_target)
        self.query_one(HandList).show(view, viewer, available, shown_in("hand"), own=own, hidden=self.HAND_HIDDEN)
        self.query_one(PlayerBoard).show(view, viewer, standings, outlook, available, shown_in("player"), changed, seat_presence(self.table))

    def _standings(self, view: BloomKingdomState, viewer: int | None, own: bool) -> tuple[list[Any], str | None]:
        """The players' standings and the viewer's outlook, worked out once per view
        (a cursor key redraws from the same view)."""
        key = (viewer, own)
        if self._standings_for is None or self._standings_for[0] is not view or self._standings_for[1] != key:
            outlook = self.narrator.outlook(view, viewer) if own and viewer is not None else None
            self._standings_for = (view, key, self.narrator.standings(view), outlook)
        return self._standings_for[2], self._standings_for[3]

    def prompt_text(self, view: BloomKingdomState, viewer: int) -> str:  # type: ignore[override]
        prompt = self._prompt_words(view, viewer)
        # Below COMPACT_WIDTH the footer has no room for `p`, and what changed since the
        # seat's last move is behind it: the prompt names the key.
        if self.compact and not self.ui.players_open:
            return prompt.rstrip(".") + (" · p: what changed" if self.since_last_turn().lines else " · p: players & log")
        return prompt

    def _prompt_words(self, view: BloomKingdomState, viewer: int) -> str:
        prompt = self.rules.prompt(view, viewer)
        if view.phase == "play":
            # The hand and the players are lists down the screen, the columns run across.
            return f"{prompt} — ↑/↓ or 1–{len(view.players[viewer].hand)}, Enter plays it."
        if view.phase == "unicorn":
            return f"{prompt} — ↑/↓ to pick, Enter to return it."
        if view.phase == "knight":
            return f"{prompt} — y: remove a Dragon · n: leave it."
        if view.phase == "wizard":
            return f"{prompt} — ←/→ and Enter, or n to remove nothing."
        if view.phase == "fortune":
            return f"{prompt} — ↑/↓ or a number, and Enter."
        if view.phase == "jester":
            return f"{prompt} — ←/→ and Enter."
        return prompt

    def submit(self, action: Any) -> bool:
        # Made by the seat at the keyboard: `after_move` knows the move was its own.
        self._deciding = self.audience
        try:
            return super().submit(action)
        finally:
            self._deciding = None

    def after_move(self) -> None:
        decider, self._deciding = self._deciding, None
        # The public view before this move is the one the table was last told of.
        before = self.news.last_told
        if decider is not None and before is not None and before.phase not in ("play", "over"):
            # A decision after a reveal, taken by the seat at the keyboard.
            peek = self._peek_made(before, decider)
            if self._keeps_keyboard(before, decider):
                # It plays on, its own screen still up: no curtain of its own, but keys
                # wait for quiet, so the Enter that took the decision, pressed twice,
                # does not also play its next card.
                self.keyboard.settle_keys_after("your decision")
                if peek is not None:
                    self.ui.message = self._peek_words(decider, peek, then=True)
                super().after_move()
                return
            if peek is not None and self.keyboard.uses_curtains:
                # What its Fortune Teller saw is shown to it now, over its own screen,
                # before the keyboard passes on (the move is this screen's own, not one
                # to take up again as made elsewhere).  The screen under the note is
                # drawn again only after it: the next decision's lessons are not for now.
                self.position_seen = self.table.position
                notice = SeatNoticeScreen("What your Fortune Teller saw", self._peek_words(decider, peek))
                self.app.push_screen(notice, lambda _: self._pass_on())
                return
        self._pass_on()

    def _pass_on(self) -> None:
        if not self.is_mounted:
            return
        before = self.news.last_told
        if self.keyboard.uses_curtains and before is not None and before.phase not in ("play", "over") and self.public_view().phase == "play":
            # The decisions after a reveal are over and a new turn begins, and the seat
            # at the keyboard does not simply play on (the last decision was a bot's or
            # another machine's, or the seat's own was followed by a note): whoever
            # plays first comes through a curtain.
            self.show_to(None)
        super().after_move()

    def _keeps_keyboard(self, before: BloomKingdomState, seat: int) -> bool:
        """Whether `seat`, which just decided, acts next itself, with nothing to tell
        the table first (a round's scoring is told to the table, then the curtains)."""
        if self.table.is_over() or seat not in self.table.to_act():
            return False
        return not self.narrator.table_moments(before, self.public_view())

    def _peek_made(self, before: BloomKingdomState, seat: int) -> Peek | None:
        """What `seat`'s Fortune Teller saw with the decision just taken, if it was one."""
        if before.phase != "fortune":
            return None
        made = [peek for peek in self.table.view(seat).peeks if (peek.round, peek.turn) == (before.round, before.turn)]
        return made[-1] if made else None

    def _peek_words(self, seat: int, peek: Peek, *, then: bool = False) -> Text:
        """ "Ann: your Fortune Teller saw King in Ben's hand." (`then`: and the seat's
        prompt after it)."""
        view = self.table.view(seat)
        words = Text.assemble(
            (f"{view.name(seat)}: ", "bold"),
            "your Fortune Teller saw ",
            card_text(peek.card),
            f" in {possessive(view.name(peek.target))} hand; it stays there.",
        )
        if then:
            words.append(" Now " + self.prompt_text(view, seat))
        return words

    def curtain_message(self, seat: int) -> str:
        # Public words only: the round, the turn and the step everybody can see.
        state = self.public_view()
        where = f"Round {state.round} of {ROUNDS}, turn {state.turn} of {turns_this_round(state)}"
        if state.phase == "play":
            return f"{where}: choose a card to play face down."
        return f"{where}: {self.rules.prompt(state, seat)}."

    def curtain_secret(self, seat: int) -> str:
        # Said to everyone else, so the hand is named by its owner.
        return f"{named_owner(self.table.seats[seat].name)} hand and what each card would score now"

    def inspect_target(self) -> CatalogueEntry | None:
        entry = self._highlighted_entry()
        view = self.current_view()
        if entry is None or view is None:
            return entry
        # What the choice does comes first, where its label does not say it.
        effect = choice_effect(view, self.ui.targets[self.ui.cursor])
        return entry if effect is None else CatalogueEntry(entry.title, (effect, *entry.lines))

    def _highlighted_entry(self) -> CatalogueEntry | None:
        if not self.ui.targets:
            return None
        area, key = target_key(self.ui.targets[self.ui.cursor])
        view = self.current_view()
        if area == "hand" and key != HIDDEN:
            return card_entry(key)
        if area == "column" and view is not None:
            return column_entry(view, key)
        if area == "player" and view is not None:
            return self._player_entry(view, key)
        if area == "choice":
            # Yes/no for the Knight, "nothing" for the Wizard: the card that asks.
            return character_entry(characters()[self.public_view().phase])
        return None

    def _player_entry(self, view: BloomKingdomState, seat: int) -> CatalogueEntry:
        totals = self.rules.totals(view)
        lines = [f"{totals[seat]} VP so far; {len(view.players[seat].hand)} cards in hand."]
        for number, results in enumerate(view.rounds, start=1):
            lines.append(f"Round {number}: {kept_summary(results[seat])} = {results[seat].total} VP")
        return CatalogueEntry(view.name(seat), tuple(lines))

    # -- keys and clicks ------------------------------------------------------------------------------
    # The game's keys are always taken (`allows` is the shared one): a key that cannot
    # act now says why in the status line rather than being swallowed.

    def _nothing_to_choose(self) -> str:
        """Why the seat at the keyboard has nothing to choose right now."""
        if self.thinking is not None:
            return f"{self.table.seats[self.thinking].name} is thinking; your keys work again when it is your move."
        waiting = self.table.to_act()
        if self.viewer is None or not waiting:
            return "There is nothing to choose right now."
        names = ", ".join(self.table.seats[seat].name for seat in waiting)
        return f"Nothing to choose now: waiting for {names}."

    def _submit_asking(self, action: Any) -> None:
        """Submits `action`; the Wizard's "remove nothing", which gives up its effect, asks first."""
        if action == WizardChoice(column=None) and len(self.ui.targets) > 1:
            confirm_move_then(self, "Let your Wizard remove nothing? Its effect is lost for this turn.", lambda: self.submit(action))
            return
        self.submit(action)

    def _set_cursor(self, index: int) -> None:
        # The cursor stops at the first and last choice: wrapping round would land on
        # the far end unnoticed.
        self.ui.cursor = max(0, min(index, len(self.ui.targets) - 1))
        self.ui.message = None
        self.redraw(cursor_only=True)

    def highlight_action(self, action: Any) -> None:
        if action in self.ui.targets:
            self.ui.cursor = self.ui.targets.index(action)

    def action_move(self, step: int) -> None:
        if not self.ui.targets:
            self.say(self._nothing_to_choose(), error=True)
            return
        if not 0 <= self.ui.cursor + step < len(self.ui.targets):
            self.say("That is the last choice that way.", error=True)
            return
        self._set_cursor(self.ui.cursor + step)

    def action_toggle_players(self) -> None:
        if not self.compact:
            self.say("The players and the log are already beside the board at this width.", error=True)
            return
        self.ui.players_open = not self.ui.players_open
        self._place_panels()
        # The prompt names `p` only while the board is shown.
        self.status.update()

    def action_confirm(self) -> None:
        if not self.ui.targets:
            self.say(self._nothing_to_choose(), error=True)
            return
        self._submit_asking(self.ui.targets[self.ui.cursor])

    def action_pick(self, number: int) -> None:
        if not self.ui.targets:
            self.say(self._nothing_to_choose(), error=True)
            return
        area = target_key(self.ui.targets[0])[0]
        if self.public_view().phase == "knight":
            # Its two answers are shown as y and n, not numbered.
            self.say("The Knight's answer is a letter: y removes a Dragon, n leaves the Dragons.", error=True)
            return
        choices = [index for index, action in enumerate(self.ui.targets) if target_key(action)[0] == area]
        if number > len(choices):
            self.say(f"There is no choice {number} here: pick 1–{len(choices)}.", error=True)
            return
        self._set_cursor(choices[number - 1])

    def action_decide(self, remove: bool) -> None:
        if not self.ui.targets:
            self.say(self._nothing_to_choose(), error=True)
            return
        phase = self.public_view().phase
        if phase == "knight":
            self.submit(KnightChoice(remove=remove))
        elif phase == "wizard" and not remove:
            self._submit_asking(WizardChoice(column=None))
        elif phase == "wizard":
            self.say("y is the Knight's answer; for the Wizard pick a column with ←/→ and Enter, or n for nothing.", error=True)
        else:
            self.say("y and n answer the Knight and the Wizard; now: " + self.rules.prompt(self.current_view() or self.public_view(), self.viewer) + ".", error=True)

    def on_picked(self, message: Picked) -> None:
        """A click on a card, a column, a player or a choice button."""
        message.stop()
        if self.viewer is None or self.thinking is not None:
            return
        key = (message.area, message.key)
        for index, action in enumerate(self.ui.targets):
            if target_key(action) == key:
                if index == self.ui.cursor:
                    self._submit_asking(action)
                else:
                    self._set_cursor(index)
                    self.say("Click again or press Enter to confirm.")
                return
        # Not on offer: ask the rules why, so the player gets the real reason.
        phase = self.public_view().phase
        action = self._action_for_click(phase, message.area, message.key)
        if action is None:
            self.say("That is not something you can choose right now.", error=True)
        else:
            self.submit(action)

    @staticmethod
    def _action_for_click(phase: str, area: str, key: Any) -> Any:
        if area == "hand" and key != HIDDEN:
            return ReturnCard(card=key) if phase == "unicorn" else PlayCard(card=key)
        if area == "column":
            if phase == "jester":
                return JesterChoice(column=key)
            return WizardChoice(column=key)
        if area == "player":
            return FortuneChoice(target=key)
        return None
