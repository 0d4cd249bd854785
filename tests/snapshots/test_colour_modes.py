"""Every text cell a player reads keeps 3:1 against its background: in full colour, in
a 16-colour terminal (TERM=xterm) and under NO_COLOR, measured from the colours the
terminal gets (tests/ui/contrast.py says how).

One app per colour mode shows the menu, the settings, then each game in turn at 120×40
(two people and a bot, a person's own screen); in 16 colours and without colour each
game's screen is also kept as an SVG snapshot.  Update those on purpose with
`pytest tests/snapshots/test_colour_modes.py --snapshot-update` and look at them.
"""

from __future__ import annotations

import pytest
from pytest_textual_snapshot import SVGImageExtension

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import slugs
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.settings_screen import SettingsScreen
from boardgames_tui.ui.setup import StartRequest
from tests.ui.contrast import LEAST_CONTRAST, describe, illegible_cells
from tests.ui.settling import settle

SIZE = (120, 40)
# The environment each mode is detected from, as a terminal would set it.
MODES = {
    "full": {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
    "16": {"TERM": "xterm"},
    "none": {"COLORTERM": "truecolor", "TERM": "xterm-256color", "NO_COLOR": "1"},
}
SEATS = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Bot", kind="bot")]


async def until_a_person_acts(pilot) -> None:
    """Past the curtains and the table's announcements, until the person at the
    keyboard is to act on their own screen."""
    app = pilot.app
    for _ in range(200):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and screen.thinking is None and screen.viewer in app.match.to_act():
            return
    raise AssertionError(f"no person's screen came up: {app.screen!r}")


@pytest.mark.parametrize("mode", list(MODES))
async def test_every_text_cell_is_legible(mode, monkeypatch, tmp_path, snapshot):
    for name in ("COLORTERM", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in MODES[mode].items():
        monkeypatch.setenv(name, value)
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    illegible: dict[str, str] = {}
    pictures: dict[str, str] = {}

    def measure(name: str) -> None:
        cells = illegible_cells(app)
        if cells:
            illegible[name] = f"{name}: {len(cells)} cells below {LEAST_CONTRAST}:1\n{describe(cells)}"

    async with app.run_test(size=SIZE) as pilot:
        assert app.console.color_system == ("standard" if mode == "16" else "truecolor")
        assert app.no_color == (mode == "none")
        await settle(pilot)
        measure("menu")
        app.push_screen(SettingsScreen())
        await settle(pilot)
        measure("settings")
        for slug in slugs():
            app.start_match(StartRequest(slug=slug, seats=SEATS, options={}, seed=7))
            await until_a_person_acts(pilot)
            measure(slug)
            if mode != "full":
                pictures[slug] = app.export_screenshot()
    assert not illegible, "\n".join(illegible.values())
    snapshot = snapshot.use_extension(SVGImageExtension)
    for slug, picture in pictures.items():
        assert snapshot(name=slug) == picture
