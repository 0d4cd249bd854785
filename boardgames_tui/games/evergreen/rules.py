"""Evergreen's rules, with the Cherry Blossoms and Bamboo modules.

Rules choices where the rulebooks are silent (also in assets/evergreen/rules.md):

- Flow of a round: a sequential draft (first player, then clockwise), then the
  leftover card is resolved (a wild leftover with a fertility-type icon waits for
  the last picker's biome), then every seat's drafted power rises one level and the
  action phase is simultaneous.
- The action phase is a sequence of small steps per seat (power uses, action
  steps, lake growths) ending with Done.  Each step is applied at once to that
  seat's private working board (`Plan.board`); other seats' views show only the
  public board and whether the seat is done.  When the last seat is done, every plan
  is revealed together (info_epoch rises) and carried out on the public board
  (against the shared pool, below).
- The action is not chosen up front: its steps so far must fit one of the four
  options (plant up to 3 / grow 2 / plant 1 + grow 1, all in the card's biome or,
  for a wild card, in one biome of the player's choice; or one step anywhere).
  Every count is an upper limit and Done may come at any time.  A step's space must
  differ from the action's other steps; powers and lake growths may touch any space.
- Powers come before the first action step or after the last one: the first power
  use after an action step closes the action.  The points power is one use that
  scores the power's level (the same as "up to level uses of 1 point each").
- A lake's two growths must come straight after the lake; any other step gives up
  the ones not taken.  Growth means sprout → small tree or small tree → big tree;
  cherry trees and bamboo never grow by actions or lakes.
- One shared pool holds every piece in the box (45 sprouts, 54 small trees, 61 big
  trees, 20 bushes, 20 lakes; with the modules 30 cherry trees, 20 small and 20 big
  bamboo).  It is public and changes only at a reveal and at a season's bamboo
  growth.  A growth gives the smaller piece back to the pool.
- While planning, a seat may take only what the pool held at the last reveal, less
  what its own plan has taken so far; a step past that is refused at once, with the
  reason.  Others' plans are secret, so together the revealed plans may still want
  more than the pool holds: at the reveal the plans are carried out one seat at a
  time in turn order from the player who led this round's draft, each step in the
  order it was planned.
  A step whose piece the pool no longer holds is refused and logged, and so is a
  later step of the same plan that relied on it (a growth of a sprout that was not
  planted, a lake's growths when the lake was not placed).  The rest goes ahead.
- Every lit small bamboo grows, as long as the pool holds a big bamboo: planets in
  turn order from the holder of the first-player marker (who leads the next round),
  on each planet the ones nearest the sun first (equal distances line by line); any
  the pool cannot cover stay small, logged.
- If nobody takes the card with the first-player marker, the lead passes clockwise.
- A draft row that the deck cannot fill is completed from the discard pile,
  shuffled.  Setup's reveal shuffles back wild, multiplier, aridity and blank cards.
- An aridity leftover turns the last card of its biome's stack (the top one) face
  down, whatever it shows, even an earlier aridity card; then it joins the stack
  face up on top (it counts as a card for multipliers).  On an empty stack it just
  joins.
- Light: sprouts, bushes and lakes have height 0 and neither shade nor score.  The
  biggest forest counts small and big trees, bushes, cherry trees and bamboo, 1 point
  each; sprouts and lakes are not part of a forest.
- Ties are won by the player earliest in turn order, counted from the player holding
  the first-player marker at the end.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import (
    HIDDEN,
    GameRules,
    IllegalMove,
    ScoreRow,
    ScoreSheet,
    Seat,
    shallow_copy,
    visible_log,
)
from boardgames_tui.engine.text import plural
from boardgames_tui.games.evergreen.content import WILD, CardInfo, biomes, cards, content, pieces, powers
from boardgames_tui.games.evergreen.model import (
    Action,
    ChooseBiome,
    Done,
    DraftCard,
    EvergreenOptions,
    EvergreenState,
    Grow,
    LakeGrow,
    Plan,
    Plant,
    PlayerState,
    UsePower,
    ZoneCard,
)
from boardgames_tui.engine.text import and_list

# -- content, flattened for the hot paths -------------------------------------------------
_CONTENT = content()
CARDS: tuple[CardInfo, ...] = cards()
BIOME_KEYS: tuple[str, ...] = tuple(biome.key for biome in biomes())
BIOME_NAMES: dict[str, str] = {biome.key: biome.name for biome in biomes()}
_BIOME_INDEX = {key: index for index, key in enumerate(BIOME_KEYS)}
_ROWS = _CONTENT.board.rows
SIZE = len(_ROWS)
CELLS = SIZE * SIZE
RAVINE = _CONTENT.board.ravine
EMPTY = "."
_LETTER_BIOME = {biome.letter: index for index, biome in enumerate(biomes())}
# Biome index of each space, -1 for a ravine.
BIOME_AT: tuple[int, ...] = tuple(
    -1 if letter == RAVINE else _LETTER_BIOME[letter] for row in _ROWS for letter in row
)
PLAYABLE: tuple[int, ...] = tuple(cell for cell in range(CELLS) if BIOME_AT[cell] >= 0)
EMPTY_BOARD = "".join(RAVINE if BIOME_AT[cell] < 0 else EMPTY for cell in range(CELLS))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        row * SIZE + column
        for row, column in ((cell // SIZE - 1, cell % SIZE), (cell // SIZE + 1, cell % SIZE),
                            (cell // SIZE, cell % SIZE - 1), (cell // SIZE, cell % SIZE + 1))
        if 0 <= row < SIZE and 0 <= column < SIZE
    )
    for cell in range(CELLS)
)

_PIECES = pieces()
SPROUT = _PIECES["sprout"].glyph
SMALL = _PIECES["small"].glyph
BIG = _PIECES["big"].glyph
BUSH = _PIECES["bush"].glyph
LAKE = _PIECES["lake"].glyph
CHERRY = _PIECES["cherry"].glyph
SMALL_BAMBOO = _PIECES["small-bamboo"].glyph
BIG_BAMBOO = _PIECES["big-bamboo"].glyph
PIECE_NAMES: dict[str, str] = {piece.glyph: piece.name for piece in _PIECES.values()}
HEIGHT: dict[str, int] = {EMPTY: 0, RAVINE: 0, **{piece.glyph: piece.height for piece in _PIECES.values()}}
SHADOW: dict[str, int] = {EMPTY: 0, RAVINE: 0, **{piece.glyph: piece.shadow for piece in _PIECES.values()}}
LIGHT_POINTS: dict[str, int] = {EMPTY: 0, RAVINE: 0, **{piece.glyph: piece.light_points for piece in _PIECES.values()}}
FOREST: frozenset[str] = frozenset(piece.glyph for piece in _PIECES.values() if piece.forest)
_MODULE_GLYPHS = {
    "cherry": (CHERRY,),
    "bamboo": (SMALL_BAMBOO, BIG_BAMBOO),
}
# Glyph -> how many of that piece the box holds: the shared pool at setup.
BOX: dict[str, int] = {piece.glyph: piece.box for piece in _PIECES.values()}
# What a growth (action, lake) turns a piece into.
GROWTH: dict[str, str] = {SPROUT: SMALL, SMALL: BIG}
# Power -> (the piece its target space must hold, the piece it leaves there).
POWER_EFFECT: dict[str, tuple[str, str]] = {
    "sprout": (EMPTY, SPROUT),
    "sprout-to-small": (SPROUT, SMALL),
    "small-to-big": (SMALL, BIG),
    "bush": (EMPTY, BUSH),
    "lake": (EMPTY, LAKE),
    "cherry": (SPROUT, CHERRY),
    "bamboo": (EMPTY, SMALL_BAMBOO),
}
POINTS = "points"
POWERS = powers()
BASE_POWERS: tuple[str, ...] = tuple(_CONTENT.base_powers.order)
SEASONS: tuple[str, ...] = tuple(season.name for season in _CONTENT.seasons)
SEASON_ROUNDS: tuple[int, ...] = tuple(season.rounds for season in _CONTENT.seasons)
TOTAL_ROUNDS = sum(SEASON_ROUNDS)
SUN: tuple[str, ...] = tuple(season.sun for season in _CONTENT.seasons)
STARTING_POINTS: tuple[int, ...] = tuple(_CONTENT.starting_points.values)
SETUP_ICONS = _CONTENT.setup_fertility_icons.value
POWER_TRACK_MAX = _CONTENT.power_track_max.value
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:SIZE]


def _line(start: int, step: int) -> tuple[int, ...]:
    return tuple(start + step * index for index in range(SIZE))


# Edge -> the lines light travels along, each ordered from the sun.
LINES: dict[str, tuple[tuple[int, ...], ...]] = {
    "top": tuple(_line(column, SIZE) for column in range(SIZE)),
    "bottom": tuple(_line(CELLS - SIZE + column, -SIZE) for column in range(SIZE)),
    "left": tuple(_line(row * SIZE, 1) for row in range(SIZE)),
    "right": tuple(_line(row * SIZE + SIZE - 1, -1) for row in range(SIZE)),
}
# Edge -> each space's distance from the sun (0 = the row or column next to it).
DEPTH: dict[str, dict[int, int]] = {
    edge: {cell: depth for line in lines for depth, cell in enumerate(line)} for edge, lines in LINES.items()
}

# Actions are frozen: every one a bot may be offered is built once and handed out again.
_DRAFT = tuple(DraftCard(card=card.id) for card in CARDS)
_BIOME_ACTIONS = tuple(ChooseBiome(biome=key) for key in BIOME_KEYS)
_PLANT = tuple(Plant(space=cell) for cell in range(CELLS))
_GROW = tuple(Grow(space=cell) for cell in range(CELLS))
_POWER = tuple(UsePower(space=cell) for cell in range(CELLS))
_POWER_POINTS = UsePower(space=None)
_LAKE_GROW = tuple(LakeGrow(space=cell) for cell in range(CELLS))
_DONE = Done()
_ALL_BIOMES = frozenset(range(len(BIOME_KEYS)))
_NO_BIOMES: frozenset[int] = frozenset()
_ACTION_TYPES = (DraftCard, ChooseBiome, Plant, Grow, UsePower, LakeGrow, Done)
_STEP_TYPES = (Plant, Grow, UsePower, LakeGrow)


# -- small public helpers (for the screen, tests and bots) ---------------------------------
def space_name(cell: int) -> str:
    """'A1' is the top-left space; letters are columns, numbers rows from the top."""
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}"


def biome_at(cell: int) -> str | None:
    """The biome key of a space, or None for a ravine."""
    index = BIOME_AT[cell]
    return None if index < 0 else BIOME_KEYS[index]


def card_label(card: int) -> str:
    """'Swamp · Place a Lake · 2 fertility'."""
    info = CARDS[card]
    biome = "Wild" if info.biome == WILD else BIOME_NAMES[info.biome]
    return f"{biome} · {POWERS[info.power].name}{_icon_text(info)}"


def _icon_text(info: CardInfo) -> str:
    if info.fertility:
        return f" · {info.fertility} fertility"
    if info.aridity:
        return " · aridity"
    if info.multiplier:
        return " · fertility multiplier"
    if info.negative:
        return " · negative fertility"
    return ""


def sun_edge(state: EvergreenState) -> str:
    return SUN[min(state.season, len(SUN) - 1)]


def turn_order(state: EvergreenState) -> list[int]:
    count = len(state.players)
    return [(state.first_player + offset) % count for offset in range(count)]


def lit_spaces(board: str, edge: str) -> list[int]:
    """Spaces holding a plant of height 1 or more that light from `edge` reaches.

    Light runs along each row or column away from the sun.  A plant is in shadow
    when an equal-or-taller plant stands nearer the sun within that plant's shadow
    length; ravines and empty spaces are spaces like any other.
    """
    lit = []
    height = HEIGHT
    shadow = SHADOW
    for line in LINES[edge]:
        # Height and shadow of the previous space and the one before it.
        h1 = s1 = h2 = s2 = 0
        for cell in line:
            glyph = board[cell]
            h = height[glyph]
            if h and not ((s1 >= 1 and h1 >= h) or (s2 >= 2 and h2 >= h)):
                lit.append(cell)
            h2, s2 = h1, s1
            h1, s1 = h, shadow[glyph]
    return lit


def grow_bamboo(board: str, edge: str, big_bamboo_left: int | None = None) -> tuple[str, list[int]]:
    """The bamboo step before light: every small bamboo in light becomes big, all at once.

    Which ones are lit is decided on the board as it was; with `big_bamboo_left`
    pieces in the supply only that many grow: nearest the sun first (equal
    distances line by line).
    """
    if SMALL_BAMBOO not in board:
        return board, []
    grown = [cell for cell in lit_spaces(board, edge) if board[cell] == SMALL_BAMBOO]
    if big_bamboo_left is not None and len(grown) > big_bamboo_left:
        grown = sorted(grown, key=DEPTH[edge].__getitem__)[: max(0, big_bamboo_left)]
    if not grown:
        return board, []
    cells = list(board)
    for cell in grown:
        cells[cell] = BIG_BAMBOO
    return "".join(cells), grown


class LightPreview(NamedTuple):
    """What a season's end would do to one planet now."""

    board: str  # after bamboo growth
    grown_bamboo: list[int]
    # Space -> light points, for every lit plant (0 for lit bamboo).
    lit: dict[int, int]
    points: int


def light_preview(board: str, edge: str, big_bamboo_left: int | None = None) -> LightPreview:
    """Which plants of `board` would score light if the season ended now (bamboo grows first)."""
    board, grown = grow_bamboo(board, edge, big_bamboo_left)
    lit = {cell: LIGHT_POINTS[board[cell]] for cell in lit_spaces(board, edge)}
    return LightPreview(board, grown, lit, sum(lit.values()))


def light_points(board: str, edge: str) -> int:
    points = LIGHT_POINTS
    return sum(points[board[cell]] for cell in lit_spaces(board, edge))


def forests(board: str) -> list[list[int]]:
    """Every orthogonally connected group of forest pieces, largest first."""
    seen: set[int] = set()
    groups = []
    for start in PLAYABLE:
        if start in seen or board[start] not in FOREST:
            continue
        seen.add(start)
        group = [start]
        todo = [start]
        while todo:
            cell = todo.pop()
            for near in NEIGHBOURS[cell]:
                if near not in seen and board[near] in FOREST:
                    seen.add(near)
                    group.append(near)
                    todo.append(near)
        groups.append(sorted(group))
    groups.sort(key=len, reverse=True)
    return groups


def biggest_forest(board: str) -> list[int]:
    """The spaces of the largest connected forest (the first found on a tie); 1 point each."""
    groups = forests(board)
    return groups[0] if groups else []


def zone_card_value(card: int, face_up: bool, stack_size: int) -> int:
    """What one card of a fertility stack adds to its biome's fertility value."""
    if not face_up:
        return 0
    info = CARDS[card]
    if info.multiplier:
        return stack_size - 1
    if info.negative:
        return -1
    return info.fertility


def fertility_values(zone: dict[str, list[ZoneCard]]) -> dict[str, int]:
    """Each biome's fertility value from the fertility zone (may be below zero)."""
    values = {}
    for biome in BIOME_KEYS:
        stack = zone.get(biome, [])
        size = len(stack)
        values[biome] = sum(zone_card_value(entry.card, entry.face_up, size) for entry in stack)
    return values


def cherries_by_biome(board: str) -> dict[str, int]:
    counts = dict.fromkeys(BIOME_KEYS, 0)
    if CHERRY in board:
        for cell in PLAYABLE:
            if board[cell] == CHERRY:
                counts[BIOME_KEYS[BIOME_AT[cell]]] += 1
    return counts


def player_fertility(zone: dict[str, list[ZoneCard]], board: str) -> dict[str, int]:
    """Biome fertility values as one planet scores them: each of its cherry trees adds 1."""
    values = fertility_values(zone)
    for biome, cherries in cherries_by_biome(board).items():
        values[biome] += cherries
    return values


def big_trees_by_biome(board: str) -> dict[str, int]:
    counts = dict.fromkeys(BIOME_KEYS, 0)
    for cell in PLAYABLE:
        if board[cell] == BIG:
            counts[BIOME_KEYS[BIOME_AT[cell]]] += 1
    return counts


def fertility_points(zone: dict[str, list[ZoneCard]], board: str) -> dict[str, int]:
    """End-of-game points per biome: big trees × that planet's fertility value."""
    values = player_fertility(zone, board)
    return {biome: bigs * values[biome] for biome, bigs in big_trees_by_biome(board).items()}


def bamboo_biomes(board: str) -> int:
    """Biomes holding at least one bamboo, small or big (2 points each at the end)."""
    return len({BIOME_AT[cell] for cell in PLAYABLE if board[cell] in (SMALL_BAMBOO, BIG_BAMBOO)})


def fits_an_option(plants: int, grows: int, biome_set: set[int] | frozenset[int], card_biome: str) -> bool:
    """Whether action steps (counts, biomes touched) fit one of the four options."""
    if plants + grows <= 1:
        return True  # option 4: one step anywhere
    if len(biome_set) != 1:
        return False
    if card_biome != WILD and biome_set != {_BIOME_INDEX[card_biome]}:
        return False
    return (grows == 0 and plants <= 3) or (plants == 0 and grows <= 2) or (plants <= 1 and grows <= 1)


def open_options(plan: Plan, card: int) -> list[int]:
    """The options (1–4) the action steps taken so far still fit."""
    plants, grows = len(plan.plants), len(plan.grows)
    touched = {BIOME_AT[cell] for cell in (*plan.plants, *plan.grows)}
    card_biome = CARDS[card].biome
    in_biome = len(touched) <= 1 and (card_biome == WILD or touched <= {_BIOME_INDEX[card_biome]})
    options = []
    if in_biome and grows == 0 and plants <= 3:
        options.append(1)
    if in_biome and plants == 0 and grows <= 2:
        options.append(2)
    if in_biome and plants <= 1 and grows <= 1:
        options.append(3)
    if plants + grows <= 1:
        options.append(4)
    return options


# The most steps each action option takes: 3 sprouts, 2 growths, a sprout and a growth, one of either.
OPTION_STEPS = {1: 3, 2: 2, 3: 2, 4: 1}


def options_with_room(plan: Plan, card: int) -> list[int]:
    """The options the steps so far fit that would still take another step: none once
    the power was used after the action, or when the steps fill every option they fit."""
    if plan.stage == "after":
        return []
    steps = len(plan.plants) + len(plan.grows)
    return [option for option in open_options(plan, card) if steps < OPTION_STEPS[option]]


def working_board(state: EvergreenState, seat: int) -> str:
    """The planet as `seat` sees its own: with its hidden plan so far, if it has one."""
    player = state.players[seat]
    return player.plan.board if player.plan is not None else player.board


def season_preview(state: EvergreenState, seat: int) -> LightPreview:
    """`light_preview` of a seat's working board at the current sun, with the big bamboo its plan leaves in the pool."""
    player = state.players[seat]
    return light_preview(working_board(state, seat), sun_edge(state), pool_left(state, player, BIG_BAMBOO))


def _put(board: str, cell: int, glyph: str) -> str:
    return board[:cell] + glyph + board[cell + 1 :]


def pool_left(state: EvergreenState, player: PlayerState, glyph: str) -> int:
    """How many of a piece `player` may still take from the shared pool.

    The pool as of the last reveal, less what the player's own secret plan has taken
    so far (a growth in the plan gives the smaller piece back).  Other seats' plans
    are not counted: they are secret until the reveal, which settles any shortage.
    """
    taken = 0
    if player.plan is not None:
        taken = player.plan.board.count(glyph) - player.board.count(glyph)
    return state.pool.get(glyph, 0) - taken


def pool_line(pool: dict[str, int]) -> str:
    """'sprout 45 · small tree 54 · …' in the content's piece order."""
    return " · ".join(f"{PIECE_NAMES[glyph].lower()} {pool[glyph]}" for glyph in BOX if glyph in pool)


def _clone(state: EvergreenState) -> EvergreenState:
    # Every container apply may change in place is new; player records and zone
    # stacks are replaced, never edited, so they are shared; so is the pool, which is
    # replaced whole when it changes.  powers and replaced are fixed at setup.
    return shallow_copy(
        state,
        log=list(state.log),
        deck=list(state.deck),
        discard=list(state.discard),
        zone=dict(state.zone),
        row=list(state.row),
        players=list(state.players),
    )


def progress_words(state: EvergreenState) -> str:
    """Where the game stands ("Summer, round 2 of 4 (round 6 of 12)"): the narrator's
    progress, and the score sheet's note on a game not yet over."""
    if state.phase == "over":
        return "Finished"
    overall = sum(SEASON_ROUNDS[: state.season]) + state.round
    return (
        f"{SEASONS[state.season]}, round {state.round} of {SEASON_ROUNDS[state.season]} "
        f"(round {overall} of {TOTAL_ROUNDS})"
    )


class EvergreenRules(GameRules[EvergreenState]):
    slug: ClassVar[str] = "evergreen"
    title: ClassVar[str] = "Evergreen"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = EvergreenOptions
    state_model = EvergreenState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)

    # -- setup ------------------------------------------------------------------------------
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> EvergreenState:
        self.check_players(len(seats))
        if not isinstance(options, EvergreenOptions):
            options = EvergreenOptions.model_validate(options.model_dump())
        count = len(seats)
        state = EvergreenState(
            game=self.slug,
            seats=list(seats),
            seed=seed,
            modules=options.modules,
            powers=list(BASE_POWERS),
            pool={},
            deck=[],
            zone={biome: [] for biome in BIOME_KEYS},
            players=[],
        )
        state.say(f"{and_list([seat.name for seat in seats])} sit down to Evergreen.")
        modules = {"none": [], "cherry": ["cherry"], "bamboo": ["bamboo"], "both": ["cherry", "bamboo"]}[options.modules]
        choice = {"cherry": options.cherry_replaces, "bamboo": options.bamboo_replaces}
        for module in modules:
            if choice[module] != "random":
                state.replaced[module] = choice[module]
        for module in modules:
            if choice[module] == "random":
                pool = [power for power in BASE_POWERS if power not in state.replaced.values()]
                state.replaced[module] = state.rng().choice(pool)
        for module in modules:
            old = state.replaced[module]
            state.powers[state.powers.index(old)] = module
            state.say(f"Module: {POWERS[module].name} replaces {POWERS[old].name}; its cards leave the deck.")
        in_play = {glyph for glyph in BOX}
        for module in ("cherry", "bamboo"):
            if module not in modules:
                in_play -= set(_MODULE_GLYPHS[module])
        state.pool = {glyph: BOX[glyph] for glyph in BOX if glyph in in_play}
        state.deck = [card.id for card in CARDS if card.power in state.powers]
        state.rng().shuffle(state.deck)
        self._seed_fertility_zone(state)
        first = state.rng().randrange(count)
        state.first_player = first
        state.players = [
            PlayerState(
                board=EMPTY_BOARD,
                levels=[0] * len(state.powers),
                start_points=STARTING_POINTS[(seat - first) % count],
            )
            for seat in range(count)
        ]
        order = turn_order(state)
        state.say(
            f"{state.name(first)} goes first. Starting points: "
            + ", ".join(f"{state.name(seat)} {state.players[seat].start_points}" for seat in order)
            + "."
        )
        self._deal(state)
        return state

    def _seed_fertility_zone(self, state: EvergreenState) -> None:
        icons = 0
        aside = []
        while icons < SETUP_ICONS and state.deck:
            card = state.deck.pop(0)
            info = CARDS[card]
            if info.biome != WILD and (info.fertility > 0 or info.negative):
                state.zone[info.biome] = [*state.zone[info.biome], ZoneCard(card=card)]
                icons += info.fertility + info.negative
                state.say(f"Fertility zone: {card_label(card)} goes to {BIOME_NAMES[info.biome]}.")
            else:
                aside.append(card)
        if aside:
            state.deck.extend(aside)
            state.rng().shuffle(state.deck)
            state.say(f"{plural(len(aside), 'revealed card')} without fertility icons shuffled back into the deck.")

    def _deal(self, state: EvergreenState) -> None:
        need = len(state.players) + 1
        row: list[int] = []
        while len(row) < need:
            if not state.deck:
                if not state.discard:
                    break
                state.deck = state.discard
                state.discard = []
                state.rng().shuffle(state.deck)
                state.say("The deck is empty: the discard pile is shuffled into a new deck.")
            row.append(state.deck.pop(0))
        state.row = row
        state.marker = None
        state.marker_taken_by = None
        state.picked = 0
        state.phase = "draft"
        state.info_epoch += 1
        state.players = [shallow_copy(player, card=None) for player in state.players]
        state.say(
            f"{SEASONS[state.season]}, round {state.round} of {SEASON_ROUNDS[state.season]}: the draft row shows "
            + "; ".join(card_label(card) for card in row)
            + "."
        )

    # -- who acts -------------------------------------------------------------------------------
    def to_act(self, state: EvergreenState) -> list[int]:
        phase = state.phase
        if phase == "actions":
            return [seat for seat, player in enumerate(state.players) if not player.committed]
        if phase == "draft":
            return [(state.first_player + state.picked) % len(state.players)]
        if phase == "wild":
            return [self._last_picker(state)]
        return []

    @staticmethod
    def _last_picker(state: EvergreenState) -> int:
        return (state.first_player + len(state.players) - 1) % len(state.players)

    def _may_act(self, state: EvergreenState, seat: int) -> bool:
        phase = state.phase
        if phase == "actions":
            return not state.players[seat].committed
        if phase == "draft":
            return seat == (state.first_player + state.picked) % len(state.players)
        if phase == "wild":
            return seat == self._last_picker(state)
        return False

    def is_over(self, state: EvergreenState) -> bool:
        return state.phase == "over"

    def prompt(self, state: EvergreenState, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        if not 0 <= seat < len(state.players) or not self._may_act(state, seat):
            return ""
        if state.phase == "draft":
            return "draft a card from the row"
        if state.phase == "wild":
            return "choose the biome for the leftover wild card"
        plan = state.players[seat].plan
        if plan is not None and plan.lake is not None and len(plan.lake_grown) < 2:
            return "grow plants beside the new lake, or go on"
        return "plan your power uses and action, then finish"

    # -- legal actions ----------------------------------------------------------------------------
    def legal_actions(self, state: EvergreenState, seat: int) -> list[Any]:
        if not 0 <= seat < len(state.players) or not self._may_act(state, seat):
            return []
        phase = state.phase
        if phase == "draft":
            return [_DRAFT[card] for card in state.row]
        if phase == "wild":
            return list(_BIOME_ACTIONS)
        player = state.players[seat]
        plan = player.plan
        if plan is None or player.card is None:
            return []
        return self._step_actions(state, player, plan)

    def _step_actions(self, state: EvergreenState, player: PlayerState, plan: Plan) -> list[Any]:
        board = plan.board
        actions: list[Any] = []
        small_left = pool_left(state, player, SMALL)
        big_left = pool_left(state, player, BIG)
        # Lake growths first: they are only on offer right after the lake.
        if plan.lake is not None and len(plan.lake_grown) < 2:
            for cell in NEIGHBOURS[plan.lake]:
                if cell in plan.lake_grown:
                    continue
                glyph = board[cell]
                if (glyph == SPROUT and small_left > 0) or (glyph == SMALL and big_left > 0):
                    actions.append(_LAKE_GROW[cell])
        info = CARDS[player.card]  # type: ignore[index]
        if plan.stage != "after":
            plant_biomes, grow_biomes = self._step_biomes(plan, info.biome)
            if plant_biomes or grow_biomes:
                used = (*plan.plants, *plan.grows)
                sprouts_left = pool_left(state, player, SPROUT)
                biome_at = BIOME_AT
                for cell in PLAYABLE:
                    glyph = board[cell]
                    if glyph == EMPTY:
                        if sprouts_left > 0 and biome_at[cell] in plant_biomes and cell not in used:
                            actions.append(_PLANT[cell])
                    elif glyph == SPROUT:
                        if small_left > 0 and biome_at[cell] in grow_biomes and cell not in used:
                            actions.append(_GROW[cell])
                    elif glyph == SMALL:
                        if big_left > 0 and biome_at[cell] in grow_biomes and cell not in used:
                            actions.append(_GROW[cell])
        power = info.power
        level = player.levels[state.powers.index(power)]
        if power == POINTS:
            if plan.uses == 0 and level > 0:
                actions.append(_POWER_POINTS)
        elif plan.uses < level:
            source, result = POWER_EFFECT[power]
            if pool_left(state, player, result) > 0:
                for cell in PLAYABLE:
                    if board[cell] == source:
                        actions.append(_POWER[cell])
        actions.append(_DONE)
        return actions

    @staticmethod
    def _step_biomes(plan: Plan, card_biome: str) -> tuple[frozenset[int], frozenset[int]]:
        """The biomes where one more plant / one more growth would still fit an option."""
        plants, grows = len(plan.plants), len(plan.grows)
        if plants + grows == 0:
            return _ALL_BIOMES, _ALL_BIOMES
        touched = frozenset(BIOME_AT[cell] for cell in (*plan.plants, *plan.grows))
        if len(touched) > 1:
            return _NO_BIOMES, _NO_BIOMES
        if card_biome != WILD:
            touched = touched & {_BIOME_INDEX[card_biome]}
        plant_ok = (grows == 0 and plants + 1 <= 3) or (plants + 1 <= 1 and grows <= 1)
        grow_ok = (plants == 0 and grows + 1 <= 2) or (plants <= 1 and grows + 1 <= 1)
        return (touched if plant_ok else _NO_BIOMES), (touched if grow_ok else _NO_BIOMES)

    # -- validation -------------------------------------------------------------------------------
    def validate(self, state: EvergreenState, seat: int, action: Any) -> None:
        if not 0 <= seat < len(state.players):
            raise IllegalMove(f"There is no seat {seat + 1} in this game.")
        name = state.name(seat)
        phase = state.phase
        if phase == "over":
            raise IllegalMove("The game is over.")
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalMove("That is not an Evergreen move.")
        if phase == "draft":
            picker = (state.first_player + state.picked) % len(state.players)
            if not isinstance(action, DraftCard):
                raise IllegalMove(f"Not yet: this is the draft, and {state.name(picker)} picks a card now.")
            if seat != picker:
                raise IllegalMove(f"It is {state.name(picker)}'s turn to draft, not {name}'s.")
            if action.card not in state.row:
                raise IllegalMove("That card is not in the draft row.")
            return
        if phase == "wild":
            chooser = self._last_picker(state)
            if not isinstance(action, ChooseBiome):
                raise IllegalMove(f"Not yet: {state.name(chooser)} must choose a biome for the leftover wild card.")
            if seat != chooser:
                raise IllegalMove(f"The last player to pick, {state.name(chooser)}, chooses that biome, not {name}.")
            if action.biome not in _BIOME_INDEX:
                raise IllegalMove(f"There is no biome called {action.biome!r}.")
            return
        # The action phase.
        if isinstance(action, (DraftCard, ChooseBiome)):
            raise IllegalMove("The draft is over: now everyone plants, grows and uses powers.")
        player = state.players[seat]
        if player.committed:
            raise IllegalMove(f"{name} has already finished this round's plan.")
        if player.plan is None or player.card is None:
            raise IllegalMove(f"{name}'s plan is hidden in this view.")
        reason = self._step_error(state, player, player.plan, action)
        if reason is not None:
            raise IllegalMove(reason)

    def _step_error(self, state: EvergreenState, player: PlayerState, plan: Plan, action: Any) -> str | None:
        if isinstance(action, Done):
            return None
        board = plan.board
        info = CARDS[player.card]  # type: ignore[index]
        space = action.space
        if space is not None and not 0 <= space < CELLS:
            return f"There is no space number {space} on the planet."
        if isinstance(action, LakeGrow):
            if plan.lake is None:
                return "Lake growths come only straight after placing a lake."
            if len(plan.lake_grown) >= 2:
                return "A lake grows at most two plants."
            if space not in NEIGHBOURS[plan.lake]:
                return f"{space_name(space)} is not beside the lake on {space_name(plan.lake)}."
            if space in plan.lake_grown:
                return "The lake's two growths must be on different spaces."
            return self._growth_error(state, player, board, space)
        if isinstance(action, (Plant, Grow)):
            if plan.stage == "after":
                return "Your action is over: you have used your power after it."
            if space in plan.plants or space in plan.grows:
                return "Each step of the action needs its own space."
            if isinstance(action, Plant):
                reason = self._empty_error(state, player, board, space, SPROUT)
                plants, grows = len(plan.plants) + 1, len(plan.grows)
            else:
                reason = self._growth_error(state, player, board, space)
                plants, grows = len(plan.plants), len(plan.grows) + 1
            if reason is not None:
                return reason
            touched = {BIOME_AT[cell] for cell in (*plan.plants, *plan.grows, space)}
            if not fits_an_option(plants, grows, touched, info.biome):
                return self._option_reason(info.biome)
            return None
        # UsePower
        power = info.power
        level = player.levels[state.powers.index(power)]
        power_name = POWERS[power].name
        if power == POINTS:
            if space is not None:
                return f"{power_name} needs no space."
            if plan.uses:
                return f"You have already scored {power_name} this round."
            return None
        if space is None:
            return f"Choose a space for {power_name}."
        if plan.uses >= level:
            return f"{power_name} is at level {level}: you have used it {plural(plan.uses, 'time')} already this round."
        source, result = POWER_EFFECT[power]
        if source == EMPTY:
            return self._empty_error(state, player, board, space, result)
        if board[space] != source:
            return f"{power_name} needs a {PIECE_NAMES[source].lower()}, and {space_name(space)} has {self._holds(board, space)}."
        return _pool_error(state, player, result)

    @staticmethod
    def _holds(board: str, space: int) -> str:
        glyph = board[space]
        if glyph == EMPTY:
            return "nothing"
        if glyph == RAVINE:
            return "a ravine"
        return f"a {PIECE_NAMES[glyph].lower()}"

    def _empty_error(self, state: EvergreenState, player: PlayerState, board: str, space: int, piece: str) -> str | None:
        glyph = board[space]
        if glyph == RAVINE:
            return f"{space_name(space)} is a ravine: nothing can be put there."
        if glyph != EMPTY:
            return f"{space_name(space)} is not empty: it holds a {PIECE_NAMES[glyph].lower()}."
        return _pool_error(state, player, piece)

    def _growth_error(self, state: EvergreenState, player: PlayerState, board: str, space: int) -> str | None:
        glyph = board[space]
        if glyph not in GROWTH:
            return f"Only a sprout or a small tree can grow; {space_name(space)} has {self._holds(board, space)}."
        return _pool_error(state, player, GROWTH[glyph])

    @staticmethod
    def _option_reason(card_biome: str) -> str:
        where = "one biome" if card_biome == WILD else BIOME_NAMES[card_biome]
        return (
            "No action allows that: plant up to 3 sprouts, grow 2 plants, or plant 1 and grow 1, "
            f"all in {where}; or take a single step anywhere."
        )

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state: EvergreenState, seat: int, action: Any) -> EvergreenState:
        if isinstance(action, _STEP_TYPES):
            return self._apply_step(state, seat, action)
        if isinstance(action, Done):
            if sum(not player.committed for player in state.players) > 1:
                new = shallow_copy(state, log=list(state.log), players=list(state.players))
                new.players[seat] = shallow_copy(new.players[seat], committed=True)
                new.say(self.log_line(state, seat, action))
                return new
            new = _clone(state)
            new.say(self.log_line(state, seat, action))
            self._reveal(new)
            return new
        new = _clone(state)
        new.say(self.log_line(state, seat, action))
        if isinstance(action, DraftCard):
            self._draft(new, seat, action.card)
        elif isinstance(action, ChooseBiome):
            card = new.leftover
            new.leftover = None
            self._resolve_leftover(new, card, action.biome)  # type: ignore[arg-type]
            self._start_actions(new)
        return new

    def _apply_step(self, state: EvergreenState, seat: int, action: Any) -> EvergreenState:
        player = state.players[seat]
        plan = player.plan
        assert plan is not None
        board = plan.board
        space = action.space
        changes: dict[str, Any] = {"steps": [*plan.steps, action]}
        if isinstance(action, Plant):
            changes.update(board=_put(board, space, SPROUT), plants=[*plan.plants, space], stage="action",
                           lake=None, lake_grown=[])
        elif isinstance(action, Grow):
            changes.update(board=_put(board, space, GROWTH[board[space]]), grows=[*plan.grows, space],
                           stage="action", lake=None, lake_grown=[])
        elif isinstance(action, LakeGrow):
            changes.update(board=_put(board, space, GROWTH[board[space]]), lake_grown=[*plan.lake_grown, space])
        else:
            power = CARDS[player.card].power  # type: ignore[index]
            stage = "after" if plan.stage == "action" else plan.stage
            if power == POINTS:
                level = player.levels[state.powers.index(power)]
                changes.update(points=plan.points + level, uses=level, stage=stage, lake=None, lake_grown=[])
            else:
                changes.update(
                    board=_put(board, space, POWER_EFFECT[power][1]),
                    uses=plan.uses + 1,
                    stage=stage,
                    lake=space if power == "lake" else None,
                    lake_grown=[],
                )
        # Not logged: a plan is secret until the reveal, whose public line tells every
        # step, and a private log line would keep the seat's view apart from the table's
        # for the rest of the game (every later draft behind a curtain).  The seat sees
        # its plan on its planet and in the "This round" panel.
        new = shallow_copy(state, players=list(state.players))
        new.players[seat] = shallow_copy(player, plan=shallow_copy(plan, **changes))
        return new

    def _draft(self, state: EvergreenState, seat: int, card: int) -> None:
        state.row.remove(card)
        player = state.players[seat]
        state.players[seat] = shallow_copy(player, card=card, drafted=[*player.drafted, card])
        if state.picked == 0 and state.row:
            state.marker = state.row[0]
            if len(state.players) > 1:
                state.say(f"The first-player marker goes on {card_label(state.marker)}.")
        if card == state.marker:
            state.marker_taken_by = seat
        state.picked += 1
        if state.picked < len(state.players):
            return
        leftover = state.row[0] if state.row else None
        state.row = []
        if leftover is None:
            self._start_actions(state)
            return
        info = CARDS[leftover]
        if info.biome == WILD and info.fertile:
            state.leftover = leftover
            state.phase = "wild"
            chooser = self._last_picker(state)
            state.say(f"The leftover {card_label(leftover)} needs a biome: the choice goes to {state.name(chooser)}.")
            return
        self._resolve_leftover(state, leftover, info.biome)
        self._start_actions(state)

    def _resolve_leftover(self, state: EvergreenState, card: int, biome: str) -> None:
        info = CARDS[card]
        label = card_label(card)
        if info.fertile:
            state.zone[biome] = [*state.zone[biome], ZoneCard(card=card)]
            state.say(f"The leftover {label} joins the {BIOME_NAMES[biome]} fertility stack.")
        elif info.aridity:
            # The last card of the stack dries out, whatever it shows (rules.md).
            stack = list(state.zone[biome])
            flipped = None
            if stack and stack[-1].face_up:
                flipped = stack[-1].card
                stack[-1] = ZoneCard(card=flipped, face_up=False)
            stack.append(ZoneCard(card=card))
            state.zone[biome] = stack
            if flipped is None:
                state.say(f"The leftover {label} joins the {BIOME_NAMES[biome]} stack; nothing there to dry out.")
            else:
                state.say(f"Aridity: the leftover {label} turns {card_label(flipped)} face down in {BIOME_NAMES[biome]}.")
        else:
            state.discard.append(card)
            state.say(f"The leftover {label} has no icon and is discarded.")

    def _start_actions(self, state: EvergreenState) -> None:
        state.phase = "actions"
        raised = []
        players = []
        for seat, player in enumerate(state.players):
            power = CARDS[player.card].power  # type: ignore[index]
            index = state.powers.index(power)
            levels = list(player.levels)
            levels[index] = min(POWER_TRACK_MAX, levels[index] + 1)
            raised.append(f"{POWERS[power].name} to level {levels[index]} for {state.name(seat)}")
            players.append(shallow_copy(player, levels=levels, plan=Plan(board=player.board), committed=False))
        state.players = players
        state.say("Powers rise: " + ", ".join(raised) + ". Everyone now plans in secret.")

    def _reveal(self, state: EvergreenState) -> None:
        """Every plan is shown, then carried out against the shared pool in turn order."""
        state.info_epoch += 1
        players = list(state.players)
        pool = dict(state.pool)
        for seat in turn_order(state):
            player = players[seat]
            plan = player.plan
            assert plan is not None
            state.say(f"{state.name(seat)} revealed: {self.plan_summary(state, player, plan)}.")
            board = self._carry_out(state, seat, player, plan, pool)
            players[seat] = shallow_copy(
                player,
                board=board,
                power_points=player.power_points + plan.points,
                plan=None,
                committed=False,
            )
        state.players = players
        state.pool = pool
        count = len(players)
        if state.marker_taken_by is not None:
            state.first_player = state.marker_taken_by
        else:
            state.first_player = (state.first_player + 1) % count
        if state.round >= SEASON_ROUNDS[state.season]:
            self._end_season(state)
            if state.phase == "over":
                return
        else:
            state.round += 1
        if count > 1:
            state.say(f"{state.name(state.first_player)} will lead the next round.")
        self._deal(state)

    def _carry_out(self, state: EvergreenState, seat: int, player: PlayerState, plan: Plan, pool: dict[str, int]) -> str:
        """The public board after `plan`'s steps, taking their pieces from `pool` (changed in place).

        The plan was checked against the pool as of the last reveal; seats earlier
        in turn order may since have taken what it counted on.  Each step needs the
        piece it found when planned (`planned` replays the plan as its owner saw it)
        and its new piece in the pool; a step that fails either is refused and logged.
        """
        power = CARDS[player.card].power  # type: ignore[index]
        planned = board = player.board
        lake_placed = True
        for step in plan.steps:
            space = step.space
            if space is None:  # the points power: no piece
                continue
            if isinstance(step, Plant):
                source, result = EMPTY, SPROUT
            elif isinstance(step, UsePower):
                source, result = POWER_EFFECT[power]
            else:
                source = planned[space]
                result = GROWTH[source]
            planned = _put(planned, space, result)
            what = self._step_words(step, power, space)
            if isinstance(step, LakeGrow) and not lake_placed:
                state.say(f"{state.name(seat)}: the {what} is refused: the lake was not placed.")
                continue
            if board[space] != source:
                state.say(f"{state.name(seat)}: the {what} is refused: an earlier step it relied on was refused.")
                placed = False
            elif pool.get(result, 0) <= 0:
                state.pool_refusals += 1
                state.say(
                    f"{state.name(seat)}: the {what} is refused: the shared pool has no {PIECE_NAMES[result].lower()} left."
                )
                placed = False
            else:
                pool[result] -= 1
                if source != EMPTY:
                    pool[source] += 1
                board = _put(board, space, result)
                placed = True
            if isinstance(step, UsePower) and power == "lake":
                lake_placed = placed
        return board

    @staticmethod
    def _step_words(step: Any, power: str, space: int) -> str:
        if isinstance(step, Plant):
            return f"sprout on {space_name(space)}"
        if isinstance(step, Grow):
            return f"growth on {space_name(space)}"
        if isinstance(step, LakeGrow):
            return f"lake growth on {space_name(space)}"
        # The power by its whole name: its short one ("Sprout") read as a typo beside "sprout on E4".
        return f"{POWERS[power].name} on {space_name(space)}"

    def plan_summary(self, state: EvergreenState, player: PlayerState, plan: Plan) -> str:
        if not plan.steps:
            return "nothing this round"
        power = CARDS[player.card].power  # type: ignore[index]
        return ", ".join(
            f"{POWERS[power].name} +{plan.points}" if step.space is None else self._step_words(step, power, step.space)
            for step in plan.steps
        )

    def _end_season(self, state: EvergreenState) -> None:
        season = state.season
        edge = SUN[season]
        boards, grown_by_seat = self._grow_all_bamboo(state, edge)
        players = []
        for seat, player in enumerate(state.players):
            board, grown = boards[seat], grown_by_seat[seat]
            light = light_points(board, edge)
            forest = len(biggest_forest(board))
            note = f" ({len(grown)} small bamboo grew first)" if grown else ""
            state.say(f"{SEASONS[season]} scoring — {state.name(seat)}: light {light}, biggest forest {forest}{note}.")
            state.discard.extend(player.drafted)
            players.append(
                shallow_copy(player, board=board, light=[*player.light, light], forest=[*player.forest, forest], drafted=[])
            )
        state.players = players
        state.info_epoch += 1
        if season + 1 >= len(SEASONS):
            self._final_scoring(state)
            return
        state.season = season + 1
        state.round = 1
        state.say(f"The sun moves to the {SUN[state.season]} edge: {SEASONS[state.season]} begins.")

    def _grow_all_bamboo(self, state: EvergreenState, edge: str) -> tuple[list[str], list[list[int]]]:
        """Every planet's bamboo growth before light, from the shared pool in turn order."""
        boards = [player.board for player in state.players]
        grown_by_seat: list[list[int]] = [[] for _ in boards]
        if not any(SMALL_BAMBOO in board for board in boards):
            return boards, grown_by_seat
        pool = dict(state.pool)
        for seat in turn_order(state):
            wanted = sum(1 for cell in lit_spaces(boards[seat], edge) if boards[seat][cell] == SMALL_BAMBOO)
            board, grown = grow_bamboo(boards[seat], edge, pool.get(BIG_BAMBOO, 0))
            pool[BIG_BAMBOO] = pool.get(BIG_BAMBOO, 0) - len(grown)
            pool[SMALL_BAMBOO] = pool.get(SMALL_BAMBOO, 0) + len(grown)
            boards[seat], grown_by_seat[seat] = board, grown
            short = wanted - len(grown)
            if short:
                state.pool_refusals += short
                state.say(
                    f"{state.name(seat)}: {short} lit small bamboo {'stays' if short == 1 else 'stay'} small: "
                    "the shared pool has no big bamboo left."
                )
        state.pool = pool
        return boards, grown_by_seat

    def _final_scoring(self, state: EvergreenState) -> None:
        values = fertility_values(state.zone)
        state.say(
            "Fertility values: " + ", ".join(f"{BIOME_NAMES[biome]} {value}" for biome, value in values.items()) + "."
        )
        players = []
        for seat, player in enumerate(state.players):
            points = fertility_points(state.zone, player.board)
            bamboo = bamboo_biomes(player.board) if "bamboo" in state.powers else 0
            players.append(shallow_copy(player, fertility=[points[biome] for biome in BIOME_KEYS], bamboo_biomes=bamboo))
            extra = f", bamboo biomes {2 * bamboo}" if "bamboo" in state.powers else ""
            state.say(f"Final scoring — {state.name(seat)}: fertility {sum(points.values())}{extra}.")
        state.players = players
        state.phase = "over"
        sheet = self.score_sheet(state)
        state.say(f"The game is over: {', '.join(sheet.winner_names())} won with {plural(max(sheet.totals), 'point')}.")

    # -- words ------------------------------------------------------------------------------------------
    def log_line(self, state: EvergreenState, seat: int, action: Any) -> str:
        # Past tense: right for any name, a seat called "You" included ("You drafted").
        name = state.name(seat) if 0 <= seat < len(state.seats) else f"Seat {seat + 1}"
        if isinstance(action, DraftCard):
            return f"{name} drafted {card_label(action.card)}."
        if isinstance(action, ChooseBiome):
            return f"{name} sent the leftover wild card to {BIOME_NAMES.get(action.biome, action.biome)}."
        if isinstance(action, Done):
            return f"{name} finished planning."
        player = state.players[seat] if 0 <= seat < len(state.players) else None
        plan = player.plan if player is not None else None
        space = getattr(action, "space", None)
        where = "" if space is None or not 0 <= space < CELLS else space_name(space)
        if isinstance(action, Plant):
            return f"{name} planted a sprout on {where} ({BIOME_NAMES.get(biome_at(space) or '', 'ravine')})."
        if isinstance(action, (Grow, LakeGrow)):
            by = " beside the lake" if isinstance(action, LakeGrow) else ""
            if plan is not None and where and plan.board[space] in GROWTH:
                glyph = plan.board[space]
                return f"{name} grew the {PIECE_NAMES[glyph].lower()} on {where}{by} into a {PIECE_NAMES[GROWTH[glyph]].lower()}."
            return f"{name} grew the plant on {where}{by}."
        if isinstance(action, UsePower) and player is not None and player.card is not None:
            power = CARDS[player.card].power
            if power == POINTS:
                level = player.levels[state.powers.index(power)]
                return f"{name} used {POWERS[power].name} for {plural(level, 'point')}."
            return f"{name} used {POWERS[power].name} on {where}."
        return f"{name}: {action!r}"

    # -- what a seat may see ------------------------------------------------------------------------------
    def view(self, state: EvergreenState, seat: int) -> EvergreenState:
        players = state.players
        if any(player.plan is not None for index, player in enumerate(players) if index != seat):
            players = [
                player if index == seat or player.plan is None else _public_player(player)
                for index, player in enumerate(players)
            ]
        return shallow_copy(
            state,
            seed=0,
            rng_draws=0,
            deck=[HIDDEN] * len(state.deck),
            players=players,
            log=visible_log(state.log, seat),
        )

    # -- scores ----------------------------------------------------------------------------------------------
    def totals(self, state: EvergreenState) -> list[int]:
        return [player.total for player in state.players]

    def winners(self, state: EvergreenState) -> list[int]:
        """The winner: most points, ties to the earliest seat in turn order."""
        totals = self.totals(state)
        best = max(totals)
        for seat in turn_order(state):
            if totals[seat] == best:
                return [seat]
        return []  # pragma: no cover

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
        totals = self.totals(state)
        winners = self.winners(state)
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
            notes.extend(_end_reveals(state))
        return ScoreSheet(players=names, rows=rows, totals=totals, winners=winners, decided_by=decided_by, notes=notes)


def _pool_error(state: EvergreenState, player: PlayerState, piece: str) -> str | None:
    """Why `player`'s plan cannot take one more `piece`, from the public pool and its own plan only."""
    if pool_left(state, player, piece) > 0:
        return None
    name = PIECE_NAMES[piece].lower()
    held = state.pool.get(piece, 0)
    if held <= 0:
        return f"No {name} is left in the shared pool."
    return f"Your plan so far already takes every {name} left in the shared pool ({held})."


def _end_reveals(state: EvergreenState) -> list[str]:
    """The cards lying face down in the fertility zone at the end, named (aridity dried
    them out).  The deck's unseen cards are in the revealed-information listing (reveal.py)."""
    notes = []
    for biome in BIOME_KEYS:
        down = [card_label(entry.card) for entry in state.zone.get(biome, []) if not entry.face_up]
        if down:
            notes.append(f"Face down in {BIOME_NAMES[biome]} (dried out, worth nothing): {'; '.join(down)}.")
    return notes


def _public_player(player: PlayerState) -> PlayerState:
    """Another seat's record as a view shows it: the plan is hidden until the reveal."""
    return shallow_copy(player, plan=None)
