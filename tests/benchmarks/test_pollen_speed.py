"""How many random 4-seat Pollen games one core plays per second (aim: 100 or more).

Skipped in normal runs (--benchmark-skip); measure with
    python -m pytest tests/benchmarks/test_pollen_speed.py --benchmark-only -p no:cacheprovider
"""

from __future__ import annotations

from itertools import count

from boardgames_tui.engine.simulate import play_bot_game
from boardgames_tui.games.pollen.rules import PollenOptions
from boardgames_tui.engine.registry import get_game

GAME = get_game("pollen")
RULES = GAME.rules
OPTIONS = PollenOptions()
GAMES_PER_ROUND = 20


def test_random_four_seat_games_per_second(benchmark):
    seeds = count()

    def play_round() -> int:
        for _ in range(GAMES_PER_ROUND):
            final, _moves = play_bot_game(GAME, OPTIONS, ["random"] * 4, next(seeds))
            assert RULES.is_over(final)
        return GAMES_PER_ROUND

    # A warm-up round fills the shared action cache, as a long simulate run would.
    play_round()
    benchmark.pedantic(play_round, rounds=10, iterations=1)
    games_per_second = GAMES_PER_ROUND / benchmark.stats.stats.mean
    benchmark.extra_info["games_per_second"] = round(games_per_second, 1)
    print(f"\nPollen: {games_per_second:.1f} random 4-seat games per second")


def test_news_for_every_move_of_a_four_seat_game(benchmark):
    """What the screen asks after each move of a whole game: the table's moments, the
    next seat's changes since its last move and the hint's words for the move played."""
    from boardgames_tui.engine.contract import SPECTATOR, Seat

    _final, moves = play_bot_game(GAME, OPTIONS, ["random"] * 4, 3)
    state = RULES.setup(OPTIONS, [Seat(name=f"Seat {number}") for number in range(1, 5)], 3)
    steps = []
    for seat, action in moves:
        after = RULES.apply(state, seat, action)
        steps.append((state, seat, action, after))
        state = after

    def tell_everything() -> int:
        for before, seat, action, after in steps:
            GAME.narrator.table_moments(RULES.view(before, SPECTATOR), RULES.view(after, SPECTATOR))
            watcher = (seat + 1) % 4
            GAME.narrator.changes_since(RULES.view(before, watcher), RULES.view(after, watcher), watcher)
            GAME.narrator.explain_move(RULES.view(before, seat), seat, action)
        return len(steps)

    benchmark.pedantic(tell_everything, rounds=5, iterations=1)
    per_move = benchmark.stats.stats.mean / len(steps) * 1000
    benchmark.extra_info["ms_per_move"] = round(per_move, 3)
    print(f"\nPollen news: {per_move:.3f} ms per move ({len(steps)} moves)")
