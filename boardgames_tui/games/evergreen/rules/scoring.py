"""Evergreen's rules, scoring: the final fertility scoring, the outcome (totals and
winner), the stage a position is in, and the score sheet.

One part of `EvergreenRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from boardgames_tui.engine.contract import GAME_OVER, Outcome, ScoreRow, ScoreSheet, Stage
from boardgames_tui.engine.text import plural
from boardgames_tui.games.evergreen.model import EvergreenState
from boardgames_tui.games.evergreen.rules.common import (
    BIOME_KEYS,
    BIOME_NAMES,
    POINTS,
    POWERS,
    SEASONS,
    end_reveals,
    bamboo_biomes,
    big_trees_by_biome,
    fertility_points,
    fertility_values,
    overall_round,
    player_fertility,
    progress_words,
    turn_order,
)


class Scoring:
    def _final_scoring(self, state: EvergreenState, *, logged: bool = True) -> None:
        if logged:
            values = fertility_values(state.zone)
            state.say(
                "Fertility values: " + ", ".join(f"{BIOME_NAMES[biome]} {value}" for biome, value in values.items()) + "."
            )
        players = []
        for seat, player in enumerate(state.players):
            points = fertility_points(state.zone, player.board)
            bamboo = bamboo_biomes(player.board) if "bamboo" in state.powers else 0
            scored = player.copied()
            scored.fertility = [points[biome] for biome in BIOME_KEYS]
            scored.bamboo_biomes = bamboo
            players.append(scored)
            if logged:
                extra = f", bamboo biomes {2 * bamboo}" if "bamboo" in state.powers else ""
                state.say(f"Final scoring — {state.name(seat)}: fertility {sum(points.values())}{extra}.")
        state.players = players
        state.phase = "over"
        if logged:
            outcome = self.outcome(state)
            names = ", ".join(state.name(seat) for seat in outcome.winners)
            state.say(f"The game is over: {names} won with {plural(max(outcome.totals), 'point')}.")

    # -- scores ----------------------------------------------------------------------------------------------
    def totals(self, state: EvergreenState) -> list[int]:
        return [player.total for player in state.players]

    def outcome(self, state: EvergreenState) -> Outcome:
        """The winner: most points, ties to the earliest seat in turn order."""
        totals = self.totals(state)
        best = max(totals)
        winner = next(seat for seat in turn_order(state) if totals[seat] == best)
        return Outcome(totals=tuple(totals), winners=(winner,))

    def stage(self, state: EvergreenState) -> Stage:
        return GAME_OVER if state.phase == "over" else Stage("round", overall_round(state))

    def score_sheet(self, state: EvergreenState) -> ScoreSheet:
        names = [seat.name for seat in state.seats]
        players = state.players
        scored = [SEASONS[index] for index in range(len(players[0].light))]

        def seasons(values: list[int]) -> str:
            return " · ".join(f"{season} {value}" for season, value in zip(scored, values)) or "—"

        rows = [
            ScoreRow(category="Starting points", values=[player.start_points for player in players]),
            ScoreRow(
                category="Light",
                values=[sum(player.light) for player in players],
                details=[seasons(player.light) for player in players],
            ),
            ScoreRow(
                category="Biggest forest",
                values=[sum(player.forest) for player in players],
                details=[seasons(player.forest) for player in players],
            ),
        ]
        if POINTS in state.powers:
            rows.append(ScoreRow(category="Gain Points power", values=[player.power_points for player in players]))
        fertility_details = []
        values = fertility_values(state.zone)
        for player in players:
            if player.fertility is None:
                fertility_details.append("scored at the end")
                continue
            bigs = big_trees_by_biome(player.board)
            own = player_fertility(state.zone, player.board)
            parts = [
                f"{BIOME_NAMES[biome]} {bigs[biome]}×{own[biome]}"
                for biome in BIOME_KEYS
                if bigs[biome]
            ]
            fertility_details.append(", ".join(parts) or "no big trees")
        rows.append(
            ScoreRow(
                category="Fertility",
                values=[sum(player.fertility or ()) for player in players],
                details=fertility_details,
            )
        )
        if "bamboo" in state.powers:
            rows.append(
                ScoreRow(
                    category="Biomes with bamboo",
                    values=[2 * player.bamboo_biomes for player in players],
                    details=[f"{player.bamboo_biomes} × 2" for player in players],
                )
            )
        outcome = self.outcome(state)
        totals = list(outcome.totals)
        best = max(totals)
        tied = [seat for seat, total in enumerate(totals) if total == best]
        if len(tied) == 1:
            decided_by = f"most points ({best})"
        else:
            order = " before ".join(state.name(seat) for seat in turn_order(state) if seat in tied)
            decided_by = (
                f"tie on {best} points, broken by turn order from the first-player marker "
                f"({state.name(state.first_player)} holds it): {order}"
            )
        notes = [
            "Fertility values: "
            + ", ".join(f"{BIOME_NAMES[biome]} {value}" for biome, value in values.items())
            + " (each cherry tree adds 1 for its own planet)."
        ]
        for module, old in state.replaced.items():
            notes.append(f"{POWERS[module].name} replaced {POWERS[old].name}.")
        if state.pool_refusals:
            notes.append(f"The shared pool ran short {plural(state.pool_refusals, 'time')}: see the log.")
        if state.phase != "over":
            notes.append(f"The game is not over: {progress_words(state)}.")
        else:
            notes.extend(end_reveals(state))
        return ScoreSheet(
            players=names, rows=rows, totals=totals, winners=list(outcome.winners), decided_by=decided_by, notes=notes
        )
