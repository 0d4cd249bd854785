"""Evergreen's rules, the action phase and each season's end: the planned steps
revealed and carried out, the sun's light scored and bamboo grown.

One part of `EvergreenRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations


from boardgames_tui.engine.contract import set_fields
from boardgames_tui.games.evergreen.model import (
    EvergreenState,
    Grow,
    LakeGrow,
    Plan,
    Plant,
    PlayerState,
    UsePower,
)
from boardgames_tui.games.evergreen.rules.common import (
    BIG_BAMBOO,
    CARD_POWER,
    CELLS,
    EMPTY,
    GROWTH,
    PIECE_NAMES,
    POWERS,
    POWER_EFFECT,
    POWER_TRACK_MAX,
    SEASONS,
    SEASON_ROUNDS,
    SMALL_BAMBOO,
    SPROUT,
    SUN,
    biggest_forest_size,
    grow_bamboo,
    light_points,
    lit_spaces,
    space_name,
    turn_order,
)


class Seasons:
    # `logged=False` (a search's simulated game: see Actions.apply_in_place) leaves
    # the log alone, and the words for it unwritten; everything else is the same.
    def _start_actions(self, state: EvergreenState, *, logged: bool = True) -> None:
        values = state.__dict__
        powers = values["powers"]
        seats = values["seats"]
        raised = []
        players = []
        for seat, player in enumerate(values["players"]):
            power = CARD_POWER[player.card]  # type: ignore[index]
            index = powers.index(power)
            levels = list(player.levels)
            level = levels[index] + 1
            if level > POWER_TRACK_MAX:
                level = POWER_TRACK_MAX
            levels[index] = level
            if logged:
                raised.append(f"{_POWER_NAMES[power]} to level {level} for {seats[seat].name}")
            planning = player.copied()
            planning.levels = levels
            planning.plan = Plan(board=player.board)
            planning.committed = False
            players.append(planning)
        set_fields(state, phase="actions", players=players)
        if logged:
            state.say("Powers rise: " + ", ".join(raised) + ". Everyone now plans in secret.")

    def _reveal(self, state: EvergreenState, *, logged: bool = True) -> None:
        """Every plan is shown, then carried out against the shared pool in turn order.

        `state` is the copy `apply` made for this move: its list of players is its own,
        and the records put in it here are new ones, which the season's end scores in place."""
        values = state.__dict__
        players = values["players"]
        pool = dict(values["pool"])
        season = values["season"]
        season_over = values["round"] >= SEASON_ROUNDS[season]
        # A deal follows unless the game ends, and a dealt record holds no card: the
        # records made here are already the dealt ones.
        dealing = not (season_over and season + 1 >= len(SEASONS))
        seats = values["seats"]
        say = state.say
        for seat in turn_order(state):
            player = players[seat]
            plan = player.plan
            assert plan is not None
            board, told = self._carry_out(state, player, plan, pool, seats[seat].name if logged else None)
            if told is not None:
                for line in told:
                    say(line)
            revealed = players[seat] = player.copied()
            revealed.board = board
            revealed.power_points = player.power_points + plan.points
            revealed.plan = None
            revealed.committed = False
            if dealing:
                revealed.card = None
        count = len(players)
        marker_taken_by = values["marker_taken_by"]
        set_fields(
            state,
            info_epoch=values["info_epoch"] + 1,
            pool=pool,
            first_player=(values["first_player"] + 1) % count if marker_taken_by is None else marker_taken_by,
        )
        if season_over:
            self._end_season(state, logged=logged)
            if not dealing:
                return
        else:
            set_fields(state, round=values["round"] + 1)
        if count > 1 and logged:
            say(f"{seats[values['first_player']].name} will lead the next round.")
        self._deal(state, logged=logged)

    def _carry_out(
        self, state: EvergreenState, player: PlayerState, plan: Plan, pool: dict[str, int], name: str | None
    ) -> tuple[str, list[str] | None]:
        """The public board after `plan`'s steps, taking their pieces from `pool` (changed
        in place), and the lines that tell them: the plan revealed, then each refusal
        (None when `name`, the seat's, is None: a search's quick game, told nothing).

        The plan was checked against the pool as of the last reveal; seats earlier
        in turn order may since have taken what it counted on (see `_carry_out_step_by_step`).
        """
        power = CARD_POWER[player.card]  # type: ignore[index]
        # The plan's words are gathered as its steps are carried out, each step read once.
        telling = name is not None
        words: list[str] = []
        refused: list[str] = []
        said = _WORDS_BY_POWER[power]
        steps = plan.steps
        if len(steps) <= min(pool.values()):
            # The pool holds at least as many of every piece as the plan has steps, and a
            # step takes one piece: every step is placed, and the public board becomes
            # the planned one.  Only the pool is worked out, step by step.
            public = player.board
            placed: dict[int, str] = {}
            for step in steps:
                space = step.space
                if space is None:  # the points power: no piece
                    if telling:
                        words.append(_points_words(power, plan.points))
                    continue
                kind = type(step)
                if telling:
                    words.append(said[kind][space])
                if kind is Plant:
                    source, result = EMPTY, SPROUT
                elif kind is UsePower:
                    source, result = POWER_EFFECT[power]
                else:
                    source = placed.get(space) or public[space]
                    result = GROWTH[source]
                placed[space] = result
                pool[result] -= 1
                if source != EMPTY:
                    pool[source] += 1
            carried_out = plan.board
        else:
            carried_out = self._carry_out_step_by_step(state, player, plan, pool, power, name, words, refused)
        if not telling:
            return carried_out, None
        return carried_out, [f"{name} revealed: {', '.join(words) if words else 'nothing this round'}.", *refused]

    def _carry_out_step_by_step(
        self,
        state: EvergreenState,
        player: PlayerState,
        plan: Plan,
        pool: dict[str, int],
        power: str,
        name: str | None,
        words: list[str],
        refused: list[str],
    ) -> str:
        """`_carry_out` when the pool may run out during the plan, its words added to
        `words` and its refusals' to `refused` (when `name` is not None).  Each step needs
        the piece it found when planned (`planned` replays the plan as its owner saw it)
        and its new piece in the pool; a step that fails either is refused and logged."""
        telling = name is not None
        said = _WORDS_BY_POWER[power]
        # Both boards as lists of glyphs, changed space by space and joined once.
        planned = list(player.board)
        board = planned.copy()
        lake_placed = True
        for step in plan.steps:
            space = step.space
            if space is None:  # the points power: no piece
                if telling:
                    words.append(_points_words(power, plan.points))
                continue
            kind = type(step)
            if telling:
                words.append(said[kind][space])
            if kind is Plant:
                source, result = EMPTY, SPROUT
            elif kind is UsePower:
                source, result = POWER_EFFECT[power]
            else:
                source = planned[space]
                result = GROWTH[source]
            planned[space] = result
            if kind is LakeGrow and not lake_placed:
                if telling:
                    refused.append(f"{name}: the {said[kind][space]} is refused: the lake was not placed.")
                continue
            if board[space] != source:
                if telling:
                    refused.append(
                        f"{name}: the {said[kind][space]} is refused: an earlier step it relied on was refused."
                    )
                placed = False
            elif pool.get(result, 0) <= 0:
                state.pool_refusals += 1
                if telling:
                    refused.append(
                        f"{name}: the {said[kind][space]} is refused: "
                        f"the shared pool has no {PIECE_NAMES[result].lower()} left."
                    )
                placed = False
            else:
                pool[result] -= 1
                if source != EMPTY:
                    pool[source] += 1
                board[space] = result
                placed = True
            if kind is UsePower and power == "lake":
                lake_placed = placed
        return "".join(board)

    def plan_summary(self, state: EvergreenState, player: PlayerState, plan: Plan) -> str:
        if not plan.steps:
            return "nothing this round"
        power = CARD_POWER[player.card]  # type: ignore[index]
        said = _WORDS_BY_POWER[power]
        return ", ".join(
            _points_words(power, plan.points) if step.space is None else said[type(step)][step.space]
            for step in plan.steps
        )

    def _end_season(self, state: EvergreenState, *, logged: bool = True) -> None:
        """Bamboo grows, then light and the biggest forest score.  The seats' records are
        the reveal's new ones (see `_reveal`), scored in place."""
        values = state.__dict__
        season = values["season"]
        edge = SUN[season]
        boards, grown_by_seat = self._grow_all_bamboo(state, edge, logged=logged)
        discard = values["discard"]
        seats = values["seats"]
        for seat, player in enumerate(values["players"]):
            board, grown = boards[seat], grown_by_seat[seat]
            light = light_points(board, edge)
            forest = biggest_forest_size(board)
            if logged:
                note = f" ({len(grown)} small bamboo grew first)" if grown else ""
                state.say(f"{SEASONS[season]} scoring — {seats[seat].name}: light {light}, biggest forest {forest}{note}.")
            discard.extend(player.drafted)
            player.board = board
            player.light = [*player.light, light]
            player.forest = [*player.forest, forest]
            player.drafted = []
        set_fields(state, info_epoch=values["info_epoch"] + 1)
        if season + 1 >= len(SEASONS):
            self._final_scoring(state, logged=logged)
            return
        set_fields(state, season=season + 1, round=1)
        if logged:
            state.say(f"The sun moves to the {SUN[season + 1]} edge: {SEASONS[season + 1]} begins.")

    def _grow_all_bamboo(
        self, state: EvergreenState, edge: str, *, logged: bool = True
    ) -> tuple[list[str], list[list[int]]]:
        """Every planet's bamboo growth before light, from the shared pool in turn order."""
        boards = [player.board for player in state.players]
        grown_by_seat: list[list[int]] = [[] for _ in boards]
        if not any(SMALL_BAMBOO in board for board in boards):
            return boards, grown_by_seat
        pool = dict(state.pool)
        for seat in turn_order(state):
            before = boards[seat]
            big_left = pool.get(BIG_BAMBOO, 0)
            board, grown = grow_bamboo(before, edge, big_left)
            pool[BIG_BAMBOO] = big_left - len(grown)
            pool[SMALL_BAMBOO] = pool.get(SMALL_BAMBOO, 0) + len(grown)
            boards[seat], grown_by_seat[seat] = board, grown
            # Fewer grew than the pool could cover only when no more were lit: the
            # lit ones need counting only when the pool may have run short.
            short = 0
            if len(grown) >= big_left and SMALL_BAMBOO in before:
                short = sum(1 for cell in lit_spaces(before, edge) if before[cell] == SMALL_BAMBOO) - len(grown)
            if short:
                state.pool_refusals += short
                if logged:
                    state.say(
                        f"{state.name(seat)}: {short} lit small bamboo {'stays' if short == 1 else 'stay'} small: "
                        "the shared pool has no big bamboo left."
                    )
        state.pool = pool
        return boards, grown_by_seat


# A step's words in a reveal, by the card's power, the step's kind, then its space:
# written once, as every reveal tells every step.  A power by its whole name: its short
# one ("Sprout") read as a typo beside "sprout on E4".
_STEP_WORDS: dict[type, tuple[str, ...]] = {
    kind: tuple(f"{what} on {space_name(space)}" for space in range(CELLS))
    for kind, what in ((Plant, "sprout"), (Grow, "growth"), (LakeGrow, "lake growth"))
}
_WORDS_BY_POWER: dict[str, dict[type, tuple[str, ...]]] = {
    power: {**_STEP_WORDS, UsePower: tuple(f"{info.name} on {space_name(space)}" for space in range(CELLS))}
    for power, info in POWERS.items()
}


_POWER_NAMES: dict[str, str] = {power: info.name for power, info in POWERS.items()}


def _points_words(power: str, points: int) -> str:
    """The points power's use in a plan's words."""
    return f"{_POWER_NAMES[power]} +{points}"
