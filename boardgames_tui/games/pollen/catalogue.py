"""Pollen's components, in full, for the rules viewer's Components tab."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.engine.reference import CatalogueEntry, CatalogueSection
from boardgames_tui.games.pollen.content import CardKind, TokenKind, cards, content, insects, tokens


def _insect_names(keys: list[str]) -> str:
    names = {insect.key: insect.name for insect in insects()}
    return " + ".join(names[key] for key in keys)


def card_entry(kind: CardKind) -> CatalogueEntry:
    """One kind of garden card, in full."""
    data = content()
    plurals = {insect.key: insect.plural for insect in data.insects}
    names = {insect.key: insect.name for insect in data.insects}
    removed = Counter({removal.card: removal.count for removal in data.removed_with_players})
    removed_with = {removal.card: removal.players for removal in data.removed_with_players}
    if kind.insect is None:
        title = f"{kind.icons}-star card"
        lines = [f"{kind.icons} star icon{'s' if kind.icons > 1 else ''}: each counts for every insect on a token."]
    else:
        title = f"{kind.icons} {plurals[kind.insect]}"
        lines = [f"{kind.icons} {names[kind.insect].lower()} icons: they count only for that insect."]
    lines.append(f"{kind.copies} in every player's deck.")
    if kind.key in removed:
        lines.append(f"With {removed_with[kind.key]} players, {removed[kind.key]} of them leave every deck before play.")
    return CatalogueEntry(title, tuple(lines))


def token_entry(kind: TokenKind) -> CatalogueEntry:
    """One kind of pollinator token, in full."""
    return CatalogueEntry(
        _insect_names(kind.insects),
        (
            f"{kind.copies} tokens in the bag.",
            f"Scored insect by insect: one {' then one '.join(kind.insects)} meeple to the clear leader of each.",
        ),
    )


def garden_card_entry(card: int) -> CatalogueEntry:
    """The entry of the kind of the garden card with this id."""
    kind_key = cards(4)[card].kind
    return card_entry(next(kind for kind in content().garden_cards if kind.key == kind_key))


def pollinator_token_entry(token: int) -> CatalogueEntry:
    """The entry of the kind of the pollinator token with this id."""
    keys = sorted(insects()[insect].key for insect in tokens()[token].insects)
    return token_entry(next(kind for kind in content().tokens if sorted(kind.insects) == keys))


def catalogue() -> list[CatalogueSection]:
    data = content()
    card_entries = [card_entry(kind) for kind in data.garden_cards]
    token_entries = [token_entry(kind) for kind in data.tokens]
    piles = [
        CatalogueEntry(
            f"{count.players} players",
            (f"{count.per_insect} meeples of each insect.",),
        )
        for count in sorted(data.meeples, key=lambda count: count.players)
    ]
    return [
        CatalogueSection(
            "Garden cards",
            tuple(card_entries),
            f"Every player owns one deck of these and holds {data.hand_size.value} cards in hand.",
        ),
        CatalogueSection("Pollinator tokens", tuple(token_entries), "The bag holds all of these; a token sits where four cards meet."),
        CatalogueSection("Meeple piles", tuple(piles), "Meeples won are kept in front of you; leading an insect is what scores."),
    ]
