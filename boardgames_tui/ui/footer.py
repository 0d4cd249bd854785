"""The key bar at the foot of every screen."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Label
from textual.widgets._footer import FooterKey

from boardgames_tui.ui.base import hidden_under_another

from boardgames_tui.ui.textual_compat import mark_footer_bindings_ready


# Ends a key bar too narrow for all its keys even compact: the hidden ones are in the
# key panel, which `?` opens on every screen.
MORE_KEYS = "… ? all keys"


class KeysFooter(Footer):
    """Textual's footer, rebuilt only when the keys it shows change.

    The stock footer rebuilds itself (a widget per key, each styled anew) whenever
    anything asks for the bindings to be refreshed: every screen pushed or popped
    over it, every change of focus and every redraw of a game screen, though the
    keys are nearly always the same.  In a game that rebuilding cost more than
    drawing the board."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._keys_shown: tuple[object, ...] | None = None
        self._rebuild_pending = False

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        # Keys that do not fit the width side by side are drawn compact (a column less
        # each, app.tcss), so that a last key is not cut mid-word ("p Players & ▏").
        crowded = self._width_needed(widgets) > self.app.size.width
        # The keys are bound to the footer's own setting: set it (no watcher runs) first.
        self.set_reactive(Footer.compact, crowded)
        if crowded:
            widgets = self._keys_that_fit(widgets, self.app.size.width)
        for widget in widgets:
            if isinstance(widget, FooterKey):
                # A key starts out compact and is then bound to the footer's own setting,
                # and each change of its class restyles it once mounted: twice per key,
                # for every key of every rebuilt footer, a good share of a game's CPU.
                # Set before mounting, as it would end
                # up (the command palette's key is not bound and stays compact), the key
                # is styled once.
                compact = self.compact or widget.has_class("-command-palette")
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    @staticmethod
    def _width_needed(widgets: list[Any]) -> int:
        """The columns the keys take drawn in full: a key and its description with a
        column of padding on each side of the key and after the description (the
        palette's key: a border instead of one)."""
        keys = [widget for widget in widgets if isinstance(widget, FooterKey)]
        return sum(cell_len(key.key_display) + cell_len(key.description) + 3 for key in keys)

    def _keys_that_fit(self, widgets: list[Any], width: int) -> list[Any]:
        """The keys drawn compact that fit whole, then `MORE_KEYS` if any is left out
        (a key cut mid-word would give no sign that more keys exist).

        The keys left out are the screen's least needed (`KEYS_LEFT_OUT_FIRST`, in
        that order), then others from the end: leaving out the last keys lost a game's
        own, such as Pollen's "⏎ Plant / place" at 120×40."""
        keys = [widget for widget in widgets if isinstance(widget, FooterKey)]
        palette = [key for key in keys if key.has_class("-command-palette")]
        others = [key for key in keys if key not in palette]
        # A compact key: a space, the key, a space, its description (app.tcss).
        needed = {key: cell_len(key.key_display) + cell_len(key.description) + 2 for key in keys}
        # The palette's key has a border on its left and a column of padding on its right.
        room = width - sum(needed[key] + 2 for key in palette)
        taken = sum(needed[key] for key in others)
        if taken <= room:
            return widgets
        room -= cell_len(MORE_KEYS) + 1
        left_out: set[Any] = set()
        for key in self._leave_out_order(others):
            if taken <= room:
                break
            left_out.add(key)
            taken -= needed[key]
        kept = [widget for widget in widgets if widget not in left_out and widget not in palette]
        # The space is its text, not padding: a padding column is missing from the
        # screenshot's text, where "Keys… ? all keys" read as one word.
        kept += [Label(f" {MORE_KEYS}", classes="footer-more"), *palette]
        # The bar is a grid of one column per key: one per key kept and one for the mark.
        self.styles.grid_size_columns = len(kept) - len(palette)
        return kept

    def _leave_out_order(self, keys: list[FooterKey]) -> list[FooterKey]:
        """`keys` in the order they are left out of a crowded bar: the screen's
        `KEYS_LEFT_OUT_FIRST` actions in their order, then the rest from the last."""
        first: tuple[str, ...] = getattr(self.screen, "KEYS_LEFT_OUT_FIRST", ())
        # A key's action may carry parameters ("leave('joined')"): its name is ranked.
        names = {key: parse_action(key.action)[1] for key in keys}
        ranked = sorted((key for key in keys if names[key] in first), key=lambda key: first.index(names[key]))
        return ranked + [key for key in reversed(keys) if names[key] not in first]

    def on_resize(self) -> None:
        # Whether the keys fit side by side depends on the width.
        if self._keys_shown is not None:
            self.bindings_changed(self.screen)

    def bindings_changed(self, screen: Screen) -> None:
        mark_footer_bindings_ready(self)
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            # Several refreshes before the next frame make one rebuild, not one each.
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        self._rebuild_pending = False
        if not self.is_attached or hidden_under_another(self.screen):
            # Hidden behind a curtain, its keys are not read: the screen's return asks
            # again (Textual refreshes a resumed screen's bindings), and the keys then
            # are nearly always the ones shown before it was hidden (a game's keys for
            # the table under a curtain, then the next seat's: two rebuilds a pass).
            return
        keys = (
            # Plain characters name the keys in words (ui/plain.py).
            getattr(self.app, "plain_characters", False),
            self.show_command_palette,
            self.app.size.width,
            tuple((binding, enabled, tooltip) for _, binding, enabled, tooltip in self.screen.active_bindings.values()),
        )
        if keys != self._keys_shown:
            self._keys_shown = keys
            await self.recompose()
