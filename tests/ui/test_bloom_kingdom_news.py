"""Bloom Kingdom's screen tells what happened: the reveal announced to the table, what
changed since the seat's last move marked until it moves, standings on the board,
refused keys that say why, the Wizard's "nothing" that asks, hints naming the card."""

from __future__ import annotations

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.model import PlayCard, WizardChoice
from boardgames_tui.games.bloom_kingdom.rules import character_of
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.games.bloom_kingdom.widgets import CHANGED, DisplayColumns, TurnRow
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen

from .conftest import screen_text
from .settling import settle

ANNA_BOT = [Seat(name="Anna"), Seat(name="Bot", kind="bot")]


def panel_text(screen, selector: str) -> str:
    content = screen.query_one(selector).content
    return getattr(content, "plain", str(content))


async def through_announcements(pilot) -> list[str]:
    """Presses Enter through the table's announcements; returns their text."""
    seen = []
    for _ in range(200):
        await settle(pilot)
        screen = pilot.app.screen
        if isinstance(screen, AnnouncementScreen):
            seen.append(screen_text(pilot.app))
            await pilot.press("enter")
        elif isinstance(screen, BloomKingdomScreen) and (screen.thinking is not None or not screen.ui.targets):
            continue
        else:
            return seen
    raise AssertionError("the announcements never ended")


async def play_a_quiet_card(pilot, screen: BloomKingdomScreen) -> None:
    """Plays the first hand card without an instant effect (it joins its column)."""
    quiet = next(action for action in screen.ui.targets if character_of(action.card) in ("dragon", "farmer", "noble", "queen", "king"))
    screen.highlight_action(quiet)
    await pilot.press("enter")


async def test_the_reveal_is_shown_on_the_board_then_marked_until_the_seat_moves(app_factory):
    """With one person and a bot nobody is handed the keyboard: the reveal needs no
    announcement (a table of two humans still gets one: test_privacy)."""
    app = app_factory(ANNA_BOT, seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen)
        assert not screen.query_one("#since-panel").display
        await play_a_quiet_card(pilot, screen)
        assert await through_announcements(pilot) == []
        # Back at Anna's turn: the reveal is summed up and marked on the board.
        assert app.screen is screen and screen.ui.targets
        since = panel_text(screen, "#since-panel")
        assert screen.query_one("#since-panel").display
        assert "Turn 1: Anna " in since
        assert CHANGED in panel_text(screen, "#bk-display")
        turn_row = panel_text(screen, "#bk-turn")
        assert "Turn 1 revealed: " in turn_row and CHANGED in turn_row
        assert "Anna " in turn_row and "Bot " in turn_row
        # Anna moves: while the bot thinks, nothing is marked any more.
        app.bot_delay = 30
        await play_a_quiet_card(pilot, screen)
        await settle(pilot)
        assert screen.thinking == 1
        assert not screen.query_one("#since-panel").display
        assert CHANGED not in panel_text(screen, "#bk-display")
        assert CHANGED not in panel_text(screen, "#bk-turn")
        # The last turn's cards stay on the row, unmarked, beside who is choosing.
        turn_row = panel_text(screen, "#bk-turn")
        assert "Anna 0 VP ▮ card down" in turn_row and "Bot 0 VP … choosing" in turn_row
        assert "Turn 1 revealed: " in turn_row


async def test_standings_are_on_the_board_at_80x24(app_factory):
    app = app_factory(ANNA_BOT, seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await play_a_quiet_card(pilot, screen)
        await through_announcements(pilot)
        turn_row = panel_text(screen, "#bk-turn")
        assert "Anna 0 VP" in turn_row and "Bot 0 VP" in turn_row
        # The footer has no room for `p` at this width: the prompt names it.
        assert "p: what changed" in panel_text(screen, "#status")
        await pilot.press("p")
        await settle(pilot)
        assert "p: what changed" not in panel_text(screen, "#status")
        players = panel_text(screen, "#bk-players")
        assert "played: " in players and "=1st" in players
        assert "Best two to keep now: " in players
        # What changed is readable there too.
        assert "Turn 1: Anna " in screen_text(app)


async def test_refused_keys_say_why(app_factory):
    app = app_factory(ANNA_BOT, seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        before = app.match.state.model_dump()
        await pilot.press("y")
        assert "y and n answer the Knight and the Wizard" in screen_text(app)
        await pilot.press("p")
        assert "already beside the board" in screen_text(app)
        await pilot.press("left")
        assert "last choice that way" in screen_text(app)
        assert app.match.state.model_dump() == before
        app.bot_delay = 30
        await pilot.press("enter")
        await settle(pilot)
        assert screen.thinking == 1
        await pilot.press("enter")
        assert "Bot is thinking" in screen_text(app)


async def until_anna_decides(pilot, character: str) -> BloomKingdomScreen:
    """Plays Anna's cards of `character` whenever she has one (else her first card), on
    through the announcements, until her `character` asks her to decide."""
    app = pilot.app
    await settle(pilot)
    for _ in range(400):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, AnnouncementScreen):
            await pilot.press("enter")
        elif isinstance(screen, BloomKingdomScreen) and screen.ui.targets:
            if app.match.state.phase == character:
                return screen
            wanted = [action for action in screen.ui.targets if isinstance(action, PlayCard) and character_of(action.card) == character]
            screen.highlight_action(wanted[0] if wanted else screen.ui.targets[0])
            await pilot.press("enter")
    raise AssertionError(f"Anna's {character} never had to choose")


async def test_the_wizard_removing_nothing_asks_first(app_factory):
    app = app_factory(ANNA_BOT, seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until_anna_decides(pilot, "wizard")
        moves = len(app.match.moves)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Let your Wizard remove nothing?" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and len(app.match.moves) == moves
        await pilot.press("n", "y")
        await settle(pilot)
        assert app.match.moves[moves].action == WizardChoice(column=None)


async def test_a_number_for_the_knight_says_its_answers_are_letters(app_factory):
    app = app_factory(ANNA_BOT, seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until_anna_decides(pilot, "knight")
        before = app.match.state
        await pilot.press("3")
        assert "y removes a Dragon, n leaves the Dragons" in panel_text(screen, "#status")
        assert app.match.state is before


async def test_the_hint_names_the_card_and_what_it_scores(app_factory):
    app = app_factory(ANNA_BOT, seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("h")
        for _ in range(600):
            await pilot.pause(0.05)
            if screen.ui.message is not None and screen.ui.message.plain.startswith("Hint:"):
                break
        message = screen.ui.message.plain
        assert message.startswith("Hint: Play ") and " face down — " in message
        assert "your best two to keep would be" in message and "point" in message
        assert "Anna places" not in message


async def test_the_curtain_says_what_it_hides_and_where_the_game_is(app_factory):
    app = app_factory([Seat(name="You"), Seat(name="James")], seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        curtain = app.screen
        assert curtain.message == "Round 1 of 3, turn 1 of 6: choose a card to play face down."
        assert curtain.secret == "You's hand and what each card would score now"  # said to the others
        assert "You, it is your turn." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        # The hand is the seat's own, whatever its name.
        assert "Your hand (8)" in screen_text(app) and "You's" not in screen_text(app)


async def test_since_your_last_turn_is_never_cut_at_120x40(app_factory):
    """At 120×40 the panel stopped at "In the lead: Bot 3, by 4" (its "points (10 to 6)"
    below the fold) while the hand panel had rows to spare (issue 29)."""
    seats = [Seat(name="Anna"), Seat(name="Bot 2", kind="bot"), Seat(name="Bot 3", kind="bot")]
    app = app_factory(seats, seed=5)
    cut = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(16):
            assert isinstance(screen, BloomKingdomScreen) and screen.ui.targets
            panel = screen.query_one("#since-panel")
            if panel.display:
                rows = panel.content.wrap(app.console, panel.content_region.width)
                if len(rows) > panel.content_region.height:
                    cut.append(panel_text(screen, "#since-panel"))
            await pilot.press("enter")  # the highlighted card, or a decision's first answer
            await through_announcements(pilot)
        assert not cut, cut[0]
