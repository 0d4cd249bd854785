"""Bloom Kingdom's rules: secret simultaneous play, instant effects, three scorings.

How the app reads the rulebook where it is silent or loose (the player-facing notes
are in assets/bloom-kingdom/rules.md):

1. Seat order stands for clockwise order.  It decides little: every choice in a
   turn is taken by a card's owner in the order the cards join the display, so
   seat order only orders the log and which of several Unicorns draws first.
2. The cards without initiative join the display first, in seat order ("in no
   particular order": their order changes nothing except which Unicorn draws
   first).  Every Unicorn player then draws from the deck and returns one card of
   the whole hand (the drawn one included) face down to the box; the returns are
   taken side by side, in any order, and all of them come before the first card
   with initiative joins.  A Unicorn that finds the deck empty does nothing: no
   draw and no return.
3. Cards with initiative join one at a time, lowest number first; a Knight, Wizard
   or Fortune Teller stands in its column before its owner decides, so a Wizard may
   send itself to the box, or any card that joined earlier in the same turn.
4. Knight: optional (remove, or leave the Dragons).  With no card in the Dragon
   column the effect is skipped without asking.  A Jester in the column goes
   first; otherwise the top Dragon goes (Dragons are all alike).
5. Wizard: the player picks a column, not a card: the cards of a column count the
   same for every effect and score, so only which column matters.  A Jester in that
   column goes first, otherwise the top card.  "Nothing" is always on offer.
6. Jester: it may join any column that holds at least one card when the Jester is
   added (cards placed earlier in the same turn count; other Jesters count, but a
   column never holds only Jesters, since a removal takes its Jesters first).  It
   is slipped in at the bottom and counts as that column's character for every
   effect and score.  With one such column it joins it without asking; with none
   it goes to the box.
7. Fortune Teller: the owner picks another player holding cards; the card seen is
   drawn at random from the state's seed, shown to the owner only (kept in its
   view as a peek and a private log line), and stays in that hand.  With one such
   player the peek is automatic; with none the effect does nothing.
8. A round ends after the turn in which every hand is down to two cards (hands
   always shrink together: a Unicorn draws one and returns one).  The two cards
   are scored against the display as it stands, then go to the box.
9. King and Jester look only at the other players' scoring cards, all of them
   together: one King kept by anybody else pays a Jester once per King in the
   display, however many Kings the others kept.  Unicorn: the Unicorn column must
   be at least as long as every one of the nine columns (a tie with the longest
   scores).  Pairs and trios count complete sets (the smallest of the columns
   involved).  Each Jester counts as one card of its column.
10. Cards that leave play (Unicorn returns, Knight and Wizard removals, a Jester
    with nowhere to go, scored cards) go to the box and never come back: the deck
    is not reshuffled.  Should the deck be too short for a full deal (impossible
    with the printed 100 cards, possible with edited content), every player gets
    the same smaller hand; with fewer than three cards each the game ends early.
11. A tie for the most points is shared ("the tied players share the victory").
12. What a seat sees (`view`): its own hand and face-down card; of the others only
    how many cards they hold and whether they have chosen; the deck and the box as
    face-down piles (what went into the box face up is in the log); its own peeks
    and private log lines; no seed.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import (
    GAME_OVER,
    HIDDEN,
    GameRules,
    IllegalMove,
    LogEntry,
    NoOptions,
    Outcome,
    ScoreRow,
    ScoreSheet,
    Seat,
    Stage,
    construct,
    copy_with,
    visible_log,
)
from boardgames_tui.engine.text import and_list, name_verb, possessive
from boardgames_tui.games.bloom_kingdom import log_words
from boardgames_tui.games.bloom_kingdom.model import (
    ROUNDS,
    Action,
    BloomKingdomState,
    FortuneChoice,
    JesterChoice,
    KnightChoice,
    PlayCard,
    PlayerState,
    ReturnCard,
    WizardChoice,
    copy_for_move,
)
from boardgames_tui.games.bloom_kingdom.resolution import (
    CARDS,
    CHARACTER,
    CHARACTER_NAMES,
    COLUMNS,
    LABELS,
    cards_without,
    deal,
    fortune_targets,
    peek,
    remove_from_column,
    resolve_queue,
    reveal,
    shuffle,
)
from boardgames_tui.games.bloom_kingdom.scoring import card_points

MAX_PLAYERS = 4


# Actions are frozen, so every action a bot or a hint may be offered is built once
# here and handed out again: building them anew would be a large part of a bot game.
_PLAY_ACTIONS = tuple(PlayCard(card=card) for card in range(len(CARDS)))
_RETURN_ACTIONS = tuple(ReturnCard(card=card) for card in range(len(CARDS)))
_KNIGHT_ACTIONS = (KnightChoice(remove=True), KnightChoice(remove=False))
_WIZARD_ACTIONS = {column: WizardChoice(column=column) for column in COLUMNS}
_WIZARD_NOTHING = WizardChoice(column=None)
_JESTER_ACTIONS = {column: JesterChoice(column=column) for column in COLUMNS}
_FORTUNE_ACTIONS = tuple(FortuneChoice(target=target) for target in range(MAX_PLAYERS))

_PHASE_PROMPTS = {
    "play": "choose a card to play face down",
    "unicorn": "put one hand card back in the box (Unicorn)",
    "knight": "decide whether the Knight removes a Dragon",
    "wizard": "choose a column for the Wizard to take a card from, or none",
    "jester": "choose a column for the Jester to join",
    "fortune": "choose whose hand the Fortune Teller looks into",
}
_PHASE_ACTION = {
    "play": PlayCard,
    "unicorn": ReturnCard,
    "knight": KnightChoice,
    "wizard": WizardChoice,
    "jester": JesterChoice,
    "fortune": FortuneChoice,
}


def card_label(card: int) -> str:
    return LABELS[card]


def character_of(card: int) -> str:
    return CHARACTER[card]


def worth_now(character: str, counts: dict[str, int]) -> str:
    """A player's hint: what the card would score if the round ended now."""
    if character == "jester":
        return f"{4 * counts['king']} if another keeps a King"
    if character == "king":
        return f"{4 * counts['king']} unless another keeps a Jester"
    return str(card_points(character, counts, set()))


def _quiet_play(state: BloomKingdomState, seat: int, card: int) -> BloomKingdomState:
    """The state after `seat` puts `card` face down while others are still choosing.

    Most moves are this one, and it only adds a line to the log and replaces one
    player record, so everything else is shared with `state`.
    """
    values = state.__dict__.copy()
    players = values["players"] = values["players"][:]
    hand = players[seat].hand[:]
    hand.remove(card)
    players[seat] = PlayerState(hand, card)
    log = values["log"] = values["log"][:]
    log.append(_face_down_entry(values["seats"][seat].name))
    played = copy_with(state, values)
    # Counted as given, as a copy with these fields changed would count them.
    played.__pydantic_fields_set__.update(_QUIET_PLAY_CHANGES)
    return played


@lru_cache(maxsize=256)
def _face_down_entry(name: str) -> LogEntry:
    """The public log line of a card played face down, one entry per name shared by
    every log (entries are frozen): it is written at most moves."""
    return construct(LogEntry, {"text": log_words.face_down_line(name), "visible_to": None})


# The fields a quiet play and a view change.
_QUIET_PLAY_CHANGES = frozenset({"log", "players"})
_VIEW_CHANGES = frozenset({"seed", "rng_draws", "deck", "box", "players", "peeks", "log"})


@cache
def _hidden_cards(count: int) -> list[int]:
    """A face-down pile of `count` cards as a view shows it (shared: views are read-only)."""
    return [HIDDEN] * count


@cache
def _hidden_player(hand_size: int, has_chosen: bool) -> PlayerState:
    """Another seat's record as a view shows it.

    Shared by every view that needs the same one: views are read-only (they already
    share the display and the seat's own record with the state they come from).
    """
    return PlayerState([HIDDEN] * hand_size, HIDDEN if has_chosen else None)


class BloomKingdomRules(GameRules[BloomKingdomState]):
    slug: ClassVar[str] = "bloom-kingdom"
    title: ClassVar[str] = "Bloom Kingdom"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    options_model: ClassVar[type[BaseModel]] = NoOptions
    state_model = BloomKingdomState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)

    # -- setup -----------------------------------------------------------------------
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> BloomKingdomState:
        self.check_players(len(seats))
        hand_size = 8 if len(seats) == 2 else 6
        state = BloomKingdomState(
            game=self.slug,
            seats=list(seats),
            seed=seed,
            hand_size=hand_size,
            deck=list(range(len(CARDS))),
            display={column: [] for column in COLUMNS},
            players=[PlayerState([]) for _ in seats],
        )
        shuffle(state.rng(), state.deck)
        state.say(f"{and_list([seat.name for seat in seats])} sit down to Bloom Kingdom.")
        deal(state)
        return state

    # -- who acts ----------------------------------------------------------------------
    def to_act(self, state: BloomKingdomState) -> list[int]:
        fields = state.__dict__
        phase = fields["phase"]
        if phase == "play":
            return [seat for seat, player in enumerate(fields["players"]) if player.chosen is None]
        if phase == "unicorn":
            return list(fields["unicorn_pending"])
        if phase == "over":
            return []
        return [fields["revealed"].index(fields["queue"][0])]

    def _may_act(self, state: BloomKingdomState, seat: int) -> bool:
        """`seat in self.to_act(state)` without building the list."""
        phase = state.phase
        if phase == "play":
            return state.players[seat].chosen is None
        if phase == "unicorn":
            return seat in state.unicorn_pending
        if phase == "over":
            return False
        return self._owner(state, state.queue[0]) == seat

    def is_over(self, state: BloomKingdomState) -> bool:
        return state.phase == "over"

    @staticmethod
    def _owner(state: BloomKingdomState, card: int) -> int:
        return state.revealed.index(card)

    def prompt(self, state: BloomKingdomState, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        if seat not in self.to_act(state):
            return ""
        return _PHASE_PROMPTS[state.phase]

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, state: BloomKingdomState, seat: int) -> list[Any]:
        # Fields are read from the model's dictionary: a pydantic attribute costs
        # several times a dictionary's item, and bots ask at every move.
        fields = state.__dict__
        players = fields["players"]
        if not 0 <= seat < len(players):
            return []
        phase = fields["phase"]
        if phase == "play":
            player = players[seat]
            if player.chosen is not None:
                return []
            return [_PLAY_ACTIONS[card] if card >= 0 else PlayCard(card=card) for card in player.hand]
        if phase == "unicorn":
            if seat not in fields["unicorn_pending"]:
                return []
            return [_RETURN_ACTIONS[card] if card >= 0 else ReturnCard(card=card) for card in players[seat].hand]
        if phase == "over" or fields["revealed"].index(fields["queue"][0]) != seat:
            # Every other step is the choice of the card at the head of the queue.
            return []
        if phase == "knight":
            return list(_KNIGHT_ACTIONS)
        if phase == "wizard":
            display = fields["display"]
            return [_WIZARD_ACTIONS[column] for column in COLUMNS if display[column]] + [_WIZARD_NOTHING]
        if phase == "jester":
            display = fields["display"]
            return [_JESTER_ACTIONS[column] for column in COLUMNS if display[column]]
        if phase == "fortune":
            return [_FORTUNE_ACTIONS[target] for target in fortune_targets(state, seat)]
        return []

    def validate(self, state: BloomKingdomState, seat: int, action: Any) -> None:
        # A legal move is accepted here at once, without building the words of a
        # refusal; anything else goes through the checks below, which say what is wrong.
        fields = state.__dict__
        players = fields["players"]
        if 0 <= seat < len(players):
            kind = type(action)
            phase = fields["phase"]
            if kind is PlayCard:
                player = players[seat]
                if phase == "play" and player.chosen is None and action.card in player.hand:
                    return
            elif kind is ReturnCard:
                if phase == "unicorn" and seat in fields["unicorn_pending"] and action.card in players[seat].hand:
                    return
            elif _PHASE_ACTION.get(phase) is kind and fields["revealed"].index(fields["queue"][0]) == seat:
                # The choice of the card at the head of the queue, by its owner.
                if kind is KnightChoice:
                    return
                if kind is WizardChoice:
                    column = action.column
                    if column is None or fields["display"].get(column):
                        return
                elif kind is JesterChoice:
                    if fields["display"].get(action.column):
                        return
                else:
                    target = action.target
                    if target != seat and 0 <= target < len(players) and players[target].hand:
                        return
        self._check(state, seat, action)

    def _check(self, state: BloomKingdomState, seat: int, action: Any) -> None:
        if not 0 <= seat < len(state.seats):
            raise IllegalMove(f"There is no seat {seat + 1} in this game.")
        name = state.name(seat)
        if state.phase == "over":
            raise IllegalMove("The game is over.")
        if not self._may_act(state, seat):
            if state.phase == "play":
                raise IllegalMove(f"{name_verb(name, 'have')} already chosen a card this turn.")
            waiting = ", ".join(state.name(other) for other in self.to_act(state))
            raise IllegalMove(f"It is not {possessive(name)} move: waiting for {waiting} to {_PHASE_PROMPTS[state.phase]}.")
        expected = _PHASE_ACTION[state.phase]
        if not isinstance(action, expected):
            raise IllegalMove(f"Not now: {name} must {_PHASE_PROMPTS[state.phase]}.")
        hand = state.players[seat].hand
        if isinstance(action, (PlayCard, ReturnCard)):
            if action.card not in hand:
                raise IllegalMove("That card is not in your hand.")
        elif isinstance(action, WizardChoice):
            if action.column is not None:
                if action.column not in state.display:
                    raise IllegalMove(f"There is no column {action.column!r}.")
                if not state.display[action.column]:
                    raise IllegalMove(f"The {CHARACTER_NAMES[action.column]} column is empty: there is nothing to remove.")
        elif isinstance(action, JesterChoice):
            if action.column not in state.display:
                raise IllegalMove(f"There is no column {action.column!r}.")
            if not state.display[action.column]:
                raise IllegalMove(
                    f"The {CHARACTER_NAMES[action.column]} column is empty: a Jester only joins a column that has cards."
                )
        elif isinstance(action, FortuneChoice):
            if action.target == seat:
                raise IllegalMove("The Fortune Teller looks into another player's hand, not your own.")
            if not 0 <= action.target < len(state.players):
                raise IllegalMove(f"There is no player {action.target + 1}.")
            if not state.players[action.target].hand:
                raise IllegalMove(f"{name_verb(state.name(action.target), 'have')} no cards in hand.")

    # -- applying ---------------------------------------------------------------------------
    def apply(self, state: BloomKingdomState, seat: int, action: Any) -> BloomKingdomState:
        kind = type(action)
        if kind is PlayCard:
            # Only a valid action gets here, so the card comes from a seat still
            # choosing: it completes the turn when that seat was the last one.
            choosing = 0
            for player in state.players:
                if player.chosen is None:
                    choosing += 1
            card = action.card
            if choosing > 1:
                return _quiet_play(state, seat, card)
            state = copy_for_move(state)
            fields = state.__dict__
            fields["log"].append(_face_down_entry(fields["seats"][seat].name))
            reveal(state, seat, card)
            return state
        state = copy_for_move(state)
        # Fields are read from the model's dictionary, once: see `reveal`.
        fields = state.__dict__
        if kind is ReturnCard:
            card = action.card
            name = fields["seats"][seat].name
            players = fields["players"]
            state.say(log_words.unicorn_return_line(name))
            players[seat] = PlayerState(cards_without(players[seat].hand, card))
            fields["box"].append(card)
            state.say(f"{name} put {LABELS[card]} back in the box.", visible_to=(seat,))
            pending = fields["unicorn_pending"]
            pending.remove(seat)
            if not pending:
                resolve_queue(state)
            return state
        state.say(log_words.decision_line(state, seat, action))
        queue = fields["queue"]
        if kind is KnightChoice:
            if action.remove:
                remove_from_column(state, "dragon")
        elif kind is WizardChoice:
            column = action.column
            if column is not None:
                remove_from_column(state, column)
        elif kind is JesterChoice:
            column = action.column
            display = fields["display"]
            display[column] = [queue[0], *display[column]]
        elif kind is FortuneChoice:
            peek(state, seat, action.target)
        queue.pop(0)
        resolve_queue(state)
        return state

    def log_line(self, state: BloomKingdomState, seat: int, action: Any) -> str:
        name = state.name(seat)
        if isinstance(action, PlayCard):
            return log_words.face_down_line(name)
        if isinstance(action, ReturnCard):
            return log_words.unicorn_return_line(name)
        if isinstance(action, (KnightChoice, WizardChoice, JesterChoice, FortuneChoice)):
            return log_words.decision_line(state, seat, action)
        return f"{name}: {action!r}"

    # -- what a seat may see --------------------------------------------------------------
    def view(self, state: BloomKingdomState, seat: int) -> BloomKingdomState:
        # Written out, from the model's dictionary: a view is taken at every move, and
        # a pydantic attribute or a keyword copy costs several times a dictionary's item.
        values = state.__dict__.copy()
        players = values["players"][:]
        for index, player in enumerate(players):
            if index != seat:
                players[index] = _hidden_player(len(player.hand), player.chosen is not None)
        peeks = values["peeks"]
        values["seed"] = 0
        values["rng_draws"] = 0
        values["deck"] = _hidden_cards(len(values["deck"]))
        values["box"] = _hidden_cards(len(values["box"]))
        values["players"] = players
        values["peeks"] = [peek for peek in peeks if peek.viewer == seat] if peeks else []
        values["log"] = visible_log(values["log"], seat)
        view = copy_with(state, values)
        # Counted as given, as a copy with these fields changed would count them.
        view.__pydantic_fields_set__.update(_VIEW_CHANGES)
        return view

    # -- scores ----------------------------------------------------------------------------
    def totals(self, state: BloomKingdomState) -> list[int]:
        return log_words.totals(state.rounds, len(state.players))

    def outcome(self, state: BloomKingdomState) -> Outcome:
        """Most victory points wins; players tied on the most share the victory."""
        totals = self.totals(state)
        best = max(totals)
        return Outcome(totals=tuple(totals), winners=tuple(seat for seat, total in enumerate(totals) if total == best))

    def stage(self, state: BloomKingdomState) -> Stage:
        return GAME_OVER if state.phase == "over" else Stage("round", state.round)

    def score_sheet(self, state: BloomKingdomState) -> ScoreSheet:
        names = [seat.name for seat in state.seats]
        rows = []
        for number, results in enumerate(state.rounds, start=1):
            rows.append(
                ScoreRow(
                    category=f"Round {number}",
                    values=[result.total for result in results],
                    # Every kept card named, with its points and why.
                    details=[" + ".join(log_words.kept_cards_explained(names, results, seat)) for seat in range(len(names))],
                )
            )
        outcome = self.outcome(state)
        totals, winners = list(outcome.totals), list(outcome.winners)
        best = max(totals)
        if len(winners) == 1:
            decided_by = f"most victory points ({best})"
        else:
            decided_by = f"tie on {best} victory points: the tied players share the victory"
        notes = []
        if state.ended_early:
            notes.append(f"The deck ran out: only {len(state.rounds)} of {ROUNDS} rounds could be played.")
        # What only one player saw during the game (Unicorn draws and returns, Fortune
        # Teller peeks) is told to everybody now, one line per player.
        for seat, name in enumerate(names):
            secrets = [
                entry.text.removeprefix(f"{name} ").rstrip(".")
                for entry in state.log
                if entry.visible_to == (seat,)
            ]
            if secrets:
                notes.append(f"Seen by {name} alone: {'; '.join(secrets)}.")
        return ScoreSheet(players=names, rows=rows, totals=totals, winners=winners, decided_by=decided_by, notes=notes)
