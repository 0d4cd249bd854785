"""Pollen's screen tells what happened and what is at stake: marks and a summary of
what changed since your last turn, scoring moments for the table (ties named), live
standings with the elimination warning, guard rails, hints that name the card, and
words that work for any name."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.pollen.model import Plant
from boardgames_tui.games.pollen.game import PollenNarrator
from boardgames_tui.games.pollen.rules import PollenRules
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.games.pollen.widgets import GardenView, StandingsPanel
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen

from ..games.pollen.helpers import build, card, token
from .conftest import screen_text
from .layout import assert_readable
from .test_hints import wait_for
from .test_pollen_screen import pollen_app


GAME = get_game("pollen")
RULES = GAME.rules


def viewer_acts(app) -> bool:
    screen = app.screen
    return isinstance(screen, PollenScreen) and screen.viewer_acts(screen.current_view())


def garden_text(screen: PollenScreen) -> str:
    garden = screen.query_one(GardenView)
    return "\n".join(line.plain for line in garden._lines)


def panel_text(panel) -> str:
    content = panel.content
    return content.plain if hasattr(content, "plain") else str(content)


def since_text(screen: PollenScreen) -> str:
    panel = screen.query_one("#since-panel")
    return panel_text(panel) if panel.display else ""


def start_from(monkeypatch, state) -> None:
    """The next Pollen game starts from `state` (with the seats the game is started with)."""
    monkeypatch.setattr(PollenRules, "setup", lambda self, options, seats, seed: state.model_copy(update={"seats": seats}))


async def test_the_bots_card_is_marked_and_summed_up_until_the_player_moves(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        screen = app.screen
        # Nothing has happened since a last turn Ann has not had.
        assert screen.since_last_turn().marks == frozenset() and since_text(screen) == ""
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: len(app.match.moves) >= 2 and viewer_acts(app))
        bot_card = next(planted for planted in app.match.state.garden if planted.card // 15 == 1)
        assert ("card", bot_card.x, bot_card.y) in screen.since_last_turn().marks
        assert "new" in garden_text(screen)
        summary = since_text(screen)
        assert "Bot planted" in summary and f"at ({bot_card.x}, {bot_card.y})" in summary
        # The bot drew a card at the end of its turn: that stays its secret.
        assert "drew" not in summary
        # Ann moves: the marks and the summary go (the bot waits, so nothing new comes).
        app.bot_delay = 30
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert app.match.moves[-1].seat == 0
        assert screen.since_last_turn().marks == frozenset()
        assert "new" not in garden_text(screen)
        assert not screen.query_one("#since-panel").display


async def test_a_scoring_move_is_announced_to_the_table_with_the_tie_named(tmp_path, monkeypatch):
    state = build(
        3,
        garden={(-1, -1): card(0, "star-2"), (-1, 0): card(1, "butterfly-4"), (0, 0): card(2, "star-1")},
        placed=[(0, 0, token("butterfly", "junebug"))],
        hands={0: [card(0, "butterfly-2"), card(0, "bee-4")]},
    )
    start_from(monkeypatch, state)
    seats = [Seat(name="Ann"), Seat(name="Ben", kind="bot"), Seat(name="Cleo", kind="bot")]
    app = pollen_app(tmp_path, seats)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        screen = app.screen
        screen.highlight_action(Plant(card=card(0, "butterfly-2"), x=0, y=-1))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, AnnouncementScreen))
        assert app.screen.heading == "A token is scored"
        text = app.screen.text
        assert "Butterflies tied at 4 (Ann and Ben): no meeple." in text
        assert "Ann wins a Junebug meeple (2 to 1)." in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, AnnouncementScreen))


async def test_a_plant_before_any_choice_asks_first_and_no_changes_nothing(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        before = app.match.state
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        cell = app.screen.query_one("#confirm-question")
        assert panel_text(cell).endswith("? You have not picked a card or moved the cursor this turn.")
        assert panel_text(cell).startswith("Plant your ")
        await pilot.press("n")
        await pilot.pause()
        assert app.match.state is before and not app.match.moves
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda: len(app.match.moves) >= 2 and viewer_acts(app))
        assert app.match.moves[0].seat == 0
        # A card picked (or the cursor moved) this turn: Enter plants at once.
        await pilot.press("2", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.match.moves[2].seat == 0


def _before_a_plant_that_draws_tokens():
    """A two-seat game at Ann's turn where one of her plants opens spots for tokens (and
    scores nothing), found by random moves from a fixed seed; with that plant."""
    import random

    from boardgames_tui.games.pollen.rules import PollenOptions

    rng = random.Random(2)
    state = RULES.setup(PollenOptions(starting_player=1), [Seat(name="Ann"), Seat(name="Bot", kind="bot")], 2)
    while True:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        if seat == 0 and state.phase == "plant":
            for action in legal:
                after = RULES.apply(state, 0, action)
                if after.phase == "assign" and len(after.pollinations) == len(state.pollinations) and len(after.pending_points) > 1:
                    return state, action
        state = RULES.apply(state, seat, rng.choice(legal))


async def test_the_planting_enter_pressed_twice_does_not_place_a_token_unchosen(tmp_path, monkeypatch):
    """The Enter pressed twice (or held) asks before placing a token nobody picked; the
    question takes Enter as yes, once the keys are quiet: a second Enter never undoes
    what the player meant, and a held one never answers unread."""
    from boardgames_tui.ui.quiet import QuietGuard

    now = [1000.0]
    monkeypatch.setattr(QuietGuard, "clock", lambda self=None: now[0])
    state, plant = _before_a_plant_that_draws_tokens()
    start_from(monkeypatch, state)
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        screen = app.screen
        screen.highlight_action(plant)
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert len(app.match.moves) == 1 and app.match.state.phase == "assign"
        assert isinstance(app.screen, ConfirmScreen)
        assert "You have not picked a token or moved to a spot" in screen_text(app)
        assert "was not taken: press it again" in screen_text(app)
        now[0] += 1
        await pilot.press("n")
        await pilot.pause()
        assert len(app.match.moves) == 1 and app.match.state.phase == "assign"
        # Picked on purpose, it goes at once.
        now[0] += 1
        await pilot.press("1", "enter")
        await pilot.pause()
        assert len(app.match.moves) == 2
        # Next turn, Enter on the card and spot the turn starts with asks first; Enter says yes.
        await wait_for(pilot, lambda: viewer_acts(app))
        moves = len(app.match.moves)
        now[0] += 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "You have not picked a card" in app.screen.question
        now[0] += 1
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.match.moves) == moves + 1


async def test_move_keys_say_why_they_are_refused(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    app.bot_delay = 30
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        # Ann starts; after her move the bot is thinking for a while.
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert screen.thinking == 1
        for key in ("right_square_bracket", "enter", "tab", "left"):
            screen.ui.message = None
            await pilot.press(key)
            await pilot.pause()
            assert "Bot is choosing a move; wait a moment." in screen_text(app), key
        assert len(app.match.moves) == 1


async def test_a_hint_names_the_card_and_the_cell_and_gives_a_reason(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        screen = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.ui.hint is not None, rounds=2000)
        message = screen.ui.message.plain
        hint = screen.ui.hint
        assert message.startswith(f"Hint: Plant your {card_label_of(hint.card)} card at ({hint.x}, {hint.y}) — ")
        # The reason in the game's terms comes before the search's own numbers.
        assert "token at the top-left corner of" in message


def card_label_of(card_id: int) -> str:
    from boardgames_tui.games.pollen.rules import card_label

    return card_label(card_id)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_standings_show_long_names_whole_and_warn_who_would_be_out(tmp_path, monkeypatch, size):
    state = build(2, placed=[(0, 0, token("bee", "junebug"))])
    state.meeples = [[2, 1, 0], [1, 1, 0]]
    start_from(monkeypatch, state)
    seats = [Seat(name="Annabelle-Longname"), Seat(name="Bartholomew Smythe", kind="bot")]
    app = pollen_app(tmp_path, seats)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        screen = app.screen
        panel = panel_text(screen.query_one(StandingsPanel))
        assert "Annabelle-Longname" in panel and "Bartholomew Smythe" in panel
        assert "No leader: Bu tied at 1" in panel
        assert "⚠ If it ended now: Bartholomew Smythe is out (no lead)." in " ".join(panel.split())
        assert_readable(screen)


async def test_the_warning_joins_the_names_of_everyone_who_would_be_out(tmp_path, monkeypatch):
    state = build(3, placed=[(0, 0, token("bee", "junebug"))])
    state.meeples = [[0, 0, 0], [0, 0, 0], [1, 1, 0]]
    start_from(monkeypatch, state)
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="[red]x[/]"), Seat(name="Bot", kind="bot")])
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: viewer_acts(app))
        panel = " ".join(panel_text(app.screen.query_one(StandingsPanel)).split())
        assert "Bot wins outright (two leads); Ann and [red]x[/] are out (no lead)." in panel


async def test_a_long_summary_since_the_last_turn_is_never_cut_at_80x24(tmp_path, monkeypatch):
    """Three seats' cards and two scored tokens since Ann's last turn: on a short screen the
    summary has the log's place, and what does not fit scrolls instead of being cut off."""
    from boardgames_tui.engine.contract import ChangeReport

    report = ChangeReport(
        marks=frozenset(),
        lines=(
            "Planted: James's 4 Butterflies at (-2, 1); Cleo's 3 Butterflies at (0, 3); Bot's Star at (1, 0).",
            "Scored Bee/Butterfly/Junebug: Cleo wins Bee (4 to 2); you win Butterfly (4 to 0); James wins Junebug (4 to 0).",
            "Also 1 more token scored (marked on the board).",
        ),
    )
    monkeypatch.setattr(PollenNarrator, "changes_since", lambda self, before, after, seat: report)
    state = build(3, placed=[(0, 0, token("bee", "junebug"))])
    # The standings take their most room: a tie, an outright win and two seats out.
    state.meeples = [[0, 0, 0], [0, 1, 0], [2, 1, 1]]
    start_from(monkeypatch, state)
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="James", kind="bot"), Seat(name="Cleo", kind="bot")])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: viewer_acts(app))
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: len(app.match.moves) >= 3 and viewer_acts(app))
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-short") and screen.query_one("#since-panel").display
        assert "James wins Junebug (4 to 0)." in " ".join(since_text(screen).split())
        assert_readable(screen)


async def test_words_for_players_named_you_and_james(tmp_path):
    app = pollen_app(tmp_path, [Seat(name="You"), Seat(name="James")])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        assert curtain.secret == "the garden cards in You's hand"  # said to the others
        assert curtain.message.startswith("Turn 1: plant one of your garden cards by a token.")
        await pilot.press("enter")
        await wait_for(pilot, lambda: viewer_acts(app))
        assert "Your hand (5 cards, deck 10)" in screen_text(app)
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert any(entry.text.startswith("You plant ") for entry in app.match.state.log)
        assert "James" in screen_text(app)
        # James's first turn, then each sees the other's card named in their own words.
        for seat, other in ((1, "James"), (0, "James"), (1, "You")):
            await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: viewer_acts(app))
            assert app.screen.viewer == seat
            summary = since_text(app.screen)
            if len(app.match.moves) >= 2:
                assert summary.startswith(f"{other} planted ")
            await pilot.press("tab", "enter")


async def test_the_curtain_names_the_tokens_to_place_when_a_turn_resumes_there(tmp_path, monkeypatch):
    """A game saved while a seat still had drawn tokens to place resumes on that step:
    the curtain says so, not that the seat is to plant a card."""
    state = RULES.setup(RULES.parse_options({}), [Seat(name="Ann"), Seat(name="Ben")], 4)
    chooser = random.Random(4)
    while state.phase != "assign":
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    start_from(monkeypatch, state)
    app = pollen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        assert curtain.message.startswith(f"Turn {state.turn}: place the pollinator tokens you drew.")
