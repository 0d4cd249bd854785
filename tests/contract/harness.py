"""What the contract suite plays with: random games of any registered game, actions a
seat might send whether the rules offer them or not, a state its audience could not
tell from the true one, and a walk that changes every container of a state.

Headless, and built on the parts' public methods only, so that it plays a game from
outside this repository as it plays the built-in ones.  A game's own tests use
`random_game` too, for what they check that is particular to the game.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from boardgames_tui.engine.contract import NEVER_EDITED, SPECTATOR, GameState, Seat, option_choices, shallow_copy
from boardgames_tui.engine.parts import Game

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo")
# A game that has not ended after this many moves fails (the longest, Everbloom, takes
# a few hundred with four seats).
MOVE_LIMIT = 5000


def random_setup(game: Game, rng: random.Random) -> tuple[BaseModel, list[Seat], int]:
    """Options with each list-of-choices field drawn at random, a random number of
    seats and a seed; a combination the game refuses (two modules replacing one power,
    a theme for other seat counts) falls back to the default options."""
    rules = game.rules
    count = rng.randint(rules.min_players, rules.max_players)
    seats = [Seat(name=NAMES[index]) for index in range(count)]
    seed = rng.randrange(2**31)
    drawn = {}
    for name, field in rules.options_model.model_fields.items():
        choices = option_choices(field.annotation)
        if choices:
            drawn[name] = rng.choice(choices)
    for data in (drawn, {}):
        try:
            options = rules.parse_options(data)
            rules.setup(options, seats, seed)
        except ValueError:
            continue
        return options, seats, seed
    raise AssertionError(f"{game.slug} cannot be set up for {count} seats with its default options")


def new_state(game: Game, rng: random.Random) -> GameState:
    options, seats, seed = random_setup(game, rng)
    return game.rules.setup(options, seats, seed)


def random_game(game: Game, state: GameState, rng: random.Random) -> Iterator[tuple[GameState, int | None, Any]]:
    """Plays `state` to its end, a random legal action of a random seat to act at a time;
    yields (state, seat, action) before each move, then (final state, None, None).

    Checks the contract each move leans on: someone acts until the game is over and
    nobody after, each seat to act has a legal action, and the one chosen validates."""
    rules = game.rules
    for _ in range(MOVE_LIMIT):
        waiting = rules.to_act(state)
        if rules.is_over(state):
            assert waiting == [], f"the game is over but {waiting} must act"
            yield state, None, None
            return
        assert waiting, "the game is not over but nobody may act"
        seat = rng.choice(waiting)
        actions = rules.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = actions[rng.randrange(len(actions))]
        yield state, seat, action
        rules.validate(state, seat, action)
        state = rules.apply(state, seat, action)
    raise AssertionError(f"the game did not end in {MOVE_LIMIT} moves")


def positions(game: Game, rng: random.Random, count: int) -> list[GameState]:
    """About `count` positions of one random game, taken along it (the last one may be
    its end)."""
    states = [state for state, _, _ in random_game(game, new_state(game, rng), rng)]
    step = max(1, len(states) // count)
    return states[rng.randrange(step) :: step][:count]


def play_to_the_end(game: Game, state: GameState, rng: random.Random) -> GameState:
    final = state
    for final, _, _ in random_game(game, state, rng):
        pass
    return final


def without_log(state: GameState) -> GameState:
    """`state` with its log set aside: a sampled state need not carry the words of the
    game so far, which a seat reads in its own view's log."""
    return shallow_copy(state, log=[])


def alternative_state(game: Game, state: GameState, audience: int, rng: random.Random) -> GameState:
    """A full state that differs from `state` in what `audience` may not see, and agrees
    in what it may (by the game's own determinize, from the audience's view).  For the
    table (SPECTATOR): sampled from each seat's view of the sample before, so that every
    seat's secrets are drawn again by a seat that may not see them."""
    rules, advisor = game.rules, game.advisor
    if audience != SPECTATOR:
        return advisor.determinize(rules.view(state, audience), audience, rng)
    alternative = state
    for seat in range(len(state.seats)):
        alternative = advisor.determinize(rules.view(alternative, seat), seat, rng)
    return alternative


class ActionSpace:
    """Actions a seat might send: the ones the rules offered somewhere in the game,
    the same with one field changed, and new ones built from the game's action
    schema with values seen in offered actions (or just beside them)."""

    def __init__(self, game: Game) -> None:
        self.rules = game.rules
        schema = self.rules.action_adapter.json_schema()
        definitions = schema.get("$defs", {})
        members = schema.get("oneOf") or schema.get("anyOf") or [schema]
        # Each kind of action: its fields' schemas, one member of the union.
        self.members = [
            definitions[member["$ref"].split("/")[-1]] if "$ref" in member else member for member in members
        ]
        self.offered: list[dict[str, Any]] = []
        # field -> the values (as JSON text) it had in the actions offered
        self.seen: dict[str, set[str]] = {}

    def learn(self, actions: list[Any]) -> None:
        for action in actions[:20]:
            data = self.rules.dump_action(action)
            self.offered.append(data)
            for name, value in data.items():
                self.seen.setdefault(name, set()).add(json.dumps(value))

    def draw(self, rng: random.Random, offered_now: Sequence[Any] = ()) -> Any | None:
        """An action of the game's types (None when what was drawn is not one): one of
        `offered_now` as it is or with a field changed (the actions nearest to the legal
        ones), one offered earlier in the game with a field changed, or a new one."""
        roll = rng.random()
        if offered_now and roll < 0.25:
            return rng.choice(offered_now)
        if self.offered and roll < 0.6:
            source = offered_now if offered_now and rng.random() < 0.5 else None
            data = self.rules.dump_action(rng.choice(source)) if source else dict(rng.choice(self.offered))
            member = self._member(data.get("kind"), rng)
            fields = [name for name in member.get("properties", {}) if name != "kind"]
            if fields:
                name = rng.choice(fields)
                data[name] = self._value(name, member["properties"][name], rng)
        else:
            member = rng.choice(self.members)
            data = {name: self._value(name, field, rng) for name, field in member.get("properties", {}).items()}
        try:
            return self.rules.parse_action(data)
        except ValidationError:
            return None

    def _member(self, kind: Any, rng: random.Random) -> dict[str, Any]:
        for member in self.members:
            if member.get("properties", {}).get("kind", {}).get("const") == kind:
                return member
        return rng.choice(self.members)

    def _value(self, name: str, field: dict[str, Any], rng: random.Random) -> Any:
        if "const" in field:
            return field["const"]
        if "enum" in field:
            return rng.choice(field["enum"])
        if "anyOf" in field:
            return self._value(name, rng.choice(field["anyOf"]), rng)
        seen = [json.loads(text) for text in sorted(self.seen.get(name, ()))]
        kind = field.get("type")
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "null":
            return None
        if kind == "integer":
            near = [value + step for value in seen if isinstance(value, int) for step in (-1, 1)]
            return rng.choice([*seen, *near, -1, 0, 1, 99])
        if kind == "string":
            return rng.choice([*seen, "", "nowhere"])
        return rng.choice(seen) if seen else None


def mutate_every_container(value: Any, annotation: Any = Any) -> None:
    """Changes in place every list, dict, set and unfrozen model reachable from `value`,
    except what a frozen model holds and what its type marks NEVER_EDITED (values the
    rules share between states on purpose): a copy that owns its containers leaves its
    original as it was through all of this."""
    if typing.get_origin(annotation) is typing.Annotated:
        if NEVER_EDITED in annotation.__metadata__:
            return
        annotation = typing.get_args(annotation)[0]
    arguments = typing.get_args(annotation)
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return
        for name, field in type(value).model_fields.items():
            if NEVER_EDITED in field.metadata:
                continue
            mutate_every_container(value.__dict__[name], field.annotation)
            value.__dict__[name] = CHANGED
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__dataclass_params__.frozen:
            return
        hints = typing.get_type_hints(type(value), include_extras=True)
        for field in dataclasses.fields(value):
            mutate_every_container(getattr(value, field.name), hints[field.name])
            setattr(value, field.name, CHANGED)
    elif isinstance(value, list):
        item = arguments[0] if typing.get_origin(annotation) is list and arguments else Any
        for element in value:
            mutate_every_container(element, item)
        value.append(CHANGED)
    elif isinstance(value, dict):
        item = arguments[1] if typing.get_origin(annotation) is dict and arguments else Any
        for element in value.values():
            mutate_every_container(element, item)
        value[CHANGED] = CHANGED
    elif isinstance(value, set):
        value.add(CHANGED)


# What `mutate_every_container` writes: equal to nothing a state holds.
CHANGED = object()
