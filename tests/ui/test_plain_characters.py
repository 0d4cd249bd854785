"""Plain characters: every cell in ASCII where the terminal needs it (ui/plain.py), the
legend's marks still told apart, and the command line choosing it from the locale.
Each game's screen in ASCII: tests/contract/test_screens.py; a legend and the key panel:
tests/ui/test_legend.py."""

from __future__ import annotations

import unicodedata
from collections import defaultdict

import pytest
from rich.cells import cell_len
from textual.binding import Binding

from boardgames_tui import __main__ as cli
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.registry import all_games
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.settings import Settings
from boardgames_tui.ui.plain import MARKS, ascii_cells, ascii_for
from boardgames_tui.ui.textual_compat import full_frame_strips

from tests.terminal.emulator import check_terminal, emulated_text, run_in_terminal


def cells_beyond_ascii(app: BoardGamesApp) -> list[str]:
    """Every line of the frame holding a character beyond ASCII, with those characters."""
    found = []
    for number, strip in enumerate(full_frame_strips(app)):
        text = "".join(segment.text for segment in strip)
        if not text.isascii():
            found.append(f"line {number}: {sorted({c for c in text if not c.isascii()})} in {text.strip()!r}")
    return found


@pytest.mark.draws_every_frame
async def test_the_setting_draws_what_the_terminal_shows_again_at_once(tmp_path, monkeypatch):
    """The `plain` setting is read just after the first frame, and saving it from the
    Settings screen switches back: the terminal itself (emulated) shows each switch, every
    cell of it, with nothing of the frame before left over."""
    monkeypatch.setenv("COLORTERM", "truecolor")
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, settings=Settings(plain=True))
    async with run_in_terminal(app, (80, 24)) as (pilot, terminal):
        await check_terminal(pilot, terminal, "the menu")
        assert app.plain_characters and emulated_text(terminal).isascii()
        app.action_settings()
        await check_terminal(pilot, terminal, "the settings")
        assert emulated_text(terminal).isascii()
        assert app.change_settings(plain=False)
        await check_terminal(pilot, terminal, "the settings, plain characters off")
        assert not emulated_text(terminal).isascii()


def test_every_mark_keeps_its_cells():
    """Nothing on the screen moves: each character becomes as many ASCII characters as
    the cells it takes, the table's marks and every box line and block alike."""
    characters = [*MARKS, *map(chr, range(0x2500, 0x25A0)), "é", "界", "\u200d", "👩"]
    for character in characters:
        shown = ascii_for(character)
        assert shown.isascii() and len(shown) == cell_len(character), (character, unicodedata.name(character, "?"), shown)
    assert ascii_cells("Zoë ╭─╮ ▐X▌ Farmers ≥ Nobles ⚡x") == "Zoe +-+ [X] Farmers>= Nobles ! x"


def test_keys_are_named_in_words(tmp_path):
    """The key bar and the key panel name an arrow or Enter by its name, not a "^" or a "?"."""
    app = BoardGamesApp(store=SaveStore(tmp_path))
    keys = ("enter", "up", "shift+left", "ctrl+up", "ctrl+z", "q")
    assert [app.get_key_display(Binding(key, "x")) for key in keys] == ["⏎", "↑", "shift+←", "^↑", "^z", "q"]
    app.require_plain_characters()
    assert [app.get_key_display(Binding(key, "x")) for key in keys] == ["enter", "up", "shift+left", "^up", "^z", "q"]


# Marks that share an ASCII character in one part of a board on purpose: a separator and
# the end of a cut text both read as a dot, dashes as a dash, and arrows keep their
# direction.
SHARED_ON_PURPOSE = {".": {"·", "…"}, "-": {"-", "–", "−", "—"}, ">": {"▶", "→"}, "<": {"◀", "←"}, "^": {"▲", "↑"}}


def test_the_marks_a_legend_tells_apart_stay_apart():
    """The legend is drawn through the same table as the board, so it always shows the
    board's marks; two marks of one part of a board (or of every part) must not become
    the same character, or the legend could no longer tell which is meant."""
    for game in all_games():
        legend = game.reference.legend()
        for where in {entry.where for entry in legend}:
            entries = [entry for entry in legend if entry.where in (where, "Everywhere")]
            # Each ASCII character the marks become, and for each mark the characters it
            # stands for there (the corners and lines of one frame may share one).
            origins = defaultdict(list)
            for entry in entries:
                in_mark = defaultdict(set)
                for character in entry.symbol:
                    if not character.isalnum() and not character.isspace():
                        # As drawn after a space: "≥" takes it, as ">=".
                        in_mark[ascii_cells(" " + character).strip()].add(character)
                for shown, found in in_mark.items():
                    origins[shown].append(found)
            shared = {
                shown: set().union(*found)
                for shown, found in origins.items()
                if any(one.isdisjoint(other) for one in found for other in found)
                and not set().union(*found) <= SHARED_ON_PURPOSE.get(shown, set())
            }
            assert shared == {}, f"{game.slug}, {where}"


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
