"""Evergreen as a record of parts: its rules, and the narrator, advisor and reference built
over them.  Named in pyproject.toml's `boardgames_tui.games` entry points."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from boardgames_tui.engine.contract import ChangeReport, MoveExplanation, TableMoment
from boardgames_tui.engine.parts import Game, GameAdvisor, GameNarrator, GameReference
from boardgames_tui.games.evergreen import catalogue, legend, reveal, search, summary
from boardgames_tui.games.evergreen.model import EvergreenState
from boardgames_tui.games.evergreen.rules import EvergreenRules, progress_words


class EvergreenNarrator(GameNarrator[EvergreenState]):
    def progress(self, state: EvergreenState) -> str:
        return progress_words(state)

    def changes_since(self, before: EvergreenState, after: EvergreenState, seat: int) -> ChangeReport:
        return summary.changes_since(before, after, seat)

    def table_moments(self, before: EvergreenState, after: EvergreenState) -> list[TableMoment]:
        return summary.table_moments(self.rules, before, after)

    def explain_move(self, view: EvergreenState, seat: int, action: Any) -> MoveExplanation:
        # The words are worked out on a sample of the hidden state, which takes the
        # advisor and the hint's budget: the whole record, this module's GAME.
        return summary.explain_move(GAME, view, seat, action)


class EvergreenAdvisor(GameAdvisor[EvergreenState]):
    # A full game is too long to play out for every search iteration: the bots play
    # this many actions on and then ask estimate_scores (search.py).
    playout_horizon: ClassVar[int | None] = 16
    # Some sixty decisions a seat per game: each gets a quarter of a level's playouts.
    search_effort: ClassVar[float] = 0.25
    # A median hint of about a second of process time on a small 2-core machine.
    hint_playouts: ClassVar[float] = 2.0

    def determinize(self, view: EvergreenState, seat: int, rng: random.Random) -> EvergreenState:
        return search.determinize(self.rules, view, seat, rng)

    def estimate_scores(self, state: EvergreenState) -> list[float] | None:
        return search.settled_estimate(state)

    def estimate_spread(self, state: EvergreenState) -> float:
        return search.estimate_spread(state)

    def playout_action(self, state: EvergreenState, seat: int, actions: list[Any], rng: random.Random) -> Any:
        return search.playout_action(state, seat, actions, rng)


RULES = EvergreenRules()
GAME = Game(
    rules=RULES,
    narrator=EvergreenNarrator(RULES),
    advisor=EvergreenAdvisor(RULES),
    reference=GameReference(
        RULES, catalogue=catalogue.catalogue, legend=legend.legend, hidden_information=reveal.hidden_information
    ),
    screen="boardgames_tui.games.evergreen.screen:EvergreenScreen",
    tagline="1–4 players · draft biomes, grow a planet's forest in the light of a moving sun",
)
