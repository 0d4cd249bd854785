"""What Everbloom's search bots need: sampling hidden information, a cheap score
estimate and a playout policy.  Pure functions over the rules' state; `rules.py`
delegates to them.

What a seat's `view` hides (see `EverbloomRules.view`), and how it is sampled:

- Nectar cards: other seats' kept nectar and their draft hands, the nectar deck and
  the nectar discards of the draft (in `boxed`).  Nectar only moves deck → draft →
  kept / boxed and deck → kept, so the boxed ones number 35 minus every other nectar
  slot.  The unseen nectar (all 35 minus what the viewer holds) is shuffled and dealt
  into those slots.  (The viewer's own discard is no longer in its view once the
  draft is revealed, so it goes back into the unseen pool.)
- Bloom cards: the deck and the bloom cards boxed at the end of earlier rounds; they
  number 25 minus those on display, and get the unseen bloom cards.
- Hybrids and events: every stack card not yet turned face up (a top turns only at
  the start of a round), the event deck and the stack cards boxed unwon.  Each
  space's deck (`space_kinds`) is public, and a face-down top shows its back, so a
  hidden slot is dealt from that deck (the top from the deck its back names).
  The biome spaces were dealt from one biome deck each and with four seats two more
  spaces hold one hybrid of every biome plus an event; cards only leave a stack from
  the top and only events (or a displaced hybrid, onto an empty space) go on top,
  so the hidden part of a stack is from its setup deck.  Each stack with hidden cards
  is given a kind consistent with its visible top (a biome space whose top is a
  hybrid is that hybrid's biome; with four seats it may also be a mixed space), the
  kinds being each biome once (plus two mixed spaces with four seats); hidden slots
  are then filled from the unseen hybrids of that biome, mixed slots from one unseen
  hybrid per biome and the unseen events, the event deck from the unseen events and
  the boxed stack cards from whatever is left.  A card on view anywhere (a top, a
  habitat, the event waiting in a choice or a task) is never dealt again.
- Other seats' pollination work: the view keeps only whether the seat is done.  A
  seat still choosing gets a fresh, empty work (it plays on).  A seat that is done
  gets a legal finished work: its fullest grove (or, now and then, another),
  auto-pollinating cards, then affordable cards at random, the rest to a grove.

The wildlife deck, the groves, chips, landmarks and habitats are public.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from boardgames_tui.engine.contract import shallow_copy
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom import hints
from boardgames_tui.games.everbloom import rules as R
from boardgames_tui.games.everbloom.rules.common import copy_player
from boardgames_tui.games.everbloom.model import (
    HIDDEN_CARD,
    Choose,
    EverbloomState,
    FinishPollination,
    PlayerState,
    Pollinate,
    PollinationWork,
    TakeGrove,
    hidden_back,
    is_hidden,
)

BIOMES = C.BIOMES
_NECTAR_IDS: tuple[str, ...] = tuple(card.id for card in C.nectar_cards())
_NECTAR_VALUE = {card.id: (card.biome, card.nectar) for card in C.nectar_cards()}
_BLOOM_IDS: tuple[str, ...] = tuple(card.id for card in C.blooms())
_EVENT_IDS: tuple[str, ...] = tuple(card.id for card in C.events())
_HYBRID_DECKS: dict[str, tuple[str, ...]] = {
    biome: tuple(card.id for card in cards) for biome, cards in C.hybrid_decks().items()
}
_HYBRID_DECK = {card.id: card.deck for card in C.hybrids()}
_STACK_CARDS = frozenset(_EVENT_IDS) | frozenset(_HYBRID_DECK)
_MIXED = "mixed"
_NUM = C.numbers()
_TRACK = C.bloom_track()
# Chance that a done seat's sampled pollination takes some other grove than its fullest.
_OTHER_GROVE = 0.2
# Playout policy: chance of a uniform choice.
_EPSILON = 0.3
# Habitat biomes a seat newly covers with a tile per migration still to come.
_TILES_PER_MIGRATION = 0.9
# What the rest of the game adds beyond the estimate's terms (cards still to win,
# their bonuses and tiles, events, bloom cards): by seats, then by the stage of the
# game (`stages_left`: the last pollination first, round 1's start last).  The
# mean error of the other terms at the start of every round and every pollination of
# 400 games of each of 1-4 seats and every theme, played by `playout_action`
# (tests/benchmarks/test_everbloom_estimate.py).
_LATER = {
    1: (-17.3, 29.3, 25.2, 72.8, 69.6, 128.8),
    2: (-7.3, 21.1, 18.3, 49.5, 47.3, 84.3),
    3: (-4.3, 16.4, 14.5, 37.1, 35.4, 60.4),
    4: (-4.0, 15.1, 13.3, 34.6, 33.0, 56.3),
}
# How far a seat's final score strays from its estimate, beyond what every seat's
# does alike (the standard deviation of each seat's error less the seats' mean error,
# scaled back to one seat's): by seats, then by stage as `_LATER`; the same games.
# `estimate_spread` gives it to the search, so that a playout cut at a round's start
# credits a seat with about the wins whole games give it.
_SPREAD = {
    2: (6.2, 11.9, 12.6, 15.0, 15.2, 15.7),
    3: (5.4, 11.4, 12.0, 14.7, 15.2, 14.7),
    4: (5.4, 11.3, 11.8, 15.0, 15.4, 14.4),
}


@cache
def _card_info(card: str) -> tuple[int, int, tuple[str, ...], bool]:
    """(cost, nectar, biomes, auto-pollinates) of a hybrid, event or wildlife card."""
    info = R.card_info(card)
    return info.cost, info.nectar, R.card_biomes(card), R.auto_pollinates(card)


# -- determinize --------------------------------------------------------------------------------------
def determinize(view: EverbloomState, seat: int, rng: random.Random) -> EverbloomState:
    players = [_with_own_cards(player) for player in view.players]
    # Nectar.
    seen_nectar = {card for p in view.players for card in (*p.nectar, *p.draft) if card != HIDDEN_CARD}
    nectar_pool = [card for card in _NECTAR_IDS if card not in seen_nectar]
    rng.shuffle(nectar_pool)
    for player in players:
        _fill(player.nectar, nectar_pool)
        _fill(player.draft, nectar_pool)
    nectar_deck = [card if card != HIDDEN_CARD else nectar_pool.pop() for card in view.nectar_deck]
    boxed_nectar = nectar_pool  # what is left: the draft's discards
    # Bloom cards.
    shown = set(view.bloom_shown)
    bloom_pool = [card for card in _BLOOM_IDS if card not in shown]
    rng.shuffle(bloom_pool)
    bloom_deck = [card if card != HIDDEN_CARD else bloom_pool.pop() for card in view.bloom_deck]
    boxed_blooms = bloom_pool
    # Hybrids and events.
    stacks, event_deck, boxed_stack = _deal_stacks(view, rng)
    boxed_hidden = sum(1 for card in view.boxed if card == HIDDEN_CARD)
    boxed_pool = boxed_nectar + boxed_blooms
    boxed_pool.extend(boxed_stack[: max(0, boxed_hidden - len(boxed_pool))])
    boxed = [card if card != HIDDEN_CARD else boxed_pool.pop() for card in view.boxed]
    # Other seats' pollination.
    if view.phase == "pollination":
        for index, player in enumerate(players):
            work = player.pollination
            if index == seat or work is None or work.grove is not None:
                continue
            if work.done:
                player.pollination = _sampled_work(view, index, rng)
            else:
                player.pollination = PollinationWork()
    return shallow_copy(
        view,
        seed=rng.randrange(2**31),
        rng_draws=0,
        log=list(view.log),
        players=players,
        stacks=stacks,
        nectar_deck=nectar_deck,
        bloom_deck=bloom_deck,
        event_deck=event_deck,
        boxed=boxed,
    )


def _with_own_cards(player: PlayerState) -> PlayerState:
    """A copy of a seat's record with lists of its nectar and draft cards of its own,
    for `determinize` to fill in."""
    copied = copy_player(player)
    copied.nectar = list(player.nectar)
    copied.draft = list(player.draft)
    return copied


def _fill(cards: list[str], pool: list[str]) -> None:
    for index, card in enumerate(cards):
        if card == HIDDEN_CARD:
            cards[index] = pool.pop()


def _visible_stack_cards(view: EverbloomState) -> set[str]:
    seen = {card for cards in view.stacks.values() for card in cards if not is_hidden(card)}
    for player in view.players:
        for cards in player.habitat.values():
            seen.update(card.id for card in cards)
    tasks = list(view.tasks)
    if view.choice is not None:
        tasks.append(view.choice.task)
    seen.update(task.card for task in tasks if task.card)
    # A card once face up is known (one boxed unwon stays known: it is not dealt again).
    seen.update(view.face_up)
    return seen & _STACK_CARDS


def _deal_stacks(view: EverbloomState, rng: random.Random) -> tuple[dict[str, list[str]], list[str], list[str]]:
    """(stacks, event deck, what is left for the boxed stack cards), all hidden ids dealt."""
    seen = _visible_stack_cards(view)
    pools = {biome: [card for card in deck if card not in seen] for biome, deck in _HYBRID_DECKS.items()}
    for pool in pools.values():
        rng.shuffle(pool)
    events = [card for card in _EVENT_IDS if card not in seen]
    rng.shuffle(events)
    stacks = {space: list(cards) for space, cards in view.stacks.items()}
    hidden = [space for space, cards in stacks.items() if any(is_hidden(card) for card in cards)]
    # Each space's deck is public (view.space_kinds); older views are inferred from the tops.
    kinds = view.space_kinds or _space_kinds(view, hidden, rng)
    mixed_spaces = []
    for space in hidden:
        cards = stacks[space]
        # A face-down top shows its back: deal it from that deck first.
        back = hidden_back(cards[0])
        if back:
            cards[0] = (events.pop() if events else _any_card(pools, events)) if back == "event" else (
                pools[back].pop() if pools[back] else _any_card(pools, events)
            )
        kind = kinds.get(space, _MIXED)
        if kind == _MIXED:
            mixed_spaces.append(space)
            continue
        pool = pools[kind]
        for index, card in enumerate(cards):
            if is_hidden(card):
                cards[index] = pool.pop() if pool else _any_card(pools, events)
    if mixed_spaces:
        # The mixed spaces hold the top card of every biome deck and the extra events.
        shown = {_HYBRID_DECK.get(stacks[space][0]) for space in mixed_spaces}
        mixed = [pools[biome].pop() for biome in BIOMES if biome not in shown and pools[biome]]
        take = min(len(events), _NUM.four_player_extra_events)
        mixed.extend(events[len(events) - take :])
        del events[len(events) - take :]
        rng.shuffle(mixed)
        for space in mixed_spaces:
            cards = stacks[space]
            for index, card in enumerate(cards):
                if is_hidden(card):
                    cards[index] = mixed.pop() if mixed else _any_card(pools, events)
        for card in mixed:  # not dealt: back with the rest
            (events if card not in _HYBRID_DECK else pools[_HYBRID_DECK[card]]).append(card)
    event_deck = [card if card != HIDDEN_CARD else events.pop() for card in view.event_deck]
    rest = events + [card for pool in pools.values() for card in pool]
    rng.shuffle(rest)
    return stacks, event_deck, rest


def _any_card(pools: dict[str, list[str]], events: list[str]) -> str:
    for pool in pools.values():
        if pool:
            return pool.pop()
    return events.pop()


def _space_kinds(view: EverbloomState, hidden: list[str], rng: random.Random) -> dict[str, str]:
    """A kind (a biome, or 'mixed' with four seats) for every stack with hidden cards."""
    kinds: list[str] = list(BIOMES)
    if len(view.stacks) > len(BIOMES) + 1:
        kinds.extend([_MIXED] * _NUM.four_player_mixed_spaces)
    order = list(hidden)
    rng.shuffle(order)
    result: dict[str, str] = {}
    unknown = []
    for space in order:
        top = view.stacks[space][0]
        biome = _HYBRID_DECK.get(top) if not is_hidden(top) else None
        if biome is None:
            unknown.append(space)
        elif biome in kinds:
            kinds.remove(biome)
            result[space] = biome
        elif _MIXED in kinds:
            kinds.remove(_MIXED)
            result[space] = _MIXED
        else:
            unknown.append(space)
    rng.shuffle(kinds)
    for space in unknown:
        result[space] = kinds.pop() if kinds else BIOMES[rng.randrange(len(BIOMES))]
    return result


def _sampled_work(view: EverbloomState, seat: int, rng: random.Random) -> PollinationWork:
    """A finished, legal pollination for `seat` (its real one is hidden)."""
    groves = view.groves
    if rng.random() < _OTHER_GROVE:
        grove = BIOMES[rng.randrange(len(BIOMES))]
    else:
        grove = max(BIOMES, key=lambda biome: (groves[biome][seat], rng.random()))
    taken = left = groves[grove][seat]
    player = view.players[seat]
    unpollinated = [card.id for cards in player.habitat.values() for card in cards if not card.pollinated]
    chosen = [card for card in unpollinated if _card_info(card)[3]]
    rest = [card for card in unpollinated if not _card_info(card)[3]]
    rng.shuffle(rest)
    for card in rest:
        cost = _card_info(card)[0]
        if cost <= left:
            chosen.append(card)
            left -= cost
    return PollinationWork(
        grove=grove, taken=taken, left=left, cards=chosen, done=True,
        leftover_grove=BIOMES[rng.randrange(len(BIOMES))] if left else None,
    )


# -- estimate ------------------------------------------------------------------------------------------
def pollinations_left(state: EverbloomState) -> int:
    """Pollination reveals still to come (the current round's included)."""
    if state.phase == "over":
        return 0
    return R.ROUNDS - state.round + 1


def migrations_left(state: EverbloomState) -> float:
    """Migrations still to come; the one under way counts as half."""
    if state.phase == "over":
        return 0.0
    later = R.ROUNDS - state.round
    if state.phase in ("migration", "pollination"):
        return later + (0.5 if state.phase == "migration" else 0.0)
    return later + 1.0


def stages_left(state: EverbloomState) -> int:
    """Half-rounds still to play, the current one included: a round's wilderness is one
    half, its migration and pollination the other.  6 in the draft and round 1's
    wilderness, 1 in the last migration and pollination, 0 once the game is over."""
    if state.phase == "over":
        return 0
    left = 2 * (R.ROUNDS - state.round + 1)
    return left - 1 if state.phase in ("migration", "pollination") else left


def majority(values: list[float]) -> list[float]:
    """The nectar majority of `EverbloomRules.majority_points` on real numbers, unrounded."""
    return [value / divisor if divisor else 0.0 for value, divisor in zip(values, R.majority_divisors(values))]


def pollinated_now(state: EverbloomState, seat: int) -> set[str] | tuple[()]:
    """The cards `seat`'s pollination under way pollinates (none outside a pollination):
    those it chose, and those its pollinators left pay for as the playouts pollinate
    (`playout_action`): from its fullest grove, when it has taken none yet, the cards
    that pollinate themselves, then the most nectar first, each it can still pay for."""
    work = state.players[seat].pollination
    if work is None:
        return ()
    chosen = set(work.cards)
    if work.done:
        return chosen
    if work.grove is None:
        groves = state.groves
        left = max(groves[biome][seat] for biome in BIOMES)
    else:
        left = work.left
    waiting = [
        card.id for cards in state.players[seat].habitat.values() for card in cards
        if not card.pollinated and card.id not in chosen
    ]
    if work.grove is None:
        chosen.update(card for card in waiting if _card_info(card)[3])
    for card in sorted(waiting, key=lambda card: -_card_info(card)[1]):
        cost = _card_info(card)[0]
        if card not in chosen and cost <= left:
            chosen.add(card)
            left -= cost
    return chosen


def estimate_scores(state: EverbloomState) -> list[float]:
    """Each seat's expected final score: the real totals once the game is over.

    Mid-game: points so far; nectar majorities as they stand (kept nectar cards plus
    the nectar of pollinated habitat cards, and of those a pollination under way
    pollinates (`pollinated_now`), and half that of cards still unpollinated),
    unrounded; the bloom track's points where the marker stands; one
    point per pollinated card (and half a point per unpollinated one) for every
    pollination still to come; and -5 for every biome still without a habitat tile
    that the migrations left are not expected to cover (`_TILES_PER_MIGRATION` each);
    plus `_LATER`, the measured mean of what the rest of the game adds beyond those.
    With the correction, over games played by `playout_action`, the mean absolute
    error is about 4 points at the last pollination's start, 8-9 at the last
    round's start, 11-12 before that (200 fresh games of each seat count).
    """
    if state.phase == "over":
        if state.final is not None:
            return [float(total) for total in state.final.totals]
        return [float(player.score) for player in state.players]
    count = len(state.players)
    pollinations = pollinations_left(state)
    migrations = migrations_left(state)
    covered = _TILES_PER_MIGRATION * migrations
    later = _LATER[min(max(count, 1), 4)][stages_left(state) - 1]
    nectar = {biome: [0.0] * count for biome in BIOMES}
    estimates = []
    for seat, player in enumerate(state.players):
        for card in player.nectar:
            biome, value = _NECTAR_VALUE[card]
            nectar[biome][seat] += value
        pending = pollinated_now(state, seat)
        pollinated = unpollinated = 0
        for biome, cards in player.habitat.items():
            for card in cards:
                value = _card_info(card.id)[1]
                if card.pollinated or card.id in pending:
                    pollinated += 1
                    nectar[biome][seat] += value
                else:
                    unpollinated += 1
                    nectar[biome][seat] += 0.5 * value
        missing = len(BIOMES) - len(player.tiles)
        penalty = _NUM.missing_tile_penalty * max(0.0, missing - covered)
        points = (
            player.score
            + _TRACK.points_at(player.bloom)
            + pollinations * (pollinated + 0.5 * unpollinated) * _NUM.points_per_pollinated_card
            - penalty
            + later
        )
        estimates.append(float(points))
    for values in nectar.values():
        if any(values):
            for seat, points in enumerate(majority(values)):
                estimates[seat] += points
    return estimates


def round_begins(state: EverbloomState) -> bool:
    """Whether a round's wilderness is about to begin: no chip placed yet, no choice open."""
    return (
        state.phase == "wilderness"
        and state.turn is None
        and state.choice is None
        and all(player.chips_placed == 0 for player in state.players)
    )


def settled_estimate(state: EverbloomState) -> list[float] | None:
    """Where the search may cut a playout: at the start of a round, in a pollination
    (or at the end of the game), `estimate_scores`; elsewhere None, play on to there.

    Chips are placed in turn, and what they bring counts at different times (a
    landmark's bonus at once, the cards only at the migration), so mid-round the
    count favours whichever seats the cut happens to catch ahead: a cut after a fixed
    count of moves can give one seat of a 4-seat middle position all of the wins where
    whole games give it about a fifth.  At a round's start every seat has had the same
    chances; so it has in a pollination, once the migration has given every card its
    winner: the seats pollinate at once and in secret, and the estimate completes each
    pollination as the playouts would (`pollinated_now`), which spares the quick games
    a third of their moves.
    """
    phase = state.phase
    if phase == "over" or phase == "pollination" or round_begins(state):
        return estimate_scores(state)
    return None


def estimate_spread(state: EverbloomState) -> float:
    """How far a seat's final score strays from `estimate_scores` from here (`_SPREAD`;
    0 once the game is over).  The estimate's leader is not a certain winner: taken as
    one, it would give one seat of a 4-seat round-1 position nearly all of the
    playouts' wins where whole games give it about a third; the search counts each
    seat's chance of finishing on top under this spread instead (`mcts.chances_to_win`)."""
    if state.phase == "over" or len(state.players) < 2:
        return 0.0
    return _SPREAD[min(len(state.players), 4)][stages_left(state) - 1]


# -- a hint's quick games: the answer to the move judged ---------------------------------------------
def reply(rules: Any, state: EverbloomState, seat: int, rng: random.Random) -> tuple[Any, ...]:
    """The chip turn `seat` would answer with, at its own chip step: the chip and
    landmark whose best split takes the most (the cards it leads on and the bonuses it
    reaches, then ties on the most; `hints.best_split`, the measure the hint's own words
    use), then its pollinators one
    at a time, each to the first card that the best split of those still to send gives
    any (`_answer_sends`); elsewhere none.

    A hint's quick games let the first other seat to place a chip answer this way
    (`compare_moves`), the rest at random.  With every chip placed at random, the
    quick games never take the card a move leaves open, so such a move is rated as if
    nobody would take it (the hint benchmark's 2-seat late chip).  Every chip of the
    round placed this way judges the moves worse than at random, and the answer's split
    sent whole as `suggest_split` shares it worse than one pollinator at a time
    (docs/decisions.md, "Hints")."""
    if state.phase != "wilderness" or state.turn is not None or state.choice is not None or state.turn_seat != seat:
        return ()
    best: tuple[Any, ...] | None = None
    chosen = None
    # Each card's standing, worked out once for every placement that reaches it.
    standings: dict[str, Any] = {}
    counts = state.pollinators
    for action, plan in rules.placement_plans(state, seat):
        rank = hints.best_split_of(state, seat, plan, plan.count, counts, standings=standings)[0] if plan.targets and plan.count > 0 else (0, 0)
        ranked = (rank[0], rank[1], rng.random())
        if best is None or ranked > best:
            best, chosen = ranked, (action, plan)
    if chosen is None:
        return ()
    place, plan = chosen
    return (place, *hints.split_sends(rules, state, seat, place, _answer_sends(state, seat, plan)))


def _answer_sends(state: EverbloomState, seat: int, plan: R.Plan) -> dict[str, int]:
    """How many of a placement's pollinators (its `plan`) the answer sends to each card:
    one at a time, each to the first card (in the landmark's order) that the best split
    of those still to send (`hints.best_split_of`, on the counts so far) gives any.  One
    at a time rather than the split sent whole: see `reply`."""
    left = plan.count or 0
    if not plan.targets or left <= 0:
        return {}
    counts = {space: list(state.pollinators[space]) for space in plan.targets}
    sent = {space: 0 for space in plan.targets}
    while left > 0:
        _, split = hints.best_split_of(state, seat, plan, left, counts, sent)
        first = next((space for space, count in split.items() if count), None)
        if first is None:
            break
        counts[first][seat] += 1
        sent[first] += 1
        left -= 1
    return sent


def finish_sends(rules: Any, state: EverbloomState, seat: int) -> tuple[Any, ...]:
    """The rest of the pollinators of `seat`'s chip being sent, as its hint would send
    them (`hints.rest_of_split`); none unless the chip is at its sends.

    A hint at a chip's sends weighs its first pollinator; left to the quick game's
    random sends, the rest of the chip would go anywhere, so each first send would be
    judged by the average of the splits it begins, and the first pollinator of the best
    split could rate below another's (in the hint benchmark's 2-seat late split, one to
    each card is the best split, yet with random rest the first card's pollinator
    rates lower)."""
    plan = rules.sending_plan(state, seat)
    if plan is None:
        return ()
    sent = {space: state.turn.sent.get(space, 0) for space in plan.targets}
    return hints.sends_of(state, seat, hints.rest_of_split(state, seat, plan, sent))


# -- playout policy ------------------------------------------------------------------------------------
def playout_action(state: EverbloomState, seat: int, actions: list[Any], rng: random.Random) -> Any:
    """Epsilon-greedy over the pollination; uniform elsewhere.

    With chance `_EPSILON` the pick is uniform.  Otherwise a seat takes its fullest
    grove, pollinates the card with the most nectar it can pay for before finishing,
    and sends leftovers to its fullest grove.  Chip placements and choices stay
    uniform (their worth needs a look ahead the playout cannot afford).
    """
    if len(actions) == 1 or rng.random() < _EPSILON:
        return actions[rng.randrange(len(actions))]
    first = actions[0]
    if isinstance(first, TakeGrove):
        groves = state.groves
        return max(actions, key=lambda action: (groves[action.grove][seat], rng.random()))
    if isinstance(first, Pollinate):
        best = max(
            (action for action in actions if isinstance(action, Pollinate)),
            key=lambda action: (_card_info(action.card)[1], rng.random()),
        )
        return best
    if isinstance(first, FinishPollination) and first.grove is not None:
        groves = state.groves
        return max(actions, key=lambda action: (groves[action.grove][seat], rng.random()))
    if isinstance(first, Choose):
        return actions[rng.randrange(len(actions))]
    return actions[rng.randrange(len(actions))]
