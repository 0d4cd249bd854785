"""Evergreen's rules, the moves: what a seat may do now (legal actions), why a
move is refused (validate), applying it, and its line in the log.

One part of `EvergreenRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.contract import IllegalMove, copy_with_all_given
from boardgames_tui.engine.text import capital, name_verb, plural, possessive
from boardgames_tui.games.evergreen.content import WILD
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
)
from boardgames_tui.games.evergreen.rules.offers import board_after_step, offered_powers, offered_steps
from boardgames_tui.games.evergreen.rules.common import (
    BIG,
    BIOME_AT,
    BIOME_NAMES,
    CARD_BIOME,
    CARD_POWER,
    CARDS,
    CELLS,
    EMPTY,
    GROWTH,
    NEIGHBOURS,
    PIECE_NAMES,
    PLAYABLE,
    POINTS,
    POWERS,
    POWER_EFFECT,
    RAVINE,
    SMALL,
    SPROUT,
    ACTION_TYPES,
    ALL_BIOMES,
    BIOME_ACTIONS,
    BIOME_INDEX,
    CELLS_IN_BIOMES,
    DONE,
    DRAFT,
    GROW,
    LAKE_GROW,
    NO_BIOMES,
    PLANT,
    POWER,
    POWER_POINTS,
    STEP_TYPES,
    copy_for_move,
    copy_for_pick,
    pool_error,
    same_public_player,
    biome_at,
    card_label,
    fits_an_option,
    space_name,
)


# The moves of a seat's secret plan, and those of them that change it.
_PLAN_MOVES = frozenset({Plant, Grow, UsePower, LakeGrow, Done})
_STEP_KINDS = frozenset(STEP_TYPES)


class Actions:
    # -- legal actions ----------------------------------------------------------------------------
    def legal_actions(self, state: EvergreenState, seat: int) -> list[Any]:
        # Who may act is `_may_act`'s rule, worked out here from the fields already read.
        # The state's fields read from its dictionary: a model's field read costs several of a dict's.
        values = state.__dict__
        players = values["players"]
        count = len(players)
        if not 0 <= seat < count:
            return []
        phase = values["phase"]
        if phase == "draft":
            if seat != (values["first_player"] + values["picked"]) % count:
                return []
            return [DRAFT[card] for card in values["row"]]
        if phase == "wild":
            return list(BIOME_ACTIONS) if seat == self._last_picker(state) else []
        if phase != "actions":
            return []
        player = players[seat]
        if player.committed:
            return []
        plan = player.plan
        if plan is None or player.card is None:
            return []
        return self._step_actions(state, player, plan)

    def _step_actions(self, state: EvergreenState, player: PlayerState, plan: Plan) -> list[Any]:
        # Each field is read once: a read of a model's field costs several of a local's,
        # and a random or simulated game asks for these moves at nearly every step.
        board = plan.board
        public = player.board
        pool = state.__dict__["pool"]
        actions: list[Any] = []
        # Whether the pool has a piece left for this plan (`left_in_pool` > 0, written out).
        # Each step of the plan places one piece, so a pool holding more of a piece than
        # the plan has steps has one left without counting the boards' pieces.
        steps = len(plan.steps)
        held = pool.get(SMALL, 0)
        small_left = held > steps or held - board.count(SMALL) + public.count(SMALL) > 0
        held = pool.get(BIG, 0)
        big_left = held > steps or held - board.count(BIG) + public.count(BIG) > 0
        # Lake growths first: they are only on offer right after the lake.
        lake = plan.lake
        if lake is not None:
            lake_grown = plan.lake_grown
            if len(lake_grown) < 2:
                for cell in NEIGHBOURS[lake]:
                    if cell in lake_grown:
                        continue
                    glyph = board[cell]
                    if (glyph == SPROUT and small_left) or (glyph == SMALL and big_left):
                        actions.append(LAKE_GROW[cell])
        card = player.card
        stage = plan.stage
        uses = plan.uses
        if stage != "after":
            plants, grows = plan.plants, plan.grows
            held = pool.get(SPROUT, 0)
            sprout_left = held > steps or held - board.count(SPROUT) + public.count(SPROUT) > 0
            if not plants and not grows:
                # Before the action's first step, every biome: each empty space, sprout
                # and small tree of the board, kept by board (rules/offers.py), when the
                # pool has each piece left.
                if sprout_left and small_left and big_left:
                    actions += offered_steps(board)
                else:
                    offer = _STEP_OFFERS[sprout_left, small_left, big_left]
                    if offer:
                        actions += [offer[glyph][cell] for cell in PLAYABLE if (glyph := board[cell]) in offer]
            else:
                plant_biomes, grow_biomes = _step_biomes(plants, grows, CARD_BIOME[card])  # type: ignore[index]
                # Plants and growths are offered in the same biomes whenever both are
                # (see _step_biomes), so one walk over those biomes' spaces serves both.
                if grow_biomes:
                    offer = _STEP_OFFERS[sprout_left if plant_biomes else False, small_left, big_left]
                else:
                    offer = _STEP_OFFERS[sprout_left if plant_biomes else False, False, False]
                if offer:
                    used = (*plants, *grows)
                    actions += [
                        offer[glyph][cell]
                        for cell in CELLS_IN_BIOMES[plant_biomes or grow_biomes]
                        if (glyph := board[cell]) in offer and cell not in used
                    ]
        power = CARD_POWER[card]  # type: ignore[index]
        level = player.levels[state.__dict__["powers"].index(power)]
        if power == POINTS:
            if uses == 0 and level > 0:
                actions.append(POWER_POINTS)
        elif uses < level:
            source, result = POWER_EFFECT[power]
            held = pool.get(result, 0)
            if held > steps or held - board.count(result) + public.count(result) > 0:
                if source == EMPTY:
                    actions += offered_powers(board)
                else:
                    # A piece to change stands on few spaces, and never on a ravine.
                    cell = board.find(source)
                    while cell >= 0:
                        actions.append(POWER[cell])
                        cell = board.find(source, cell + 1)
        actions.append(DONE)
        return actions

    # -- validation -------------------------------------------------------------------------------
    def validate(self, state: EvergreenState, seat: int, action: Any) -> None:
        # A step or Done of an uncommitted plan and a pick in turn, the most common moves,
        # are checked at once; everything else, and every refusal, below, where the words are built.
        values = state.__dict__
        phase = values["phase"]
        players = values["players"]
        if 0 <= seat < len(players):
            kind = type(action)
            if phase == "actions" and kind in _PLAN_MOVES:
                player = players[seat]
                plan = player.plan
                if not player.committed and plan is not None and player.card is not None:
                    if kind is Done:
                        return
                    reason = self._step_error(state, player, plan, action)
                    if reason is not None:
                        raise IllegalMove(reason)
                    return
            elif (
                phase == "draft"
                and kind is DraftCard
                and seat == (values["first_player"] + values["picked"]) % len(players)
                and action.card in values["row"]
            ):
                return
        if not 0 <= seat < len(players):
            raise IllegalMove(f"There is no seat {seat + 1} in this game.")
        name = state.name(seat)
        if phase == "over":
            raise IllegalMove("The game is over.")
        if not isinstance(action, ACTION_TYPES):
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
            if action.biome not in BIOME_INDEX:
                raise IllegalMove(f"There is no biome called {action.biome!r}.")
            return
        # The action phase.
        if isinstance(action, (DraftCard, ChooseBiome)):
            raise IllegalMove("The draft is over: now everyone plants, grows and uses powers.")
        player = state.players[seat]
        if player.committed:
            raise IllegalMove(f"{name_verb(name, 'have')} already finished this round's plan.")
        if player.plan is None or player.card is None:
            raise IllegalMove(f"{capital(possessive(name))} plan is hidden in this view.")
        reason = self._step_error(state, player, player.plan, action)
        if reason is not None:
            raise IllegalMove(reason)

    def _step_error(self, state: EvergreenState, player: PlayerState, plan: Plan, action: Any) -> str | None:
        kind = type(action)
        if kind is Done:
            return None
        board = plan.board
        space = action.space
        if space is not None and not 0 <= space < CELLS:
            return f"There is no space number {space} on the planet."
        if kind is LakeGrow:
            if plan.lake is None:
                return "Lake growths come only straight after placing a lake."
            if len(plan.lake_grown) >= 2:
                return "A lake grows at most two plants."
            if space not in NEIGHBOURS[plan.lake]:
                return f"{space_name(space)} is not beside the lake on {space_name(plan.lake)}."
            if space in plan.lake_grown:
                return "The lake's two growths must be on different spaces."
            return _growth_error(state, player, board, space)
        if kind is Plant or kind is Grow:
            if plan.stage == "after":
                return "Your action is over: you have used your power after it."
            planted, grown = plan.plants, plan.grows
            if space in planted or space in grown:
                return "Each step of the action needs its own space."
            # A step on a space that takes it, with a pool holding more of its piece than
            # the plan has steps (see pool_error), is accepted without the checks below.
            held = state.__dict__["pool"]
            if kind is Plant:
                if not (board[space] == EMPTY and held.get(SPROUT, 0) > len(plan.steps)):
                    reason = _empty_error(state, player, board, space, SPROUT)
                    if reason is not None:
                        return reason
                plants, grows = len(planted) + 1, len(grown)
            else:
                glyph = board[space]
                if not (glyph in GROWTH and held.get(GROWTH[glyph], 0) > len(plan.steps)):
                    reason = _growth_error(state, player, board, space)
                    if reason is not None:
                        return reason
                plants, grows = len(planted), len(grown) + 1
            if plants + grows <= 1:
                return None  # a single step fits anywhere
            card_biome = CARD_BIOME[player.card]  # type: ignore[index]
            touched = {BIOME_AT[cell] for cell in (*planted, *grown, space)}
            if not fits_an_option(plants, grows, touched, card_biome):
                return _option_reason(card_biome)
            return None
        # UsePower
        power = CARD_POWER[player.card]  # type: ignore[index]
        level = player.levels[state.__dict__["powers"].index(power)]
        if power == POINTS:
            if space is not None:
                return f"{POWERS[power].name} needs no space."
            if plan.uses:
                return f"You have already scored {POWERS[power].name} this round."
            return None
        uses = plan.uses
        source, result = POWER_EFFECT[power]
        # A use with one left, on a space holding the power's piece, with a pool holding
        # more of its result than the plan has steps (see pool_error), is accepted at once.
        if (
            space is not None
            and uses < level
            and board[space] == source
            and state.__dict__["pool"].get(result, 0) > len(plan.steps)
        ):
            return None
        power_name = POWERS[power].name
        if space is None:
            return f"Choose a space for {power_name}."
        if uses >= level:
            return f"{power_name} is at level {level}: you have used it {plural(uses, 'time')} already this round."
        if source == EMPTY:
            return _empty_error(state, player, board, space, result)
        if board[space] != source:
            return f"{power_name} needs a {PIECE_NAMES[source].lower()}, and {space_name(space)} has {_holds(board, space)}."
        return pool_error(state, player, result)

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state: EvergreenState, seat: int, action: Any) -> EvergreenState:
        # Actions by their exact type: `isinstance` on a model class goes through its
        # metaclass's check, several times the cost of comparing types.
        kind = type(action)
        if kind in _STEP_KINDS:
            return self._apply_step(state, seat, action)
        values = state.__dict__
        if kind is Done and _others_planning(values["players"]):
            values = values.copy()
            values["log"] = list(values["log"])
            players = values["players"] = list(values["players"])
            done = players[seat] = players[seat].copied()
            done.committed = True
            new = copy_with_all_given(state, values)
            new.say(self.log_line(state, seat, action))
            return new
        if kind is DraftCard:
            new = copy_for_pick(state) if values["picked"] + 1 < len(values["players"]) else copy_for_move(state)
            new.say(self.log_line(state, seat, action))
            self._draft(new, seat, action.card)
            return new
        new = copy_for_move(state)
        new.say(self.log_line(state, seat, action))
        self._play_on(new, seat, action, logged=True)
        return new

    def apply_in_place(self, state: EvergreenState, seat: int, action: Any) -> EvergreenState:
        """`apply` for a search's simulated game, which owns `state` and reads no log.

        A step or a Done before the last replaces one record in `state`'s own list of
        players (every `apply` makes that list new) instead of copying the whole state
        first; other containers are still copied before they change, since the state
        shares them with those it came from.  No log line is written: working out the
        words of a reveal and a deal is a good share of a simulated round.
        """
        kind = type(action)
        if kind in _STEP_KINDS:
            player = state.players[seat]
            state.players[seat] = self._stepped(state, player, action)
            return state
        if kind is Done and _others_planning(state.players):
            done = state.players[seat] = state.players[seat].copied()
            done.committed = True
            return state
        # A simulated game writes no log: it need not be copied.
        new = copy_for_move(state, log=state.log)
        self._play_on(new, seat, action, logged=False)
        return new

    def _play_on(self, state: EvergreenState, seat: int, action: Any, *, logged: bool) -> None:
        """What a draft pick, a wild biome or the last Done does to `state`, a copy the caller owns."""
        kind = type(action)
        if kind is Done:
            self._reveal(state, logged=logged)
        elif kind is DraftCard:
            self._draft(state, seat, action.card, logged=logged)
        elif kind is ChooseBiome:
            card = state.leftover
            state.leftover = None
            self._resolve_leftover(state, card, action.biome, logged=logged)  # type: ignore[arg-type]
            self._start_actions(state, logged=logged)

    def _apply_step(self, state: EvergreenState, seat: int, action: Any) -> EvergreenState:
        values = state.__dict__.copy()
        players = values["players"] = list(values["players"])
        players[seat] = self._stepped(state, players[seat], action)
        return copy_with_all_given(state, values)

    def _stepped(self, state: EvergreenState, player: PlayerState, action: Any) -> PlayerState:
        """`player` (its seat's record in `state`) after one step of its plan."""
        before = player.plan
        assert before is not None
        plan = before.copied()
        board = before.board
        space = action.space
        plan.steps = [*before.steps, action]
        kind = type(action)
        if kind is Plant or kind is Grow:
            if kind is Plant:
                plan.board = board_after_step(board, space, SPROUT)
                plan.plants = [*before.plants, space]
            else:
                plan.board = board_after_step(board, space, GROWTH[board[space]])
                plan.grows = [*before.grows, space]
            # A plant or growth is the action's own step: the lake's growths are over.
            plan.stage = "action"
            plan.lake = None
            if before.lake_grown:  # an empty list is shared: a plan's lists are replaced, never edited
                plan.lake_grown = []
        elif kind is LakeGrow:
            plan.board = board_after_step(board, space, GROWTH[board[space]])
            plan.lake_grown = [*before.lake_grown, space]
        else:
            power = CARD_POWER[player.card]  # type: ignore[index]
            if before.stage == "action":
                plan.stage = "after"
            if before.lake_grown:
                plan.lake_grown = []
            if power == POINTS:
                level = player.levels[state.powers.index(power)]
                plan.points = before.points + level
                plan.uses = level
                plan.lake = None
            else:
                plan.board = board_after_step(board, space, POWER_EFFECT[power][1])
                plan.uses = before.uses + 1
                plan.lake = space if power == "lake" else None
        # Not logged: a plan is secret until the reveal, whose public line tells every
        # step, and a private log line would keep the seat's view apart from the table's
        # for the rest of the game (every later draft behind a curtain).  The seat sees
        # its plan on its planet and in the "This round" panel.
        stepped = player.copied()
        stepped.plan = plan
        same_public_player(player, stepped)
        return stepped

    # -- words ------------------------------------------------------------------------------------------
    def log_line(self, state: EvergreenState, seat: int, action: Any) -> str:
        # Past tense: right for any name, a seat called "You" included ("You drafted").
        seats = state.__dict__["seats"]
        name = seats[seat].name if 0 <= seat < len(seats) else f"Seat {seat + 1}"
        kind = type(action)
        if kind is DraftCard:
            return f"{name} drafted {card_label(action.card)}."
        if kind is ChooseBiome:
            return f"{name} sent the leftover wild card to {BIOME_NAMES.get(action.biome, action.biome)}."
        if kind is Done:
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


# (a plant, a growth of a sprout, of a small tree on offer) -> glyph -> the action step
# on offer on a space holding it (by space).
_STEP_OFFERS: dict[tuple[bool, bool, bool], dict[str, tuple[Any, ...]]] = {
    (plant, grow_sprout, grow_small): {
        glyph: moves for glyph, moves, on in ((EMPTY, PLANT, plant), (SPROUT, GROW, grow_sprout), (SMALL, GROW, grow_small)) if on
    }
    for plant in (False, True)
    for grow_sprout in (False, True)
    for grow_small in (False, True)
}


def _empty_error(state: EvergreenState, player: PlayerState, board: str, space: int, piece: str) -> str | None:
    glyph = board[space]
    if glyph == RAVINE:
        return f"{space_name(space)} is a ravine: nothing can be put there."
    if glyph != EMPTY:
        return f"{space_name(space)} is not empty: it holds a {PIECE_NAMES[glyph].lower()}."
    return pool_error(state, player, piece)


def _growth_error(state: EvergreenState, player: PlayerState, board: str, space: int) -> str | None:
    glyph = board[space]
    if glyph not in GROWTH:
        return f"Only a sprout or a small tree can grow; {space_name(space)} has {_holds(board, space)}."
    return pool_error(state, player, GROWTH[glyph])


def _others_planning(players: list[PlayerState]) -> bool:
    """Whether, besides the seat finishing now, another has still to finish its plan
    (else a Done reveals every plan)."""
    planning = 0
    for player in players:
        if not player.committed:
            planning += 1
    return planning > 1


def _step_biomes(planted: list[int], grown: list[int], card_biome: str) -> tuple[frozenset[int], frozenset[int]]:
    """The biomes where one more plant / one more growth (after the action's steps so
    far, `planted` and `grown`) would still fit an option: every biome for both, or one
    biome for both or either, or none."""
    plants, grows = len(planted), len(grown)
    if plants + grows == 0:
        return ALL_BIOMES, ALL_BIOMES
    touched = frozenset(BIOME_AT[cell] for cell in (*planted, *grown))
    if len(touched) > 1:
        return NO_BIOMES, NO_BIOMES
    if card_biome != WILD:
        touched = touched & {BIOME_INDEX[card_biome]}
    plant_ok = (grows == 0 and plants + 1 <= 3) or (plants + 1 <= 1 and grows <= 1)
    grow_ok = (plants == 0 and grows + 1 <= 2) or (plants <= 1 and grows + 1 <= 1)
    return (touched if plant_ok else NO_BIOMES), (touched if grow_ok else NO_BIOMES)


def _holds(board: str, space: int) -> str:
    glyph = board[space]
    if glyph == EMPTY:
        return "nothing"
    if glyph == RAVINE:
        return "a ravine"
    return f"a {PIECE_NAMES[glyph].lower()}"


def _option_reason(card_biome: str) -> str:
    where = "one biome" if card_biome == WILD else BIOME_NAMES[card_biome]
    return (
        "No action allows that: plant up to 3 sprouts, grow 2 plants, or plant 1 and grow 1, "
        f"all in {where}; or take a single step anywhere."
    )
