"""Where the app reaches into Textual's private names: each with why, and the Textual
version it was read from (tests/terminal/test_textual_compat.py pins the version and checks
each one still does what it is here for)."""

from __future__ import annotations

from textual._compositor import Compositor, CompositorMap
from textual.geometry import Region

# The Textual release this module was read from; the test fails on any other.
READ_FROM_TEXTUAL = "8.2.8"

# Textual's own lazily arranged map (`Compositor.full_map`), kept before it is wrapped.
TEXTUAL_FULL_MAP = Compositor.full_map


def _regions_changed(before: CompositorMap, after: CompositorMap) -> set[Region]:
    """The screen cells of every widget that was placed, or is placed now, other than it
    was: the cells `Compositor.reflow` marks for repainting."""
    changed = before.items() ^ after.items()
    return {region for region in (geometry.clip.intersection(geometry.region) for _, geometry in changed) if region}


def _full_map_keeping_what_moved(compositor: Compositor) -> CompositorMap:
    """`Compositor.full_map`, except that when it arranges the screen again by itself it
    also marks what moved for repainting.

    Textual arranges lazily whenever something asks where a widget is (`Widget.region`,
    read by every `refresh`) after a refresh of a widget out of view (a scroll bar not
    shown) or a scroll; the new map then replaces the one the next layout compares with,
    and nothing records what it moved.  A widget hidden in between (a lesson's card
    closed by Enter) is then missing from both maps the layout compares, and nothing
    draws over its cells.  Compared with both the map last arranged and the map last
    drawn after a scroll, what moved is drawn at the next frame, like any layout's
    changes."""
    if compositor.root is None or not compositor._full_map_invalidated:
        return TEXTUAL_FULL_MAP.fget(compositor)  # type: ignore[misc]
    drawn = [compositor._full_map]
    if compositor._visible_map is not None:
        drawn.append(compositor._visible_map)
    arranged: CompositorMap = TEXTUAL_FULL_MAP.fget(compositor)  # type: ignore[misc]
    if compositor.size.region not in compositor._dirty_regions:
        for before in drawn:
            compositor._dirty_regions.update(_regions_changed(before, arranged))
    return arranged


def install() -> None:
    """Put the fixes above in place (idempotent): the app calls it as it starts."""
    if Compositor.full_map is TEXTUAL_FULL_MAP:
        Compositor.full_map = property(_full_map_keeping_what_moved)  # type: ignore[method-assign,assignment]
