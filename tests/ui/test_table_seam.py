"""Screens talk to a table: a game's screen plays, takes back and hands over the keyboard
through the `Table` interface alone, and `ui/` never reaches for the app module."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.table import Table
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen, game_screen_class
from boardgames_tui.ui.scoresheet import AnnouncementScreen

TABLE_MEMBERS = frozenset(Table.__annotations__) | {name for name in vars(Table) if not name.startswith("_")}


class OnlyTheTable:
    """A match seen through `Table`'s members and nothing else: all a table on another
    machine could offer.  Anything more a screen asks for is an error here."""

    def __init__(self, match: Match) -> None:
        self._match = match

    def __getattr__(self, name: str) -> Any:
        if name not in TABLE_MEMBERS:
            raise AttributeError(f"a screen asked its table for {name!r}, which a Table does not offer")
        return getattr(self._match, name)


def test_a_match_and_a_replay_offer_everything_a_table_does():
    from tests.ui.finished import finished_match
    from boardgames_tui.engine.replay_table import ReplayTable

    match = finished_match("pollen", 2)
    for table in (match, ReplayTable.of_match(match)):
        assert {name for name in TABLE_MEMBERS if not hasattr(table, name)} == set()


# Everbloom's screen is played through the table alone in its own tests (a whole chip
# turn checked by `check_turn`: test_everbloom_screen.py).
@pytest.mark.parametrize("slug", ["bloom-kingdom", "pollen", "evergreen"])
async def test_a_game_screen_plays_and_undoes_through_the_table_alone(tmp_path: Path, slug: str):
    game = get_game(slug)
    seats = [Seat(name="Ann"), Seat(name="Ben")]
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        match = Match(game, game.rules.parse_options({}), seats, 11, store=app.store)
        app.match = match
        app.push_screen(game_screen_class(game)(OnlyTheTable(match)))
        moved = undone = 0
        refusal_said = False
        for _ in range(60):
            await pilot.pause()
            if isinstance(app.screen, CurtainScreen) and not app.screen.undo_for and not refusal_said:
                # Where nothing can be taken back, u on the curtain says why and changes nothing.
                curtain, before = app.screen, len(match.moves)
                await pilot.press("u")
                await pilot.pause()
                said = str(curtain.query_one("#curtain-undo").render())
                assert app.screen is curtain and len(match.moves) == before
                assert said.startswith("Undo is not possible. ") and len(said) > len("Undo is not possible. ")
                refusal_said = True
            if isinstance(app.screen, CurtainScreen) and app.screen.undo_for and not undone:
                # The seat that just moved takes it back in front of the table.
                before = len(match.moves)
                await pilot.press("u")
                await pilot.pause()
                assert len(match.moves) == before - 1
                undone += 1
                continue
            if isinstance(app.screen, (CurtainScreen, AnnouncementScreen)):
                await pilot.press("enter")
                continue
            screen = app.screen
            assert isinstance(screen, GameScreen)
            legal = screen.viewer_legal_actions()
            if not legal:
                continue
            if moved == 4:
                # A move the rules refuse, and an undo they refuse, are said; nothing changes.
                before = len(match.moves)
                assert not screen.submit(object())
                assert len(match.moves) == before and "is not a move of" in str(screen.query_one("#status").render())
                if not match.can_undo(screen.viewer):
                    await pilot.press("u")
                    await pilot.pause()
                    assert len(match.moves) == before and "Undo is not possible" in str(screen.query_one("#status").render())
            assert screen.submit(legal[0])
            moved += 1
            if moved == 6:
                break
        await pilot.pause()  # the last move's news settles before the app closes
        assert moved == 6 and len(match.moves) == moved - undone and refusal_said


def test_a_replay_refuses_moves_and_undo_with_its_reason():
    from tests.ui.finished import finished_match
    from boardgames_tui.engine.replay_table import REPLAY_REFUSAL, ReplayTable

    match = finished_match("pollen", 2)
    table = ReplayTable.of_match(match)
    table.go_to(3)
    shown = table.state
    for attempt in (lambda: table.submit(0, match.moves[3].action), lambda: table.undo(0)):
        with pytest.raises(IllegalMove, match=REPLAY_REFUSAL):
            attempt()
    assert table.undo_blocker(0) == REPLAY_REFUSAL and not table.can_undo(0)
    assert table.step == 3 and table.state is shown


def test_a_match_checks_a_whole_turn_without_playing_any_of_it_and_a_replay_refuses_it():
    from tests.ui.finished import finished_match
    from boardgames_tui.engine.replay_table import REPLAY_REFUSAL, ReplayTable

    game = get_game("pollen")
    match = Match(game, game.rules.parse_options({}), [Seat(name="Ann"), Seat(name="Ben")], 11)
    state, seat = match.state, match.to_act()[0]  # one seat to act: Ben
    first = game.rules.legal_actions(match.view(seat), seat)[0]
    assert match.check_turn(seat, [first]) is None
    # A move refused anywhere refuses the turn, with the reason `submit` gives, and
    # nothing of it is played.
    with pytest.raises(IllegalMove) as refusal:
        match.submit(seat, object())
    assert match.check_turn(seat, [first, object()]) == refusal.value.reason
    assert match.check_turn(1 - seat, [first]) == f"It is not {match.seats[1 - seat].name}'s turn."
    assert match.state is state and not match.moves
    assert ReplayTable.of_match(finished_match("pollen", 2)).check_turn(0, []) == REPLAY_REFUSAL


def test_no_module_of_the_ui_imports_the_app():
    """The app puts the screens together; a screen that imported it back would close a circle."""
    ui = Path(__file__).parents[2] / "boardgames_tui" / "ui"
    offenders = []
    for path in sorted(ui.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(name == "boardgames_tui.app" or name.startswith("boardgames_tui.app.") for name in names):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
