"""Plain characters: every cell in ASCII where the terminal needs it (ui/plain.py), the
legend's marks still told apart, and the command line choosing it from the locale.
Each game's screen, key panel and legend in ASCII: tests/contract/test_screens.py."""

from __future__ import annotations

import unicodedata
from collections import defaultdict

import pytest
from rich.cells import cell_len

from boardgames_tui import __main__ as cli
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.registry import all_games
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.settings import Settings
from boardgames_tui.ui.plain import MARKS, ascii_cells, ascii_for
from boardgames_tui.ui.textual_compat import full_frame_strips

from .settling import settle


def cells_beyond_ascii(app: BoardGamesApp) -> list[str]:
    """Every line of the frame holding a character beyond ASCII, with those characters."""
    found = []
    for number, strip in enumerate(full_frame_strips(app)):
        text = "".join(segment.text for segment in strip)
        if not text.isascii():
            found.append(f"line {number}: {sorted({c for c in text if not c.isascii()})} in {text.strip()!r}")
    return found


async def test_the_setting_draws_every_screen_again_at_once(tmp_path):
    """The `plain` setting is read just after the first frame, and saving it from the
    Settings screen switches back: every screen of the stack and its key bar redrawn."""
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, settings=Settings(plain=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.plain_characters and cells_beyond_ascii(app) == []
        app.action_settings()
        await settle(pilot)
        assert cells_beyond_ascii(app) == []
        assert app.change_settings(plain=False)
        await settle(pilot)
        assert not app.plain_characters and cells_beyond_ascii(app) != []


def test_every_mark_keeps_its_cells():
    """Nothing on the screen moves: each character becomes as many ASCII characters as
    the cells it takes, the table's marks and every box line and block alike."""
    characters = [*MARKS, *map(chr, range(0x2500, 0x25A0)), "é", "界", "\u200d", "👩"]
    for character in characters:
        shown = ascii_for(character)
        assert shown.isascii() and len(shown) == cell_len(character), (character, unicodedata.name(character, "?"), shown)
    assert ascii_cells("Zoë ╭─╮ ▐X▌ Farmers ≥ Nobles ⚡x") == "Zoe +-+ [X] Farmers>= Nobles ! x"


# Marks that share an ASCII character in one part of the board on purpose: a separator
# and the end of a cut text both read as a dot, and arrows keep their direction.
SHARED_ON_PURPOSE = {".": {"·", "…"}, ">": {"▶", "→"}, "<": {"◀", "←"}, "^": {"▲", "↑"}}


def test_the_marks_a_legend_tells_apart_stay_apart():
    """The legend is drawn through the same table as the board, so it always shows the
    board's marks; two marks of one part of a board (or of every part) must not become
    the same character, or the legend could no longer tell which is meant."""
    for game in all_games():
        legend = game.reference.legend()
        everywhere = [entry for entry in legend if entry.where == "Everywhere"]
        for where in {entry.where for entry in legend}:
            marks = defaultdict(set)
            for entry in {*everywhere, *(entry for entry in legend if entry.where == where)}:
                mark = entry.symbol.strip()
                if len(mark) == 1 and not mark.isalnum():
                    marks[ascii_cells(mark)].add(mark)
            shared = {ascii: set(found) for ascii, found in marks.items() if len(found) > 1}
            unexpected = {ascii: found for ascii, found in shared.items() if not found <= SHARED_ON_PURPOSE.get(ascii, set())}
            assert unexpected == {}, f"{game.slug}, {where}"


@pytest.mark.parametrize(
    "arguments, environment, plain",
    [
        ([], {"LANG": "C.UTF-8"}, False),
        ([], {"LANG": "en_GB.ISO-8859-1"}, True),
        (["--plain"], {"LANG": "C.UTF-8"}, True),
        (["--plain", "play", "pollen", "--seat", "Ann", "--seat", "bot"], {"LANG": "C.UTF-8"}, True),
    ],
)
def test_the_command_line_chooses_plain_characters(monkeypatch, arguments, environment, plain):
    for variable in ("LC_ALL", "LC_CTYPE", "LANG", "TEXTUAL_DRIVER"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setenv("TERM", "xterm-256color")
    started: list[BoardGamesApp] = []
    monkeypatch.setattr(BoardGamesApp, "run", lambda app: started.append(app))
    assert cli.main(arguments) == 0
    assert [app.plain_characters for app in started] == [plain]
