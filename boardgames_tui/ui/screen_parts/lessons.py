"""The lesson desk: each lesson shown to its seat before the decision it is about."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from textual import events

from boardgames_tui.engine.lessons import Lesson, LessonMemory, Teacher, lesson_book
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.lesson import BROUGHT_UP_WORDS, MARKED, LessonPanel, LessonsSeenScreen, PanelBroughtUp

# Said when a game key comes while a lesson shows; cleared when the lesson closes.
READ_THE_LESSON_FIRST = "Read the lesson first: Enter closes it (Escape too), then the game goes on."
# The only keys that work while a lesson shows: it is read before the decision it is about.
LESSON_KEYS = frozenset({"dismiss_lesson", "lessons", "rules", "legend", "keys", "leave", "save_quit", "step_away"})


class LessonDesk:
    def __init__(self, screen: Any) -> None:
        self.screen = screen
        # Who is taught what, and how to remember it (`teach`); None: no lessons.
        self.teacher: Teacher | None = None
        self._remember: Callable[[int, Lesson], None] | None = None
        # How to bring up a part of the screen (by its id) that the window's size hides:
        # a game whose small window hides panels sets it (it says None where nothing is hidden).
        self.bring_up: Callable[[str], PanelBroughtUp | None] = lambda part: None
        # The panel brought up for the lesson showing, if any.
        self._brought_up: PanelBroughtUp | None = None

    def teach(self, teacher: Teacher, remember: Callable[[int, Lesson], None] | None = None) -> None:
        """Show `teacher`'s lessons to its seats, each before the decision it is about;
        `remember(seat, lesson)` is told each lesson a seat has read."""
        self.teacher = teacher
        self._remember = remember

    def teach_the_seats_here(self, guided: bool, teach_as_i_play: bool, memory_directory: Path) -> None:
        """Lessons for the guided game's learner, and with "Teach as I play" for every
        seat played at this keyboard, each lesson once per player name (remembered in
        `memory_directory`, beside the records)."""
        table = self.screen.table
        book = lesson_book(table.rules.slug)
        if book is None or not (guided or teach_as_i_play):
            return
        slug = table.rules.slug
        memory = LessonMemory(memory_directory)
        # The seats played at this keyboard (a remote seat's player is taught on theirs).
        humans = [seat for seat in range(len(table.seats)) if table.played_here(seat)]
        # The guided game teaches everything again; an ordinary game what a name has not seen.
        seen = {} if guided else {seat: memory.seen(slug, table.seats[seat].name) for seat in humans}

        def remember(seat: int, lesson: Lesson) -> None:
            memory.remember(slug, table.seats[seat].name, [lesson.id])

        self.teach(Teacher(table.rules, book, humans, seen), remember)

    def is_open(self) -> bool:
        panel = self.screen.query_one_optional("#lesson", LessonPanel)
        return panel is not None and panel.is_open

    def key(self, event: events.Key) -> bool:
        """While a lesson shows, Enter or Escape closes it and any other game key says
        so; True if `event` was taken.  (A game's own binding of Enter replaces a shared
        one, and every game key is refused while a lesson shows: see
        `GameScreen.check_action`.  Escape is bound on every screen, to go back: here
        it closes the card, as it closes every other layer.)"""
        if not self.is_open() or (event.key != "escape" and event.key in self.screen.active_bindings):
            return False
        event.stop()
        event.prevent_default()
        if event.key in ("enter", "escape"):
            self.dismiss()
        else:
            self.screen.say(READ_THE_LESSON_FIRST, error=True)
        return True

    def offer(self) -> None:
        """Show the next lesson due for the seat at the keyboard: behind its own curtain,
        or in front of the table when the seat's decision is public (its view is the
        table's, so its lessons tell nothing the table may not know).  Never under an
        announcement: the lesson waits until the table has been told."""
        screen = self.screen
        seat = screen.viewer
        if self.teacher is None or seat is None or self.is_open() or screen.is_too_small or screen.news.announcing:
            return
        in_public = screen.audience is None
        if screen.audience != seat and not in_public:
            return
        view = screen.current_view()
        if view is None or not screen.viewer_acts(view):
            return
        if in_public and screen.needs_curtain(seat):
            return
        # The decision is named by the position's identity (a match keeps its past
        # positions, so an id is not reused while the game is on screen).
        due = self.teacher.due(view, seat, screen.viewer_legal_actions(), id(screen.table.position))
        if not due:
            return
        lesson = due[0]
        # The lesson is about the decision now: what was inspected before it goes.
        screen.query_one(InspectorPanel).close()
        # A lesson points only at what is on screen: the part it marks comes up if the
        # window's size hid it, and the card names the key that shows it.
        self._brought_up = self.bring_up(lesson.marks)
        note = None if self._brought_up is None else BROUGHT_UP_WORDS.format(key=self._brought_up.key)
        marked = screen.query_one_optional(f"#{lesson.marks}")
        if marked is not None:
            marked.add_class(MARKED)
        number = len(self.teacher.seen.get(seat, [])) + 1
        # In front of the table the card says whose lesson it is.
        reader = screen.table.seats[seat].name if in_public else None
        screen.query_one("#lesson", LessonPanel).show_lesson(lesson, number, self._card_at_top(), reader, note)
        if self._brought_up is not None:
            # Placed again once the panel brought up is laid out: only then is it known where it lies.
            screen.call_after_refresh(self._place_card)

    def _card_at_top(self) -> bool:
        """Whether the card goes at the top, clear of the part its lesson marks."""
        marked = self.screen.query_one_optional(f".{MARKED}")
        return marked is not None and marked.region.y > self.screen.size.height // 3

    def _place_card(self) -> None:
        if self.is_open():
            self.screen.query_one("#lesson", LessonPanel).place(self._card_at_top())

    def close(self) -> Lesson | None:
        """Take the lesson down without counting it read (it comes again when its seat is back)."""
        panel = self.screen.query_one_optional("#lesson", LessonPanel)
        lesson = panel.close() if panel is not None else None
        for widget in self.screen.query(f".{MARKED}"):
            widget.remove_class(MARKED)
        if self._brought_up is not None:
            self._brought_up.put_back()
            self._brought_up = None
        return lesson

    def dismiss(self) -> None:
        """The seat has read the lesson: it closes for good, then the next one due, if any."""
        screen = self.screen
        lesson = self.close()
        # Closed by a key: an Enter pressed twice to close it must not also take the
        # move under the cursor.
        screen.keyboard.settle_keys_after("the lesson")
        seat = screen.viewer
        if lesson is not None and seat is not None and self.teacher is not None:
            self.teacher.mark_seen(seat, lesson, id(screen.table.position))
            if self._remember is not None:
                self._remember(seat, lesson)
        # The word about the lesson goes with it.
        message = screen.ui.message
        if message is not None and message.plain == READ_THE_LESSON_FIRST:
            screen.ui.message = None
            screen.status.update()
        self.offer()
        screen.refresh_bindings()

    def list_seen(self) -> None:
        screen = self.screen
        if self.teacher is None or screen.viewer is None or screen.audience != screen.viewer:
            screen.say("Lessons are shown to the player at the keyboard, in a game that teaches.", error=True)
            return
        screen.app.push_screen(LessonsSeenScreen(self.teacher.seen_lessons(screen.viewer)))
