"""Everbloom's rules, migration: each card space's contest with its winner, loser
and ties, the bonuses, habitat tiles, and the bats.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from boardgames_tui.engine.contract import UNREAD_LOG
from boardgames_tui.engine.text import and_list, plural, their
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import EverbloomState, Task, contest_record, task_record
from boardgames_tui.games.everbloom.rules.common import (
    habitat_card,
    BIOMES,
    MIGRATION_BEGINS,
    NUM,
    BLOOMS,
    CARDS,
    CAVE,
    TILES,
    TRACK,
    WILDLIFE,
    add_count,
    own_players,
    side_board,
    earn,
    turn_order,
    wildlife_spaces,
    biome_name,
    card_biomes,
    card_cost,
    card_name,
    telling,
    new_task,
)
from boardgames_tui.games.everbloom.rules.pollination import blooms_on_display


# The kinds of card ability with a public bonus (`_public_bonus`) and with a bonus for
# the winner (`_own_bonus`): a card of another kind has neither.
_PUBLIC_KINDS = frozenset({"public", "public_fewest", "public_losers"})
_BONUS_KINDS = frozenset({"gain", "points_per"})


def _contest_tasks(winner: int, space: str, card: str, counts: list[int], order: tuple[int, ...]) -> list[Task]:
    """The tasks a won card queues: each other seat's on it (in turn `order`) that lost,
    the winner's placing it, and the pollinators' return.  Built anew each time: a
    random game's contests are nearly all new, and a search's quick games meet too few
    again for a cache to pay for its keys."""
    shown = list(counts)
    tasks = [task_record("loser", seat, space, card, shown, 0, "") for seat in order if seat != winner and counts[seat]]
    tasks.append(task_record("place", winner, space, card, shown, 0, ""))
    tasks.append(task_record("return", winner, space, card, shown, 0, ""))
    return tasks


class Migration:
    def winner_by_ties(self, state: EverbloomState, seats: list[int]) -> int:
        order = turn_order(state)
        players = state.__dict__["players"]
        return min(seats, key=lambda s: (players[s].card_count(), players[s].score, order.index(s)))

    def _settle(self, state: EverbloomState, seats: list[int], tied_on: Callable[[], str]) -> tuple[int, str]:
        """The winner among `seats` (the rulebook's tie-breaks) and, for a tie, what broke
        it in words ('' without a tie); a tie is told in the log (ruling 29).  `tied_on`
        says what they tie on (worked out only for a tie told)."""
        if len(seats) < 2:
            return seats[0], ""
        # `winner_by_ties`'s rule, a step at a time, each step's words told.
        players = state.__dict__["players"]
        card_counts = [players[seat].card_count() for seat in seats]
        fewest = min(card_counts)
        left = [seat for seat, count in zip(seats, card_counts) if count == fewest]
        cards = f"{fewest} habitat card{'s' if fewest != 1 else ''}"
        if len(left) == 1:
            winner = left[0]
            why = f"{state.name(winner)} won it with the fewest habitat cards ({fewest})"
        else:
            lowest = min(players[seat].score for seat in left)
            last = [seat for seat in left if players[seat].score == lowest]
            winner = min(last, key=turn_order(state).index)
            if len(last) == 1:
                why = f"with {cards} each, {state.name(winner)} won it with the fewest points ({lowest})"
            else:
                why = (
                    f"with {cards} and {plural(lowest, 'point')} each, "
                    f"{state.name(winner)} won it by coming first in turn order"
                )
        if telling(state):
            state.say(f"{and_list([state.name(seat) for seat in seats])} tie {tied_on()}; {why}.")
        return winner, why

    def _start_migration(self, state: EverbloomState) -> None:
        state.phase = "migration"
        state.turn = None
        # The wildlife token starts each migration beneath the western landmark.
        state.wildlife_used = None
        state.contests = []
        # The migration may change any seat's record, up to the pollinations it ends in.
        own_players(state)
        state.say(MIGRATION_BEGINS)
        tasks = [new_task(kind="chip_blooms")]
        wild = wildlife_spaces(state.side)
        for space in side_board(state.side).migration:
            tasks.append(new_task(kind="wildlife" if space in wild else "card", space=space))
        tasks.append(new_task(kind="bats"))
        tasks.append(new_task(kind="pollination"))
        state.tasks = tasks
        self._run(state)

    def _task_chip_blooms(self, state: EverbloomState, task: Task) -> None:
        # The bloom cards on display whose objective the chips on the landmarks meet
        # (about half the rounds show none).
        shown = map(BLOOMS.__getitem__, state.__dict__["bloom_shown"])
        blooms = [bloom for bloom in shown if bloom.objective.phase == "chips"]
        if not blooms:
            return
        for seat in turn_order(state):
            for bloom in blooms:
                objective = bloom.objective
                times = 0
                for stack in state.chips.values():
                    mine = [chip.value for chip in stack if chip.seat == seat]
                    if objective.kind == "chips_on_landmark" and len(mine) >= objective.count:
                        times += 1
                    elif objective.kind == "chip_total_on_landmark" and mine and sum(mine) >= objective.min:
                        times += 1
                    elif objective.kind == "top_of_stack" and len(stack) >= objective.min_stack and stack[-1].seat == seat:
                        times += 1
                    elif objective.kind == "bottom_of_stack" and len(stack) >= objective.min_stack and stack[0].seat == seat:
                        times += 1
                for _ in range(times):
                    self._advance_bloom(state, seat, bloom.blooms, f"bloom card {bloom.name}")

    def _task_wildlife(self, state: EverbloomState, task: Task) -> None:
        totals = [0] * len(state.players)
        for chip in state.chips[task.space]:
            totals[chip.seat] += chip.value
        # Ruling 24: the chips are collected as the landmark resolves.
        state.chips[task.space] = []
        best = max(totals)
        which = wildlife_spaces(state.side)[task.space]
        if best == 0:
            state.contests = [*state.contests, contest_record(state.round, task.space, "", totals, -1, [], "")]
            if telling(state):
                state.say(f"Nobody wins the {which}ern wildlife landmark.")
            return
        tied = [s for s, total in enumerate(totals) if total == best]
        winner, why = self._settle(state, tied, lambda: f"with {best} at the {which}ern wildlife landmark")
        state.contests = [
            *state.contests,
            contest_record(state.round, task.space, "", totals, winner, tied if len(tied) > 1 else [], why),
        ]
        if telling(state):
            state.say(f"{state.name(winner)} won the {which}ern wildlife landmark with {best}.")
        self._check_blooms(state, winner, "win_wildlife")
        options = ["card", "bloom"]
        if which == "east" and state.wildlife_used:
            options = [o for o in options if o != state.wildlife_used]
        if not state.wildlife_deck:
            options = [o for o in options if o != "card"] or ["bloom"]
        follow = new_task(kind="wildlife_bonus", seat=winner, text=which)
        if len(options) > 1:
            self._ask(state, winner, "Choose the wildlife bonus: a wildlife card or two bloom advances", options, follow)
        else:
            self._answer_wildlife_bonus(state, follow, options[0])

    def _answer_wildlife_bonus(self, state: EverbloomState, task: Task, option: str) -> None:
        if task.text == "west":
            state.wildlife_used = option
        if option == "bloom":
            self._advance_bloom(state, task.seat, NUM.wildlife_bloom_advances, "wildlife bonus")
            return
        card, *rest = state.wildlife_deck
        state.wildlife_deck = rest
        state.tasks.insert(0, new_task(kind="place", seat=task.seat, card=card))

    def _task_card(self, state: EverbloomState, task: Task) -> None:
        values = state.__dict__
        space = task.space
        stack = values["stacks"][space]
        if not stack:
            return
        card = stack[0]
        counts = list(values["pollinators"][space])
        if sum(counts) == 0:
            state.contests = [*values["contests"], contest_record(values["round"], space, card, counts, -1, [], "")]
            self._take_top(state, space)
            state.boxed = [*values["boxed"], card]
            if values["log"] is not UNREAD_LOG:
                state.say(f"Nobody sent pollinators to {card_name(card)}: it goes back to the box.")
            return
        best = max(counts)
        tied = [s for s, count in enumerate(counts) if count == best]
        if len(tied) == 1:
            winner, why, tied = tied[0], "", []
        else:
            winner, why = self._settle(state, tied, lambda: f"with {plural(best, 'pollinator')} on {card_name(card)}")
        state.contests = [*values["contests"], contest_record(values["round"], space, card, counts, winner, tied, why)]
        if values["log"] is not UNREAD_LOG:
            state.say(f"{state.name(winner)} won {card_name(card)} with {plural(best, 'pollinator')}.")
        values["tasks"][0:0] = _contest_tasks(winner, space, card, counts, turn_order(state))
        # The public bonus comes first and asks nothing, so it is paid here, ahead of the
        # tasks just queued (any grove it gives is queued ahead of them).
        if CARDS[card].ability.kind in _PUBLIC_KINDS:
            self._public_bonus(state, winner, card, counts)

    @staticmethod
    def _take_top(state: EverbloomState, space: str) -> None:
        """A migrating card leaves its stack.  The card it uncovers stays face down until
        the next round, but its back shows: news on a mixed space (four seats), whose
        backs differ, so undo stops there."""
        values = state.__dict__
        stack = values["stacks"][space][1:]
        state.stacks = {**values["stacks"], space: stack}
        if stack and values["space_kinds"].get(space) not in BIOMES:
            state.info_epoch += 1

    def _public_bonus(self, state: EverbloomState, winner: int, card: str, counts: list[int]) -> None:
        """The public bonus of `card`, won by `winner` with `counts` on it (its ability
        is of a kind in `_PUBLIC_KINDS`)."""
        ability = CARDS[card].ability
        name = card_name(card) if telling(state) else ""
        if ability.kind == "public":
            for seat in turn_order(state):
                if counts[seat] >= ability.min_pollinators:
                    self._gain(state, seat, ability.gain, card, f"{name}, public", f"public:{card}")
        elif ability.kind == "public_fewest":
            present = [seat for seat in turn_order(state) if counts[seat]]

            def measure(seat: int) -> int:
                p = state.players[seat]
                return p.bloom if ability.measure == "bloom" else p.score

            lowest = min(measure(seat) for seat in present)
            what = "the bloom track" if ability.measure == "bloom" else "points"
            tied = [s for s in present if measure(s) == lowest]
            seat, why = self._settle(state, tied, lambda: f"for {name}'s bonus, {lowest} on {what}")
            if why and state.contests and state.contests[-1].card == card:
                amount = f"{lowest} on the bloom track" if ability.measure == "bloom" else plural(lowest, "point")
                state.contests = [
                    *state.contests[:-1],
                    replace(state.contests[-1], bonus_tied=tied, bonus_tied_on=amount, bonus_tie_break=why),
                ]
            self._gain(state, seat, ability.gain, card, name, f"public:{card}")
        elif ability.kind == "public_losers":
            for seat in turn_order(state):
                if counts[seat] and seat != winner:
                    self._gain(state, seat, ability.gain, card, name, f"public:{card}")

    def _task_loser(self, state: EverbloomState, task: Task) -> None:
        if "lose_card" in blooms_on_display(state):
            self._check_blooms(state, task.seat, "lose_card", mine=task.counts[task.seat])
        options = card_biomes(task.card)
        if len(options) > 1:
            self._ask(state, task.seat, f"Choose the grove for your pollinators from {card_name(task.card)}", list(options), task)
            return
        self._answer_loser(state, task, options[0])

    def _answer_loser(self, state: EverbloomState, task: Task, grove: str) -> None:
        values = state.__dict__
        pollinators = values["pollinators"]
        moved = pollinators[task.space][task.seat]
        add_count(pollinators, task.space, task.seat, -moved)
        add_count(values["groves"], grove, task.seat, moved)
        if values["log"] is not UNREAD_LOG:
            state.say(f"{state.name(task.seat)} moved {plural(moved, 'pollinator')} from {card_name(task.card)} to the {biome_name(grove)} grove.")

    def _task_place(self, state: EverbloomState, task: Task) -> None:
        options = card_biomes(task.card)
        if len(options) > 1:
            self._ask(state, task.seat, f"Choose the biome of your habitat for {card_name(task.card)}", list(options), task)
            return
        self._answer_place(state, task, options[0])

    def _answer_place(self, state: EverbloomState, task: Task, biome: str) -> None:
        values = state.__dict__
        player = values["players"][task.seat]
        if task.space:
            self._take_top(state, task.space)
        player.habitat = {**player.habitat, biome: [*player.habitat[biome], habitat_card(task.card, False)]}
        if values["log"] is not UNREAD_LOG:
            name = state.name(task.seat)
            state.say(f"{name} placed {card_name(task.card)} in the {biome_name(biome)} biome of {their(name)} habitat.")
        wildlife = task.card in WILDLIFE
        shown = blooms_on_display(state)
        if not wildlife and "win_card" in shown:
            self._check_blooms(state, task.seat, "win_card", card=task.card, mine=task.counts[task.seat])
        if "biome_reaches" in shown:
            self._check_blooms(state, task.seat, "biome_reaches", count=len(player.habitat[biome]))
        if wildlife:
            return
        values["tasks"].insert(0, task_record("tile", task.seat, "", task.card, task.counts, 0, biome))
        # The card's own bonus comes before its tile and asks nothing, so it is paid
        # here (any grove it gives is queued ahead of the tile).
        if CARDS[task.card].ability.kind in _BONUS_KINDS:
            self._own_bonus(state, task.seat, task.card)

    def _own_bonus(self, state: EverbloomState, seat: int, card: str) -> None:
        """The bonus `seat` takes for winning `card` (its ability is of a kind in `_BONUS_KINDS`)."""
        ability = CARDS[card].ability
        player = state.players[seat]
        name = card_name(card) if telling(state) else ""
        if ability.kind == "gain":
            self._gain(state, seat, ability.gain, card, name, f"card:{card}")
        elif ability.kind == "points_per":
            per = ability.per
            if per == "grove_with_pollinator":
                count = sum(1 for b in BIOMES if state.groves[b][seat] > 0)
            elif per == "biome_with_card":
                count = sum(1 for b in BIOMES if player.habitat[b])
            elif per == "pollinator_in_chosen_grove":
                count = max(state.groves[b][seat] for b in BIOMES)
            elif per == "nectar_card":
                count = len(player.nectar)
            else:
                count = max(self._habitat_nectar(player, b) for b in BIOMES)
            points = count * ability.points
            earn(state, seat, points, f"card:{card}")
            if telling(state):
                state.say(f"{state.name(seat)} gained {plural(points, 'point')} ({name}).")

    def _task_tile(self, state: EverbloomState, task: Task) -> None:
        player = state.__dict__["players"][task.seat]
        biome = task.text
        if biome not in player.tiles:
            options = [letter for letter in C.TILE_LETTERS if letter not in player.tiles.values()]
            if not options:
                return
            if len(options) > 1:
                self._ask(state, task.seat, f"Choose a habitat tile for your {biome_name(biome)} biome", options, task)
                return
            self._answer_tile(state, task, options[0])
            return
        self._score_tile(state, task)

    def _answer_tile(self, state: EverbloomState, task: Task, letter: str) -> None:
        player = state.players[task.seat]
        player.tiles = {**player.tiles, task.text: letter}
        if telling(state):
            state.say(f"{state.name(task.seat)} placed habitat tile {letter} on the {biome_name(task.text)} biome.")
        if "habitat_tile" in blooms_on_display(state):
            self._check_blooms(state, task.seat, "habitat_tile")
        self._score_tile(state, task)

    def tile_points(self, state: EverbloomState, seat: int, letter: str, card: str, mine: int) -> int:
        values = state.__dict__
        scoring = TILES[letter].side(values["options"].habitat_theme)
        player = values["players"][seat]
        kind = scoring.kind
        if kind == "flat":
            return scoring.points
        if kind == "bloom_track_points":
            return TRACK.points_at(player.bloom)
        if kind == "grove_threshold":
            groves = values["groves"]
            most = max(groves[b][seat] for b in BIOMES)
            return max((step.points for step in scoring.steps if most >= step.min), default=0)
        if kind == "per_grove_with_pollinator":
            groves = values["groves"]
            return scoring.points * sum(1 for b in BIOMES if groves[b][seat] > 0)
        if kind == "chip_position":
            index = -1 if scoring.position == "top" else 0
            return scoring.points * sum(1 for stack in values["chips"].values() if stack and stack[index].seat == seat)
        if kind == "per_pollinator_on_card":
            return max(0, scoring.base + scoring.per * mine)
        if kind == "per_biome_with_card":
            return scoring.points * sum(1 for b in BIOMES if player.habitat[b])
        return scoring.cost_points[card_cost(card)]

    def _score_tile(self, state: EverbloomState, task: Task) -> None:
        player = state.__dict__["players"][task.seat]
        letter = player.tiles.get(task.text)
        if letter is None:
            return
        points = self.tile_points(state, task.seat, letter, task.card, task.counts[task.seat] if task.counts else 0)
        earn(state, task.seat, points, f"tile:{task.text}")
        if telling(state):
            state.say(f"{state.name(task.seat)} scored {plural(points, 'point')} from habitat tile {letter}.")

    def _task_return(self, state: EverbloomState, task: Task) -> None:
        values = state.__dict__
        pollinators = values["pollinators"]
        counts = pollinators[task.space]
        values["players"][task.seat].supply += counts[task.seat]
        for seat, count in enumerate(counts):
            if count and seat != task.seat:  # safety: nothing should remain
                add_count(values["groves"], card_biomes(task.card)[0], seat, count)
        pollinators[task.space] = [0] * len(counts)

    def _task_bats(self, state: EverbloomState, task: Task) -> None:
        bats = next((seat for seat, p in enumerate(state.players) if p.faction == "bats"), None)
        if bats is None:
            return
        options = [str(index + 1) for index in range(state.players[bats].cave + 1)]
        follow = new_task(kind="bats", seat=bats)
        if len(options) > 1:
            self._ask(state, bats, "Choose a cave bonus (at or left of your marker)", options, follow)
        else:
            self._answer_bats(state, follow, options[0])

    def _answer_bats(self, state: EverbloomState, task: Task, option: str) -> None:
        self._gain(state, task.seat, CAVE.spaces[int(option) - 1].gain, "", f"cave space {option}", "cave")
