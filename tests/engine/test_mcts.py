"""The search bot on a game small enough to know the right answer."""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter

from boardgames_tui.engine.bots import BOT_LEVELS, SEARCH_LEVELS, SearchBot, make_bot
from boardgames_tui.engine.contract import GameRules, GameState, IllegalMove, ScoreSheet, Seat, shallow_copy
from boardgames_tui.engine.mcts import SearchBudget, rewards_from_scores, search
from boardgames_tui.engine.simulate import wilson_interval


class Take(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["take"] = "take"
    stones: int


class NimState(GameState):
    pile: int
    turn: int = 0
    winner: int | None = None
    # A secret number for seat 0 only, to check the bot samples what it cannot see.
    secret: int = 0


class Nim(GameRules[NimState]):
    """Take 1–3 stones; whoever takes the last stone wins.  Leave a multiple of 4."""

    slug = "nim"
    title = "Nim"
    min_players = 2
    max_players = 2
    state_model = NimState
    action_adapter = TypeAdapter(Take)

    def __init__(self) -> None:
        self.determinized: list[Any] = []

    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> NimState:
        return NimState(game=self.slug, seats=seats, seed=seed, pile=10, secret=seed % 7)

    def to_act(self, state: NimState) -> list[int]:
        return [] if state.winner is not None else [state.turn]

    def is_over(self, state: NimState) -> bool:
        return state.winner is not None

    def legal_actions(self, state: NimState, seat: int) -> list[Take]:
        return [Take(stones=count) for count in (1, 2, 3) if count <= state.pile]

    def validate(self, state: NimState, seat: int, action: Take) -> None:
        if action not in self.legal_actions(state, seat):
            raise IllegalMove("take 1–3 stones, no more than are left")

    def apply(self, state: NimState, seat: int, action: Take) -> NimState:
        pile = state.pile - action.stones
        return shallow_copy(state, pile=pile, turn=1 - seat, winner=seat if pile == 0 else None)

    def view(self, state: NimState, seat: int) -> NimState:
        return shallow_copy(state, seed=0, secret=state.secret if seat == 0 else -1)

    def determinize(self, view: NimState, seat: int, rng: random.Random) -> NimState:
        self.determinized.append(view)
        secret = view.secret if view.secret >= 0 else rng.randrange(7)
        return shallow_copy(view, seed=rng.randrange(2**31), secret=secret)

    def score_sheet(self, state: NimState) -> ScoreSheet:
        totals = [int(state.winner == seat) for seat in (0, 1)]
        return ScoreSheet(players=["A", "B"], rows=[], totals=totals, winners=[state.winner], decided_by="last stone")

    def describe(self, state: NimState, seat: int, action: Take) -> str:
        return f"takes {action.stones}"

    def progress(self, state: NimState) -> str:
        return f"{state.pile} left"


def nim_state(pile: int) -> NimState:
    return NimState(game="nim", seats=[Seat(name="A"), Seat(name="B")], seed=3, pile=pile, secret=5)


@pytest.mark.parametrize(("pile", "best"), [(10, 2), (7, 3), (5, 1), (3, 3)])
def test_search_finds_the_move_that_leaves_a_multiple_of_four(pile, best):
    rules = Nim()
    result = search(rules, rules.view(nim_state(pile), 0), 0, SearchBudget(iterations=3000, seconds=30), random.Random(1))
    assert result.action == Take(stones=best)
    assert result.iterations == 3000
    assert result.moves[0].visits > result.moves[-1].visits


def test_search_works_from_the_view_only():
    rules = Nim()
    truth = nim_state(9)
    view = rules.view(truth, 1)
    search(rules, view, 1, SearchBudget(iterations=50, seconds=30), random.Random(2))
    assert rules.determinized and all(sample is view for sample in rules.determinized)
    assert view.secret == -1, "the true secret never reached the bot"


def test_a_single_legal_move_is_played_without_searching():
    rules = Nim()
    result = search(rules, rules.view(nim_state(1), 0), 0, SearchBudget(iterations=500, seconds=30), random.Random(3))
    assert result.action == Take(stones=1) and result.iterations == 0


def test_search_stops_when_asked():
    rules = Nim()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    result = search(rules, rules.view(nim_state(30), 0), 0, SearchBudget(iterations=10**6, seconds=60), random.Random(4), stop)
    assert calls and result.iterations <= 8


def test_search_is_reproducible_for_a_seeded_bot():
    rules = Nim()
    view = rules.view(nim_state(22), 0)
    first = search(rules, view, 0, SearchBudget(iterations=400, seconds=60), random.Random(5))
    again = search(rules, view, 0, SearchBudget(iterations=400, seconds=60), random.Random(5))
    assert [(m.action, m.visits) for m in first.moves] == [(m.action, m.visits) for m in again.moves]


def test_rewards_favour_the_winner_and_then_the_score():
    rewards = rewards_from_scores([10.0, 30.0, 20.0], [1])
    assert rewards[1] == pytest.approx(1.0)
    assert rewards[0] == pytest.approx(0.0)
    assert 0 < rewards[2] < 0.5
    shared = rewards_from_scores([5.0, 5.0], [0, 1])
    assert shared[0] == shared[1] == pytest.approx(0.5)


def test_levels_are_ordered_by_budget_and_offered_everywhere():
    assert SEARCH_LEVELS["easy"].iterations < SEARCH_LEVELS["normal"].iterations < SEARCH_LEVELS["hard"].iterations
    assert SEARCH_LEVELS["normal"].seconds <= 1.0 and SEARCH_LEVELS["hard"].seconds <= 3.0
    assert {"easy", "normal", "hard", "random"} <= set(BOT_LEVELS)
    bot = make_bot("normal", 1, 0)
    assert isinstance(bot, SearchBot) and bot.level == "normal"


def test_the_easy_bot_still_never_plays_an_illegal_move():
    rules = Nim()
    bot = make_bot("easy", 2, 0)
    for pile in range(1, 12):
        view = rules.view(nim_state(pile), 0)
        assert bot.choose(rules, view, 0) in rules.legal_actions(view, 0)


def test_wilson_interval_is_honest_at_the_edges():
    low, high = wilson_interval(200, 200)
    assert high == 1.0 and 0.98 < low < 0.99
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35
    low, high = wilson_interval(120, 200)
    assert low < 0.6 < high


class Pick(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["pick"] = "pick"
    choice: str


class GambleState(GameState):
    picks: list[str | None] = [None, None]


class Gamble(GameRules[GambleState]):
    """Both seats pick at once.  Seat 0: "bold" scores 10 unless seat 1 picked "c"
    (then 0), "safe" always scores 4; seat 1 always scores 5.  Against a pick made
    at the same time, bold wins two times in three; only a seat 1 that could see
    seat 0's pick would make safe look better."""

    slug = "gamble"
    title = "Gamble"
    min_players = 2
    max_players = 2
    state_model = GambleState
    action_adapter = TypeAdapter(Pick)

    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> GambleState:
        return GambleState(game=self.slug, seats=seats, seed=seed)

    def to_act(self, state: GambleState) -> list[int]:
        return [seat for seat in (0, 1) if state.picks[seat] is None]

    def is_over(self, state: GambleState) -> bool:
        return None not in state.picks

    def legal_actions(self, state: GambleState, seat: int) -> list[Pick]:
        return [Pick(choice=c) for c in (("bold", "safe") if seat == 0 else ("a", "b", "c"))]

    def validate(self, state: GambleState, seat: int, action: Pick) -> None:
        if action not in self.legal_actions(state, seat):
            raise IllegalMove("not a choice")

    def apply(self, state: GambleState, seat: int, action: Pick) -> GambleState:
        picks = list(state.picks)
        picks[seat] = action.choice
        done = None not in picks
        return shallow_copy(state, picks=picks, info_epoch=state.info_epoch + done)

    def view(self, state: GambleState, seat: int) -> GambleState:
        if self.is_over(state):
            return state
        picks = [pick if index == seat or pick is None else "?" for index, pick in enumerate(state.picks)]
        return shallow_copy(state, seed=0, picks=picks)

    def determinize(self, view: GambleState, seat: int, rng: random.Random) -> GambleState:
        options = {0: ("bold", "safe"), 1: ("a", "b", "c")}
        picks = [rng.choice(options[index]) if pick == "?" else pick for index, pick in enumerate(view.picks)]
        return shallow_copy(view, seed=rng.randrange(2**31), picks=picks)

    def score_sheet(self, state: GambleState) -> ScoreSheet:
        first = 4 if state.picks[0] == "safe" else (0 if state.picks[1] == "c" else 10)
        totals = [first, 5]
        winners = [0] if first > 5 else [1]
        return ScoreSheet(players=["A", "B"], rows=[], totals=totals, winners=winners, decided_by="points")

    def describe(self, state: GambleState, seat: int, action: Pick) -> str:
        return "picks"

    def progress(self, state: GambleState) -> str:
        return ""


def test_a_pick_made_at_the_same_time_cannot_answer_the_bots():
    rules = Gamble()
    state = rules.setup(rules.parse_options({}), [Seat(name="A"), Seat(name="B")], 1)
    result = search(rules, rules.view(state, 0), 0, SearchBudget(iterations=600, seconds=30), random.Random(6))
    assert result.action == Pick(choice="bold")
    bold = next(stats for stats in result.moves if stats.action == Pick(choice="bold"))
    assert 0.5 < bold.win_rate < 0.8, "seat 1 picked at random, not in answer to bold"
