"""The key bar rebuilds only when the keys it shows change."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets._footer import FooterKey

from boardgames_tui.ui.footer import KeysFooter

from .settling import settle


class KeysApp(App[None]):
    BINDINGS: ClassVar[list[Binding]] = [Binding("p", "plant", "Plant"), Binding("g", "grow", "Grow")]
    can_grow = True

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_grow if action == "grow" else True

    def action_plant(self) -> None: ...

    def action_grow(self) -> None: ...


def descriptions(app: App[None]) -> list[str]:
    return [key.description for key in app.query(FooterKey)]


async def test_the_same_keys_keep_the_same_footer_and_new_keys_rebuild_it():
    app = KeysApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await settle(pilot)
        keys = list(app.query(FooterKey))
        assert descriptions(app)[:2] == ["Plant", "Grow"]
        for _ in range(3):
            app.screen.refresh_bindings()
        await settle(pilot)
        assert list(app.query(FooterKey)) == keys  # not rebuilt: the same widgets
        app.can_grow = False
        app.screen.refresh_bindings()
        await settle(pilot)
        assert "Grow" not in descriptions(app) and "Plant" in descriptions(app)


async def test_a_rebuilt_footer_styles_each_key_once():
    app = KeysApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await settle(pilot)
        restyled: list[str] = []
        update_styles = app.update_styles
        app.update_styles = lambda node=None, **kwargs: (  # type: ignore[method-assign]
            restyled.append(type(node).__name__) or update_styles(node, **kwargs)
        )
        app.can_grow = False
        app.screen.refresh_bindings()
        await settle(pilot)
        await settle(pilot)
        assert "Grow" not in descriptions(app)
        # Mounted with the classes they keep: no key is restyled after its first styling.
        assert "FooterKey" not in restyled
        keys = list(app.query(FooterKey))
        palette = [key for key in keys if key.has_class("-command-palette")]
        assert all(not key.has_class("-compact") for key in keys if key not in palette)
        assert palette and all(key.has_class("-compact") for key in palette)


class CrowdedApp(App[None]):
    """Ten keys whose descriptions need more than the width side by side."""

    BINDINGS: ClassVar[list[Binding]] = [Binding(str(number), f"noop({number})", f"Long words {number}") for number in range(10)]

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_noop(self, number: int) -> None: ...


async def test_keys_that_do_not_fit_side_by_side_are_drawn_compact_and_none_is_cut():
    """At 120 columns Bloom Kingdom's last key was cut ("p Players & ▏")."""
    app = CrowdedApp()
    async with app.run_test(size=(200, 10)) as pilot:
        await settle(pilot)
        assert not any(key.has_class("-compact") for key in app.query(FooterKey) if key.description.startswith("Long"))
        await pilot.resize_terminal(170, 10)
        for _ in range(3):
            await pilot.pause()
        keys = [key for key in app.query(FooterKey) if key.description.startswith("Long")]
        assert len(keys) == 10 and all(key.has_class("-compact") for key in keys)
        palette = next(key for key in app.query(FooterKey) if key.has_class("-command-palette"))
        assert keys[-1].region.right <= palette.region.x


async def test_the_key_panel_is_wide_enough_for_its_descriptions_at_80x24(app_factory):
    """At 80×24 the `?` panel wrapped "Copy / selected / text" one word a line."""
    from textual.widgets import HelpPanel

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        panel = app.screen.query_one(HelpPanel)
        assert panel.region.width >= 46 and panel.region.right == 80
        from .conftest import screen_text

        assert "Copy selected text" in screen_text(app)


async def test_keys_that_do_not_fit_even_compact_end_in_a_mark_and_none_is_cut():
    """At 80 columns a game's key bar was cut mid-key with no sign that more keys exist
    (issue 29): the keys that fit are drawn whole, then "…" and where to see them all."""
    app = CrowdedApp()
    async with app.run_test(size=(80, 10)) as pilot:
        for _ in range(3):
            await pilot.pause()
        footer = app.query_one(KeysFooter)
        palette = next(key for key in app.query(FooterKey) if key.has_class("-command-palette"))
        keys = [key for key in app.query(FooterKey) if key.description.startswith("Long")]
        assert 0 < len(keys) < 10 and all(key.region.right <= palette.region.x for key in keys)
        more = footer.query_one(".footer-more")
        assert str(more.render()).strip().startswith("…") and "?" in str(more.render())
        assert keys[-1].region.right <= more.region.x and more.region.right <= palette.region.x
