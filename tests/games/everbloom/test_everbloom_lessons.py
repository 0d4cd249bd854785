"""Everbloom's guided game, headless: the board's notation is read to the learner where
first seen, and the Butterflies' move before the chip that makes it is chosen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardgames_tui.engine.bots import make_bot
from boardgames_tui.engine.lessons import Lesson, Teacher, lesson_book
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.describe import TableWords
from boardgames_tui.games.everbloom.model import EverbloomState, MovePollinator, PlaceChip, Skip, is_hidden

LEARNER = 0


def learner_decisions() -> Iterator[tuple[EverbloomState, list[Any], list[Lesson]]]:
    """Each of the learner's decisions in the guided game, as the learner sees it, with
    the lessons shown there: the learner takes the first choice, the bots their own."""
    game = get_game("everbloom")
    rules = game.rules
    book = lesson_book("everbloom")
    seats = book.guided.seats()
    state = rules.setup(rules.parse_options(book.guided.options), seats, book.guided.seed)
    teacher = Teacher(rules, book, [LEARNER])
    bots = {seat: make_bot(seats[seat].bot_level, book.guided.seed, seat, untimed=True) for seat in range(1, len(seats))}
    decision = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        if seat == LEARNER:
            legal = rules.legal_actions(view, seat)
            shown = teacher.due(view, seat, legal, decision)
            for lesson in shown:
                teacher.mark_seen(seat, lesson, decision)
            yield view, legal, shown
            action = legal[0]
            decision += 1
        else:
            action = bots[seat].choose(game, view, seat, lambda: False)
        state = rules.apply(state, seat, action)


def a_card_shows(view: EverbloomState) -> bool:
    """A card lies face up on the board: its space reads like ✦t1 ▤3 D c3 n3."""
    return any(stack and not is_hidden(stack[0]) for stack in view.stacks.values())


def read_the_board(lessons: list[Lesson]) -> bool:
    """The lessons together read a card space: its stack, the biomes' letters, cost c and
    nectar n, and the mark of what changed (the first two cards share it)."""
    text = " ".join(lesson.text for lesson in lessons)
    letters = [f"{biome.letter} {biome.name}" for biome in C.biomes()]
    return all(part in text for part in ("▤", "c its cost", "n its nectar", "✦", *letters))


def names_the_chips(lesson: Lesson) -> bool:
    """The lesson reads the chips the list heads ("Place a chip: [1] 2 3 4 "1""): the
    chip picked, and the first player's chip."""
    return all(part in lesson.text for part in ("[1]", '"1"', "first player's chip"))


def test_the_chips_are_read_at_the_first_chip_and_the_board_before_the_cards_go_home():
    """The chips heading the list are read where the first chip is played; the board's
    notation (✦ included, so after others have moved) by the time chips stop in round 1."""
    taught: list[Lesson] = []
    chips_read = False
    for view, legal, shown in learner_decisions():
        taught += shown
        if any(isinstance(action, PlaceChip) for action in legal) and not chips_read:
            assert any(names_the_chips(lesson) for lesson in taught), "no lesson has read the chips yet"
            chips_read = True
        if a_card_shows(view) and view.phase != "wilderness":
            assert read_the_board(taught), "no lesson has read a card space yet"
            return
    raise AssertionError("the guided game never left its first round's chips")


def test_the_butterflies_move_is_taught_before_the_4_chip_is_chosen_and_inspect_says_why():
    taught_before: list[Lesson] = []
    for view, legal, shown in learner_decisions():
        if view.turn is not None and view.turn.steps[:1] == ["butterfly"]:
            break
        taught_before += shown
    else:
        raise AssertionError("the guided game never asks the Butterflies' question")
    # Taught while the chip that moves a pollinator was still to be chosen, about the
    # list the choice is made in, not once it was played.
    assert [lesson.marks for lesson in taught_before if lesson.id == "butterflies"] == ["eb-choices"], taught_before
    words = TableWords(get_game("everbloom").rules, LEARNER)
    move = next(action for action in legal if isinstance(action, MovePollinator))
    for action in (Skip(), move):
        assert action in legal
        lines = words.action_entry(view, action).lines
        assert "Asked because your 4 chip is the Butterflies' power" in lines[0], lines
