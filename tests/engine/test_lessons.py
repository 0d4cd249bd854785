"""Lessons, headless: every rules section is taught, every lesson fires in its guided game
before its rule bites, a lesson is shown once per decision cap and once per player name."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from boardgames_tui.engine.bots import make_bot
from boardgames_tui.engine.lessons import MEMORY_FILE, LessonMemory, Teacher, lesson_book, rules_sections
from boardgames_tui.engine.registry import all_games, get_game

from .lesson_bites import BITES, Decision

TAUGHT_GAMES = [rules.slug for rules in all_games() if lesson_book(rules.slug) is not None]


def test_bloom_kingdom_is_taught():
    assert "bloom-kingdom" in TAUGHT_GAMES


# The learner of the headless guided game: a search bot of this level, seeded, so that
# it plays as a newcomer with an eye on the score would, the same way on any machine.
LEARNER_LEVEL = "easy"


@dataclass(frozen=True)
class GuidedRun:
    # (the learner's decision number, lesson id) for each lesson shown, in order.
    shown: tuple[tuple[int, str], ...]
    # For each of the learner's decisions, the lessons whose situation held there (seen or not).
    held: tuple[frozenset[str], ...]
    # Lesson id -> the learner's first decision where its rule bites (lesson_bites.py);
    # a lesson whose rule never bit in this game is absent.
    bites: dict[str, int]


def guided_run(slug: str) -> GuidedRun:
    """The guided game, played headless, with lessons offered as the screen offers them
    (the `Teacher`, asked at each of the learner's decisions).  The learner is a seeded
    bot and the other seats play as in the guided game."""
    game = get_game(slug)
    rules = game.rules
    book = lesson_book(slug)
    assert book is not None
    seats = book.guided.seats()
    seed = book.guided.seed
    state = rules.setup(rules.parse_options(book.guided.options), seats, seed)
    teacher = Teacher(rules, book, [0])
    # Untimed: a loaded machine must not change the bots' moves, and so the lessons met.
    bots = {seat: make_bot(seats[seat].bot_level, seed, seat, untimed=True) for seat in range(1, len(seats))}
    learner = make_bot(LEARNER_LEVEL, seed, 0, untimed=True)
    rule_bites = BITES.get(slug, {})
    shown: list[tuple[int, str]] = []
    held: list[frozenset[str]] = []
    bites: dict[str, int] = {}
    decision = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        if seat == 0:
            legal = rules.legal_actions(view, seat)
            held.append(frozenset(lesson.id for lesson in book.lessons if teacher.situations[lesson.situation](view, seat, legal)))
            judged = Decision(rules, state, seat, legal)
            for lesson in book.lessons:
                if lesson.id not in bites and lesson.id in rule_bites and rule_bites[lesson.id](judged):
                    bites[lesson.id] = decision
            for lesson in teacher.due(view, seat, legal, decision):
                teacher.mark_seen(seat, lesson, decision)
                shown.append((decision, lesson.id))
            action = learner.choose(game, view, seat, lambda: False)
            decision += 1
        else:
            action = bots[seat].choose(game, view, seat, lambda: False)
        state = rules.apply(state, seat, action)
    return GuidedRun(tuple(shown), tuple(held), bites)


@pytest.mark.parametrize("slug", TAUGHT_GAMES)
def test_every_rules_section_is_taught_by_a_lesson(slug):
    book = lesson_book(slug)
    sections = rules_sections(get_game(slug).reference.rules_text())
    taught = {section for lesson in book.lessons for section in lesson.sections}
    assert set(sections) - taught == set(), "sections no lesson teaches"
    assert taught - set(sections) == set(), "lessons naming sections rules.md does not have"


# The checks of one guided game share one test: each plays the whole game with its bots
# (Pollen's took 6-11 s of a loaded worker), and as separate tests xdist sent them to
# different workers, each of which played it again.
@pytest.mark.parametrize("slug", TAUGHT_GAMES)
def test_the_guided_game_teaches_every_lesson_once_early_and_before_its_rule_bites(slug):
    run = guided_run(slug)
    each_lesson_comes_before_its_rule_bites(slug, run)
    every_lesson_fires_once(slug, run.shown)
    lessons_come_early_and_a_few_at_a_time(run.shown)
    each_lesson_fires_at_the_first_decision_its_situation_holds(run.shown, run.held)


def every_lesson_fires_once(slug: str, shown: tuple[tuple[int, str], ...]) -> None:
    book = lesson_book(slug)
    fired = [lesson_id for _, lesson_id in shown]
    assert sorted(fired) == sorted(lesson.id for lesson in book.lessons)


def lessons_come_early_and_a_few_at_a_time(shown: tuple[tuple[int, str], ...]) -> None:
    # The learner's first decision opens with lessons, and none is held up by more than two.
    assert shown[0][0] == 0
    per_decision: dict[int, int] = {}
    for decision, _ in shown:
        per_decision[decision] = per_decision.get(decision, 0) + 1
    assert max(per_decision.values()) <= Teacher.AT_ONCE


def each_lesson_fires_at_the_first_decision_its_situation_holds(
    shown: tuple[tuple[int, str], ...], held: tuple[frozenset[str], ...]
) -> None:
    """In order of use: a lesson comes at the learner's first decision where its situation
    holds, never later, unless that decision already showed its two lessons (then at the
    next decision where it still holds), and never twice."""
    fired_at = dict((lesson_id, decision) for decision, lesson_id in shown)
    assert len(fired_at) == len(shown), "a lesson fired twice"
    per_decision: dict[int, int] = {}
    for decision, _ in shown:
        per_decision[decision] = per_decision.get(decision, 0) + 1
    for lesson_id, decision in fired_at.items():
        assert lesson_id in held[decision], f"{lesson_id} fired where its situation does not hold"
        early = [d for d in range(decision) if lesson_id in held[d] and per_decision.get(d, 0) < Teacher.AT_ONCE]
        assert early == [], f"{lesson_id} fired at decision {decision}, late: it held at {early} with room for it"


def each_lesson_comes_before_its_rule_bites(slug: str, run: GuidedRun) -> None:
    """A lesson is shown no later than the learner's first decision where its rule
    changes the legal moves or the final score of a move on offer: what scores is
    taught before the first move it rewards or punishes, a special rule at the first
    decision where it applies to the learner."""
    unchecked = [lesson.id for lesson in lesson_book(slug).lessons if lesson.id not in BITES.get(slug, {})]
    shown_at = {lesson_id: decision for decision, lesson_id in run.shown}
    late = {
        lesson_id: f"shown at decision {shown_at.get(lesson_id)}, its rule bit at {decision}"
        for lesson_id, decision in run.bites.items()
        if shown_at.get(lesson_id, decision + 1) > decision
    }
    assert (late, unchecked) == ({}, []), "lessons after their rule mattered, and lessons without a rule to check"


@pytest.mark.parametrize("slug", TAUGHT_GAMES)
def test_no_lesson_assumes_the_guided_game(slug):
    """Teach as I play shows the same lessons in any game (any seats, any deal, any
    options): none names a seat of the guided game, speaks of its bots or of its options."""
    book = lesson_book(slug)
    for lesson in book.lessons:
        words = " ".join((lesson.title, lesson.text, lesson.suggestion or ""))
        for name in book.guided.bots:
            assert not re.search(rf"\b{name}\b", words), f"{lesson.id} names {name}"
        assert not re.search(r"\bbots?\b", words, flags=re.IGNORECASE), f"{lesson.id} speaks of bots"
        assert "both modules" not in words, f"{lesson.id} assumes the guided game's modules"


@pytest.mark.parametrize("slug", TAUGHT_GAMES)
def test_lesson_ids_are_unique_and_situations_known(slug):
    book = lesson_book(slug)
    ids = [lesson.id for lesson in book.lessons]
    assert len(ids) == len(set(ids))
    Teacher(get_game(slug).rules, book, [0])  # raises on a situation the game does not define


def test_a_lesson_is_not_shown_again_and_an_untaught_seat_is_never_taught():
    rules = get_game("bloom-kingdom").rules
    book = lesson_book("bloom-kingdom")
    seats = book.guided.seats()
    state = rules.setup(rules.parse_options({}), seats, book.guided.seed)
    teacher = Teacher(rules, book, [0])
    view = rules.view(state, 0)
    legal = rules.legal_actions(view, 0)
    first = teacher.due(view, 0, legal, 0)
    assert [lesson.id for lesson in first] == ["goal", "pick"]
    for lesson in first:
        teacher.mark_seen(0, lesson, 0)
    # Two were shown at this decision: the rest wait for the next one.
    assert teacher.due(view, 0, legal, 0) == []
    later = teacher.due(view, 0, legal, 1)
    assert later and not {lesson.id for lesson in later} & {"goal", "pick"}
    other = rules.view(state, 1)
    assert teacher.due(other, 1, rules.legal_actions(other, 1), 0) == []


def test_memory_keeps_each_name_s_lessons_per_game(tmp_path):
    memory = LessonMemory(tmp_path)
    assert memory.seen("bloom-kingdom", "Ann") == []
    memory.remember("bloom-kingdom", "Ann", ["goal"])
    memory.remember("bloom-kingdom", "ann", ["pick", "goal"])
    assert memory.seen("bloom-kingdom", "ANN") == ["goal", "pick"]
    assert memory.seen("pollen", "Ann") == []
    assert memory.seen("bloom-kingdom", "Ben") == []


def test_a_damaged_memory_only_means_lessons_come_again(tmp_path):
    (tmp_path / MEMORY_FILE).write_text("{not json", encoding="utf-8")
    memory = LessonMemory(tmp_path)
    assert memory.seen("bloom-kingdom", "Ann") == []
    memory.remember("bloom-kingdom", "Ann", ["goal"])
    assert memory.seen("bloom-kingdom", "Ann") == ["goal"]
