"""The replay's "everything revealed" point of view: every hand at once over the public board."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.bloom_kingdom.rules import card_label
from boardgames_tui.app import replay_app
from boardgames_tui.ui.replay import ReplayMixin, RevealPanel
from tests.engine.test_records import finished_match
from tests.ui.conftest import screen_text

SEATS = [Seat(name="Anna"), Seat(name="[red]Ben[/red]")]


def panel_text(replay: ReplayMixin) -> str:
    return str(replay.query_one("#reveal-text").render())


async def test_everything_revealed_shows_both_hands_at_once_and_the_table_shows_none(tmp_path: Path):
    match = finished_match(4, seats=SEATS)
    app = replay_app(match, store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        await pilot.press("right")
        # The table, Anna's screen, Ben's screen, then everything revealed.
        await pilot.press("v", "v", "v")
        await pilot.pause()
        assert replay.revealing and replay.viewer is None
        panel = replay.query_one(RevealPanel)
        assert panel.is_open and panel.border_title == "Everything revealed"
        assert "everything revealed" in screen_text(app)
        shown = panel_text(replay)
        state = replay.table.state
        for player in state.players:
            assert player.hand and all(card_label(card) in shown for card in player.hand)
        # Names are data: the markup in Ben's name is shown as typed.
        assert "Anna" in shown and "[red]Ben[/red]" in shown
        # The board stays the public one: no seat's hand is drawn on it.
        assert "'s hand (" not in screen_text(app)

        # Stepping keeps the point of view and follows the hands.
        await pilot.press("right")
        await pilot.pause()
        assert replay.revealing and panel_text(replay) == "\n\n".join(
            "\n".join((section.title, *section.lines)) for section in replay.game.reference.hidden_information(replay.table.state)
        )

        # And round again to the table: the panel goes, no hand anywhere.
        await pilot.press("v")
        await pilot.pause()
        assert not replay.revealing and replay.viewer is None and not panel.is_open
        text = screen_text(app)
        assert "the table (public only)" in text and "'s hand (" not in text and "Hand: " not in text


async def test_the_panel_scrolls_from_the_keyboard_when_it_is_long(tmp_path: Path):
    match = finished_match(4, seats=SEATS)
    app = replay_app(match, store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("shift+down")
        await pilot.pause()
        assert "until it shows" in screen_text(app)
        await pilot.press("right", "v", "v", "v")
        await pilot.pause()
        panel = app.screen.query_one(RevealPanel)
        assert panel.max_scroll_y > 0 and panel.scroll_y == 0
        await pilot.press("shift+down", "shift+down")
        await pilot.pause()
        assert panel.scroll_y == 2
        await pilot.press("shift+up")
        await pilot.pause()
        assert panel.scroll_y == 1


async def test_f3_reads_a_long_message_whole_in_a_replay_too(tmp_path: Path):
    """The cut bar names F3; the replay, which keeps only read-only keys, keeps that one."""
    match = finished_match(4, seats=SEATS)
    app = replay_app(match, store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        assert not replay.check_action("whole_message", ())
        long_message = " ".join(["A replay's message long enough to be cut at the foot of a small screen."] * 6)
        replay.say(long_message)
        await pilot.pause()
        assert replay.check_action("whole_message", ())
        flat = lambda text: " ".join(text.split())  # noqa: E731
        assert flat(long_message) not in flat(screen_text(app))
        await pilot.press("f3")
        await pilot.pause()
        assert flat(long_message) in flat(screen_text(app))


@pytest.mark.parametrize("slug", ["pollen", "evergreen"])
async def test_the_up_and_down_arrows_in_a_replay_of_a_game_with_a_cursor_do_not_crash(tmp_path: Path, slug: str):
    """Found watching a finished Pollen game from Records at 80×24: Down crashed the app
    (`TypeError`), the game's cursor key `step('down')` reaching the replay's own step.
    The arrows that move a cursor in play now leave the replay where it is; → still steps."""
    from tests.ui.finished import finished_match as random_finished_match

    match = random_finished_match(slug, seats=2)
    app = replay_app(match, store=SaveStore(tmp_path), cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        step = replay.table.step
        await pilot.press("down", "up")
        await pilot.pause()
        assert app.screen is replay and app.return_code is None
        assert replay.table.step == step
        await pilot.press("right")
        await pilot.pause()
        assert replay.table.step == step + 1
