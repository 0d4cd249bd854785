"""Everbloom's rules, pollination: each seat's secret pollination and its reveal,
and the bloom track, nectar draws and gains every phase moves.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardgames_tui.engine.contract import UNREAD_LOG
from boardgames_tui.engine.text import and_list, plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    EverbloomState,
    Pollinate,
    PollinationDone,
    PollinationWork,
    TakeGrove,
    Task,
)
from boardgames_tui.games.everbloom.rules.common import (
    habitat_card,
    BIOMES,
    NUM,
    BLOOMS,
    CARDS,
    NECTAR,
    TRACK,
    add_count,
    earn,
    own_player,
    own_players,
    turn_order,
    auto_pollinates,
    biome_name,
    card_biomes,
    card_cost,
    card_name,
    telling,
    new_task,
)


@lru_cache(maxsize=256)
def _blooms_shown(shown: tuple[str, ...]) -> dict[str, list[Any]]:
    """The bloom cards on display by what completes their objective (its kind): every
    card won, tile placed or pollination checks them."""
    by_event: dict[str, list[Any]] = {}
    for bloom_id in shown:
        bloom = BLOOMS[bloom_id]
        by_event.setdefault(bloom.objective.kind, []).append(bloom)
    return by_event


def blooms_on_display(state: EverbloomState) -> dict[str, list[Any]]:
    """The bloom cards on display by the kind of their objective: a step that may meet
    several objectives asks which kinds are there before it works out its facts."""
    return _blooms_shown(tuple(state.__dict__["bloom_shown"]))


# The bloom track's last space, and how many nectar cards a move along it draws (by
# where it starts and ends): every bloom card, gain and landmark bonus moves a marker.
_LAST_BLOOM_SPACE = len(TRACK.spaces) - 1
_nectar_cards_between = lru_cache(maxsize=None)(TRACK.nectar_cards_between)


class Pollination:
    def _advance_bloom(self, state: EverbloomState, seat: int, steps: int, why: str) -> None:
        values = state.__dict__
        player = values["players"][seat]
        old = player.bloom
        new = min(old + steps, _LAST_BLOOM_SPACE)
        player.bloom = new
        if new != old:
            if values["log"] is not UNREAD_LOG:
                state.say(f"{state.name(seat)} advanced {new - old} on the bloom track ({why}).")
        for _ in range(_nectar_cards_between(old, new)):
            self._draw_nectar(state, seat)

    def _draw_nectar(self, state: EverbloomState, seat: int) -> None:
        if not state.nectar_deck:
            return
        card, *rest = state.nectar_deck
        state.nectar_deck = rest
        player = state.players[seat]
        player.nectar = [*player.nectar, card]
        state.info_epoch += 1
        if telling(state):
            state.say(f"{state.name(seat)} drew a nectar card.")
            info = NECTAR[card]
            state.say(f"It is {info.nectar} {biome_name(info.biome)} nectar.", visible_to=(seat,))

    def _check_blooms(self, state: EverbloomState, seat: int, event: str, **facts: Any) -> None:
        for bloom in blooms_on_display(state).get(event, ()):
            if self._objective_met(bloom.objective, facts):
                self._advance_bloom(state, seat, bloom.blooms, f"bloom card {bloom.name}")

    @staticmethod
    def _objective_met(objective: Any, facts: dict[str, Any]) -> bool:
        kind = objective.kind
        if kind in ("win_card", "pollinate_card"):
            card = facts["card"]
            if objective.biome is not None and objective.biome not in card_biomes(card):
                return False
            if objective.costs is not None and card_cost(card) not in objective.costs:
                return False
            if kind == "win_card":
                mine = facts["mine"]
                is_event = card in CARDS and CARDS[card].is_event
                if objective.event is not None and objective.event != is_event:
                    return False
                if objective.min_pollinators and mine < objective.min_pollinators:
                    return False
                if objective.max_pollinators and mine > objective.max_pollinators:
                    return False
            return True
        if kind == "lose_card":
            return facts["mine"] >= objective.min_pollinators
        if kind == "biome_reaches":
            return facts["count"] == objective.count
        if kind == "pollinate_count":
            return facts["count"] >= objective.count
        if kind == "grove_take":
            return facts["taken"] >= objective.min
        return True

    def _gain(self, state: EverbloomState, seat: int, gain: C.Gain, card: str, why: str, source: str) -> None:
        """`seat` gains `gain`; its points are counted under `source` (see `PlayerState.earned`)."""
        if gain.points:
            earn(state, seat, gain.points, source)
            if telling(state):
                state.say(f"{state.name(seat)} gained {plural(gain.points, 'point')} ({why}).")
        if gain.bloom:
            self._advance_bloom(state, seat, gain.bloom, why)
        for _ in range(gain.nectar_cards):
            self._draw_nectar(state, seat)
        if gain.groves:
            tasks = []
            for grove in gain.groves:
                options = list(BIOMES) if grove == "any" else list(card_biomes(card)) if grove == "card" else [grove]
                tasks.append(new_task(kind="grove_gain", seat=seat, text=",".join(options)))
            state.__dict__["tasks"][0:0] = tasks

    def _task_grove_gain(self, state: EverbloomState, task: Task) -> None:
        options = task.text.split(",")
        if state.players[task.seat].supply <= 0:
            return
        if len(options) > 1:
            self._ask(state, task.seat, "Choose the grove for your gained pollinator", options, task)
            return
        self._answer_grove_gain(state, task, options[0])

    def _answer_grove_gain(self, state: EverbloomState, task: Task, grove: str) -> None:
        player = state.players[task.seat]
        if player.supply > 0:
            player.supply -= 1
            add_count(state.groves, grove, task.seat, 1)
            if telling(state):
                state.say(f"{state.name(task.seat)} gained a pollinator in the {biome_name(grove)} grove.")

    def _task_pollination(self, state: EverbloomState, task: Task) -> None:
        state.phase = "pollination"
        state.say("Pollination: each faction chooses in secret.")
        for player in state.players:
            player.pollination = PollinationWork()

    def _pollinate_step(self, state: EverbloomState, seat: int, action: Any) -> None:
        player = own_player(state, seat)
        work = player.pollination
        assert work is not None
        if isinstance(action, TakeGrove):
            work.grove = action.grove
            work.taken = work.left = state.groves[action.grove][seat]
            work.cards = [
                card.id for cards in player.habitat.values() for card in cards
                if not card.pollinated and auto_pollinates(card.id)
            ]
        elif isinstance(action, Pollinate):
            work.cards.append(action.card)
            work.left -= card_cost(action.card)
        else:
            work.leftover_grove = action.grove
            work.done = True
            if all(p.pollination is not None and p.pollination.done for p in state.players):
                self._reveal_pollination(state)

    def _reveal_pollination(self, state: EverbloomState) -> None:
        state.info_epoch += 1
        # The reveal, and the end of the round it leads to, change every seat's record.
        own_players(state)
        values = state.__dict__
        players = values["players"]
        groves = values["groves"]
        round_number = values["round"]
        shown = blooms_on_display(state)
        done = []
        for seat in turn_order(state):
            player = players[seat]
            work = player.pollination
            assert work is not None and work.grove is not None
            add_count(groves, work.grove, seat, -work.taken)
            # Spent pollinators come back to the supply.
            player.supply += work.taken - work.left
            if work.left and work.leftover_grove:
                add_count(groves, work.leftover_grove, seat, work.left)
            chosen = set(work.cards)
            if chosen:
                player.habitat = {
                    biome: [habitat_card(card.id, True) if card.id in chosen else card for card in cards]
                    for biome, cards in player.habitat.items()
                }
            pollinated = sum([card.pollinated for cards in player.habitat.values() for card in cards])
            points = pollinated * NUM.points_per_pollinated_card
            earn(state, seat, points, f"pollination:{round_number}")
            done.append(
                PollinationDone(
                    round=round_number, seat=seat, grove=work.grove, taken=work.taken, cards=list(work.cards),
                    left=work.left, leftover_grove=work.leftover_grove if work.left else None, points=points,
                )
            )
            if values["log"] is not UNREAD_LOG:
                names = and_list([card_name(card) for card in work.cards]) or "nothing"
                state.say(
                    f"{state.name(seat)} took {work.taken} from the {biome_name(work.grove)} grove, pollinated {names}"
                    f"{f', returned {work.left} to the {biome_name(work.leftover_grove)} grove' if work.left else ''}"
                    f" and scored {plural(points, 'point')}."
                )
            if "pollinate_card" in shown:
                for card in work.cards:
                    self._check_blooms(state, seat, "pollinate_card", card=card)
            if "pollinate_count" in shown:
                self._check_blooms(state, seat, "pollinate_count", count=len(work.cards))
            if "grove_take" in shown:
                self._check_blooms(state, seat, "grove_take", taken=work.taken)
            if work.taken and not work.left and "no_leftover" in shown:
                self._check_blooms(state, seat, "no_leftover")
            player.pollination = None
        state.pollinations = done
        self._end_round(state)
