"""What every part of Evergreen's rules shares: the board and its pieces, the sun's
light, forests and fertility, cards and their words, and a seat's planned steps."""

from __future__ import annotations

from typing import Any, NamedTuple

from boardgames_tui.engine.contract import copy_with_all_given
from boardgames_tui.games.evergreen.content import CardInfo, WILD, biomes, cards, content, pieces, powers
from boardgames_tui.games.evergreen.model import (
    ChooseBiome,
    Done,
    DraftCard,
    EvergreenState,
    Grow,
    LakeGrow,
    Plan,
    Plant,
    PlayerState,
    UsePower,
    ZoneCard,
)

# -- content, flattened for the hot paths -------------------------------------------------
_CONTENT = content()
CARDS: tuple[CardInfo, ...] = cards()
# Each card's power and biome by id: the hot paths read these at nearly every move, and
# a field of a content model costs several times a tuple's item.
CARD_POWER: tuple[str, ...] = tuple(info.power for info in CARDS)
CARD_BIOME: tuple[str, ...] = tuple(info.biome for info in CARDS)
assert all(info.id == index for index, info in enumerate(CARDS)), "a card's id is its place"
BIOME_KEYS: tuple[str, ...] = tuple(biome.key for biome in biomes())
BIOME_NAMES: dict[str, str] = {biome.key: biome.name for biome in biomes()}
BIOME_INDEX = {key: index for index, key in enumerate(BIOME_KEYS)}
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

# Bit masks of the spaces outside the first and the last column: a mask shifted one
# space along a row must not wrap round into the next or the previous row.
_NOT_FIRST_COLUMN = sum(1 << cell for cell in range(CELLS) if cell % SIZE != 0)
_NOT_LAST_COLUMN = sum(1 << cell for cell in range(CELLS) if cell % SIZE != SIZE - 1)

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
# Board glyph -> '1' for a forest piece, else '0': a board read as a bit mask (see _forest_groups).
_FOREST_BITS = str.maketrans({glyph: "1" if glyph in FOREST else "0" for glyph in HEIGHT})
MODULE_GLYPHS = {
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


def _slice_along(line: tuple[int, ...]) -> slice:
    """The slice of a board string that reads `line`'s spaces in order."""
    start, step = line[0], line[1] - line[0]
    stop = start + step * len(line)
    return slice(start, stop if stop >= 0 else None, step)


# Edge -> for each of its lines, the slice of a board that reads it from the sun
# (one string operation instead of a look-up per space).
_LINE_SLICES: dict[str, tuple[slice, ...]] = {
    edge: tuple(_slice_along(line) for line in lines) for edge, lines in LINES.items()
}
assert all(
    tuple(range(CELLS))[glyphs] == cells
    for edge in LINES
    for cells, glyphs in zip(LINES[edge], _LINE_SLICES[edge])
), "each slice reads its line"
# Edge -> each space's distance from the sun (0 = the row or column next to it).
DEPTH: dict[str, dict[int, int]] = {
    edge: {cell: depth for line in lines for depth, cell in enumerate(line)} for edge, lines in LINES.items()
}

# Actions are frozen: every one a bot may be offered is built once and handed out again.
DRAFT = tuple(DraftCard(card=card.id) for card in CARDS)
BIOME_ACTIONS = tuple(ChooseBiome(biome=key) for key in BIOME_KEYS)
PLANT = tuple(Plant(space=cell) for cell in range(CELLS))
GROW = tuple(Grow(space=cell) for cell in range(CELLS))
POWER = tuple(UsePower(space=cell) for cell in range(CELLS))
POWER_POINTS = UsePower(space=None)
LAKE_GROW = tuple(LakeGrow(space=cell) for cell in range(CELLS))
DONE = Done()
ALL_BIOMES = frozenset(range(len(BIOME_KEYS)))
NO_BIOMES: frozenset[int] = frozenset()
# The spaces of every biome, or of one, in order: where an action step may go.
CELLS_IN_BIOMES: dict[frozenset[int], tuple[int, ...]] = {
    ALL_BIOMES: PLAYABLE,
    **{frozenset({biome}): tuple(cell for cell in PLAYABLE if BIOME_AT[cell] == biome) for biome in ALL_BIOMES},
}
ACTION_TYPES = (DraftCard, ChooseBiome, Plant, Grow, UsePower, LakeGrow, Done)
STEP_TYPES = (Plant, Grow, UsePower, LakeGrow)


# -- small public helpers (for the screen, tests and bots) ---------------------------------
def space_name(cell: int) -> str:
    """'A1' is the top-left space; letters are columns, numbers rows from the top."""
    return _SPACE_NAMES[cell]


# Names and labels written once: every reveal, deal and draft pick writes several into the log.
_SPACE_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}" for cell in range(CELLS))


def biome_at(cell: int) -> str | None:
    """The biome key of a space, or None for a ravine."""
    index = BIOME_AT[cell]
    return None if index < 0 else BIOME_KEYS[index]


def card_label(card: int) -> str:
    """'Swamp · Place a Lake · 2 fertility'."""
    return _CARD_LABELS[card]


def _card_label(info: CardInfo) -> str:
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


_CARD_LABELS: tuple[str, ...] = tuple(_card_label(info) for info in CARDS)


def sun_edge(state: EvergreenState) -> str:
    return SUN[min(state.season, len(SUN) - 1)]


def turn_order(state: EvergreenState) -> list[int]:
    count = len(state.players)
    return [(state.first_player + offset) % count for offset in range(count)]


def _lit_along(glyphs: str) -> tuple[tuple[int, ...], int]:
    """Which places along one line light reaches (counted from the sun), and their light points.

    A plant (height 1 or more) is in shadow when an equal-or-taller plant stands
    nearer the sun within that plant's shadow length; ravines and empty spaces are
    spaces like any other.
    """
    lit = []
    # Height and shadow of the previous space and the one before it.
    h1 = s1 = h2 = s2 = 0
    for place, glyph in enumerate(glyphs):
        h = HEIGHT[glyph]
        if h and not ((s1 >= 1 and h1 >= h) or (s2 >= 2 and h2 >= h)):
            lit.append(place)
        h2, s2 = h1, s1
        h1, s1 = h, SHADOW[glyph]
    return tuple(lit), sum(LIGHT_POINTS[glyphs[place]] for place in lit)


# A line's glyphs -> `_lit_along` of them.  A search's estimates work out the light
# of every planet from every sun still to come, over and over, and its lines are
# mostly ones seen before (empty ones above all): in a hint's playouts about 19 in
# 20 are found here, several times quicker than walking them.  Emptied when full,
# so it never grows past this.
_LIT_ALONG: dict[str, tuple[tuple[int, ...], int]] = {}
_LIT_ALONG_MAX = 100_000


def _light_along(glyphs: str) -> tuple[tuple[int, ...], int]:
    known = _LIT_ALONG.get(glyphs)
    if known is None:
        if len(_LIT_ALONG) >= _LIT_ALONG_MAX:
            _LIT_ALONG.clear()
        known = _LIT_ALONG[glyphs] = _lit_along(glyphs)
    return known


def lit_spaces(board: str, edge: str) -> list[int]:
    """Spaces holding a plant of height 1 or more that light from `edge` reaches.

    Light runs along each row or column away from the sun (see `_lit_along`); the
    spaces come line by line, each line from the sun.
    """
    lit = []
    for cells, glyphs in zip(LINES[edge], _LINE_SLICES[edge]):
        for place in _light_along(board[glyphs])[0]:
            lit.append(cells[place])
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
    points = 0
    for glyphs in _LINE_SLICES[edge]:
        # `_light_along`'s look-up written out: a line is mostly one seen before.
        line = board[glyphs]
        known = _LIT_ALONG.get(line)
        points += (known if known is not None else _light_along(line))[1]
    return points


def _forest_groups(board: str) -> list[int]:
    """Every orthogonally connected group of forest pieces, as a bit mask of its spaces
    (bit n for space n), in the order of each group's first space.

    Bit masks grow a group by all its neighbours at once, a handful of integer
    operations per step, where a walk from space to space takes one look-up each.
    """
    rest = int(board.translate(_FOREST_BITS)[::-1], 2)
    groups = []
    while rest:
        group = _grown_group(rest & -rest, rest)  # from the first forest space left
        groups.append(group)
        rest ^= group
    return groups


def _grown_group(group: int, forest: int) -> int:
    """`group` (a bit mask) grown through the spaces of `forest` by all its neighbours at
    once until it grows no more: the connected group holding it."""
    while True:
        grown = (
            group
            | (group << SIZE)
            | (group >> SIZE)
            | ((group << 1) & _NOT_FIRST_COLUMN)
            | ((group >> 1) & _NOT_LAST_COLUMN)
        ) & forest
        if grown == group:
            return group
        group = grown


def _spaces_of(mask: int) -> list[int]:
    """The spaces of a bit mask, in order: one step per space in it."""
    spaces = []
    while mask:
        lowest = mask & -mask
        spaces.append(lowest.bit_length() - 1)
        mask ^= lowest
    return spaces


def forests(board: str) -> list[list[int]]:
    """Every orthogonally connected group of forest pieces, largest first (equal
    sizes in the order of their first space), each in order of its spaces."""
    groups = _forest_groups(board)
    groups.sort(key=int.bit_count, reverse=True)
    return [_spaces_of(group) for group in groups]


def biggest_forest(board: str) -> list[int]:
    """The spaces of the largest connected forest (the first found on a tie); 1 point each."""
    groups = _forest_groups(board)
    return _spaces_of(max(groups, key=int.bit_count)) if groups else []


def biggest_forest_size(board: str) -> int:
    """`len(biggest_forest(board))` without listing its spaces: a season's scoring and a
    search's estimates need only the count.

    Groups are grown as in `_forest_groups`, but a lone forest piece is counted without
    growing it, and the walk stops once the pieces left could not make a bigger group.
    """
    rest = int(board.translate(_FOREST_BITS)[::-1], 2)
    best = 0
    while rest.bit_count() > best:
        group = rest & -rest  # the first forest space left
        if not _NEIGHBOUR_BITS[group.bit_length() - 1] & rest:
            rest ^= group
            best = best or 1
            continue
        group = _grown_group(group, rest)
        size = group.bit_count()
        if size > best:
            best = size
        rest ^= group
    return best


# Space -> the bit mask of its orthogonal neighbours.
_NEIGHBOUR_BITS: tuple[int, ...] = tuple(sum(1 << cell for cell in NEIGHBOURS[space]) for space in range(CELLS))


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
    biomes = set()
    for glyph in (SMALL_BAMBOO, BIG_BAMBOO):
        # Only the bamboo's own spaces are visited: a search's estimates ask this of every planet.
        cell = board.find(glyph)
        while cell >= 0:
            biomes.add(BIOME_AT[cell])
            cell = board.find(glyph, cell + 1)
    return len(biomes)


def fits_an_option(plants: int, grows: int, biome_set: set[int] | frozenset[int], card_biome: str) -> bool:
    """Whether action steps (counts, biomes touched) fit one of the four options."""
    if plants + grows <= 1:
        return True  # option 4: one step anywhere
    if len(biome_set) != 1:
        return False
    if card_biome != WILD and biome_set != {BIOME_INDEX[card_biome]}:
        return False
    return (grows == 0 and plants <= 3) or (plants == 0 and grows <= 2) or (plants <= 1 and grows <= 1)


def open_options(plan: Plan, card: int) -> list[int]:
    """The options (1–4) the action steps taken so far still fit."""
    plants, grows = len(plan.plants), len(plan.grows)
    touched = {BIOME_AT[cell] for cell in (*plan.plants, *plan.grows)}
    card_biome = CARDS[card].biome
    in_biome = len(touched) <= 1 and (card_biome == WILD or touched <= {BIOME_INDEX[card_biome]})
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


def with_glyph(board: str, cell: int, glyph: str) -> str:
    return board[:cell] + glyph + board[cell + 1 :]


def pool_left(state: EvergreenState, player: PlayerState, glyph: str) -> int:
    """How many of a piece `player` may still take from the shared pool.

    The pool as of the last reveal, less what the player's own secret plan has taken
    so far (a growth in the plan gives the smaller piece back).  Other seats' plans
    are not counted: they are secret until the reveal, which settles any shortage.
    """
    plan = player.plan
    if plan is None:
        return state.pool.get(glyph, 0)
    return left_in_pool(state.pool, plan.board, player.board, glyph)


def left_in_pool(pool: dict[str, int], planned: str, public: str, glyph: str) -> int:
    """`pool_left` from its parts: the pool, the seat's planned board and its public one."""
    return pool.get(glyph, 0) - planned.count(glyph) + public.count(glyph)


def pool_line(pool: dict[str, int]) -> str:
    """'sprout 45 · small tree 54 · …' in the content's piece order."""
    return " · ".join(f"{PIECE_NAMES[glyph].lower()} {pool[glyph]}" for glyph in BOX if glyph in pool)


def overall_round(state: EvergreenState) -> int:
    """The round counted over the whole game: Summer's first is the round after Spring's last."""
    return sum(SEASON_ROUNDS[: state.season]) + state.round


def progress_words(state: EvergreenState) -> str:
    """Where the game stands ("Summer, round 2 of 4 (round 6 of 12)"): the narrator's
    progress, and the score sheet's note on a game not yet over."""
    if state.phase == "over":
        return "Finished"
    return (
        f"{SEASONS[state.season]}, round {state.round} of {SEASON_ROUNDS[state.season]} "
        f"(round {overall_round(state)} of {TOTAL_ROUNDS})"
    )


def pool_error(state: EvergreenState, player: PlayerState, piece: str) -> str | None:
    """Why `player`'s plan cannot take one more `piece`, from the public pool and its own plan only."""
    plan = player.plan
    # Each step of a plan places one piece: a pool holding more than the plan has steps
    # has one left, without counting the boards' pieces (`pool_left`).
    if plan is not None and state.pool.get(piece, 0) > len(plan.steps):
        return None
    if pool_left(state, player, piece) > 0:
        return None
    name = PIECE_NAMES[piece].lower()
    held = state.pool.get(piece, 0)
    if held <= 0:
        return f"No {name} is left in the shared pool."
    return f"Your plan so far already takes every {name} left in the shared pool ({held})."


def end_reveals(state: EvergreenState) -> list[str]:
    """The cards lying face down in the fertility zone at the end, named (aridity dried
    them out).  The deck's unseen cards are in the revealed-information listing (reveal.py)."""
    notes = []
    for biome in BIOME_KEYS:
        down = [card_label(entry.card) for entry in state.zone.get(biome, []) if not entry.face_up]
        if down:
            notes.append(f"Face down in {BIOME_NAMES[biome]} (dried out, worth nothing): {'; '.join(down)}.")
    return notes


def public_player(player: PlayerState) -> PlayerState:
    """Another seat's record as a view shows it: the plan is hidden until the reveal.

    A view is asked for after every action, and in the action phase it hides the
    plans of every other seat, whose records have mostly not changed since the last
    view: each record's public copy is made once and handed out again.  Records are
    replaced, never edited (see `EvergreenState.players`), so a copy stays true while its record
    lives; the cache holds the record itself, so that its id cannot be reused.
    """
    known = _PUBLIC_PLAYERS.get(id(player))
    if known is not None and known[0] is player:
        return known[1]
    if len(_PUBLIC_PLAYERS) >= _PUBLIC_PLAYERS_MAX:
        _PUBLIC_PLAYERS.clear()
    public = player.copied()
    public.plan = None
    _PUBLIC_PLAYERS[id(player)] = (player, public)
    return public


def public_players(records: list[PlayerState], seat: int) -> list[PlayerState]:
    """The seats' records as `seat`'s view shows them: every other seat's plan hidden
    (`public_player`), the list itself when no other seat has one."""
    players = records
    for index, player in enumerate(records):
        if index != seat and player.plan is not None:
            if players is records:
                players = list(records)
            # `public_player`'s look-up, written out: a view asks it of three seats in four.
            known = _PUBLIC_PLAYERS.get(id(player))
            players[index] = known[1] if known is not None and known[0] is player else public_player(player)
    return players


def same_public_player(before: PlayerState, after: PlayerState) -> None:
    """Note that `after` differs from `before` only in its plan, so that its public copy
    is the one `before` already has: a step of a plan changes nothing else of the record,
    and each step would otherwise cost every other seat's next view a new copy."""
    known = _PUBLIC_PLAYERS.get(id(before))
    if known is not None and known[0] is before:
        if len(_PUBLIC_PLAYERS) >= _PUBLIC_PLAYERS_MAX:
            _PUBLIC_PLAYERS.clear()
        _PUBLIC_PLAYERS[id(after)] = (after, known[1])


# id of a record -> (the record, its public copy); emptied when full.
_PUBLIC_PLAYERS: dict[int, tuple[PlayerState, PlayerState]] = {}
_PUBLIC_PLAYERS_MAX = 64


def copy_for_move(state: EvergreenState, *, log: list[Any] | None = None) -> EvergreenState:
    """`copy_containers(state)` written out for `apply` (a test holds it to what that copies):
    the state's lists and its zone are copied, everything else is shared (see
    EvergreenState: what is never edited).  `log`: the log to give the copy instead (a
    search's quick game shares its own)."""
    values = state.__dict__.copy()
    values["deck"] = list(values["deck"])
    values["discard"] = list(values["discard"])
    values["zone"] = dict(values["zone"])
    values["row"] = list(values["row"])
    values["players"] = list(values["players"])
    values["log"] = list(values["log"]) if log is None else log
    return copy_with_all_given(state, values)


def copy_for_pick(state: EvergreenState) -> EvergreenState:
    """`copy_for_move` for a draft pick before the round's last, which changes only the
    row, one seat's record and the log (three picks in four)."""
    values = state.__dict__.copy()
    values["row"] = list(values["row"])
    values["players"] = list(values["players"])
    values["log"] = list(values["log"])
    return copy_with_all_given(state, values)
