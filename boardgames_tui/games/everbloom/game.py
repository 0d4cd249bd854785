"""Everbloom as a record of parts: its rules, and the narrator, advisor and reference built
over them.  Named in pyproject.toml's `boardgames_tui.games` entry points."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from boardgames_tui.engine.contract import ChangeReport, MoveExplanation, TableMoment
from boardgames_tui.engine.parts import Game, GameAdvisor, GameNarrator, GameReference
from boardgames_tui.games.everbloom import catalogue, hints, legend, news, reveal, search
from boardgames_tui.games.everbloom.model import EverbloomState, PlaceChip, SendPollinator
from boardgames_tui.games.everbloom.rules import ROUNDS, EverbloomRules


class EverbloomNarrator(GameNarrator[EverbloomState]):
    CHANGE_LINES: ClassVar[int] = news.CHANGE_LINES

    def progress(self, state: EverbloomState) -> str:
        if state.phase == "over":
            return "Finished"
        if state.phase == "draft":
            return "Setup: nectar draft"
        return f"Round {state.round} of {ROUNDS}, {state.phase.replace('_', ' ')}"

    def changes_since(self, before: EverbloomState, after: EverbloomState, seat: int) -> ChangeReport:
        return news.changes_since(self.rules, before, after, seat)

    def changes_set_off(self, before: EverbloomState, after: EverbloomState, seat: int) -> ChangeReport:
        return news.changes_set_off(self.rules, before, after, seat)

    def table_moments(self, before: EverbloomState, after: EverbloomState) -> list[TableMoment]:
        return news.table_moments(self.rules, before, after)

    def explain_move(self, view: EverbloomState, seat: int, action: Any) -> MoveExplanation:
        return hints.explain_move(self.rules, view, seat, action)

    def suggest_split(self, view: EverbloomState, seat: int, place: PlaceChip) -> dict[str, int]:
        """The split of `place`'s pollinators the hint has in mind (card space -> count)."""
        return hints.suggest_split(self.rules, view, seat, place)

    def split_of_send(self, view: EverbloomState, seat: int, action: SendPollinator) -> dict[str, int]:
        """The split a send's hint names: its pollinator and the rest (card space -> count)."""
        return hints.split_of_send(self.rules, view, seat, action)

    def follow_through(self, view: EverbloomState, seat: int, action: Any) -> tuple[Any, ...]:
        """A placed chip's sends, one per pollinator, as `suggest_split` shares them out."""
        return hints.split_sends(self.rules, view, seat, action) if isinstance(action, PlaceChip) else ()


class EverbloomAdvisor(GameAdvisor[EverbloomState]):
    # A full game is too long to play out for every search iteration: the bots play on
    # to the next round's start or pollination (or the end) and score it there
    # (`settled_estimate`).
    playout_horizon: ClassVar[int | None] = 0
    # Some sixty decisions a seat per game: each gets a quarter of a level's playouts.
    search_effort: ClassVar[float] = 0.25
    # A median hint of about a second of process time on a small 2-core machine
    # (docs/testing-and-benchmarks.md).
    hint_playouts: ClassVar[float] = 1.5

    def determinize(self, view: EverbloomState, seat: int, rng: random.Random) -> EverbloomState:
        return search.determinize(view, seat, rng)

    def estimate_scores(self, state: EverbloomState) -> list[float] | None:
        return search.settled_estimate(state)

    def estimate_spread(self, state: EverbloomState) -> float:
        return search.estimate_spread(state)

    def playout_action(self, state: EverbloomState, seat: int, actions: list[Any], rng: random.Random) -> Any:
        return search.playout_action(state, seat, actions, rng)

    def reply(self, state: EverbloomState, seat: int, rng: random.Random) -> tuple[Any, ...]:
        return search.reply(self.rules, state, seat, rng)

    def finish_turn(self, state: EverbloomState, seat: int) -> tuple[Any, ...]:
        return search.finish_sends(self.rules, state, seat)

    def seat_roles(self, state: EverbloomState) -> list[str]:
        return [player.faction for player in state.players]


RULES = EverbloomRules()
GAME = Game(
    rules=RULES,
    narrator=EverbloomNarrator(RULES),
    advisor=EverbloomAdvisor(RULES),
    reference=GameReference(
        RULES, catalogue=catalogue.catalogue, legend=legend.legend, hidden_information=reveal.hidden_information
    ),
    screen="boardgames_tui.games.everbloom.screen:EverbloomScreen",
    tagline="1–4 players · send pollinators, win hybrid beings, gather nectar",
)
