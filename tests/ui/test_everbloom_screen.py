"""Everbloom played through the screen with keys only."""

from __future__ import annotations

import random

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.everbloom.model import HIDDEN_CARD
from boardgames_tui.games.everbloom.widgets import BIOME_INFO, NECTAR
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.setup import StartRequest

from .conftest import screen_text

SLUG = "everbloom"


def everbloom_app(tmp_path, seats, seed=5, options=None) -> BoardGamesApp:
    start = StartRequest(slug=SLUG, seats=seats, options=options or {}, seed=seed)
    return BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0)


def _screen_class():
    from boardgames_tui.games.everbloom.screen import EverbloomScreen

    return EverbloomScreen


async def test_two_humans_and_a_bot_play_a_whole_round_with_keys(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot")])
    keys = random.Random(3)
    screen_class = _screen_class()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3000):
            state = app.match.state
            if state.round >= 2 or state.phase == "over":
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
            elif isinstance(screen, screen_class) and screen.viewer in app.match.to_act() and screen.thinking is None:
                before = len(app.match.moves)
                moves = [keys.choice(["up", "down", "down", "right", "left", "1", "2", "3"]) for _ in range(keys.randrange(3))]
                await pilot.press(*moves, "enter")
                await pilot.pause()
                # Every listed choice is legal: Enter always commits a move.
                assert len(app.match.moves) > before
            else:
                await pilot.pause(0.01)
        else:
            raise AssertionError("the round did not end")
        state = app.match.state
        assert state.round == 2 and state.phase in ("wilderness", "round_start")
        # Everybody took cards or pollinators back; scores and habitats show.
        humans_moves = [move for move in app.match.moves if move.seat in (0, 1)]
        assert len(humans_moves) > 10
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
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
        await pilot.pause()
        checked = 0
        for _ in range(400):
            state = app.match.state
            if checked >= 16 or state.phase == "over":
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
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
                    if screen.shown_seat is None and state.phase != "draft":
                        # The viewer's own habitat lists the viewer's own nectar cards.
                        assert all(words in nectar_line + " " for words in mine)
                    else:
                        assert screen.shown_seat is None or "(secret)" in text
                    if state.phase == "draft":
                        # The draft lists only the viewer's own three cards.
                        for card in state.players[other].draft:
                            if card not in state.players[viewer].draft:
                                label = f"nectar card worth {NECTAR[card].nectar}"
                                biome = BIOME_INFO[NECTAR[card].biome].name
                                assert f"the {biome} {label}" not in text
                    checked += 1
                    await pilot.press("h")
                    await pilot.pause()
                if screen.viewer in app.match.to_act():
                    await pilot.press("enter")
                await pilot.pause()
            else:
                await pilot.pause(0.01)
        assert checked >= 16


KEYS = [
    "left", "right", "up", "down", "enter", "space", "tab", "shift+tab", "pageup", "pagedown",
    "u", "h", "n", "y", "p", "g", "d", "v", "m", "x",
    "1", "2", "3", "4", "5", "9", "0", "a", "z", "question_mark",
]


async def test_random_keys_never_crash(tmp_path):
    keys = random.Random(17)
    seats = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cy", kind="bot"), Seat(name="Di", kind="bot")]
    app = everbloom_app(tmp_path, seats, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(180):
            await pilot.press(keys.choice(KEYS))
        await pilot.pause()
        assert app.is_running
        assert app.match is not None and app.match.moves


async def test_a_chip_shows_its_landmark_and_where_it_may_not_go(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")], seed=5)
    screen_class = _screen_class()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(200):
            state = app.match.state
            screen = app.screen
            if (
                isinstance(screen, screen_class) and state.phase == "wilderness" and state.turn is None
                and state.choice is None and 0 in app.match.to_act() and screen.thinking is None
            ):
                break
            if isinstance(screen, screen_class) and 0 in app.match.to_act() and screen.thinking is None:
                await pilot.press("enter")
            await pilot.pause(0.01)
        else:
            raise AssertionError("Ann never got to place a chip")
        screen = app.screen
        legal = screen.viewer_legal_actions()
        await pilot.press("down")
        await pilot.pause()
        highlighted = legal[1]
        text = screen_text(app)
        # The detail line quotes the highlighted landmark's rule, in our words.
        assert f"{highlighted.landmark}: " in text
        assert "Place chip" in text and f"({len(legal)})" in text
        before = app.match.state.model_dump()
        await pilot.press("9", "h")
        await pilot.pause()
        assert app.match.state.model_dump() == before  # moving the highlight changes nothing
        assert "Cy's habitat" in screen_text(app) and "(secret)" in screen_text(app)
        count = len(app.match.moves)
        await pilot.press("h", "enter")
        await pilot.pause()
        assert len(app.match.moves) > count and app.match.moves[count].seat == 0


async def test_small_window_asks_for_more_room(tmp_path):
    app = everbloom_app(tmp_path, [Seat(name="Ann"), Seat(name="Cy", kind="bot")])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "too small" in screen_text(app)
