"""Everbloom played through the screen with keys only."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.everbloom.model import HIDDEN_CARD
from boardgames_tui.games.everbloom.describe import BIOME_INFO, NECTAR
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import screen_text
from .layout import assert_readable
from .settling import settle

SLUG = "everbloom"


def everbloom_app(tmp_path, seats, seed=5, options=None) -> BoardGamesApp:
    start = StartRequest(slug=SLUG, seats=seats, options=options or {}, seed=seed)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


def place_rows(screen):
    """The place step's rows for the seat at the keyboard."""
    seen = screen.step.seen
    assert seen is not None, "not this seat's move"
    return screen.ui.chip_turn.place_rows(seen)


def _screen_class():
    from boardgames_tui.games.everbloom.screen import EverbloomScreen

    return EverbloomScreen


@pytest.mark.long(seconds=20)
async def test_two_humans_and_a_bot_play_a_whole_round_with_keys(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot")])
    keys = random.Random(3)
    screen_class = _screen_class()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(3000):
            state = app.match.state
            if state.round >= 2 or state.phase == "over":
                break
            screen = app.screen
            if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
                # Curtains and the table's announcements (a migration's summary) go on with Enter.
                await pilot.press("enter")
            elif isinstance(screen, ConfirmScreen):
                # A move that gives up what is left asks first: yes.
                await pilot.press("y")
            elif isinstance(screen, screen_class) and screen.viewer in app.match.to_act() and screen.thinking is None:
                # Readable at every step: test_everbloom_layout's round at 120×40.
                assert_readable(screen)
                assert not screen.has_class("-compact")
                before = len(app.match.moves)
                mode = screen.step.name
                if mode == "place":
                    # A chip (a digit or ←/→), a landmark highlighted with ↑/↓.
                    moves = [keys.choice(["1", "2", "3", "4", "left", "right", "up", "down"]) for _ in range(keys.randrange(3))]
                elif mode == "send":
                    moves = [keys.choice(["up", "down"]) for _ in range(keys.randrange(3))]
                else:
                    moves = [keys.choice(["up", "down", "down", "right", "left", "1", "2", "3"]) for _ in range(keys.randrange(3))]
                await pilot.press(*moves, "enter")
                await settle(pilot)
                # A list entry commits at once; a landmark leads to its (legal) split, which
                # Enter sends; a closed landmark is refused, so try the next one.
                for _ in range(12):
                    if isinstance(app.screen, ConfirmScreen):
                        await pilot.press("y")
                        await settle(pilot)
                    if len(app.match.moves) > before or screen.viewer not in app.match.to_act():
                        break
                    assert_readable(screen)  # the split, or the refusal of a closed landmark
                    if screen.step.name == "place" and screen.ui.message is not None:
                        await pilot.press("down")
                    await pilot.press("enter")
                    await settle(pilot)
                assert len(app.match.moves) > before
            else:
                await settle(pilot)
        else:
            raise AssertionError("the round did not end")
        state = app.match.state
        assert state.round == 2 and state.phase in ("wilderness", "round_start")
        # Everybody took cards or pollinators back; scores and habitats show.
        humans_moves = [move for move in app.match.moves if move.seat in (0, 1)]
        assert len(humans_moves) > 10
        while isinstance(app.screen, (CurtainScreen, AnnouncementScreen)):
            await pilot.press("enter")
            await settle(pilot)
        text = screen_text(app)
        assert "Round 2 of 3" in text
        assert "Wilderness" in text and "Groves" in text and "Bloom board" in text


def _nectar_words(card_id: str) -> str:
    card = NECTAR[card_id]
    return f"{BIOME_INFO[card.biome].letter}{card.nectar} "


async def test_another_seats_nectar_cards_never_show(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=8)
    screen_class = _screen_class()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        checked = 0
        for _ in range(400):
            state = app.match.state
            if checked >= 16 or state.phase == "over":
                break
            screen = app.screen
            if isinstance(screen, (CurtainScreen, AnnouncementScreen)):
                await pilot.press("enter")
                continue
            if isinstance(screen, screen_class) and screen.viewer is not None:
                viewer = screen.viewer
                other = 1 - viewer
                # Look at the other habitat too: its nectar cards stay a count.
                for _ in range(2):
                    text = screen_text(app)
                    view = app.match.view(viewer)
                    assert all(card == HIDDEN_CARD for card in view.players[other].nectar + view.players[other].draft)
                    mine = {_nectar_words(card) for card in state.players[viewer].nectar}
                    theirs = {_nectar_words(card) for card in state.players[other].nectar} - mine
                    nectar_line = next((line for line in text.splitlines() if "Nectar " in line and "deck" not in line), "")
                    for words in theirs:
                        assert words not in nectar_line
                    if screen.ui.shown_seat is None and state.phase != "draft":
                        # The viewer's own habitat lists the viewer's own nectar cards.
                        assert all(words in nectar_line + " " for words in mine)
                    else:
                        assert screen.ui.shown_seat is None or "(secret)" in text
                    if state.phase == "draft":
                        # The draft lists only the viewer's own three cards.
                        for card in state.players[other].draft:
                            if card not in state.players[viewer].draft:
                                label = f"nectar card worth {NECTAR[card].nectar}"
                                biome = BIOME_INFO[NECTAR[card].biome].name
                                assert f"the {biome} {label}" not in text
                    checked += 1
                    await pilot.press("v")
                    await settle(pilot)
                if screen.viewer in app.match.to_act():
                    await pilot.press("enter")
                await settle(pilot)
            else:
                await settle(pilot)
        assert checked >= 16


# test_monkey's keys (it leaves Everbloom to this test) and Everbloom's own.
KEYS = [
    "left", "right", "up", "down", "enter", "space", "tab", "shift+tab", "pageup", "pagedown",
    "u", "h", "n", "y", "p", "g", "o", "l", "d", "v", "m", "x",
    "left_square_bracket", "right_square_bracket",
    "1", "2", "3", "4", "5", "9", "0", "a", "z", "question_mark",
]


@pytest.mark.long(seconds=15)
@pytest.mark.draws_every_frame
async def test_random_keys_never_crash(tmp_path):
    keys = random.Random(17)
    seats = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot"), Seat(name="Di", kind="bot")]
    app = everbloom_app(tmp_path, seats, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(130):
            await pilot.press(keys.choice(KEYS))
        await settle(pilot)
        assert app.is_running
        assert app.match is not None and app.match.moves


async def test_a_chip_shows_its_landmark_and_where_it_may_not_go(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=5)
    screen_class = _screen_class()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(200):
            state = app.match.state
            screen = app.screen
            if (
                isinstance(screen, screen_class) and state.phase == "wilderness" and state.turn is None
                and state.choice is None and 0 in app.match.to_act() and screen.thinking is None
            ):
                break
            if isinstance(screen, AnnouncementScreen) or (
                isinstance(screen, screen_class) and 0 in app.match.to_act() and screen.thinking is None
            ):
                await pilot.press("enter")
            await settle(pilot)
        else:
            raise AssertionError("Ann never got to place a chip")
        screen = app.screen
        await pilot.press("down")
        await settle(pilot)
        space = place_rows(screen)[1].space
        text = screen_text(app)
        # The detail line quotes the highlighted landmark's rule, in our words.
        assert f"{space}: " in text
        assert "Place a chip:" in text and "then its landmark" in text
        before = app.match.state.model_dump()
        await pilot.press("9", "v")
        await settle(pilot)
        assert app.match.state.model_dump() == before  # moving the highlight changes nothing
        assert "Cy's habitat" in screen_text(app) and "(secret)" in screen_text(app)
        count = len(app.match.moves)
        open_row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press("v", open_row.key)
        await settle(pilot)
        assert len(app.match.moves) == count  # a landmark opens the split; nothing is sent yet
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.match.moves) > count and app.match.moves[count].seat == 0


async def _to_wilderness_turn(pilot, app, seat: int):
    """Presses Enter (curtains, announcements, the draft) until `seat` is to place a chip;
    returns the screen."""
    screen_class = _screen_class()
    for _ in range(300):
        state = app.match.state
        screen = app.screen
        if (
            isinstance(screen, screen_class) and screen.viewer == seat and state.phase == "wilderness"
            and state.turn is None and state.choice is None and seat in app.match.to_act() and screen.thinking is None
        ):
            return screen
        if isinstance(screen, (CurtainScreen, AnnouncementScreen)) or (
            isinstance(screen, screen_class) and screen.thinking is None and screen.viewer in app.match.to_act()
        ):
            await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(f"seat {seat} never got to place a chip")


def _status(app) -> str:
    return str(app.screen.query_one("#status").render())


async def test_a_wilderness_turn_takes_a_chip_a_landmark_and_a_split(tmp_path):
    # Seed 3: Ann (Lemurs) goes first; landmark 29 (m1, "a 3 sends one more") reaches
    # t1, t2, b1, b2; Ben plays the Hummingbirds.
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _to_wilderness_turn(pilot, app, 0)
        screen = app.screen
        assert app.match.state.players[0].faction == "lemurs"
        supply = app.match.state.players[0].supply
        moves = len(app.match.moves)
        # Chip 3, landmark m1 (its letter d), then 3 on t1 and one moved from t1 to t2.
        await pilot.press("3", "d")
        await settle(pilot)
        assert screen.step.name == "send"
        assert screen.ui.chip_turn.sending.counts == {"t1": 1, "t2": 1, "b1": 1, "b2": 1}
        assert "Chip 3 at m1" in screen_text(app) and "4 pollinators, all placed" in screen_text(app)
        assert len(app.match.moves) == moves  # nothing is played before Enter
        await pilot.press("3", "down", "right")
        await settle(pilot)
        assert screen.ui.chip_turn.sending.counts == {"t1": 2, "t2": 1, "b1": 0, "b2": 1}
        await pilot.press("enter")
        await settle(pilot)
        state = app.match.state
        assert [chip.value for chip in state.chips["m1"] if chip.seat == 0] == [3]
        assert {space: state.pollinators[space][0] for space in ("t1", "t2", "b1", "b2")} == {"t1": 2, "t2": 1, "b1": 0, "b2": 1}
        assert state.players[0].supply == supply - 4
        assert 3 not in state.players[0].chips
        assert len(app.match.moves) == moves + 5  # the chip, then one move per pollinator
        assert state.turn is None and state.turn_seat == 1
        # Ben's curtain offers Ann the take-back: it takes back the whole split at once.
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("u")
        await settle(pilot)
        state = app.match.state
        assert len(app.match.moves) == moves + 1 and state.turn is not None and state.turn.to_send == 4
        # Ann's own curtain comes before her screen shows again.
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.step.name == "send"
        await pilot.press("u")
        await settle(pilot)
        assert len(app.match.moves) == moves and 3 in app.match.state.players[0].chips
        # Again, all on one card with the keys 3 d 4 Enter.
        await pilot.press("3", "d", "4", "enter")
        await settle(pilot)
        assert app.match.state.pollinators["t1"][0] == 4
        # Ben: the Hummingbirds' 2 disregards landmark 9 (m2, "3, 4 or 5 only") with x.
        await _to_wilderness_turn(pilot, app, 1)
        assert app.match.state.players[1].faction == "hummingbirds"
        await pilot.press("2", "x", "e")
        await settle(pilot)
        assert "disregard rule ON" not in screen_text(app)  # now sharing out
        await pilot.press("enter")
        await settle(pilot)
        placed = [move.action for move in app.match.moves if move.seat == 1 and move.action.kind == "place"]
        assert placed[-1].landmark == "m2" and placed[-1].ignore_rule
        assert sum(app.match.state.pollinators[space][1] for space in ("t2", "t3", "b2", "b3")) == 2


async def test_a_whole_turn_is_checked_by_the_table_before_any_of_it_is_played(tmp_path):
    """The screen asks its table, and nothing but its table (`check_turn`), whether a whole
    chip turn may be played: the match answers locally, a host's rules as far as a joined
    seat can tell remotely.  A refusal is said and changes nothing."""
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.registry import get_game
    from boardgames_tui.games.everbloom.model import PlaceChip

    from .test_table_seam import OnlyTheTable

    class CheckingTable(OnlyTheTable):
        def __init__(self, match: Match) -> None:
            super().__init__(match)
            self.checked: list[list] = []
            self.refusal: str | None = "The host refused that split."

        def check_turn(self, seat, actions):
            self.checked.append(list(actions))
            return self.refusal

    game = get_game(SLUG)
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        # Seed 3 as in the test above: chip 3 at m1 (letter d) sends 4 pollinators.
        match = Match(game, game.rules.parse_options({}), [Seat(name="Ann"), Seat(name="Ben")], 3, store=app.store)
        app.match = match
        table = CheckingTable(match)
        app.push_screen(_screen_class()(table))
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        moves = len(match.moves)
        await pilot.press("3", "d", "enter")
        await settle(pilot)
        assert len(table.checked) == 1 and table.checked[0][0] == PlaceChip(chip=3, landmark="m1")
        assert len(table.checked[0]) == 5  # the chip, then one move per pollinator
        assert len(match.moves) == moves and screen.step.name == "send"
        assert "The host refused that split." in _status(app)
        table.refusal = None
        await pilot.press("enter")
        await settle(pilot)
        assert [move.action for move in match.moves[moves:]] == table.checked[-1]


async def test_illegal_choices_quote_the_rule_and_change_nothing(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _to_wilderness_turn(pilot, app, 0)
        screen = app.screen
        before = app.match.state.model_dump()
        moves = len(app.match.moves)

        async def refused(*keys: str) -> str:
            await pilot.press(*keys)
            await settle(pilot)
            assert app.match.state.model_dump() == before and len(app.match.moves) == moves
            return _status(app)

        # A landmark closed to the chip: landmark 9 (m2, letter e) takes only a 3, 4 or 5.
        assert "Landmark 9 takes only a 3, 4 or 5" in await refused("1", "e")
        assert screen.step.name == "place"
        assert "closed: Landmark 9 takes only a 3, 4 or 5" in screen_text(app)
        # Landmark 21 (s2, letter g) takes only the round's number.
        assert "Landmark 21 takes only a chip matching the round (1)" in await refused("2", "g")
        # Landmark 11 (n1, letter b): all of a chip's pollinators go to one card.
        assert "Landmark 11: all pollinators go to a single card" in await refused("2", "b", "down", "right", "enter")
        assert screen.step.name == "send"
        # More pollinators on a card than the chip sends.
        assert "This chip sends 2 pollinators in all" in await refused("9")
        # Fewer than the chip sends: every pollinator must go.
        assert "2 pollinators still to place" in await refused("0", "up", "0", "enter")
        # The first player's "1" chip waits for the faction chips.
        await pilot.press("escape")
        await settle(pilot)
        assert screen.step.name == "place"
        await pilot.press("1", "a", "enter")
        await settle(pilot)
        assert len(app.match.moves) > moves
        await _to_wilderness_turn(pilot, app, 1)
        await pilot.press("1", "a", "enter")
        await _to_wilderness_turn(pilot, app, 0)
        before = app.match.state.model_dump()
        moves = len(app.match.moves)
        # Ann's 1 is on the board: "1" now means the first player's chip, not yet allowed.
        assert 'The first player\'s "1" chip goes only after all your faction chips' in await refused("1")
        assert "You have no 5 chip left to place" not in _status(app)


async def test_small_window_asks_for_more_room_only_below_80x24(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")])
    async with app.run_test(size=(79, 24)) as pilot:
        await settle(pilot)
        assert "too small" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "too small" not in screen_text(app)


async def test_a_short_supply_takes_the_rest_from_the_groves_picked(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(116, 38)) as pilot:
        await settle(pilot)
        await _to_wilderness_turn(pilot, app, 0)
        screen = app.screen
        # Ann's supply holds only 1: the other 3 of her chip come from her jungle grove.
        state = app.match.state.model_copy(deep=True)
        state.players[0].supply = 1
        assert state.groves["jungle"][0] == 3
        app.match.states[-1] = state
        await pilot.press("3", "d")
        await settle(pilot)
        sending = screen.ui.chip_turn.sending
        assert sending.total == 4 and sending.groves == {"jungle": 3}
        text = screen_text(app)
        assert "4 pollinators, all placed · 3 from groves" in text and "from the Jungle grove (3 there)" in text
        # The grove row follows the four cards (↓ past the last card; ↑ stops at the
        # first): more than the grove holds is refused.
        await pilot.press("up")
        assert screen.ui.chip_turn.sending.cursor == 0
        await pilot.press("down", "down", "down", "down", "9")
        await settle(pilot)
        assert screen.ui.chip_turn.sending.cursor == 4
        assert "You have only 3 pollinators in the Jungle grove" in _status(app)
        await pilot.press("enter")
        await settle(pilot)
        sends = [move.action for move in app.match.moves[-4:]]
        assert [action.grove for action in sends] == [None, "jungle", "jungle", "jungle"]
        state = app.match.state
        assert state.players[0].supply == 0 and state.groves["jungle"][0] == 0
        assert sum(state.pollinators[space][0] for space in ("t1", "t2", "b1", "b2")) == 4


async def test_a_hinted_chip_and_landmark_are_what_enter_picks(tmp_path):
    from boardgames_tui.games.everbloom.model import PlaceChip

    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _to_wilderness_turn(pilot, app, 0)
        screen = app.screen
        places = [a for a in app.match.rules.legal_actions(app.match.view(0), 0) if isinstance(a, PlaceChip)]
        # The last placement on offer: a different chip and landmark from the default highlight.
        hinted = places[-1]
        assert hinted != places[0]
        moves = len(app.match.moves)
        screen.highlight_action(hinted)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.step.name == "send"
        assert screen.ui.chip_turn.sending.landmark == hinted.landmark and screen.ui.chip_turn.sending.place == hinted
        assert len(app.match.moves) == moves


async def test_a_half_built_split_waits_for_its_seat_and_the_next_seat_starts_afresh(tmp_path):
    """The chip turn is the seat's own (chip_turn.py, one per seat): stepping away keeps
    it for that seat, and the next seat's turn opens on its own first chip."""
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        await pilot.press("3", "d", "right")  # chip 3 at m1, one more on the first card
        await settle(pilot)
        split = dict(screen.ui.chip_turn.sending.counts)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
        assert "Chip 3 at m1" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.step.name == "send"
        assert screen.ui.chip_turn.sending.counts == split and "Chip 3 at m1" in screen_text(app)
        await pilot.press("enter")  # sends it
        await settle(pilot)
        await _to_wilderness_turn(pilot, app, 1)
        assert screen.step.name == "place" and screen.ui.chip_turn.sending is None
        assert screen.ui.chip_turn.chip == next(chip for chip, legal in screen.ui.chip_turn.chip_options(screen.step.seen).items() if legal)


async def test_a_decision_opens_in_front_of_the_panel_the_seat_was_reading(tmp_path):
    # Issue #29, at 80×24: as the Butterflies, p (another panel), then 4, a landmark and
    # Enter: "Before sending: move a pollinator?" opened under the news panel, unseen.
    options = {"faction_1": "butterflies"}
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3, options=options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        # A first chip, so that pollinators stand on cards for the 4 to move.
        await pilot.press("1")
        await settle(pilot)
        row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press(row.key, "enter")
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        await pilot.press("p")
        await settle(pilot)
        assert screen.ui.pane == "news" and not screen.query_one("#board").display
        await pilot.press("4")
        await settle(pilot)
        row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press(row.key)
        await settle(pilot)
        # The Butterflies' move comes as F1 tells it: chip, landmark, the move, the split.
        assert app.match.state.turn is not None and app.match.state.turn.steps
        assert screen.step.name == "list"
        assert screen.ui.pane == "board" and screen.query_one("#board").display
        assert "Before sending: move a pollinator?" in screen_text(app)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert screen.step.name == "send" and not app.match.state.turn.steps


async def test_v_in_a_small_window_opens_the_habitat_it_shows_and_says_whose(tmp_path):
    # Issue #29: at 80×24, v changed the habitat of a pane not on screen: no sign at all.
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        assert screen.ui.pane == "board"
        await pilot.press("v")
        await settle(pilot)
        assert screen.ui.pane == "habitat" and screen.query_one("#eb-habitat").region.width > 0
        assert "Bot's habitat" in screen_text(app)
        assert "Showing Bot's habitat" in _status(app)
        # Once the seat moves, the pane it left comes back (the board, for its next turn).
        await pilot.press("1")
        await settle(pilot)
        row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press(row.key, "enter")
        await settle(pilot)
        assert len(app.match.moves) > 0 and screen.ui.pane == "board"


async def test_a_wide_board_shows_every_cards_ability_in_words(tmp_path):
    # Issue #29: at 200×60 a card read "✦t1 ▤3 A c1 n1 / Reed Heron"; its ability took i.
    from boardgames_tui.games.everbloom.describe import card_info, is_hidden

    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        await _to_wilderness_turn(pilot, app, 0)
        text = screen_text(app)
        tops = [stack[0] for stack in app.match.state.stacks.values() if stack and not is_hidden(stack[0])]
        abilities = [card_info(card).ability.summary for card in tops if getattr(card_info(card), "ability", None)]
        assert abilities
        for summary in abilities:
            assert summary[:20] in text


def _drawn(widget) -> str:
    """The lines `widget` shows now (its border and visible rows), one string."""
    from textual.geometry import Region

    size = widget.outer_size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, size.width, size.height)))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_landmark_under_the_cursor_names_the_cards_it_reaches_whole(tmp_path, size):
    # Follow-up of issue #29: choosing a landmark, the cards it reaches were codes in its
    # row, the detail line that named them is hidden at 80×24, and the board cuts the
    # three 21-letter names (with "›", where cut text ends in "…" everywhere else).
    from boardgames_tui.games.everbloom.describe import is_hidden
    from boardgames_tui.games.everbloom.rules import card_name
    from boardgames_tui.games.everbloom.widgets import ChoicePanel, WildernessPanel

    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = await _to_wilderness_turn(pilot, app, 0)
        state = app.match.state.model_copy(deep=True)
        seen = app.match.view(0)
        face_up = [space for space, stack in sorted(seen.stacks.items()) if stack and not is_hidden(stack[0])]
        longest = dict(zip(face_up, ["H19", "H42", "H47"]))  # Tumbleweed Jackrabbit, …
        for space, card in longest.items():
            state.stacks[space][0] = card
            state.face_up.append(card)
        app.match.states[-1] = state
        seen = app.match.view(0)
        await pilot.press("3")
        await pilot.pause()
        board = "\n".join(_drawn(row) for row in screen.query_one(WildernessPanel).children)
        for card in longest.values():
            name = card_name(card)
            assert len(name) == 21 and name not in board
            assert any(name[:kept] + "…" in board for kept in range(8, 21)), f"{name} cut without …"
        assert "›" not in board
        panel = screen.query_one(ChoicePanel)
        named = set()
        for _ in place_rows(screen):
            row = place_rows(screen)[screen.ui.chip_turn.spot]
            shown = " ".join(_drawn(panel).replace("│", " ").split())
            if row.plan is not None:
                for space in row.plan.targets:
                    top = seen.stacks[space][0] if seen.stacks.get(space) else None
                    if top is not None and not is_hidden(top):
                        assert f"{space} {card_name(top)}" in shown
                        named.add(space)
            # The decision stays in sight: the row under the cursor takes two lines at
            # most (the longest names, on a wildlife landmark's four cards), so others show.
            assert len(panel._wrapped[screen.ui.chip_turn.spot]) <= 2, _drawn(panel)
            await pilot.press("down")
            await pilot.pause()
        assert set(longest) <= named


async def test_the_card_under_the_cursor_shows_whole_in_a_small_window(tmp_path):
    # Issue #29: at 80×24 names were cut ("!Edge of the Fore›") and an ability took i.
    from boardgames_tui.games.everbloom.describe import card_info
    from boardgames_tui.games.everbloom.rules import card_name

    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press(row.key)
        await settle(pilot)
        assert screen.step.name == "send"
        sending = screen.ui.chip_turn.sending
        for _ in range(len(sending.targets)):
            card = app.match.state.stacks[sending.targets[sending.cursor]][0]
            text = " ".join(screen_text(app).split())
            assert card_name(card) in text
            ability = getattr(card_info(card), "ability", None)
            if ability is not None:
                assert " ".join(ability.summary.split()[:4]) in text
            await pilot.press("down")
            await settle(pilot)


async def test_the_inspector_follows_the_cursor_and_escape_closes_it_before_the_step(tmp_path, monkeypatch):
    """Inspect said "i or Escape closes" but kept showing the first landmark after the
    cursor moved on, and Escape went back from the split under it."""
    from boardgames_tui.ui.inspector import InspectorPanel
    from boardgames_tui.ui.quiet import QuietGuard

    monkeypatch.setattr(QuietGuard, "GUARD_SECONDS", 0.0)
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await _to_wilderness_turn(pilot, app, 0)
        inspector = screen.query_one(InspectorPanel)
        await pilot.press("i")
        await settle(pilot)
        first = inspector.entry
        assert inspector.is_open and first is not None
        await pilot.press("down")
        await settle(pilot)
        assert inspector.is_open and inspector.entry == screen.inspect_target() != first
        row = next(row for row in place_rows(screen) if row.action is not None)
        await pilot.press("i", row.key)
        await settle(pilot)
        assert screen.step.name == "send"
        await pilot.press("i")
        await settle(pilot)
        assert inspector.is_open
        await pilot.press("escape")
        await settle(pilot)
        assert not inspector.is_open and screen.step.name == "send"
