"""Everbloom's screen tells each seat what is at stake: what changed since its own last
move (marked on the board, summed up), the standings it may know, guard rails on moves
that give up what is left, refused keys that say why, hints that fit the split shown,
and words that work for any name."""

from __future__ import annotations

import re

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import NO_CHANGES, ChangeReport, Seat
from boardgames_tui.games.everbloom.model import (
    FinishPollination,
    HabitatCard,
    PlaceChip,
    Pollinate,
    PollinationWork,
    SendPollinator,
    TakeGrove,
)
from boardgames_tui.games.everbloom.game import EverbloomNarrator
from boardgames_tui.games.everbloom.rules import BIOMES
from boardgames_tui.games.everbloom.describe import BIOME_INFO, NECTAR, faction_of
from boardgames_tui.games.everbloom.widgets import (
    CHANGED,
    GrovePanel,
    HabitatPanel,
    PlayersPanel,
    SincePanel,
    WildernessPanel,
)
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.widgets import TextPanel

from .conftest import screen_text
from .test_everbloom_screen import _to_wilderness_turn, place_rows
from .test_everbloom_screen import everbloom_app as _everbloom_app


def everbloom_app(tmp_path, seats, seed=3) -> BoardGamesApp:
    # Seed 3: Ann plays the Lemurs and goes first; chip 3 at m1 (letter d) reaches t1, t2, b1, b2.
    return _everbloom_app(tmp_path, seats, seed)


def _status(app) -> str:
    return str(app.screen.query_one("#status").render())


def _panel_text(widget) -> str:
    """What a panel draws, borders included, as plain text."""
    size = widget.outer_size
    from textual.geometry import Region

    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, size.width, size.height)))


def _wild_text(screen) -> str:
    return "\n".join(_panel_text(row) for row in screen.query_one(WildernessPanel).query(TextPanel))


# -- since your last turn ------------------------------------------------------------------------
REPORT = ChangeReport(
    marks=frozenset({("space", "t2"), ("landmark", "m1"), ("grove", "aquatic"), ("track", 1), ("habitat", 1)}),
    lines=("Cy wins Lichen Lemming: 3 pollinators to Ann's 3, the tie broken by turn order.",),
)


@pytest.fixture
def fixed_changes(monkeypatch):
    """The rules report REPORT for what happened since a seat's draft discard, nothing later
    (the rules' own `changes_since` is another engineer's; the screen only draws it)."""
    asked: list[int] = []

    def changes_since(self, before, after, seat):
        asked.append(seat)
        return REPORT if before.phase == "draft" else NO_CHANGES

    monkeypatch.setattr(EverbloomNarrator, "changes_since", changes_since)
    return asked


async def test_what_the_seats_own_move_set_off_is_told_before_what_others_did(tmp_path, monkeypatch):
    set_off = ChangeReport(marks=frozenset({("space", "t3")}), lines=("Migration: Cy won Lichen Lemming (2, alone).",))
    since = ChangeReport(lines=("Cy placed a 3 at landmark 11, sent 3 to Coral Crab.",))
    monkeypatch.setattr(EverbloomNarrator, "changes_set_off", lambda self, before, after, seat: set_off)
    monkeypatch.setattr(EverbloomNarrator, "changes_since", lambda self, before, after, seat: since)
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        await pilot.pause()
        assert screen.since_last_turn() == set_off.then(since)
        shown = " ".join(_panel_text(screen.query_one(SincePanel)).replace("│", " ").split())
        assert shown.index("Cy won Lichen Lemming") < shown.index("Cy placed a 3")
        assert f"{CHANGED}t3" in _wild_text(screen)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_a_long_summary_opens_on_its_newest_lines(tmp_path, monkeypatch, size):
    # Found playing at 120×40: the panel showed its first five rows (the round's start)
    # and hid the bots' placements, the moves just before the seat's own, below.
    lines = tuple(f"Line {number}: Cy placed a 3 at landmark 11, sent 3 to Lichen Lemming." for number in range(1, 11))

    def changes_since(self, before, after, seat):
        return ChangeReport(marks=frozenset(), lines=lines) if before.phase == "draft" else NO_CHANGES

    monkeypatch.setattr(EverbloomNarrator, "changes_since", changes_since)
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=5)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        await pilot.pause()
        if size == (80, 24):
            # The panel shows in the "news" pane, one key away (hidden until then).
            await pilot.press("p")
            await pilot.pause()
            await pilot.pause()
            assert screen.ui.pane == "news"
        panel = screen.query_one(SincePanel)
        assert panel.max_scroll_y > 0 and panel.scroll_offset.y == panel.max_scroll_y
        shown = " ".join(_panel_text(panel).replace("│", " ").split())
        assert "Line 10:" in shown and "Line 1:" not in shown


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_what_changed_since_the_seats_last_move_is_marked_and_summed_up_until_it_moves(
    tmp_path, fixed_changes, size
):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=5)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        await pilot.pause()
        assert 0 in fixed_changes
        wild = _wild_text(screen)
        assert f"{CHANGED}t2" in wild and f"{CHANGED}m1" in wild
        assert wild.count(CHANGED) == 2
        if size == (80, 24):
            # The summary and the standings are one key away, and the status line says so.
            assert "p: what changed" in _status(app)
            await pilot.press("p")
            await pilot.pause()
            assert screen.ui.pane == "news"
        players = _panel_text(screen.query_one(PlayersPanel))
        cy_row = next(line for line in players.splitlines() if " Cy " in line)
        assert cy_row.count(CHANGED) == 2  # its bloom marker and its habitat
        assert CHANGED not in next(line for line in players.splitlines() if " Ann " in line)
        grove = _panel_text(screen.query_one(GrovePanel))
        assert f"{CHANGED}A" in grove
        since = " ".join(_panel_text(screen.query_one(SincePanel)).replace("│", " ").split())
        assert "Since your last turn" in since and REPORT.lines[0] in since
        if size == (80, 24):
            await pilot.press("p", "p", "p", "p")
            await pilot.pause()
            assert screen.ui.pane == "board"
        # Ann moves (chip and split); once the bot has moved too, nothing is marked any more.
        moves = len(app.match.moves)
        open_row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press(open_row.key, "enter")
        for _ in range(200):
            if app.screen is screen and screen.viewer == 0 and 0 in app.match.to_act() and screen.thinking is None:
                break
            if isinstance(app.screen, (CurtainScreen, AnnouncementScreen)):
                await pilot.press("enter")
            await pilot.pause(0.01)
        await pilot.pause()
        assert len(app.match.moves) > moves
        assert CHANGED not in _wild_text(screen)
        assert CHANGED not in _panel_text(screen.query_one(PlayersPanel))
        assert not screen.has_class("-news")
        assert "Since your last turn" not in screen_text(app)


# -- standings -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_standings_count_the_seats_own_nectar_and_never_anothers(tmp_path, size):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        state = app.match.state
        assert len(state.players[0].nectar) == 2 and len(state.players[1].nectar) == 2
        if size == (80, 24):
            await pilot.press("p")
            await pilot.pause()
            assert screen.ui.pane == "news"
        grove = _panel_text(screen.query_one(GrovePanel))
        ann, ben = faction_of(state, 0).letter, faction_of(state, 1).letter
        assert "Groves │ nectar (points now)" in grove and f"secret nectar cards: {ben} ×2" in grove
        for biome in BIOMES:
            # A row: the biome's letter (after ✦ when its grove changed), its grove, │, its nectar.
            line = next(line for line in grove.splitlines() if re.match(rf"│\s*{CHANGED}?{BIOME_INFO[biome].letter} ", line))
            mine = sum(NECTAR[card].nectar for card in state.players[0].nectar if NECTAR[card].biome == biome)
            nectar = line.split("│")[2] if line.count("│") >= 3 else line.split("│")[1]
            if mine:
                # Ann alone has known nectar: she leads, 1 point per nectar.
                assert f"▲{ann}{mine}({mine})" in nectar
            assert f"{ben}" not in nectar  # Ben's secret cards are only counted, never read
        # The bloom track: each faction's space and its points now.
        players = _panel_text(screen.query_one(PlayersPanel))
        assert "✿0(0)" in players


# -- guard rails ----------------------------------------------------------------------------------------
def _pollination(state):
    """`state` at the start of pollination: Ann has 3 pollinators in the Jungle grove only,
    and a card of cost 1 to pay for."""
    state = state.model_copy(deep=True)
    state.phase = "pollination"
    state.turn = None
    state.choice = None
    for player in state.players:
        player.pollination = PollinationWork()
    for biome in BIOMES:
        state.groves[biome][0] = 0
    state.groves["jungle"][0] = 3
    state.players[0].habitat["aquatic"].append(HabitatCard(id="H02"))
    return state


async def test_lists_open_on_their_best_row_and_a_move_that_gives_up_the_rest_asks_first(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        app.match.states[-1] = _pollination(app.match.state)
        screen.redraw()
        await pilot.pause()
        legal = screen.viewer_legal_actions()
        assert all(isinstance(action, TakeGrove) for action in legal)
        # The groves open on the one holding Ann's pollinators, not on the first.
        assert legal[screen.ui.choice] == TakeGrove(grove="jungle")
        assert "▶ 4 Take the Jungle grove (3 pollinators)" in screen_text(app)
        before = app.match.state.model_dump()
        moves = len(app.match.moves)
        # An empty grove asks first; No changes nothing.
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Jungle grove holds 3 pollinators of yours" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and app.match.state.model_dump() == before and len(app.match.moves) == moves
        # Row 3 is highlighted, then the Jungle grove taken by its number: the next list
        # opens on its first row, not on row 3 or 4.
        await pilot.press("3", "4", "enter")
        await pilot.pause()
        assert app.match.moves[-1].action == TakeGrove(grove="jungle")
        legal = screen.viewer_legal_actions()
        assert legal[0] == Pollinate(card="H02") and screen.ui.choice == 0
        # Finishing with pollinators left while a card could still be paid for asks first.
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert "Finish with 3 pollinators left" in question and "You could still pollinate" in question
        await pilot.press("y")
        await pilot.pause()
        assert app.match.moves[-1].seat == 0 and isinstance(app.match.moves[-1].action, FinishPollination)


async def test_refused_keys_say_why(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        moves = len(app.match.moves)

        async def says(keys: tuple[str, ...], why: str) -> None:
            await pilot.press(*keys)
            await pilot.pause()
            assert why in _status(app)

        # While another seat is to move, a key says so, until a move is made.
        screen.bots.thinking = 1
        await says(("enter",), "Ben is thinking: wait for that move.")
        screen.bots.thinking = None
        screen.after_move()
        await pilot.pause()
        assert "Ben is thinking" not in _status(app)
        # A letter bound to nothing says so too (found playing: 'z' did nothing at all).
        await says(("z",), "That key does nothing while placing a chip")
        # Ann plays the Lemurs: chips 1 to 4, no 5.
        await says(("5",), "There is no 5 chip among yours")
        await says(("minus",), "That key does nothing while placing a chip")
        await says(("up",) * 12, "That is the first landmark.")
        await says(("left",) * 6, "No smaller chip: this is your smallest.")
        # Found playing: → toward the first player's "1" chip said only "No larger chip
        # may go now"; it says why that chip waits.
        assert screen.current_view().players[0].first_chip
        await says(("right",) * 6, 'The first player\'s "1" chip goes only after all your faction chips')
        await says(("3", "d", "up"), "That is the first row of this split.")
        await says(("0", "minus"), "None to take off here.")
        await says(("a",), "That key does nothing while sharing out pollinators")
        await pilot.press("escape")
        app.match.states[-1] = _pollination(app.match.state)
        screen.redraw()
        await says(("a",), "Letters pick a landmark only while placing a chip")
        await says(("0",), "There is no choice 0 here: pick 1–5")
        await says(("9",), "There is no choice 9 here")
        await says(("up",) * 5, "That is the first choice of 5")
        assert len(app.match.moves) == moves


# -- hints -------------------------------------------------------------------------------------------------
async def test_a_hint_asked_in_a_split_is_about_that_chip_and_landmark(tmp_path, monkeypatch):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        asked = []
        monkeypatch.setattr(
            screen, "look_for_hint", lambda seat, position, view, decided=(): asked.append((seat, view, decided))
        )
        # Chip 3 at m1 (letter d): all four pollinators on t1.
        await pilot.press("3", "d", "4")
        await pilot.pause()
        assert screen.ui.chip_turn.sending.counts == {"t1": 4, "t2": 0, "b1": 0, "b2": 0}
        await pilot.press("h")
        await pilot.pause()
        (seat, view, decided), = asked
        # The search looks at Ann's own view, untouched, with that very chip on that
        # landmark as a decided move it plays on each sample of the hidden state.
        assert seat == 0 and view.turn is None
        assert [(move.chip, move.landmark) for move in decided] == [(3, "m1")]
        assert app.match.state.turn is None  # nothing was played
        # Its answer (a pollinator to b1, whose words name the rest of the split: here,
        # as the narrator is made to say, 1 more to b1 and 2 to b2) is put on the
        # counters so that Enter sends what it said.
        named = {"t1": 0, "t2": 0, "b1": 2, "b2": 2}
        monkeypatch.setattr(EverbloomNarrator, "split_of_send", lambda self, view, seat, action: named)
        screen.highlight_action(SendPollinator(space="b1"))
        assert screen.ui.chip_turn.sending.cursor == 2 and screen.ui.chip_turn.sending.counts == named
        # A named split the counters cannot take (not the chip's 4): one pollinator where it said.
        named = {"b1": 9}
        screen.highlight_action(SendPollinator(space="t2"))
        assert screen.ui.chip_turn.sending.cursor == 1
        assert screen.ui.chip_turn.sending.counts == {"t1": 0, "t2": 1, "b1": 1, "b2": 2}
        named = {"t1": 3, "t2": 0, "b1": 1, "b2": 0}
        screen.highlight_action(SendPollinator(space="b1"))
        await pilot.press("enter")
        await pilot.pause()
        state = app.match.state
        assert state.pollinators["b1"][0] == 1 and state.pollinators["t1"][0] == 3


async def test_a_chip_hinted_while_another_split_is_open_goes_back_to_that_chip(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        view = screen.current_view()
        await pilot.press("3", "d")
        await pilot.pause()
        assert screen.step.name == "send" and screen.ui.chip_turn.sending.landmark == "m1"
        hinted = next(
            action for action in screen.rules.legal_actions(view, 0)
            if isinstance(action, PlaceChip) and action.chip == 2 and action.landmark != "m1"
        )
        screen.highlight_action(hinted)
        screen.redraw()
        await pilot.pause()
        # Back at the chip step, the hinted chip and landmark highlighted: Enter opens its split.
        assert screen.step.name == "place" and screen.ui.chip_turn.chip == (2, False)
        assert place_rows(screen)[screen.ui.chip_turn.spot].action == hinted
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step.name == "send" and screen.ui.chip_turn.sending.place == hinted


# -- words ----------------------------------------------------------------------------------------------
async def test_names_read_right_by_audience_and_the_curtain_names_the_secret(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="You"), Seat(name="James")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        habitat = screen.query_one(HabitatPanel)
        assert "Your habitat" in _panel_text(habitat)
        await pilot.press("v")
        await pilot.pause()
        assert "James's habitat" in _panel_text(habitat)
        await pilot.press("escape")
        open_row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press(open_row.key, "enter")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat == 1
        assert curtain.secret == "James's secret nectar cards"  # said to the others
        assert curtain.message == "Your turn in the wilderness: place a chip and send its pollinators."
        assert "(s)" not in screen_text(app)
        screen = await _to_wilderness_turn(pilot, app, 1)
        await pilot.press("v")
        await pilot.pause()
        assert "You's habitat" in _panel_text(screen.query_one(HabitatPanel))
        assert "(s)" not in screen_text(app) and "1 points" not in screen_text(app)
        assert all(not isinstance(panel, TextPanel) or "1 pollinators" not in str(panel.render()) for panel in screen.query(TextPanel))


async def test_the_split_of_a_hinted_placement_opens_as_the_hint_named_it(tmp_path, monkeypatch):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        view = screen.current_view()
        # Chip 3 at m1 reaches t1, t2, b1, b2 (4 pollinators): the rules' hint puts 3 on b2, 1 on t1.
        hinted = next(
            action for action in screen.rules.legal_actions(view, 0)
            if isinstance(action, PlaceChip) and action.chip == 3 and action.landmark == "m1"
        )
        monkeypatch.setattr(
            EverbloomNarrator, "suggest_split", lambda self, view, seat, place: {"t1": 1, "b2": 3}
        )
        screen.ui.hint = hinted  # as a hint found sets it, then highlights it
        screen.highlight_action(hinted)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.ui.chip_turn.sending.place == hinted
        assert screen.ui.chip_turn.sending.counts == {"t1": 1, "t2": 0, "b1": 0, "b2": 3}
        # Another placement opens on the usual even split.
        await pilot.press("escape", "3", "d")
        await pilot.pause()
        assert screen.ui.chip_turn.sending.counts == {"t1": 1, "t2": 1, "b1": 1, "b2": 1}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_every_name_in_the_players_panel_is_whole(tmp_path, size):
    """Names up to the longest allowed (20 characters) are never cut: one that does not
    fit beside the row gets a line of its own (found playing: "[red]x[/" at 120×40)."""
    names = ["Ann", "[red]x[/]", "Maximiliana Augusta"]
    app = everbloom_app(tmp_path, [Seat(name=name, kind="bot", bot_level="random") for name in names])
    app.bot_delay = 30  # the bots wait: the table's view stays on screen
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        if size == (80, 24):
            # At 80×24 the players are one `p` away.
            for _ in range(4):
                if screen.query_one(PlayersPanel).display and screen.query_one(PlayersPanel).outer_size.height:
                    break
                await pilot.press("p")
                await pilot.pause()
        players = _panel_text(screen.query_one(PlayersPanel))
        for name in names:
            assert name in players, players
