"""Setup, the draft, the first-player marker, leftovers (fertility, aridity, wild) and the deck."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.contract import IllegalMove
from boardgames_tui.games.evergreen.content import WILD
from boardgames_tui.games.evergreen.model import ChooseBiome, DraftCard, EvergreenOptions, ZoneCard
from boardgames_tui.games.evergreen.rules import CARDS, POWER_TRACK_MAX, fertility_values, turn_order

from .helpers import RULES, card_where, new_game, seats, to_actions

SWAMP_2 = card_where(biome="swamp", fertility=2)
SWAMP_1 = card_where(biome="swamp", fertility=1)
SWAMP_ARID = card_where(biome="swamp", aridity=True)
SWAMP_BLANK = card_where(biome="swamp", fertility=0, aridity=False, multiplier=False, negative=False)
# Two base-game cards without icons, to fill draft rows.
BLANKS = [
    card_where(biome=biome, fertility=0, aridity=False, multiplier=False, negative=False)
    for biome in ("wheat", "meadow")
]
WILD_FERTILE = card_where(biome=WILD, fertility=1)
WILD_BLANK = card_where(biome=WILD, fertility=0)


def icons(card: int) -> int:
    info = CARDS[card]
    return info.fertility + info.negative


def draft_row(state, row, zone=None):
    """`state` (just dealt) with another draft row and, optionally, fertility zone."""
    changes = {"row": list(row)}
    if zone is not None:
        changes["zone"] = zone
    return state.model_copy(update=changes)


@pytest.mark.parametrize("modules", ["none", "cherry", "bamboo", "both"])
def test_setup_reveals_the_fertility_zone_until_five_icons_show(modules):
    for seed in range(25):
        state = new_game(3, seed=seed, modules=modules)
        zone_cards = [entry.card for stack in state.zone.values() for entry in stack]
        # Only biome cards with fertility or negative icons stay; multipliers and wild
        # cards are shuffled back.
        assert all(CARDS[card].biome != WILD and (CARDS[card].fertility or CARDS[card].negative) for card in zone_cards)
        total = sum(icons(card) for card in zone_cards)
        assert total >= 5
        # The reveal stopped as soon as five showed: without the last card kept, fewer than five.
        reveals = [entry.text for entry in state.log if entry.text.startswith("Fertility zone:")]
        assert len(reveals) == len(zone_cards)
        last = reveals[-1]
        last_icons = 1 if "negative fertility" in last else int(last.split(" fertility")[0].rsplit(" ", 1)[-1])
        assert total - last_icons < 5
        # Every card is in the deck, the zone or the draft row: nothing lost, nothing doubled.
        everything = sorted(state.deck + zone_cards + state.row)
        assert everything == sorted(card.id for card in CARDS if card.power in state.powers)


def test_negative_icons_count_toward_the_five_at_setup():
    seen_negative = False
    for seed in range(60):
        state = new_game(2, seed=seed, modules="bamboo", bamboo_replaces="points")
        zone_cards = [entry.card for stack in state.zone.values() for entry in stack]
        if any(CARDS[card].negative for card in zone_cards):
            seen_negative = True
            assert sum(icons(card) for card in zone_cards) >= 5
            # A negative icon counted toward the five, though it lowers the value.
            assert sum(fertility_values(state.zone).values()) < sum(icons(card) for card in zone_cards)
    assert seen_negative


def test_starting_points_run_0_1_2_3_clockwise_from_a_random_first_player():
    firsts = set()
    for seed in range(12):
        state = new_game(4, seed=seed)
        firsts.add(state.first_player)
        order = turn_order(state)
        assert [state.players[seat].start_points for seat in order] == [0, 1, 2, 3]
    assert len(firsts) > 1
    solo = new_game(1, seed=5)
    assert solo.first_player == 0 and solo.players[0].start_points == 0


def test_the_draft_row_holds_one_card_more_than_players_and_seats_pick_clockwise():
    state = new_game(3, seed=7)
    assert len(state.row) == 4
    order = turn_order(state)
    for seat in order:
        assert RULES.to_act(state) == [seat]
        with pytest.raises(IllegalMove, match="turn to draft"):
            RULES.validate(state, (seat + 1) % 3, DraftCard(card=state.row[0]))
        before = state.model_dump()
        after = RULES.apply(state, seat, DraftCard(card=state.row[-1]))
        assert state.model_dump() == before
        state = after
    assert state.phase in ("actions", "wild")


def test_the_marker_goes_on_the_leftmost_remaining_card_and_its_taker_leads_next():
    state = new_game(3, seed=11)
    first, second, third = turn_order(state)
    row = list(state.row)
    state = RULES.apply(state, first, DraftCard(card=row[0]))
    assert state.marker == row[1]
    state = RULES.apply(state, second, DraftCard(card=row[2]))
    state = RULES.apply(state, third, DraftCard(card=row[1]))
    assert state.marker_taken_by == third
    state = to_actions(state)
    for seat in range(3):
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[-1])
    assert state.phase == "draft" and state.first_player == third


def test_when_nobody_takes_the_marked_card_the_lead_passes_clockwise():
    state = new_game(3, seed=11)
    first, second, third = turn_order(state)
    row = list(state.row)
    state = RULES.apply(state, first, DraftCard(card=row[0]))
    state = RULES.apply(state, second, DraftCard(card=row[2]))
    state = RULES.apply(state, third, DraftCard(card=row[3]))
    assert state.marker == row[1] and state.marker_taken_by is None
    state = to_actions(state)
    for seat in range(3):
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[-1])
    assert state.first_player == second


def finish_draft(state, leftover):
    """Drafts every card of the row but `leftover`."""
    while state.phase == "draft":
        seat = RULES.to_act(state)[0]
        card = next(card for card in state.row if card != leftover)
        state = RULES.apply(state, seat, DraftCard(card=card))
    return state


def test_a_leftover_with_fertility_icons_joins_its_biome_stack():
    state = draft_row(new_game(1, seed=2), [BLANKS[0], SWAMP_2], zone={**new_game(1, seed=2).zone, "swamp": []})
    state = finish_draft(state, SWAMP_2)
    assert state.zone["swamp"] == [ZoneCard(card=SWAMP_2)]
    assert fertility_values(state.zone)["swamp"] == 2


def test_a_leftover_without_icons_is_discarded():
    state = new_game(1, seed=2)
    state = draft_row(state, [BLANKS[0], SWAMP_BLANK])
    zone_before = state.zone
    state = finish_draft(state, SWAMP_BLANK)
    assert state.discard == [SWAMP_BLANK]
    assert state.zone == zone_before


def test_aridity_flips_the_last_card_of_its_stack_face_down_and_joins_the_stack():
    """"If it has an aridity symbol, the last card in that biome is flipped face-down
    and added on top." """
    state = new_game(1, seed=2)
    zone = {**state.zone, "swamp": [ZoneCard(card=SWAMP_2), ZoneCard(card=SWAMP_1)]}
    state = finish_draft(draft_row(state, [BLANKS[0], SWAMP_ARID], zone), SWAMP_ARID)
    assert state.zone["swamp"] == [
        ZoneCard(card=SWAMP_2),
        ZoneCard(card=SWAMP_1, face_up=False),
        ZoneCard(card=SWAMP_ARID),
    ]
    assert fertility_values(state.zone)["swamp"] == 2
    assert any("Aridity" in entry.text for entry in state.log)


def test_a_second_aridity_flips_the_earlier_aridity_card_on_top_not_a_fertile_one():
    """"the last card in that biome is flipped face-down": the last card, whatever it
    shows; when an earlier aridity card lies on top, that is the card that turns, and
    the fertile cards under it keep their icons."""
    state = new_game(1, seed=2)
    zone = {
        **state.zone,
        "swamp": [ZoneCard(card=SWAMP_2), ZoneCard(card=SWAMP_1, face_up=False), ZoneCard(card=SWAMP_ARID)],
    }
    # Another aridity card for the swamp: pretend the swamp aridity card is drawn again
    # (a reshuffled discard can bring back any card that was not kept).
    state = finish_draft(draft_row(state, [BLANKS[0], SWAMP_ARID], zone), SWAMP_ARID)
    assert [entry.face_up for entry in state.zone["swamp"]] == [True, False, False, True]
    assert fertility_values(state.zone)["swamp"] == 2


def test_aridity_on_an_empty_stack_only_joins_it_and_can_dry_out_a_negative_icon():
    state = new_game(1, seed=2, modules="bamboo")
    state = finish_draft(draft_row(state, [BLANKS[0], SWAMP_ARID], {**state.zone, "swamp": []}), SWAMP_ARID)
    assert state.zone["swamp"] == [ZoneCard(card=SWAMP_ARID)]
    swamp_bamboo = card_where(biome="swamp", power="bamboo")
    state = new_game(1, seed=2, modules="bamboo")
    zone = {**state.zone, "swamp": [ZoneCard(card=SWAMP_1), ZoneCard(card=swamp_bamboo)]}
    state = finish_draft(draft_row(state, [BLANKS[0], SWAMP_ARID], zone), SWAMP_ARID)
    assert fertility_values(state.zone)["swamp"] == 1


def test_a_wild_leftover_with_fertility_goes_where_the_last_picker_says():
    state = new_game(2, seed=4)
    last = turn_order(state)[-1]
    state = draft_row(state, [BLANKS[0], BLANKS[1], WILD_FERTILE], {**state.zone, "rocks": []})
    state = finish_draft(state, WILD_FERTILE)
    assert state.phase == "wild" and state.leftover == WILD_FERTILE
    assert RULES.to_act(state) == [last]
    with pytest.raises(IllegalMove, match="last player to pick"):
        RULES.validate(state, 1 - last, ChooseBiome(biome="rocks"))
    with pytest.raises(IllegalMove, match="no biome"):
        RULES.validate(state, last, ChooseBiome(biome="lava"))
    state = RULES.apply(state, last, ChooseBiome(biome="rocks"))
    assert state.zone["rocks"] == [ZoneCard(card=WILD_FERTILE)]
    assert state.phase == "actions" and state.leftover is None


def test_a_wild_leftover_without_icons_is_simply_discarded():
    state = new_game(2, seed=4)
    state = finish_draft(draft_row(state, [BLANKS[0], BLANKS[1], WILD_BLANK]), WILD_BLANK)
    assert state.phase == "actions" and state.discard == [WILD_BLANK]


def test_a_short_deck_is_refilled_from_the_shuffled_discard_pile():
    state = to_actions(new_game(2, seed=9))
    state = state.model_copy(update={"deck": state.deck[:1], "discard": state.deck[1:20]})
    before = sorted(state.deck + state.discard)
    for seat in range(2):
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[-1])
    assert state.phase == "draft" and len(state.row) == 3
    assert sorted(state.deck + state.row) == before
    assert any("discard pile is shuffled" in entry.text for entry in state.log)


def test_the_drafted_power_rises_one_level_when_the_actions_start_up_to_the_tracks_end():
    state = new_game(2, seed=6)
    state = to_actions(state)
    for player in state.players:
        index = state.powers.index(CARDS[player.card].power)
        assert player.levels[index] == 1
        assert sum(player.levels) == 1
    capped = new_game(1, seed=6)
    players = [dataclasses.replace(capped.players[0], levels=[POWER_TRACK_MAX] * 6)]
    capped = to_actions(capped.model_copy(update={"players": players}))
    assert capped.players[0].levels == [POWER_TRACK_MAX] * 6


def test_module_options_swap_powers_and_cards():
    state = new_game(2, seed=1, modules="both", cherry_replaces="bush", bamboo_replaces="lake")
    assert state.powers == ["sprout", "sprout-to-small", "small-to-big", "cherry", "bamboo", "points"]
    in_play = {CARDS[card].power for card in state.deck + state.row}
    in_play |= {CARDS[entry.card].power for stack in state.zone.values() for entry in stack}
    assert "bush" not in in_play and "lake" not in in_play
    assert len(state.deck) + len(state.row) + sum(len(stack) for stack in state.zone.values()) == 42
    assert state.pool == {"s": 45, "t": 54, "T": 61, "b": 20, "l": 20, "c": 30, "m": 20, "M": 20}


def test_random_replacements_are_two_different_base_powers():
    replaced = set()
    for seed in range(20):
        state = new_game(2, seed=seed, modules="both")
        assert state.replaced["cherry"] != state.replaced["bamboo"]
        assert len(set(state.powers)) == 6 and {"cherry", "bamboo"} <= set(state.powers)
        replaced.add(state.replaced["cherry"])
    assert len(replaced) > 2
    named = new_game(2, seed=3, modules="both", bamboo_replaces="points")
    assert named.replaced["bamboo"] == "points" and named.replaced["cherry"] != "points"


def test_both_modules_may_not_replace_the_same_power():
    with pytest.raises(ValidationError, match="two different powers"):
        EvergreenOptions(modules="both", cherry_replaces="bush", bamboo_replaces="bush")
    EvergreenOptions(modules="cherry", cherry_replaces="bush", bamboo_replaces="bush")


def test_without_modules_there_are_no_module_pieces_and_solo_has_the_whole_box():
    state = RULES.setup(EvergreenOptions(), seats(1), 1)
    assert state.pool == {"s": 45, "t": 54, "T": 61, "b": 20, "l": 20}
    assert state.replaced == {} and "cherry" not in state.powers
