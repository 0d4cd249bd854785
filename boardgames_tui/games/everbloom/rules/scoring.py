"""Everbloom's rules, scoring: the end of a round and of the game (nectar
majorities, the bloom track, missing tiles), the outcome, the stage a position is
in, and the score sheet.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.contract import GAME_OVER, Outcome, ScoreRow, ScoreSheet, Stage
from boardgames_tui.engine.text import and_list, plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import EverbloomState, FinalScore, PlayerState
from boardgames_tui.games.everbloom.rules.common import (
    BIOMES,
    NUM,
    ROUNDS,
    FACTIONS,
    NECTAR,
    TRACK,
    biome_name,
    card_info,
    card_name,
    majority_divisors,
    nectar_card_name,
    telling,
)


class Scoring:
    def _end_round(self, state: EverbloomState) -> None:
        values = state.__dict__
        if values["round"] >= ROUNDS:
            self._final_scoring(state)
            return
        state.chips = {space: [] for space in values["chips"]}
        state.moved = []
        landmarks = values["landmarks"]
        numbered = [space for space, (number, flipped) in landmarks.items() if not flipped]
        if numbered:
            low = min(numbered, key=lambda space: landmarks[space][0])
            numbered.remove(low)
            flip = [low]
            if numbered:
                flip.append(max(numbered, key=lambda space: landmarks[space][0]))
            flipped = [landmarks[space][0] for space in flip]
            state.landmarks = {space: [number, 1] if space in flip else [number, side] for space, (number, side) in landmarks.items()}
            if telling(state):
                state.say(f"Landmark{'s' if len(flipped) > 1 else ''} {' and '.join(map(str, flipped))} flip.")
        state.boxed = [*values["boxed"], *values["bloom_shown"]]
        bloom_deck = values["bloom_deck"]
        state.bloom_shown = bloom_deck[: NUM.bloom_cards_shown]
        state.bloom_deck = bloom_deck[NUM.bloom_cards_shown :]
        players = values["players"]
        first_player = state.first_player = (values["first_player"] + 1) % len(players)
        for seat, player in enumerate(players):
            player.chips = list(FACTIONS[player.faction].chips)
            player.first_chip = seat == first_player
            player.chips_placed = 0
            player.lemur_reach_used = False
        state.hive = None
        state.round += 1
        self._start_round(state)

    @staticmethod
    def _habitat_nectar(player: PlayerState, biome: str) -> int:
        return sum(card_info(card.id).nectar for card in player.habitat[biome] if card.pollinated)

    def nectar_totals(self, state: EverbloomState) -> dict[str, list[int]]:
        players = state.__dict__["players"]
        totals = {biome: [0] * len(players) for biome in BIOMES}
        for seat, player in enumerate(players):
            for biome in BIOMES:
                totals[biome][seat] = self._habitat_nectar(player, biome)
            for card in player.nectar:
                info = NECTAR.get(card)
                if info is not None:
                    totals[info.biome][seat] += info.nectar
        return totals

    @staticmethod
    def majority_points(values: list[int]) -> list[int]:
        return [value // divisor if divisor else 0 for value, divisor in zip(values, majority_divisors(values))]

    def _final_scoring(self, state: EverbloomState) -> None:
        state.info_epoch += 1
        count = len(state.players)
        totals_nectar = self.nectar_totals(state)
        nectar_points = {biome: self.majority_points(totals_nectar[biome]) for biome in C.nectar_scoring_order()}
        bloom = [TRACK.points_at(player.bloom) for player in state.players]
        penalty = [-NUM.missing_tile_penalty * (len(BIOMES) - len(player.tiles)) for player in state.players]
        during = [player.score for player in state.players]
        totals = [
            during[s] + sum(points[s] for points in nectar_points.values()) + bloom[s] + penalty[s] for s in range(count)
        ]
        best = max(totals)
        winners = [s for s in range(count) if totals[s] == best]
        decided_by = f"most points ({best})"
        if len(winners) > 1:
            most_cards = max(state.players[s].card_count() for s in winners)
            winners = [s for s in winners if state.players[s].card_count() == most_cards]
            decided_by = f"tie on {best} points: most cards in the habitat ({most_cards})"
            if len(winners) > 1:
                furthest = max(state.players[s].bloom for s in winners)
                winners = [s for s in winners if state.players[s].bloom == furthest]
                decided_by = f"tie on {best} points and {most_cards} cards: furthest on the bloom track"
                if len(winners) > 1:
                    decided_by = f"tie on {best} points, cards and bloom track: the victory is shared"
        for s in range(count):
            state.players[s].score = totals[s]
        state.final = FinalScore(
            during_play=during, nectar=nectar_points, bloom_track=bloom, penalty=penalty, totals=totals,
            winners=winners, decided_by=decided_by,
        )
        state.phase = "over"
        # The secret nectar cards are everybody's to see now.
        if telling(state):
            for seat, player in enumerate(state.players):
                if player.nectar:
                    state.say(f"{state.name(seat)} held the nectar cards {and_list([nectar_card_name(card) for card in player.nectar])}.")
            state.say(f"The game is over. Winner{'s' if len(winners) > 1 else ''}: {and_list([state.name(s) for s in winners])} ({decided_by}).")

    def outcome(self, state: EverbloomState) -> Outcome:
        """The final scoring's totals and winners (ties broken by cards in the habitat,
        then the bloom track, then shared); before it, the points so far and no winner."""
        final = state.final
        if final is None:
            return Outcome(totals=tuple(player.score for player in state.players), winners=())
        return Outcome(totals=tuple(final.totals), winners=tuple(final.winners))

    def stage(self, state: EverbloomState) -> Stage:
        if state.phase == "over":
            return GAME_OVER
        if state.phase == "draft":
            return Stage("setup")
        return Stage("round", state.round)

    def score_sheet(self, state: EverbloomState) -> ScoreSheet:
        return score_sheet(self, state)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


# -- the score sheet ------------------------------------------------------------------------------------
# Sources of points during play (`PlayerState.earned` keys before the ':'), as the sheet names them.
_SOURCES = (
    ("card", "Bonuses of cards won"),
    ("public", "Public bonuses"),
    ("pollination", "Pollinated cards"),
    ("tile", "Habitat tiles"),
    ("cave", "Cave bonuses"),
)


def _source_detail(state: EverbloomState, seat: int, kind: str) -> str:
    player = state.players[seat]
    parts = []
    for key, points in player.earned.items():
        head, _, rest = key.partition(":")
        if head != kind:
            continue
        if kind in ("card", "public"):
            parts.append(f"{card_name(rest)} {points}")
        elif kind == "pollination":
            parts.append(f"round {rest}: {points}")
        elif kind == "tile":
            parts.append(f"{biome_name(rest)} ({player.tiles.get(rest, '?')}) {points}")
    return ", ".join(parts)


def place_words(values: list[int], seat: int) -> str:
    """`seat`'s place in a biome's nectar `values`: "1st", "tied 2nd" or "no nectar"."""
    value = values[seat]
    if value <= 0:
        return "no nectar"
    place = 1 + sum(1 for other in values if other > value)
    tied = sum(1 for other in values if other == value) > 1
    return f"{'tied ' if tied else ''}{ordinal(place)}"


def _rank_words(values: list[int], seat: int) -> str:
    divisor = majority_divisors(values)[seat]
    rate = "" if divisor in (0, 1) else f", 1 per {divisor}"
    return f"{place_words(values, seat)}{rate}"


def _nectar_detail(state: EverbloomState, totals: list[int], biome: str, seat: int, points: int) -> str:
    player = state.players[seat]
    if totals[seat] <= 0:
        return "no nectar"
    habitat = sum(card_info(card.id).nectar for card in player.habitat[biome] if card.pollinated)
    cards = [str(NECTAR[card].nectar) for card in player.nectar if card in NECTAR and NECTAR[card].biome == biome]
    parts = [f"habitat {habitat}"] if habitat else []
    if cards:
        parts.append(f"{'card' if len(cards) == 1 else 'cards'} {'+'.join(cards)}")
    return f"{totals[seat]} nectar ({', '.join(parts)}), {_rank_words(totals, seat)} → {points}"


def score_sheet(rules: Any, state: EverbloomState) -> ScoreSheet:
    """The final table, by source: points during play by where they came from, each
    biome's nectar with amounts and ranks, the bloom track, missing tiles; every
    secret nectar card named."""
    names = [seat.name for seat in state.seats]
    final = state.final
    count = len(state.players)
    if final is None:
        scores = [player.score for player in state.players]
        return ScoreSheet(
            players=names, rows=[ScoreRow(category="Points so far", values=scores)], totals=scores,
            winners=[], decided_by="the game is not over",
        )
    rows = []
    itemised = [0] * count
    for kind, title in _SOURCES:
        values = [
            sum(points for key, points in player.earned.items() if key.partition(":")[0] == kind)
            for player in state.players
        ]
        if kind in ("public", "cave") and not any(values):
            continue
        itemised = [a + b for a, b in zip(itemised, values)]
        details = [_source_detail(state, seat, kind) for seat in range(count)]
        rows.append(ScoreRow(category=title, values=values, details=details))
    rest = [during - counted for during, counted in zip(final.during_play, itemised)]
    if any(rest):
        # Saves from before points were itemised.
        rows.append(ScoreRow(category="Other points during play", values=rest))
    nectar = rules.nectar_totals(state)
    for biome, values in final.nectar.items():
        details = [_nectar_detail(state, nectar[biome], biome, seat, values[seat]) for seat in range(count)]
        rows.append(ScoreRow(category=f"{biome_name(biome)} nectar", values=values, details=details))
    track = [f"space {player.bloom} → {points}" for player, points in zip(state.players, final.bloom_track)]
    rows.append(ScoreRow(category="Bloom track", values=final.bloom_track, details=track))
    missing = [
        and_list([biome_name(biome) for biome in BIOMES if biome not in player.tiles]) or "none"
        for player in state.players
    ]
    penalty = [
        f"{words}: {plural(len(BIOMES) - len(player.tiles), 'biome')} × −{NUM.missing_tile_penalty}" if words != "none" else "every biome has one"
        for words, player in zip(missing, state.players)
    ]
    rows.append(ScoreRow(category="Biomes without a tile", values=final.penalty, details=penalty))
    # The secret nectar cards, revealed: they count in each biome's nectar above.
    notes = [
        f"{names[seat]} ({C.factions()[player.faction].name}) held the nectar cards "
        f"{and_list([nectar_card_name(card) for card in player.nectar]) or 'none'}."
        for seat, player in enumerate(state.players)
    ]
    return ScoreSheet(
        players=names, rows=rows, totals=final.totals, winners=final.winners, decided_by=final.decided_by, notes=notes,
    )
