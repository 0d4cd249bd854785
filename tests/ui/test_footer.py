"""The key bar rebuilds only when the keys it shows change."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets._footer import FooterKey

from boardgames_tui.ui.footer import KeysFooter


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
        await pilot.pause()
        keys = list(app.query(FooterKey))
        assert descriptions(app)[:2] == ["Plant", "Grow"]
        for _ in range(3):
            app.screen.refresh_bindings()
        await pilot.pause()
        assert list(app.query(FooterKey)) == keys  # not rebuilt: the same widgets
        app.can_grow = False
        app.screen.refresh_bindings()
        await pilot.pause()
        assert "Grow" not in descriptions(app) and "Plant" in descriptions(app)


async def test_a_rebuilt_footer_styles_each_key_once():
    app = KeysApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        restyled: list[str] = []
        update_styles = app.update_styles
        app.update_styles = lambda node=None, **kwargs: (  # type: ignore[method-assign]
            restyled.append(type(node).__name__) or update_styles(node, **kwargs)
        )
        app.can_grow = False
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert "Grow" not in descriptions(app)
        # Mounted with the classes they keep: no key is restyled after its first styling.
        assert "FooterKey" not in restyled
        keys = list(app.query(FooterKey))
        palette = [key for key in keys if key.has_class("-command-palette")]
        assert all(not key.has_class("-compact") for key in keys if key not in palette)
        assert palette and all(key.has_class("-compact") for key in palette)
