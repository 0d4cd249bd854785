"""Every choice says what it does: at the learner's first decisions of each guided game,
`i` on each choice on offer opens the inspector with a real explanation, never "Nothing
more to say" (issue #30).  80×24 only: the size is not the point."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.lessons import lesson_book
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.scoresheet import AnnouncementScreen
from boardgames_tui.ui.setup import StartRequest

from .settling import settle
from .test_learn_to_play import key_named_by, status_line

# How many of the learner's decisions are walked, and the most choices walked at each.
DECISIONS = 3
CHOICES = 6
NOTHING = "Nothing more to say"


def guided_start(slug: str) -> StartRequest:
    """The guided game's deal, started directly (no lesson: Teach as I play is off)."""
    book = lesson_book(slug)
    return StartRequest(slug=slug, seats=book.guided.seats(), options=book.guided.options, seed=book.guided.seed)


def inspector_text(screen: GameScreen) -> str:
    panel = screen.query_one(InspectorPanel)
    assert panel.is_open, status_line(screen.app)
    return str(panel.query_one("#inspector-text").render())


async def inspect(pilot, screen: GameScreen, what: str) -> str:
    await pilot.press("i")
    await settle(pilot)
    text = inspector_text(screen)
    assert NOTHING not in text, f"{what}: {text}"
    # A title and at least one line that says something.
    assert len([line for line in text.splitlines() if line.strip()]) >= 2, f"{what}: {text}"
    await pilot.press("i")
    await settle(pilot)
    return text


async def walk_evergreen_spaces(pilot, screen: GameScreen) -> list[str]:
    """In a plan: the cursor onto each space where a step is on offer, by arrow keys."""
    from boardgames_tui.games.evergreen.rules import SIZE

    texts = []
    spaces = sorted({action.space for action in screen.viewer_legal_actions() if getattr(action, "space", None) is not None})
    for space in spaces[:CHOICES]:
        row, column = divmod(space, SIZE)
        here_row, here_column = divmod(screen.ui.cursor_space, SIZE)
        keys = ["down" if row > here_row else "up"] * abs(row - here_row)
        keys += ["right" if column > here_column else "left"] * abs(column - here_column)
        await pilot.press(*keys)
        await settle(pilot)
        assert screen.ui.cursor_space == space
        text = await inspect(pilot, screen, f"space {space}")
        # Each step the space offers is explained by its key ("o: your power, …").
        assert any(line.startswith(("p: ", "g: ", "o: ", "l: ", "o (anywhere): ")) for line in text.splitlines()), text
        texts.append(text)
    return texts


# What the inspector must say on a choice, by game and phase, where the label hides it.
SAYS_WHAT_IT_DOES = {
    ("evergreen", "draft"): "Taking it: ",
    ("evergreen", "wild"): "Choosing it: ",
    ("pollen", "plant"): "Planting your ",
    ("pollen", "assign"): " token at ",
}

# The key that moves to the next choice, by game (and phase where it differs).
NEXT_CHOICE = {"bloom-kingdom": "right", "everbloom": "down", "evergreen": "right", "pollen": "tab"}
PREVIOUS_CHOICE = {"bloom-kingdom": "left", "everbloom": "up", "evergreen": "left", "pollen": "shift+tab"}


@pytest.mark.parametrize("slug", ["bloom-kingdom", "everbloom", "evergreen", "pollen"])
async def test_i_on_every_choice_explains_it(tmp_path, slug):
    app = BoardGamesApp(store=SaveStore(tmp_path), start=guided_start(slug), cursor_blink=False, bot_delay=0)
    walked: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = presses = 0
        while decisions < DECISIONS and presses < 300:
            await settle(pilot)
            screen = app.screen
            presses += 1
            if isinstance(screen, (AnnouncementScreen, CurtainScreen)):
                await pilot.press("enter")
                continue
            if isinstance(screen, ConfirmScreen):
                await pilot.press("y")
                continue
            assert isinstance(screen, GameScreen)
            if screen.thinking is not None or not screen.viewer_legal_actions():
                await pilot.pause(0.02)
                continue
            view = screen.current_view()
            if slug == "evergreen" and view.phase == "actions":
                walked += await walk_evergreen_spaces(pilot, screen)
            else:
                for number in range(CHOICES):
                    text = await inspect(pilot, screen, f"choice {number}")
                    assert SAYS_WHAT_IT_DOES.get((slug, view.phase), "") in text, text
                    walked.append(text)
                    await pilot.press(NEXT_CHOICE[slug])
                    await settle(pilot)
                    if "last" in status_line(app):
                        # Past the last choice: one back, and the prompt shows again.
                        await pilot.press(PREVIOUS_CHOICE[slug])
                        await settle(pilot)
                        break
            decisions += 1
            # Then the learner plays what the status line names, as a newcomer would.
            key = key_named_by(status_line(app))
            assert key is not None, status_line(app)
            await pilot.press(key)
        assert decisions == DECISIONS, app.match.progress()
    assert walked
