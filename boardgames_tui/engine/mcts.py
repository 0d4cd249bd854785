"""Information-set Monte Carlo tree search, written once against the game contract.

The bot never sees the true state.  Each iteration samples one full state its seat
could be in (`advisor.determinize(view, …)`), walks a single tree shared by all
samples (single-observer ISMCTS: a child is a move, whatever sample it was legal
in), plays the rest of the game quickly and credits every seat with what it got.
Moves legal only in some samples are judged by how often they were available, not
by how often they were tried ("availability" UCB), so rare moves are not favoured.

Seats that pick together with the bot (a simultaneous step: the bot's seat and
others must act and nothing has been revealed yet) cannot react to the bot's pick,
so in the tree their picks of that step are chance moves taken by the playout
policy, not replies chosen knowing the bot's.  Every later step is searched seat
after seat.

A hint asks a narrower question, which move is best now, within about a second:
`compare_moves` answers it by playing every candidate from the same samples and
halving the field round by round, with no tree.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Literal, Sequence

from boardgames_tui.engine.contract import GameState
from boardgames_tui.engine.parts import Advisor, Game, Rules

# How much a win counts against a good score: a playout's reward for a seat is
# WIN_WEIGHT for a win (shared on a tie) plus the rest for its score's place
# between the lowest and highest score.  The score part steers the search while
# most playouts of a long game are still undecided.
WIN_WEIGHT = 0.7
EXPLORATION = 0.7

# A move's record counts once it has been tried in this many simulated games: fewer
# say nothing a player should hear.
MIN_RECORD = 10
# How many standard errors the best move's lead must be to be "clear".  A search
# that stops on a clear lead looks at it again and again, after FIRST_LOOK
# iterations and then each time it has grown by LOOK_GROWTH; every look is another
# chance for a lead of pure luck to pass, so the bar is set well above the usual two
# (the tests hold it to a coin toss between equal moves).
CLEAR_LEAD_Z = 3.0
FIRST_LOOK = 32
# A lead this wide over the runner-up, looked at once when the search is over, makes
# best "probably better": worth saying, with the doubt said too.
LIKELY_LEAD_Z = 2.0
LOOK_GROWTH = 1.5
# Under this many standard errors of lead, two moves are within each other's noise.
NOISE_Z = 1.0


@dataclass(frozen=True)
class SearchBudget:
    """When a search stops: after `per_move` iterations for each move on offer (at
    most `iterations`), or sooner when `seconds` have passed.  A choice between two
    moves needs far fewer playouts than one among forty.  With `until_clear` it also
    stops as soon as the best move's lead over the next is outside the noise
    (`judge`): a hint need not use its whole time on an obvious move."""

    iterations: int
    seconds: float
    per_move: int | None = None
    until_clear: bool = False
    # Whether the game's `search_effort` scales the iterations (the bots' levels); a
    # hint's budget is sized per game already.
    scaled: bool = True
    # A second ceiling in seconds of the searching thread's own CPU time: a stop for a
    # slow machine that a busy one (other programs taking turns on its cores) does not
    # reach, so that load changes how long a search takes, not what it finds.
    cpu_seconds: float = math.inf
    # At least this many iterations for each move on offer, over `iterations` (a
    # hint's floor: one among 80 moves needs more games than one among five).
    least_per_move: int = 0

    def iterations_for(self, moves: int, effort: float = 1.0) -> int:
        if not self.scaled:
            effort = 1.0
        cap = max(1, round(self.iterations * effort), self.least_per_move * moves)
        if self.per_move is None:
            return cap
        return min(cap, max(1, round(self.per_move * effort)) * moves)


@dataclass
class MoveStats:
    action: Any
    visits: int
    mean_reward: float
    # The share of the simulated games through this move that its seat won.
    win_rate: float = 0.0
    # The spread of the rewards behind `mean_reward` (their variance).
    reward_variance: float = 0.0
    # The seat's score minus the best other seat's, averaged over those games (in
    # the game's points; estimated where a playout stopped early).
    margin: float = 0.0
    # How many rounds of `compare_moves`' halving the move stayed in (0 in the tree
    # search): a move dropped earlier was judged on fewer games, so it never outranks
    # one that stayed, whatever its record.
    stage: int = 0
    # For `compare_moves`: each simulated game's (win share, reward), by the number of
    # the sample it was played from.  Every move is played from the same samples, so
    # two moves are compared game by game, where luck that both shared cancels out.
    paired: dict[int, tuple[float, float]] | None = field(default=None, repr=False)


@dataclass
class SearchResult:
    action: Any
    iterations: int
    seconds: float
    # The root's moves, most visited first.
    moves: list[MoveStats] = field(default_factory=list)
    # The clock (a safety stop) or the caller ended the search before its playouts.
    cut_short: bool = False

    @property
    def playouts_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class _Node:
    __slots__ = ("parent", "action", "seat", "children", "visits", "reward", "reward_squares", "wins", "available", "margin")

    def __init__(self, parent: _Node | None, action: Any, seat: int) -> None:
        self.parent = parent
        self.action = action
        # The seat that made `action`: the node's reward is that seat's.
        self.seat = seat
        self.children: dict[tuple[int, Hashable], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.reward_squares = 0.0
        # Games the node's seat won from here (shared wins count in part).
        self.wins = 0.0
        self.available = 0
        # The node's seat's score lead over the best other seat, summed over its games.
        self.margin = 0.0


def action_key(action: Any) -> Hashable:
    """A dictionary key for an action: the action itself when it hashes (frozen models do)."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


def rewards_from_scores(totals: list[float], shares: list[float]) -> list[float]:
    """Each seat's reward: WIN_WEIGHT times its share of the win plus the rest for its
    score's place between the lowest and highest score."""
    low, high = min(totals), max(totals)
    spread = high - low
    rest = 1.0 - WIN_WEIGHT
    return [rest * ((total - low) / spread if spread else 0.5) + WIN_WEIGHT * share for total, share in zip(totals, shares)]


# A simulated game's end: each seat's reward, its share of the win (1 for a sole
# winner, split on a tie; where an estimate ended the game, its chance of winning) and
# its final or estimated score.
PlayoutEnd = tuple[list[float], list[float], list[float]]  # rewards, win shares, scores


def win_shares(winners: Sequence[int], seats: int) -> list[float]:
    shares = [0.0] * seats
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


def final_rewards(rules: Rules, state: GameState) -> PlayoutEnd:
    """The end of a simulated game played to its finish, read from the rules' outcome:
    numbers, never the score sheet's words."""
    outcome = rules.outcome(state)
    totals = [float(total) for total in outcome.totals]
    shares = win_shares(outcome.winners, len(totals))
    return rewards_from_scores(totals, shares), shares, totals


def estimated_rewards(estimates: list[float], spread: float = 0.0) -> PlayoutEnd:
    """The outcome of a game cut short where each seat's final score is expected to be
    its estimate give or take `spread` (one standard deviation, each seat's own): the
    win shares are then each seat's chance to finish on top (`chances_to_win`), not a
    draw of who does, so a cut game carries no luck of its own into the record."""
    if spread > 0 and len(estimates) > 1:
        shares = chances_to_win(estimates, spread)
    else:
        best = max(estimates)
        shares = win_shares([seat for seat, value in enumerate(estimates) if value == best], len(estimates))
    return rewards_from_scores(estimates, shares), shares, estimates


# The standard normal's points and weights for `chances_to_win`: a trapezoid rule over
# plus and minus 4.8 deviations, within 1e-6 of a finer rule for these smooth integrands
# and a third of its cost (a 4-seat Evergreen playout is some 0.6 ms; its chances 25 us).
_NORMAL_STEP = 0.6
_NORMAL_POINTS = [index * _NORMAL_STEP for index in range(-8, 9)]
_NORMAL_WEIGHTS = [_NORMAL_STEP * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) for z in _NORMAL_POINTS]
_HALF_SQRT2 = 1 / math.sqrt(2)


def chances_to_win(estimates: list[float], spread: float) -> list[float]:
    """Each seat's chance of the highest score when every seat's score is its estimate
    plus its own normal error of deviation `spread`: the error of seat i at z
    deviations beats seat j's with the chance Phi((e_i - e_j) / spread + z)."""
    erfc = math.erfc
    if len(estimates) == 2:
        first = 0.5 * erfc(-(estimates[0] - estimates[1]) / (2 * spread))
        return [first, 1.0 - first]
    scaled = [value / spread for value in estimates]
    chances = []
    for seat, mine in enumerate(scaled):
        gaps = [mine - other for index, other in enumerate(scaled) if index != seat]
        total = 0.0
        for z, weight in zip(_NORMAL_POINTS, _NORMAL_WEIGHTS):
            product = weight
            for gap in gaps:
                # Phi(x) = erfc(-x / sqrt 2) / 2
                product *= 0.5 * erfc(-(gap + z) * _HALF_SQRT2)
            total += product
        chances.append(total)
    whole = sum(chances)
    return [chance / whole for chance in chances]


def _margins(scores: list[float]) -> list[float]:
    """Each seat's score minus the best of the others' (negative: behind)."""
    if len(scores) < 2:
        return [0.0] * len(scores)
    ranked = sorted(scores, reverse=True)
    return [score - (ranked[1] if score == ranked[0] else ranked[0]) for score in scores]


def search(
    game: Game,
    view: GameState,
    seat: int,
    budget: SearchBudget,
    rng: random.Random,
    should_stop: Callable[[], bool] | None = None,
    *,
    decided: Sequence[Any] = (),
    same_move: Callable[[Any], Hashable] | None = None,
) -> SearchResult:
    """The move `seat` should make, from what `view` shows it.

    `decided` are moves of `seat`'s turn already chosen but not yet made (a turn being
    built on the screen): every sample plays them first, so the search answers for
    the decision after them.  The view itself is never played on: it hides what a
    move may draw.  `same_move` names a root move by what it does for the seat, so
    that moves the seat cannot tell apart (two copies of one card) are searched as
    one and never compete.
    """
    rules, advisor = game.rules, game.advisor
    started = time.perf_counter()
    root_actions = _root_actions(game, view, seat, decided, rng, same_move)
    if not root_actions:
        raise RuntimeError(f"seat {seat} has no legal action")
    if len(root_actions) == 1:
        return SearchResult(root_actions[0], 0, time.perf_counter() - started, [MoveStats(root_actions[0], 0, 0.0)])
    root = _Node(None, None, -1)
    together = set(rules.to_act(view)) - {seat}
    epoch = view.info_epoch
    planned = budget.iterations_for(len(root_actions), advisor.search_effort)
    deadline = started + budget.seconds
    cpu_deadline = time.thread_time() + budget.cpu_seconds
    horizon = advisor.playout_horizon
    iterations = 0
    next_look = FIRST_LOOK
    cut_short = False
    while iterations < planned:
        if iterations % 8 == 0 and iterations and _must_stop(deadline, cpu_deadline, should_stop):
            cut_short = True
            break
        if budget.until_clear and iterations >= next_look:
            if judge(_root_moves(root), iterations).clear:
                break
            next_look = math.ceil(iterations * LOOK_GROWTH)
        state = advisor.determinize(view, seat, rng)
        offered = root_actions
        if decided:
            state = _play_decided(rules, state, seat, decided)
            # What the decided moves drew may differ from sample to sample: only the
            # moves this sample allows are offered.
            legal = {action_key(action) for action in rules.legal_actions(state, seat)}
            offered = [action for action in root_actions if action_key(action) in legal] or rules.legal_actions(state, seat)
        # The sample may share parts with `view`: its first move copies it, and from
        # then on this iteration owns the state and changes it in place.
        advance = rules.apply
        node = root
        mover = seat
        path = [root]
        # Selection and expansion.
        while not rules.is_over(state):
            actions = offered if node is root else rules.legal_actions(state, mover)
            untried = []
            best_child = None
            best_value = -1.0
            for action in actions:
                # The mover is part of the key: after chance moves, one node may be
                # reached with different seats to act.
                key = (mover, action_key(action))
                child = node.children.get(key)
                if child is None:
                    untried.append((key, action))
                    continue
                child.available += 1
                value = child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best_value, best_child = value, child
            if untried:
                key, action = untried[rng.randrange(len(untried))]
                child = _Node(node, action, mover)
                child.available = 1
                node.children[key] = child
                state = advance(state, mover, action)
                path.append(child)
                break
            assert best_child is not None
            node = best_child
            state = advance(state, mover, node.action)
            advance = rules.apply_in_place
            path.append(node)
            if rules.is_over(state):
                break
            mover = rules.to_act(state)[0]
            while together and mover in together and state.info_epoch == epoch:
                # A pick made at the same time as the bot's: it cannot depend on it.
                actions = rules.legal_actions(state, mover)
                state = advance(state, mover, advisor.playout_action(state, mover, actions, rng))
                advance = rules.apply_in_place
                if rules.is_over(state):
                    break
                mover = rules.to_act(state)[0]
            if rules.is_over(state):
                break
        rewards, shares, scores = playout(rules, advisor, state, rng, horizon)
        margins = _margins(scores)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                reward = rewards[visited.seat]
                visited.reward += reward
                visited.reward_squares += reward * reward
                visited.margin += margins[visited.seat]
                visited.wins += shares[visited.seat]
        iterations += 1
    seconds = time.perf_counter() - started
    moves = _root_moves(root)
    if not moves:
        moves = [MoveStats(root_actions[0], 0, 0.0)]
    return SearchResult(moves[0].action, iterations, seconds, moves, cut_short)


def compare_moves(
    game: Game,
    view: GameState,
    seat: int,
    budget: SearchBudget,
    rng: random.Random,
    should_stop: Callable[[], bool] | None = None,
    *,
    decided: Sequence[Any] = (),
    same_move: Callable[[Any], Hashable] | None = None,
    follow_through: Callable[[Any], Sequence[Any]] | None = None,
) -> SearchResult:
    """The move `seat` should make, by playing every candidate from the same samples
    and halving the field (sequential halving): the search a hint asks.

    Each sample is one full state the seat could be in, with the seed of the quick
    game played from it; every move still in the running is played from every sample,
    so two moves meet the same hidden cards and the same luck, and their difference
    is measured game by game (in these games a paired difference has 0.2-0.9 of the
    variance of two independent records').  The budget (`iterations` simulated games) is shared out over
    ceil(log2 moves) rounds, more to a round of more moves (`_round_share`); after
    each, the worse half is dropped (by mean margin while the records are thin, then by
    mean reward: `_Record.cut_value`), so the moves that stay longest get
    the most games each.  With `until_clear` it stops after a
    round where the best move's lead over every other is outside the noise.

    Unlike `search` it builds no tree: after the move every seat plays the playout
    policy.  A hint's question is which move is best now, and a budget of a second
    is too short for a tree to learn the other seats' replies; a flat, paired
    comparison of the moves answers it with less noise (see the hint benchmark).  A
    tree of the replies grown below each candidate does no better: each candidate's few
    hundred games teach its tree too little and cost the pairing its shared luck
    (docs/decisions.md, "Hints").

    `follow_through` gives the seat's own moves that come with a candidate as the hint
    words it (Everbloom's "place your 3 on landmark 21, sending 1 to Sage Tortoise and 2
    to Moss Campion Reindeer": the chip, then its sends); they are played after it, as
    far as the sample allows, so that the record is the record of what the hint says.
    Left to the playout's random sends, a chip would be judged by its average split,
    and the hint could choose a landmark whose split the seat cannot make good (see
    `Narrator.follow_through`).  In each quick game the first other seat with an
    answer for the move (`Advisor.reply`: Everbloom's chip that leads on the most
    valuable cards) plays it, once: at random, a move that leaves an obvious answer open
    would be rated as if nobody would take it.  The other arguments are `search`'s.
    """
    rules, advisor = game.rules, game.advisor
    started = time.perf_counter()
    candidates = _root_actions(game, view, seat, decided, rng, same_move)
    if not candidates:
        raise RuntimeError(f"seat {seat} has no legal action")
    if len(candidates) == 1:
        return SearchResult(candidates[0], 0, time.perf_counter() - started, [MoveStats(candidates[0], 0, 0.0)])
    planned = budget.iterations_for(len(candidates), advisor.search_effort)
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    deadline = started + budget.seconds
    cpu_deadline = time.thread_time() + budget.cpu_seconds
    horizon = advisor.playout_horizon
    records = [_Record(action) for action in candidates]
    keys = [action_key(action) for action in candidates]
    follow_ups = [tuple(follow_through(action)) if follow_through else () for action in candidates]
    running = list(range(len(candidates)))
    samples = games = 0
    cut_short = False
    for stage in range(rounds):
        new_samples = max(1, int((planned - games) * _round_share(len(running), rounds - stage)) // len(running))
        for _ in range(new_samples):
            if games and _must_stop(deadline, cpu_deadline, should_stop):
                cut_short = True
                break
            sample_seed = rng.getrandbits(64)
            state = advisor.determinize(view, seat, random.Random(sample_seed))
            legal = None
            if decided:
                state = _play_decided(rules, state, seat, decided)
                # What the decided moves drew may differ from sample to sample: a
                # move is played only from the samples that allow it.
                legal = {action_key(action) for action in rules.legal_actions(state, seat)}
            for index in running:
                if legal is not None and keys[index] not in legal:
                    continue
                after = rules.apply(state, seat, candidates[index])
                if follow_ups[index]:
                    after = _follow_up(rules, after, seat, follow_ups[index])
                rest = advisor.finish_turn(after, seat)
                if rest:
                    after = _follow_up(rules, after, seat, rest)
                end = playout(
                    rules, advisor, after, random.Random(sample_seed ^ _PLAYOUT_SALT), horizon, answering=seat
                )
                records[index].add(samples, seat, end)
                games += 1
            samples += 1
        if cut_short:
            break
        for index in running:
            records[index].stage = stage + 1
        if budget.until_clear and judge(_compared(records), games).clear:
            break
        if stage < rounds - 1 and len(running) > 2:
            running.sort(key=lambda index: (-records[index].cut_value(samples), index))
            running = running[: _kept_after_a_cut(len(running))]
    moves = _compared(records)
    if not moves:
        # No sample allowed any candidate after the decided moves (or none was played).
        moves = [MoveStats(candidates[0], 0, 0.0)]
    return SearchResult(judge(moves, games).best.action, games, time.perf_counter() - started, moves, cut_short)


def _round_share(moves: int, rounds_left: int) -> float:
    """The share of what is left of the budget that the round about to start plays: in
    proportion to the square root of the moves each round still to come will play
    (ROUND_SHARE_POWER), so a round of many moves gets more than a round of two, and
    each of its moves fewer games."""
    weights = []
    for _ in range(rounds_left):
        weights.append(moves**ROUND_SHARE_POWER)
        moves = _kept_after_a_cut(moves)
    return weights[0] / sum(weights)


def _kept_after_a_cut(moves: int) -> int:
    """How many moves stay after a round of the halving: the better half, never fewer than two."""
    return math.ceil(moves / 2) if moves > 2 else moves


# An even share per round (power 0) gives each of Pollen's 80 moves about two games in
# the first round and each of 40 or 20 only three to six in the next, where the best
# is dropped by chance; an even share per move (power 1) starves the last rounds.
# Against flat paired searches of every move, the square root gives the lowest regret
# of these on Pollen's and Evergreen's positions of many moves (docs/decisions.md).
ROUND_SHARE_POWER = 0.5
# Under this many samples a cut ranks the moves by their mean margin in the game's
# points (`_Record.cut_value`), not by their reward: a handful of games tell more in
# points than in wins and losses, and moves that won the same few games would tie, the
# better one dropped on the tie (near twins among Pollen's 80 moves, say).  Past it the
# reward decides: in a late Bloom Kingdom position the surest win is not the widest.
THIN_RECORD = 50
# The quick game from a sample is seeded apart from the sample's deal.
_PLAYOUT_SALT = 0x5EED_0F_9A3E


class _Record:
    """One candidate's games in `compare_moves`."""

    __slots__ = ("action", "paired", "reward", "reward_squares", "wins", "margin", "stage")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.paired: dict[int, tuple[float, float]] = {}
        self.reward = self.reward_squares = self.wins = self.margin = 0.0
        self.stage = 0

    @property
    def mean_reward(self) -> float:
        return self.reward / len(self.paired) if self.paired else 0.0

    def cut_value(self, samples: int) -> float:
        """What a cut of the halving ranks this move by after `samples` samples: its
        mean margin in points while its record is thin (`THIN_RECORD`), its mean
        reward after."""
        if not self.paired:
            return 0.0
        if samples < THIN_RECORD:
            return self.margin / len(self.paired)
        return self.mean_reward

    def add(self, sample: int, seat: int, end: PlayoutEnd) -> None:
        rewards, shares, scores = end
        reward = rewards[seat]
        win = shares[seat]
        self.paired[sample] = (win, reward)
        self.reward += reward
        self.reward_squares += reward * reward
        self.wins += win
        self.margin += _margins(scores)[seat]

    def stats(self) -> MoveStats:
        return _stats(
            self.action, len(self.paired), self.reward, self.reward_squares, self.wins, self.margin,
            self.stage, self.paired,
        )


def _stats(
    action: Any, games: int, reward: float, reward_squares: float, wins: float, margin: float,
    stage: int = 0, paired: dict[int, tuple[float, float]] | None = None,
) -> MoveStats:
    """A move's record from the sums over its `games` (either search's)."""
    mean = reward / games
    variance = max(0.0, reward_squares / games - mean * mean)
    return MoveStats(action, games, mean, wins / games, variance, margin / games, stage, paired)


def _compared(records: list[_Record]) -> list[MoveStats]:
    """The records of the moves played at least once, furthest in the halving first."""
    moves = [record.stats() for record in records if record.paired]
    moves.sort(key=lambda stats: (stats.stage, stats.visits, stats.mean_reward), reverse=True)
    return moves


def _must_stop(deadline: float, cpu_deadline: float, should_stop: Callable[[], bool] | None) -> bool:
    """A search's safety stops: the clock, the thread's own CPU time, or its caller."""
    return time.perf_counter() > deadline or time.thread_time() > cpu_deadline or bool(should_stop and should_stop())


def _play_decided(rules: Rules, state: GameState, seat: int, decided: Sequence[Any]) -> GameState:
    """A determinized `state` with the seat's already chosen moves made (a copy)."""
    for action in decided:
        state = rules.apply(state, seat, action)
    return state


def _follow_up(rules: Rules, state: GameState, seat: int, moves: Sequence[Any]) -> GameState:
    """`state` (the caller's own, from `apply`) with the seat's `moves` made in place, in
    order, while each is the seat's to make and legal; the rest is left to the playout."""
    for move in moves:
        if seat not in rules.to_act(state):
            break
        legal = rules.legal_actions(state, seat)
        # The answer's moves are mostly the very objects the rules offer: found by
        # identity, they spare a model comparison with each move before them.
        if not any(offered is move for offered in legal) and move not in legal:
            break
        state = rules.apply_in_place(state, seat, move)
    return state


def _root_actions(
    game: Game,
    view: GameState,
    seat: int,
    decided: Sequence[Any],
    rng: random.Random,
    same_move: Callable[[Any], Hashable] | None,
) -> list[Any]:
    """The moves the search chooses among, one of each kind when `same_move` says two
    are alike.  After `decided` moves they are read from one sample with those moves
    made: what a chip sends next does not depend on what the view hides, but the
    view cannot be played on."""
    rules = game.rules
    if decided:
        sample = _play_decided(rules, game.advisor.determinize(view, seat, random.Random(rng.random())), seat, decided)
        actions = rules.legal_actions(sample, seat)
    else:
        actions = rules.legal_actions(view, seat)
    if same_move is None or len(actions) < 2:
        return actions
    kinds: dict[Hashable, Any] = {}
    for action in actions:
        kinds.setdefault(same_move(action), action)
    return list(kinds.values())


def _root_moves(root: _Node) -> list[MoveStats]:
    """The root's moves that were tried, most visited first."""
    moves = [
        _stats(child.action, child.visits, child.reward, child.reward_squares, child.wins, child.margin)
        for child in root.children.values()
        if child.visits
    ]
    moves.sort(key=lambda stats: (stats.visits, stats.mean_reward), reverse=True)
    return moves


Measure = Literal["wins", "score", "all won", "too few"]


@dataclass(frozen=True)
class Verdict:
    """What a search's record says about its moves, in terms a player can check.

    `best` has the best record (win rate, then mean reward) among the moves tried
    in at least `MIN_RECORD` games; `runner_up` is the next such move, or None when
    the search soon dropped every other move (`dropped`: the most games any of
    those had).  `clear` says whether best's lead over every other move is outside
    the noise.  `measure` is what tells best and runner-up apart: "wins" (their win
    rates), "score" (neither won any game: how near the top score they finished)
    or "all won" (both won every game, so nothing a player wants separates them);
    "too few" when no move has a record yet (a slow machine, a crowd of moves):
    then `best` is simply the search's most tried move.
    """

    best: MoveStats
    runner_up: MoveStats | None
    clear: bool
    measure: Measure
    # Simulated games in the whole search, and how many moves they tried.
    games: int
    tried: int = 1
    dropped: int = 0
    # Whether best is probably ahead of the runner-up, if not clearly: its lead is
    # LIKELY_LEAD_Z standard errors wide, judged once, at the end.
    likely: bool = False
    # Whether best and runner-up are within the noise of each other (best's lead is
    # under NOISE_Z standard errors): only then may a player hear "either is fine".
    level: bool = False
    # The search stopped before its playouts (the clock's safety stop): the record is
    # thinner than the position's budget and may change when asked again.
    cut_short: bool = False


def judge(moves: list[MoveStats], games: int) -> Verdict:
    """Ranks `moves` by their records and says whether the best one's lead is real.

    Only moves tried in at least `MIN_RECORD` games are ranked, so that three lucky
    games never outrank hundreds.  The lead must hold against every other move,
    however rarely tried (see `lead_in_errors`): the tree search tries a move it
    judges poor only now and then, and a poor record over a few games is a record.
    """
    counted = [move for move in moves if move.visits >= MIN_RECORD]
    if not counted:
        most_tried = max(moves, key=lambda move: (move.visits, move.mean_reward))
        return Verdict(most_tried, None, len(moves) == 1, "too few", games, len(moves))
    ranked = sorted(counted, key=lambda move: (move.stage, move.win_rate, move.mean_reward, move.visits), reverse=True)
    best = ranked[0]
    others = [move for move in moves if move is not best]
    clear = all(lead_in_errors(best, other) > CLEAR_LEAD_Z for other in others)
    if len(ranked) == 1:
        dropped = max((move.visits for move in others), default=0)
        return Verdict(best, None, clear, _measure(best, best), games, len(moves), dropped)
    runner_up = ranked[1]
    lead = lead_in_errors(best, runner_up)
    likely = clear or lead > LIKELY_LEAD_Z
    level = not likely and lead < NOISE_Z
    return Verdict(best, runner_up, clear, _measure(best, runner_up), games, len(moves), likely=likely, level=level)


def _measure(best: MoveStats, runner_up: MoveStats) -> Measure:
    if best.win_rate == runner_up.win_rate == 1.0:
        return "all won"
    if best.win_rate == runner_up.win_rate == 0.0:
        return "score"
    return "wins"


def lead_in_errors(best: MoveStats, other: MoveStats) -> float:
    """best's lead over `other` in standard errors (0 when there is none).

    Win rates are taken as (wins + 1) / (games + 2), so that 0 of 5 and 5 of 5
    still carry doubt; two moves that never won are compared by mean reward (how
    near the top score they finished); two that always won cannot be told apart.
    """
    measure = _measure(best, other)
    if measure == "all won":
        return 0.0
    if best.paired is not None and other.paired is not None:
        common = best.paired.keys() & other.paired.keys()
        if len(common) >= MIN_RECORD:
            return _paired_lead(best.paired, other.paired, common, 0 if measure == "wins" else 1)
    if measure == "score":
        lead = best.mean_reward - other.mean_reward
        error = math.sqrt(best.reward_variance / best.visits + other.reward_variance / other.visits)
    else:
        best_rate = (best.win_rate * best.visits + 1) / (best.visits + 2)
        other_rate = (other.win_rate * other.visits + 1) / (other.visits + 2)
        lead = best_rate - other_rate
        error = math.sqrt(best_rate * (1 - best_rate) / best.visits + other_rate * (1 - other_rate) / other.visits)
    if lead <= 1e-9:
        return 0.0
    return lead / error if error > 0 else math.inf


def _paired_lead(
    best: dict[int, tuple[float, float]], other: dict[int, tuple[float, float]], common: Any, part: int
) -> float:
    """best's lead over `other` in standard errors of their game-by-game difference, over
    the samples both were played from (`part` 0: win shares, 1: rewards)."""
    differences = [best[sample][part] - other[sample][part] for sample in common]
    count = len(differences)
    lead = sum(differences) / count
    if lead <= 1e-9:
        return 0.0
    variance = sum((difference - lead) ** 2 for difference in differences) / (count - 1)
    return lead / math.sqrt(variance / count) if variance > 0 else math.inf


def playout(
    rules: Rules, advisor: Advisor, state: GameState, rng: random.Random, horizon: int | None,
    answering: int | None = None,
) -> PlayoutEnd:
    """Plays a quick game on from `state`, which the caller owns and gives up (it came
    from `apply`), so each move changes it in place.  With `answering` (the seat whose
    move is judged), the first other seat with an answer for it (`Advisor.reply`) plays
    that answer, once; every other move is the playout policy's."""
    steps = 0
    while not rules.is_over(state):
        if horizon is not None and steps >= horizon:
            estimates = advisor.estimate_scores(state)
            if estimates is not None:
                return estimated_rewards(estimates, advisor.estimate_spread(state))
        mover = rules.to_act(state)[0]
        if answering is not None and mover != answering:
            answer = advisor.reply(state, mover, rng)
            if answer:
                answering = None
                state = _follow_up(rules, state, mover, answer)
                steps += 1
                continue
        actions = rules.legal_actions(state, mover)
        action = actions[0] if len(actions) == 1 else advisor.playout_action(state, mover, actions, rng)
        state = rules.apply_in_place(state, mover, action)
        steps += 1
    return final_rewards(rules, state)
