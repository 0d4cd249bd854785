"""A hint a player can trust: the same position gives the same hint under any load, a
second ask comes from the cache, a hint the clock cut short says so and is not kept,
and identical moves (two copies of one card) never compete."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from dataclasses import replace

import pytest

from boardgames_tui.engine import bots
from boardgames_tui.engine.bots import find_hint, forget_hints, move_identity, position_key
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.mcts import SearchBudget, search
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.bloom_kingdom.content import cards
from boardgames_tui.engine.hint_words import hint_reason

GAME = get_game("bloom-kingdom")
RULES = GAME.rules


def opening_view(seed: int = 0):
    """Seat 0's view of a 2-seat opening; seed 0 deals it three Unicorns."""
    state = RULES.setup(RULES.parse_options({}), [Seat(name="A"), Seat(name="B")], seed)
    return RULES.view(state, 0)


@pytest.fixture(autouse=True)
def small_hints(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(bots, "HINT_BUDGET", replace(bots.HINT_BUDGET, iterations=240))
    forget_hints()
    yield
    forget_hints()


def test_the_same_hint_under_a_loaded_cpu_and_then_from_the_cache():
    view = opening_view()
    quiet = find_hint(GAME, view, 0)
    forget_hints()
    stop = threading.Event()

    def load() -> None:
        spins = 0
        while not stop.is_set():
            spins += 1

    loader = threading.Thread(target=load)
    loader.start()
    try:
        loaded = find_hint(GAME, view, 0)
    finally:
        stop.set()
        loader.join()
    assert loaded == quiet and not loaded.cut_short
    assert find_hint(GAME, view, 0) is loaded, "asked again, the hint comes from the cache"


@pytest.mark.parametrize("stop", [{"seconds": 0.0}, {"cpu_seconds": 0.0}])
def test_a_hint_cut_short_by_the_clock_says_so_and_is_not_kept(monkeypatch, stop):
    monkeypatch.setattr(bots, "HINT_BUDGET", replace(bots.HINT_BUDGET, iterations=10**6, **stop))
    view = opening_view()
    first = find_hint(GAME, view, 0)
    assert first.cut_short and first.games < 10**6
    assert "too busy" in hint_reason(first, None)
    assert find_hint(GAME, view, 0) is not first, "a hint cut short is searched again"


def test_the_position_key_is_the_same_in_another_process():
    """Python salts `hash()` per process; the hint's seed must not depend on it."""
    key = position_key(GAME, opening_view(), 0)
    script = (
        "from dataclasses import replace\n"
        "from boardgames_tui.engine import bots\n"
        "bots.HINT_BUDGET = replace(bots.HINT_BUDGET, iterations=240)\n"
        "from tests.engine.test_hint_trust import GAME, opening_view\n"
        "print(bots.position_key(GAME, opening_view(), 0))\n"
    )
    environment = dict(os.environ, PYTHONHASHSEED="12345")
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True)
    assert other.stdout.strip() == key
    assert position_key(GAME, opening_view(), 1) != key and position_key(GAME, opening_view(1), 0) != key


def test_identical_cards_are_searched_as_one_move():
    view = opening_view()
    hand = view.players[0].hand
    names = [cards()[card].name for card in hand]
    assert names.count("Unicorn") == 3, "the dealt hand this test is about"
    budget = SearchBudget(iterations=200, seconds=60)
    result = search(GAME, view, 0, budget, random.Random(3), same_move=move_identity(GAME, view, 0))
    tried = [cards()[move.action.card].name for move in result.moves]
    assert sorted(tried) == sorted(set(names)), "one Unicorn, never three competing"
    # Without the merge the three Unicorns are three moves (the search the bots use).
    plain = search(GAME, view, 0, budget, random.Random(3))
    assert len(plain.moves) == len(hand)
