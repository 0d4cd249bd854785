"""What the rules keep between one question and the next (a turn's send choices, what a
chip does at a landmark) is given again only while what it was worked out from holds:
a state changed in place, as tests and quick games change theirs, gets a fresh answer."""

from __future__ import annotations

import random

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom.model import EverbloomOptions, EverbloomState, PlaceChip, SendPollinator

RULES = get_game("everbloom").rules

# Storm of Sand: no more than 2 pollinators to its card per turn.
_STORM_OF_SAND = "E14"
# Edge of the Jungle: a chip whose pollinators reach it sends it at least one.
_EDGE_OF_THE_JUNGLE = "E17"


def _first(seed: int, wanted) -> tuple[EverbloomState, int]:
    """The first position of a seeded two-seat random game where `wanted(state, seat)` holds."""
    rng = random.Random(seed)
    state = RULES.setup(EverbloomOptions(), [Seat(name="A"), Seat(name="B")], seed)
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        if wanted(state, seat):
            return state, seat
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    raise AssertionError("no such position")


def _sending(state: EverbloomState, seat: int) -> bool:
    turn = state.turn
    return (
        state.phase == "wilderness" and state.choice is None and turn is not None and not turn.steps
        and turn.to_send >= 2 and len(turn.targets) >= 3 and not turn.one_card and not turn.even_split
        and not turn.sent and state.players[seat].supply >= 2
    )


def _sends_after(state: EverbloomState, seat: int, change) -> tuple[list, list]:
    """The sends offered once `change(state)` has changed it in place, right after they
    were asked of it as it was; and those of a copy made after the change."""
    RULES.legal_actions(state, seat)
    change(state)
    return RULES.legal_actions(state, seat), RULES.legal_actions(state.model_copy(deep=True), seat)


def test_a_turns_send_choices_follow_its_turn_and_its_cards_changed_in_place() -> None:
    state, seat = _first(5, _sending)
    kept, gone = state.turn.targets[0], state.turn.targets[-1]
    offered, fresh = _sends_after(state, seat, lambda state: state.turn.targets.pop())
    assert offered == fresh and not any(action.space == gone for action in offered)

    offered, fresh = _sends_after(state, seat, lambda state: state.turn.sent.update({kept: 2}))
    assert offered == fresh and SendPollinator(space=kept) in offered

    def storm_of_sand(state: EverbloomState) -> None:
        state.stacks[kept][0] = _STORM_OF_SAND

    offered, fresh = _sends_after(state, seat, storm_of_sand)
    assert offered == fresh and SendPollinator(space=kept) not in offered and offered
    offered, fresh = _sends_after(state, seat, lambda state: state.turn.sent.pop(kept))
    assert offered == fresh and SendPollinator(space=kept) in offered


def test_a_turns_send_choices_follow_the_count_left_changed_in_place() -> None:
    """With a card that must take one of the chip's pollinators, the last one may go only
    there: a turn whose count left drops in place is answered for the new count."""
    state, seat = _first(5, _sending)
    edge, other = state.turn.targets[0], state.turn.targets[-1]
    state.stacks[edge][0] = _EDGE_OF_THE_JUNGLE
    state.turn.to_send = 2
    offered = RULES.legal_actions(state, seat)
    assert SendPollinator(space=edge) in offered and SendPollinator(space=other) in offered
    state.turn.to_send = 1
    offered, fresh = RULES.legal_actions(state, seat), RULES.legal_actions(state.model_copy(deep=True), seat)
    assert offered == fresh == [SendPollinator(space=edge)]


def _placing(state: EverbloomState, seat: int) -> bool:
    player = state.players[seat]
    return (
        state.phase == "wilderness" and state.choice is None and state.turn is None and player.chips_placed == 1
        and player.supply >= max(player.chips) + 1
    )


def test_what_a_chip_does_at_a_landmark_is_worked_out_again_when_the_pollinators_run_short() -> None:
    """A landmark keeps what each chip does there for a supply to spare (`LandmarkRow`);
    with the pollinators cut short in place, a chip's count is capped and the plan of
    every placement offered is the worded plan's."""
    state, seat = _first(7, _placing)
    assert RULES.placements(state, seat)
    player = state.players[seat]
    player.supply = 1
    for counts in state.groves.values():
        counts[seat] = 0
    for action, plan in RULES.placement_plans(state, seat):
        worded = RULES.plan(state, seat, action.chip, action.landmark, action.ignore_rule)
        assert worded.reason is None and (plan.count, plan.targets) == (worded.count, worded.targets)
        assert plan.count <= 1
    offered = [action for legal in RULES.placements(state, seat).values() for action in legal]
    allowed = [
        PlaceChip(chip=value, landmark=space, first_chip=False, ignore_rule=False)
        for value in sorted(set(player.chips)) for space in state.chips
        if RULES.plan(state, seat, value, space, False).reason is None
    ]
    assert [action for action in offered if not action.ignore_rule] == allowed


def test_a_chip_step_sees_its_board_changed_in_place() -> None:
    """The last boards asked are kept by their stacks (`_board`): a card taken off a
    stack in place since is seen, not the old board."""
    state, seat = _first(7, _placing)
    before = RULES.placement_plans(state, seat)
    space = before[0][1].targets[0]
    state.stacks[space].clear()

    def targets(plans) -> list[tuple[PlaceChip, list[str]]]:
        return [(action, plan.targets) for action, plan in plans]

    after = targets(RULES.placement_plans(state, seat))
    assert after == targets(RULES.placement_plans(state.model_copy(deep=True), seat))
    assert after and all(space not in cards for _, cards in after)


def test_a_pollinator_on_the_only_card_left_has_no_move() -> None:
    """A chip turn's move step is offered only where some move exists (`_can_move`, asked
    without building the moves): none on a board of one card."""
    state, _ = _first(1, lambda state, seat: state.phase == "wilderness")
    assert RULES._can_move(state, None, None) == bool(RULES._moves(state, None, None))
    only = next(space for space in state.pollinators if state.stacks.get(space))
    state.stacks = {space: cards if space == only else [] for space, cards in state.stacks.items()}
    state.pollinators = {**state.pollinators, only: [1, 0]}
    assert RULES._moves(state, None, None) == [] and not RULES._can_move(state, None, None)
    assert not RULES._can_move(state, 0, only)
