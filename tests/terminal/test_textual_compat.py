"""boardgames_tui/ui/textual_compat.py: the Textual it was read from, and each fix
checked on an emulated terminal, with it and without it (without it the test says
whether Textual still needs it)."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from boardgames_tui.ui import textual_compat

from .emulator import compare, run_in_terminal
from tests.ui.settling import settle

pytestmark = pytest.mark.draws_every_frame


def test_read_from_this_textual():
    assert version("textual") == textual_compat.READ_FROM_TEXTUAL, (
        "Textual changed: read each fix in ui/textual_compat.py again against it, then update READ_FROM_TEXTUAL"
    )


class CardOverBoard(App[None]):
    """A card laid over a board, and a widget too small to be drawn."""

    CSS = """
    #card { position: absolute; overlay: screen; offset: 4 2; width: 20; height: 3; background: red; }
    #nothing { height: 0; }
    """

    def compose(self) -> ComposeResult:
        yield Static("board " * 100, id="board")
        yield Static("a lesson", id="card")
        yield Static("", id="nothing")


async def closed_card_left_on_the_terminal() -> str | None:
    """Where the terminal differs from the app after the card closes, if it does: a
    refresh of a widget out of view makes Textual arrange the screen lazily the next
    time a place is asked for, and the card closes just before that."""
    app = CardOverBoard()
    async with run_in_terminal(app, (40, 10)) as (pilot, terminal):
        await settle(pilot)
        assert "a lesson" in terminal.text()
        app.query_one("#nothing").refresh()
        await settle(pilot)
        app.query_one("#card").display = False
        # What every refresh asks (Widget.refresh reads the widget's size).
        assert app.query_one("#board").region
        await settle(pilot)
        mismatch = compare(terminal, app)
        return None if mismatch is None else str(mismatch)


async def test_a_closed_card_is_drawn_over_at_once():
    textual_compat.install()
    assert await closed_card_left_on_the_terminal() is None


async def test_textual_alone_still_leaves_the_closed_card_on_the_terminal(monkeypatch):
    """If this fails, Textual draws over a closed card by itself: the fix can go."""
    from textual._compositor import Compositor

    monkeypatch.setattr(Compositor, "full_map", textual_compat.TEXTUAL_FULL_MAP)
    mismatch = await closed_card_left_on_the_terminal()
    assert mismatch is not None and "a lesson" in mismatch
