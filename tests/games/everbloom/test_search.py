"""The search bots' hooks for Everbloom: determinize, estimate_scores, playout_action."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom import hints, search
from boardgames_tui.games.everbloom import rules as R
from boardgames_tui.games.everbloom.model import (
    HIDDEN_CARD, EverbloomOptions, EverbloomState, PlaceChip, Pollinate, SendPollinator, hidden_back, is_hidden,
)
from boardgames_tui.engine.registry import get_game

from ..playouts import checked_play_out, checked_step

GAME = get_game("everbloom")
RULES = GAME.rules
THEMES = ["first-blossom", "natural-selection", "duo"]
HYBRID_DECK = {card.id: card.deck for card in C.hybrids()}
EVENTS = {card.id for card in C.events()}
NECTAR = {card.id for card in C.nectar_cards()}
BLOOMS = {card.id for card in C.blooms()}


def new_game(seed: int, players: int | None = None) -> tuple[EverbloomState, random.Random]:
    rng = random.Random(seed)
    count = players or rng.randint(1, 4)
    themes = [theme for theme in THEMES if count in C.landmark_themes()[theme].players]
    options = EverbloomOptions(landmark_theme=rng.choice(themes), habitat_theme=rng.choice(["day", "night"]))
    return RULES.setup(options, [Seat(name=f"P{index + 1}") for index in range(count)], seed), rng


def step(state: EverbloomState, rng: random.Random) -> EverbloomState:
    return checked_step(GAME, state, rng)


def play_out(state: EverbloomState, rng: random.Random) -> EverbloomState:
    return checked_play_out(GAME, state, rng, limit=5000)


def random_point(seed: int, players: int | None = None) -> EverbloomState:
    state, rng = new_game(seed, players)
    for _ in range(rng.randrange(350)):
        if RULES.is_over(state):
            break
        state = step(state, rng)
    return state


def card_multiset(state: EverbloomState) -> Counter[str]:
    cards: Counter[str] = Counter()
    for stack in state.stacks.values():
        cards.update(stack)
    for zone in (state.bloom_deck, state.bloom_shown, state.nectar_deck, state.event_deck, state.boxed, state.wildlife_deck):
        cards.update(zone)
    for player in state.players:
        cards.update(player.nectar)
        cards.update(player.draft)
        for stack in player.habitat.values():
            cards.update(card.id for card in stack)
    return cards


def kinds(cards: Counter[str]) -> Counter[str]:
    def kind(card: str) -> str:
        if card in NECTAR:
            return "nectar"
        if card in BLOOMS:
            return "bloom"
        if card in EVENTS or card in HYBRID_DECK:
            return "stack card"
        return "wildlife"

    return Counter(kind(card) for card in cards.elements())


@pytest.mark.parametrize("seed", range(24))
def test_determinize_is_consistent_with_the_view(seed: int) -> None:
    state = random_point(seed, players=seed % 4 + 1)
    true_cards = card_multiset(state)
    assert max(true_cards.values()) == 1
    for seat in range(len(state.players)):
        view = RULES.view(state, seat)
        sample = GAME.advisor.determinize(view, seat, random.Random(seed * 10 + seat))
        assert sample.rng_draws == 0
        cards = card_multiset(sample)
        assert HIDDEN_CARD not in cards
        assert max(cards.values()) == 1, "a card dealt twice"
        assert kinds(cards) == kinds(true_cards)
        assert all(card in EVENTS for card in sample.event_deck)
        assert all(card in NECTAR for card in sample.nectar_deck)
        assert all(card in BLOOMS for card in sample.bloom_deck)
        for player in sample.players:
            assert all(card in NECTAR for card in (*player.nectar, *player.draft))
        # The seat's own secrets are its own.
        own, true = sample.players[seat], state.players[seat]
        assert (own.nectar, own.draft, own.pollination) == (true.nectar, true.draft, true.pollination)
        assert RULES.to_act(sample) == RULES.to_act(state)
        if seat == seed % len(state.players):
            play_out(sample, random.Random(seed))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_stacks_keep_their_biome(players: int) -> None:
    """Before the tops are revealed, every biome's hybrids stay together on one space."""
    state, _ = new_game(7, players)
    view = RULES.view(state, 0)
    # Every card is face down; only the top's back shows (its deck).
    for stack in view.stacks.values():
        assert all(is_hidden(card) for card in stack) and all(hidden_back(card) == "" for card in stack[1:])
    for sample_seed in range(10):
        sample = GAME.advisor.determinize(view, 0, random.Random(sample_seed))
        biome_stacks = 0
        for stack in sample.stacks.values():
            decks = {HYBRID_DECK.get(card) for card in stack}
            if len(decks) == 1 and None not in decks:
                biome_stacks += 1
        assert biome_stacks == len(C.BIOMES)


def test_different_rngs_sample_different_hidden_cards() -> None:
    state = random_point(3, players=4)
    view = RULES.view(state, 0)
    samples = [GAME.advisor.determinize(view, 0, random.Random(seed)) for seed in range(20)]
    hidden = {
        (tuple(sample.nectar_deck), tuple(sample.players[1].nectar), tuple(sample.bloom_deck))
        for sample in samples
    }
    assert len(hidden) > 15
    assert len({sample.seed for sample in samples}) > 15


def test_done_pollination_of_others_is_replaced_by_a_finished_legal_one() -> None:
    for seed in range(30):
        state, rng = new_game(seed, players=3)
        while state.phase != "pollination" and not RULES.is_over(state):
            state = step(state, rng)
        if 1 not in RULES.to_act(state) or RULES.is_over(state):
            continue
        while 1 in RULES.to_act(state):
            state = RULES.apply(state, 1, GAME.advisor.playout_action(state, 1, RULES.legal_actions(state, 1), rng))
        view = RULES.view(state, 0)
        sample = GAME.advisor.determinize(view, 0, random.Random(seed))
        work = sample.players[1].pollination
        assert work is not None and work.done and work.grove is not None
        assert work.taken == sample.groves[work.grove][1]
        play_out(sample, random.Random(seed))
        return
    raise AssertionError("no game reached a pollination with seat 1 to act")


@pytest.mark.parametrize("seed", range(8))
def test_estimate_scores_is_one_float_per_seat_and_exact_at_the_end(seed: int) -> None:
    state, rng = new_game(seed, players=seed % 4 + 1)
    while not RULES.is_over(state):
        estimate = search.estimate_scores(state)
        assert len(estimate) == len(state.players)
        assert all(isinstance(value, float) for value in estimate)
        state = step(state, rng)
    assert GAME.advisor.estimate_scores(state) == [float(total) for total in state.final.totals]
    assert GAME.advisor.estimate_scores(state) == [float(total) for total in RULES.score_sheet(state).totals]


def test_estimate_is_close_in_the_last_pollination() -> None:
    """Fresh games (not those the correction was measured on): mean error within 3 points."""
    errors = []
    for seed in range(500, 520):
        state, rng = new_game(seed)
        snapshot = None
        while not RULES.is_over(state):
            if state.phase == "pollination" and state.round == 3 and snapshot is None:
                snapshot = search.estimate_scores(state)
            state = step(state, rng)
        if snapshot is not None:
            errors.extend(total - guess for total, guess in zip(state.final.totals, snapshot))
    assert errors and abs(sum(errors) / len(errors)) < 3


@pytest.mark.parametrize("seed", range(4))
def test_a_playout_is_cut_only_where_a_round_begins_or_in_a_pollination(seed: int) -> None:
    """Mid-round the chips placed so far count for some seats and not yet for others:
    the search's estimate is given only at a round's start, in a pollination (every
    card won, the seats pollinating at once) or at the end, and the same state always
    gets the same one."""
    state, rng = new_game(seed, players=seed % 3 + 2)
    starts = pollinating = unsettled = 0
    while not RULES.is_over(state):
        estimate = GAME.advisor.estimate_scores(state)
        round_start = state.phase == "wilderness" and state.turn is None and not any(p.chips_placed for p in state.players)
        if round_start or state.phase == "pollination":
            assert estimate is not None and len(estimate) == len(state.players)
            assert estimate == GAME.advisor.estimate_scores(state)
            starts += round_start
            pollinating += not round_start
        else:
            assert estimate is None, (state.phase, state.round)
            unsettled += 1
        state = step(state, rng)
    assert starts == 3 and pollinating and unsettled


def test_a_pollination_under_way_is_estimated_as_the_playouts_would_finish_it() -> None:
    """In a pollination the estimate counts the cards each seat's pollination will
    pollinate as the playouts pollinate (`search.pollinated_now`): its fullest grove,
    the cards that pollinate themselves, then the most nectar it can pay for; and the
    cards it chose, once it has taken a grove."""
    for seed in range(30):
        state, rng = new_game(seed, players=2)
        while state.phase != "pollination" and not RULES.is_over(state):
            state = step(state, rng)
        player = state.players[0]
        waiting = [card.id for cards in player.habitat.values() for card in cards if not card.pollinated]
        if RULES.is_over(state) or len(waiting) < 2:
            continue
        expected = set(search.pollinated_now(state, 0))
        greedy = RULES.apply(state, 0, max(RULES.legal_actions(state, 0), key=lambda take: (state.groves[take.grove][0], -C.BIOMES.index(take.grove))))
        while 0 in RULES.to_act(greedy):
            paid = [a for a in RULES.legal_actions(greedy, 0) if isinstance(a, Pollinate)]
            if not paid:
                break
            best = max(paid, key=lambda a: R.card_info(a.card).nectar)
            assert best.card in expected
            greedy = RULES.apply(greedy, 0, best)
        assert set(greedy.players[0].pollination.cards) == expected
        assert search.pollinated_now(greedy, 0) == expected
        return
    raise AssertionError("no pollination with two cards waiting")


def test_cut_playouts_are_won_about_as_often_as_whole_games() -> None:
    """From a 4-seat middle position (seeded random play, as the hint benchmark's), the
    search's playouts, cut where its estimate says, give each seat a share of the wins
    within 20 points of what whole games give it.  Cut after 16 moves, mid-round, one
    seat won every cut playout and under a third of whole games."""
    from boardgames_tui.engine.mcts import playout

    state = RULES.setup(RULES.parse_options({}), [Seat(name=f"S{n}", kind="bot") for n in range(4)], 104)
    mover = random.Random(4)
    for _ in range(120):
        acting = RULES.to_act(state)[0]
        state = RULES.apply(state, acting, mover.choice(RULES.legal_actions(state, acting)))
    assert state.phase == "wilderness" and state.round == 2 and any(p.chips_placed for p in state.players)
    seat = RULES.to_act(state)[0]
    view = RULES.view(state, seat)
    playouts = 60
    cut, whole = [0.0] * 4, [0.0] * 4
    for index in range(playouts):
        sample = GAME.advisor.determinize(view, seat, random.Random(index))
        for shares, horizon in ((cut, GAME.advisor.playout_horizon), (whole, None)):
            _, won, _ = playout(RULES, GAME.advisor, sample.model_copy(deep=True), random.Random(index), horizon)
            for winner, share in enumerate(won):
                shares[winner] += share / playouts
    assert max(abs(a - b) for a, b in zip(cut, whole)) < 0.2, (cut, whole)


def test_playout_action_picks_a_legal_action() -> None:
    state, rng = new_game(5, players=2)
    for _ in range(300):
        if RULES.is_over(state):
            break
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        assert GAME.advisor.playout_action(state, seat, actions, rng) in actions
        state = step(state, rng)
    assert search.pollinations_left(state) >= 0


@pytest.mark.parametrize("seed", range(6))
def test_apply_in_place_gives_what_apply_gives(seed: int) -> None:
    """A search's quick games change their own copy in place: every step of a game
    ends where `apply` would have, but for the log, which a quick game does not keep
    (nor build the words of); the state before a copying `apply` is untouched."""
    state, rng = new_game(seed)
    owned = RULES.apply(state, *_first_move(state, rng))
    while not RULES.is_over(owned):
        seat = RULES.to_act(owned)[0]
        action = GAME.advisor.playout_action(owned, seat, RULES.legal_actions(owned, seat), rng)
        before = owned.model_dump()
        copied = RULES.apply(owned, seat, action)
        assert owned.model_dump() == before
        owned = RULES.apply_in_place(owned, seat, action)
        assert owned.model_dump(exclude={"log"}) == copied.model_dump(exclude={"log"})
        assert owned.log == []


def _first_move(state: EverbloomState, rng: random.Random) -> tuple[int, object]:
    seat = RULES.to_act(state)[0]
    return seat, rng.choice(RULES.legal_actions(state, seat))


@pytest.mark.parametrize("seed", range(4))
def test_a_search_leaves_the_view_as_it_was(seed: int) -> None:
    """The search changes its samples in place, never the view it was handed."""
    from boardgames_tui.engine.mcts import SearchBudget, search as run_search

    state = random_point(seed)
    if RULES.is_over(state):
        state, _ = new_game(seed)
    seat = RULES.to_act(state)[0]
    view = RULES.view(state, seat)
    before, true_before = view.model_dump(), state.model_dump()
    run_search(GAME, view, seat, SearchBudget(iterations=40, seconds=math.inf), random.Random(seed))
    assert view.model_dump() == before
    assert state.model_dump() == true_before


@pytest.mark.parametrize("seed", range(40))
def test_can_send_says_whether_the_sends_offer_anything(seed: int) -> None:
    """The quick check every step of a turn makes agrees with the full list."""
    state, rng = new_game(seed)
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        if state.turn is not None and not state.turn.steps:
            assert RULES._can_send(state, seat) == bool(RULES._sends(state, seat))
        state = RULES.apply(state, seat, GAME.advisor.playout_action(state, seat, RULES.legal_actions(state, seat), rng))


@pytest.mark.parametrize("seed", range(4))
def test_a_reply_is_a_whole_chip_turn_leading_on_the_most_it_can(seed: int) -> None:
    """`search.reply` at a seat's chip step: the placement whose best split leads on the
    most valuable cards, then its pollinators, all taken by the rules, ending the seat's
    chip turn (or leaving only a question its landmark asks); elsewhere nothing."""
    state, rng = new_game(seed, 2 + seed % 3)
    answered = 0
    while not RULES.is_over(state) and answered < 6:
        seat = RULES.to_act(state)[0]
        answer = search.reply(RULES, state, seat, random.Random(seed))
        chip_step = state.phase == "wilderness" and state.turn is None and state.choice is None
        placements = [a for a in RULES.legal_actions(state, seat) if isinstance(a, PlaceChip)]
        if not chip_step or not placements:
            assert answer == ()
        else:
            answered += 1
            place, *sends = answer
            best = max(hints.best_split(RULES, state, seat, other)[0][:2] for other in placements)
            assert hints.best_split(RULES, state, seat, place)[0][:2] == best
            RULES.validate(state, seat, place)
            after = RULES.apply(state, seat, place)
            if after.turn is not None and after.turn.steps:
                continue_with = []  # its landmark asks a question first: the quick game answers it
            else:
                continue_with = sends
            for move in continue_with:
                RULES.validate(after, seat, move)
                after = RULES.apply(after, seat, move)
            turn = after.turn
            assert turn is None or turn.seat != seat or turn.steps, "the answer sends all it can"
        state = step(state, rng)
    assert answered


@pytest.mark.parametrize("seed", range(3))
def test_a_chip_at_its_sends_is_finished_as_the_send_hint_says(seed: int) -> None:
    """`search.finish_sends` (what a hint's quick games play after a send it judges):
    the rest of the chip's pollinators, each taken by the rules, ending the sends; and
    a send's hint words name the split they make ("Send 3 pollinators: 2 to Sage
    Tortoise and 1 to Snowbell Seal")."""
    state, rng = new_game(seed, 2 + seed % 3)
    finished = 0
    while not RULES.is_over(state) and finished < 8:
        seat = RULES.to_act(state)[0]
        turn = state.turn
        if turn is not None and turn.seat == seat and not turn.steps and turn.to_send > 1:
            send = next((a for a in RULES.legal_actions(state, seat) if isinstance(a, SendPollinator)), None)
            if send is not None:
                finished += 1
                after = RULES.apply(state, seat, send)
                rest = search.finish_sends(RULES, after, seat)
                view = RULES.view(state, seat)
                words = hints.explain_move(RULES, view, seat, send).move
                named = Counter(move.space for move in rest)
                named[send.space] += 1
                for space, count in named.items():
                    assert f"{count} to {hints._top(view, space)}" in words, (words, rest)
                assert words.startswith(f"Send {sum(named.values())} pollinators") == bool(rest)
                for move in rest:
                    RULES.validate(after, seat, move)
                    after = RULES.apply(after, seat, move)
                assert after.turn is None or after.turn.seat != seat or after.turn.steps or after.turn.to_send == 0 or (
                    not search.finish_sends(RULES, after, seat)
                )
        assert search.finish_sends(RULES, state, seat) == () or (turn is not None and turn.seat == seat)
        state = step(state, rng)
    assert finished


@pytest.mark.parametrize("seed", range(3))
def test_a_send_hint_keeps_to_the_split_the_chip_hint_named(seed: int) -> None:
    """Sending a pollinator where the chip's hint put one (`suggest_split`), the send's
    hint names the rest of that same split (`split_of_send`): the two hints never
    contradict each other (found playing: the chip's hint said 2 and 2, the send's
    then 3 and 1)."""
    state, rng = new_game(seed, 2 + seed % 3)
    checked = 0
    while not RULES.is_over(state) and checked < 12:
        seat = RULES.to_act(state)[0]
        if state.phase == "wilderness" and state.turn is None and state.choice is None:
            for place in RULES.legal_actions(state, seat):
                if not isinstance(place, PlaceChip):
                    continue
                named = hints.suggest_split(RULES, state, seat, place)
                after = RULES.apply(state, seat, place)
                if sum(named.values()) < 2 or after.turn is None or after.turn.steps or after.turn.seat != seat:
                    continue
                for space in [space for space, count in named.items() if count]:
                    send = SendPollinator(space=space)
                    assert hints.split_of_send(RULES, after, seat, send) == named, (place, space)
                checked += 1
        state = step(state, rng)
    assert checked


def test_a_split_is_ranked_by_what_its_pollinators_take_bonuses_included() -> None:
    """`hints.best_split` (the hint's split, the quick games' answer) weighs what a card
    gives, not only its nectar: where no split can lead, three pollinators reaching Mangrove
    Ray's "3+ pollinators here gain 2 points" beat the most even split; and one pollinator
    on Fresh Waters (1 nectar, 5 points to its winner) beats one on Seagrass Whale (4
    nectar).  Ranked by nectar alone, the splits were the even one and Seagrass Whale."""
    from .test_everbloom_rules import blank

    state = blank(["bats", "butterflies"], {"n1": (15, 0)})
    state.stacks["t1"], state.stacks["t2"] = ["H09"], ["H10"]  # Mangrove Ray, Seagrass Whale
    state.face_up = ["H09", "H10"]
    state.pollinators["t1"] = [0, 4]
    state.pollinators["t2"] = [0, 5]
    assert hints.suggest_split(RULES, state, 0, PlaceChip(chip=3, landmark="n1")) == {"t1": 3, "t2": 0}

    state.stacks["t1"] = ["E12"]  # Fresh Waters
    state.face_up = ["E12", "H10"]
    state.pollinators["t1"] = state.pollinators["t2"] = [0, 0]
    assert hints.suggest_split(RULES, state, 0, PlaceChip(chip=1, landmark="n1")) == {"t1": 1, "t2": 0}
