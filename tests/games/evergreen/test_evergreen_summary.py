"""What Evergreen tells its players as they play (summary.py): the score as it stands,
what changed since a seat's last move, the table's moments, hints in the seat's own
words, the questions before a move that gives up part of a turn, and words for any name."""

from __future__ import annotations

from boardgames_tui.engine.contract import SPECTATOR, Seat
from boardgames_tui.games.evergreen.model import ChooseBiome, Done, DraftCard, EvergreenOptions, Grow, Plan, Plant, UsePower, ZoneCard
from boardgames_tui.games.evergreen.rules import card_label, fertility_values, options_with_room
from boardgames_tui.games.evergreen.summary import changes_since, explain_move, forfeit_question, standings, table_moments

from .helpers import GAME, RULES, board, card_where, cell, give_card, new_game, to_actions, with_player
from .test_evergreen_actions import SWAMP_POINTS, SWAMP_SPROUT, action_state, play
from .test_evergreen_scoring import finish, last_round

SWAMP_SMALL = card_where(biome="swamp", power="sprout-to-small")


def public(state):
    return RULES.view(state, SPECTATOR)


# -- the score as it stands -------------------------------------------------------------------------
def test_standings_count_the_viewers_own_plan_and_only_the_public_boards_of_others():
    state = action_state()
    state = with_player(state, 1, board=board(A1="T"))
    # Ash's secret plan so far puts a second big tree beside the first.
    state = with_player(state, 1, plan=Plan(board=board(A1="T", B1="T")))
    ash_seen_by_daisy = standings(RULES.view(state, 0), 0)[1]
    ash_own = standings(RULES.view(state, 1), 1)[1]
    # Light from the top: A1 lit (2); B1 lit too (2) in Ash's own plan.  Forest 1 / 2.
    assert (ash_seen_by_daisy.light, ash_seen_by_daisy.forest) == (2, 1)
    assert (ash_own.light, ash_own.forest) == (4, 2)
    wheat = fertility_values(state.zone)["wheat"]
    assert ash_seen_by_daisy.fertility == wheat and ash_own.fertility == 2 * wheat
    assert standings(public(state), None)[1] == ash_seen_by_daisy
    assert ash_own.season_end == ash_own.banked + 4 + 2


def test_standings_at_the_end_are_the_final_totals():
    final = finish(last_round(2))
    assert [standing.banked for standing in standings(public(final), None)] == RULES.totals(final)


# -- since a seat's last move ---------------------------------------------------------------------------
def test_since_your_last_move_marks_what_a_reveal_planted_and_never_a_secret_plan():
    state = action_state()
    state = give_card(state, 1, SWAMP_SPROUT)
    state = play(state, 0, Plant(space=cell("A4")), Done())
    daisy_before = RULES.view(state, 0)
    state = play(state, 1, Plant(space=cell("B4")))
    # Ash's plan is secret: nothing changed for Daisy while Ash plans.
    assert not changes_since(daisy_before, RULES.view(state, 0), 0)
    state = play(state, 1, Done())
    report = changes_since(daisy_before, RULES.view(state, 0), 0)
    assert ("cell", 1, cell("B4")) in report.marks
    # Daisy's own sprout is no news to her.
    assert not any(mark[0] == "cell" and mark[1] == 0 for mark in report.marks)
    assert any("Ash: 1 sprout on B4" in line for line in report.lines)


def test_since_your_last_move_marks_the_cards_others_drafted_without_a_line():
    """The draft row and this round's cards list who took what, with the mark beside it:
    a line in the narrow side panel as well only pushed the planets' news out of sight."""
    state = new_game(3, seed=4)
    first = RULES.to_act(state)[0]
    state = RULES.apply(state, first, DraftCard(card=state.row[0]))
    before = RULES.view(state, first)
    for _ in range(2):
        seat = RULES.to_act(state)[0]
        if state.phase != "draft":
            break
        taken = state.row[0]
        state = RULES.apply(state, seat, DraftCard(card=taken))
        report = changes_since(before, RULES.view(state, first), first)
        assert ("card", taken) in report.marks
        assert not any("took" in line for line in report.lines)


# -- the table's moments ------------------------------------------------------------------------------------
def test_a_reveal_is_a_moment_listing_every_plan_and_the_next_lead():
    state = action_state(card=SWAMP_POINTS, level=2)
    state = give_card(state, 1, SWAMP_SPROUT)
    before = public(state)
    state = play(state, 0, UsePower(space=None), Done())
    state = play(state, 1, Plant(space=cell("B4")), Plant(space=cell("C4")), Done())
    moments = table_moments(RULES, before, public(state))
    assert len(moments) == 1
    heading, lines = moments[0].heading, moments[0].lines
    assert heading == "Spring, round 1: the plans are revealed"
    assert any(line.startswith("Daisy (Swamp · Gain Points") and "+2 points from Gain Points" in line for line in lines)
    assert any(line.startswith("Ash (Swamp · Plant a Sprout") and "2 sprouts on B4, C4" in line for line in lines)
    assert any("lead" in line for line in lines)
    # Nothing to tell between two moves of the same plan.
    assert table_moments(RULES, public(state), public(state)) == []


def test_a_season_summary_names_a_tie():
    state = last_round(2).model_copy(update={"season": 0, "round": 5})
    # Both planets score light 2 and a forest of 1 from the top: a tie in every category.
    for seat in (0, 1):
        state = with_player(state, seat, board=board(A1="T"), start_points=3)
    before = public(state)
    after = finish(state)
    moments = table_moments(RULES, before, public(after))
    season = next(moment for moment in moments if moment.heading == "Spring is scored")
    # The total is the season's points and the starting points: both said (found playing).
    assert "Daisy: light 2 + biggest forest 1 = 3 points · total 6, with 3 starting points." in season.lines
    assert "Most light: Daisy and Ash, tied on 2." in season.lines or "Most light: Ash and Daisy, tied on 2." in season.lines
    assert any(line.startswith("Leading:") and "tied on 6" in line for line in season.lines)
    assert season.lines[-1] == "The sun moves to the right edge: Summer begins."


def test_the_last_season_ends_with_the_final_scoring_and_its_tie_break():
    state = last_round(3)
    for seat in range(3):
        state = with_player(state, seat, board=board(), light=[0, 0, 0], forest=[0, 0, 0], start_points=5)
    state = state.model_copy(update={"marker_taken_by": 2})
    before = public(state)
    moments = table_moments(RULES, before, public(finish(state)))
    assert [moment.heading for moment in moments] == [
        "Winter, round 2: the plans are revealed",
        "Winter is scored",
        "Final scoring: fertility",
    ]
    final = moments[-1].lines
    assert final[-1].startswith("Winner: Birch, by tie on 5 points, broken by turn order")


# -- hints ---------------------------------------------------------------------------------------------------
def test_a_hint_names_the_space_and_what_it_scores():
    state = action_state(card=SWAMP_SMALL, planet=board(A4="s"))
    view = RULES.view(state, 0)
    explanation = explain_move(GAME, view, 0, Grow(space=cell("A4")))
    assert explanation.move == "Grow the sprout on A4 into a small tree"
    assert explanation.reason is not None and "light now 0 → 1" in explanation.reason
    plant = explain_move(GAME, view, 0, Plant(space=cell("B4")))
    assert plant.move == "Plant a sprout on B4 (Swamp)" and "grow" in (plant.reason or "")


def test_a_draft_hint_names_the_card_and_its_power():
    state = new_game(2, seed=4)
    seat = RULES.to_act(state)[0]
    card = state.row[0]
    explanation = GAME.narrator.explain_move(RULES.view(state, seat), seat, DraftCard(card=card))
    assert explanation.move.startswith("Draft ") and "·" in explanation.move
    assert "level 1" in (explanation.reason or "")


def test_a_biome_hint_says_what_the_leftover_does_to_fertility():
    state = new_game(2, seed=4)
    wild = card_where(biome="wild", power="lake", fertility=1)
    state = state.model_copy(update={"phase": "wild", "leftover": wild, "row": []})
    state = with_player(state, 0, board=board(A1="T"))
    reason = explain_move(GAME, RULES.view(state, 0), 0, ChooseBiome(biome="wheat")).reason or ""
    old = fertility_values(state.zone)["wheat"]
    assert f"Wheat fertility goes from {old} to {old + 1}" in reason and "1 big tree there gain 1 point" in reason


# -- guard rails ---------------------------------------------------------------------------------------------
def test_finishing_with_power_uses_or_the_action_left_asks_first():
    state = action_state(level=2)
    view = RULES.view(state, 0)
    question = forfeit_question(RULES, view, 0, Done())
    assert question == "Finish your plan with 2 uses of Plant a Sprout and your action still unused?"
    state = play(state, 0, Plant(space=cell("A4")), Plant(space=cell("B4")), Plant(space=cell("C4")))
    state = play(state, 0, UsePower(space=cell("A1")), UsePower(space=cell("B1")))
    assert forfeit_question(RULES, RULES.view(state, 0), 0, Done()) is None


def test_a_first_step_outside_the_cards_biome_asks_before_it_locks_the_action():
    state = action_state()
    view = RULES.view(state, 0)
    question = forfeit_question(RULES, view, 0, Plant(space=cell("A1")))  # Wheat, the card is Swamp's
    assert question is not None and "A1 is in Wheat, outside your card's biome (Swamp)" in question
    assert forfeit_question(RULES, view, 0, Plant(space=cell("A4"))) is None  # in the Swamp
    # An illegal step is not asked about: the rules refuse it with their reason.
    assert forfeit_question(RULES, view, 0, Grow(space=cell("A4"))) is None


def test_a_power_use_in_the_middle_of_the_action_asks_first():
    state = play(action_state(), 0, Plant(space=cell("A4")))
    question = forfeit_question(RULES, RULES.view(state, 0), 0, UsePower(space=cell("G1")))
    assert question is not None and "gives up the rest of your action" in question
    # One sprout in the card's biome: options 1 and 3 would take another step; option 4,
    # which the sprout also fits, is full and is not named as if something were left in it.
    assert question.endswith("(room left under options 1, 3).")


def test_the_options_with_room_are_those_that_would_take_another_step():
    state = action_state()
    assert options_with_room(state.players[0].plan, state.players[0].card) == [1, 2, 3, 4]
    state = play(state, 0, Plant(space=cell("A4")))
    assert options_with_room(state.players[0].plan, state.players[0].card) == [1, 3]
    state = play(state, 0, Plant(space=cell("B4")), Plant(space=cell("C4")))
    # Three sprouts fit option 1, and fill it.
    assert options_with_room(state.players[0].plan, state.players[0].card) == []
    # A growth outside the card's biome is option 4 whole.
    state = play(action_state(planet=board(A1="s")), 0, Grow(space=cell("A1")))
    assert options_with_room(state.players[0].plan, state.players[0].card) == []


# -- no private log, so later drafts need no curtain ----------------------------------------------------
def test_plan_steps_write_no_log_line_and_the_next_draft_is_public():
    state = action_state()
    log = list(state.log)
    state = play(state, 0, Plant(space=cell("A4")))
    assert state.log == log
    state = play(state, 0, Done())
    state = play(state, 1, Done())
    assert state.phase == "draft" and state.round == 2
    for seat in (0, 1):
        assert RULES.view(state, seat) == public(state)


# -- words for any name ----------------------------------------------------------------------------------------
def test_words_work_for_a_seat_named_you_and_one_named_james():
    seats = [Seat(name="You"), Seat(name="James")]
    state = to_actions(RULES.setup(EvergreenOptions(), seats, 1))
    state = give_card(state, 1, SWAMP_SPROUT)
    state = give_card(state, 0, SWAMP_SPROUT)
    james_before = RULES.view(state, 1)
    state = play(state, 1, Plant(space=cell("A4")), Done())
    state = play(state, 0, Plant(space=cell("B4")), Done())
    text = "\n".join(
        [entry.text for entry in state.log]
        + list(changes_since(james_before, RULES.view(state, 1), 1).lines)
        + [line for moment in table_moments(RULES, public(james_before), public(state)) for line in moment.lines]
    )
    assert "You: 1 sprout on B4" in text and "James" in text
    for wrong in ("You's", "You drafts", "You has", "You reveals", "(s)", "1 points"):
        assert wrong not in text


# -- the end reveals everything ----------------------------------------------------------------------------------
def test_the_score_sheet_names_what_lay_face_down_at_the_end():
    state = last_round(2)
    zone = dict(state.zone)
    dried = card_where(biome="swamp", fertility=2)
    zone["swamp"] = [ZoneCard(card=dried, face_up=False)]
    final = finish(state.model_copy(update={"zone": zone}))
    notes = RULES.score_sheet(final).notes
    assert f"Face down in Swamp (dried out, worth nothing): {card_label(dried)}." in notes


def test_seen_by_the_table_a_seats_own_revealed_plan_is_not_news_to_it():
    state = action_state()
    state = give_card(state, 1, SWAMP_SPROUT)
    state = play(state, 0, Plant(space=cell("A4")), Done())
    table_before = public(state)
    state = play(state, 1, Plant(space=cell("B4")), Done())
    report = changes_since(table_before, public(state), 0)
    assert not any(mark[0] == "cell" and mark[1] == 0 for mark in report.marks)
    assert ("cell", 1, cell("B4")) in report.marks
    assert not any(line.startswith("Your planet") for line in report.lines)


def test_a_plan_names_its_power_uses_by_the_powers_whole_name():
    """Found playing: "sprout on F3, Sprout on G3" (the power's short name) read as a typo."""
    state = play(action_state(), 0, Plant(space=cell("A4")), UsePower(space=cell("G1")))
    player = state.players[0]
    assert RULES.plan_summary(state, player, player.plan) == "sprout on A4, Plant a Sprout on G1"
