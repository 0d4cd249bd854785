"""What a reveal sets going in Bloom Kingdom, on a state the rules own (a fresh copy
inside `apply`): the cards joining the display and their effects in initiative order, the
end of a turn, a round's scoring and the next deal."""

from __future__ import annotations

import random

from boardgames_tui.engine.contract import set_fields
from boardgames_tui.engine.text import plural, possessive
from boardgames_tui.games.bloom_kingdom import log_words
from boardgames_tui.games.bloom_kingdom.content import cards, characters, column_order
from boardgames_tui.games.bloom_kingdom.model import (
    ROUNDS,
    BloomKingdomState,
    KeptCards,
    Peek,
    PlayerState,
)
from boardgames_tui.games.bloom_kingdom.scoring import (
    KEPT_CARDS,
    card_points,
    column_counts,
)

# A round needs at least one turn before the two kept cards are left.
SMALLEST_HAND = KEPT_CARDS + 1

# By card id (and the columns in order), worked out once: the rules read them every move.
CARDS = cards()
CHARACTER = tuple(card.character for card in CARDS)
INITIATIVE = tuple(card.initiative for card in CARDS)
COLUMNS = column_order()
CHARACTER_NAMES = {key: info.name for key, info in characters().items()}
LABELS = tuple(card.label for card in CARDS)


def shuffle(rng: random.Random, cards_: list[int]) -> None:
    """`rng.shuffle(cards_)`: the same order from the same generator (CPython's algorithm,
    each place from the last swapped with one drawn below it), written out with its draws
    inlined, as the shuffle's calls per card were a third of a setup's cost.  A test holds
    it to `random.Random.shuffle`."""
    getrandbits = rng.getrandbits
    for place in range(len(cards_) - 1, 0, -1):
        size = place + 1
        bits = size.bit_length()
        drawn = getrandbits(bits)
        while drawn >= size:
            drawn = getrandbits(bits)
        cards_[place], cards_[drawn] = cards_[drawn], cards_[place]


def cards_without(cards_: list[int], card: int) -> list[int]:
    """A new list of `cards_` with one `card` taken out (the old one may be shared)."""
    remaining = list(cards_)
    remaining.remove(card)
    return remaining


def deal(state: BloomKingdomState) -> None:
    """Deals the next round's hands, or ends the game when the deck is too short
    (every hand is empty then)."""
    players = len(state.players)
    deck = state.deck
    per_player = min(state.hand_size, len(deck) // players)
    if per_player < SMALLEST_HAND:
        set_fields(state, phase="over", ended_early=True, players=[PlayerState([]) for _ in range(players)])
        state.say(f"The deck holds only {plural(len(deck), 'card')}, too few for another round: the game ends.")
        return
    set_fields(
        state,
        players=[PlayerState(deck[seat * per_player : (seat + 1) * per_player]) for seat in range(players)],
        played=[[] for _ in range(players)],
        deck=deck[players * per_player :],
        info_epoch=state.info_epoch + 1,
        phase="play",
        turn=1,
    )
    if per_player < state.hand_size:
        state.say(f"The deck is running short: round {state.round} is dealt {per_player} cards each.")
    else:
        state.say(f"Round {state.round} of {ROUNDS}: {per_player} cards dealt to each player.")


def reveal(state: BloomKingdomState, last_seat: int, last_card: int) -> None:
    """Turns every chosen card face up, `last_card` of `last_seat` (still in its
    hand) completing the turn."""
    # Fields are read from the model's dictionary (set_fields writes to it too): a
    # reveal reads many of them, and a pydantic attribute costs several times more.
    fields = state.__dict__
    seats = fields["seats"]
    turn = fields["turn"]
    revealed = []
    records = []
    shown = []
    for seat, player in enumerate(fields["players"]):
        if seat == last_seat:
            card = last_card
            records.append(PlayerState(cards_without(player.hand, last_card)))
        else:
            card = player.chosen
            records.append(PlayerState(player.hand))
        revealed.append(card)
        shown.append(f"{seats[seat].name} {LABELS[card]}")
    # New lists: the old ones are shared with the states this one was made from.
    played = fields["played"]
    if len(played) != len(records):
        played = [[] for _ in records]
    set_fields(
        state,
        revealed=revealed,
        revealed_at=(fields["round"], turn),
        played=[[*cards_, card] for cards_, card in zip(played, revealed)],
        players=records,
        info_epoch=fields["info_epoch"] + 1,
    )
    state.say(f"{log_words.reveal_prefix(turn)} {', '.join(shown)}.")
    # Cards without initiative join the display first, in no particular order.
    display = fields["display"]
    queue = []
    for seat, card in enumerate(revealed):
        if INITIATIVE[card] is None:
            character = CHARACTER[card]
            display[character] = [*display[character], card]
            if character == "unicorn":
                _unicorn_draw(state, seat)
        else:
            queue.append(card)
    queue.sort(key=INITIATIVE.__getitem__)
    set_fields(state, queue=queue)
    if fields["unicorn_pending"]:
        set_fields(state, phase="unicorn")
    else:
        resolve_queue(state)


def _unicorn_draw(state: BloomKingdomState, seat: int) -> None:
    name = state.seats[seat].name
    if not state.deck:
        state.say(f"{log_words.owners(name)} Unicorn finds the deck empty: nothing to draw or return.")
        return
    deck = state.deck
    drawn = deck[0]
    set_fields(state, deck=deck[1:])
    state.players[seat] = PlayerState([*state.players[seat].hand, drawn])
    state.unicorn_pending.append(seat)
    state.say(f"{log_words.owners(name)} Unicorn draws a card.")
    state.say(f"{name} drew {LABELS[drawn]}.", visible_to=(seat,))


def resolve_queue(state: BloomKingdomState) -> None:
    """Adds queued initiative cards in order until one needs its player's choice."""
    fields = state.__dict__
    queue = fields["queue"]
    display = fields["display"]
    revealed = fields["revealed"]
    seats = fields["seats"]
    while queue:
        card = queue[0]
        seat = revealed.index(card)
        character = CHARACTER[card]
        if character == "jester":
            open_columns = [column for column in COLUMNS if display[column]]
            if not open_columns:
                queue.pop(0)
                fields["box"].append(card)
                state.say(
                    f"{log_words.owners(seats[seat].name)} {LABELS[card]} finds an empty display "
                    "and goes back to the box."
                )
                continue
            if len(open_columns) == 1:
                only_column = open_columns[0]
                display[only_column] = [queue.pop(0), *display[only_column]]
                state.say(
                    f"{log_words.owners(seats[seat].name)} {LABELS[card]} joins the only column "
                    f"with cards: {CHARACTER_NAMES[open_columns[0]]}."
                )
                continue
            set_fields(state, phase="jester")
            return
        display[character] = [*display[character], card]
        if character == "knight":
            if not display["dragon"]:
                queue.pop(0)
                state.say(f"{log_words.owners(seats[seat].name)} {LABELS[card]} finds no Dragon to remove.")
                continue
            set_fields(state, phase="knight")
            return
        if character == "wizard":
            set_fields(state, phase="wizard")
            return
        if character == "fortune_teller":
            targets = fortune_targets(state, seat)
            if len(targets) == 1:
                state.say(
                    f"{log_words.owners(seats[seat].name)} {LABELS[card]} looks into "
                    f"{possessive(seats[targets[0]].name)} hand."
                )
                peek(state, seat, targets[0])
                queue.pop(0)
                continue
            if not targets:
                queue.pop(0)
                continue
            set_fields(state, phase="fortune")
            return
        raise ValueError(f"{character} has no instant effect")
    _end_turn(state)


def remove_from_column(state: BloomKingdomState, column: str) -> None:
    fields = state.__dict__
    display = fields["display"]
    cards_in_column = display[column]
    jesters = [card for card in cards_in_column if CHARACTER[card] == "jester"]
    victim = jesters[0] if jesters else cards_in_column[-1]
    display[column] = cards_without(cards_in_column, victim)
    fields["box"].append(victim)
    state.say(f"{LABELS[victim]} leaves the {CHARACTER_NAMES[column]} column for the box.")


def peek(state: BloomKingdomState, seat: int, target: int) -> None:
    fields = state.__dict__
    hand = fields["players"][target].hand
    seen = hand[state.rng().randrange(len(hand))]
    peeks = [*fields["peeks"], Peek(seat, target, seen, fields["round"], fields["turn"])]
    set_fields(state, info_epoch=fields["info_epoch"] + 1, peeks=peeks)
    seats = fields["seats"]
    state.say(f"{seats[seat].name} saw {LABELS[seen]} in {possessive(seats[target].name)} hand.", visible_to=(seat,))


def _end_turn(state: BloomKingdomState) -> None:
    fields = state.__dict__
    for player in fields["players"]:
        if len(player.hand) > KEPT_CARDS:
            set_fields(state, turn=fields["turn"] + 1, phase="play")
            return
    _score_round(state)


def _score_round(state: BloomKingdomState) -> None:
    counts = column_counts(state.display)
    hands = [player.hand for player in state.players]
    kept_characters = [{CHARACTER[card] for card in hand} for hand in hands]
    results: list[KeptCards] = []
    for seat, hand in enumerate(hands):
        others: set[str] = set()
        for other, characters_kept in enumerate(kept_characters):
            if other != seat:
                others |= characters_kept
        points = [card_points(CHARACTER[card], counts, others) for card in hand]
        # Each record its own copies, as validation would make them.
        results.append(KeptCards(list(hand), points, dict(counts)))
    set_fields(state, rounds=[*state.rounds, results], info_epoch=state.info_epoch + 1)
    prefix = log_words.scoring_prefix(state.round)
    seats = state.seats
    for seat, result in enumerate(results):
        state.say(f"{prefix} {seats[seat].name}: {log_words.kept_summary(result)} = {result.total} VP.")
    box = state.box
    for hand in hands:
        box.extend(hand)
    if state.round >= ROUNDS:
        set_fields(state, phase="over", players=[PlayerState([]) for _ in hands])
        state.say("The third round is scored: the game is over.")
        return
    # The next deal replaces every record (with empty hands when the deck runs short).
    set_fields(state, round=state.round + 1)
    deal(state)


def fortune_targets(state: BloomKingdomState, seat: int) -> list[int]:
    return [other for other, player in enumerate(state.__dict__["players"]) if other != seat and player.hand]
