"""The chip turn (a turn builder), headless: what the place and send steps offer, the
refusals the keys get, and that the turn reaches the rules only whole and checked."""

from __future__ import annotations

import copy

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.match import turn_refusal
from boardgames_tui.games.everbloom.chip_turn import ChipTurn, Seen
from boardgames_tui.games.everbloom.describe import landmark_rule
from boardgames_tui.games.everbloom.letters import GROVE_KEYS, landmark_keys
from boardgames_tui.games.everbloom.model import ChipToGrove, PlaceChip, SendPollinator, Skip
from boardgames_tui.games.everbloom.rules import card_name

from .test_everbloom_rules import CRAB, ELEPHANT, GAME, HYENA, OWL, RULES, act, blank, event, refused


def seen(state, seat: int = 0) -> Seen:
    """What `seat` sees, with the cards the test put on the board face up."""
    state.face_up = sorted(set(state.face_up) | {stack[0] for stack in state.stacks.values() if stack})
    view = RULES.view(state, seat)
    return Seen(view, seat, RULES.legal_actions(view, seat))


def four_cards(state):
    for space, card in zip(("t1", "t2", "b1", "b2"), (ELEPHANT, CRAB, OWL, HYENA)):
        state.stacks[space] = [card]
    return state


def split_open(state, chip: int, landmark: str = "m1") -> tuple[ChipTurn, Seen, PlaceChip]:
    """Seat 0's turn with `chip` picked and its split at `landmark` open."""
    turn = ChipTurn(GAME)
    now = seen(state)
    turn.step(now, moves=0)
    turn.pick_chip(now, chip)
    place = next(row.action for row in turn.place_rows(now) if row.space == landmark)
    turn.start_sending(now, place)
    return turn, now, place


def test_the_place_step_lists_every_landmark_with_what_the_chip_does_or_the_rule_that_closes_it():
    state = blank(["bats", "butterflies"], {"n1": (9, 0)})  # 9a: only a 3, 4 or 5
    state.stacks["t1"] = [ELEPHANT]
    turn = ChipTurn(GAME)
    now = seen(state)
    assert turn.step(now, moves=0) == "place"
    assert turn.chip == (1, False)  # the smallest chip that may go (the "1" chip waits)
    rows = turn.place_rows(now)
    assert [row.key for row in rows] == list(landmark_keys(state.side).values())
    n1 = next(row for row in rows if row.space == "n1")
    assert n1.action is None and n1.why == refused(state, 0, PlaceChip(chip=1, landmark="n1"))
    # The turn opens on the first landmark open to the chip, with what it would send.
    opening = rows[turn.spot]
    assert opening.action is not None and all(row.action is None for row in rows[: turn.spot])
    assert opening.plan.count == 1 and opening.plan.targets == ["t1"]
    # Chip 3 opens 9a; a chip the seat does not hold says why.
    assert turn.pick_chip(now, 3) is None and turn.chip == (3, False)
    assert next(row for row in turn.place_rows(now) if row.space == "n1").action == PlaceChip(chip=3, landmark="n1")
    assert turn.step_chip(now, 1) is None and turn.chip == (4, False)
    # Past the 4 only the first player's "1" is left, and it goes after the faction's chips.
    assert "after all your faction chips" in turn.step_chip(now, 1) and turn.chip == (4, False)
    assert turn.spot_of_letter(now, "z") == "There is no landmark z on this board."


def test_chips_stop_at_the_ends_of_the_hand():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [ELEPHANT]
    state.turn_seat = 1
    turn = ChipTurn(GAME)
    now = seen(state, 1)  # seat 1 holds no "1" chip
    turn.step(now, moves=0)
    assert turn.chip == (1, False)
    assert turn.step_chip(now, -1) == "No smaller chip: this is your smallest."
    turn.pick_chip(now, 4)
    assert turn.step_chip(now, 1) == "No larger chip: this is your largest."
    assert turn.chip == (4, False)


def test_a_chip_that_fits_nowhere_offers_the_groves_by_their_letters():
    state = blank(["bats", "butterflies"])
    state.stacks["t1"] = [event("Storm of Sand")]  # no more than two pollinators may reach it
    turn = ChipTurn(GAME)
    now = seen(state)
    turn.step(now, moves=0)
    assert turn.pick_chip(now, 3) is None and turn.fits_nowhere(now)
    rows = turn.place_rows(now)
    assert {row.key: row.space for row in rows} == GROVE_KEYS
    assert all(isinstance(row.action, ChipToGrove) and row.action.chip == 3 for row in rows)
    assert turn.spot_of_letter(now, "b").startswith("This chip fits at no landmark: pick a grove (")


def test_the_hummingbirds_two_may_disregard_a_rule_that_keeps_it_out():
    state = blank(["hummingbirds", "bats"], {"n1": (9, 0)})  # 9a keeps the 2 out
    state.stacks["t1"] = [ELEPHANT]
    turn = ChipTurn(GAME)
    now = seen(state)
    turn.step(now, moves=0)
    turn.pick_chip(now, 2)
    assert turn.can_ignore(now)
    assert next(row for row in turn.place_rows(now) if row.space == "n1").action is None
    turn.toggle_ignore()
    n1 = next(row for row in turn.place_rows(now) if row.space == "n1")
    assert n1.action == PlaceChip(chip=2, landmark="n1", ignore_rule=True)
    # Another chip drops the choice: it belonged to the 2.
    turn.pick_chip(now, 3)
    assert not turn.ignore and not turn.can_ignore(now)


def test_the_counters_keep_the_chips_total_and_refuse_what_breaks_it():
    state = four_cards(blank(["bats", "butterflies"], {"m1": (11, 1)}))  # 11b: shared out evenly
    before = state.model_copy(deep=True)
    turn, now, _ = split_open(state, 4)
    sending = turn.sending
    assert sending.counts == {"t1": 1, "t2": 1, "b1": 1, "b2": 1} and sending.refusal(now) is None
    # Three on t1: the surplus comes off the other cards, the fullest first; the total stays.
    assert sending.set_count(now, 3, step=False) is None
    assert sending.counts == {"t1": 3, "t2": 0, "b1": 0, "b2": 1}
    assert sending.refusal(now) == "Landmark 11 (flipped): pollinators are shared out evenly"
    assert sending.set_count(now, 9, step=False) == "This chip sends 4 pollinators in all: no more than that can go to one card."
    assert sending.move_cursor(now, -1) == "That is the first row of this split."
    assert sending.move_cursor(now, 1) is None and sending.set_count(now, -1, step=True) == "None to take off here."
    # Building the turn never touched the game (but for the test's face-up cards).
    before.face_up = state.face_up
    assert state.model_dump() == before.model_dump()


def seats_of(state) -> list[Seat]:
    return [Seat(name=state.name(seat)) for seat in range(len(state.players))]


def test_the_turn_reaches_the_rules_whole_and_checked():
    state = four_cards(blank(["bats", "butterflies"]))
    turn, now, place = split_open(state, 3)
    turn.sending.counts = {"t1": 2, "t2": 0, "b1": 1, "b2": 0}
    whole = turn.whole_turn(now)
    actions = whole.actions
    assert actions == [place, SendPollinator(space="t1"), SendPollinator(space="t1"), SendPollinator(space="b1")]
    # Checked whole on the game itself, as a local table checks it (`Match.check_turn`).
    assert turn_refusal(RULES, seats_of(state), state, 0, actions) is None
    turn.sent(whole)
    assert turn.sending is None  # sent: the split is closed
    after = act(state, 0, *actions)
    assert [after.pollinators[space][0] for space in ("t1", "t2", "b1", "b2")] == [2, 0, 1, 0]
    assert after.turn_seat == 1


def test_a_chip_whose_bloom_advance_draws_opens_its_split_from_the_view_alone():
    """A joined seat has its view only, which cannot play a draw: whether the sends follow
    the chip, and the whole turn, are read from a sample of what the view hides."""
    state = four_cards(blank(["bats", "butterflies"], {"n2": (13, 0)}))  # 13: a 2 earns a bloom advance
    state.players[0].bloom = 2  # the next space draws a nectar card
    turn, now, place = split_open(state, 2, "n2")
    assert act(state, 0, place).info_epoch > state.info_epoch
    assert not turn.asks_before_sending(now, place)
    whole = turn.whole_turn(now)
    assert whole.actions == [place, SendPollinator(space="t2"), SendPollinator(space="t2")] and whole.carried is None
    assert turn_refusal(RULES, seats_of(state), state, 0, whole.actions) is None


def test_a_chip_that_asks_first_goes_alone_and_its_split_waits_for_the_answer():
    state = four_cards(blank(["butterflies", "bats"]))
    state.pollinators["b2"][1] = 1  # the Butterflies' 4 may move it first
    turn, now, place = split_open(state, 4)
    assert turn.asks_before_sending(now, place)
    turn.sending.counts = {"t1": 2, "t2": 0, "b1": 1, "b2": 1}
    whole = turn.whole_turn(now)
    assert whole.actions == [place]
    turn.sent(whole)
    assert turn.sending is None
    answered = act(state, 0, place, Skip())
    assert turn.step(seen(answered), moves=2) == "send"
    assert turn.sending.counts == {"t1": 2, "t2": 0, "b1": 1, "b2": 1}


def test_a_turn_the_rules_refuse_at_sending_stays_open_with_their_reason():
    state = four_cards(blank(["bats", "butterflies"]))
    turn, now, place = split_open(state, 3)
    # The game moved on under the open split (here: the chip is no longer in hand).
    changed = state.model_copy(deep=True)
    changed.players[0].chips = [1, 2, 4]
    assert turn_refusal(RULES, seats_of(changed), changed, 0, turn.whole_turn(now).actions) == refused(changed, 0, place)
    assert turn.sending is not None and turn.pending is None


def test_a_copy_of_a_turn_is_a_turn_of_its_own():
    """The screen hands each seat new to it a copy of a fresh turn; a copy shares nothing
    that one seat changes with another seat."""
    turn, _, _ = split_open(four_cards(blank(["bats", "butterflies"])), 4)
    twin = copy.deepcopy(turn)
    assert twin.rules is turn.rules and twin.chip == turn.chip and twin.sending == turn.sending
    assert twin.sending.rules is turn.rules  # the rules are shared, never copied
    twin.sending.counts["t1"] += 1
    twin.chip = (1, False)
    assert turn.sending.counts["t1"] == 1 and turn.chip == (4, False)


def test_a_new_turn_opens_afresh_and_the_sends_follow_the_rules_record():
    state = four_cards(blank(["bats", "butterflies"]))
    turn = ChipTurn(GAME)
    now = seen(state)
    turn.step(now, moves=0)
    turn.pick_chip(now, 4)
    # The same turn keeps the seat's picks; a new one (more moves made) starts over.
    assert turn.step(now, moves=0) == "place" and turn.chip == (4, False)
    turn.step(now, moves=5)
    assert turn.chip == (1, False)
    # With the chip already on the board (a move came between), the counters follow the
    # rules' record of the turn.
    placed = act(state, 0, PlaceChip(chip=3, landmark="m1"), SendPollinator(space="t1"))
    later = seen(placed)
    assert turn.step(later, moves=7) == "send"
    assert turn.sending.place is None and turn.sending.total == 2 and turn.sending.sent == {"t1": 1}
    assert sum(turn.sending.counts.values()) == 2


def test_the_turns_words_name_the_chip_the_landmark_and_the_counts():
    """What the panels say, read without a screen (chip_turn_words.py)."""
    from boardgames_tui.games.everbloom.chip_turn_words import ChipTurnWords

    state = four_cards(blank(["bats", "butterflies"], {"n1": (9, 0)}))  # 9a: only a 3, 4 or 5
    turn = ChipTurn(GAME)
    said = ChipTurnWords(RULES, turn)
    now = seen(state)
    turn.step(now, moves=0)
    turn.pick_chip(now, 2)
    assert said.place_heading(now).startswith("Place a chip: 1 [2] 3 4")
    rows = turn.place_rows(now)
    n1 = next(row for row in rows if row.space == "n1")
    assert said.place_row(now, n1).plain == f"n1   {RULES.landmark_label(state, 'n1')}: closed: {n1.why}"
    assert f"Closed: {n1.why}" in said.place_detail(now, n1).plain
    m1 = next(row for row in rows if row.space == "m1")
    assert said.place_row(now, m1).plain.endswith(f"2 pollinators → {', '.join(m1.plan.targets)}")
    # Under the cursor the row names each card whole; the detail keeps to the rule.
    named = ", ".join(f"{space} {card_name(state.stacks[space][0])}" for space in m1.plan.targets)
    assert said.place_row(now, m1, under_cursor=True).plain.endswith(f"2 pollinators → {named}")
    assert said.place_detail(now, m1).plain == f"m1: {landmark_rule(state, 'm1')}"
    turn.start_sending(now, m1.action)
    assert said.send_heading(now).startswith("Chip 2 at m1 (landmark ")
    assert said.send_heading(now).endswith("2 pollinators, all placed")
    rows_said = said.send_rows(now)
    assert len(rows_said) == len(turn.sending.targets)
    counts = [int(row.plain.split("◀")[1].split("▶")[0]) for row in rows_said]
    assert counts == [turn.sending.counts.get(space, 0) for space in turn.sending.targets] and sum(counts) == 2
    assert said.send_detail(now).plain.startswith("m1: ")
