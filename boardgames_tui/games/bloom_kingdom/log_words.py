"""The words Bloom Kingdom's rules write: the log's lines (recognised again by news.py
when it sums up a turn) and each kept card's points explained for the score sheet.
Pure, over the state; the rules import this, never the narration built on it."""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.text import and_list, capital, name_verb, plural, possessive
from boardgames_tui.games.bloom_kingdom.content import cards, characters, column_order
from boardgames_tui.games.bloom_kingdom.model import (
    BloomKingdomState,
    FortuneChoice,
    JesterChoice,
    KeptCards,
    KnightChoice,
    WizardChoice,
)

_CARDS = cards()
_NAMES = {key: info.name for key, info in characters().items()}
_COLUMNS = column_order()


_LABELS = tuple(card.label for card in _CARDS)


def card_label(card: int) -> str:
    return _LABELS[card]


def character_of(card: int) -> str:
    return _CARDS[card].character


# -- the log lines the rules write, recognised by the rules' own words ---------------------
def face_down_line(name: str) -> str:
    return f"{name_verb(name, 'place')} a card face down."


def reveal_prefix(turn: int) -> str:
    return f"Turn {turn} reveal:"


def scoring_prefix(round_number: int) -> str:
    return f"Round {round_number} scoring —"


# Worked out once per name: the rules write these lines at many moves.
@lru_cache(maxsize=256)
def unicorn_return_line(name: str) -> str:
    return f"{name_verb(name, 'return')} a card from hand to the box (Unicorn)."


Decision = KnightChoice | WizardChoice | JesterChoice | FortuneChoice


@lru_cache(maxsize=256)
def owners(name: str) -> str:
    """A player's name as the owner opening a sentence: "Ann's", "Your"."""
    return capital(possessive(name))


def decision_line(state: BloomKingdomState, seat: int, decision: Decision) -> str:
    """What a card's owner decided after the reveal, as the log tells it."""
    whose = owners(state.name(seat))
    if isinstance(decision, KnightChoice):
        return f"{whose} Knight removes a Dragon." if decision.remove else f"{whose} Knight leaves the Dragons be."
    if isinstance(decision, WizardChoice):
        if decision.column is None:
            return f"{whose} Wizard removes nothing."
        return f"{whose} Wizard removes a card from the {_NAMES[decision.column]} column."
    if isinstance(decision, JesterChoice):
        return f"{whose} Jester joins the {_NAMES[decision.column]} column."
    return f"{whose} Fortune Teller looks at a random card in {possessive(state.name(decision.target))} hand."



# -- what each kept card scored, and why ------------------------------------------------------
def _times(points: int, count: int, what: str) -> str:
    """"4 × 2 Dragons", or "no Dragon" when there are none."""
    return f"{points} × {plural(count, what)}" if count else f"no {what}"


def point_reason(character: str, counts: dict[str, int], kept_by_others: dict[str, list[str]]) -> str:
    """Why a kept card scored what it did, from the display's counts at the scoring and
    which characters the other players kept (with their names)."""

    def count(key: str) -> int:
        return counts.get(key, 0)

    if character == "dragon":
        return _times(4, count("dragon"), "Dragon")
    if character == "fortune_teller":
        return f"{_times(2, count('fortune_teller'), 'Fortune Teller')} + {_times(2, count('dragon'), 'Dragon')}"
    if character == "queen":
        return _times(3, min(count("queen"), count("king")), "Queen and King pair")
    if character == "knight":
        return _times(5, min(count("knight"), count("queen"), count("unicorn")), "Knight, Queen and Unicorn trio")
    if character == "wizard":
        return _times(3, min(count("wizard"), count("noble")), "Wizard and Noble pair")
    if character == "unicorn":
        longest = max(counts.values(), default=0)
        if count("unicorn") >= longest:
            return f"{_times(3, count('unicorn'), 'Unicorn')}, the longest column"
        widest = next(key for key in _COLUMNS if counts.get(key, 0) == longest)
        return f"Unicorns {count('unicorn')} < {_NAMES[widest]}s {longest}, the longest column"
    if character == "farmer":
        if count("farmer") >= count("knight"):
            return f"{_times(3, count('farmer'), 'Farmer')}, Farmers {count('farmer')} ≥ Knights {count('knight')}"
        return f"Farmers {count('farmer')} < Knights {count('knight')}"
    if character == "noble":
        if count("farmer") >= count("noble"):
            return f"{_times(4, count('noble'), 'Noble')}, Farmers {count('farmer')} ≥ Nobles {count('noble')}"
        return f"Farmers {count('farmer')} < Nobles {count('noble')}"
    if character == "king":
        if "jester" in kept_by_others:
            return f"{and_list(kept_by_others['jester'])} kept a Jester"
        return _times(4, count("king"), "King")
    if character == "jester":
        if "king" in kept_by_others:
            return f"{_times(4, count('king'), 'King')}, {and_list(kept_by_others['king'])} kept a King"
        return "nobody else kept a King"
    raise ValueError(f"unknown character {character!r}")


def kept_cards_explained(names: list[str], results: list[KeptCards], seat: int) -> list[str]:
    """Each card `seat` kept in one round with its points and why: "Dragon = 8 (4 × 2 Dragons)"."""
    result = results[seat]
    if not result.counts:
        # A round scored before the counts were kept (an older save): points only.
        return [f"{card_label(card)} = {points}" for card, points in zip(result.cards, result.points)]
    kept_by_others: dict[str, list[str]] = {}
    for other, other_result in enumerate(results):
        if other != seat:
            for character in {character_of(card) for card in other_result.cards}:
                kept_by_others.setdefault(character, []).append(names[other])
    explained = []
    for card, points in zip(result.cards, result.points):
        reason = point_reason(character_of(card), result.counts, kept_by_others)
        explained.append(f"{card_label(card)} = {points} ({reason})")
    return explained


def kept_summary(result: KeptCards) -> str:
    """A seat's kept cards with their points: "Dragon (8) + King (4)"."""
    return " + ".join(f"{card_label(card)} ({points})" for card, points in zip(result.cards, result.points))


def totals(rounds: list[list[KeptCards]], players: int) -> list[int]:
    """Each seat's points from these scored rounds."""
    scores = [0] * players
    for results in rounds:
        for seat, result in enumerate(results):
            scores[seat] += result.total
    return scores
