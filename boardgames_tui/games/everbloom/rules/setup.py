"""Everbloom's rules, setup and flow: the table laid out, the nectar draft, each
round's start and its queue of tasks, who acts now, and what a seat may see.

One part of `EverbloomRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pydantic import BaseModel

from boardgames_tui.engine.contract import (
    LogEntry,
    Seat,
    copy_with_all_given,
    count_every_field_given,
    record_sharer,
)
from boardgames_tui.engine.text import plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    HIDDEN_CARD,
    RANDOM_FACTION,
    Choice,
    EverbloomOptions,
    EverbloomState,
    PlayerState,
    PollinationWork,
    Task,
    hidden_card,
)
from boardgames_tui.games.everbloom.rules.common import (
    BIOMES,
    FACTIONS,
    NECTAR,
    NUM,
    add_count,
    biome_name,
    card_back,
    copy_player,
    first_player_line,
    landmark_ids,
    new_task,
    own_player,
    own_players,
    telling,
)


@cache
def _hidden_top(card: str) -> str:
    """How a face-down card on top of a stack shows in a view: its back."""
    return hidden_card(card_back(card))


# The fields `view` replaces.
_FIELD_COUNT = len(EverbloomState.model_fields)
_HIDDEN_FIELDS = ("seed", "rng_draws", "players", "stacks", "bloom_deck", "nectar_deck", "event_deck", "boxed", "log")


class _FaceDown(dict[int, list[str]]):
    """`count` hidden cards (`FACE_DOWN[count]`), as a view shows a deck or another
    seat's hand: views are read, never changed, so they share one list for each count."""

    def __missing__(self, count: int) -> list[str]:
        hidden = self[count] = [HIDDEN_CARD] * count
        return hidden


FACE_DOWN = _FaceDown()


# Another seat's pollination work as a view shows it, not done and done: views are
# read, never changed, so they share these.
_HIDDEN_WORK = (PollinationWork(), PollinationWork(done=True))


def _hidden_players(players: list[PlayerState], seat: int) -> list[PlayerState]:
    """The seats' records as `seat`'s view shows them: the others' nectar and draft cards
    face down, of their pollination only whether it is done.  Most moves change one
    seat's record at most, so the hidden record last made at each place is shown again
    while it holds every value that place's record holds now (`is`, so nothing equal
    but other), as many cards face down and the same pollination done or not: a record
    changed in place, or a copy with a field changed, is hidden again."""
    shown = list(players)
    kept = _kept_hidden
    if len(kept) < len(players):
        kept.extend([None] * (len(players) - len(kept)))
    for index, player in enumerate(players):
        if index == seat:
            continue
        work = player.pollination
        hidden = kept[index]
        if (
            hidden is not None
            and _shares_hidden(hidden, player)
            and len(hidden.nectar) == len(player.nectar)
            and len(hidden.draft) == len(player.draft)
            and (hidden.pollination is None if work is None else hidden.pollination is _HIDDEN_WORK[work.done])
        ):
            shown[index] = hidden
            continue
        hidden = shown[index] = copy_player(player)
        hidden.nectar = FACE_DOWN[len(player.nectar)]
        hidden.draft = FACE_DOWN[len(player.draft)]
        if work is not None:
            hidden.pollination = _HIDDEN_WORK[work.done]
        kept[index] = hidden
    return shown


# Whether a hidden record still holds every value of the record it hides but those it hides.
_shares_hidden = record_sharer(PlayerState, ("nectar", "draft", "pollination"))

# Per place at the table, the hidden record last made there (None: none yet).
_kept_hidden: list[PlayerState | None] = []


def _hidden_stacks(stacks: dict[str, list[str]], face_up: list[str]) -> dict[str, list[str]]:
    """The stacks as a view shows them: face-down cards hidden, a face-down top showing
    its back.  Views are read, never changed, so they share it: the stacks change only
    from one migration or event to the next, and every view between asks the same, so
    the last answer is checked first (by content: a test may change a stack in place)."""
    last = _last_hidden_stacks
    if last and stacks == last[0] and face_up == last[1]:
        return last[2]
    turned = set(face_up)
    hidden = {}
    for space, cards in stacks.items():
        shown = [card if card in turned else HIDDEN_CARD for card in cards]
        if cards and cards[0] not in turned:
            shown[0] = _hidden_top(cards[0])
        hidden[space] = shown
    last[:] = [{space: list(cards) for space, cards in stacks.items()}, list(face_up), hidden]
    return hidden


# The last stacks `_hidden_stacks` hid: a copy of them, a copy of the cards face up,
# and the answer.
_last_hidden_stacks: list[Any] = []


def _visible_log(log: list[LogEntry], seat: int) -> list[LogEntry]:
    """`visible_log(log, seat)` with fewer passes over the log: the entries `seat` may
    read.  Every move's view asks, and the log only grows, so the answer for the log
    last read is kept with a copy of that log; a log that starts with that copy (by
    content) adds what follows.  The list is shared by the views that read the same
    entries (views are read, never changed) and never changed once made."""
    kept = _visible_logs.get(seat)
    if kept is not None:
        read, visible = kept
        known = len(read)
        length = len(log)
        if known == length:
            if log == read:
                return visible
        elif known < length and log[:known] == read:
            added = log[known:]
            read += added
            for entry in added:
                readers = entry.visible_to
                if readers is not None and seat not in readers:
                    # A line kept from this seat: only those it may read are added.
                    added = [entry for entry in added if entry.visible_to is None or seat in entry.visible_to]
                    break
            if added:
                visible = kept[1] = visible + added
            return visible
    visible = [entry for entry in log if entry.visible_to is None or seat in entry.visible_to]
    _visible_logs[seat] = [list(log), visible]
    return visible


# seat -> [a copy of the log last read for that seat, what the seat may read of it]
_visible_logs: dict[int, list[Any]] = {}


@cache
def _task_handlers(rules_class: type) -> dict[str, Any]:
    """The method of `rules_class` that runs each kind of task, filled in as tasks come
    (every migration runs dozens)."""
    return {}


class Setup:
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> EverbloomState:
        self.check_players(len(seats))
        if not isinstance(options, EverbloomOptions):
            options = EverbloomOptions.model_validate(options.model_dump() if options else {})
        count = len(seats)
        side = C.board(count)
        theme = C.landmark_themes()[options.landmark_theme]
        if count not in theme.players:
            offered = " or ".join(str(n) for n in theme.players)
            raise ValueError(f"The {theme.name} landmarks are for {offered} player{'s' if theme.players != (1,) else ''}, not {count}")
        state = EverbloomState(
            game=self.slug, seats=list(seats), seed=seed, options=options, side=side.side,
            landmarks={}, chips={}, stacks={}, pollinators={}, groves={}, bloom_deck=[], bloom_shown=[],
            nectar_deck=[], event_deck=[], wildlife_deck=[], players=[],
        )
        rng = state.rng()
        chosen = self._factions(options, count, rng)
        # Landmarks, numbered side up, at random on the spaces.
        numbers = list(theme.landmarks)
        if count == 4 and theme.four_player_extra is not None:
            numbers.append(theme.four_player_extra)
        rng.shuffle(numbers)
        spaces = [space.id for space in side.landmarks]
        state.landmarks = {space: [number, 0] for space, number in zip(spaces, numbers)}
        state.chips = {space: [] for space in landmark_ids(side.side)}
        # Bloom cards, events, hybrids.
        blooms = [card.id for card in C.blooms()]
        rng.shuffle(blooms)
        state.bloom_shown = blooms[: NUM.bloom_cards_shown]
        state.bloom_deck = blooms[NUM.bloom_cards_shown :]
        events = [card.id for card in C.events()]
        rng.shuffle(events)
        state.event_deck = events[: NUM.events_face_down]
        rest_events = events[NUM.events_face_down :]
        card_spaces = [space.id for space in side.card_spaces]
        rng.shuffle(card_spaces)
        state.stacks = {space.id: [] for space in side.card_spaces}
        extras: list[str] = []
        for biome, space in zip(BIOMES, card_spaces):
            deck = [card.id for card in C.hybrid_decks()[biome]]
            rng.shuffle(deck)
            state.stacks[space] = deck[: NUM.cards_per_stack]
            state.space_kinds[space] = biome
            if count == 4:
                extras.append(deck[NUM.cards_per_stack])
        if count == 4:
            extras.extend(rest_events[: NUM.four_player_extra_events])
            rng.shuffle(extras)
            mixed = card_spaces[len(BIOMES) : len(BIOMES) + NUM.four_player_mixed_spaces]
            for index, space in enumerate(mixed):
                state.stacks[space] = extras[index * NUM.cards_per_stack : (index + 1) * NUM.cards_per_stack]
                state.space_kinds[space] = "mixed"
        state.pollinators = {space: [0] * count for space in state.stacks}
        state.groves = {biome: [0] * count for biome in BIOMES}
        state.wildlife_deck = [card.id for card in C.wildlife_cards()]
        nectar = [card.id for card in C.nectar_cards()]
        rng.shuffle(nectar)
        for key in chosen:
            faction = FACTIONS[key]
            state.players.append(
                PlayerState(
                    faction=key, chips=list(faction.chips), supply=NUM.pollinators,
                    habitat={biome: [] for biome in BIOMES},
                    draft=nectar[: NUM.nectar_dealt],
                )
            )
            nectar = nectar[NUM.nectar_dealt :]
        state.nectar_deck = nectar
        state.first_player = rng.randrange(count)
        state.players[state.first_player].first_chip = True
        state.say(
            f"Everbloom: {count} player{'s' if count > 1 else ''} on side {side.side}, "
            f"{theme.name} landmarks, {options.habitat_theme} habitat tiles."
        )
        for seat, key in enumerate(chosen):
            state.say(f"{state.name(seat)} took the {FACTIONS[key].name}.")
        state.say(first_player_line(state))
        # Every move copies the state (and every view): a set of given fields that names
        # every field is shared by the copies instead of copied (a saved game's names them all).
        count_every_field_given(state)
        return state

    @staticmethod
    def _factions(options: EverbloomOptions, count: int, rng: random.Random) -> list[str]:
        """Ruling 1: each seat's faction as chosen; the seats left to chance are dealt
        distinct factions at random from those nobody chose."""
        picks = options.seat_factions()
        for number, key in enumerate(picks[count:], start=count + 1):
            if key != RANDOM_FACTION:
                raise ValueError(f"Seat {number} has a faction ({key}) but this game has {count} seats")
        picks = picks[:count]
        named = [key for key in picks if key != RANDOM_FACTION]
        for key in named:
            if named.count(key) > 1:
                raise ValueError(f"Two seats chose the {FACTIONS[key].name}: each faction plays once")
        if not named:
            return rng.sample(list(FACTIONS), count)
        dealt = iter(rng.sample([key for key in FACTIONS if key not in named], count - len(named)))
        return [key if key != RANDOM_FACTION else next(dealt) for key in picks]

    def to_act(self, state: EverbloomState) -> list[int]:
        # Every move asks several times: the state's fields are read from its dictionary.
        values = state.__dict__
        phase = values["phase"]
        if phase == "over":
            return []
        choice = values["choice"]
        if choice is not None:
            return [choice.seat]
        if phase == "wilderness":
            return [values["turn_seat"]]
        if phase == "draft":
            return [seat for seat, player in enumerate(values["players"]) if len(player.draft) == NUM.nectar_dealt]
        if phase == "pollination":
            return [
                seat for seat, p in enumerate(values["players"]) if p.pollination is not None and not p.pollination.done
            ]
        return []

    def is_over(self, state: EverbloomState) -> bool:
        return state.phase == "over"

    def _discard(self, state: EverbloomState, seat: int, card: str) -> None:
        player = own_player(state, seat)
        player.nectar = [other for other in player.draft if other != card]
        player.draft = [card]
        if any(len(p.draft) == NUM.nectar_dealt for p in state.players):
            return
        state.info_epoch += 1
        own_players(state)
        for index, p in enumerate(state.players):
            biome = NECTAR[p.draft[0]].biome
            moved = min(NUM.discard_grove_pollinators, p.supply)
            p.supply -= moved
            add_count(state.groves, biome, index, moved)
            state.boxed = [*state.boxed, p.draft[0]]
            p.draft = []
            if telling(state):
                state.say(
                    f"{state.name(index)} discarded {'an' if biome[0] in 'aeiou' else 'a'} {biome_name(biome)} nectar card: "
                    f"{plural(moved, 'pollinator')} to the {biome_name(biome)} grove."
                )
        self._start_round(state)

    def _start_round(self, state: EverbloomState) -> None:
        state.phase = "round_start"
        # Ruling 28: the top card of every stack turns now, and only now.
        face_up = state.face_up
        state.face_up = [*face_up, *(stack[0] for stack in state.stacks.values() if stack and stack[0] not in face_up)]
        state.info_epoch += 1
        if telling(state):
            state.say(f"Round {state.round} begins.")
        state.tasks = [new_task(kind="event"), new_task(kind="hive"), new_task(kind="wilderness")]
        self._run(state)

    def _run(self, state: EverbloomState) -> None:
        handlers = _task_handlers(type(self))
        # Read from the state's dictionary: a migration runs dozens of tasks.
        values = state.__dict__
        while values["choice"] is None and values["tasks"] and values["phase"] != "over":
            task = values["tasks"].pop(0)
            handler = handlers.get(task.kind)
            if handler is None:
                handler = handlers[task.kind] = getattr(type(self), f"_task_{task.kind}")
            handler(self, state, task)

    def _ask(self, state: EverbloomState, seat: int, prompt: str, options: list[str], task: Task) -> None:
        state.choice = Choice(seat=seat, prompt=prompt, options=options, task=task)

    def _resolve_choice(self, state: EverbloomState, option: str) -> None:
        choice = state.__dict__["choice"]
        assert choice is not None
        state.choice = None
        getattr(self, f"_answer_{choice.task.kind}")(state, choice.task, option)

    def view(self, state: EverbloomState, seat: int) -> EverbloomState:
        values = state.__dict__
        players = values["players"]
        # `shallow_copy(state, seed=0, …)` written out (every move asks for a view): the
        # fields a view hides are replaced and counted as given.
        shown = values.copy()
        shown["seed"] = 0
        shown["rng_draws"] = 0
        shown["players"] = list(players) if values["phase"] == "over" else _hidden_players(players, seat)
        shown["stacks"] = _hidden_stacks(values["stacks"], values["face_up"])
        face_down = FACE_DOWN
        shown["bloom_deck"] = face_down[len(values["bloom_deck"])]
        shown["nectar_deck"] = face_down[len(values["nectar_deck"])]
        shown["event_deck"] = face_down[len(values["event_deck"])]
        shown["boxed"] = face_down[len(values["boxed"])]
        shown["log"] = _visible_log(values["log"], seat)
        view = copy_with_all_given(state, shown)
        given = view.__pydantic_fields_set__
        if len(given) != _FIELD_COUNT:  # a set naming every field is shared: nothing to add
            given.update(_HIDDEN_FIELDS)
        return view
