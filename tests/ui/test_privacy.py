"""Hot-seat privacy, proved frame by frame for every game (see privacy_harness.py),
and the curtain's own promises: a deliberate key, and only the named seat behind it."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.bloom_kingdom.screen import BloomKingdomScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.scoresheet import AnnouncementScreen

from .conftest import make_app, screen_text
from .privacy_harness import BotGate, GamePlan, Harness, PrivacyLeak, SteppedClock, gate_bots

# The privacy harness draws every frame as a terminal gets it, not only the frames it
# reads (tests/conftest.py): it swaps the hidden state under open dialogs, and there a
# frame read with the rest skipped kept a colour from before in one run of four.
pytestmark = pytest.mark.draws_every_frame

ARROWS = ("left", "right", "up", "down")

# Harness steps that take seed 7's two-seat Bloom Kingdom into its second round.
ROUND_AND_A_TURN = 75

PLANS = {
    # A round and the next one's first turn: its reveals, its scoring announced, every
    # curtain (the later rounds repeat the same frames).
    "bloom-kingdom": GamePlan("bloom-kingdom", humans=2, seed=7, steps=ROUND_AND_A_TURN, noise=("left", "right", "1", "2", "3")),
    "pollen": GamePlan(
        "pollen", humans=4, seed=3, steps=60,
        noise=(*ARROWS, "tab", "shift+tab", "left_square_bracket", "right_square_bracket", "1", "2"),
    ),
    "evergreen": GamePlan(
        "evergreen", humans=2, seed=2, steps=80, noise=(*ARROWS, *ARROWS, "v", "1", "2"), options={"modules": "both"}
    ),
    "everbloom": GamePlan("everbloom", humans=2, bots=1, seed=5, steps=60, noise=(*ARROWS, "v")),
}


@pytest.fixture
def stepped_clock(monkeypatch: pytest.MonkeyPatch) -> SteppedClock:
    """The curtain's real guard, on a clock the test moves: no sleeping."""
    clock = SteppedClock()
    monkeypatch.setattr(CurtainScreen, "GUARD_SECONDS", 0.6)
    monkeypatch.setattr(CurtainScreen, "clock", clock)
    return clock


@pytest.fixture
def bot_gate(monkeypatch: pytest.MonkeyPatch) -> BotGate:
    """Bots wait until the frames of their thinking have been checked."""
    return gate_bots(monkeypatch)


async def play(plan: GamePlan, tmp_path, clock: SteppedClock, *, in_terminal: bool = False, **options) -> Harness:
    app = plan.app(tmp_path)
    if in_terminal:
        # What the player really sees: the app draws for an emulated terminal, and
        # every frame proved must be what that terminal shows.
        from tests.terminal.emulator import run_in_terminal

        async with run_in_terminal(app, (120, 40)) as (pilot, terminal):
            await pilot.pause()
            harness = Harness(app, pilot, plan, clock, terminal=terminal, **options)
            await harness.run()
        return harness
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        harness = Harness(app, pilot, plan, clock, **options)
        await harness.run()
    return harness


# Two people with one bot, then two bots, between them (seats: people first): every
# game, each phase a person's move can hand to a bot.
BOTS_BETWEEN = {
    "bloom-kingdom": dict(seed=7, noise=("left", "right")),
    "pollen": dict(seed=3, noise=(*ARROWS, "tab")),
    "evergreen": dict(seed=2, noise=(*ARROWS, "v"), options={"modules": "both"}),
    "everbloom": dict(seed=5, noise=(*ARROWS, "v")),
}


@pytest.mark.long(seconds=20)
@pytest.mark.parametrize("bots", [1, 2])
@pytest.mark.parametrize("slug", list(BOTS_BETWEEN))
async def test_while_a_bot_plays_between_two_people_the_screen_is_the_tables(slug, bots, tmp_path, stepped_clock, bot_gate):
    plan = GamePlan(slug, humans=2, bots=bots, steps=300, **BOTS_BETWEEN[slug])
    harness = await play(plan, tmp_path, stepped_clock, gate=bot_gate, stop_after_bot_turns=3, in_terminal=True)
    # Each bot's thinking was drawn and checked as the table's frame before it moved,
    # on the emulated terminal too.
    assert harness.bot_frames >= 3 and bot_gate.held >= 2 and not bot_gate.gave_up
    assert harness.terminal_frames == harness.frames_checked


@pytest.mark.long(seconds=75)
@pytest.mark.parametrize("slug", list(PLANS))
async def test_every_frame_keeps_to_its_audience(slug, tmp_path, stepped_clock, bot_gate):
    plan = PLANS[slug]
    harness = await play(plan, tmp_path / "game", stepped_clock, gate=bot_gate)
    # The run did what it is meant to: curtains held against quick keys and were lowered.
    assert harness.frames_checked > 50
    assert harness.curtains_lowered >= plan.humans
    assert harness.ignored_keys_on_curtains > 0
    if slug == "bloom-kingdom":
        # Each of the first round's six reveals was announced to the table, its scoring
        # with the last of them, and the second round began.
        assert harness.announcements >= 6 and harness.app.match.state.round == 2, (harness.announcements, harness.app.match.state.round)
    # A seat's first frame owes nothing to what the other seats did on screen: the
    # same game, with the seats making their moves without touching a key.  One run
    # with every seat quiet serves all of them: a seat's first frame comes before its
    # own first key, so up to it the run is the one where only the others are quiet.
    quiet = await play(
        plan, tmp_path / "quiet", stepped_clock,
        quiet_seats=frozenset(range(plan.humans)), check_frames=False, stop_after_first_frames=True, gate=bot_gate,
    )
    for seat in range(plan.humans):
        assert quiet.first_frames[seat] == harness.first_frames[seat], f"{plan.seats()[seat].name}'s first frame:\n{quiet.first_frames[seat].text}\n---\n{harness.first_frames[seat].text}"


@pytest.mark.long(seconds=25)
async def test_a_hosted_games_join_links_appear_in_no_seats_frame(tmp_path, stepped_clock):
    """Ann and Ben at the host's keyboard, Cy remote: the links are shown at the start
    and again from the palette while a seat's screen is up, and appear in no other frame."""
    from boardgames_tui.ui.join_links import JoinLinksScreen

    plan = GamePlan("pollen", humans=2, remote=1, seed=3, steps=50, noise=(*ARROWS, "tab", "1"))
    app = plan.app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if isinstance(app.screen, JoinLinksScreen):
                break
            await pilot.pause(0.02)
        harness = Harness(app, pilot, plan, stepped_clock)
        await harness.run()
    assert harness.links_shown >= 2 and harness.remote_moves > 0 and harness.curtains_lowered >= 2
    assert harness.frames_checked > 40


async def test_the_harness_catches_a_join_link_on_a_seats_screen(tmp_path, stepped_clock, monkeypatch):
    """The proof above can fail: a prompt that names Cy's link is caught."""
    from boardgames_tui.games.pollen.screen import PollenScreen
    from boardgames_tui.ui.join_links import JoinLinksScreen

    shown_as_is = PollenScreen.prompt_text

    def leaky_prompt(self, view, viewer):
        return f"(Cy joins with {self.app.remote_host.link(2)}) " + shown_as_is(self, view, viewer)

    monkeypatch.setattr(PollenScreen, "prompt_text", leaky_prompt)
    plan = GamePlan("pollen", humans=2, remote=1, seed=3, steps=30, noise=("tab",))
    app = plan.app(tmp_path)
    with pytest.raises(PrivacyLeak, match="join link's secret"):
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(500):
                if isinstance(app.screen, JoinLinksScreen):
                    break
                await pilot.pause(0.02)
            await Harness(app, pilot, plan, stepped_clock).run()


async def test_the_harness_catches_a_screen_that_shows_another_seats_hand(tmp_path, stepped_clock, monkeypatch):
    """The proof above can fail: a prompt that names the other seat's cards (read from
    the full state, as a careless screen might) is caught within a few keys."""
    shown_as_is = BloomKingdomScreen.prompt_text

    def leaky_prompt(self, view, viewer):
        other_hand = self.app.match.state.players[1 - viewer].hand
        return f"(the other hand: {other_hand}) " + shown_as_is(self, view, viewer)

    monkeypatch.setattr(BloomKingdomScreen, "prompt_text", leaky_prompt)
    plan = GamePlan("bloom-kingdom", humans=2, seed=7, steps=40, noise=("left", "right"))
    with pytest.raises(PrivacyLeak, match="the other hand"):
        await play(plan, tmp_path, stepped_clock)


async def test_the_harness_catches_a_colour_that_tells_another_seats_hand(tmp_path, stepped_clock, monkeypatch):
    """A colour is a leak too, and it is not forgiven as a late highlight: a prompt
    coloured by the other seat's hand (the same words either way) is caught, although
    the harness draws a frame that differs in colour alone a second time."""
    from rich.text import Text

    shown_as_is = BloomKingdomScreen.prompt_text

    def coloured_prompt(self, view, viewer):
        other_hand = self.app.match.state.players[1 - viewer].hand
        return Text(shown_as_is(self, view, viewer), style="red" if len(str(other_hand)) % 2 else "green")

    monkeypatch.setattr(BloomKingdomScreen, "prompt_text", coloured_prompt)
    plan = GamePlan("bloom-kingdom", humans=2, seed=7, steps=40, noise=("left", "right"))
    with pytest.raises(PrivacyLeak, match="the same text in other colours"):
        await play(plan, tmp_path, stepped_clock)


async def deliberately(pilot, clock: SteppedClock) -> None:
    """Enter, pressed a while after the last key: a curtain goes down for it."""
    clock.wait()
    await pilot.press("enter")
    await pilot.pause()


async def test_quick_keys_after_a_move_never_lower_the_next_curtain(tmp_path, stepped_clock):
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await deliberately(pilot, stepped_clock)  # Ann at the keyboard
        await pilot.press("enter")  # plays her card
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        # Enter and Space held down: each repeat restarts the wait.
        for key in ["enter", "space", "enter"] * 3:
            stepped_clock.wait(0.3)
            await pilot.press(key)
            assert isinstance(app.screen, CurtainScreen)
        assert app.match.state.players[1].chosen is None
        # Let go, then one press: Ben's screen, and only Ben's.
        await deliberately(pilot, stepped_clock)
        assert isinstance(app.screen, BloomKingdomScreen) and app.screen.audience == 1


async def test_a_quick_second_enter_never_dismisses_the_tables_announcement(tmp_path, stepped_clock, monkeypatch):
    from boardgames_tui.ui.scoresheet import AnnouncementScreen

    monkeypatch.setattr(AnnouncementScreen, "GUARD_SECONDS", 0.6)
    monkeypatch.setattr(AnnouncementScreen, "clock", stepped_clock)
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await deliberately(pilot, stepped_clock)
        await pilot.press("enter")  # Ann plays her card
        await pilot.pause()
        await deliberately(pilot, stepped_clock)  # Ben at the keyboard
        # Ben's card completes the turn; his Enter, pressed twice, and a stray Escape
        # all arrive before anybody could read the reveal: it stays for the table.
        await pilot.press("enter", "enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, AnnouncementScreen)
        reveal = app.screen
        assert "the cards are revealed" in str(reveal.heading)
        stepped_clock.wait()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not reveal, str(app.screen.heading)


async def test_q_on_a_curtain_asks_before_leaving_the_game(tmp_path, stepped_clock):
    from boardgames_tui.ui.confirm import ConfirmScreen
    from boardgames_tui.ui.menu import MenuScreen

    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        # No: the same curtain, still up, saying so; yes: saved and back at the menu.
        assert app.screen is curtain and "Not done: the game goes on." in screen_text(app)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_curtain_names_its_player_as_text(tmp_path, stepped_clock):
    app = make_app(tmp_path, [Seat(name="[b]Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[b]Ann, it is your turn." in text
        assert "I am [b]Ann — show my screen" in text


async def test_a_seat_steps_away_and_only_it_comes_back(tmp_path, stepped_clock):
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await deliberately(pilot, stepped_clock)
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen) and screen.audience == 0
        await pilot.press("right", "right")
        cursor = screen.ui.cursor
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
        assert screen.audience is None
        assert "Ann stepped away" in screen_text(app)
        await deliberately(pilot, stepped_clock)
        assert app.screen is screen and screen.audience == 0 and screen.ui.cursor == cursor


async def test_a_round_is_announced_over_the_public_view_then_a_curtain(tmp_path, stepped_clock):
    app = make_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(200):
            if isinstance(app.screen, AnnouncementScreen):
                break
            await deliberately(pilot, stepped_clock)
        else:
            raise AssertionError("round 1 was never announced")
        game = app.screen_stack[-2]
        assert isinstance(game, BloomKingdomScreen) and game.audience is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)


async def test_no_curtain_where_nothing_is_secret(tmp_path, stepped_clock):
    """Evergreen's first draft is played from an open row: the keyboard passes at once."""
    app = PLANS["evergreen"].app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        drafters = set()
        while app.match.state.phase != "actions":
            # The seat to pick is at the keyboard, and the whole table may watch.
            assert not isinstance(app.screen, CurtainScreen)
            assert screen.viewer in app.match.to_act() and screen.audience is None
            drafters.add(screen.viewer)
            await pilot.press("enter")
            await pilot.pause()
        assert drafters == {0, 1}
        # Plans are secret: the seat at the keyboard gets its curtain before its plan.
        assert isinstance(app.screen, CurtainScreen) and screen.viewer is None


async def test_a_key_pressed_twice_to_lower_a_curtain_plays_nothing_behind_it(tmp_path, stepped_clock, monkeypatch):
    """Found playing: Enter pressed twice on Ann's curtain lowered it and then discarded
    her first nectar card on a screen she had not seen.  Keys after a curtain wait for
    quiet, as the curtain's own do."""
    monkeypatch.setattr(GameScreen, "GUARD_SECONDS", 0.6)
    monkeypatch.setattr(GameScreen, "clock", stepped_clock)
    app = GamePlan("everbloom", humans=2, seed=61, steps=0, noise=()).app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        moves = len(app.match.moves)
        stepped_clock.wait()
        await pilot.press("enter", "enter")  # lowered, and the same key again at once
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 0
        assert len(app.match.moves) == moves
        assert "was not used" in str(screen.query_one("#status").render())
        stepped_clock.wait()
        await pilot.press("enter")  # a deliberate press plays
        await pilot.pause()
        assert len(app.match.moves) == moves + 1


async def test_u_on_the_tables_screen_while_a_bot_thinks_brings_the_movers_curtain(tmp_path, stepped_clock, bot_gate):
    """Ben chooses his card; while the bot thinks the screen is the table's (no hand on
    it), and u takes his choice back behind his own curtain first."""
    seats = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Bot", kind="bot", bot_level="random")]
    app = make_app(tmp_path, seats, seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await deliberately(pilot, stepped_clock)  # Ann's curtain down
        await pilot.press("enter")  # Ann chooses her card
        await pilot.pause()
        await deliberately(pilot, stepped_clock)  # Ben's curtain down
        screen = app.screen
        assert isinstance(screen, BloomKingdomScreen) and screen.audience == 1
        assert "Your hand" in screen_text(app)
        await pilot.press("enter")  # Ben chooses his
        await pilot.pause()
        assert app.match.to_act() == [2] and bot_gate.parked()
        text = screen_text(app)
        assert screen.audience is None and "Your hand" not in text and "Bot is thinking" in text
        stepped_clock.wait()
        await pilot.press("u")
        await pilot.pause()
        assert app.match.state.players[1].chosen is None, screen.ui.message
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        # The bot waits for Ben again; his screen comes back only through his curtain.
        await deliberately(pilot, stepped_clock)
        assert app.screen is screen and screen.audience == 1 and 1 in app.match.to_act()
