"""What Bloom Kingdom tells the table and each seat: reveals, round scorings (ties
named), changes since a seat's last move, live standings, hints and the score sheet."""

from __future__ import annotations

from boardgames_tui.engine.contract import SPECTATOR, Seat
from boardgames_tui.games.bloom_kingdom import news
from boardgames_tui.games.bloom_kingdom.model import KnightChoice, PlayCard, WizardChoice
from boardgames_tui.games.bloom_kingdom.rules import card_label

from .bloom_builders import GAME, RULES, CardPicker, act, build_state, play_turn


def public(state):
    return RULES.view(state, SPECTATOR)


def moments_of(before, after):
    return GAME.narrator.table_moments(public(before), public(after))


def test_the_reveal_names_who_played_what_and_who_played_the_same():
    picker = CardPicker()
    queens = picker.take("queen", 2)
    dragon = picker.one("dragon")
    hands = [[queens[0], *picker.take("farmer", 3)], [queens[1], *picker.take("noble", 3)], [dragon, *picker.take("king", 3)]]
    before = build_state(picker, hands)
    after = play_turn(before, [queens[0], queens[1], dragon])
    [moment] = moments_of(before, after)
    assert moment.heading == "Round 1, turn 1: the cards are revealed"
    assert "Played: Robin Queen · John Queen · Marie Dragon." in moment.lines
    # Two players revealing the same character is named.
    assert "Robin and John both played a Queen." in moment.lines


def test_a_cards_effect_decided_after_the_reveal_leads_the_next_turns_reveal():
    picker = CardPicker()
    knight = picker.one("knight")
    dragon = picker.one("dragon")
    # Five cards each: three turns before the two kept cards are left.
    hands = [[knight, *picker.take("farmer", 4)], picker.take("noble", 5)]
    before = build_state(picker, hands, {"dragon": [dragon]})
    revealed = play_turn(before, [knight, hands[1][0]])
    [reveal] = moments_of(before, revealed)
    assert f"Waiting for Robin to decide what {card_label(knight)} does." in reveal.lines
    # The decision itself is not announced: each seat's "since your last turn" tells
    # it, and the table hears it with the next reveal (one announcement per turn).
    decided = act(revealed, 0, KnightChoice(remove=True))
    assert moments_of(revealed, decided) == []
    next_turn = play_turn(decided, [hands[0][1], hands[1][1]])
    [turn_two] = moments_of(decided, next_turn)
    assert turn_two.heading == "Round 1, turn 2: the cards are revealed"
    assert turn_two.lines[:4] == (
        "Turn 1, decided after its reveal:",
        "  Robin's Knight removes a Dragon.",
        "  Dragon leaves the Dragon column for the box.",
        "",
    )
    assert turn_two.lines[4].startswith("Played: Robin Farmer · John Noble")
    # Told once: the turn after that starts afresh.
    third = play_turn(next_turn, [hands[0][2], hands[1][2]])
    [turn_three] = moments_of(next_turn, third)
    assert turn_three.lines[0].startswith("Played: ")


def test_every_move_makes_at_most_one_announcement_and_every_effect_is_told():
    """A whole game of random moves: one Enter per announcing move for the table, and
    nothing the cards did goes untold (decisions reach the table one reveal later)."""
    import random

    from .test_bloom_properties import new_game

    for players, seed in ((2, 3), (3, 5), (4, 8)):
        state = new_game(players, seed)
        rng = random.Random(seed)
        told = public(state)
        said: list[str] = []
        reveals = 0
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
            now = public(state)
            moments = GAME.narrator.table_moments(told, now)
            assert len(moments) <= 1
            reveals += sum(1 for moment in moments if "the cards are revealed" in moment.heading)
            said += [line.strip() for moment in moments for line in moment.lines]
            told = now
        final = public(state)
        assert reveals == sum(1 for entry in final.log if " reveal: " in entry.text)
        returns = {news.unicorn_return_line(seat.name) for seat in final.seats}
        effects = news._effect_lines(final, [entry.text for entry in final.log if " sit down to " not in entry.text])
        assert [line for line in effects if line not in returns and line not in said] == []


def last_turn_state(picker, kept_a, kept_b, display=None):
    """Round 1's last turn for two players: each holds its two kept cards and a Farmer."""
    farmers = picker.take("farmer", 2)
    return build_state(picker, [[*kept_a, farmers[0]], [*kept_b, farmers[1]]], display or {}, turn=6), farmers


def test_a_round_scoring_names_a_tie_and_explains_every_card():
    picker = CardPicker()
    display = {"dragon": picker.take("dragon", 2)}
    before, farmers = last_turn_state(picker, picker.take("dragon", 2), picker.take("dragon", 2), display)
    after = play_turn(before, farmers)
    assert after.round == 2
    [moment] = moments_of(before, after)
    # The last reveal and the round's scoring: one announcement.
    assert moment.heading == "Round 1, turn 6: the cards are revealed, and round 1 is scored"
    assert moment.lines[0].startswith("Played: Robin Farmer")
    lines = moment.lines
    assert "Round 1 scored — the display stays for round 2:" in lines
    assert "Robin kept Dragon = 8 (4 × 2 Dragons) + Dragon = 8 (4 × 2 Dragons): 16 points." in lines
    assert "A tie for the round's best: Robin and John, 16 points each." in lines
    assert "Shared lead: Robin and John, 16 points each." in lines


def test_a_decision_on_a_rounds_last_turn_heads_the_rounds_scoring():
    picker = CardPicker()
    knight = picker.one("knight")
    dragons = picker.take("dragon", 2)
    before, _ = last_turn_state(picker, picker.take("queen", 2), picker.take("king", 2), {"dragon": dragons})
    before.players[0].hand[2] = knight
    revealed = play_turn(before, [knight, before.players[1].hand[2]])
    assert revealed.phase == "knight"
    decided = act(revealed, 0, KnightChoice(remove=False))
    [scoring] = moments_of(revealed, decided)
    assert scoring.heading == "Round 1 scored — the display stays for round 2"
    assert scoring.lines[:3] == ("Turn 6, decided after its reveal:", "  Robin's Knight leaves the Dragons be.", "")
    assert scoring.lines[3].startswith("Robin kept ")


def test_king_and_jester_say_who_made_them_score_or_not():
    picker = CardPicker()
    display = {"king": picker.take("king", 2)}
    before, farmers = last_turn_state(
        picker, [picker.one("king"), picker.one("dragon")], [picker.one("jester"), picker.one("dragon")], display
    )
    after = play_turn(before, farmers)
    [scoring] = moments_of(before, after)
    robin, john = [line for line in scoring.lines if " kept " in line]
    assert "King = 0 (John kept a Jester)" in robin
    jester = card_label(after.rounds[0][1].cards[0])
    assert f"{jester} = 8 (4 × 2 Kings, Robin kept a King)" in john
    assert scoring.lines[-1].startswith("In the lead: John, by ")


def test_since_my_last_move_marks_the_reveal_and_hides_the_others_secrets():
    picker = CardPicker()
    unicorn = picker.one("unicorn")
    farmer = picker.one("farmer")
    queen = picker.one("queen")
    hands = [[farmer, *picker.take("noble", 3)], [unicorn, *picker.take("dragon", 3)], [queen, *picker.take("king", 3)]]
    start = build_state(picker, hands)
    mine = act(start, 0, PlayCard(card=farmer))
    seen_before = RULES.view(mine, 0)
    # John chooses: nothing Robin can see changes but a card going face down.
    chosen = act(mine, 1, PlayCard(card=unicorn))
    quiet = GAME.narrator.changes_since(seen_before, RULES.view(chosen, 0), 0)
    assert not quiet.marks
    assert all(card_label(unicorn) not in line for line in quiet.lines)
    # Marie's card completes the turn: the reveal, John's Unicorn draw (its card is John's secret).
    revealed = act(chosen, 2, PlayCard(card=queen))
    report = GAME.narrator.changes_since(seen_before, RULES.view(revealed, 0), 0)
    assert {("column", "farmer"), ("column", "unicorn"), ("column", "queen")} <= report.marks
    assert {("revealed", 0), ("revealed", 1), ("revealed", 2)} <= report.marks
    assert report.lines[0] == "Turn 1: Robin Farmer · John Unicorn · Marie Queen."
    drawn = revealed.players[1].hand[-1]
    assert all(card_label(drawn) not in line for line in report.lines if "drew" in line)
    assert not any("John drew" in line for line in report.lines)
    # John himself is told what he drew.
    johns = GAME.narrator.changes_since(RULES.view(chosen, 1), RULES.view(revealed, 1), 1)
    assert f"John drew {card_label(drawn)}." in johns.lines


def test_standings_are_public_and_the_outlook_is_the_seats_own():
    picker = CardPicker()
    display = {"dragon": picker.take("dragon", 1)}
    before, farmers = last_turn_state(picker, picker.take("dragon", 2), [picker.one("queen"), picker.one("noble")], display)
    state = play_turn(before, farmers)
    state = play_turn(state, [state.players[0].hand[0], state.players[1].hand[0]])
    for seat in (0, 1):
        assert GAME.narrator.standings(RULES.view(state, seat)) == GAME.narrator.standings(public(state))
    robin, john = GAME.narrator.standings(public(state))
    assert (robin.total, robin.place, robin.rounds) == (8, "1st", (8,))
    assert (john.place, len(robin.played)) == ("2nd", 1)
    assert robin.played == (card_label(state.revealed[0]),)
    outlook = GAME.narrator.outlook(RULES.view(state, 0), 0)
    assert outlook and outlook.startswith("Best two to keep now: ")


def test_a_hint_names_the_card_and_what_it_does_to_the_best_two():
    picker = CardPicker()
    dragons = picker.take("dragon", 3)
    hands = [[*dragons, picker.one("farmer")], picker.take("noble", 4)]
    state = build_state(picker, hands, {"dragon": picker.take("dragon", 1)})
    explanation = GAME.narrator.explain_move(RULES.view(state, 0), 0, PlayCard(card=dragons[0]))
    assert explanation.move == "Play Dragon face down"
    assert explanation.reason == (
        "the Dragon column grows to 2; your best two to keep would be Dragon and Dragon (16 points)"
        " if the round ended now, against Dragon and Dragon (8 points) before"
    )


def test_the_wizard_hint_speaks_of_the_column():
    picker = CardPicker()
    wizard = picker.one("wizard")
    hands = [[wizard, *picker.take("noble", 3)], picker.take("farmer", 4)]
    state = build_state(picker, hands, {"queen": picker.take("queen", 2)})
    state = play_turn(state, [wizard, hands[1][0]])
    assert state.phase == "wizard"
    explanation = GAME.narrator.explain_move(RULES.view(state, 0), 0, WizardChoice(column="queen"))
    assert explanation.move == "Let your Wizard remove a card from the Queen column"
    assert explanation.reason.startswith("the Queen column shrinks to 1")


def test_the_score_sheet_names_every_kept_card_and_every_secret():
    from .test_bloom_properties import new_game

    import random

    state = new_game(3, 4)
    rng = random.Random(2)
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    sheet = RULES.score_sheet(state)
    for number, results in enumerate(state.rounds):
        for seat, result in enumerate(results):
            for card, points in zip(result.cards, result.points):
                assert f"{card_label(card)} = {points} (" in sheet.rows[number].details[seat]
    secrets = [entry for entry in state.log if entry.visible_to is not None]
    assert secrets
    for entry in secrets:
        [seat] = entry.visible_to
        name = state.name(seat)
        [note] = [note for note in sheet.notes if note.startswith(f"Seen by {name} alone: ")]
        assert entry.text.removeprefix(f"{name} ").rstrip(".") in note


def test_words_work_for_any_name():
    picker = CardPicker()
    queens = picker.take("queen", 2)
    hands = [[queens[0], *picker.take("farmer", 3)], [queens[1], *picker.take("noble", 3)]]
    state = build_state(picker, hands).model_copy(update={"seats": [Seat(name="You"), Seat(name="James")]})
    after = play_turn(state, queens)
    [moment] = moments_of(state, after)
    assert "You and James both played a Queen." in moment.lines
    assert news.lead_line(["You", "James"], [1, 0]) == "In the lead: You, by 1 point (1 to 0)."
    assert news.lead_line(["You", "James"], [3, 3]) == "Shared lead: You and James, 3 points each."
    # Four cards dealt each: two turns, then two cards kept.
    assert news.turns_this_round(public(after)) == 2


def test_once_the_game_is_over_the_last_scoring_names_the_winner_not_a_lead():
    import random

    from boardgames_tui.engine.text import and_list

    from .test_bloom_properties import new_game

    state = new_game(3, 5)
    rng = random.Random(5)
    while not RULES.is_over(state):
        before = state
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    names = [seat.name for seat in state.seats]
    scores = RULES.totals(state)
    best = max(scores)
    winners = [name for name, score in zip(names, scores) if score == best]
    said = f"Winner: {winners[0]}, by " if len(winners) == 1 else f"Shared victory: {and_list(winners)}, "
    last = moments_of(before, state)[-1]
    assert last.heading.endswith("the last round") or "round 3 is scored" in last.heading, last.heading
    assert last.lines[-1].startswith(said), last.lines[-1]
    for seat in range(len(names)):
        report = GAME.narrator.changes_since(RULES.view(before, seat), RULES.view(state, seat), seat)
        assert report.lines[-1].startswith(said), report.lines
        assert not any(line.startswith(("In the lead", "Shared lead")) for line in report.lines)
    # Mid-game the same words name a lead.
    assert news.lead_line(["You", "James"], [5, 3], over=True) == "Winner: You, by 2 points (5 to 3)."
    assert news.lead_line(["You", "James"], [3, 3], over=True) == "Shared victory: You and James, 3 points each."
