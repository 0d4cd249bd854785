"""Bloom Kingdom as a record of parts: its rules, and the narrator, advisor and reference
built over them.  Named in pyproject.toml's `boardgames_tui.games` entry points."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from boardgames_tui.engine.contract import ChangeReport, MoveExplanation, TableMoment
from boardgames_tui.engine.parts import Game, GameAdvisor, GameNarrator, GameReference
from boardgames_tui.games.bloom_kingdom import advice, catalogue, legend, news, reveal, search
from boardgames_tui.games.bloom_kingdom.model import ROUNDS, BloomKingdomState
from boardgames_tui.games.bloom_kingdom.rules import BloomKingdomRules


class BloomKingdomNarrator(GameNarrator[BloomKingdomState]):
    def progress(self, state: BloomKingdomState) -> str:
        if state.phase == "over":
            return "Finished"
        return f"Round {state.round} of {ROUNDS}, turn {state.turn}"

    def table_moments(self, before: BloomKingdomState, after: BloomKingdomState) -> list[TableMoment]:
        return news.table_moments(before, after)

    def changes_since(self, before: BloomKingdomState, after: BloomKingdomState, seat: int) -> ChangeReport:
        return news.changes_since(before, after, seat)

    def explain_move(self, view: BloomKingdomState, seat: int, action: Any) -> MoveExplanation:
        return advice.explain(view, seat, action)

    def standings(self, view: BloomKingdomState) -> list[news.Standing]:
        """Every seat's points, place and this round's plays: public, from any view."""
        return news.standings(view)

    def outlook(self, view: BloomKingdomState, seat: int) -> str | None:
        """For `seat` itself, from its own view: the best two cards to keep right now."""
        return news.outlook(view, seat)


class BloomKingdomAdvisor(GameAdvisor[BloomKingdomState]):
    # A median hint of about a second of process time on a small 2-core machine.
    hint_playouts: ClassVar[float] = 1.3

    def determinize(self, view: BloomKingdomState, seat: int, rng: random.Random) -> BloomKingdomState:
        return search.determinize(view, seat, rng)


RULES = BloomKingdomRules()
GAME = Game(
    rules=RULES,
    narrator=BloomKingdomNarrator(RULES),
    advisor=BloomKingdomAdvisor(RULES),
    reference=GameReference(
        RULES, catalogue=catalogue.catalogue, legend=legend.legend, hidden_information=reveal.hidden_information
    ),
    screen="boardgames_tui.games.bloom_kingdom.screen:BloomKingdomScreen",
    tagline="2–4 players · secret picks, sneaky effects, three scorings",
)
