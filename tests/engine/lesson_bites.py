"""When each lesson's rule first bites: for every lesson of a guided game, a predicate
that holds at a learner's decision where that rule changes the legal moves, or the
final score of some move on offer.  A lesson must be shown no later than the first
decision where its predicate holds (tests/engine/test_lessons.py).

The predicates are worked out from the rules, never from the lessons' situations:
they see the whole state (a judge, not a teacher) and may play a move on offer to see
what it does.  Each is written for what its lesson teaches; a lesson whose words
change to teach another rule gets the predicate of that rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.games.bloom_kingdom import model as bloom_kingdom
from boardgames_tui.games.bloom_kingdom.rules import character_of
from boardgames_tui.games.bloom_kingdom.scoring import KEPT_CARDS
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    DiscardNectar,
    FinishPollination,
    MovePollinator,
    PlaceChip,
    Pollinate,
    SendPollinator,
    TakeGrove,
)
from boardgames_tui.games.evergreen.content import cards as evergreen_cards, powers as evergreen_powers
from boardgames_tui.games.evergreen.model import DraftCard, Grow, LakeGrow, Plant, UsePower
from boardgames_tui.games.evergreen.rules import SEASON_ROUNDS
from boardgames_tui.games.evergreen.rules.common import BIG
from boardgames_tui.games.pollen.content import cards as pollen_cards
from boardgames_tui.games.pollen.model import PlaceToken
from boardgames_tui.games.pollen.model import Plant as PollenPlant


@dataclass
class Decision:
    """One decision of the learner: the whole state, its seat and its legal moves."""

    rules: Any
    state: Any
    seat: int
    legal: list[Any]
    _after: dict[int, Any] = field(default_factory=dict)

    def after(self, action: Any) -> Any:
        """The state once `action` is played (kept: several predicates ask)."""
        index = self.legal.index(action)
        if index not in self._after:
            self._after[index] = self.rules.apply(self.state, self.seat, action)
        return self._after[index]

    def offers(self, *kinds: type) -> list[Any]:
        return [action for action in self.legal if isinstance(action, kinds)]


Bites = Callable[[Decision], bool]


def always(decision: Decision) -> bool:
    return True


def offers(*kinds: type) -> Bites:
    return lambda decision: bool(decision.offers(*kinds))


def either(*rules: Bites) -> Bites:
    """For a lesson that teaches several rules: it bites where the first of them does."""
    return lambda decision: any(bites(decision) for bites in rules)


# -- Evergreen ---------------------------------------------------------------------------
_EVERGREEN_CARDS = evergreen_cards()
_EVERGREEN_POWERS = evergreen_powers()
_PLANET_STEPS = (Plant, Grow, LakeGrow)


def _own_power(decision: Decision) -> str | None:
    card = decision.state.players[decision.seat].card
    return None if card is None else _EVERGREEN_CARDS[card].power


def changes_the_planet(decision: Decision) -> bool:
    """A move on offer puts or grows a piece: where it stands is lit or shaded, and
    joins a forest or not."""
    return any(
        isinstance(action, _PLANET_STEPS) or (isinstance(action, UsePower) and action.space is not None)
        for action in decision.legal
    )


def makes_a_big_tree(decision: Decision) -> bool:
    """A move on offer makes a big tree: at the end it scores its biome's fertility."""
    before = decision.state.players[decision.seat].plan
    if before is None:
        return False
    steps = decision.offers(Grow, LakeGrow, UsePower)
    return any(decision.after(step).players[decision.seat].plan.board.count(BIG) > before.board.count(BIG) for step in steps)


def may_place_a_lake(decision: Decision) -> bool:
    return _own_power(decision) == "lake" and bool(decision.offers(UsePower))


def aridity_to_draft(decision: Decision) -> bool:
    """An aridity card is in the row: left over, it dries up a biome's fertility."""
    return bool(decision.offers(DraftCard)) and any(_EVERGREEN_CARDS[card].aridity for card in decision.state.row)


def module_power_on_offer(decision: Decision) -> bool:
    module_cards = [
        action for action in decision.offers(DraftCard) if _EVERGREEN_POWERS[_EVERGREEN_CARDS[action.card].power].module
    ]
    power = _own_power(decision)
    return bool(module_cards) or (
        power is not None and _EVERGREEN_POWERS[power].module is not None and bool(decision.offers(UsePower))
    )


def last_season(decision: Decision) -> bool:
    return decision.state.season == len(SEASON_ROUNDS) - 1


EVERGREEN: dict[str, Bites] = {
    "goal": always,
    # How a card's power is used comes with the draft that raises it.
    "draft": either(offers(DraftCard), offers(UsePower)),
    "plan": offers(Plant, Grow),
    "lake": may_place_a_lake,
    "aridity": aridity_to_draft,
    "modules": module_power_on_offer,
    "light": changes_the_planet,
    "fertility": makes_a_big_tree,
    "the-end": last_season,
}


# -- Everbloom ---------------------------------------------------------------------------
def _placements(decision: Decision) -> list[PlaceChip]:
    return decision.offers(PlaceChip)


def storm_on_the_board(decision: Decision) -> bool:
    """A storm binds where a first chip may go, or how many pollinators a card takes."""
    if not decision.offers(PlaceChip, ChipToGrove):
        return False
    rules, state = decision.rules, decision.state
    return any(
        (rule := rules.card_rule(state, space)) is not None and str(rule.kind).startswith("storm") for space in state.stacks
    )


def wildlife_landmark_on_offer(decision: Decision) -> bool:
    return any(decision.rules.is_wildlife(decision.state, action.landmark) for action in _placements(decision))


def bloom_step_on_offer(decision: Decision) -> bool:
    """A move on offer moves the learner up the bloom track: a landmark's bloom step,
    or the wildlife bonus's two steps."""
    rules, state, seat = decision.rules, decision.state, decision.seat
    if any(action.option == "bloom" for action in decision.offers(Choose)):
        return True
    return any(rules.plan(state, seat, action.chip, action.landmark, action.ignore_rule).bloom for action in _placements(decision))


def _could_tie(mine: int, others: int, more: int) -> bool:
    """The learner, with `mine` and up to `more` to add, can end level with `others` at the top."""
    return others > 0 and mine <= others <= mine + more


def tie_on_offer(decision: Decision) -> bool:
    """A move on offer can leave the learner level at the top of a card or of a
    wildlife landmark: then the tie rule decides who wins it."""
    rules, state, seat = decision.rules, decision.state, decision.seat

    def card_tie(space: str, more: int) -> bool:
        counts = state.pollinators[space]
        return _could_tie(counts[seat], max(count for other, count in enumerate(counts) if other != seat), more)

    for action in _placements(decision):
        if rules.is_wildlife(state, action.landmark):
            totals = [0] * len(state.players)
            for chip in state.chips[action.landmark]:
                totals[chip.seat] += chip.value
            best_other = max(total for other, total in enumerate(totals) if other != seat)
            if best_other and totals[seat] + action.chip == best_other:
                return True
        plan = rules.plan(state, seat, action.chip, action.landmark, action.ignore_rule)
        if any(card_tie(space, plan.count or 0) for space in plan.targets):
            return True
    turn = state.turn
    if decision.offers(SendPollinator) and turn is not None:
        return any(card_tie(space, turn.to_send) for space in turn.targets)
    return False


def butterflies_power_on_offer(decision: Decision) -> bool:
    """The learner may play the chip whose play lets it move a pollinator (or is asked to)."""
    if decision.offers(MovePollinator):
        return True
    state = decision.state
    chips_that_move = [
        action for action in decision.offers(PlaceChip) if not action.first_chip and "butterfly" in _steps_after(decision, action)
    ]
    return bool(chips_that_move) and state.turn is None


def _steps_after(decision: Decision, action: Any) -> list[str]:
    turn = decision.after(action).turn
    return list(turn.steps) if turn is not None else []


def in_migration(decision: Decision) -> bool:
    """The learner decides in a migration: a tile for a new habitat slot, a biome, a grove, a bonus."""
    return decision.state.phase == "migration" and bool(decision.legal)


def from_round(number: int) -> Bites:
    return lambda decision: decision.state.round >= number and bool(decision.offers(PlaceChip, ChipToGrove))


EVERBLOOM: dict[str, Bites] = {
    # The first lessons also say what scores: the goal the majorities and the habitat
    # penalty, the nectar draft how nectar is counted; the chip lesson what the hive allows.
    "goal": always,
    "nectar": offers(DiscardNectar),
    "chip": offers(PlaceChip, ChipToGrove),
    "storm": storm_on_the_board,
    # The wildlife landmarks and the bloom track, taught together.
    "wildlife": either(wildlife_landmark_on_offer, bloom_step_on_offer),
    "tie": tie_on_offer,
    "butterflies": butterflies_power_on_offer,
    "migration": in_migration,
    "pollination": offers(TakeGrove, Pollinate, FinishPollination),
    "next-round": from_round(2),
    "the-end": from_round(3),
}


# -- Pollen ------------------------------------------------------------------------------
_POLLEN_CARDS = pollen_cards(4)


def _plants(decision: Decision) -> list[Any]:
    return decision.offers(PollenPlant, PlaceToken)


def attracts_a_token(decision: Decision) -> bool:
    state = decision.state
    return any(
        len(after.tokens) > len(state.tokens) or after.phase == "assign"
        for after in map(decision.after, decision.offers(PollenPlant))
    )


def _new_scorings(decision: Decision) -> list[Any]:
    done = len(decision.state.pollinations)
    return [scored for action in _plants(decision) for scored in decision.after(action).pollinations[done:]]


def scores_a_token(decision: Decision) -> bool:
    return bool(_new_scorings(decision))


def may_end_the_game(decision: Decision) -> bool:
    """A move on offer ends the game.  One card scores at most the four tokens at its
    corners, one meeple of an insect each, attracts at most four tokens, and fills one
    cell: unless a pile, the tokens, the learner's cards or the open cells are that
    low, no move can end it, and none is played to see."""
    state, seat = decision.state, decision.seat
    own = state.players[seat]
    tokens_left = len(state.bag) + (state.next_up is not None) + len(state.pending_tokens)
    if min(state.supply) > 4 and tokens_left > 4 and len(own.hand) + len(own.deck) > 1 and len(state.open_cells) > 1:
        return False
    return any(decision.rules.is_over(decision.after(action)) or decision.after(action).end_reasons for action in _plants(decision))


POLLEN: dict[str, Bites] = {
    # How a full token is scored (stars, ties) comes with the goal.
    "goal": always,
    "plant": offers(PollenPlant),
    "new-tokens": attracts_a_token,
    "several-tokens": offers(PlaceToken),
    "who-wins": scores_a_token,
    "the-end": may_end_the_game,
}


# -- Bloom Kingdom -----------------------------------------------------------------------
def _hand(decision: Decision) -> list[int]:
    return [card for card in decision.state.players[decision.seat].hand if card >= 0]


def last_pick(decision: Decision) -> bool:
    return bool(decision.offers(bloom_kingdom.PlayCard)) and len(_hand(decision)) == KEPT_CARDS + 1


def may_keep_king_or_jester(decision: Decision) -> bool:
    return last_pick(decision) and any(character_of(card) in ("king", "jester") for card in _hand(decision))


def after_scorings(count: int) -> Bites:
    return lambda decision: bool(decision.offers(bloom_kingdom.PlayCard)) and len(decision.state.rounds) >= count


def display_has_cards(decision: Decision) -> bool:
    return bool(decision.offers(bloom_kingdom.PlayCard)) and any(decision.state.display.values())


BLOOM_KINGDOM: dict[str, Bites] = {
    "goal": always,
    # What each of the five does as it joins, in the lesson of the first pick: it comes
    # before the learner may play any of them.
    "pick": offers(bloom_kingdom.PlayCard),
    "revealed": display_has_cards,
    "unicorn": offers(bloom_kingdom.ReturnCard),
    "knight": offers(bloom_kingdom.KnightChoice),
    "wizard": offers(bloom_kingdom.WizardChoice),
    "jester": offers(bloom_kingdom.JesterChoice),
    "fortune-teller": offers(bloom_kingdom.FortuneChoice),
    "scoring-cards": last_pick,
    "king-and-jester": may_keep_king_or_jester,
    "display-stays": after_scorings(1),
    "last-round": after_scorings(2),
}

BITES: dict[str, dict[str, Bites]] = {
    "evergreen": EVERGREEN,
    "everbloom": EVERBLOOM,
    "pollen": POLLEN,
    "bloom-kingdom": BLOOM_KINGDOM,
}
