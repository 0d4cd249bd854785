"""What the search bots need from Pollen: sampling the hidden cards.

What a seat's `view` hides (see `PollenRules.view`):

- every other seat's hand and deck (only their sizes show).  A seat holds only its
  own garden cards, so its unseen cards are exactly its fifteen minus those planted
  and those returned to the box at setup (`removed`, public);
- the order of the seat's own deck (shown sorted: its contents are known);
- the order of the bag (shown sorted: which tokens are left is public).

Everything else (garden, tokens, next-up and drawn tokens, meeples) is public.

Playouts stay uniform (`GameRules.playout_action`) and are played to the end
(`estimate_scores` is None): a whole game plays out in about 2 ms.
"""

from __future__ import annotations

import random
from boardgames_tui.engine.contract import shallow_copy
from boardgames_tui.games.pollen.content import DECK_SIZE
from boardgames_tui.games.pollen.model import PlayerState, PollenState


def determinize(view: PollenState, seat: int, rng: random.Random) -> PollenState:
    """A full state `seat` could be in, built from `view` (= `view(state, seat)`) and `rng` only.

    Player records and the bag are new objects (a view may share its hidden players
    with other views: they are never touched); the other containers are shared with
    `view`, as `apply` copies whatever it changes.  The log is empty: no rule reads
    it, and a short log makes every `apply` of a playout cheaper.
    """
    out_of_hands = set(view.removed)
    out_of_hands.update(planted.card for planted in view.garden)
    players: list[PlayerState] = []
    for index, player in enumerate(view.players):
        if index == seat:
            deck = list(player.deck)
            rng.shuffle(deck)
            players.append(PlayerState(player.hand[:], deck))
            continue
        first = index * DECK_SIZE
        unseen = [card for card in range(first, first + DECK_SIZE) if card not in out_of_hands]
        held = len(player.hand)
        if len(unseen) != held + len(player.deck):
            raise ValueError(f"seat {index}'s cards are not all accounted for: the view cannot be determinized")
        rng.shuffle(unseen)
        players.append(PlayerState(unseen[:held], unseen[held:]))
    bag = list(view.bag)
    rng.shuffle(bag)
    return shallow_copy(view, seed=rng.randrange(2**31), rng_draws=0, log=[], players=players, bag=bag)

