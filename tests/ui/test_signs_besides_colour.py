"""What a colour or a dimming tells is told by a sign as well, readable where colour is
not (NO_COLOR, 16 colours, a colour-blind player): a space a step can reach, a card or
a column that cannot be chosen."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.bloom_kingdom.widgets import UNAVAILABLE, DisplayColumns, HandList
from boardgames_tui.games.evergreen.rules import EMPTY, SIZE
from boardgames_tui.games.evergreen.widgets import CELL_SIZES, row_text


def underlined(text: Text, offset: int) -> bool:
    return any(
        span.start <= offset < span.end and Style.parse(str(span.style)).underline for span in text.spans
    )


def test_a_space_a_step_can_reach_is_underlined_not_only_green():
    width, height = CELL_SIZES["normal"]
    row = row_text(EMPTY * SIZE, 0, "top", (), None, frozenset({1}), frozenset(), width, height)
    lead = 2  # the sun's column before the first space
    first_line = row.split("\n")[0]
    assert underlined(first_line, lead + width) and not underlined(first_line, lead)


class Panels(App[None]):
    def compose(self) -> ComposeResult:
        yield DisplayColumns()
        yield HandList()


async def test_what_cannot_be_chosen_is_marked_not_only_dimmed():
    rules = get_game("bloom-kingdom").rules
    view = rules.view(rules.setup(rules.parse_options({}), [Seat(name="Ann"), Seat(name="Ben")], 5), 0)
    first, *others = view.players[0].hand
    app = Panels()
    async with app.run_test(size=(120, 30)):
        display, hand = app.query_one(DisplayColumns), app.query_one(HandList)
        display.show(view, {("column", "queen")}, None)
        hand.show(view, 0, {("hand", first)}, None, own=True)
        columns, cards = display._shown.plain, hand._shown.plain.splitlines()[1 : 2 + len(others)]
    assert f"{UNAVAILABLE}King" in columns and f"{UNAVAILABLE}Queen" not in columns and "Queen" in columns
    assert cards[0].startswith(" 1 ") and all(card.startswith(UNAVAILABLE) for card in cards[1:]), cards
