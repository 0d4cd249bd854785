"""What the search bots need from Bloom Kingdom: sampling the hidden cards.

What a seat's `view` hides (see `BloomKingdomRules.view`):

- the other seats' hands, and the card each has put face down this turn (`chosen`);
- the deck (only its size shows);
- the box (only its size shows).  Part of it is known all the same: the kept cards
  of every scored round (`rounds`) went there, and so did every card revealed this
  turn that is neither in the display nor waiting in the queue (a Jester with no
  column, or a card a Wizard or Knight took away).

Everything else the view shows is where it is: the seat's own hand and chosen card,
the display, the queue, this turn's revealed cards.  The seat's own Fortune Teller
peeks (`peeks`) made this round name a card in a target's hand: while that card has
not shown up anywhere it is put back among that target's cards.

The view does not say which of the seat's own cards it returned to the box with a
Unicorn (only the private log does), so those are sampled like any unseen card.

Playouts stay uniform (`GameRules.playout_action`) and are played to the end
(`estimate_scores` is None): a whole game plays out in under a millisecond, and an
epsilon-greedy "play the card worth least now" policy wins about 30% of four-seat
ISMCTS games against uniform playouts (25% is par), which is not a clear gain.
"""

from __future__ import annotations

import random
from boardgames_tui.engine.contract import shallow_copy
from boardgames_tui.games.bloom_kingdom.content import cards
from boardgames_tui.games.bloom_kingdom.model import BloomKingdomState, PlayerState

_ALL_CARDS = tuple(range(len(cards())))


def determinize(view: BloomKingdomState, seat: int, rng: random.Random) -> BloomKingdomState:
    """A full state `seat` could be in, built from `view` (= `view(state, seat)`) and `rng` only.

    The result shares nothing the rules change in place with `view`; its log is
    empty (no rule reads it, and a short log makes every `apply` of a playout cheaper).
    """
    players = view.players
    own = players[seat]
    display = {column: list(column_cards) for column, column_cards in view.display.items()}
    on_table: set[int] = set()
    for column_cards in display.values():
        on_table.update(column_cards)
    on_table.update(view.queue)
    known = set(own.hand)
    if own.chosen is not None:
        known.add(own.chosen)
    known |= on_table
    # Cards known to lie in the box: every kept card, and this turn's revealed cards
    # that have left the table already.
    box_known: list[int] = []
    for results in view.rounds:
        for result in results:
            box_known.extend(result.cards)
    for card in view.revealed:
        if card is not None and card not in on_table:
            box_known.append(card)
    known.update(box_known)

    # Own peeks of this round at cards still unseen: those cards are in the target's hand.
    pinned: dict[int, list[int]] = {}
    for peek in view.peeks:
        if peek.round == view.round and peek.target != seat and peek.card not in known:
            target_cards = pinned.setdefault(peek.target, [])
            if peek.card not in target_cards:
                target_cards.append(peek.card)
    pinned_cards = {card for target_cards in pinned.values() for card in target_cards}

    pool = [card for card in _ALL_CARDS if card not in known and card not in pinned_cards]
    rng.shuffle(pool)
    box_hidden = len(view.box) - len(box_known)
    slots = len(view.deck) + box_hidden
    for index, player in enumerate(players):
        if index != seat:
            slots += len(player.hand) + (player.chosen is not None)
    if box_hidden < 0 or slots != len(pool) + len(pinned_cards):
        raise ValueError("the view does not account for every card: it cannot be determinized")

    taken = 0
    new_players: list[PlayerState] = []
    for index, player in enumerate(players):
        if index == seat:
            new_players.append(PlayerState(list(own.hand), own.chosen))
            continue
        has_chosen = player.chosen is not None
        size = len(player.hand) + has_chosen
        mine = pinned.get(index)
        if mine:
            # More peeked cards than the seat now holds: the rest went elsewhere (a
            # Unicorn return, a card played and then taken away); they join the pool.
            if len(mine) > size:
                for card in mine[size:]:
                    # Somewhere random among the cards still to deal.
                    pool.append(card)
                    position = rng.randrange(taken, len(pool))
                    pool[position], pool[-1] = pool[-1], pool[position]
                mine = mine[:size]
            held = mine + pool[taken : taken + size - len(mine)]
            taken += size - len(mine)
            rng.shuffle(held)
        else:
            held = pool[taken : taken + size]
            taken += size
        if has_chosen:
            new_players.append(PlayerState(held[1:], held[0]))
        else:
            new_players.append(PlayerState(held))
    deck = pool[taken : taken + len(view.deck)]
    taken += len(view.deck)
    box = box_known + pool[taken:]

    return shallow_copy(
        view,
        seed=rng.randrange(2**31),
        rng_draws=0,
        log=[],
        deck=deck,
        box=box,
        display=display,
        players=new_players,
        revealed=list(view.revealed),
        queue=list(view.queue),
        unicorn_pending=list(view.unicorn_pending),
        peeks=list(view.peeks),
        rounds=list(view.rounds),
    )

