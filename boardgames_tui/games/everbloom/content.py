"""Loads and checks Everbloom's components from assets/everbloom/*.json.

Each file's `_about` header says where its numbers come from and why. The loader
refuses a file set that breaks a count or a rule the rulebook prints, or one the design relies on:
five biomes; six factions with chips 1-4 (Lizards 1, 2, 3, 5); both board sides with
their card and landmark spaces, consistent adjacency and the clockwise migration order;
15 landmark tiles with unique numbers and rules from a small vocabulary; the landmark
themes; 50 hybrids (10 per biome), 20 events (the printed names), 25 bloom cards, 35
nectar cards (7 per biome), 5 wildlife cards, the bloom and cave tracks and the habitat
tiles A-E. So an owner of the physical game can edit the data to match their copy.

The rule vocabularies (the `kind` of every landmark side, ability, objective and tile)
are what the rules engine switches on; each model's `summary` words it for the screen.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import read_json

SLUG = "everbloom"
FILES = (
    "game", "factions", "wilderness", "landmarks", "hybrids", "events",
    "blooms", "nectar", "wildlife", "tracks", "habitat",
)
Source = Literal["rulebook", "public", "designed"]

BIOMES = ("aquatic", "desert", "forest", "jungle", "tundra")
WILD = "wild"
# How the board marks the wild biome (no biome record carries it).
WILD_LETTER = "W"
CHIP_VALUES = (1, 2, 3, 4, 5)
FACTIONS = ("bats", "bees", "butterflies", "hummingbirds", "lemurs", "lizards")
HYBRIDS = 50
HYBRIDS_PER_BIOME = 10
EVENTS = 20
BLOOMS = 25
NECTAR_CARDS = 35
NECTAR_PER_BIOME = 7
WILDLIFE_CARDS = 5
LANDMARK_TILES = 15
TILE_LETTERS = ("A", "B", "C", "D", "E")
# Side: (players, card spaces, landmark spaces besides the two wildlife landmarks).
BOARD_SIDES = {"A": ((1, 2, 3), 6, 6), "B": ((4,), 8, 7)}
LANDMARK_THEMES = {"first-blossom", "natural-selection", "duo"}
# The printed event names and the kind of their printed ability.
PRINTED_EVENTS = {
    "Dune Blossom": "public_fewest", "Coral Blossom": "public_fewest",
    "Through Leaves": "public_losers", "Through Water": "public_losers",
    "Snow Blossom": "points_per", "River Blossom": "points_per",
    "Petals of Anteri": "points_per", "Through Sand": "gain", "Frozen Waters": "gain",
    "Growing Vines": "points_per", "Sprouting Cacti": "points_per", "Fresh Waters": "gain",
    "Storm of Snow": "storm_first_chip", "Storm of Sand": "storm_max_send",
    "Storm of Rain": "storm_first_chip", "Storm of Wind": "storm_min_send",
    "Edge of the Jungle": "edge_must_send", "Edge of the Forest": "edge_may_move_out",
    "Edge of the Sea": "edge_pull_from_grove", "Wild Chameleons": "auto_pollinate",
}
FACTION_ABILITIES = {
    "bats": "cave", "bees": "hive", "butterflies": "move_pollinator",
    "hummingbirds": "ignore_landmark", "lemurs": "wildlife_reach", "lizards": "high_chip",
}


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _File(_Record):
    about: list[str] = Field(min_length=1)


def _words(items: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    items = [str(item) for item in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _check_values(values: tuple[int, ...], what: str) -> None:
    if not values:
        raise ValueError(f"{what}: lists no chip value")
    if list(values) != sorted(set(values)):
        raise ValueError(f"{what}: chip values must be listed once each, lowest first")
    if not set(values) <= set(CHIP_VALUES):
        raise ValueError(f"{what}: chip values run 1-5, not {list(values)}")
    if (4 in values) != (5 in values):
        raise ValueError(f"{what}: 4 and 5 go together (the Lizards' 5 stands in for the 4)")


def _check_ids(ids: list[str], prefix: str, width: int, what: str) -> None:
    expected = [f"{prefix}{n:0{width}d}" for n in range(1, len(ids) + 1)]
    if ids != expected:
        raise ValueError(f"{what} ids must run {expected[0]}, {expected[1] if len(expected) > 1 else ''}… in the order listed")


def _check_unique(names: list[str], what: str) -> None:
    repeated = sorted(name for name, count in Counter(names).items() if count > 1)
    if repeated:
        raise ValueError(f"{what} must be unique: {repeated} repeated")


# --------------------------------------------------------------------------- gains


class Gain(_Record):
    """What a faction gains: shared by hybrids, events and the Bats' cave.

    `groves` holds one entry per pollinator placed from the supply into a grove:
    'any' (a grove of the faction's choice), 'card' (the grove of the card's biome;
    a choice among them for a card of several biomes) or a biome key.
    """

    points: int = Field(default=0, ge=0)
    bloom: int = Field(default=0, ge=0)
    nectar_cards: int = Field(default=0, ge=0)
    groves: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _something(self) -> "Gain":
        if not self.parts:
            raise ValueError("a gain must give something")
        for grove in self.groves:
            if grove not in BIOMES and grove not in ("any", "card"):
                raise ValueError(f"unknown grove {grove!r} (a biome, 'any' or 'card')")
        return self

    @property
    def parts(self) -> int:
        return (self.points > 0) + (self.bloom > 0) + (self.nectar_cards > 0) + bool(self.groves)

    @property
    def summary(self) -> str:
        said = []
        if self.points:
            said.append(f"{self.points} point{'s' if self.points > 1 else ''}")
        if self.bloom:
            said.append("a bloom advance" if self.bloom == 1 else f"{self.bloom} bloom advances")
        if self.nectar_cards:
            said.append("a nectar card" if self.nectar_cards == 1 else f"{self.nectar_cards} nectar cards")
        for grove, count in Counter(self.groves).items():
            where = {"any": "a grove of your choice", "card": "this card's grove"}.get(grove, f"the {grove} grove")
            said.append(f"{'a pollinator' if count == 1 else f'{count} pollinators'} in {where}")
        return " and ".join(said)


# ----------------------------------------------------------------------- biomes


class BiomeInfo(_Record):
    key: str
    name: str
    letter: str = Field(min_length=1, max_length=1)
    colour: str
    source: Source


class Numbers(_Record):
    rounds: int = Field(ge=1)
    min_seats: int = Field(ge=1)
    max_seats: int = Field(ge=1)
    nectar_dealt: int = Field(ge=1)
    nectar_kept: int = Field(ge=0)
    discard_grove_pollinators: int = Field(ge=0)
    bloom_cards_shown: int = Field(ge=1)
    events_face_down: int = Field(ge=0)
    cards_per_stack: int = Field(ge=1)
    four_player_mixed_spaces: int = Field(ge=0)
    four_player_extra_events: int = Field(ge=0)
    pollinators_one: int = Field(ge=0)
    pollinators_three: int = Field(ge=0)
    first_player_chip: int = Field(ge=1, le=5)
    wildlife_bloom_advances: int = Field(ge=1)
    points_per_pollinated_card: int = Field(ge=0)
    missing_tile_penalty: int = Field(ge=0)
    landmark_flips_per_round: int = Field(ge=0)
    source: Source

    @property
    def pollinators(self) -> int:
        """A faction's pollinators: the 3-value pieces stand for three each."""
        return self.pollinators_one + 3 * self.pollinators_three


class NectarMajority(_Record):
    """Divisors of a biome's nectar (rounded down) by rank."""

    first: int = Field(ge=1)
    second: int = Field(ge=1)
    others: int = Field(ge=1)
    first_tied: int = Field(ge=1)
    second_tied: int = Field(ge=1)
    source: Source


class ScoringOrder(_Record):
    biomes: tuple[str, ...]
    source: Source


class GameFile(_File):
    biomes: list[BiomeInfo]
    numbers: Numbers
    nectar_majority: NectarMajority
    nectar_scoring_order: ScoringOrder

    @model_validator(mode="after")
    def _fits(self) -> "GameFile":
        keys = [biome.key for biome in self.biomes]
        if sorted(keys) != sorted(BIOMES) or len(keys) != len(BIOMES):
            raise ValueError(f"Everbloom has the five biomes {list(BIOMES)}")
        _check_unique([biome.letter for biome in self.biomes], "biome letters")
        n = self.numbers
        if not 1 <= n.min_seats <= n.max_seats <= 4:
            raise ValueError("Everbloom seats 1 to 4 players (four habitat boards)")
        if n.nectar_kept >= n.nectar_dealt:
            raise ValueError("a seat keeps fewer nectar cards than it is dealt")
        if n.cards_per_stack != n.rounds:
            raise ValueError("each card stack feeds one card per round: cards_per_stack must equal rounds")
        if n.events_face_down < n.rounds:
            raise ValueError("one event is revealed each round: events_face_down must be at least rounds")
        order = list(self.nectar_scoring_order.biomes)
        if sorted(order) != sorted(BIOMES) or order[0] != "forest":
            raise ValueError("nectar scoring goes through every biome once, starting with the forest")
        return self


# --------------------------------------------------------------------- factions


class Cave(_Record):
    kind: Literal["cave"]


class Hive(_Record):
    kind: Literal["hive"]


class MovePollinator(_Record):
    kind: Literal["move_pollinator"]
    chip: int = Field(ge=1, le=5)
    count: int = Field(ge=1)


class IgnoreLandmark(_Record):
    kind: Literal["ignore_landmark"]
    chip: int = Field(ge=1, le=5)


class WildlifeReach(_Record):
    kind: Literal["wildlife_reach"]


class HighChip(_Record):
    kind: Literal["high_chip"]
    replaces: int = Field(ge=1, le=5)
    value: int = Field(ge=1, le=5)


FactionAbility = Annotated[
    Union[Cave, Hive, MovePollinator, IgnoreLandmark, WildlifeReach, HighChip],
    Field(discriminator="kind"),
]


class Faction(_Record):
    key: str
    name: str
    letter: str = Field(min_length=1, max_length=1)
    colour: str
    chips: tuple[int, ...]
    ability: FactionAbility
    summary: str
    setup: str | None
    source: Source
    # What the balance runs measured of the printed ability, for the Components tab
    # (the figures behind it stay in landmarks.json's header).
    measured: str | None = None

    @model_validator(mode="after")
    def _chips(self) -> "Faction":
        expected = [1, 2, 3, 4]
        if isinstance(self.ability, HighChip):
            expected = sorted({*expected} - {self.ability.replaces} | {self.ability.value})
        if list(self.chips) != expected:
            raise ValueError(f"{self.name}: chips must be {expected}, not {list(self.chips)}")
        if isinstance(self.ability, (MovePollinator, IgnoreLandmark)) and self.ability.chip not in self.chips:
            raise ValueError(f"{self.name}: the ability names chip {self.ability.chip}, which the faction lacks")
        return self


class FactionsFile(_File):
    factions: list[Faction]

    @model_validator(mode="after")
    def _six(self) -> "FactionsFile":
        keys = [faction.key for faction in self.factions]
        if sorted(keys) != sorted(FACTIONS) or len(keys) != len(FACTIONS):
            raise ValueError(f"the six factions are {list(FACTIONS)}")
        _check_unique([faction.letter for faction in self.factions], "faction letters")
        _check_unique([faction.colour for faction in self.factions], "faction colours")
        for faction in self.factions:
            if faction.ability.kind != FACTION_ABILITIES[faction.key]:
                raise ValueError(f"{faction.name}: the printed ability is {FACTION_ABILITIES[faction.key]!r}")
        return self


# -------------------------------------------------------------------- wilderness


class CardSpace(_Record):
    id: str
    row: Literal["top", "bottom"]
    at: tuple[int, int]


class LandmarkSpace(_Record):
    id: str
    wildlife: Literal["west", "east"] | None
    at: tuple[int, int]
    touches: tuple[str, ...] = Field(min_length=1)


class BoardSide(_Record):
    side: Literal["A", "B"]
    players: tuple[int, ...]
    card_spaces: list[CardSpace]
    landmark_spaces: list[LandmarkSpace]
    migration: tuple[str, ...]
    source: Source

    @model_validator(mode="after")
    def _consistent(self) -> "BoardSide":
        name = f"side {self.side}"
        if not self.card_spaces:
            raise ValueError(f"{name}: has no card space")
        cards = {space.id: space for space in self.card_spaces}
        ids = [space.id for space in self.card_spaces] + [space.id for space in self.landmark_spaces]
        _check_unique(ids, f"{name}: space ids")
        _check_unique([str(space.at) for space in [*self.card_spaces, *self.landmark_spaces]], f"{name}: positions")
        for landmark in self.landmark_spaces:
            _check_unique(list(landmark.touches), f"{name}: the cards landmark {landmark.id} touches")
            for card_id in landmark.touches:
                if card_id not in cards:
                    raise ValueError(f"{name}: landmark {landmark.id} touches unknown card space {card_id!r}")
                (r1, c1), (r2, c2) = landmark.at, cards[card_id].at
                if max(abs(r1 - r2), abs(c1 - c2)) != 1:
                    raise ValueError(f"{name}: landmark {landmark.id} touches {card_id}, which is not next to it on the grid")
        wild = Counter(space.wildlife for space in self.landmark_spaces if space.wildlife)
        if wild != Counter({"west": 1, "east": 1}):
            raise ValueError(f"{name}: needs exactly one western and one eastern wildlife landmark")
        touched = {card_id for space in self.landmark_spaces if not space.wildlife for card_id in space.touches}
        untouched = sorted(set(cards) - touched)
        if untouched:
            raise ValueError(f"{name}: card spaces {untouched} are touched by no landmark")
        columns = [space.at[1] for space in self.card_spaces]
        if self.wildlife("west").at[1] >= min(columns) or self.wildlife("east").at[1] <= max(columns):
            raise ValueError(f"{name}: the wildlife landmarks lie west and east of every card space")
        top = sorted((space for space in self.card_spaces if space.row == "top"), key=lambda s: s.at[1])
        bottom = sorted((space for space in self.card_spaces if space.row == "bottom"), key=lambda s: -s.at[1])
        if not top or not bottom:
            raise ValueError(f"{name}: needs a top and a bottom row of card spaces")
        if len({space.at[0] for space in top}) != 1 or len({space.at[0] for space in bottom}) != 1 or top[0].at[0] >= bottom[0].at[0]:
            raise ValueError(f"{name}: each row of cards lies on one grid row, the top row above the bottom one")
        expected = (
            self.wildlife("west").id, *(s.id for s in top), self.wildlife("east").id, *(s.id for s in bottom)
        )
        if self.migration != expected:
            raise ValueError(
                f"{name}: migration goes west, the top row from the top left, east, the bottom row from the bottom right: {list(expected)}"
            )
        return self

    def wildlife(self, which: Literal["west", "east"]) -> LandmarkSpace:
        return next(space for space in self.landmark_spaces if space.wildlife == which)

    @property
    def landmarks(self) -> list[LandmarkSpace]:
        """The spaces that take a landmark tile (the wildlife landmarks excluded)."""
        return [space for space in self.landmark_spaces if space.wildlife is None]

    def touches(self, landmark_id: str) -> tuple[str, ...]:
        """The card spaces next to a landmark space (KeyError for an unknown id)."""
        return {space.id: space.touches for space in self.landmark_spaces}[landmark_id]

    def touching(self, card_id: str) -> tuple[str, ...]:
        """The landmark spaces (wildlife included) next to a card space."""
        return tuple(space.id for space in self.landmark_spaces if card_id in space.touches)


class WildernessFile(_File):
    sides: list[BoardSide]

    @model_validator(mode="after")
    def _both_sides(self) -> "WildernessFile":
        if sorted(side.side for side in self.sides) != sorted(BOARD_SIDES):
            raise ValueError("the wilderness board has exactly the sides A and B")
        for side in self.sides:
            players, cards, landmarks = BOARD_SIDES[side.side]
            if side.players != players:
                raise ValueError(f"side {side.side} is for {list(players)} players")
            if len(side.card_spaces) != cards:
                raise ValueError(f"side {side.side} has {cards} card spaces, not {len(side.card_spaces)}")
            if len(side.landmarks) != landmarks:
                raise ValueError(f"side {side.side} has {landmarks} landmark spaces besides the wildlife landmarks")
        return self


# --------------------------------------------------------------------- landmarks


class _Reward(_Record):
    pollinators: int = Field(default=0, ge=-2, le=2)
    bloom: int = Field(default=0, ge=0, le=2)

    def _check_reward(self, lowest_chip: int) -> None:
        if (self.pollinators != 0) + (self.bloom != 0) != 1:
            raise ValueError(f"{self.kind}: a reward is pollinators or bloom, exactly one of them")  # type: ignore[attr-defined]
        if lowest_chip + self.pollinators < 1:
            raise ValueError(f"{self.kind}: a reward may not leave a chip sending no pollinator")  # type: ignore[attr-defined]

    def _reward_words(self) -> str:
        if self.bloom:
            return "earns a bloom advance" if self.bloom == 1 else f"earns {self.bloom} bloom advances"
        more = "more" if self.pollinators > 0 else "fewer"
        count = abs(self.pollinators)
        return f"sends {'one' if count == 1 else count} {more} pollinator{'s' if count > 1 else ''}"


class OnlyValues(_Record):
    kind: Literal["only_values"]
    values: tuple[int, ...]

    @model_validator(mode="after")
    def _check(self) -> "OnlyValues":
        _check_values(self.values, self.kind)
        if set(self.values) == set(CHIP_VALUES):
            raise ValueError("only_values: listing every value restricts nothing")
        return self

    @property
    def summary(self) -> str:
        return f"Takes only a {_words(list(self.values))}"


class IfValue(_Reward):
    kind: Literal["if_value"]
    values: tuple[int, ...]

    @model_validator(mode="after")
    def _check(self) -> "IfValue":
        _check_values(self.values, self.kind)
        self._check_reward(min(self.values))
        return self

    @property
    def summary(self) -> str:
        return f"A {_words(list(self.values))} {self._reward_words()}"


class IfExtreme(_Reward):
    kind: Literal["if_extreme"]
    extreme: Literal["lowest", "highest"]

    @model_validator(mode="after")
    def _check(self) -> "IfExtreme":
        self._check_reward(min(CHIP_VALUES))
        return self

    @property
    def summary(self) -> str:
        return f"The {self.extreme} chip here {self._reward_words()}"


class OneCard(_Record):
    kind: Literal["one_card"]
    summary: ClassVar[str] = "All of the chip's pollinators go to a single card"


class EvenSplit(_Record):
    kind: Literal["even_split"]
    summary: ClassVar[str] = "The chip's pollinators are shared out evenly over the cards"


class MaxChips(_Record):
    kind: Literal["max_chips"]
    count: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"Room for {self.count} chip{'s' if self.count > 1 else ''} only"


class MatchRound(_Record):
    kind: Literal["match_round"]
    summary: ClassVar[str] = "The chip's value must be the round number"


LandmarkRule = Annotated[
    Union[OnlyValues, IfValue, IfExtreme, OneCard, EvenSplit, MaxChips, MatchRound],
    Field(discriminator="kind"),
]


class LandmarkSide(_Record):
    rule: LandmarkRule
    source: Source


class LandmarkTile(_Record):
    number: int = Field(ge=1)
    numbered: LandmarkSide
    unnumbered: LandmarkSide
    source: Source

    def side(self, flipped: bool) -> LandmarkSide:
        return self.unnumbered if flipped else self.numbered


class HiveRule(_Record):
    rule: LandmarkRule
    source: Source


class Theme(_Record):
    key: str
    name: str
    landmarks: tuple[int, ...]
    four_player_extra: int | None
    # The seat counts the theme is offered for (the rulebook's: Duo is for two).
    players: tuple[int, ...]
    source: Source


class LandmarksFile(_File):
    landmarks: list[LandmarkTile]
    hive: HiveRule
    themes: list[Theme]

    @model_validator(mode="after")
    def _fits(self) -> "LandmarksFile":
        numbers = [tile.number for tile in self.landmarks]
        _check_unique([str(number) for number in numbers], "landmark numbers")
        if len(numbers) != LANDMARK_TILES:
            raise ValueError(f"the box holds {LANDMARK_TILES} landmarks, not {len(numbers)}")
        known = set(numbers)
        if 21 not in known or self.tile(21).numbered.rule.kind != "match_round":
            raise ValueError("landmark 21's numbered side is printed: the chip must match the round")
        keys = [theme.key for theme in self.themes]
        if sorted(keys) != sorted(LANDMARK_THEMES) or len(keys) != len(LANDMARK_THEMES):
            raise ValueError(f"the landmark themes are {sorted(LANDMARK_THEMES)}")
        for theme in self.themes:
            used = list(theme.landmarks) + ([theme.four_player_extra] if theme.four_player_extra is not None else [])
            _check_unique([str(number) for number in used], f"theme {theme.name}: landmarks")
            missing = sorted(set(used) - known)
            if missing:
                raise ValueError(f"theme {theme.name} names landmarks {missing}, which are not in the box")
        return self

    def tile(self, number: int) -> LandmarkTile:
        return next(tile for tile in self.landmarks if tile.number == number)


# ---------------------------------------------------------------- card abilities


class GainAbility(_Record):
    """A private migration bonus: the winner gains it after placing the card."""

    kind: Literal["gain"]
    gain: Gain

    @property
    def summary(self) -> str:
        return f"When you win it, gain {self.gain.summary}"


class PublicAbility(_Record):
    """A public migration bonus for every faction with enough pollinators on the card."""

    kind: Literal["public"]
    min_pollinators: int = Field(ge=1, le=9)
    gain: Gain

    @property
    def summary(self) -> str:
        return f"Everyone with {self.min_pollinators}+ pollinators here gains {self.gain.summary}"


class AutoPollinate(_Record):
    kind: Literal["auto_pollinate"]
    summary: ClassVar[str] = "Pollinates itself for free"


HybridAbility = Annotated[Union[GainAbility, PublicAbility, AutoPollinate], Field(discriminator="kind")]


class PublicFewest(_Record):
    kind: Literal["public_fewest"]
    measure: Literal["bloom", "points"]
    gain: Gain

    @property
    def summary(self) -> str:
        who = "furthest behind on the bloom track" if self.measure == "bloom" else "with the fewest points"
        return f"Of the factions with pollinators here, the one {who} gains {self.gain.summary}"


class PublicLosers(_Record):
    kind: Literal["public_losers"]
    gain: Gain

    @property
    def summary(self) -> str:
        return f"If you have pollinators here and do not win it, gain {self.gain.summary}"


PER_WORDS = {
    "grove_with_pollinator": "grove holding one of your pollinators",
    "biome_with_card": "biome of your habitat holding a card",
    "pollinator_in_chosen_grove": "pollinator of yours in one grove you pick",
    "nectar_card": "nectar card in your hand",
    "nectar_in_chosen_biome": "nectar showing in one biome you pick",
}


class PointsPer(_Record):
    kind: Literal["points_per"]
    per: Literal[
        "grove_with_pollinator", "biome_with_card", "pollinator_in_chosen_grove", "nectar_card", "nectar_in_chosen_biome"
    ]
    points: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"When you win it, score {self.points} per {PER_WORDS[self.per]}"


class StormFirstChip(_Record):
    kind: Literal["storm_first_chip"]
    adjacent: Literal["must", "must_not"]

    @property
    def summary(self) -> str:
        where = "next to this card" if self.adjacent == "must" else "away from this card"
        return f"Storm: each faction's first chip of the round goes to a landmark {where}, if it can"


class StormMaxSend(_Record):
    kind: Literal["storm_max_send"]
    max: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"Storm: no more than {self.max} pollinators to this card in one turn"


class StormMinSend(_Record):
    kind: Literal["storm_min_send"]
    min: int = Field(ge=2)

    @property
    def summary(self) -> str:
        return f"Storm: pollinators come here {self.min} or more at a time, or not at all"


class EdgeMustSend(_Record):
    kind: Literal["edge_must_send"]
    min: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"A chip placed next to this card must send it at least {self.min} pollinator{'s' if self.min > 1 else ''}"


class EdgeMayMoveOut(_Record):
    kind: Literal["edge_may_move_out"]
    count: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"A chip placed next to this card may move {self.count} of its faction's pollinators from here to another card"


class EdgePullFromGrove(_Record):
    kind: Literal["edge_pull_from_grove"]
    count: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"A chip placed next to this card, whose faction has no pollinator here, brings {self.count} of them here from any grove"


EventAbility = Annotated[
    Union[
        PublicFewest, PublicLosers, GainAbility, PointsPer, StormFirstChip, StormMaxSend, StormMinSend,
        EdgeMustSend, EdgeMayMoveOut, EdgePullFromGrove, AutoPollinate,
    ],
    Field(discriminator="kind"),
]
EVENT_ABILITY_TYPES = {
    "public_fewest": "public", "public_losers": "public", "gain": "private", "points_per": "private",
    "storm_first_chip": "storm", "storm_max_send": "storm", "storm_min_send": "storm",
    "edge_must_send": "landmark", "edge_may_move_out": "landmark", "edge_pull_from_grove": "landmark",
    "auto_pollinate": "misc",
}


def _check_cost(name: str, cost: int, ability_kind: str) -> None:
    if (cost == 0) != (ability_kind == "auto_pollinate"):
        raise ValueError(f"{name}: a cost of 0 is the auto-pollinate arrow, and only that (cost {cost}, ability {ability_kind})")


# ------------------------------------------------------------------------ hybrids


class Hybrid(_Record):
    id: str
    name: str
    deck: str
    biomes: tuple[str, ...] = Field(min_length=1)
    cost: int = Field(ge=0, le=3)
    nectar: int = Field(ge=1, le=6)
    ability: HybridAbility
    source: Source
    note: str | None = None

    is_event: ClassVar[bool] = False

    @model_validator(mode="after")
    def _check(self) -> "Hybrid":
        if self.deck not in BIOMES:
            raise ValueError(f"{self.name}: unknown deck biome {self.deck!r}")
        _check_unique(list(self.biomes), f"{self.name}: biomes")
        if not set(self.biomes) <= set(BIOMES) or self.biomes[0] != self.deck:
            raise ValueError(f"{self.name}: biomes are real biomes, its deck's first")
        _check_cost(self.name, self.cost, self.ability.kind)
        ability = self.ability
        if isinstance(ability, (GainAbility, PublicAbility)):
            gain = ability.gain
            if gain.parts != 1:
                raise ValueError(f"{self.name}: a hybrid's bonus gives one thing")
            if isinstance(ability, GainAbility):
                fits = (
                    gain.points in (1, 2, 3) or gain.bloom == 2 or gain.nectar_cards == 1 or gain.groves == ("any",)
                )
                printed = "1-3 points, 2 bloom advances, a nectar card or a pollinator in a grove of your choice"
            else:
                fits = 1 <= gain.points <= 3 or gain.bloom == 1 or gain.groves == ("card",)
                printed = "1-3 points, a bloom advance or a pollinator in the card's grove"
            if not fits:
                raise ValueError(f"{self.name}: the hybrid ability list offers only {printed}")
        return self

    @property
    def auto_pollinates(self) -> bool:
        return self.ability.kind == "auto_pollinate"


class HybridsFile(_File):
    hybrids: list[Hybrid]

    @model_validator(mode="after")
    def _counts(self) -> "HybridsFile":
        _check_ids([card.id for card in self.hybrids], "H", 2, "hybrid")
        _check_unique([card.name for card in self.hybrids], "hybrid names")
        if len(self.hybrids) != HYBRIDS:
            raise ValueError(f"there are {HYBRIDS} hybrid cards, not {len(self.hybrids)}")
        per_deck = Counter(card.deck for card in self.hybrids)
        if per_deck != Counter({biome: HYBRIDS_PER_BIOME for biome in BIOMES}):
            raise ValueError(f"each biome deck holds {HYBRIDS_PER_BIOME} hybrids: {dict(per_deck)}")
        return self


# ------------------------------------------------------------------------- events


class Event(_Record):
    id: str
    name: str
    biomes: tuple[str, ...] = Field(min_length=1)
    placement: str
    cost: int = Field(ge=0, le=3)
    nectar: int = Field(ge=1, le=6)
    ability: EventAbility
    source: Source
    stats_source: Source
    note: str | None = None

    is_event: ClassVar[bool] = True

    @model_validator(mode="after")
    def _check(self) -> "Event":
        _check_unique(list(self.biomes), f"{self.name}: biomes")
        if self.biomes != (WILD,) and not set(self.biomes) <= set(BIOMES):
            raise ValueError(f"{self.name}: biomes are real biomes, or the wild symbol alone")
        if self.placement not in BIOMES:
            raise ValueError(f"{self.name}: the placement icon shows one biome, not {self.placement!r}")
        _check_cost(self.name, self.cost, self.ability.kind)
        return self

    @property
    def auto_pollinates(self) -> bool:
        return self.ability.kind == "auto_pollinate"

    @property
    def ability_type(self) -> str:
        """'public', 'private', 'storm', 'landmark' or 'misc'."""
        return EVENT_ABILITY_TYPES[self.ability.kind]


class EventsFile(_File):
    events: list[Event]

    @model_validator(mode="after")
    def _counts(self) -> "EventsFile":
        _check_ids([card.id for card in self.events], "E", 2, "event")
        _check_unique([card.name for card in self.events], "event names")
        if len(self.events) != EVENTS:
            raise ValueError(f"there are {EVENTS} event cards, not {len(self.events)}")
        names = {card.name for card in self.events}
        if names != set(PRINTED_EVENTS):
            raise ValueError(f"event names are printed: unknown {sorted(names - set(PRINTED_EVENTS))}")
        for card in self.events:
            if card.ability.kind != PRINTED_EVENTS[card.name]:
                raise ValueError(f"{card.name}: its printed ability is of kind {PRINTED_EVENTS[card.name]!r}")
        return self


# -------------------------------------------------------------------------- blooms


class _Objective(_Record):
    phase: ClassVar[Literal["chips", "migration", "pollination"]]


class ChipsOnLandmark(_Objective):
    kind: Literal["chips_on_landmark"]
    count: int = Field(ge=2, le=5)
    phase: ClassVar = "chips"

    @property
    def summary(self) -> str:
        return f"{self.count} or more of your chips on one landmark (each such landmark)"


class ChipTotalOnLandmark(_Objective):
    kind: Literal["chip_total_on_landmark"]
    min: int = Field(ge=2, le=15)
    phase: ClassVar = "chips"

    @property
    def summary(self) -> str:
        return f"Your chips on one landmark add up to {self.min} or more (each such landmark)"


class TopOfStack(_Objective):
    kind: Literal["top_of_stack"]
    min_stack: int = Field(ge=2)
    phase: ClassVar = "chips"

    @property
    def summary(self) -> str:
        return f"Your chip tops a stack of {self.min_stack} or more (each such landmark)"


class BottomOfStack(_Objective):
    kind: Literal["bottom_of_stack"]
    min_stack: int = Field(ge=2)
    phase: ClassVar = "chips"

    @property
    def summary(self) -> str:
        return f"Your chip lies under a stack of {self.min_stack} or more (each such landmark)"


def _card_filter_words(biome: str | None, costs: tuple[int, ...] | None) -> str:
    words = "a card"
    if biome:
        words = f"{'an' if biome[0] in 'aeiou' else 'a'} {biome} card"
    if costs is not None:
        words += f" costing {_words(list(costs))}"
    return words


def _check_filters(biome: str | None, costs: tuple[int, ...] | None) -> None:
    if biome is not None and biome not in BIOMES:
        raise ValueError(f"unknown biome {biome!r}")
    if costs is not None and (not costs or list(costs) != sorted(set(costs)) or not set(costs) <= {0, 1, 2, 3}):
        raise ValueError("costs list pollination costs 0-3, once each, lowest first")


class WinCard(_Objective):
    kind: Literal["win_card"]
    biome: str | None = None
    costs: tuple[int, ...] | None = None
    event: bool | None = None
    min_pollinators: int | None = Field(default=None, ge=1)
    max_pollinators: int | None = Field(default=None, ge=1)
    phase: ClassVar = "migration"

    @model_validator(mode="after")
    def _check(self) -> "WinCard":
        _check_filters(self.biome, self.costs)
        if self.min_pollinators and self.max_pollinators and self.min_pollinators > self.max_pollinators:
            raise ValueError("win_card: min_pollinators above max_pollinators")
        return self

    @property
    def summary(self) -> str:
        words = "Win " + ("an event card" if self.event else _card_filter_words(self.biome, self.costs))
        if self.event is False:
            words += " that is not an event"
        if self.min_pollinators == self.max_pollinators and self.min_pollinators:
            words += f" with exactly {self.min_pollinators} of your pollinators"
        elif self.min_pollinators:
            words += f" with {self.min_pollinators}+ of your pollinators"
        elif self.max_pollinators:
            words += f" with at most {self.max_pollinators} of your pollinators"
        return words + " (each card)"


class LoseCard(_Objective):
    kind: Literal["lose_card"]
    min_pollinators: int = Field(ge=1)
    phase: ClassVar = "migration"

    @property
    def summary(self) -> str:
        return f"Lose a card you had {self.min_pollinators}+ pollinators on (each card)"


class WinWildlife(_Objective):
    kind: Literal["win_wildlife"]
    phase: ClassVar = "migration"
    summary: ClassVar[str] = "Win a wildlife landmark (each one)"


class HabitatTile(_Objective):
    kind: Literal["habitat_tile"]
    phase: ClassVar = "migration"
    summary: ClassVar[str] = "Place a habitat tile (each tile)"


class BiomeReaches(_Objective):
    kind: Literal["biome_reaches"]
    count: int = Field(ge=1)
    phase: ClassVar = "migration"

    @property
    def summary(self) -> str:
        return f"A biome of your habitat reaches {self.count} cards (each biome)"


class PollinateCard(_Objective):
    kind: Literal["pollinate_card"]
    biome: str | None = None
    costs: tuple[int, ...] | None = None
    phase: ClassVar = "pollination"

    @model_validator(mode="after")
    def _check(self) -> "PollinateCard":
        _check_filters(self.biome, self.costs)
        return self

    @property
    def summary(self) -> str:
        return f"Pollinate {_card_filter_words(self.biome, self.costs)} (each card)"


class PollinateCount(_Objective):
    kind: Literal["pollinate_count"]
    count: int = Field(ge=1)
    phase: ClassVar = "pollination"

    @property
    def summary(self) -> str:
        return f"Pollinate {self.count} or more cards in one pollination"


class GroveTake(_Objective):
    kind: Literal["grove_take"]
    min: int = Field(ge=1)
    phase: ClassVar = "pollination"

    @property
    def summary(self) -> str:
        return f"Take {self.min} or more pollinators from your grove"


class NoLeftover(_Objective):
    kind: Literal["no_leftover"]
    phase: ClassVar = "pollination"
    summary: ClassVar[str] = "Spend every pollinator you took, none left over"


Objective = Annotated[
    Union[
        ChipsOnLandmark, ChipTotalOnLandmark, TopOfStack, BottomOfStack, WinCard, LoseCard, WinWildlife,
        HabitatTile, BiomeReaches, PollinateCard, PollinateCount, GroveTake, NoLeftover,
    ],
    Field(discriminator="kind"),
]


class Bloom(_Record):
    id: str
    name: str
    objective: Objective
    blooms: int = Field(ge=1, le=3)
    source: Source


class BloomsFile(_File):
    blooms: list[Bloom]

    @model_validator(mode="after")
    def _counts(self) -> "BloomsFile":
        _check_ids([card.id for card in self.blooms], "B", 2, "bloom card")
        _check_unique([card.name for card in self.blooms], "bloom card names")
        if len(self.blooms) != BLOOMS:
            raise ValueError(f"there are {BLOOMS} bloom cards, not {len(self.blooms)}")
        return self


# ------------------------------------------------------------- nectar and wildlife


class NectarCard(_Record):
    id: str
    biome: str
    nectar: int = Field(ge=1, le=5)
    source: Source

    @model_validator(mode="after")
    def _biome(self) -> "NectarCard":
        if self.biome not in BIOMES:
            raise ValueError(f"nectar card {self.id}: unknown biome {self.biome!r}")
        return self


class NectarFile(_File):
    nectar_cards: list[NectarCard]

    @model_validator(mode="after")
    def _counts(self) -> "NectarFile":
        _check_ids([card.id for card in self.nectar_cards], "N", 2, "nectar card")
        if len(self.nectar_cards) != NECTAR_CARDS:
            raise ValueError(f"there are {NECTAR_CARDS} nectar cards, not {len(self.nectar_cards)}")
        per_biome = Counter(card.biome for card in self.nectar_cards)
        if per_biome != Counter({biome: NECTAR_PER_BIOME for biome in BIOMES}):
            raise ValueError(f"each biome has {NECTAR_PER_BIOME} nectar cards: {dict(per_biome)}")
        return self


class WildlifeCard(_Record):
    """Goes in any biome, places and scores no tile, auto-pollinates, counts as a card."""

    id: str
    name: str
    nectar: int = Field(ge=1, le=5)
    source: Source

    biomes: ClassVar[tuple[str, ...]] = (WILD,)
    cost: ClassVar[int] = 0


class WildlifeFile(_File):
    wildlife_cards: list[WildlifeCard]

    @model_validator(mode="after")
    def _counts(self) -> "WildlifeFile":
        _check_ids([card.id for card in self.wildlife_cards], "W", 1, "wildlife card")
        _check_unique([card.name for card in self.wildlife_cards], "wildlife card names")
        if len(self.wildlife_cards) != WILDLIFE_CARDS:
            raise ValueError(f"there are {WILDLIFE_CARDS} wildlife cards, not {len(self.wildlife_cards)}")
        return self


# ------------------------------------------------------------------------- tracks


class BloomSpace(_Record):
    nectar_card: bool
    points: int | None = Field(ge=1)


class BloomTrack(_Record):
    spaces: list[BloomSpace] = Field(min_length=2)
    source: Source

    @model_validator(mode="after")
    def _check(self) -> "BloomTrack":
        start = self.spaces[0]
        if start.nectar_card or start.points is not None:
            raise ValueError("bloom track: the starting space carries nothing")
        points = [space.points for space in self.spaces if space.points is not None]
        if not points or any(a >= b for a, b in zip(points, points[1:])):
            raise ValueError("bloom track: point spaces must grow along the track")
        if self.spaces[-1].points is None:
            raise ValueError("bloom track: the last space is a point space")
        if not any(space.nectar_card for space in self.spaces):
            raise ValueError("bloom track: needs nectar-card spaces")
        return self

    def points_at(self, position: int) -> int:
        """Points for standing on `position`: the last point space reached."""
        return max((space.points or 0 for space in self.spaces[: position + 1]), default=0)

    def nectar_cards_between(self, start: int, end: int) -> int:
        """Nectar cards drawn moving from `start` to `end` (landing or passing)."""
        return sum(space.nectar_card for space in self.spaces[start + 1 : end + 1])


class CaveSpace(_Record):
    gain: Gain


class CaveTrack(_Record):
    spaces: list[CaveSpace] = Field(min_length=2)
    source: Source


class TracksFile(_File):
    bloom_track: BloomTrack
    cave_track: CaveTrack


# ------------------------------------------------------------------------ habitat


class Flat(_Record):
    kind: Literal["flat"]
    points: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"Score {self.points}"


class BloomTrackPoints(_Record):
    kind: Literal["bloom_track_points"]
    summary: ClassVar[str] = "Score what your bloom-track position is worth now"


class ThresholdStep(_Record):
    min: int = Field(ge=1)
    points: int = Field(ge=1)


class GroveThreshold(_Record):
    kind: Literal["grove_threshold"]
    steps: list[ThresholdStep] = Field(min_length=1)

    @model_validator(mode="after")
    def _rising(self) -> "GroveThreshold":
        pairs = list(zip(self.steps, self.steps[1:]))
        if any(a.min >= b.min or a.points >= b.points for a, b in pairs):
            raise ValueError("grove_threshold: steps rise in both pollinators and points")
        return self

    @property
    def summary(self) -> str:
        steps = ", ".join(f"{step.points} with {step.min}+" for step in self.steps)
        return f"Score by your pollinators in one grove: {steps}"


class PerGroveWithPollinator(_Record):
    kind: Literal["per_grove_with_pollinator"]
    points: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"Score {self.points} per grove holding one of your pollinators"


class ChipPosition(_Record):
    kind: Literal["chip_position"]
    position: Literal["top", "bottom"]
    points: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"Score {self.points} per landmark with your chip at the {self.position} of the stack"


class PerPollinatorOnCard(_Record):
    kind: Literal["per_pollinator_on_card"]
    base: int = Field(ge=0)
    per: int

    @model_validator(mode="after")
    def _per(self) -> "PerPollinatorOnCard":
        if self.per == 0:
            raise ValueError("per_pollinator_on_card: per must not be 0")
        return self

    @property
    def summary(self) -> str:
        if self.base == 0:
            return f"Score {self.per} per pollinator you had on the card"
        sign = "plus" if self.per > 0 else "minus"
        return f"Score {self.base} {sign} {abs(self.per)} per pollinator you had on the card"


class PerBiomeWithCard(_Record):
    kind: Literal["per_biome_with_card"]
    points: int = Field(ge=1)

    @property
    def summary(self) -> str:
        return f"Score {self.points} per biome of your habitat holding a card"


class ByCost(_Record):
    kind: Literal["by_cost"]
    cost_points: tuple[int, int, int, int]

    @property
    def summary(self) -> str:
        return "Score by the card's cost: " + ", ".join(
            f"{points} for {cost}" for cost, points in enumerate(self.cost_points) if points
        )


TileScoring = Annotated[
    Union[Flat, BloomTrackPoints, GroveThreshold, PerGroveWithPollinator, ChipPosition, PerPollinatorOnCard, PerBiomeWithCard, ByCost],
    Field(discriminator="kind"),
]


class HabitatTileInfo(_Record):
    letter: str
    day: TileScoring
    night: TileScoring
    source: Source

    def side(self, theme: Literal["day", "night"]) -> TileScoring:
        return self.day if theme == "day" else self.night


class HabitatTheme(_Record):
    key: Literal["day", "night"]
    name: str
    source: Source


class HabitatFile(_File):
    tiles: list[HabitatTileInfo]
    themes: list[HabitatTheme]

    @model_validator(mode="after")
    def _letters(self) -> "HabitatFile":
        if tuple(tile.letter for tile in self.tiles) != TILE_LETTERS:
            raise ValueError(f"habitat tiles are lettered {list(TILE_LETTERS)}, in that order")
        if sorted(theme.key for theme in self.themes) != ["day", "night"]:
            raise ValueError("the habitat themes are day and night")
        return self


# ------------------------------------------------------------------- all together


class Content(_Record):
    game: GameFile
    factions: FactionsFile
    wilderness: WildernessFile
    landmarks: LandmarksFile
    hybrids: HybridsFile
    events: EventsFile
    blooms: BloomsFile
    nectar: NectarFile
    wildlife: WildlifeFile
    tracks: TracksFile
    habitat: HabitatFile

    @model_validator(mode="after")
    def _together(self) -> "Content":
        n = self.game.numbers
        seats = set(range(n.min_seats, n.max_seats + 1))
        covered = [players for side in self.wilderness.sides for players in side.players]
        if sorted(covered) != sorted(seats):
            raise ValueError(f"each seat count {sorted(seats)} plays on exactly one board side")
        # A grove row reads "T T3" when a faction shares a biome's letter: never one mark for two things.
        biome_letters = {biome.letter for biome in self.game.biomes} | {WILD_LETTER}
        for faction in self.factions.factions:
            if faction.letter in biome_letters:
                raise ValueError(f"{faction.name}: letter {faction.letter} is already a biome letter")
        themes = self.landmarks.themes
        for side in self.wilderness.sides:
            mixed = n.four_player_mixed_spaces if 4 in side.players else 0
            if len(side.card_spaces) != len(BIOMES) + mixed + 1:
                raise ValueError(
                    f"side {side.side}: one card space per biome stack{', the mixed stacks' if mixed else ''} and one empty space"
                )
            for theme in themes:
                if not set(theme.players) & set(side.players):
                    continue
                if 4 in theme.players and 4 in side.players and theme.four_player_extra is None:
                    raise ValueError(f"theme {theme.name} is offered for four seats but has no four-player landmark")
                count = len(theme.landmarks) + (1 if 4 in side.players else 0)
                if count != len(side.landmarks):
                    raise ValueError(
                        f"theme {theme.name} fills {count} landmark spaces on side {side.side}, which has {len(side.landmarks)}"
                    )
        for players in seats:
            if not any(players in theme.players for theme in themes):
                raise ValueError(f"no landmark theme is offered for {players} seat{'s' if players > 1 else ''}")
        needed = n.cards_per_stack + (1 if n.four_player_mixed_spaces else 0)
        if HYBRIDS_PER_BIOME < needed:
            raise ValueError("a biome deck is too small for setup")
        if len(self.events.events) < n.events_face_down + n.four_player_extra_events:
            raise ValueError("too few event cards for setup")
        if len(self.blooms.blooms) < n.bloom_cards_shown * n.rounds:
            raise ValueError("too few bloom cards for three rounds")
        if len(self.nectar.nectar_cards) < n.nectar_dealt * n.max_seats:
            raise ValueError("too few nectar cards to deal")
        if len(self.wildlife.wildlife_cards) < n.rounds:
            raise ValueError("too few wildlife cards: one may be won each round")
        return self


def raw_files() -> dict[str, Any]:
    """The asset files as parsed JSON, each `_about` renamed `about` (tests break copies of this)."""
    data: dict[str, Any] = {}
    for name in FILES:
        raw = read_json(SLUG, f"{name}.json")
        if isinstance(raw, dict) and "_about" in raw:
            raw["about"] = raw.pop("_about")
        data[name] = raw
    return data


@cache
def content() -> Content:
    return Content.model_validate(raw_files())


@cache
def biomes() -> tuple[BiomeInfo, ...]:
    return tuple(content().game.biomes)


def numbers() -> Numbers:
    return content().game.numbers


def nectar_majority() -> NectarMajority:
    return content().game.nectar_majority


@cache
def nectar_scoring_order() -> tuple[str, ...]:
    return content().game.nectar_scoring_order.biomes


@cache
def factions() -> dict[str, Faction]:
    """Faction key -> faction, in the order listed."""
    return {faction.key: faction for faction in content().factions.factions}


@cache
def board(players: int) -> BoardSide:
    """The board side a game with `players` seats uses."""
    for side in content().wilderness.sides:
        if players in side.players:
            return side
    raise ValueError(f"no board side for {players} players")


@cache
def board_side(side: str) -> BoardSide:
    return next(candidate for candidate in content().wilderness.sides if candidate.side == side)


@cache
def landmarks() -> dict[int, LandmarkTile]:
    """Landmark number -> tile, lowest number first."""
    return {tile.number: tile for tile in sorted(content().landmarks.landmarks, key=lambda tile: tile.number)}


def hive() -> HiveRule:
    return content().landmarks.hive


@cache
def landmark_themes() -> dict[str, Theme]:
    return {theme.key: theme for theme in content().landmarks.themes}


@cache
def hybrids() -> tuple[Hybrid, ...]:
    return tuple(content().hybrids.hybrids)


@cache
def hybrid_decks() -> dict[str, tuple[Hybrid, ...]]:
    """Biome -> the hybrids of that biome's deck."""
    return {biome: tuple(card for card in hybrids() if card.deck == biome) for biome in BIOMES}


@cache
def events() -> tuple[Event, ...]:
    return tuple(content().events.events)


@cache
def cards() -> dict[str, Hybrid | Event]:
    """Every card that can sit on a card space, by id (H.. hybrids, E.. events)."""
    return {card.id: card for card in (*hybrids(), *events())}


@cache
def blooms() -> tuple[Bloom, ...]:
    return tuple(content().blooms.blooms)


@cache
def nectar_cards() -> tuple[NectarCard, ...]:
    return tuple(content().nectar.nectar_cards)


@cache
def wildlife_cards() -> tuple[WildlifeCard, ...]:
    return tuple(content().wildlife.wildlife_cards)


def bloom_track() -> BloomTrack:
    return content().tracks.bloom_track


def cave_track() -> CaveTrack:
    return content().tracks.cave_track


@cache
def habitat_tiles() -> dict[str, HabitatTileInfo]:
    """Tile letter -> tile."""
    return {tile.letter: tile for tile in content().habitat.tiles}
