"""What Evergreen tells its players while they play: the score as it stands in each
category, what changed since a seat's last move, the table's moments (plans revealed,
seasons scored, the final fertility), what a hinted move does, and which moves give
up the rest of a turn.

Every function here reads views (`EvergreenRules.view`) and nothing else, so what it
says is exactly what its audience may see: another seat's plan is not in a seat's view
until the reveal.  Pure (no Textual); `rules.py` delegates to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boardgames_tui.engine.bots import view_after
from boardgames_tui.engine.contract import ChangeReport, MoveExplanation, TableMoment
from boardgames_tui.engine.text import plural
from boardgames_tui.games.evergreen.content import WILD, biomes
from boardgames_tui.games.evergreen.legend import ACTION_OPTIONS
from boardgames_tui.games.evergreen.model import (
    ChooseBiome,
    Done,
    DraftCard,
    EvergreenState,
    Grow,
    LakeGrow,
    Plant,
    UsePower,
    ZoneCard,
)
from boardgames_tui.games.evergreen.rules import (
    BIG_BAMBOO,
    BIOME_AT,
    BIOME_KEYS,
    BIOME_NAMES,
    CARDS,
    EMPTY,
    GROWTH,
    PIECE_NAMES,
    PLAYABLE,
    POINTS,
    POWER_TRACK_MAX,
    POWERS,
    SEASONS,
    SMALL_BAMBOO,
    SUN,
    bamboo_biomes,
    big_trees_by_biome,
    biggest_forest,
    card_label,
    fertility_points,
    fertility_values,
    light_preview,
    options_with_room,
    pool_left,
    space_name,
    sun_edge,
    turn_order,
    working_board,
)
from boardgames_tui.engine.text import and_list
from boardgames_tui.games.evergreen.rules.common import NEIGHBOURS, POWER_EFFECT, SPROUT

if TYPE_CHECKING:
    from boardgames_tui.engine.parts import Game
    from boardgames_tui.games.evergreen.rules import EvergreenRules

# Board marks (ChangeReport.marks): ("cell", seat, space), ("card", card id), ("biome", key).
CELL, CARD, BIOME = "cell", "card", "biome"
# Piece names in the plural, for "2 bushes on C3, D4".
_PLURALS = {"Bush": "bushes", "Small Bamboo": "small bamboo", "Big Bamboo": "big bamboo"}


# -- the score as it stands ---------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """One seat's score as it stands, from what the viewing seat may see: its own
    planet with its secret plan so far, every other planet as of the last reveal."""

    seat: int
    banked: int  # scored already
    light: int  # light points if the season ended now
    forest: int  # the biggest forest now: points at each season's end
    fertility: int  # big trees × their biome's fertility as the zone stands: points at the end
    bamboo: int  # 2 a biome with bamboo, at the end (0 without the Bamboo module)

    @property
    def season_end(self) -> int:
        """The total if the season ended now."""
        return self.banked + self.light + self.forest

    @property
    def game_end(self) -> int:
        """The total if the game ended now, with fertility and bamboo as they stand."""
        return self.season_end + self.fertility + self.bamboo


def standings(view: EvergreenState, viewer: int | None) -> list[Standing]:
    """Every seat's `Standing` in `view` (the viewer's own view, or the public one)."""
    edge = sun_edge(view)
    bamboo_in_play = "bamboo" in view.powers
    result = []
    for seat, player in enumerate(view.players):
        if view.phase == "over":
            result.append(Standing(seat, player.total, 0, 0, 0, 0))
            continue
        own = seat == viewer
        board = working_board(view, seat) if own else player.board
        big_bamboo = pool_left(view, player, BIG_BAMBOO) if own else view.pool.get(BIG_BAMBOO, 0)
        preview = light_preview(board, edge, big_bamboo)
        result.append(
            Standing(
                seat,
                banked=player.total,
                light=preview.points,
                forest=len(biggest_forest(preview.board)),
                fertility=sum(fertility_points(view.zone, board).values()),
                bamboo=2 * bamboo_biomes(board) if bamboo_in_play else 0,
            )
        )
    return result


# -- words shared by the summaries -----------------------------------------------------------------
def _names(view: EvergreenState, seats: list[int]) -> str:
    return and_list([view.name(seat) for seat in seats])


def _leaders(view: EvergreenState, values: dict[int, int], what: str) -> str:
    """'Most light: Ann (7).' or 'Most light: Ann and Ben, tied on 7.'"""
    best = max(values.values())
    top = [seat for seat in turn_order(view) if values[seat] == best]
    if len(top) == 1:
        return f"{what}: {view.name(top[0])} ({best})."
    return f"{what}: {_names(view, top)}, tied on {best}."


def pieces_placed(old: str, new: str, cells: list[int]) -> str:
    """What changed on the planet's `cells`, grouped by piece: '2 sprouts on C3, D3 · 1 lake on E5'."""
    groups: dict[str, list[str]] = {}
    for cell in cells:
        glyph = new[cell]
        groups.setdefault(glyph, []).append(space_name(cell))
    parts = []
    for glyph, spaces in groups.items():
        if glyph == EMPTY:
            parts.append(f"nothing on {', '.join(spaces)} (refused at the reveal: see the log)")
            continue
        name = PIECE_NAMES[glyph]
        parts.append(f"{plural(len(spaces), name.lower(), _PLURALS.get(name))} on {', '.join(spaces)}")
    return " · ".join(parts)


def _changed_cells(old: str, new: str) -> list[int]:
    return [cell for cell in PLAYABLE if old[cell] != new[cell]]


def _round_of(view: EvergreenState) -> tuple[int, int, bool]:
    return (view.season, view.round, view.phase == "over")


def _bamboo_grown(old: str, new: str) -> list[int]:
    """Spaces whose bamboo became big since `old` (only a season's end does that)."""
    return [cell for cell in PLAYABLE if new[cell] == BIG_BAMBOO and old[cell] != BIG_BAMBOO]


# -- since a seat's last move -----------------------------------------------------------------------
def changes_since(before: EvergreenState, after: EvergreenState, seat: int) -> ChangeReport:
    """Marks for the cells, cards and fertility stacks that changed, and a few lines.

    `before` and `after` are two views of the same audience; the seat's own planet is
    its working board in both, so its own steps are never news, only what the reveal
    did to them (a step refused for want of pieces) and the bamboo that grew.
    """
    marks: set[Any] = set()
    lines: list[str] = []
    new_round = _round_of(after) != _round_of(before)
    # Seen by the table (a public view), the seat's own plan was hidden in `before`: what
    # the reveal put on its planet is its own doing, not news.
    own_plan_hidden = before.phase == "actions" and 0 <= seat < len(before.players) and before.players[seat].plan is None
    for other, player in enumerate(after.players):
        if other == seat and own_plan_hidden:
            continue
        old = working_board(before, other) if other == seat else before.players[other].board
        new = working_board(after, other) if other == seat else player.board
        cells = _changed_cells(old, new)
        marks.update((CELL, other, cell) for cell in cells)
        gained = player.power_points - before.players[other].power_points if other != seat else 0
        parts = [pieces_placed(old, new, cells)] if cells else []
        if gained:
            parts.append(f"+{plural(gained, 'point')} from {POWERS[POINTS].name}")
        if parts:
            # No possessive: "Ann:" reads right for any name, a seat called "You" included.
            whose = "Your planet" if other == seat else after.name(other)
            lines.append(f"{whose}: {' · '.join(parts)}.")
    scored = len(after.players[0].light) - len(before.players[0].light) if after.players else 0
    if scored > 0:
        season = SEASONS[len(after.players[0].light) - 1]
        gains = [
            f"{after.name(other)} +{after.players[other].light[-1] + after.players[other].forest[-1]}"
            for other in range(len(after.players))
        ]
        lines.append(f"{season} scored (light + biggest forest): {', '.join(gains)}.")
    old_values, new_values = fertility_values(before.zone), fertility_values(after.zone)
    stacks = [biome for biome in BIOME_KEYS if before.zone.get(biome) != after.zone.get(biome)]
    marks.update((BIOME, biome) for biome in stacks)
    if stacks:
        changes = ", ".join(f"{BIOME_NAMES[biome]} {old_values[biome]} → {new_values[biome]}" for biome in stacks)
        lines.append(f"Fertility: {changes}.")
    # The cards others drafted are marked where they are listed (under the draft row, in
    # this round's cards), by whom: no line here, which would only say it twice.
    for other, player in enumerate(after.players):
        earlier = None if new_round else before.players[other].card
        if other != seat and player.card is not None and player.card != earlier:
            marks.add((CARD, player.card))
    return ChangeReport(marks=frozenset(marks), lines=tuple(lines))


# -- the table's moments ------------------------------------------------------------------------------
def table_moments(rules: EvergreenRules, before: EvergreenState, after: EvergreenState) -> list[TableMoment]:
    """Between two public views: the plans revealed, a season scored, the final scoring."""
    if _round_of(after) == _round_of(before) or not after.players:
        return []
    moments = [_reveal_moment(before, after)]
    if len(after.players[0].light) > len(before.players[0].light):
        moments.append(_season_moment(before, after))
    if after.phase == "over" and before.phase != "over":
        moments.append(_final_moment(rules, after))
    return moments


def _reveal_moment(before: EvergreenState, after: EvergreenState) -> TableMoment:
    season_ended = len(after.players[0].light) > len(before.players[0].light)
    lines = []
    for seat in turn_order(before):
        old, player = before.players[seat].board, after.players[seat]
        new = player.board
        if season_ended:
            # The season's bamboo growth is told with the season; here, what the plan placed.
            grown = set(_bamboo_grown(old, new))
            new = "".join(SMALL_BAMBOO if cell in grown else glyph for cell, glyph in enumerate(new))
        cells = _changed_cells(old, new)
        parts = [pieces_placed(old, new, cells)] if cells else []
        gained = player.power_points - before.players[seat].power_points
        if gained:
            parts.append(f"+{plural(gained, 'point')} from {POWERS[POINTS].name}")
        card = before.players[seat].card
        drafted = f" ({card_label(card)})" if card is not None else ""
        lines.append(f"{before.name(seat)}{drafted}: {' · '.join(parts) or 'nothing this round'}.")
    refused = after.pool_refusals - before.pool_refusals
    if refused:
        lines.append(
            f"The shared pool ran short: {plural(refused, 'step')} could not be carried out (the log names them)."
        )
    if len(after.players) > 1 and after.phase != "over":
        leader = after.name(after.first_player)
        if before.marker_taken_by is not None:
            lines.append(f"Next round's lead: {leader}, who took the card with the first-player marker.")
        else:
            lines.append(f"Nobody took the card with the first-player marker: the lead passes to {leader}.")
    heading = f"{SEASONS[before.season]}, round {before.round}: the plans are revealed"
    return TableMoment(heading, tuple(lines))


def _season_moment(before: EvergreenState, after: EvergreenState) -> TableMoment:
    index = len(after.players[0].light) - 1
    lines = []
    light, forest = {}, {}
    for seat, player in enumerate(after.players):
        light[seat], forest[seat] = player.light[-1], player.forest[-1]
        grown = _bamboo_grown(before.players[seat].board, player.board)
        note = f" ({plural(len(grown), 'small bamboo', 'small bamboo')} grew first)" if grown else ""
        season_points = light[seat] + forest[seat]
        # The first total is more than the season's points by the starting points: said,
        # or "3 points · total 6" does not add up for a newcomer.
        start = f", with {plural(player.start_points, 'starting point')}" if index == 0 and player.start_points else ""
        lines.append(
            f"{after.name(seat)}: light {light[seat]} + biggest forest {forest[seat]} = "
            f"{plural(season_points, 'point')}{note} · total {player.total}{start}."
        )
    if len(after.players) > 1:
        lines.append(_leaders(after, light, "Most light"))
        lines.append(_leaders(after, forest, "Biggest forest"))
        totals = {seat: player.total for seat, player in enumerate(after.players)}
        lines.append(_leaders(after, totals, "Leading"))
    if after.phase != "over":
        lines.append(f"The sun moves to the {SUN[after.season]} edge: {SEASONS[after.season]} begins.")
    return TableMoment(f"{SEASONS[index]} is scored", tuple(lines))


def _final_moment(rules: EvergreenRules, after: EvergreenState) -> TableMoment:
    values = fertility_values(after.zone)
    lines = ["Fertility values: " + ", ".join(f"{BIOME_NAMES[biome]} {value}" for biome, value in values.items()) + "."]
    bamboo_in_play = "bamboo" in after.powers
    for seat, player in enumerate(after.players):
        bigs = big_trees_by_biome(player.board)
        fertility = sum(player.fertility or ())
        where = [f"{BIOME_NAMES[biome]} {count}" for biome, count in bigs.items() if count]
        trees = f" (big trees: {', '.join(where)})" if where else " (no big trees)"
        bamboo = f" · biomes with bamboo {plural(player.bamboo_biomes, 'biome')} × 2" if bamboo_in_play else ""
        lines.append(f"{after.name(seat)}: fertility {plural(fertility, 'point')}{trees}{bamboo} · total {player.total}.")
    sheet = rules.score_sheet(after)
    lines.append(f"Winner: {', '.join(sheet.winner_names())}, by {sheet.decided_by}.")
    return TableMoment("Final scoring: fertility", tuple(lines))


# -- hints in the seat's own words -----------------------------------------------------------------------
def _step_words(view: EvergreenState, seat: int, action: Any) -> str:
    player = view.players[seat]
    board = working_board(view, seat)
    if isinstance(action, Plant):
        return f"Plant a sprout on {space_name(action.space)} ({BIOME_NAMES[BIOME_KEYS[BIOME_AT[action.space]]]})"
    if isinstance(action, (Grow, LakeGrow)):
        glyph = board[action.space]
        beside = " beside the lake" if isinstance(action, LakeGrow) else ""
        if glyph in GROWTH:
            return (
                f"Grow the {PIECE_NAMES[glyph].lower()} on {space_name(action.space)}{beside} "
                f"into a {PIECE_NAMES[GROWTH[glyph]].lower()}"
            )
        return f"Grow the plant on {space_name(action.space)}{beside}"
    if isinstance(action, UsePower) and player.card is not None:
        power = CARDS[player.card].power
        if power == POINTS:
            level = player.levels[view.powers.index(power)]
            return f"Score {POWERS[power].name} ({plural(level, 'point')})"
        return f"Use {POWERS[power].name} on {space_name(action.space)}"  # type: ignore[arg-type]
    return "Finish your plan"


# What each power leaves on its space, in words (the inspector on `o`).
_POWER_WORDS = {
    "sprout": "a sprout on this space; it scores nothing until it grows into a tree",
    "sprout-to-small": "this sprout becomes a small tree: 1 light when lit, shading the next space",
    "small-to-big": "this small tree becomes a big tree: 2 light when lit, shading two spaces, "
    "and worth its biome's fertility at the end",
    "bush": "a bush on this space: no light and no shadow, but it joins trees into one forest",
    "lake": "a lake on this space (no light, no forest); straight after it, l may grow up to two "
    "different plants on the spaces beside it",
    "cherry": "this sprout becomes a cherry tree: 2 light when lit, shading like a small tree; it never "
    "grows bigger, and it raises its biome's fertility by 1 for you alone",
    "bamboo": "a small bamboo on this space: it scores no light but shades like a small tree, and shoots up "
    "to a big bamboo if lit at the season's end; 2 points at the end for each biome where you have bamboo",
}


def _board_score(view: EvergreenState, seat: int, board: str) -> tuple[tuple[str, int], ...]:
    """What `board` would be worth to `seat`, category by category, as things stand."""
    player = view.players[seat]
    preview = light_preview(board, sun_edge(view), pool_left(view, player, BIG_BAMBOO))
    score = [
        ("light now", preview.points),
        ("biggest forest", len(biggest_forest(preview.board))),
        ("fertility at the end", sum(fertility_points(view.zone, board).values())),
    ]
    if "bamboo" in view.powers:
        score.append(("bamboo at the end", 2 * bamboo_biomes(board)))
    return tuple(score)


BIOME_LETTERS = {biome.key: biome.letter for biome in biomes()}


def _outside_words(view: EvergreenState, seat: int, space: int) -> str:
    """For a first action step outside the card's biome: that it is then the whole action."""
    player = view.players[seat]
    plan = player.plan
    if player.card is None or CARDS[player.card].biome == WILD or (plan is not None and (plan.plants or plan.grows)):
        return ""
    where, card_biome = BIOME_KEYS[BIOME_AT[space]], CARDS[player.card].biome
    if where == card_biome:
        return f" (in your card's biome, {BIOME_NAMES[card_biome]})"
    return (
        f"; {BIOME_NAMES[where]} is not your card's biome ({BIOME_NAMES[card_biome]}, "
        f"{BIOME_LETTERS[card_biome]} on your planet), so this step would be your whole action"
    )


def step_effect(view: EvergreenState, seat: int, key: str, action: Any) -> str:
    """What a step of the seat's plan does, in full, where its key's name ("o: use your
    power") does not say it: the power's piece and what it scores, the growth, and what
    the step changes in the seat's score as it stands (the inspector on a planet space)."""
    player = view.players[seat]
    plan = player.plan
    board = working_board(view, seat)
    power = CARDS[player.card].power if player.card is not None else None
    if isinstance(action, UsePower) and power is not None:
        level = player.levels[view.powers.index(power)]
        left = level - (plan.uses if plan is not None else 0)
        head = f"{key}: your power, {POWERS[power].name} (level {level}, {plural(left, 'use')} left this round)"
        if power == POINTS:
            return f"{head}: {plural(level, 'point')} at the reveal, all its uses at once."
        words = _POWER_WORDS[power]
        if power == "lake":
            ready = [cell for cell in NEIGHBOURS[action.space] if board[cell] in GROWTH]
            words += f" ({plural(len(ready), 'plant')} beside this space could grow)"
        if plan is not None and plan.stage == "action":
            words += "; using it now ends your action"
        glyph = POWER_EFFECT[power][1]
        text = f"{head}: {words}."
    elif isinstance(action, Plant):
        glyph = SPROUT
        text = f"{key}: a sprout on this space, part of your action{_outside_words(view, seat, action.space)}."
    elif isinstance(action, (Grow, LakeGrow)) and board[action.space] in GROWTH:
        glyph = GROWTH[board[action.space]]
        how = (
            "one of the two growths beside your new lake"
            if isinstance(action, LakeGrow)
            else "part of your action" + _outside_words(view, seat, action.space)
        )
        text = (
            f"{key}: the {PIECE_NAMES[board[action.space]].lower()} here grows into a "
            f"{PIECE_NAMES[glyph].lower()}, {how}."
        )
    else:
        return f"{key}: {_step_words(view, seat, action)}."
    after = board[: action.space] + glyph + board[action.space + 1 :]
    changes = [
        f"{what} {old} → {new}"
        for (what, old), (_, new) in zip(_board_score(view, seat, board), _board_score(view, seat, after))
        if old != new
    ]
    return text + (" As things stand: " + ", ".join(changes) + "." if changes else "")


def choice_effect(view: EvergreenState, seat: int, action: Any) -> str | None:
    """What taking a draft card or sending the wild leftover does (the inspector's first
    line on a choice): the power level it brings and where its action works, or what
    the biome's fertility becomes."""
    if isinstance(action, DraftCard):
        return f"Taking it: {_draft_reason(view, seat, action.card)}."
    if isinstance(action, ChooseBiome):
        return f"Choosing it: {_biome_reason(view, seat, action.biome)}."
    return None


def explain_move(game: Game, view: EvergreenState, seat: int, action: Any) -> MoveExplanation:
    """`action` as `seat` would say it, and what it does to the seat's score as it stands."""
    if isinstance(action, DraftCard):
        return MoveExplanation(f"Draft {card_label(action.card)}", _draft_reason(view, seat, action.card))
    if isinstance(action, ChooseBiome):
        return MoveExplanation(
            f"Send the leftover wild card to {BIOME_NAMES[action.biome]}", _biome_reason(view, seat, action.biome)
        )
    move = _step_words(view, seat, action)
    if isinstance(action, Done):
        # Done reveals the plans, and the others' are guesses in any sample: say where it leaves the seat.
        now = standings(view, seat)[seat]
        return MoveExplanation(
            move,
            f"your plan stands at light now {now.light} and biggest forest {now.forest}; "
            "nothing else on offer would raise your score as it stands",
        )
    try:
        # Played on a sample of the hidden state (seeded from the position), never on the
        # view: only the seat's own planet and plan are read back from what it then sees.
        after = view_after(game, view, seat, [action])
    except Exception:  # an action the seat cannot play: name it, claim nothing
        return MoveExplanation(move)
    now, later = standings(view, seat)[seat], standings(after, seat)[seat]
    gains = [
        f"{what} {old} → {new}"
        for what, old, new in (
            ("light now", now.light, later.light),
            ("biggest forest", now.forest, later.forest),
            ("fertility at the end", now.fertility, later.fertility),
            ("bamboo at the end", now.bamboo, later.bamboo),
        )
        if old != new
    ]
    points = _plan_points(after, seat) - _plan_points(view, seat)
    if points:
        gains.insert(0, f"+{plural(points, 'point')} at the reveal")
    return MoveExplanation(move, ", ".join(gains) if gains else _quiet_reason(view, seat, action))


def _plan_points(view: EvergreenState, seat: int) -> int:
    plan = view.players[seat].plan
    return plan.points if plan is not None else 0


def _quiet_reason(view: EvergreenState, seat: int, action: Any) -> str:
    """Why a move that changes no score now may still be good."""
    if isinstance(action, Plant):
        return "a sprout scores nothing yet, but it can grow into a tree that scores light and joins a forest"
    if isinstance(action, UsePower) and action.space is not None:
        player = view.players[seat]
        power = CARDS[player.card].power if player.card is not None else ""
        if power == "lake":
            return "a lake lets you grow two plants beside it straight away"
        if power == "bush":
            return "a bush links trees into one forest"
    return "it scores nothing yet, but it readies a growth for a later round"


def _draft_reason(view: EvergreenState, seat: int, card: int) -> str:
    info = CARDS[card]
    player = view.players[seat]
    level = min(POWER_TRACK_MAX, player.levels[view.powers.index(info.power)] + 1)
    if info.power == POINTS:
        power = f"{POWERS[POINTS].name} rises to level {level}: {plural(level, 'point')} this round"
    else:
        power = f"your {POWERS[info.power].name} rises to level {level} ({plural(level, 'use')} this round)"
    if info.biome == WILD:
        return f"{power}; its action works in any one biome"
    board = working_board(view, seat)
    index = BIOME_KEYS.index(info.biome)
    free = sum(1 for cell in PLAYABLE if BIOME_AT[cell] == index and board[cell] == EMPTY)
    growable = sum(1 for cell in PLAYABLE if BIOME_AT[cell] == index and board[cell] in GROWTH)
    return (
        f"{power}; its action works in {BIOME_NAMES[info.biome]} ({BIOME_LETTERS[info.biome]} on your planet), where your planet has "
        f"{plural(free, 'free space')} and {plural(growable, 'plant')} to grow"
    )


def _biome_reason(view: EvergreenState, seat: int, biome: str) -> str:
    if view.leftover is None:
        return f"the card joins the {BIOME_NAMES[biome]} fertility stack"
    zone = dict(view.zone)
    zone[biome] = [*zone.get(biome, []), ZoneCard(card=view.leftover)]
    old, new = fertility_values(view.zone)[biome], fertility_values(zone)[biome]
    bigs = {other: big_trees_by_biome(player.board)[biome] for other, player in enumerate(view.players)}
    mine = bigs[seat] * (new - old)
    others = [bigs[other] * (new - old) for other in bigs if other != seat]
    best_other = f"; the most another player gains is {plural(max(others), 'point')}" if others else ""
    return (
        f"{BIOME_NAMES[biome]} fertility goes from {old} to {new}: your {plural(bigs[seat], 'big tree')} there "
        f"gain {plural(mine, 'point')} at the end as things stand{best_other}"
    )


# -- guard rails: a move that gives up what is left of a turn ---------------------------------------------
def forfeit_question(rules: EvergreenRules, view: EvergreenState, seat: int, action: Any) -> str | None:
    """The question to ask before `action` when it gives up part of the seat's turn
    (power uses, the action or its remaining steps, a lake's growths), else None.

    Only legal actions are asked about: an illegal one goes to the rules, which say why.
    """
    player = view.players[seat] if 0 <= seat < len(view.players) else None
    plan = player.plan if player is not None else None
    if plan is None or player is None or player.card is None:
        return None
    legal = rules.legal_actions(view, seat)
    if action not in legal:
        return None
    info = CARDS[player.card]
    steps_open = any(isinstance(other, (Plant, Grow)) for other in legal)
    lake_open = any(isinstance(other, LakeGrow) for other in legal) and not isinstance(action, LakeGrow)
    if isinstance(action, Done):
        lost = []
        uses = [other for other in legal if isinstance(other, UsePower)]
        if uses and info.power == POINTS:
            lost.append(_step_words(view, seat, uses[0]).replace("Score ", "", 1))
        elif uses:
            level = player.levels[view.powers.index(info.power)]
            lost.append(f"{plural(level - plan.uses, 'use')} of {POWERS[info.power].name}")
        if steps_open:
            lost.append("the rest of your action" if plan.plants or plan.grows else "your action")
        if lake_open:
            lost.append("the growths beside your new lake")
        if not lost:
            return None
        return f"Finish your plan with {and_list(lost)} still unused?"
    lost = ["the growths beside your new lake"] if lake_open else []
    if isinstance(action, (Plant, Grow)) and not (plan.plants or plan.grows) and info.biome != WILD:
        where = BIOME_KEYS[BIOME_AT[action.space]]
        if where != info.biome:
            step = "sprout" if isinstance(action, Plant) else "growth"
            return (
                f"{space_name(action.space)} is in {BIOME_NAMES[where]}, outside your card's biome "
                f"({BIOME_NAMES[info.biome]}): this {step} will be your whole action "
                f"(4: {ACTION_OPTIONS[4]}), and options 1–3 close. Go ahead?"
            )
    if isinstance(action, UsePower) and plan.stage == "action" and steps_open:
        options = options_with_room(plan, player.card)
        room = f" (room left under option{'s' if len(options) > 1 else ''} {', '.join(map(str, options))})" if options else ""
        lost.insert(0, "the rest of your action" + room)
    if not lost:
        return None
    return f"{_step_words(view, seat, action)}? It gives up {and_list(lost)}."
