"""Pollen as a record of parts: its rules, and the narrator, advisor and reference built
over them.  Named in pyproject.toml's `boardgames_tui.games` entry points."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from boardgames_tui.engine.contract import ChangeReport, MoveExplanation, TableMoment
from boardgames_tui.engine.parts import Game, GameAdvisor, GameNarrator, GameReference
from boardgames_tui.games.pollen import catalogue, legend, news, search
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules import PollenRules, hidden_information


class PollenNarrator(GameNarrator[PollenState]):
    def progress(self, state: PollenState) -> str:
        if state.phase == "over":
            return "Finished"
        tokens_left = len(state.bag) + (state.next_up is not None)
        planted = len(state.garden)
        return (
            f"Turn {state.turn}: {planted} card{'' if planted == 1 else 's'} planted, "
            f"{tokens_left} token{'' if tokens_left == 1 else 's'} left"
        )

    def changes_since(self, before: PollenState, after: PollenState, seat: int) -> ChangeReport:
        return news.changes_since(before, after, seat)

    def table_moments(self, before: PollenState, after: PollenState) -> list[TableMoment]:
        return news.table_moments(before, after)

    def explain_move(self, view: PollenState, seat: int, action: Any) -> MoveExplanation:
        # The words are worked out on a sample of the hidden state, which takes the
        # advisor and the hint's budget: the whole record, this module's GAME.
        return news.explain_move(GAME, view, seat, action)


class PollenAdvisor(GameAdvisor[PollenState]):
    # A median hint of about a second of process time on a small 2-core machine.
    hint_playouts: ClassVar[float] = 1.2

    def determinize(self, view: PollenState, seat: int, rng: random.Random) -> PollenState:
        return search.determinize(view, seat, rng)


RULES = PollenRules()
GAME = Game(
    rules=RULES,
    narrator=PollenNarrator(RULES),
    advisor=PollenAdvisor(RULES),
    reference=GameReference(
        RULES, catalogue=catalogue.catalogue, legend=legend.legend, hidden_information=hidden_information
    ),
    screen="boardgames_tui.games.pollen.screen:PollenScreen",
    tagline="2–4 players · plant a garden, attract pollinators, lead an insect",
)
