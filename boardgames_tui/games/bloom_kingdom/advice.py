"""A Bloom Kingdom move in its own seat's words, with what it does to that seat's score.

Pure, from the seat's own view: the move names its card, column or player; the reason
compares the two cards the seat could keep, and what they would score if the round
ended now, before and after the move (`scoring.best_keep`).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.contract import MoveExplanation
from boardgames_tui.engine.text import plural
from boardgames_tui.games.bloom_kingdom.content import cards, characters
from boardgames_tui.games.bloom_kingdom.model import (
    BloomKingdomState,
    FortuneChoice,
    JesterChoice,
    KnightChoice,
    PlayCard,
    ReturnCard,
    WizardChoice,
)
from boardgames_tui.engine.text import and_list
from boardgames_tui.games.bloom_kingdom.log_words import card_label, character_of
from boardgames_tui.games.bloom_kingdom.scoring import best_keep, column_counts

_CARDS = cards()
_NAMES = {key: info.name for key, info in characters().items()}


def move_words(view: BloomKingdomState, action: Any) -> str:
    """The move as its own player would say it: "Play Dragon face down"."""
    if isinstance(action, PlayCard):
        return f"Play {card_label(action.card)} face down"
    if isinstance(action, ReturnCard):
        return f"Put {card_label(action.card)} back in the box (Unicorn)"
    if isinstance(action, KnightChoice):
        return "Let your Knight remove a Dragon" if action.remove else "Leave the Dragons be"
    if isinstance(action, WizardChoice):
        if action.column is None:
            return "Let your Wizard remove nothing"
        return f"Let your Wizard remove a card from the {_NAMES[action.column]} column"
    if isinstance(action, JesterChoice):
        return f"Slip your Jester under the {_NAMES[action.column]} column"
    if isinstance(action, FortuneChoice):
        return f"Look at a random card in {view.name(action.target)}'s hand"
    raise TypeError(action)


def _column_after(view: BloomKingdomState, action: Any) -> tuple[str | None, int]:
    """The column the move changes and by how much (+1 a card joins, -1 one leaves)."""
    if isinstance(action, PlayCard):
        character = character_of(action.card)
        # A Jester's column is chosen later: it changes nothing known yet.
        return (None, 0) if character == "jester" else (character, 1)
    if isinstance(action, KnightChoice):
        return ("dragon", -1) if action.remove else (None, 0)
    if isinstance(action, WizardChoice):
        return (action.column, -1) if action.column is not None else (None, 0)
    if isinstance(action, JesterChoice):
        return action.column, 1
    return None, 0


def _keep_words(pair: tuple[int, ...], points: int) -> str:
    return f"{and_list([card_label(card) for card in pair])} ({plural(points, 'point')})"


def reason(view: BloomKingdomState, seat: int, action: Any) -> str:
    """What the move does to the two cards `seat` would keep if the round ended now."""
    hand = list(view.players[seat].hand)
    counts = column_counts(view.display)
    before_pair, before_points = best_keep(hand, counts)
    if isinstance(action, FortuneChoice):
        held = len(view.players[action.target].hand)
        return f"you learn one of {plural(held, 'card')} {view.name(action.target)} may keep"
    column, change = _column_after(view, action)
    after_counts = dict(counts)
    if column is not None:
        after_counts[column] = max(0, after_counts[column] + change)
    if isinstance(action, (PlayCard, ReturnCard)):
        hand.remove(action.card)
    after_pair, after_points = best_keep(hand, after_counts)
    parts = []
    if column is not None:
        parts.append(f"the {_NAMES[column]} column {'grows' if change > 0 else 'shrinks'} to {after_counts[column]}")
    keep = f"your best two to keep would be {_keep_words(after_pair, after_points)} if the round ended now"
    if after_points != before_points:
        keep += f", against {_keep_words(before_pair, before_points)} before"
    parts.append(keep)
    return "; ".join(parts)


def explain(view: BloomKingdomState, seat: int, action: Any) -> MoveExplanation:
    return MoveExplanation(move_words(view, action), reason(view, seat, action))
