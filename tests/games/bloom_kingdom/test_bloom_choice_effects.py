"""Every Bloom Kingdom choice says what it does (the inspector's first line on a choice)."""

from __future__ import annotations

from boardgames_tui.games.bloom_kingdom.lessons import choice_effect
from boardgames_tui.games.bloom_kingdom.model import FortuneChoice, JesterChoice, KnightChoice, PlayCard, ReturnCard, WizardChoice

from .bloom_builders import RULES, CardPicker, NAMES
from boardgames_tui.engine.contract import Seat


def a_view():
    picker = CardPicker()
    state = RULES.setup(RULES.parse_options({}), [Seat(name=name) for name in NAMES[:3]], 7)
    state.display["queen"] = picker.take("queen", 2)
    state.display["dragon"] = [*picker.take("jester"), *picker.take("dragon", 2)]
    return RULES.view(state, 0)


def test_the_wizard_s_removal_names_what_goes_and_the_column_after():
    view = a_view()
    assert choice_effect(view, WizardChoice(column="queen")) == (
        "Choosing it: your Wizard sends one Queen to the box for good; the Queen column goes from 2 to 1 cards."
    )
    assert "the Jester hiding in it" in choice_effect(view, WizardChoice(column="dragon"))
    assert "removes nothing" in choice_effect(view, WizardChoice(column=None))


def test_the_jester_knight_fortune_teller_and_unicorn_choices_say_what_they_do():
    view = a_view()
    assert "counts as one more Queen" in choice_effect(view, JesterChoice(column="queen"))
    assert "(2 → 3)" in choice_effect(view, JesterChoice(column="queen"))
    assert "Jester hiding among the Dragons" in choice_effect(view, KnightChoice(remove=True))
    assert "Dragons stay" in choice_effect(view, KnightChoice(remove=False))
    assert NAMES[1] in choice_effect(view, FortuneChoice(target=1))
    card = view.players[0].hand[0]
    assert "goes to the box for good" in choice_effect(view, ReturnCard(card=card))
    # A card played says what it does in its own label and catalogue entry.
    assert choice_effect(view, PlayCard(card=card)) is None
