"""Everbloom's table at 80×24, 120×40 and 200×60: readable at every step, every action
reachable by keys, the inspector, cursors that stop at their edges, resizing."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.everbloom.panes import PANES
from boardgames_tui.games.everbloom.screen import EverbloomScreen
from boardgames_tui.games.everbloom.letters import landmark_keys
from boardgames_tui.games.everbloom.widgets import ChoicePanel, DetailPanel, LandmarkPanel, WildernessPanel
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.setup import StartRequest

from .conftest import screen_text
from .layout import assert_readable
from .test_everbloom_screen import place_rows

SIZES = [(80, 24), (120, 40), (200, 60)]


def everbloom_app(tmp_path, seats, seed=3) -> BoardGamesApp:
    start = StartRequest(slug="everbloom", seats=seats, options={}, seed=seed)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


async def _until_a_human_acts(pilot, app) -> EverbloomScreen:
    """Lets bots play and curtains be answered until a human seat is to act; returns the screen."""
    for _ in range(2000):
        screen = app.screen
        if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
            # Curtains and the table's announcements (a migration's summary) go on with Enter.
            await pilot.press("enter")
        elif isinstance(screen, EverbloomScreen) and screen.thinking is None and screen.viewer in app.match.to_act():
            await pilot.pause()
            return screen
        await pilot.pause(0.01)
    raise AssertionError("no human seat came to act")


async def _to_the_wilderness(pilot, app) -> EverbloomScreen:
    """Enter through the nectar draft (and curtains) until a human is to place a chip."""
    screen = await _until_a_human_acts(pilot, app)
    while app.match.state.phase != "wilderness":
        await pilot.press("enter")
        screen = await _until_a_human_acts(pilot, app)
    return screen


def _inspector_text(app) -> str:
    panel = app.screen.query_one(InspectorPanel)
    return str(panel.query_one("#inspector-text").render()) if panel.is_open else ""


def test_landmark_letters_leave_out_the_hint_and_the_inspector():
    for side in ("A", "B"):
        letters = "".join(landmark_keys(side).values())
        assert "h" not in letters and "i" not in letters
    assert "".join(landmark_keys("B").values()) == "abcdefgjk"


# At 120×40, round 1 of the same table (two humans and a bot, by keys, cursor keys too)
# is test_everbloom_screen's test_two_humans_and_a_bot_play_a_whole_round_with_keys,
# which checks every step there: played once, not twice.
@pytest.mark.long(seconds=18)
@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_a_round_by_keys_is_readable_at_every_step(tmp_path, size):
    """Two humans and a bot play round 1 by keys only; the screen is readable at every step,
    and in a small window every pane shows whole."""
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot")])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panes_seen = False
        for _ in range(200):
            state = app.match.state
            if state.round >= 2 or state.phase == "over":
                break
            screen = await _until_a_human_acts(pilot, app)
            assert_readable(screen)
            if not panes_seen and screen.step.name == "place":
                panes_seen = True
                compact = screen.has_class("-compact")
                assert compact == (size == (80, 24))
                if compact:
                    # p shows every pane in turn, each readable, and comes back to the board.
                    for pane in PANES[1:]:
                        await pilot.press("p")
                        await pilot.pause()
                        assert screen.ui.pane == pane
                        assert_readable(screen)
                    await pilot.press("p")
                    await pilot.pause()
                    assert screen.ui.pane == "board"
            before = len(app.match.moves)
            mode = screen.step.name
            if mode == "place":
                # A landmark by its letter; a closed one is refused: try the next.
                await pilot.press("enter")
                await pilot.pause()
                for _ in range(10):
                    if screen.step.name != "place" or len(app.match.moves) > before:
                        break
                    await pilot.press("down", "enter")
                    await pilot.pause()
                if screen.step.name == "send":
                    assert_readable(screen)
                    await pilot.press("enter")
            else:
                await pilot.press("enter")
            await pilot.pause()
        else:
            raise AssertionError("round 1 did not end")
        assert app.match.state.round == 2


async def test_the_inspector_shows_the_landmark_and_the_cards_it_reaches_whole(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_the_wilderness(pilot, app)
        view = screen.current_view()
        await pilot.press("3", "down")
        await pilot.pause()
        space = list(landmark_keys(view.side))[screen.ui.chip_turn.spot]
        await pilot.press("i")
        await pilot.pause()
        text = _inspector_text(app)
        from boardgames_tui.games.everbloom.describe import TableWords, landmark_rule

        assert landmark_rule(view, space) in text
        for card in screen.rules.reach(view, screen.viewer, space):
            top = view.stacks[card][0]
            assert TableWords.card_facts(top)[-1] in text  # the card's ability, whole
        # i again closes it; Escape too.
        await pilot.press("i")
        await pilot.pause()
        assert not screen.query_one(InspectorPanel).is_open
        # In the split, the highlighted card is inspected; the panel closes when the keyboard passes.
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step.name == "send"
        await pilot.press("i")
        await pilot.pause()
        target = screen.ui.chip_turn.sending.targets[screen.ui.chip_turn.sending.cursor]
        assert f"Card space {target}" in _inspector_text(app)
        await pilot.press("i", "enter")
        await pilot.pause()
        assert not screen.query_one(InspectorPanel).is_open


async def test_the_split_and_the_lists_stop_at_their_edges(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _until_a_human_acts(pilot, app)
        # The draft's list: ↑ on the first entry stays there.
        await pilot.press("up")
        assert screen.ui.choice == 0
        await pilot.press(*["down"] * 10)
        assert screen.ui.choice == len(screen.viewer_legal_actions()) - 1
        while app.match.state.phase != "wilderness":
            await pilot.press("enter")
            screen = await _until_a_human_acts(pilot, app)
        await pilot.press("up")
        assert screen.ui.chip_turn.spot == 0
        await pilot.press(*["down"] * 20)
        assert screen.ui.chip_turn.spot == len(place_rows(screen)) - 1
        # Chip 3 at m1 (letter d) reaches four cards.
        await pilot.press("3", "d")
        await pilot.pause()
        sending = screen.ui.chip_turn.sending
        assert sending is not None and len(sending.targets) > 1
        counts = dict(sending.counts)
        await pilot.press("up")
        assert sending.cursor == 0
        await pilot.press(*["down"] * 10)
        assert sending.cursor == len(sending.targets) - 1
        await pilot.press("down", "right")
        await pilot.pause()
        # The extra one went to the last card, never round to the first.
        assert sending.counts[sending.targets[-1]] == counts[sending.targets[-1]] + 1
        assert sending.counts[sending.targets[0]] <= counts[sending.targets[0]]


async def test_a_resize_redraws_every_list_at_the_new_width_at_once(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")])
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await _to_the_wilderness(pilot, app)
        wide = screen.query_one(LandmarkPanel)._width
        for size in [(120, 40), (80, 24), (200, 60)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert_readable(screen)
            for panel in (screen.query_one(ChoicePanel), screen.query_one(LandmarkPanel)):
                width = panel.scrollable_content_region.width
                if width:
                    assert panel._width == width
                    assert all(strip.cell_length <= width for strip in panel._strips)
            wild = screen.query_one(WildernessPanel)
            for row in wild.children:
                assert all(len(line) <= wild.content_region.width for line in str(row.render()).splitlines())
        assert screen.query_one(LandmarkPanel)._width == wide
        # Every landmark's rule shows whole somewhere on the wide screen.
        text = screen_text(app)
        assert "Landmarks" in text


async def test_in_a_small_window_the_inspector_reads_the_pane_on_show(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_the_wilderness(pilot, app)
        await pilot.press("p", "p", "p", "i")
        await pilot.pause()
        assert screen.ui.pane == "habitat"
        assert "Your habitat" in _inspector_text(app) and "no tile yet" in _inspector_text(app)
        await pilot.press("i", "p", "i")
        await pilot.pause()
        text = _inspector_text(app)
        view = screen.current_view()
        # The bloom board: every point space with its points, and the faction's ability.
        assert "Bloom track" in text and "Worth 1 point" in text
        from boardgames_tui.games.everbloom.describe import faction_of

        assert faction_of(view, 0).summary in text


async def test_the_highlighted_landmark_stays_in_sight_when_a_long_message_shortens_the_list(tmp_path):
    """Found playing at 80×24: a hint put the cursor on its landmark, then its five-line
    message shortened the list and left that landmark out of sight."""
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot"), Seat(name="Di", kind="bot")])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_the_wilderness(pilot, app)
        panel = screen.query_one(ChoicePanel)
        for _ in range(12):
            await pilot.press("down")
        await pilot.pause()
        last = len(panel._starts) - 1
        assert screen.ui.chip_turn.spot == last
        screen.say(" ".join(["A long hint that takes the whole of the status bar."] * 12))
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#status").size.height == 3
        top = panel.scroll_offset.y
        rows = panel.scrollable_content_region.height
        assert rows > 0
        assert top <= panel._starts[last] and panel._starts[last] + len(panel._wrapped[last]) <= top + rows
        assert "▶" in screen_text(app).split("Place a chip")[1]
        assert_readable(screen)


async def test_walking_the_chip_list_repaints_without_laying_the_screen_out(tmp_path):
    """Found measuring: the detail under the list took two rows at one landmark and three
    at the next, and each such arrow key laid the whole screen out again (twice the CPU
    of the others).  A list that still fits keeps its size."""
    seats = [Seat(name="Ann"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot"), Seat(name="Bot 4", kind="bot")]
    app = everbloom_app(tmp_path, seats)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_the_wilderness(pilot, app)
        detail = screen.query_one(DetailPanel)
        layouts = []
        lay_out = screen._refresh_layout
        screen._refresh_layout = lambda *args, **kwargs: layouts.append(args) or lay_out(*args, **kwargs)
        detail_rows = set()
        for key in ["down"] * 8 + ["up"] * 8:
            await pilot.press(key)
            await pilot.pause()
            detail_rows.add(len(detail._strips))
        assert len(detail_rows) > 1  # the detail did change its number of rows
        assert layouts == []
        assert_readable(screen)


async def test_the_landmark_list_sets_its_chips_apart_as_the_board_does(tmp_path):
    """Found playing at 200×60: the landmark list ran two chips together ("S1S3"), where
    the board under the landmark reads "S1 S3"."""
    from boardgames_tui.games.everbloom.model import Chip
    from boardgames_tui.games.everbloom.widgets import faction_tag

    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot"), Seat(name="Di", kind="bot")])
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await _to_the_wilderness(pilot, app)
        view = screen.current_view().model_copy(deep=True)
        view.chips["east"] = [Chip(seat=0, value=1), Chip(seat=0, value=3), Chip(seat=1, value=2)]
        panel = screen.query_one(LandmarkPanel)
        panel.show(view)
        await pilot.pause()
        east = next(entry.plain for entry in panel._entries if entry.plain.startswith("j"))
        chips = " ".join(faction_tag(view, chip.seat, str(chip.value)).plain for chip in view.chips["east"])
        assert f"W   {chips} " in east
