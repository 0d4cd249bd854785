"""Checks that a screen shows its text whole: the test side of "nothing that decides a move is cut".

`assert_readable(screen)` fails when
- a widget sticks out of a parent that cannot scroll to show the rest (`clipped_widgets`);
- a widget's text, wrapped to its width, needs more rows than it has while it cannot
  scroll (text cut at the bottom rather than scrollable);
- a drawn line of a visible widget ends in a truncation mark ("…"), which Rich and
  Textual put where they cut text to fit; unless the widget (or one holding it) says
  its cuts are on purpose with `CUTS_SHOWN_WHOLE_ELSEWHERE` (Everbloom's board: a
  long card name is cut in its cell and named whole in the choices under the cursor).
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widget import Widget

from .clipping import clipped_widgets

TRUNCATION_MARK = "…"


def _overflowing(widget: Widget) -> str | None:
    """A widget whose text, wrapped to its width, needs more rows than it has and cannot scroll."""
    size = widget.size  # the content area, inside borders and padding
    if size.area == 0 or widget.allow_vertical_scroll or widget.styles.overflow_y == "scroll":
        return None
    try:
        needed = widget.get_content_height(size, widget.app.size, size.width)
    except Exception:  # a widget that cannot measure itself alone is judged by its parent
        return None
    if needed > size.height:
        return f"{widget!r} needs {needed} rows for its text but has {size.height}"
    return None


def _truncated(widget: Widget) -> str | None:
    region = widget.region
    if region.area == 0:
        return None
    if any(getattr(holder, "CUTS_SHOWN_WHOLE_ELSEWHERE", False) for holder in widget.ancestors_with_self):
        return None
    try:
        lines = widget.render_lines(region.reset_offset)
    except Exception:  # a widget that cannot be drawn on its own here is checked by its parent
        return None
    for number, strip in enumerate(lines):
        text = strip.text.rstrip()
        if text.endswith(TRUNCATION_MARK):
            return f"{widget!r} line {number} is cut: {text[-60:]!r}"
    return None


def readability_problems(screen: Screen) -> list[str]:
    problems = list(clipped_widgets(screen))
    for widget in screen.query("*"):
        if not widget.display or not widget.visible or widget.children:
            continue  # containers are judged by what they hold
        for problem in (_overflowing(widget), _truncated(widget)):
            if problem:
                problems.append(problem)
    return problems


def assert_readable(screen: Screen) -> None:
    problems = readability_problems(screen)
    assert not problems, "\n".join(problems)
