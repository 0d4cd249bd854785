"""Finding text a screen cuts off: a widget that sticks out of a parent that cannot scroll."""

from __future__ import annotations

from textual.screen import Screen
from textual.widget import Widget


def clipped_widgets(screen: Screen) -> list[str]:
    """Widgets drawn partly outside a parent that cannot scroll to show the rest."""
    problems = []
    for widget in screen.query("*"):
        parent = widget.parent
        if not isinstance(parent, Widget) or not widget.display or not widget.visible:
            continue
        region = widget.region
        if region.area == 0 or parent.allow_vertical_scroll or parent.allow_horizontal_scroll:
            continue
        if not parent.region.contains_region(region):
            problems.append(f"{widget!r} at {region} sticks out of {parent!r} at {parent.region}")
    return problems
