"""A hint's verdict in words: the move, why, and the record of the simulated games
behind it.  Beside the search (mcts.py), so that every face of the app, and a test,
words a verdict the same way; no UI here."""

from __future__ import annotations

from boardgames_tui.engine.contract import GameState, MoveExplanation
from boardgames_tui.engine.mcts import Verdict
from boardgames_tui.engine.parts import Narrator
from boardgames_tui.engine.text import plural


def hint_reason(verdict: Verdict, runner_up: MoveExplanation | None) -> str:
    """Why the hint's move, from the record of the simulated games behind it.

    The move named is always the one with the best record the line cites.  "Either is
    fine" only when the next best is within the noise of it, and then the next best is
    named with what it does; otherwise the hint is said to be better (or probably
    better), by how much in points of score as well as in games won.
    """
    best, other_stats = verdict.best, verdict.runner_up
    if verdict.games == 0:
        return "it is the only move you have."
    cut = (
        f" The machine was too busy: the search stopped after {verdict.games} simulated games, "
        "short of its usual count; ask again for the full answer."
        if verdict.cut_short
        else ""
    )
    if verdict.measure == "too few":
        return (
            f"only {verdict.games} simulated games, over {verdict.tried} moves: "
            "too few to tell them apart, so take it as a first idea." + cut
        )
    if best.win_rate > 0.0:
        record = f"it won {_share(best.win_rate, best.visits)} simulated games from here"
    else:
        record = f"no simulated game from here was won with it ({best.visits})"
    if other_stats is None or runner_up is None:
        if verdict.clear:
            if best.win_rate == 0.0:
                record += ", but it finished nearest the top score"
            return f"{record}; the search soon dropped the other moves (none tried in more than {verdict.dropped})." + cut
        return f"{record}; the other moves were tried too rarely to compare (none in more than {verdict.dropped})." + cut
    other = f"\u201c{runner_up.move.rstrip('.')}\u201d"
    if verdict.level or verdict.measure == "all won":
        # What the other move does comes after its record, in a clause of its own: a
        # reason with parentheses of its own would nest inside the record's, and two
        # parentheses side by side read as one muddle.
        reason = runner_up.reason.rstrip(".") if runner_up.reason else ""
        does = f"; with that move {reason}" if reason else ""
        if verdict.measure == "all won":
            line = f"it won all {best.visits} simulated games that tried it, as {other} won all {other_stats.visits}"
        elif verdict.measure == "score":
            line = (
                f"no simulated game from here was won with it ({best.visits}) or with {other} "
                f"({other_stats.visits}), and it finished about as near the top score"
            )
        else:
            line = f"{record}, about as good as {other}, which won {_share(other_stats.win_rate, other_stats.visits)}"
        return f"{line}{does}: either is fine." + cut
    # The doubt is said once, by "probably".
    points = _points(best.margin - other_stats.margin)
    if verdict.measure == "score":
        nearer = f"{points} nearer the top score a game" if points else "nearer the top score"
        sure = "it" if verdict.clear else "it probably"
        return (
            f"no simulated game from here was won with it ({best.visits}) or with {other} ({other_stats.visits}), "
            f"but {sure} finished {nearer}." + cut
        )
    gain = round(100 * (best.win_rate - other_stats.win_rate))
    # A lead that rounds to nothing is never said as "by 0 points".
    leads = ([f"{plural(gain, 'point')} of win rate"] if gain else []) + ([f"{points} of score a game"] if points else [])
    by = f"by {' and '.join(leads)}" if leads else "by a hair"
    better = "better" if verdict.clear else "probably better"
    return (
        f"{record}; {better} than the next best, {other} "
        f"(won {_share(other_stats.win_rate, other_stats.visits)}), {by}." + cut
    )


def _points(lead: float) -> str:
    """ "2.3 points": a score difference worth saying, or "" when under a tenth."""
    if lead < 0.05:
        return ""
    return f"{lead:.1f} points" if round(lead, 1) != 1.0 else "1 point"


def hint_words(narrator: Narrator, view: GameState, seat: int, verdict: Verdict) -> tuple[str, str]:
    """A hint in words: the move as the seat reads it, then what it does in the game's
    terms and the record of the simulated games behind it."""
    explanation = narrator.explain_move(view, seat, verdict.best.action)
    reason = f"{explanation.reason.rstrip('.')}; " if explanation.reason else ""
    runner_up = None
    if verdict.runner_up is not None:
        runner_up = narrator.explain_move(view, seat, verdict.runner_up.action)
    return explanation.move.rstrip("."), f"{reason}{hint_reason(verdict, runner_up)}"


def _share(rate: float, games: int) -> str:
    """ "62% of 480", "all 480", "none of 480": a win rate beside what it was counted from.
    A few wins never read as "0%", nor a few losses as "100%": neither is what happened."""
    if rate >= 1.0:
        return f"all {games}"
    if rate <= 0.0:
        return f"none of {games}"
    if rate < 0.005:
        return f"under 1% of {games}"
    if rate > 0.995:
        return f"over 99% of {games}"
    return f"{rate:.0%} of {games}"
