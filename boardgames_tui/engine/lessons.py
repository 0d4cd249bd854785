"""Lessons taught at the moment of use: the guided first game and "Teach as I play".

A game's lessons are data (`lessons.json` among its parts, see engine/assets.py):
each names the `rules.md` section it teaches, the widget of the screen it talks about,
and the *situation* that brings it up, a named predicate over one seat's view and
legal actions written in Python in the game's own `lessons.py` (`SITUATIONS`).  Lessons are keyed to rules and
situations, never to a script of keys: the player may play anything legal.

A predicate sees only what `view(state, seat)` shows that seat, so a lesson shown to
a seat never tells it another seat's secret.  No Textual here.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Hashable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardgames_tui.engine.contract import GameRules, GameState, Seat

# One seat's view and its legal actions (empty when it does not act) -> whether it holds.
Situation = Callable[[Any, int, list[Any]], bool]

LESSONS_FILE = "lessons.json"
MEMORY_FILE = "lessons-seen.json"
MAX_MEMORY_BYTES = 512 * 1024


class Lesson(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    title: str = Field(min_length=1, max_length=40)
    # A few lines in the game's words (our own, never a rulebook's).
    text: str = Field(min_length=1, max_length=400)
    # The `## ` headings of rules.md this lesson teaches.
    sections: tuple[str, ...] = Field(min_length=1)
    # The id of the widget of the game's screen the lesson talks about: marked while it shows.
    marks: str
    # A move worth trying now, and why (the player may still play anything legal).
    suggestion: str | None = Field(None, max_length=200)
    # The name of the predicate in the game's `lessons.SITUATIONS`.
    situation: str


class GuidedGame(BaseModel):
    """The fixed deal of the guided first game: chosen so every lesson comes up early."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int
    learner: str = Field("You", min_length=1, max_length=20)
    # The bots' names, one per other seat; the learner sits first.
    bots: tuple[str, ...] = Field(min_length=1)
    bot_level: str = "easy"
    options: dict[str, Any] = Field(default_factory=dict)

    def seats(self) -> list[Seat]:
        return [Seat(name=self.learner), *(Seat(name=name, kind="bot", bot_level=self.bot_level) for name in self.bots)]


class LessonBook(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    guided: GuidedGame
    lessons: tuple[Lesson, ...]


@cache
def lesson_book(slug: str) -> LessonBook | None:
    """The game's lessons, from its own parts, or None for a game that has none (yet)."""
    from boardgames_tui.engine.assets import game_part
    from boardgames_tui.engine.registry import get_game

    part = game_part(get_game(slug).reference, LESSONS_FILE)
    if not part.is_file():
        return None
    return LessonBook.model_validate_json(part.read_text(encoding="utf-8"))


def situations(rules: GameRules) -> dict[str, Situation]:
    """The game's named situations (its package's `lessons.SITUATIONS`), or none."""
    package = type(rules).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.lessons")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.lessons":
            raise  # the module exists but something it imports is missing
        return {}
    return dict(module.SITUATIONS)


def rules_sections(markdown: str) -> list[str]:
    """The `## ` headings of a rules text, in order: what the lessons must cover."""
    return re.findall(r"^## (.+?)\s*$", markdown, flags=re.MULTILINE)


class Teacher:
    """Which lessons each seat is shown, and when: the first time a lesson's situation
    holds for that seat, before it decides.  `seen` holds each taught seat's lessons
    already shown (in order); a seat not in `taught` is never taught."""

    AT_ONCE = 2

    def __init__(self, rules: GameRules, book: LessonBook, taught: Iterable[int], seen: dict[int, list[str]] | None = None) -> None:
        self.rules = rules
        self.book = book
        self.situations = situations(rules)
        missing = {lesson.situation for lesson in book.lessons} - self.situations.keys()
        if missing:
            raise ValueError(f"{rules.slug} lessons name unknown situations: {sorted(missing)}")
        self.taught = frozenset(taught)
        self.seen: dict[int, list[str]] = {seat: list((seen or {}).get(seat, [])) for seat in self.taught}
        # seat -> (the decision it was last taught at, how many lessons it was shown there)
        self._shown: dict[int, tuple[Hashable, int]] = {}

    def due(self, view: GameState, seat: int, legal: list[Any], decision: Hashable = None) -> list[Lesson]:
        """The lessons `seat` has not seen whose situation holds now, in the book's order,
        at most `AT_ONCE` for one `decision` (any key that names it, such as how many moves
        were made): a newcomer reads two cards before a move, not six; the others wait
        for the next decision where their situation still holds."""
        if seat not in self.taught:
            return []
        seen = self.seen[seat]
        due = [
            lesson
            for lesson in self.book.lessons
            if lesson.id not in seen and self.situations[lesson.situation](view, seat, legal)
        ]
        last_decision, shown = self._shown.get(seat, (None, 0))
        if decision is None or last_decision != decision:
            shown = 0
        return due[: max(0, self.AT_ONCE - shown)]

    def mark_seen(self, seat: int, lesson: Lesson, decision: Hashable = None) -> None:
        if seat in self.taught and lesson.id not in self.seen[seat]:
            self.seen[seat].append(lesson.id)
            last_decision, shown = self._shown.get(seat, (None, 0))
            self._shown[seat] = (decision, shown + 1 if decision is not None and last_decision == decision else 1)

    def seen_lessons(self, seat: int) -> list[Lesson]:
        by_id = {lesson.id: lesson for lesson in self.book.lessons}
        return [by_id[lesson_id] for lesson_id in self.seen.get(seat, []) if lesson_id in by_id]


class _Memory(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # game slug -> player name (case-folded) -> lesson ids seen
    seen: dict[str, dict[str, list[str]]] = Field(default_factory=dict)


class LessonMemory:
    """The lessons each player name has seen, per game, kept beside the records so that
    "Teach as I play" shows each lesson once per name."""

    def __init__(self, data_dir: Path | None = None) -> None:
        from boardgames_tui.engine.saves import default_data_dir

        self.path = (data_dir or default_data_dir()) / MEMORY_FILE

    def _read(self) -> _Memory:
        from boardgames_tui.engine.untrusted_files import UnreadableFile, read_json

        if not self.path.exists():
            return _Memory()
        try:
            return _Memory.model_validate(read_json(self.path, MAX_MEMORY_BYTES, "the lessons file"))
        except (UnreadableFile, ValidationError, OSError):
            # A damaged memory only means lessons are shown again: never worth a refusal.
            return _Memory()

    def seen(self, slug: str, name: str) -> list[str]:
        return list(self._read().seen.get(slug, {}).get(name.casefold(), []))

    def remember(self, slug: str, name: str, lesson_ids: list[str]) -> None:
        from boardgames_tui.engine.saves import write_atomically

        memory = self._read()
        known = memory.seen.setdefault(slug, {}).setdefault(name.casefold(), [])
        known.extend(lesson_id for lesson_id in lesson_ids if lesson_id not in known)
        try:
            write_atomically(self.path, memory.model_dump_json(indent=1))
        except OSError:
            pass  # not remembered: the lesson comes again next game, nothing worse
