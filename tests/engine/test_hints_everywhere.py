"""A hint at every step of every turn builder, in seeded games of every game and seat
count, headless: no hint ever crashes, and none plays a move on a seat's view.

Found playing Everbloom (issue 26, item 12): a hint asked while the seat shared out a
chip whose landmark earns a bloom advance played the chip on the seat's view, where
the nectar deck is hidden, and the advance drew from it (`KeyError: '?'`).  A hint on
a half-built turn now plays the chosen moves on samples of the hidden state.

Each hint searches a handful of simulated games only, each cut after a few moves: what
is checked is that every question can be asked and answered in words, not how good the
answer is (a sample played on to the game's end is each game's search tests' part).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from boardgames_tui.engine import bots, mcts
from boardgames_tui.engine.bots import find_hint, view_after
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom.chip_turn import ChipTurn, Seen
from boardgames_tui.games.everbloom.model import PlaceChip
from boardgames_tui.engine.hint_words import hint_words

# Turns of a seeded random game that get hints, per game: enough to reach every step
# of its turn builders (Everbloom's wilderness and pollination, Evergreen's draft and
# plan) in every seat count, few enough to stay cheap.
MOVES = {"bloom-kingdom": 60, "pollen": 40, "evergreen": 120, "everbloom": 400}


@pytest.fixture(autouse=True)
def tiny_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    # No floor per move either: it would play 30 games for each of Pollen's 80 moves.
    monkeypatch.setattr(bots, "HINT_BUDGET", replace(bots.HINT_BUDGET, iterations=3, until_clear=False, least_per_move=0))
    monkeypatch.setattr(mcts, "playout", few_moves_then_a_draw)


# Moves of each quick game: enough to play on from every sample and every candidate
# (where a badly sampled state fails first), without the cost of whole playouts (three
# quarters of this file's 2.5 CPU minutes when they ran to a round's end).
QUICK_MOVES = 4
WHOLE_PLAYOUT = mcts.playout


def few_moves_then_a_draw(rules, advisor, state, rng, horizon, answering=None):
    """The real quick game (the other seats' answer included), cut after QUICK_MOVES."""
    return WHOLE_PLAYOUT(rules, DrawWhereCut(advisor), state, rng, QUICK_MOVES, answering=answering)


class DrawWhereCut:
    """A game's advisor whose estimate, wherever a quick game is cut, is a draw."""

    def __init__(self, advisor) -> None:
        self._advisor = advisor

    def __getattr__(self, name):
        return getattr(self._advisor, name)

    def estimate_scores(self, state):
        return [0.0] * len(state.seats)

    def estimate_spread(self, state):
        return 0.0


def ask(game, view, seat: int, decided=()) -> None:
    verdict = find_hint(game, view, seat, decided=decided)
    move, why = hint_words(game.narrator, view_after(game, view, seat, decided), seat, verdict)
    assert move and why


def games(slug: str):
    game = get_game(slug)
    rules = game.rules
    for seats in range(rules.min_players, rules.max_players + 1):
        state = rules.setup(rules.parse_options({}), [Seat(name=f"S{n}", kind="bot") for n in range(seats)], seats)
        yield game, seats, state


@pytest.mark.parametrize("slug", ["bloom-kingdom", "pollen", "evergreen"])
def test_a_hint_at_every_decision(slug):
    for game, seats, state in games(slug):
        rules = game.rules
        mover = random.Random(seats)
        for _ in range(MOVES[slug]):
            if rules.is_over(state):
                break
            seat = rules.to_act(state)[0]
            ask(game, rules.view(state, seat), seat)
            state = rules.apply(state, seat, mover.choice(rules.legal_actions(state, seat)))


def test_a_hint_at_every_step_of_everbloom_turns():
    """Every chip of every wilderness turn, on a landmark that earns a bloom advance when
    one is open to it and on another, with its split open: the hint for the split, as
    the screen asks it; and every other decision (the Butterflies' move, the choices a
    bloom advance brings, the draft, pollination) as it comes."""
    asked = {"split": 0, "bloom advance": 0, "move first": 0}
    for game, seats, state in games("everbloom"):
        rules = game.rules
        mover = random.Random(seats)
        for _ in range(MOVES["everbloom"]):
            if rules.is_over(state):
                break
            seat = rules.to_act(state)[0]
            view = rules.view(state, seat)
            ask(game, view, seat)
            seen = Seen(view, seat, rules.legal_actions(view, seat))
            turn = ChipTurn(game)
            if turn.step(seen, moves=0) == "place":
                for chip in turn.chip_options(seen):
                    turn.select_chip(chip)
                    rows = [row for row in turn.place_rows(seen) if isinstance(row.action, PlaceChip)]
                    blooming = [row for row in rows if row.plan is not None and row.plan.bloom]
                    for row in blooming[:1] + mover.sample(rows, min(1, len(rows))):
                        turn.start_sending(seen, row.action)
                        decided = turn.decided(seen)
                        if decided:
                            asked["split"] += 1
                            asked["bloom advance"] += bool(row.plan.bloom)
                        else:
                            asked["move first"] += 1
                        ask(game, view, seat, decided)
                        turn.back()
            state = rules.apply(state, seat, mover.choice(rules.legal_actions(state, seat)))
    assert all(asked.values()), asked


@pytest.mark.parametrize("slug", ["pollen", "evergreen"])
def test_the_words_of_a_hint_never_play_a_move_on_a_view(slug, monkeypatch):
    """Pollen's and Evergreen's words for a move came from playing it on the seat's view
    (Pollen drew from the view's sorted bag): the house rule is that rules run on states,
    and a view is not one.  Every move of the first decisions of a seeded game is
    explained here (Evergreen's draft and planting) with the rules' `apply` and
    `validate` noting any call on the view."""
    on_a_view = []  # noted, not raised: a caller's `except Exception` would hide it
    for game, seats, state in games(slug):
        rules = game.rules
        view = None
        for method in ("apply", "validate"):
            real = getattr(rules, method)

            def note_views(state, seat, action, real=real, method=method):
                if state == view:
                    on_a_view.append((method, action))
                return real(state, seat, action)

            monkeypatch.setattr(rules, method, note_views)
        mover = random.Random(seats)
        for _ in range({"pollen": 12, "evergreen": 30}[slug]):
            seat = rules.to_act(state)[0]
            view = rules.view(state, seat)
            for action in rules.legal_actions(state, seat):
                assert game.narrator.explain_move(view, seat, action).move
            view = None
            state = rules.apply(state, seat, mover.choice(rules.legal_actions(state, seat)))
    assert not on_a_view, on_a_view[:3]
