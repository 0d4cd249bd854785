"""Every use of a name Textual keeps private, in one place.

Read from Textual 8.2.8 (pyproject pins the 8.2 line).  Each function says why the
public API does not do, so that an upgrade that moves one of these breaks here, loudly,
not in silence somewhere in the app: `tests/ui/test_textual_compat.py` checks that each
name still exists and that no other module uses one, and
`tests/terminal/test_textual_compat.py` pins the version and checks that the repaint fix
below still does what it is here for.  Everywhere else the app uses Textual's public API.
"""

from __future__ import annotations

from typing import Any

from rich.terminal_theme import TerminalTheme
from rich.text import Text
from textual._compositor import Compositor, CompositorMap
from textual.app import App
from textual.pilot import Pilot
from textual.reactive import Reactive
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer, RichLog

# What each screen's compositor keeps between frames: drawing a full frame changes them
# (it arranges the screen when a widget's place was asked for, and forgets the regions
# still to be drawn), so a test that reads the whole frame puts them back as they were.
_COMPOSITOR_STATE = (
    "_full_map",
    "_full_map_invalidated",
    "_visible_map",
    "_visible_widgets",
    "_layers",
    "_layers_visible",
    "_cuts",
)


# The private names used below, by the class that defines them (checked by the test).
PRIVATE_NAMES: dict[type, tuple[str, ...]] = {
    RichLog: ("_line_cache", "_start_line", "_deferred_renders", "_widest_line_width", "_size_known"),
    Widget: (
        "_scroll_update",
        "_layout_required",
        "_layout_updates",
        "_render_markup",
        "_repaint_required",
        "_scroll_required",
        "_refresh_styles_required",
    ),
    Footer: ("_bindings_ready",),
    Pilot: ("_wait_for_screen",),
    App: (
        "_batch_count",
        "_message_queue",
        "_fatal_error",
        "_print_error_renderables",
        "_exception",
        "_exit_renderables",
        "_close_messages_no_wait",
        "_background_screens",
    ),
    Compositor: (*_COMPOSITOR_STATE, "full_map", "_dirty_regions", "root", "size"),
    Reactive: ("_default",),
    Screen: (
        "_compositor",
        "_css_type_names",
        "_recompose_required",
        "_dirty_widgets",
        "_callbacks",
        "_on_timer_update",
    ),
}


# -- repainting what a lazy re-arrangement moved ----------------------------------------------
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


# -- the game log --------------------------------------------------------------------------
def rich_log_size_known(log: RichLog) -> bool:
    """Whether a RichLog knows its width yet: until then it holds writes back (no public flag)."""
    return log._size_known


def rich_log_show_lines(log: RichLog, lines: list[Strip], widest: int) -> None:
    """Replace a RichLog's lines at once.  Its public `write` wraps and measures one line
    at a time and lays the log out for each; a whole log given again (every pass of the
    keyboard) is written in one go, so its caches are reset here as `clear` would."""
    log.lines = lines
    log._line_cache.clear()
    log._start_line = 0
    log._deferred_renders.clear()
    log._widest_line_width = widest
    log.virtual_size = Size(widest, len(lines))


def scroll_to_virtual_size(widget: Widget, size: Size) -> None:
    """Update the scroll bars for a new virtual size without laying the screen out: what
    Textual's own watcher does, for a `virtual_size` reactive declared with `layout=False`."""
    widget._scroll_update(size)


# -- panels whose height follows their text --------------------------------------------------
def count_repeated_layout_request(widget: Widget) -> None:
    """Textual keys a widget's cached size on a count of layout requests, raised only for the
    first request before the screen hears of it: a second text given in between would keep
    the first text's height.  A repeated request is counted here too."""
    if widget._layout_required:
        widget._layout_updates += 1


def renders_markup(widget: Widget) -> bool:
    """Whether `widget` reads its text as markup, as Textual measures it (no public getter)."""
    return widget._render_markup


# -- the key bar ---------------------------------------------------------------------------------
def mark_footer_bindings_ready(footer: Footer) -> None:
    """The footer draws nothing until it has heard of the bindings; a footer that rebuilds
    itself on its own schedule says so itself."""
    footer._bindings_ready = True


# -- screens ----------------------------------------------------------------------------------------
def background_screens(app: App[Any]) -> list[Screen[Any]]:
    """The screens drawn under the current one (those a dialog shows through)."""
    return app._background_screens


def full_frame_strips(app: App[Any]) -> list[Any]:
    """The whole frame as the terminal would receive it, without drawing an SVG: the
    source of `App.export_screenshot`, which offers no cheaper way to read the cells."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return list(update.strips)


async def wait_for_screen(pilot: Pilot[Any]) -> None:
    """What `Pilot.pause` waits for before it sleeps: every message handled."""
    await pilot._wait_for_screen()


def has_pending_work(app: App[Any], screen: Screen[Any], *, under_another: bool = False) -> bool:
    """Whether `screen` (or the app) still has a message, a layout, a repaint, a scroll,
    a restyle or an after-refresh callback waiting: a test that reads a frame before
    then reads one the terminal never got.  Textual keeps these flags to itself.
    `under_another`: the screen is drawn under a dialog, by the dialog's own frame, and
    its own repaint flag is only cleared once it is on top again."""
    if app._batch_count or not app._message_queue.empty():
        return True
    if (
        screen._layout_required
        or screen._scroll_required
        or (screen._repaint_required and not under_another)
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    ):
        return True
    # A widget just mounted or updated tells the screen at its own next idle moment.
    return any(
        not node._message_queue.empty()
        or node._layout_required
        or node._repaint_required
        or node._scroll_required
        or node._refresh_styles_required
        for node in screen.walk_children(with_self=True)
    )


def update_now(screen: Screen[Any]) -> None:
    """What the screen's update timer would do at its next tick, done now."""
    screen._on_timer_update()


def full_frame_untouched(app: App[Any]) -> str:
    """The whole frame as the terminal would receive it, drawn without disturbing what the
    compositors keep for the next frame (a test that compares it with what was really
    sent must not tidy up the very state that left a region stale)."""
    compositors = [screen._compositor for screen in (app.screen, *app._background_screens)]
    kept = [
        ({name: getattr(compositor, name) for name in _COMPOSITOR_STATE}, set(compositor._dirty_regions))
        for compositor in compositors
    ]
    try:
        update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
        return update.render_segments(app.console)
    finally:
        for compositor, (state, dirty) in zip(compositors, kept):
            for name, value in state.items():
                setattr(compositor, name, value)
            compositor._dirty_regions.clear()
            compositor._dirty_regions.update(dirty)


def share_css_type_names(screen_class: type[Screen[Any]], also: type[Screen[Any]]) -> None:
    """A screen class made by combining a mixin with a game's screen class takes its CSS
    type names from its first base alone; the game's rules ("EvergreenScreen.-eg-normal
    #eg-planet") must match it as well."""
    screen_class._css_type_names = screen_class._css_type_names | also._css_type_names


# -- colours -----------------------------------------------------------------------------------------
def terminal_shades(dark: bool = True) -> TerminalTheme:
    """The shades Textual takes a terminal to draw its 16 colours and its default colours
    in (Monokai under a dark theme, Alabaster under a light one), whatever the app draws
    those colours as itself: the default of `App.ansi_theme_dark` or `_light`, which the
    app replaces with its own (ui/palette.py) and Textual offers no other way to read."""
    reactive: Any = App.ansi_theme_dark if dark else App.ansi_theme_light
    return reactive._default


# -- no traceback for players -------------------------------------------------------------------------
class QuietCrashes:
    """Replaces Textual's last-resort error handler and its printing of the traceback:
    a player sees one sentence (`crash_message`), the details go to a file.  Textual has
    no public hook for either."""

    def on_crash(self, exception: BaseException | None) -> None:
        """The app is closing on an unhandled error: note what to tell the player."""

    def printed_on_exit(self) -> list[Text]:
        """Lines printed on the terminal once the app has closed, whatever happened."""
        return []

    def crash_printout(self) -> Text | None:
        """The one sentence printed after a crash, or None for Textual's own report."""
        return None

    def _fatal_error(self) -> None:
        app: Any = self
        self.on_crash(app._exception)
        app._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        app: Any = self
        # Not cut into lines by Rich: a command in them is copied whole.
        for line in self.printed_on_exit():
            app.error_console.print(line, soft_wrap=True)
        printout = self.crash_printout()
        if printout is None:
            super()._print_error_renderables()  # type: ignore[misc]
            return
        app.error_console.print(printout, soft_wrap=True)
        app._exit_renderables.clear()
