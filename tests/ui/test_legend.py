"""Every symbol a game's screen draws is explained in its legend (F1 → Legend, F2).

Each game is played headless through its screen with random legal moves; at every
step the board's widgets are rendered and every glyph they draw is looked up in the
game's legend.  A new symbol drawn without a legend entry fails here.
"""

from __future__ import annotations

import random
import re

import pytest
from textual.geometry import Region
from textual.widgets import TabbedContent

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.everbloom import content as everbloom_content
from boardgames_tui.ui.game_screen import GameLog, GameScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.setup import StartRequest

from .test_plain_characters import cells_beyond_ascii

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]
# Options that put every kind of piece on the board (Evergreen's module pieces).
OPTIONS = {"evergreen": {"modules": "both"}}

# Abbreviations and number formats the boards draw, per game: whenever the screen
# shows one, some legend entry must show the same form.
FORMS = {
    "bloom-kingdom": [r"now \d+\?", r"rounds \d+", r"\(\d+ Jest\)", r"hand \d+", r"\d+ VP"],
    "everbloom": [r"\bc\d n\d\b", r"#\d+′", r"\[[A-E]\]", r"−\d", r"\d+pt", r"✿\d", r"▤\d", r"Track [·•◆*A-Z]+"],
    "evergreen": [r"\d+ \(\d+\)", r"\d+ \(\d+, \d+↓\)", r"Action options still open", r"☀ \+\d", r"s→t", r"t→T"],
    "pollen": [r"\b(Be|Bu|Ju)\s?\d", r"\[(Be|Bu|Ju)+\]", r"\[××\]", r"\d×(Be|Bu|Ju)", r"bag \d+"],
}


def is_drawn_symbol(char: str) -> bool:
    """A glyph that means something: not a letter, digit, space or plain ASCII, not a
    border line (U+2500–U+257F) nor a scrollbar block (U+2580–U+2590)."""
    code = ord(char)
    if code < 128 or char.isalnum() or char.isspace():
        return False
    return not (0x2500 <= code <= 0x2590)


def board_text(screen: GameScreen) -> str:
    """What the board and side panels draw (not the log, the status or the footer)."""
    parts = []
    for widget in screen.query("#game-main *"):
        if isinstance(widget, GameLog) or any(isinstance(a, GameLog) for a in widget.ancestors):
            continue
        if not widget.display or widget.size.area == 0:
            continue
        size = widget.outer_size
        for strip in widget.render_lines(Region(0, 0, size.width, size.height)):
            parts.append(strip.text)
    return "\n".join(parts)


def game_app(tmp_path, slug: str, seats: int = 3) -> BoardGamesApp:
    people = [Seat(name="Anna")] + [Seat(name=f"Bot {n}", kind="bot") for n in range(2, seats + 1)]
    start = StartRequest(slug=slug, seats=people, options=OPTIONS.get(slug, {}), seed=11)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def play_and_collect(app: BoardGamesApp, pilot, moves: int) -> str:
    """Plays `moves` random legal moves for Anna (bots answer), collecting the board's text."""
    rng = random.Random(5)
    seen = []
    made = 0
    for _ in range(4000):
        await pilot.pause(0.01)
        screen = app.screen
        if isinstance(screen, AnnouncementScreen):
            await pilot.press("enter")
            continue
        if not isinstance(screen, GameScreen) or app.match.is_over():
            break
        if screen.thinking is not None or screen.viewer not in app.match.to_act():
            continue
        await pilot.pause()
        seen.append(board_text(screen))
        if made >= moves:
            break
        legal = screen.viewer_legal_actions()
        screen.submit(rng.choice(legal))
        made += 1
    return "\n".join(seen)


def legend_symbols(slug: str) -> str:
    return "\n".join(entry.symbol for entry in get_game(slug).reference.legend())


@pytest.mark.long(seconds=22)
@pytest.mark.parametrize("slug", GAMES)
async def test_every_symbol_on_the_board_is_in_the_legend(tmp_path, slug):
    app = game_app(tmp_path, slug)
    async with app.run_test(size=(120, 40)) as pilot:
        drawn = await play_and_collect(app, pilot, moves=40)
    assert drawn, "the game screen never showed Anna's turn"
    symbols = legend_symbols(slug)
    missing = sorted({char for char in drawn if is_drawn_symbol(char)} - set(symbols))
    assert not missing, f"{slug}: drawn but not in the legend: {missing}"
    for form in FORMS[slug]:
        if re.search(form, drawn):
            assert re.search(form, symbols), f"{slug}: the board draws {form!r}, the legend never shows it"


@pytest.mark.parametrize("slug", GAMES)
def test_every_legend_entry_says_something(slug):
    entries = get_game(slug).reference.legend()
    assert entries
    for entry in entries:
        assert entry.where and entry.symbol and len(entry.meaning) > 3, entry


def test_the_bloom_track_legend_gives_every_point_space_its_value():
    track = everbloom_content.bloom_track()
    values = next(entry.meaning for entry in get_game("everbloom").reference.legend() if entry.symbol == "space values")
    for index, space in enumerate(track.spaces):
        if space.points:
            assert f"{index}•{space.points}" in values
        elif space.nectar_card:
            assert f"{index}◆" in values


async def test_f2_opens_the_legend_from_the_game(tmp_path):
    app = game_app(tmp_path, "bloom-kingdom")
    async with app.run_test(size=(120, 40)) as pilot:
        await play_and_collect(app, pilot, moves=0)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(TabbedContent).active == "legend-tab"
        # In plain characters (ui/plain.py) the legend is drawn through the table that
        # draws the board, and the key panel over it names the keys in words.
        app.set_plain_characters(True)
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.query("HelpPanel") and cells_beyond_ascii(app) == []
        await pilot.press("question_mark", "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
