"""The hint's search (`compare_moves`): every move played from the same samples, the
field halved round by round.  On games small enough to know the answer."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pydantic import TypeAdapter

from boardgames_tui.engine.contract import GameState, IllegalMove, MoveExplanation, Outcome, Seat, shallow_copy
from boardgames_tui.engine.mcts import SearchBudget, compare_moves, judge, search
from boardgames_tui.engine.hint_words import hint_reason
from tests.engine.test_mcts import Gamble, GambleState, Nim, Pick, Take, TinyGame, game_of, nim_state


class Ladder(Gamble):
    """Seat 0 picks a rung 0-7 (seat 1's pick does nothing): rung k wins when the
    deal's number (the sample's seed, 0-99) is under 30 + 6k.  The top rung wins
    every deal a lower one wins: luck decides most games, the rung a few."""

    RUNGS = tuple(str(rung) for rung in range(8))

    def legal_actions(self, state: GambleState, seat: int) -> list[Pick]:
        return [Pick(choice=c) for c in (self.RUNGS if seat == 0 else ("a", "b"))]

    def determinize(self, view: GambleState, seat: int, rng: random.Random) -> GambleState:
        picks = [rng.choice(("a", "b")) if pick == "?" else pick for pick in view.picks]
        return view.model_copy(update={"seed": rng.randrange(2**31), "picks": picks})

    def outcome(self, state: GambleState) -> Outcome:
        won = state.seed % 100 < 30 + 6 * int(state.picks[0])
        return Outcome(totals=(int(won), int(not won)), winners=(0 if won else 1,))


class CoinToss(Gamble):
    """The deal alone decides: seat 0's two moves are equal."""

    def outcome(self, state: GambleState) -> Outcome:
        winner = state.seed % 2
        return Outcome(totals=(1 - winner, winner), winners=(winner,))


def opening(rules: Gamble) -> GambleState:
    return rules.view(rules.setup(rules.parse_options({}), [Seat(name="A"), Seat(name="B")], 1), 0)


def test_a_move_as_good_in_every_deal_is_never_dropped_for_a_worse_one():
    rules = Ladder()
    view = opening(rules)
    for seed in range(20):
        result = compare_moves(game_of(rules), view, 0, SearchBudget(iterations=600, seconds=60), random.Random(seed))
        assert result.action == Pick(choice="7")
        finalists = result.moves[:2]
        assert {move.action.choice for move in finalists} == {"6", "7"}
        assert min(move.visits for move in finalists) > max(move.visits for move in result.moves[2:])
    # The tree search, whose moves meet different deals, often misses it on this budget.
    tree_misses = sum(
        search(game_of(rules), view, 0, SearchBudget(iterations=600, seconds=60), random.Random(seed)).action != Pick(choice="7")
        for seed in range(20)
    )
    assert tree_misses >= 2


def test_a_small_edge_under_big_luck_is_clear_game_by_game():
    rules = Ladder()
    view = opening(rules)
    budget = SearchBudget(iterations=12_000, seconds=60, until_clear=True)
    result = compare_moves(game_of(rules), view, 0, budget, random.Random(3))
    verdict = judge(result.moves, result.iterations)
    assert verdict.best.action == Pick(choice="7") and verdict.clear
    assert result.iterations < 12_000, "it stopped once the lead was clear"
    words = hint_reason(verdict, MoveExplanation("Rung 6"))
    assert "better than the next best" in words and "probably" not in words
    # The same records taken as independent ones leave the 3-point lead in the noise.
    unpaired = [replace(move, paired=None) for move in result.moves]
    assert not judge(unpaired, result.iterations).clear


def test_equal_moves_are_level_never_a_lucky_lead():
    rules = CoinToss()
    view = opening(rules)
    budget = SearchBudget(iterations=400, seconds=60, until_clear=True)
    for seed in range(30):
        result = compare_moves(game_of(rules), view, 0, budget, random.Random(seed))
        verdict = judge(result.moves, result.iterations)
        assert verdict.level and not verdict.clear and verdict.runner_up is not None
        assert result.iterations == 400, "no lead, so the whole budget"
        words = hint_reason(verdict, MoveExplanation("Play safe", "scores 4"))
        assert words.endswith("either is fine.") and "Play safe" in words and "scores 4" in words


def test_it_finds_the_winning_move_from_the_view_only():
    rules = Nim()
    view = rules.view(nim_state(5), 0)
    result = compare_moves(game_of(rules), view, 0, SearchBudget(iterations=900, seconds=60), random.Random(1))
    assert result.action == Take(stones=1), "leaving four wins"
    assert rules.determinized and all(sample is view for sample in rules.determinized)


def test_it_stops_when_asked_and_says_so():
    rules = Nim()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    result = compare_moves(game_of(rules), rules.view(nim_state(30), 0), 0, SearchBudget(iterations=10**6, seconds=60), random.Random(4), stop)
    assert calls and result.cut_short and result.iterations <= 3


class LongLadder(Ladder):
    """Ladder with 40 rungs: rung k wins when the deal's number (0-999) is under 300 + 10k."""

    RUNGS = tuple(str(rung) for rung in range(40))

    def outcome(self, state: GambleState) -> Outcome:
        won = state.seed % 1000 < 300 + 10 * int(state.picks[0])
        return Outcome(totals=(int(won), int(not won)), winners=(0 if won else 1,))


def test_a_round_of_many_moves_gets_more_of_the_budget(monkeypatch):
    """An even share of six rounds would give each of 40 moves three games in the first
    round, where the best is easily dropped by chance; a round's share grows with the
    square root of its moves (`ROUND_SHARE_POWER`), so each of the 40 gets about six."""
    from boardgames_tui.engine import mcts

    rules = LongLadder()
    view = opening(rules)
    budget = SearchBudget(iterations=800, seconds=60)

    def top_rungs_found() -> int:
        found = 0
        for seed in range(20):
            result = compare_moves(game_of(rules), view, 0, budget, random.Random(seed))
            if mcts.ROUND_SHARE_POWER:
                assert min(move.visits for move in result.moves) >= 6
            found += int(result.action.choice) >= 37
        return found

    by_square_root = top_rungs_found()
    monkeypatch.setattr(mcts, "ROUND_SHARE_POWER", 0.0)
    assert by_square_root > top_rungs_found(), "an even share per round finds the top rungs less often"


def test_among_many_moves_a_hint_plays_more_games():
    """A hint's count of games has a floor per move on offer: 40 moves get 30 each
    over a budget of 400 (Pollen's 80 moves: 2,400 games, not its 1,200)."""
    from boardgames_tui.engine.bots import HINT_BUDGET, HINT_GAMES_PER_MOVE

    rules = LongLadder()
    budget = SearchBudget(iterations=400, seconds=60, least_per_move=HINT_GAMES_PER_MOVE)
    result = compare_moves(game_of(rules), opening(rules), 0, budget, random.Random(1))
    assert 0.95 * 40 * HINT_GAMES_PER_MOVE <= result.iterations <= 40 * HINT_GAMES_PER_MOVE
    assert HINT_BUDGET.least_per_move == HINT_GAMES_PER_MOVE and HINT_BUDGET.iterations_for(5) == HINT_BUDGET.iterations


class PointsLadder(Ladder):
    """40 rungs: rung k scores k points more than rung 0 in every deal, against a rival
    whose score the deal decides; a rung wins when it scores more.  Two rungs that win
    the same deals tie on wins, never on points."""

    RUNGS = tuple(str(rung) for rung in range(40))

    def outcome(self, state: GambleState) -> Outcome:
        mine = int(state.picks[0]) + state.seed % 60
        rival = 50 + (state.seed // 60) % 40
        winners = [0] if mine > rival else [1] if rival > mine else [0, 1]
        return Outcome(totals=(mine, rival), winners=tuple(winners))


def test_thin_records_are_cut_by_points_not_by_wins(monkeypatch):
    """With a few games each, most rungs have won the same games: a cut by wins drops
    rungs that only tied, the best among them; a cut by the points margin
    (`THIN_RECORD`) keeps the best rungs, so the search ends on the top one."""
    from boardgames_tui.engine import mcts

    rules = PointsLadder()
    view = opening(rules)
    budget = SearchBudget(iterations=400, seconds=60)

    def picks() -> list[int]:
        return [int(compare_moves(game_of(rules), view, 0, budget, random.Random(seed)).action.choice) for seed in range(20)]

    # The last two rungs often tie on wins to the end: 38 may be judged level with 39.
    by_points = picks()
    assert min(by_points) >= 38 and by_points.count(39) >= 16
    monkeypatch.setattr(mcts, "THIN_RECORD", 0)
    by_wins = picks()
    assert by_wins.count(39) <= 12 and min(by_wins) < 30, "cut by wins, the best rungs are dropped on ties"


class TwoPicksState(GameState):
    picks: list[str] = []


class TwoPicks(TinyGame):
    """Two picks in turn, seen by all; the deal (the sample's seed) decides some games.
    A game fills in who picks (`SEATS`), what (`choices`) and who wins (`won`)."""

    min_players = 2
    max_players = 2
    state_model = TwoPicksState
    action_adapter = TypeAdapter(Pick)
    SEATS = (0, 0)

    def choices(self, state: TwoPicksState) -> tuple[str, ...]:
        raise NotImplementedError

    def won(self, state: TwoPicksState) -> bool:
        """Whether seat 0 wins."""
        raise NotImplementedError

    def setup(self, options: Any, seats: list[Seat], seed: int) -> TwoPicksState:
        return TwoPicksState(game=self.slug, seats=seats, seed=seed)

    def to_act(self, state: TwoPicksState) -> list[int]:
        return [] if self.is_over(state) else [self.SEATS[len(state.picks)]]

    def is_over(self, state: TwoPicksState) -> bool:
        return len(state.picks) == 2

    def legal_actions(self, state: TwoPicksState, seat: int) -> list[Pick]:
        return [Pick(choice=c) for c in self.choices(state)]

    def validate(self, state: TwoPicksState, seat: int, action: Pick) -> None:
        if seat not in self.to_act(state) or action not in self.legal_actions(state, seat):
            raise IllegalMove("not a choice")

    def apply(self, state: TwoPicksState, seat: int, action: Pick) -> TwoPicksState:
        return shallow_copy(state, picks=[*state.picks, action.choice])

    def view(self, state: TwoPicksState, seat: int) -> TwoPicksState:
        return state if self.is_over(state) else shallow_copy(state, seed=0)

    def determinize(self, view: TwoPicksState, seat: int, rng: random.Random) -> TwoPicksState:
        return shallow_copy(view, seed=rng.randrange(2**31))

    def outcome(self, state: TwoPicksState) -> Outcome:
        won = self.won(state)
        return Outcome(totals=(int(won), int(not won)), winners=(0 if won else 1,))


class TwoStep(TwoPicks):
    """Seat 0 alone moves twice: a landing, then an aim.  "high" wins with the aim
    "right" and loses with "left"; "low" wins 60% of deals whatever the aim.  Judged
    with the aim left to chance, high wins half its games and low looks better; with
    high's aim followed through, high always wins."""

    slug = "two-step"
    title = "Two steps"

    def choices(self, state: TwoPicksState) -> tuple[str, ...]:
        return ("high", "low") if not state.picks else ("left", "right")

    def won(self, state: TwoPicksState) -> bool:
        landing, aim = state.picks
        return aim == "right" if landing == "high" else state.seed % 100 < 60


def test_a_move_is_judged_with_the_moves_its_words_promise_after_it():
    rules = TwoStep()
    view = rules.view(rules.setup(None, [Seat(name="A"), Seat(name="B")], 1), 0)
    budget = SearchBudget(iterations=400, seconds=60)
    aims = {Pick(choice="high"): (Pick(choice="right"),), Pick(choice="low"): ()}
    for seed in range(5):
        promised = compare_moves(game_of(rules), view, 0, budget, random.Random(seed), follow_through=aims.get)
        assert promised.action == Pick(choice="high")
        assert next(move for move in promised.moves if move.action == Pick(choice="high")).win_rate == 1.0
        # Left to the quick game's random aim, high is judged by its average aim.
        left_to_chance = compare_moves(game_of(rules), view, 0, budget, random.Random(seed))
        assert left_to_chance.action == Pick(choice="low")
    # A promised move the sample does not allow is left to the quick game (not played).
    wrong = {Pick(choice="high"): (Pick(choice="high"),), Pick(choice="low"): ()}
    result = compare_moves(game_of(rules), view, 0, budget, random.Random(0), follow_through=wrong.get)
    assert 0.3 < next(move for move in result.moves if move.action == Pick(choice="high")).win_rate < 0.7


class TwoStepFinished(TwoStep):
    """TwoStep whose advisor knows how a turn begun "high" is finished: aim "right"."""

    def finish_turn(self, state: TwoPicksState, seat: int) -> tuple[Any, ...]:
        return (Pick(choice="right"),) if state.picks == ["high"] else ()


def _picks_with_every_seed(rules: TwoPicks, best: str, rated: str, win_rate: float) -> None:
    """`compare_moves` from the opening picks `best` with five seeds, rating `rated` at `win_rate`."""
    view = rules.view(rules.setup(None, [Seat(name="A"), Seat(name="B")], 1), 0)
    for seed in range(5):
        result = compare_moves(game_of(rules), view, 0, SearchBudget(iterations=400, seconds=60), random.Random(seed))
        assert result.action == Pick(choice=best)
        assert next(move for move in result.moves if move.action == Pick(choice=rated)).win_rate == win_rate


def test_a_turn_begun_by_a_move_is_finished_as_its_advisor_would_finish_it():
    _picks_with_every_seed(TwoStepFinished(), "high", "high", 1.0)


class Guard(TwoPicks):
    """Seat 0 leaves its gate "open" or "closed", then seat 1 answers with "take" or one
    of three passes.  Open wins unless seat 1 takes (three answers in four at random);
    closed wins 60% of deals.  A quick game that answers at random rates open best; one
    where seat 1 answers as a player would (`reply`: take what is open) rates closed."""

    slug = "guard"
    title = "Guard"
    SEATS = (0, 1)

    def choices(self, state: TwoPicksState) -> tuple[str, ...]:
        return ("open", "closed") if not state.picks else ("take", "pass 1", "pass 2", "pass 3")

    def reply(self, state: TwoPicksState, seat: int, rng: random.Random) -> tuple[Any, ...]:
        return (Pick(choice="take"),) if state.picks == ["open"] else ()

    def won(self, state: TwoPicksState) -> bool:
        gate, answer = state.picks
        return answer != "take" if gate == "open" else state.seed % 100 < 60


def test_the_quick_games_let_the_other_seat_answer_as_a_player_would():
    _picks_with_every_seed(Guard(), "closed", "open", 0.0)
    # Left to the playout policy, open wins three games in four and looks best.
    class AtRandom(Guard):
        def reply(self, state: TwoPicksState, seat: int, rng: random.Random) -> tuple[Any, ...]:
            return ()

    at_random = AtRandom()
    view = at_random.view(at_random.setup(None, [Seat(name="A"), Seat(name="B")], 1), 0)
    result = compare_moves(game_of(at_random), view, 0, SearchBudget(iterations=400, seconds=60), random.Random(0))
    assert result.action == Pick(choice="open")
