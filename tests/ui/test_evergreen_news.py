"""Evergreen tells its players what happened and what is at stake: marks and a summary
of what changed since a seat's last move, the reveal and the seasons announced to the
table, the score as it stands, questions before a move gives up part of a turn, refused
keys that say why, hints in the seat's words, and curtains that speak of the planet."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import ChangeReport, Seat
from boardgames_tui.games.evergreen.model import Done, Plant
from boardgames_tui.games.evergreen.rules import BIOME_AT, BIOME_KEYS, CARDS, PLAYABLE, card_label, space_name
from boardgames_tui.games.evergreen.screen import EvergreenScreen
from boardgames_tui.games.evergreen.widgets import PIECE_WORDS
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.replay import replay_screen
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.widgets import TextPanel

from .conftest import screen_text
from .finished import finished_match
from .settling import settle as settle_frame
from .test_evergreen_screen import draft_to_the_action_phase, evergreen_app
from .test_hints import wait_for

ANN_AND_BOT = [Seat(name="Ann"), Seat(name="Bot", kind="bot")]


async def settle(app, pilot) -> None:
    """Presses through announcements until Ann may move again (the bot answers meanwhile)."""
    for _ in range(200):
        await pilot.pause(0.02)
        screen = app.screen
        if isinstance(screen, AnnouncementScreen):
            await pilot.press("enter")
        elif isinstance(screen, EvergreenScreen) and screen.thinking is None and screen.viewer_acts(screen.current_view()):
            return
    raise AssertionError("Ann never got the keyboard back")


async def finish_plan(app, pilot) -> None:
    await pilot.press("d")
    await pilot.pause()
    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")


def choice_lines(app) -> list[str]:
    """The draft row's (or this round's) panel, one entry a line, unwrapped."""
    return str(app.screen.query_one("#eg-choices").query_one(TextPanel).render()).splitlines()


def a_sprout_space_outside_the_card(app, state) -> int:
    """A space where Ann may plant that lies outside her drafted card's biome."""
    card = CARDS[state.players[0].card]
    return next(
        cell
        for cell in PLAYABLE
        if card.biome != "wild" and BIOME_KEYS[BIOME_AT[cell]] != card.biome
        and Plant(space=cell) in app.match.rules.legal_actions(state, 0)
    )


def since_text(app) -> str:
    panel = app.screen.query_one("#since-panel", TextPanel)
    return str(panel.render()) if panel.display else ""


async def test_what_the_bot_did_is_marked_and_summed_up_until_ann_moves(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        screen = app.screen
        await finish_plan(app, pilot)
        await settle(app, pilot)
        # The bot's plan was revealed: its new pieces are marked on its planet and listed.
        bot_cells = {mark[2] for mark in screen.since_last_turn().marks if mark[0] == "cell" and mark[1] == 1}
        bot_board = app.match.state.players[1].board
        assert bot_cells == {cell for cell in PLAYABLE if bot_board[cell] != "."}
        if bot_cells:
            assert any(f"Bot: " in line for line in screen.since_last_turn().lines)
            await pilot.press("v")  # the bot's planet
            await pilot.pause()
            shown = screen_text(app)
            assert all(f"{space_name(cell)}*" in shown for cell in bot_cells)
            await pilot.press("escape")
        assert "Since your last turn" in screen_text(app)
        # Ann drafts: the reveal's marks and lines are gone.
        await pilot.press("enter")
        await settle(app, pilot)
        assert not any(mark[0] == "cell" for mark in screen.since_last_turn().marks)
        assert all("Bot: " not in line or "took" in line for line in screen.since_last_turn().lines)


async def test_the_reveal_is_announced_to_the_table_before_the_next_screen(tmp_path):
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Ben")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(60):
            screen = app.screen
            if isinstance(screen, AnnouncementScreen):
                break
            if isinstance(screen, ConfirmScreen):
                await pilot.press("y")
            elif isinstance(screen, CurtainScreen):
                # The curtain speaks of what the next screen really shows: no hand in Evergreen,
                # and the plan by its owner's name (the sentence speaks to everyone else).
                text = " ".join(screen_text(app).replace("┃", " ").split())
                name = app.match.seats[screen.seat].name
                assert f"Everyone else, look away: the next screen shows {name}'s secret plan for this round." in text
                assert "hand" not in text and "your planet" not in text
                await pilot.press("enter")
            elif app.match.state.phase == "actions":
                await pilot.press("d")
            else:
                await pilot.press("enter")
            await pilot.pause()
        else:
            raise AssertionError("the reveal was never announced")
        text = screen_text(app)
        assert "Spring, round 1: the plans are revealed" in text
        assert app.screen_stack[-2].audience is None  # drawn over the public view
        await pilot.press("enter")
        await pilot.pause()
        # Round 2's draft is public: no curtain, the table watches the picker.
        assert app.match.state.round == 2 and app.match.state.phase == "draft"
        assert not isinstance(app.screen, CurtainScreen)
        assert app.screen.audience is None


async def test_the_score_as_it_stands_is_on_screen_at_80x24(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="bamboo")
    async with app.run_test(size=(80, 24)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        for _ in range(3):  # draft / this round → Fertility → Season · powers → Players · log
            await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "score now" in text and "☀0" in text and "forest 0" in text and "fert 0" in text and "bam 0" in text


async def test_finishing_a_plan_with_uses_left_asks_and_no_changes_nothing(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        before = app.match.state
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Finish your plan with" in screen_text(app) and "still unused?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.match.state is before


async def test_a_sprout_outside_the_drafted_biome_asks_first(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        screen = app.screen
        state = app.match.state
        outside = a_sprout_space_outside_the_card(app, state)
        screen.ui.cursor_space = outside
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "outside your card's biome" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.match.state is state and app.match.state.players[0].plan.plants == []
        assert "Action options still open:" in screen_text(app)
        # Yes this time: the sprout is option 4 whole, and the panel says the action is
        # complete instead of offering option 4 as if a step were left in it.
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.match.state.players[0].plan.plants == [outside]
        text = screen_text(app)
        assert "Your action is complete" in text and "Action options still open" not in text


async def test_a_plan_key_in_the_draft_says_why_it_does_nothing(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        state = app.match.state
        await pilot.press("d")
        await pilot.pause()
        assert "d finishes a plan" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        assert "p is a step of a plan" in screen_text(app)
        assert app.match.state is state


async def test_a_new_list_opens_on_its_first_row(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("3")
        await pilot.press("enter")
        await settle(app, pilot)
        await finish_plan(app, pilot)
        await settle(app, pilot)
        assert app.match.state.round == 2 and app.match.state.phase == "draft"
        assert screen.ui.choice == 0


async def test_a_hint_names_the_card_it_would_draft(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("h")
        await wait_for(pilot, lambda: screen.ui.hint is not None)
        message = screen.ui.message.plain
        assert message.startswith("Hint: Draft ") and "rises to level 1" in message


# -- found playing a whole game by hand in tmux ---------------------------------------------------------------
async def test_a_long_summary_since_the_last_turn_is_shown_whole_in_the_sidebar(tmp_path, monkeypatch):
    """Two plans revealed, a season scored and the fertility news wrap to a dozen rows in
    the 28-column sidebar: every row is on screen (the panel cannot scroll)."""
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="both")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        lines = (
            "Bot: 2 cherry trees on B3, G3 · 1 big tree on A4.",
            "Bot 3: 1 big bamboo on A1 · 2 lakes on G2, F5 · 1 sprout on E4.",
            "Spring scored (light + biggest forest): Ann +13, Bot +13, Bot 3 +8.",
            "Your planet: 3 big bamboo on G2, B4, F5.",
            "Fertility: Swamp 2 → 1.",
        )
        monkeypatch.setattr(screen, "since_last_turn", lambda: ChangeReport(marks=frozenset(), lines=lines))
        screen.redraw()
        await pilot.pause()
        panel = screen.query_one("#since-panel", TextPanel)
        width = panel.content_region.width
        rows = sum(len(Text(line).wrap(app.console, width)) for line in lines)
        assert rows > 7  # more than the shared cap leaves room for
        assert panel.content_region.height >= rows


async def test_the_draft_row_names_the_card_with_the_first_player_marker(tmp_path):
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        state = app.match.state
        assert state.phase == "draft" and 0 in app.match.to_act()
        marked = state.row[-1]
        app.match.states[-1] = state.model_copy(update={"marker": marked})
        app.screen.redraw()
        await pilot.pause()
        row = next(line for line in choice_lines(app) if card_label(marked) in line)
        assert "first-player marker" in row
        others = [line for line in choice_lines(app) if "first-player marker" in line]
        assert others == [row]


async def test_the_final_boards_use_the_games_layout_and_show_a_planet_to_the_table():
    match = finished_match("evergreen", seats=3)
    app = BoardGamesApp(cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(replay_screen(match))
        # The replay draws its position after its first refresh: one idle pause was not
        # always enough on a loaded machine (six test workers on two cores).
        await settle_frame(pilot)
        replay = app.screen
        assert replay.viewer is None
        # Evergreen's own rules for 120×40 apply to its replay class too.
        assert replay.query_one("#eg-planet").region.width == 69
        title = str(replay.query_one("#eg-planet").border_title)
        assert f"{match.seats[0].name}'s planet (public)" in title
        shown = screen_text(app)
        pieces = {f"{glyph} {PIECE_WORDS[glyph]}" for glyph in match.state.players[0].board if glyph in PIECE_WORDS}
        assert pieces and all(piece in shown for piece in pieces)


async def test_the_table_reads_the_drafting_seats_power_levels_by_name(tmp_path):
    """The draft is public: with two people at the keyboard its screen is the table's, so
    the levels beside it are "Ann's", as the planet's title is; alone at the keyboard, "Your"."""
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="James")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.audience is None and app.match.state.phase == "draft"
        drafting = app.match.seats[screen.viewer].name
        text = screen_text(app)
        assert f"{drafting}'s power levels:" in text and "Your power levels" not in text
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Your power levels:" in screen_text(app)


async def test_the_bamboo_standing_on_a_line_of_its_own_is_the_whole_word(tmp_path):
    """At 120×40 the sidebar is too narrow for "bam 0" beside the other categories: on its
    own line it reads "bamboo 0" (found playing: "bam" told a newcomer nothing)."""
    app = evergreen_app(tmp_path, ANN_AND_BOT, modules="bamboo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scores = str(app.screen.query_one("#eg-scores").render())
        assert scores.count("  bamboo 0") == 2 and "bam 0" not in scores


async def test_a_planning_seat_reads_its_own_card_and_open_options_first(tmp_path):
    """At 120×40 the panel under the planet holds seven rows, five under a three-line
    hint: the seat's own card, power and options come first, the others' cards after
    (found playing: the options had scrolled out of sight below the others' cards)."""
    app = evergreen_app(tmp_path, [Seat(name="Ann"), Seat(name="Bot", kind="bot"), Seat(name="Bot 3", kind="bot")], modules="none")
    async with app.run_test(size=(120, 40)) as pilot:
        await draft_to_the_action_phase(app, pilot)
        lines = [line.strip() for line in choice_lines(app)]
        assert lines[0].startswith("Ann: ") and lines[1].startswith("Power ") and lines[2] == "Action options still open:"
        assert lines[-2].lstrip("* ").startswith("Bot: ") and lines[-1].lstrip("* ").startswith("Bot 3: ")


async def test_every_name_in_the_players_panel_is_whole(tmp_path):
    """Names up to the longest allowed (20 characters) are never cut: one that does not
    fit beside the score gets a line of its own (found playing: "[red]x[/" at 120×40)."""
    names = ["Ann", "[red]x[/]", "Maximiliana Augusta"]
    app = evergreen_app(tmp_path, [Seat(name=name, kind="bot", bot_level="random") for name in names])
    app.bot_delay = 30  # the first bot thinks long: the panel stays on the draft
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scores = str(app.screen.query_one("#eg-scores").render())
        for name in names:
            assert name in scores
