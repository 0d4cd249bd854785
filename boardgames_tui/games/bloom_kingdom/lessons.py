"""The situations that bring Bloom Kingdom's lessons up (assets/bloom-kingdom/lessons.json).

Each looks only at one seat's own view and legal actions: a lesson never tells a seat
what it may not see.
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.contract import HIDDEN
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState
from boardgames_tui.games.bloom_kingdom.rules import character_of
from boardgames_tui.games.bloom_kingdom.scoring import KEPT_CARDS


def _picking(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
    return view.phase == "play" and bool(legal)


# The phase in which a character's owner makes its choice (the Unicorn's return, the Knight's answer…).
_CHOICE_PHASE = {"unicorn": "unicorn", "knight": "knight", "wizard": "wizard", "jester": "jester", "fortune_teller": "fortune"}


def _holds(*characters: str):
    """The seat may play one of `characters`, or makes the choice one of them asks for now."""

    def holds(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
        hand = view.players[seat].hand
        choosing = any(view.phase == _CHOICE_PHASE.get(character) for character in characters) and bool(legal)
        return choosing or (
            _picking(view, seat, legal) and any(card != HIDDEN and character_of(card) in characters for card in hand)
        )

    return holds


def game_start(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
    return _picking(view, seat, legal) and view.round == 1 and view.turn == 1


def display_has_cards(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
    return _picking(view, seat, legal) and any(view.display.values())


def last_pick_of_round(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
    """The pick that leaves the seat its two scoring cards."""
    return _picking(view, seat, legal) and len(view.players[seat].hand) == KEPT_CARDS + 1


def after_first_scoring(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
    return _picking(view, seat, legal) and len(view.rounds) >= 1


def last_round(view: BloomKingdomState, seat: int, legal: list[Any]) -> bool:
    return _picking(view, seat, legal) and len(view.rounds) >= 2


SITUATIONS = {
    "game_start": game_start,
    "display_has_cards": display_has_cards,
    "unicorn_in_hand": _holds("unicorn"),
    "knight_in_hand": _holds("knight"),
    "wizard_in_hand": _holds("wizard"),
    "jester_in_hand": _holds("jester"),
    "fortune_teller_in_hand": _holds("fortune_teller"),
    "last_pick_of_round": last_pick_of_round,
    "king_or_jester_in_hand": _holds("king", "jester"),
    "after_first_scoring": after_first_scoring,
    "last_round": last_round,
}


def choice_effect(view: BloomKingdomState, action: Any) -> str | None:
    """What taking `action` does, in words, where its label alone does not say (the
    inspector's first line on a choice): a Wizard's removal, a Jester's column, the
    Knight's answer, the Fortune Teller's peek, the Unicorn's return."""
    from boardgames_tui.games.bloom_kingdom.content import characters
    from boardgames_tui.games.bloom_kingdom.model import (
        FortuneChoice,
        JesterChoice,
        KnightChoice,
        ReturnCard,
        WizardChoice,
    )
    from boardgames_tui.games.bloom_kingdom.rules import card_label

    names = {key: info.name for key, info in characters().items()}
    if isinstance(action, WizardChoice):
        if action.column is None:
            return "Choosing it: your Wizard removes nothing; its effect is lost for this turn."
        cards = view.display[action.column]
        jester = any(character_of(card) == "jester" for card in cards)
        goes = "the Jester hiding in it" if jester else f"one {names[action.column]}"
        return (
            f"Choosing it: your Wizard sends {goes} to the box for good; the {names[action.column]} "
            f"column goes from {len(cards)} to {len(cards) - 1} cards."
        )
    if isinstance(action, JesterChoice):
        count = len(view.display[action.column])
        return (
            f"Choosing it: your Jester slides under the {names[action.column]} column and counts as one more "
            f"{names[action.column]} for every score and effect ({count} → {count + 1})."
        )
    if isinstance(action, KnightChoice):
        if not action.remove:
            return "Choosing it: the Dragons stay; your Knight does nothing more."
        jester = any(character_of(card) == "jester" for card in view.display["dragon"])
        return "Choosing it: " + ("the Jester hiding among the Dragons" if jester else "one Dragon") + " goes to the box for good."
    if isinstance(action, FortuneChoice):
        return f"Choosing it: your Fortune Teller sees one card of {view.name(action.target)}'s hand, at random; only you see it, and it stays in that hand."
    if isinstance(action, ReturnCard):
        return f"Choosing it: your {card_label(action.card)} goes to the box for good; your hand keeps its size."
    return None
