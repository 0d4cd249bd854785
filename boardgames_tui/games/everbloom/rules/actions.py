"""Everbloom's rules, the moves: what a seat may do now (legal actions), why a move
is refused (validate), and apply's hand-over of a move to its phase.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.engine.text import plural
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    DiscardNectar,
    EverbloomState,
    FinishPollination,
    HIDDEN_CARD,
    MovePollinator,
    PlaceChip,
    Pollinate,
    PullFromGrove,
    SendPollinator,
    Skip,
    TakeGrove,
)
from boardgames_tui.games.everbloom.rules.common import (
    BIOMES,
    FACTIONS,
    NO_CONSTRAINT,
    PULL_ACTIONS,
    SKIP,
    TAKE_ACTIONS,
    card_space_ids,
    chip_to_grove_action,
    choose_action,
    discard_action,
    feasible,
    finish_action,
    move_action,
    open_targets,
    own_players,
    start_quick_game,
    state_for_move,
    pollinate_action,
    send_action,
    send_constraint,
    biome_name,
    card_cost,
    card_name,
    move_words,
)
from boardgames_tui.games.everbloom.rules.wilderness import action_of_row, placement_actions


# `Actions._send_choices`' sources while the supply lasts: only the supply.
_FROM_SUPPLY: tuple[str | None, ...] = (None,)


class SendChoices:
    """A chip turn's next pollinator (`Actions._send_choices`): where it may come from
    (None: the supply), the turn's target cards, which of them (by index) may take it
    with the rest still keeping every rule, whether the rest may stay in the groves
    instead (Skip), and the moves that makes, built when first asked."""

    __slots__ = ("sources", "targets", "open_indices", "skip", "actions")

    def __init__(
        self, sources: tuple[str | None, ...], targets: list[str], open_indices: tuple[int, ...], skip: bool
    ) -> None:
        self.sources = sources
        self.targets = targets
        self.open_indices = open_indices
        self.skip = skip
        self.actions: tuple[Any, ...] | None = None

    def offered(self) -> tuple[Any, ...]:
        """The moves: Skip if it is offered, then a send to each open target from each source."""
        actions = self.actions
        if actions is None:
            offered: list[Any] = [SKIP] if self.skip else []
            targets = self.targets
            sources = self.sources
            for index in self.open_indices:
                space = targets[index]
                for source in sources:
                    offered.append(send_action(space, source))
            actions = self.actions = tuple(offered)
        return actions


# `Actions._send_choices`' last answer while the supply lasts, as (the turn record it was
# asked of, held so that its identity stays its own; the pollinators then still to send,
# copies of what had been sent and of the targets, one card, even split, the targets'
# top cards and their limits, the answer, whether no limit binds), one tuple replaced whole.
_last_send_choices: list[tuple[Any, ...]] = [(None, 0, None, None, False, False, [], (), None, False)]

# Every target's index, per count of targets.
_EVERY_INDEX = tuple(tuple(range(count)) for count in range(16))


class Actions:
    def legal_actions(self, state: EverbloomState, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        values = state.__dict__
        choice = values["choice"]
        if choice is not None:
            return [choose_action(option) for option in choice.options]
        phase = values["phase"]
        if phase == "draft":
            return [discard_action(card) for card in values["players"][seat].draft]
        if phase == "pollination":
            return self._pollination_actions(state, seat)
        if phase == "wilderness":
            turn = values["turn"]
            if turn is None:
                actions: list[Any] = []
                rows = self._placement_rows(state, seat, None)
                bound = None
                for (value, first), legal in rows.items():
                    if legal:
                        actions.extend(map(action_of_row, legal))
                        continue
                    if bound is None:
                        # Under a binding storm a chip that cannot obey it has no move at all.
                        bound = self.storm_binds(state, seat, placement_actions(rows))
                    if not bound:
                        actions.extend(chip_to_grove_action(value, biome, first) for biome in BIOMES)
                return actions
            if turn.steps:
                return self._turn_step_actions(state, seat)
            return self._sends(state, seat)
        return []

    def _turn_step_actions(self, state: EverbloomState, seat: int) -> list[Any]:
        """A chip turn's moves before its sends (see `TurnWork.steps`)."""
        turn = state.turn
        assert turn is not None
        step = turn.steps[0]
        if step == "butterfly":
            return [SKIP, *self._moves(state, None, None)]
        what, space = step.split(":")
        if what == "forest":
            return [SKIP, *self._moves(state, seat, space)]
        return [PULL_ACTIONS[biome] for biome in BIOMES if state.groves[biome][seat] > 0]

    def _moves(self, state: EverbloomState, owner: int | None, source: str | None) -> list[MovePollinator]:
        return list(self._each_move(state, owner, source))

    def _can_move(self, state: EverbloomState, owner: int | None, source: str | None) -> bool:
        """Whether `_moves` offers any move, found without building them all (a chip
        turn's step asks before it is offered)."""
        return next(self._each_move(state, owner, source), None) is not None

    def _each_move(self, state: EverbloomState, owner: int | None, source: str | None) -> Iterator[MovePollinator]:
        """Each move of one pollinator from card to card, of `owner`'s (None: anyone's),
        from the card `source` (None: any card)."""
        spaces = [space for space in card_space_ids(state.side) if state.stacks[space]]
        for src in spaces if source is None else [source]:
            counts = state.pollinators[src]
            for who in range(len(counts)) if owner is None else [owner]:
                if counts[who] > 0:
                    yield from (move_action(who, src, dst) for dst in spaces if dst != src)

    def _send_choices(self, state: EverbloomState, seat: int) -> SendChoices | None:
        """The turn's next pollinator (`SendChoices`; the rest may stay in the groves only
        with the supply empty: ruling 22); None when nothing is left to send.  What
        `legal_actions`, `validate` and every step of a turn ask, in one place.

        Each position of a turn is asked three times (the step that led to it, its legal
        moves from the seat's view, its `validate`), all of the one turn record, which the
        view shares: the last answer is kept with that record and is given again while
        what it was worked out from is unchanged (compared by content)."""
        values = state.__dict__
        turn = values["turn"]
        assert turn is not None
        left = turn.to_send
        if left <= 0:
            return None
        supply = values["players"][seat].supply
        stacks = values["stacks"]
        targets = turn.targets
        last = _last_send_choices[0]
        # The cards of the last answer's turn, if they are this turn's: the targets and
        # their tops (a turn's cards do not change while it lasts, a move's copy of it
        # being another record), so their limits are read again, not worked out.
        same_cards = last[3] == targets
        if same_cards:
            tops = last[6]
            index = 0
            for space in targets:
                stack = stacks[space]
                if not stack or stack[0] != tops[index]:
                    same_cards = False
                    break
                index += 1
        if (
            same_cards and last[0] is turn and supply > 0 and last[1] == left and last[2] == turn.sent
            and last[4] == turn.one_card and last[5] == turn.even_split
        ):
            return last[8]
        if supply > 0:
            sources: tuple[str | None, ...] = _FROM_SUPPLY
        else:
            groves = values["groves"]
            sources = tuple([biome for biome in BIOMES if groves[biome][seat] > 0])
            if not sources:
                return None
        one_card = turn.one_card
        even = turn.even_split
        if same_cards:
            targets = last[3]
            limits = last[7]
            free = last[9]
        else:
            tops = [stacks[space][0] if stacks[space] else "" for space in targets]
            limits = tuple([send_constraint(top) for top in tops])
            targets = list(targets)
            free = limits.count(NO_CONSTRAINT) == len(limits)
        sent_to = turn.sent
        if free and not one_card and not even:
            # Nothing limits any card: every target may take the next pollinator, and the
            # rest may stay in the groves whatever was sent; from the supply, the moves
            # are those of the turn's last position.
            every = _EVERY_INDEX[len(targets)]
            choices = last[8]
            if not (
                same_cards and sources is _FROM_SUPPLY and choices.sources is _FROM_SUPPLY
                and choices.open_indices is every
            ):
                choices = SendChoices(sources, targets, every, sources is not _FROM_SUPPLY)
        else:
            sent = tuple([sent_to.get(space, 0) for space in targets])
            skip = sources is not _FROM_SUPPLY and feasible(0, sent, limits, one_card, even)
            choices = SendChoices(sources, targets, open_targets(left, sent, limits, one_card, even), skip)
        if supply > 0:
            _last_send_choices[0] = (turn, left, dict(sent_to), targets, one_card, even, tops, limits, choices, free)
        return choices

    def _sends(self, state: EverbloomState, seat: int) -> list[Any]:
        choices = self._send_choices(state, seat)
        return [] if choices is None else list(choices.offered())

    def _send_fits(self, state: EverbloomState, seat: int, action: SendPollinator) -> bool:
        """Whether `action` is among `legal_actions` (what `validate` asks of every
        pollinator sent): only at a chip's sends."""
        values = state.__dict__
        turn = values["turn"]
        if values["choice"] is not None or values["phase"] != "wilderness" or turn is None or turn.steps:
            return False
        choices = self._send_choices(state, seat)
        if choices is None:
            return False
        offered = choices.offered()
        # Most actions are the very objects offered (see `validate`).
        for other in offered:
            if other is action:
                return True
        return action in offered

    def _can_send(self, state: EverbloomState, seat: int) -> bool:
        """Whether `_sends` offers anything (every step of a turn asks)."""
        choices = self._send_choices(state, seat)
        return choices is not None and (choices.skip or bool(choices.open_indices))

    def _pollination_actions(self, state: EverbloomState, seat: int) -> list[Any]:
        player = state.players[seat]
        work = player.pollination
        assert work is not None
        if work.grove is None:
            return list(TAKE_ACTIONS)
        actions: list[Any] = [
            pollinate_action(card.id)
            for cards in player.habitat.values()
            for card in cards
            if not card.pollinated and card.id not in work.cards and card_cost(card.id) <= work.left
        ]
        if work.left:
            actions.extend(finish_action(biome) for biome in BIOMES)
        else:
            actions.append(finish_action(None))
        return actions

    def validate(self, state: EverbloomState, seat: int, action: Any) -> None:
        values = state.__dict__
        phase = values["phase"]
        if phase == "over":
            raise IllegalMove("The game is over")
        if seat not in self.to_act(state):
            raise IllegalMove(f"It is not the turn of {state.name(seat) if 0 <= seat < len(state.seats) else 'that seat'}")
        choice = values["choice"]
        if isinstance(action, PlaceChip) and phase == "wilderness" and values["turn"] is None and choice is None:
            if self.placement_fits(state, seat, action):
                return
        elif isinstance(action, Choose) and choice is not None:
            if action.option in choice.options:
                return
        elif isinstance(action, SendPollinator):
            if self._send_fits(state, seat, action):
                return
        else:
            legal = self.legal_actions(state, seat)
            # Most actions are the very objects `legal_actions` offers (they are built
            # once): finding it by identity spares a pydantic comparison with each other.
            if any(offered is action for offered in legal) or action in legal:
                return
        raise IllegalMove(self._why(state, seat, action))

    def _why(self, state: EverbloomState, seat: int, action: Any) -> str:
        player = state.players[seat]
        if state.choice is not None:
            if isinstance(action, Choose):
                return f"Choose one of: {', '.join(state.choice.options)}"
            return f"First: {state.choice.prompt}"
        if state.phase == "draft":
            return "Discard one of the three nectar cards you were dealt"
        if state.phase == "pollination":
            work = player.pollination
            if work is not None and work.grove is None:
                return "First take your pollinators from one grove"
            if isinstance(action, Pollinate):
                return "That card is not an unpollinated card of your habitat you can pay for with the pollinators left"
            if isinstance(action, FinishPollination):
                return "Leftover pollinators go to one grove" if work and work.left else "You have no pollinators left over"
            return "Pollinate cards, then finish"
        if state.phase != "wilderness":
            return "Nothing to do now"
        if state.turn is None:
            if isinstance(action, (PlaceChip, ChipToGrove)):
                choices = self._chip_choices(state, seat)
                if (action.chip, action.first_chip) not in choices:
                    if action.first_chip and not player.first_chip:
                        return "You do not hold the first player's chip"
                    if action.first_chip:
                        return "The first player's \"1\" chip goes only after all your faction chips"
                    if action.chip not in FACTIONS[player.faction].chips:
                        held = ", ".join(str(value) for value in FACTIONS[player.faction].chips)
                        return f"The {FACTIONS[player.faction].name} have no {action.chip} chip: theirs are {held}"
                    return f"You have no {action.chip} chip left to place"
                placements = self.placements(state, seat)
                legal = placements[(action.chip, action.first_chip)]
                if isinstance(action, ChipToGrove):
                    if legal:
                        return "That chip fits at a landmark: only a chip that fits nowhere goes to a grove"
                    if self.storm_binds(state, seat, placements):
                        return "A storm binds your first chip of the round and another of your chips can obey it"
                    return f"Unknown grove {action.grove!r}"
                if action.ignore_rule and (FACTIONS[player.faction].ability.kind != "ignore_landmark" or action.chip != 2):
                    return "Only the Hummingbirds' \"2\" may disregard a landmark's rule"
                plan = self.plan(state, seat, action.chip, action.landmark, action.ignore_rule)
                if plan.reason:
                    return plan.reason
                for storm_space, storm in self._storms(state):
                    name = card_name(state.stacks[storm_space][0])
                    where = "next to it" if storm.adjacent == "must" else "away from it"
                    return f"{name}: your first chip of the round must go to a landmark {where} (some chip of yours can)"
                return "That chip cannot go there"
            return "Place a chip at a landmark first"
        turn = state.turn
        if turn.steps:
            step = turn.steps[0]
            if step.startswith("sea:"):
                return "Edge of the Sea: bring one of your pollinators from a grove to it first"
            if isinstance(action, MovePollinator):
                return "That pollinator cannot move there"
            return "Move a pollinator or skip the move first"
        if isinstance(action, Skip):
            if player.supply > 0:
                return "Pollinators from your supply must be sent; only those from the groves may stay"
            return "What you have sent so far breaks a card's or the landmark's rule: send more first"
        if isinstance(action, SendPollinator):
            if action.space not in turn.targets:
                return "Pollinators go only to cards next to the landmark where you placed your chip"
            if player.supply > 0 and action.grove is not None:
                return "Pollinators come from your supply while it lasts"
            if action.grove is not None and state.groves.get(action.grove, [0] * len(state.players))[seat] <= 0:
                return "You have no pollinator in that grove"
            if player.supply <= 0 and action.grove is None:
                return "Your supply is empty: take the pollinator from a grove"
            ability = self.card_rule(state, action.space)
            if ability is not None and ability.kind.startswith(("storm", "edge")):
                return f"{card_name(state.stacks[action.space][0])}: {ability.summary}"
            if turn.one_card:
                return f"{self.landmark_label(state, turn.landmark).capitalize()}: all pollinators go to a single card"
            if turn.even_split:
                return f"{self.landmark_label(state, turn.landmark).capitalize()}: pollinators are shared out evenly"
            return "That would break a card's rule for the pollinators still to send"
        return "Send your pollinators to the cards next to your chip"

    def apply(self, state: EverbloomState, seat: int, action: Any) -> EverbloomState:
        return self._play(state_for_move(state), seat, action)

    def apply_in_place(self, state: EverbloomState, seat: int, action: Any) -> EverbloomState:
        """`apply` for a search's quick game, which owns `state`: the move is made in it,
        and its log is no longer kept (`start_quick_game`): the words of a migration are
        a good share of a quick game's moves, and nobody reads them."""
        start_quick_game(state)
        return self._play(state, seat, action)

    def _play(self, state: EverbloomState, seat: int, action: Any) -> EverbloomState:
        # Every change below is made to a container `state_for_move` copies, or replaces
        # what it changes whole (what EverbloomState marks NEVER_EDITED, a seat's record
        # through `own_player`), so after one `apply` the state owns all it changes (see
        # GameRules.apply_in_place).
        new = state
        # The kinds a game plays most come first: half of all moves are single pollinators sent.
        if isinstance(action, SendPollinator):
            self._send(new, seat, action)
        elif isinstance(action, PlaceChip):
            self._place(new, seat, action)
        elif isinstance(action, Choose):
            # A choice belongs to a round's start or a migration: it may change any seat's record.
            own_players(new)
            self._resolve_choice(new, action.option)
            self._run(new)
        elif isinstance(action, DiscardNectar):
            self._discard(new, seat, action.card)
        elif isinstance(action, ChipToGrove):
            self._chip_to_grove(new, seat, action)
        elif isinstance(action, (MovePollinator, Skip, PullFromGrove)):
            self._turn_step(new, seat, action)
        elif isinstance(action, (TakeGrove, Pollinate, FinishPollination)):
            self._pollinate_step(new, seat, action)
        else:
            raise IllegalMove("Unknown action")
        return new

    def log_line(self, state: EverbloomState, seat: int, action: Any) -> str:
        name = state.name(seat)
        if isinstance(action, PlaceChip):
            extra = " disregarding its rule" if action.ignore_rule else ""
            chip = "the first player's \"1\" chip" if action.first_chip else f"a {action.chip}"
            return f"{name} placed {chip} at {self.landmark_label(state, action.landmark)}{extra}."
        if isinstance(action, ChipToGrove):
            return f"{name} sent a {action.chip} to the {biome_name(action.grove)} grove ({plural(action.chip, 'pollinator')}): it fitted at no landmark."
        if isinstance(action, SendPollinator):
            stack = state.stacks.get(action.space) or [HIDDEN_CARD]
            return f"{name} sent a pollinator to {card_name(stack[0])}."
        if isinstance(action, MovePollinator):
            return f"{name} {move_words(state, seat, action.owner, action.source, action.target)}."
        if isinstance(action, PullFromGrove):
            return f"{name} brought a pollinator from the {biome_name(action.grove)} grove."
        if isinstance(action, Skip):
            if state.turn is not None and not state.turn.steps:
                return f"{name} left the rest of the chip's pollinators in the groves."
            return f"{name} moved no pollinator."
        if isinstance(action, Choose):
            return f"{name} chose {action.option}."
        if isinstance(action, DiscardNectar):
            return f"{name} discarded a nectar card."
        if isinstance(action, (TakeGrove, Pollinate, FinishPollination)):
            return f"{name} pollinated (hidden until everybody is done)."
        return f"{name} moved."
