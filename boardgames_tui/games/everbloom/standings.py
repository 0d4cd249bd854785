"""Everbloom's live standings: the nectar race and the bloom track as they stand now,
from what the seat looking may know.  Pure functions over a view (no Textual).

Nectar counts the cards pollinated in each habitat (public) and the viewer's own
secret nectar cards; another seat's nectar cards are never read, only counted (the
view shows how many each seat holds, not what they are), so a standing may change
once they are revealed at the end.  Points are what the final scoring would pay if
the game ended now: the nectar majorities on these totals, the bloom track's last
point space reached.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from boardgames_tui.engine.contract import shallow_copy
from boardgames_tui.engine.text import name_verb, plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import EverbloomState
from boardgames_tui.games.everbloom.rules import BIOMES, EverbloomRules

_TRACK = C.bloom_track()
_BIOME_NAMES = {biome.key: biome.name for biome in C.biomes()}


@dataclass(frozen=True)
class BiomeStanding:
    """One biome's nectar race: per seat, its nectar there as the viewer knows it and
    what that would score now; `leaders` hold the most (none while nobody has any)."""

    biome: str
    nectar: tuple[int, ...]
    points: tuple[int, ...]
    leaders: tuple[int, ...]


@dataclass(frozen=True)
class TrackStanding:
    """A faction on the bloom track: its space, what it is worth now, and the next
    space worth more (None at the top)."""

    seat: int
    space: int
    points: int
    next_space: int | None
    next_points: int | None


@dataclass(frozen=True)
class Standings:
    biomes: tuple[BiomeStanding, ...]
    track: tuple[TrackStanding, ...]
    # Per seat: nectar cards the viewer cannot read (another seat's, until the end).
    secret_cards: tuple[int, ...]

    def nectar_points(self, seat: int) -> int:
        """What `seat`'s nectar would score now, over every biome."""
        return sum(biome.points[seat] for biome in self.biomes)


def known_nectar(view: EverbloomState, viewer: int | None) -> dict[str, list[int]]:
    """Nectar per biome and seat: pollinated habitat cards, plus the viewer's own nectar
    cards (every seat's once the game is over, when all are revealed)."""
    over = view.phase == "over"
    readable = shallow_copy(
        view,
        players=[
            player if over or seat == viewer else replace(player, nectar=[])
            for seat, player in enumerate(view.players)
        ],
    )
    return EverbloomRules().nectar_totals(readable)


def track_standing(seat: int, space: int) -> TrackStanding:
    following = next(
        ((index, points) for index, points in _point_spaces() if index > space), (None, None)
    )
    return TrackStanding(seat, space, _TRACK.points_at(space), following[0], following[1])


def _point_spaces() -> list[tuple[int, int]]:
    return [(index, space.points) for index, space in enumerate(_TRACK.spaces) if space.points]


def standings(view: EverbloomState, viewer: int | None) -> Standings:
    """The standings `viewer` may know from `view` (None: the table, public only)."""
    over = view.phase == "over"
    totals = known_nectar(view, viewer)
    biomes = []
    for biome in BIOMES:
        values = totals[biome]
        most = max(values, default=0)
        biomes.append(
            BiomeStanding(
                biome=biome,
                nectar=tuple(values),
                points=tuple(EverbloomRules.majority_points(values)),
                leaders=tuple(seat for seat, value in enumerate(values) if most > 0 and value == most),
            )
        )
    track = tuple(track_standing(seat, player.bloom) for seat, player in enumerate(view.players))
    secret = tuple(
        0 if over or seat == viewer else len(player.nectar) for seat, player in enumerate(view.players)
    )
    return Standings(biomes=tuple(biomes), track=track, secret_cards=secret)


def standing_lines(view: EverbloomState, standing: Standings) -> list[str]:
    """`standing` in words, naming the seats: each biome's nectar race (most first) and
    each faction's bloom track, for the inspector and tooltips."""
    lines = []
    for race in standing.biomes:
        entries = []
        for seat in sorted(range(len(race.nectar)), key=lambda index: -race.nectar[index]):
            if race.nectar[seat]:
                leads = "leads, " if seat in race.leaders else ""
                entries.append(f"{view.name(seat)} {race.nectar[seat]} ({leads}{plural(race.points[seat], 'point')} now)")
        lines.append(f"{_BIOME_NAMES[race.biome]} nectar: {', '.join(entries) if entries else 'nobody has any yet'}.")
    secret = [f"{name_verb(view.name(seat), 'hold')} {count}" for seat, count in enumerate(standing.secret_cards) if count]
    if secret:
        lines.append(f"Secret nectar cards, not counted here: {', '.join(secret)}.")
    for track in standing.track:
        line = f"{view.name(track.seat)}: bloom space {track.space}, worth {plural(track.points, 'point')} now"
        if track.next_space is not None and track.next_points is not None:
            line += f" (space {track.next_space}: {plural(track.next_points, 'point')})"
        lines.append(line + ".")
    return lines
