"""A seat named You (the learner of every guided game is called so) is spoken to in the
second person wherever a game puts names into sentences: the log, the table's news,
what changed since a seat's last move, the score sheet and the end's reveal."""

from __future__ import annotations

import random
import re

from boardgames_tui.engine.contract import SPECTATOR, Seat
from boardgames_tui.engine.text import name_verb, possessive, their, verb_for

# "You places", "You has", "You's hand", '"You"', "You placed … their habitat".
THIRD_PERSON_YOU = re.compile(r"""\bYou (?:is|was|has|does|\w+[^s\W]s)\b|\bYou's\b|"You"|\bYou\b[^.;:]*\btheir\b""")


def test_a_verb_agrees_with_a_seat_named_you():
    assert name_verb("Ann", "place") == "Ann places" and name_verb("You", "place") == "You place"
    assert [verb_for("Ann", verb) for verb in ("have", "be", "go", "pass", "reach", "carry", "play")] == [
        "has", "is", "goes", "passes", "reaches", "carries", "plays",
    ]
    assert verb_for("you", "be") == "are" and verb_for("You", "have") == "have"
    assert (possessive("James"), possessive("You"), their("Ann"), their("You")) == ("James's", "your", "their", "your")


def test_every_sentence_about_a_seat_named_you_speaks_to_it(game):
    rules, narrator = game.rules, game.narrator
    count = min(max(rules.min_players, 3), rules.max_players)
    seats = [Seat(name=name) for name in ("You", "Ann", "Ben")[:count]]
    state = rules.setup(rules.parse_options({}), seats, 1)
    rng = random.Random(1)
    said: list[str] = []
    before = state
    while not rules.is_over(state):
        seat = rng.choice(rules.to_act(state))
        state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        for moment in narrator.table_moments(rules.view(before, SPECTATOR), rules.view(state, SPECTATOR)):
            said += [str(moment.heading), *moment.lines]
        for other in range(count):
            said += narrator.changes_since(rules.view(before, other), rules.view(state, other), other).lines
        before = state
    sheet = rules.score_sheet(state)
    said += [entry.text for entry in state.log] + list(sheet.notes) + [sheet.decided_by]
    said += [detail for row in sheet.rows for detail in row.details or ()]
    said += [line for section in game.reference.hidden_information(state) for line in (section.title, *section.lines)]
    wrong = sorted({line for line in said if THIRD_PERSON_YOU.search(line)})
    assert not wrong, wrong[:10]
