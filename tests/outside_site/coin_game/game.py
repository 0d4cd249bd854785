"""Coin as a record of parts, named in its distribution's `boardgames_tui.games` entry point."""

from __future__ import annotations

import random
from typing import ClassVar

from boardgames_tui.engine.contract import shallow_copy
from boardgames_tui.engine.parts import Game, GameAdvisor, GameNarrator, GameReference
from boardgames_tui.engine.text import plural

from coin_game.rules import HEADS, TAILS, UNSEEN, CoinRules, CoinState


class CoinNarrator(GameNarrator[CoinState]):
    def progress(self, state: CoinState) -> str:
        if all(state.kept):
            return "Finished"
        return f"{plural(sum(state.tosses_left), 'toss', 'tosses')} left"


class CoinAdvisor(GameAdvisor[CoinState]):
    # A simulated game of Coin is a few moves: a hint needs few of them.
    hint_playouts: ClassVar[float] = 0.1

    def determinize(self, view: CoinState, seat: int, rng: random.Random) -> CoinState:
        faces = [rng.choice((HEADS, TAILS)) if face == UNSEEN else face for face in view.faces]
        return shallow_copy(view, faces=faces, seed=rng.randrange(2**31), rng_draws=0)


RULES = CoinRules()
GAME = Game(
    rules=RULES,
    narrator=CoinNarrator(RULES),
    advisor=CoinAdvisor(RULES),
    # rules.md and lessons.json come from this package, not from boardgames-tui.
    reference=GameReference(RULES, parts="coin_game"),
    screen="coin_game.screen:CoinScreen",
    tagline="1–2 players · toss a coin only you can see, keep it or toss again",
)
