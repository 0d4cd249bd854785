"""A lesson on screen: a short card laid over the board, and the list of lessons seen.

What to teach and when is decided in `engine/lessons.py`; this only draws it.  A lesson
is part of its seat's screen: it closes whenever the keyboard passes, like the inspector.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from boardgames_tui.engine.lessons import Lesson
from boardgames_tui.ui.widgets import set_border_title

DISMISS_WORDS = "Enter: got it · L: lessons so far"
DISMISS_IN_PUBLIC = "Enter: got it"
# The class a lesson's screen part wears while the lesson shows.
MARKED = "lesson-marked"
# Said under a lesson whose part of the screen a small window hides: it is brought up
# while the lesson shows, and the key that shows it afterwards is named.
BROUGHT_UP_WORDS = "Shown while you read; in a window this size, press {key} until it shows."


@dataclass(frozen=True)
class PanelBroughtUp:
    """A panel a small window hid, brought up for a lesson about it: the key that shows
    it, and how to put back the panel it replaced once the lesson closes."""

    key: str
    put_back: Callable[[], None]


def lesson_text(lesson: Lesson, note: str | None = None) -> Text:
    """The lesson as plain text (never markup): what it teaches, the move it suggests,
    then `note` (where its part of the screen is)."""
    text = Text(lesson.text)
    if lesson.suggestion:
        text.append("\nTry: ", style="bold")
        text.append(lesson.suggestion)
    if note:
        text.append("\n" + note, style="italic")
    return text


class LessonPanel(Vertical, can_focus=False):
    """Laid over the board, away from the part of the screen it marks."""

    WIDEST = 76

    DEFAULT_CSS = """
    LessonPanel {
        display: none;
        position: absolute;
        overlay: screen;
        width: 100%;
        max-width: 76;
        height: auto;
        padding: 0 1;
        border: heavy $warning;
        border-title-align: left;
        border-subtitle-align: right;
        background: $panel;
    }
    LessonPanel.-open { display: block; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lesson: Lesson | None = None
        # What the card says: the lesson and the note under it.
        self.text = Text()

    def compose(self) -> ComposeResult:
        yield Static("", id="lesson-text")

    def show_lesson(
        self, lesson: Lesson, number: int, at_top: bool, reader: str | None = None, note: str | None = None
    ) -> None:
        """`reader`: the name of the seat it is for, when the whole table sees it; `note`:
        a line under the lesson, about where its part of the screen is."""
        self.lesson = lesson
        # The reader is a player's name: shown as typed, never read as markup.
        set_border_title(self, f"Lesson {number}" + (f" for {reader}" if reader else "") + f": {lesson.title}")
        # In front of the table, L (the seat's lessons so far) is not offered: they may
        # have been about what the seat held behind its curtain.
        self.border_subtitle = DISMISS_WORDS if reader is None else DISMISS_IN_PUBLIC
        self.text = lesson_text(lesson, note)
        self.query_one("#lesson-text", Static).update(self.text)
        self.add_class("-open")
        self.place(at_top)

    def place(self, at_top: bool) -> None:
        """Lay the card over the board, at the top or the bottom (away from what it marks)."""
        screen = self.screen.size
        width = min(self.WIDEST, screen.width)
        # Its height from its own text (a panel just shown has not been measured yet):
        # the lines at the width inside the border and padding, and the border.
        lines = len(self.text.wrap(self.app.console, width - 4))
        x = max(0, (screen.width - width) // 2)
        # Over the board, clear of the header and of the status line and footer.
        y = 1 if at_top else max(1, screen.height - lines - 2 - 3)
        self.styles.offset = (x, y)

    def close(self) -> Lesson | None:
        """Close the panel; the lesson it showed, if it was open."""
        lesson = self.lesson if self.has_class("-open") else None
        self.remove_class("-open")
        self.lesson = None
        return lesson

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")


class LessonsSeenScreen(ModalScreen[None]):
    """`L`: the lessons this seat has seen so far, to read again (the seat's own audience)."""

    # How the game screen under it names it (`GameScreen.on_screen_resume`).
    LAYER_NAME = "the lessons so far"
    BINDINGS = [Binding("escape,enter,L", "close", "Close")]
    DEFAULT_CSS = """
    LessonsSeenScreen { align: center middle; }
    LessonsSeenScreen > VerticalScroll {
        width: 100%; max-width: 80; height: auto; max-height: 100%;
        border: heavy $warning; padding: 0 1; background: $panel;
        border-title-align: left; border-subtitle-align: right;
    }
    """

    def __init__(self, lessons: list[Lesson]) -> None:
        super().__init__()
        self.lessons = lessons

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "Lessons so far"
            scroll.border_subtitle = "Escape closes"
            if not self.lessons:
                yield Static(Text("No lesson yet: they come up as the game needs them."))
            for number, lesson in enumerate(self.lessons, start=1):
                heading = Text(f"{number}. {lesson.title}", style="bold")
                yield Static(Text.assemble(heading, "\n", lesson_text(lesson), "\n"))

    def action_close(self) -> None:
        self.dismiss(None)
