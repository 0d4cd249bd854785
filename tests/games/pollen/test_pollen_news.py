"""What Pollen tells its players: changes since a seat's last move, the table's scoring
moments (ties named), live standings, hints in the seat's words, the score sheet by
source, and names that read right whatever they are ("You", "James")."""

from __future__ import annotations

import dataclasses

import random

from boardgames_tui.engine.contract import HIDDEN, SPECTATOR
from boardgames_tui.games.pollen.model import PlaceToken, Plant
from boardgames_tui.games.pollen.news import CARD_MARK, SCORED_MARK, TOKEN_MARK
from boardgames_tui.games.pollen.standings import if_it_ended_now, live_standings

from .helpers import GAME, RULES, build, card, token

BEE, BUTTERFLY, JUNEBUG = 0, 1, 2
# The four cells around point (0, 0).
NW, NE, SW, SE = (-1, -1), (0, -1), (-1, 0), (0, 0)


def tie_position(names=None):
    """The rulebook's second example, one card short: Orange (to move) finishes the
    Butterfly/Junebug token at (0, 0) with its 2 Butterflies in (0, -1).  Butterflies:
    Orange 2 + 2 stars = 4 ties Pink's 4 (nobody wins); Junebugs: Orange's 2 stars beat
    Purple's 1.  A Bee token at (1, -1) waits beside, untouched."""
    orange, pink, purple = 0, 1, 2
    return build(
        3,
        garden={NW: card(orange, "star-2"), SW: card(pink, "butterfly-4"), SE: card(purple, "star-1")},
        placed=[(0, 0, token("butterfly", "junebug")), (1, -1, token("bee"))],
        hands={orange: [card(orange, "butterfly-2"), card(orange, "bee-4")]},
        active=orange,
        names=names,
    )


def test_the_table_is_told_a_tie_with_the_tied_players_named():
    state = tie_position()
    action = Plant(card=card(0, "butterfly-2"), x=0, y=-1)
    after = RULES.apply(state, 0, action)
    moments = GAME.narrator.table_moments(RULES.view(state, SPECTATOR), RULES.view(after, SPECTATOR))
    [moment] = moments
    text = "\n".join(moment.lines)
    assert moment.heading == "A token is scored"
    # Butterflies: Orange 2 + 2 stars = 4 ties Pink's 4; Junebugs: Orange's 2 stars beat Purple's 1.
    assert "Butterflies tied at 4 (Orange and Pink): no meeple" in text
    assert "Orange wins a Junebug meeple (2 to 1)" in text
    assert "Orange now leads Junebugs" in text


def test_a_seat_taking_two_leads_at_once_is_told_it_would_win_outright():
    state = tie_position(["Ann", "James", "Cleo"])
    state.meeples = [[1, 0, 0], [0, 0, 0], [0, 0, 0]]
    # James plants 2 Butterflies: Butterflies 6 to 2; Junebugs Ann's 2 stars to Cleo's 1.
    state.active = 1
    state.players[1].hand = [card(1, "butterfly-2")]
    after = RULES.apply(state, 1, Plant(card=card(1, "butterfly-2"), x=0, y=-1))
    [moment] = GAME.narrator.table_moments(RULES.view(state, SPECTATOR), RULES.view(after, SPECTATOR))
    assert "James now leads Butterflies; Ann now leads Junebugs." in moment.lines
    state.meeples = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    state.players[1].hand = [card(1, "butterfly-2")]
    state.garden[0] = dataclasses.replace(state.garden[0], card=card(1, "star-2"))
    after = RULES.apply(state, 1, Plant(card=card(1, "butterfly-2"), x=0, y=-1))
    [moment] = GAME.narrator.table_moments(RULES.view(state, SPECTATOR), RULES.view(after, SPECTATOR))
    assert "James now leads Butterflies and Junebugs." in moment.lines
    assert "James now leads two insects: if the game ended now, that would win outright." in moment.lines


def test_nothing_scored_tells_the_table_nothing():
    state = tie_position()
    after = RULES.apply(state, 0, Plant(card=card(0, "bee-4"), x=1, y=-1))
    assert GAME.narrator.table_moments(RULES.view(state, SPECTATOR), RULES.view(after, SPECTATOR)) == []


def test_a_seat_that_loses_its_only_lead_is_warned_and_the_end_names_who_is_out():
    # Pink leads Junebugs 1 to 0; Orange's move takes a Junebug meeple: tied, Pink leads nothing.
    state = tie_position(["Ann", "James", "You"])
    state.meeples = [[1, 0, 0], [0, 0, 1], [0, 0, 0]]
    after = RULES.apply(state, 0, Plant(card=card(0, "butterfly-2"), x=0, y=-1))
    [moment] = GAME.narrator.table_moments(RULES.view(state, SPECTATOR), RULES.view(after, SPECTATOR))
    text = "\n".join(moment.lines)
    assert "Junebugs: Ann and James tied at 1, so nobody leads them" in text
    assert "James leads no insect now: whoever leads no insect when the game ends is out of the running." in text
    # The end of the game is a moment of its own, with who is out and how it was decided.
    over = after.model_copy(update={"phase": "over", "end_reasons": ["Every garden card has been played."]})
    moments = GAME.narrator.table_moments(RULES.view(after, SPECTATOR), RULES.view(over, SPECTATOR))
    assert [moment.heading for moment in moments] == ["The game is over"]
    end = "\n".join(moments[0].lines)
    assert "Every garden card has been played." in end
    assert "Ann leads Bees (1 to 0)." in end
    assert "James and You lead no insect: out of the running." in end
    assert "Ann wins." in end


def test_changes_since_mark_the_card_the_new_token_and_the_scored_token_for_that_seat_only():
    state = tie_position()
    before = RULES.view(state, 1)
    after_state = RULES.apply(state, 0, Plant(card=card(0, "butterfly-2"), x=0, y=-1))
    after = RULES.view(after_state, 1)
    report = GAME.narrator.changes_since(before, after, 1)
    assert (CARD_MARK, 0, -1) in report.marks
    assert (SCORED_MARK, 0, 0) in report.marks
    new_points = {(placed.x, placed.y) for placed in after_state.tokens} - {(placed.x, placed.y) for placed in state.tokens}
    assert new_points and {(TOKEN_MARK, *point) for point in new_points} <= report.marks
    assert (TOKEN_MARK, 1, -1) not in report.marks  # the Bee token was there before
    text = " ".join(report.lines)
    assert "Orange planted 2 Butterflies at (0, -1)." in text
    assert "Scored Butterfly/Junebug: Orange wins Junebug (2 to 1); Butterflies tied at 4." in text
    # Orange drew a card at the end of its turn: nothing of it reaches Pink.
    drawn = after_state.players[0].hand[-1]
    assert "drew" not in text and after.players[0].hand.count(HIDDEN) == len(after.players[0].hand)
    assert GAME.narrator.changes_since(before, after, 1) == GAME.narrator.changes_since(
        before, RULES.view(_other_secrets(after_state), 1), 1
    ), drawn


def _other_secrets(state):
    """The same table with Orange's hand and deck shuffled together: what Pink cannot tell apart."""
    other = state.model_copy(deep=True)
    cards_ = other.players[0].hand + other.players[0].deck
    random.Random(1).shuffle(cards_)
    size = len(other.players[0].hand)
    other.players[0].hand, other.players[0].deck = cards_[:size], cards_[size:]
    return other


def test_changes_since_name_several_cards_by_their_owners():
    state = tie_position(["Ann", "James", "Cleo"])
    before = RULES.view(state, 0)
    planted = [
        dataclasses.replace(state.garden[0], x=1, y=-1, card=card(1, "bee-3")),
        dataclasses.replace(state.garden[0], x=2, y=-1, card=card(2, "star-3")),
    ]
    state.garden = [*state.garden, *planted]  # a new list: the view before shares the old one
    report = GAME.narrator.changes_since(before, RULES.view(state, 0), 0)
    assert report.lines == ("Planted: James's 3 Bees at (1, -1); Cleo's 3 wild stars at (2, -1).",)
    assert {(CARD_MARK, 1, -1), (CARD_MARK, 2, -1)} == report.marks


def test_changes_since_speak_to_the_seat_as_you_only_on_its_own_screen():
    state = tie_position(["You", "James", "Ann"])
    state.active = 1
    state.players[1].hand = [card(1, "butterfly-2")]
    after_state = RULES.apply(state, 1, Plant(card=card(1, "butterfly-2"), x=0, y=-1))
    own = GAME.narrator.changes_since(RULES.view(state, 0), RULES.view(after_state, 0), 0)
    public = GAME.narrator.changes_since(RULES.view(state, SPECTATOR), RULES.view(after_state, SPECTATOR), 0)
    # Butterflies: James 4 + 2 against 2 stars; Junebugs: the player named "You" has 2 stars to Ann's 1.
    assert own.lines == (
        "James planted 2 Butterflies at (0, -1).",
        "Scored Butterfly/Junebug: James wins Butterfly (6 to 2); you win Junebug (2 to 1).",
    )
    # A seat named You is spoken to on every screen: the learner of a guided game is called so.
    assert public.lines[1] == "Scored Butterfly/Junebug: James wins Butterfly (6 to 2); You win Junebug (2 to 1)."
    assert own.marks == public.marks


def test_changes_since_tell_first_the_token_the_seat_had_cards_by():
    """Two tokens scored since James's last move: the one he lost comes first, the other
    is counted and marked on the board (the table saw both in full as they scored)."""
    from boardgames_tui.games.pollen.model import InsectResult, Pollination

    state = tie_position(["Ann", "James", "Cleo"])
    before = RULES.view(state, 1)
    others_only = Pollination(turn=3, token=token("bee"), x=1, y=-1, results=[InsectResult(insect=BEE, counts=[3, 0, 2], winner=0)])
    with_james = Pollination(turn=3, token=token("junebug"), x=0, y=0, results=[InsectResult(insect=JUNEBUG, counts=[0, 2, 4], winner=2)])
    state.pollinations = [*state.pollinations, others_only, with_james]
    report = GAME.narrator.changes_since(before, RULES.view(state, 1), 1)
    assert report.lines == (
        "Scored Junebug: Cleo wins Junebug (4 to 2).",
        "Also 1 more token scored (marked on the board).",
    )
    assert {(SCORED_MARK, 1, -1), (SCORED_MARK, 0, 0)} <= report.marks


def test_live_standings_name_leads_ties_who_would_be_out_and_an_outright_win():
    state = build(3, names=["Ann", "James", "You"])
    state.meeples = [[2, 1, 0], [1, 1, 0], [0, 0, 0]]
    standings = live_standings(RULES.view(state, 1))
    assert [lead.leader for lead in standings.insects] == [0, None, None]
    assert standings.insects[BUTTERFLY].top == (0, 1)
    assert standings.insects[JUNEBUG].top == ()
    assert standings.at_risk == (1, 2)
    assert standings.outright is None
    state.meeples = [[2, 1, 0], [1, 0, 0], [0, 0, 0]]
    assert live_standings(RULES.view(state, 1)).outright == 0
    # Nobody has a meeple: nobody is warned.
    state.meeples = [[0, 0, 0]] * 3
    assert live_standings(state).at_risk == ()


def test_the_end_is_near_when_a_pile_the_tokens_or_the_cards_run_low():
    state = build(3)
    assert live_standings(state).end_near is None
    state.supply = [3, 10, 10]
    assert live_standings(state).end_near == "The end is near: 3 Bee meeples left."
    state.supply = [1, 10, 10]
    assert "1 Bee meeple left" in live_standings(state).end_near


def test_a_hint_names_the_card_and_the_cell_and_says_what_it_scores():
    state = tie_position()
    view = RULES.view(state, 0)
    explanation = GAME.narrator.explain_move(view, 0, Plant(card=card(0, "butterfly-2"), x=0, y=-1))
    assert explanation.move == "Plant your 2 Butterflies card at (0, -1)"
    assert "it scores the Butterfly/Junebug token at the top-left corner of (0, 0)" in explanation.reason
    assert "you win a Junebug meeple (2 to 1)" in explanation.reason
    assert "Butterflies tied at 4 (you and Pink): no meeple" in explanation.reason
    # Explaining plays the move on a copy: the view is as it was.
    assert view == RULES.view(state, 0)


def test_a_hint_that_scores_nothing_says_how_the_seat_would_stand_by_the_token():
    state = tie_position()
    explanation = GAME.narrator.explain_move(RULES.view(state, 0), 0, Plant(card=card(0, "bee-4"), x=1, y=-1))
    assert explanation.move == "Plant your 4 Bees card at (1, -1)"
    assert explanation.reason == (
        "by the Bee token at the top-left corner of (1, -1) (you would lead Bees 4 to 0; 3 cells still open); "
        "it draws pollinators to 1 new spot"
    )


def test_a_token_hint_names_the_token_and_where_it_lands():
    state = tie_position()
    bee, butterfly = token("bee"), token("butterfly")
    # Orange planted by (1, -1) and drew two tokens for the two spots its card opened.
    state.garden.append(dataclasses.replace(state.garden[0], x=1, y=0, card=card(0, "bee-4")))
    state.phase, state.pending_tokens, state.pending_points = "assign", [bee, butterfly], [(1, 0), (2, 1)]
    explanation = GAME.narrator.explain_move(RULES.view(state, 0), 0, PlaceToken(token=bee, x=2, y=1))
    assert explanation.move == "Place the Bee token at the top-left corner of (2, 1)"
    assert explanation.reason == "where it lands: you would lead Bees 4 to 0; 3 cells still open"


def test_the_score_sheet_breaks_meeples_down_by_source_and_names_the_unplanted_cards():
    state = tie_position(["You", "James", "Ann"])
    state = RULES.apply(state, 0, Plant(card=card(0, "butterfly-2"), x=0, y=-1))
    state.fill_ins = [1, 0, 0]
    state.phase = "over"
    sheet = RULES.score_sheet(state)
    junebugs = next(row for row in sheet.rows if row.category == "Junebugs meeples")
    assert junebugs.details[0] == "leads 1 to 0; won on 1 token (turn 1)"
    notes = "\n".join(sheet.notes)
    assert "1 Bee meeple was won after the pile ran out; they count." in notes
    assert "(s)" not in notes and "1 points" not in notes
    assert "You lead no insect" not in notes  # You lead Junebugs
    assert "James leads no insect and is eliminated." in notes
    # Every card never planted is named, with whose it was.
    assert "James's cards never planted: Hand:" in notes
    assert "Your cards never planted: Hand: 4 Bees" in notes
    assert "Tokens scored: 1; insects tied on them, so that nobody won the meeple: 1." in notes


def test_the_standings_speak_to_a_player_named_you():
    """What the end would do now, beside the standings: "You win outright", "You are out"."""
    state = tie_position(["You", "James", "Ann"])
    names = [seat.name for seat in state.seats]
    state.meeples = [[2, 2, 0], [0, 0, 0], [0, 0, 1]]
    assert if_it_ended_now(live_standings(state), names) == ["You win outright (two leads)", "James is out (no lead)"]
    state.meeples = [[0, 0, 0], [2, 2, 0], [0, 0, 1]]
    assert if_it_ended_now(live_standings(state), names) == ["James wins outright (two leads)", "You are out (no lead)"]


def test_log_lines_speak_to_a_player_named_you():
    state = tie_position(["You", "James", "Ann"])
    line = GAME.narrator.describe(state, 0, Plant(card=card(0, "bee-4"), x=1, y=-1))
    assert line == "You plant 4 Bees at (1, -1)."


def test_a_hint_never_names_a_token_the_move_would_draw_from_the_bag():
    """A planting that opens two spots takes the next-up token and draws another from
    the bag, which may be scored at once (its four cells full).  The hint's words play
    the move on a sample of the hidden state, whose bag order is a guess: the drawn
    token is not named.  The sample is seeded from the question (the position and the
    hint's budget), so the planting is looked for along seeded games, not fixed."""
    from boardgames_tui.engine.contract import Seat
    from boardgames_tui.games.pollen.news import token_name

    found = None
    for seed in range(8):
        state = RULES.setup(RULES.parse_options({}), [Seat(name=f"S{n}", kind="bot") for n in range(2)], seed)
        mover = random.Random(seed)
        found = _planting_that_scores_a_drawn_token(state, mover)
        if found is not None:
            break
    assert found is not None, "no seeded game reaches a planting that scores a drawn token"
    view, seat, plant, drawn = found
    reason = GAME.narrator.explain_move(view, seat, plant).reason or ""
    assert token_name(drawn) not in reason


def _planting_that_scores_a_drawn_token(state, mover):
    """Along a random game from `state`: a seat's view, a planting and the token it
    would draw and score at once in the hint's sample, or None."""
    from boardgames_tui.engine.bots import view_after

    found = None
    while found is None and not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        view = RULES.view(state, seat)
        known = {(placed.x, placed.y) for placed in view.tokens}
        for plant in (action for action in RULES.legal_actions(view, seat) if isinstance(action, Plant)):
            after = view_after(GAME, view, seat, [plant])
            guessed = [
                pollination
                for pollination in after.pollinations[len(view.pollinations) :]
                if (pollination.x, pollination.y) not in known and pollination.token != view.next_up
            ]
            if guessed:
                found = view, seat, plant, guessed[0]
                break
        state = RULES.apply(state, seat, mover.choice(RULES.legal_actions(state, seat)))
    return found
