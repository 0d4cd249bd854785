"""The rules' contract every game fulfils, and the pieces every game shares.

A game's rules are a `GameRules` object over a pydantic state.  Rules are pure: they
never import Textual, never touch the disk, and never change the state they are given.
The game's other parts (narrator, advisor, reference) are in engine/parts.py.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from boardgames_tui.engine.text import check_name, plural


class IllegalMove(Exception):
    """An action the rules refuse; `reason` is written for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


HIDDEN = -1
"""Stands in a view for a card id the viewing seat may not see."""

ModelT = TypeVar("ModelT", bound=BaseModel)


def shallow_copy(model: ModelT, **changes: Any) -> ModelT:
    """`model.model_copy(update=changes)` without its overhead, for the rules' hot paths.

    Like `model_copy`, nothing is validated and unchanged fields are shared, so pass
    fresh containers for whatever the caller is about to change in place.
    `model_copy` goes through `copy.copy` for each of the model's four slots, which
    made it the largest single cost of a bot game.
    """
    copied = _new_object(model.__class__)
    _set_dict(copied, {**model.__dict__, **changes})
    _set_fields_set(copied, model.__pydantic_fields_set__.union(changes))
    extra = model.__pydantic_extra__
    _set_extra(copied, None if extra is None else dict(extra))
    private = model.__pydantic_private__
    _set_private(copied, None if private is None else dict(private))
    return copied


def construct(model_class: type[ModelT], values: dict[str, Any]) -> ModelT:
    """`model_class.model_construct(**values)` without its overhead.

    For values the caller knows are valid and that name every field: nothing is
    checked or filled in.  The model must not allow extra fields or have private ones.
    """
    instance = _new_object(model_class)
    _set_dict(instance, values)
    _set_fields_set(instance, set(values))
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance


def copy_with(model: ModelT, values: dict[str, Any]) -> ModelT:
    """A model of `model`'s class holding `values` (every field, in the order of
    `model.__dict__`) and counting as given the same fields as `model`: for a game's own
    copy of its state, made for a hot path that knows which containers a move changes
    (`copy_containers` works that out from the types, at a cost).  Nothing is checked.
    The model must not allow extra fields or have private ones."""
    instance = _new_object(model.__class__)
    _set_dict(instance, values)
    _set_fields_set(instance, set(model.__pydantic_fields_set__))
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance


def set_fields(model: BaseModel, **values: Any) -> None:
    """`model.name = value` for each of `values`, as pydantic does it for a model that
    validates no assignment (the value stored, the field counted as given), minus the
    look-ups of its `__setattr__`: for the rules' hot paths, on a state they own."""
    model.__dict__.update(values)
    model.__pydantic_fields_set__.update(values)


# BaseModel.__setattr__ validates and refuses its own slots: fill them past it,
# through the slots' own descriptors.
_new_object = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class NeverEdited:
    """Marks a field, or what a container field holds, that the rules replace whole and
    never change in place (`Annotated[dict[str, int], NEVER_EDITED]`,
    `list[Annotated[PlayerState, NEVER_EDITED]]`): `copy_containers` shares it with
    the copy instead of copying it, as it shares frozen models and other immutable values."""

    def __repr__(self) -> str:
        return "NEVER_EDITED"


NEVER_EDITED = NeverEdited()

# Types whose values never change: a copy shares them.
_IMMUTABLE_TYPES = frozenset({str, int, float, bool, bytes, complex, type(None), frozenset})


def copy_containers(model: ModelT, **given: Any) -> ModelT:
    """A copy of `model` that owns every container in it, for `apply` to change in place.

    Lists, dicts, sets, and models and dataclass records that are not frozen are
    copied, as deep as they nest; everything else is shared with `model`: strings,
    numbers, tuples of them, frozen models and records and whatever a field marks
    `NEVER_EDITED`.  The fields in `given`
    are taken as they are instead (a log a simulated game never writes to).  Like
    `shallow_copy`, nothing is validated.  What to copy is worked out once per model
    class from its fields' types, so a field added to a state is copied without being
    listed anywhere: a hand-written list of fields aliased the one it forgot.
    """
    return _model_copier(model.__class__)(model, given)


Copier = typing.Callable[[Any], Any]


@functools.cache
def _model_copier(model_class: type[BaseModel]) -> typing.Callable[[Any, dict[str, Any] | None], Any]:
    # The plan is made at the first copy, not here: a model that holds itself (a tree)
    # would otherwise ask for its own copier while making it.
    plan: list[tuple[str, Copier]] | None = None

    def copy(model: Any, given: dict[str, Any] | None = None) -> Any:
        nonlocal plan
        if plan is None:
            plan = _copy_plan(model_class)
        values = model.__dict__.copy()
        if given:
            for name, copier in plan:
                if name not in given:
                    values[name] = copier(values[name])
            values.update(given)
        else:
            for name, copier in plan:
                values[name] = copier(values[name])
        fields_set = model.__pydantic_fields_set__
        copied = _new_object(model_class)
        _set_dict(copied, values)
        _set_fields_set(copied, fields_set.union(given) if given else set(fields_set))
        extra = model.__pydantic_extra__
        _set_extra(copied, None if extra is None else dict(extra))
        private = model.__pydantic_private__
        _set_private(copied, None if private is None else dict(private))
        return copied

    return copy


def _copy_plan(model_class: type[BaseModel]) -> list[tuple[str, Copier]]:
    """Each field whose value must be copied, with how to copy it."""
    plan = []
    for name, field in model_class.model_fields.items():
        copier = None if NEVER_EDITED in field.metadata else _copier_for(field.annotation)
        if copier is not None:
            plan.append((name, copier))
    return plan


def _copier_for(annotation: Any) -> Copier | None:
    """How to copy a value of type `annotation` so that the copy owns its containers;
    None when the value is shared as it is."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is typing.Annotated:
        return None if NEVER_EDITED in annotation.__metadata__ else _copier_for(arguments[0])
    if origin is Literal or annotation in _IMMUTABLE_TYPES:
        return None
    if isinstance(annotation, type) and origin is None:
        if issubclass(annotation, enum.Enum):
            return None
        if issubclass(annotation, BaseModel):
            return None if annotation.model_config.get("frozen") else _model_copier(annotation)
        if dataclasses.is_dataclass(annotation):
            return None if annotation.__dataclass_params__.frozen else _record_copier(annotation)
    if origin in (typing.Union, types.UnionType):
        copiers = [_copier_for(member) for member in arguments if member is not type(None)]
        needed = [copier for copier in copiers if copier is not None]
        if not needed:
            return None
        if len(copiers) == 1:
            [item] = needed
            return lambda value: None if value is None else item(value)
        return _copy_any
    if origin is list:
        item = _copier_for(arguments[0]) if arguments else _copy_any
        return list if item is None else (lambda value: [item(element) for element in value])
    if origin is dict:
        item = _copier_for(arguments[1]) if arguments else _copy_any
        return dict if item is None else (lambda value: {key: item(element) for key, element in value.items()})
    if origin is set:
        return set
    if origin is frozenset:
        return None
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            item = _copier_for(arguments[0])
            return None if item is None else (lambda value: tuple(item(element) for element in value))
        if all(_copier_for(argument) is None for argument in arguments):
            return None
    return _copy_any


def _copy_any(value: Any) -> Any:
    """A copy of a value of a type not known in advance (`Any`, a union of containers)."""
    kind = type(value)
    if kind in _IMMUTABLE_TYPES:
        return value
    if kind is list:
        return [_copy_any(element) for element in value]
    if kind is dict:
        return {key: _copy_any(element) for key, element in value.items()}
    if kind is set:
        return set(value)
    if kind is tuple:
        return tuple(_copy_any(element) for element in value)
    if isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        return _model_copier(kind)(value)
    if dataclasses.is_dataclass(kind) and not kind.__dataclass_params__.frozen:
        return _record_copier(kind)(value)
    return value


@functools.cache
def _record_copier(record_class: type) -> Copier:
    """How `copy_containers` copies a dataclass record a state holds (the rules keep their
    hot records as slotted dataclasses, which pydantic saves as it saves models): a new
    record of the class, its containers copied as a model's are."""
    plan: list[tuple[str, Copier | None]] | None = None

    def copy(record: Any) -> Any:
        nonlocal plan
        if plan is None:
            hints = typing.get_type_hints(record_class, include_extras=True)
            plan = [(field.name, _copier_for(hints[field.name])) for field in dataclasses.fields(record_class)]
        copied = _new_object(record_class)
        for name, copier in plan:
            value = getattr(record, name)
            _set_attribute(copied, name, value if copier is None else copier(value))
        return copied

    return copy


_set_attribute = object.__setattr__


RecordT = TypeVar("RecordT")


def record_copier(record_class: type[RecordT]) -> typing.Callable[[RecordT], RecordT]:
    """A function that copies a record of the slotted dataclass `record_class`, the copy
    sharing every value (give it new containers before changing them): for the rules'
    hot paths, where `copy.copy` (through `__reduce_ex__`) and `dataclasses.replace`
    (through `__init__`) each cost several times as much.  Written out once per class
    from its fields, as `dataclasses` writes a class's `__init__`, so that a field added
    to the record is copied without being listed anywhere."""
    lines = ["def copy(record):", "    twin = new(record_class)"]
    lines += [f"    twin.{field.name} = record.{field.name}" for field in dataclasses.fields(record_class)]  # type: ignore[arg-type]
    lines.append("    return twin")
    namespace: dict[str, Any] = {"new": _new_object, "record_class": record_class}
    exec("\n".join(lines), namespace)  # noqa: S102 - the source is built above from the class's own field names
    copy: typing.Callable[[RecordT], RecordT] = namespace["copy"]
    copy.__qualname__ = copy.__name__ = f"copy_{record_class.__name__}"
    return copy


SPECTATOR = -1
"""The seat number that asks `view` for public information only."""


BOT_LEVEL_NAMES = ("easy", "normal", "hard", "random")
"""Every bot level a seat may name; `engine/bots.py` builds one bot for each."""


SeatKind = Literal["human", "bot", "remote"]
"""Who plays a seat: a person at this keyboard, a bot, or a person on another machine
who joins the hosted game with a link.  `engine/seats.py` reads them as people write them."""


class Seat(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=20)
    kind: SeatKind = "human"
    bot_level: str = "random"

    @field_validator("name", mode="before")
    @classmethod
    def _printable_name(cls, name: object) -> object:
        # Names come from people and from save files: whatever the door, the same check.
        return check_name(name) if isinstance(name, str) else name

    @field_validator("bot_level")
    @classmethod
    def _known_bot_level(cls, level: str) -> str:
        # A save or shared file naming an unknown level must be refused on load, not
        # crash the game screen that builds the seat's bot.
        if level not in BOT_LEVEL_NAMES:
            raise ValueError(f"the bot level {level!r} is not one this version knows")
        return level

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"

    def label(self) -> str:
        return f"{self.name} (bot: {self.bot_level})" if self.is_bot else self.name


class LogEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    # None: everybody may read it; otherwise only these seats (e.g. a peek).
    visible_to: tuple[int, ...] | None = None


# A line that `GameState.say` writes counts every field as given: one set, shared by
# every line (`construct_frozen`).
_LOG_ENTRY_FIELDS = set(LogEntry.model_fields)


def visible_log(log: list[LogEntry], seat: int) -> list[LogEntry]:
    """The entries of `log` that `seat` may read, as a new list.

    Views are asked for after every action and a log only grows (entries are
    appended, never replaced or removed), so the filtered prefix from the seat's last
    call is reused when `log` still starts with the same entries; only what was added
    since is filtered.  List equality checks identity first, so confirming the prefix
    costs little, and the very list read last time, no longer than it was, needs no
    confirming at all (many moves write nothing to the log, and a state made by such
    a move shares its log with the one before).
    """
    cached = _visible_logs.get(seat)
    start = 0
    visible: list[LogEntry] = []
    if cached is not None:
        read, prefix, cached_visible = cached
        if read is log and len(log) == len(prefix):
            return list(cached_visible)
        if len(prefix) <= len(log) and log[: len(prefix)] == prefix:
            start = len(prefix)
            visible = list(cached_visible)
    for entry in log[start:] if start else log:
        if entry.visible_to is None or seat in entry.visible_to:
            visible.append(entry)
    # Copies, so that nothing a caller later does to `log` or the result reaches the cache.
    _visible_logs[seat] = (log, list(log), list(visible))
    return visible


# seat -> (the log last filtered for that seat, a copy of it as it was then, what the
# seat could read of it)
_visible_logs: dict[int, tuple[list[LogEntry], list[LogEntry], list[LogEntry]]] = {}


class _UnreadLog(list):  # type: ignore[type-arg]
    """The log of a search's quick game, which nobody reads: what is said is dropped, so
    that the one shared by every quick game stays empty."""

    def append(self, entry: Any) -> None:
        pass

    def extend(self, entries: Any) -> None:
        pass

    def insert(self, index: Any, entry: Any) -> None:
        pass

    def __iadd__(self, entries: Any) -> _UnreadLog:
        return self


UNREAD_LOG: list[Any] = _UnreadLog()
"""The log of every search's quick game (`GameRules.apply_in_place`), always empty: a
game's rules may give it to a state they own, and then build no words for that state."""


def telling(state: GameState) -> bool:
    """Whether `state` keeps a log: a search's quick game does not (`UNREAD_LOG`), so
    the rules build no words for it."""
    return state.log is not UNREAD_LOG


class ChangedInPlace(BaseModel):
    """A model the rules change in place once they own it (a state inside `apply`, a
    seat's record): assigning one of its fields stores the value as pydantic does for a
    model that validates no assignment (the value kept, the field counted as given),
    without the look-ups of pydantic's `__setattr__`, which every move of every quick
    game passes through dozens of times.  Anything else assigned goes to pydantic."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_config.get("validate_assignment") or cls.model_config.get("frozen"):
            raise TypeError(f"{cls.__name__} validates or refuses assignment: it cannot be a ChangedInPlace")

    def __setattr__(self, name: str, value: Any) -> None:
        values = self.__dict__
        if name in values:
            values[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)


class GameState(ChangedInPlace):
    """Fields every game's state carries."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    game: str
    # Seats are named at setup and the rules never change them.
    seats: Annotated[list[Seat], NEVER_EDITED]
    seed: int
    # How many random draws have been taken from the seed: the RNG state itself.
    rng_draws: int = 0
    # Rises whenever hidden information is revealed or chance is used; undo never
    # steps back over a change of this number.
    info_epoch: int = 0
    log: list[LogEntry] = Field(default_factory=list)

    def rng(self) -> random.Random:
        """A generator for one random event, advancing the stored RNG state.

        Only call on a state the rules own (a fresh copy inside `apply`).
        """
        generator = random.Random(f"{self.seed}/{self.rng_draws}")
        self.rng_draws += 1
        return generator

    def say(self, text: str, visible_to: tuple[int, ...] | None = None) -> None:
        # Built without validation (a bot game writes thousands of lines); the two
        # conversions are all that validation would do to what the rules pass.
        entry = {"text": str(text), "visible_to": None if visible_to is None else tuple(visible_to)}
        self.log.append(construct_frozen(LogEntry, entry, _LOG_ENTRY_FIELDS))

    def name(self, seat: int) -> str:
        return self.seats[seat].name


class ScoreRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    category: str
    values: list[int]
    # Optional per-seat explanation shown under the number ("Dragon 8 + King 0").
    details: list[str] | None = None


class ScoreSheet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: list[str]
    rows: list[ScoreRow]
    totals: list[int]
    winners: list[int]
    # How the winner was decided, in words ("most points", "tie on points: shared").
    decided_by: str
    notes: list[str] = Field(default_factory=list)

    def winner_names(self) -> list[str]:
        return [self.players[index] for index in self.winners]


@dataclass(frozen=True)
class Outcome:
    """A game's result in numbers, what searches, simulations and records read
    (OpenSpiel's `returns()`): each seat's total and the winners, ties already broken
    as the game's rules break them (several winners share the victory).  The score
    sheet tells the same result in words and must agree with it.

    Read on a finished game; on one still under way the totals are the points so far
    and the winners are whoever the game names then (none, for some games)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Stage:
    """Which part of its game a position is in, in numbers: a replay's "next round"
    goes to the next position whose stage differs.  `label` says what `number` counts
    ("round", or "turn" in a game without rounds) or names a part outside the count
    ("setup", "over"), a key for code rather than words for a player."""

    label: str
    number: int = 0


GAME_OVER = Stage("over")
"""The stage of every finished game."""


@dataclass(frozen=True)
class ChangeReport:
    """What one seat can see changed since its own last move.

    `marks` are the game's own keys for what its board should mark (cells, cards,
    cards' places), `lines` a few lines that sum the changes up.  Both are built
    from two views of that seat only, so they never tell it anything it may not see.
    """

    marks: frozenset[Hashable] = frozenset()
    lines: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.marks or self.lines)

    def then(self, later: ChangeReport) -> ChangeReport:
        """This report followed by `later`: both marks, this report's lines first."""
        return ChangeReport(self.marks | later.marks, self.lines + later.lines)


NO_CHANGES = ChangeReport()


@dataclass(frozen=True)
class TableMoment:
    """A public event everybody at the table should see before play goes on: picks
    revealed together, a round's or season's scoring, a migration (ties named)."""

    heading: str
    lines: tuple[str, ...]
    # The board itself shows this moment (a reveal on its "this turn" row): with one
    # person at the table there is nobody to hand over to, so play goes on without
    # waiting for Enter (the `pause_after_reveals` setting keeps the wait).
    shown_on_board: bool = False


@dataclass(frozen=True)
class MoveExplanation:
    """A move as its own seat would say it ("Play the Dragon (7) face down"), and what
    it does in the game's terms ("it scores 4 points: …"), for hints."""

    move: str
    reason: str | None = None


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


StateT = TypeVar("StateT", bound=GameState)


class GameRules(ABC, Generic[StateT]):
    """The base of a game's `Rules` part (engine/parts.py).  Subclasses are stateless;
    every method is pure.  The words, the search and the reference are other parts."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]] = NoOptions
    state_model: ClassVar[type[GameState]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    # Whether the most points wins: False for a game won by other steps (Pollen's
    # elimination), where a best or average score would rank players wrongly.
    points_decide: ClassVar[bool] = True

    # -- setup and flow -------------------------------------------------------
    @abstractmethod
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> StateT: ...

    @abstractmethod
    def to_act(self, state: StateT) -> list[int]:
        """Seats that must act now: one, several (a simultaneous step) or none."""

    @abstractmethod
    def is_over(self, state: StateT) -> bool: ...

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[Any]: ...

    @abstractmethod
    def validate(self, state: StateT, seat: int, action: Any) -> None:
        """Raise `IllegalMove` with a player-readable reason, or return None."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: Any) -> StateT:
        """The state after `action`; `state` itself is left as it was."""

    def apply_in_place(self, state: StateT, seat: int, action: Any) -> StateT:
        """The state after a legal `action`, which may be `state` itself, changed.

        Only for a caller that owns `state` (it came from `apply` or from an earlier
        `apply_in_place`, and nothing else holds it) and never looks at it again: a
        search's simulated game, which otherwise spends much of its time copying
        states it throws away at once.  By default a plain `apply`."""
        return self.apply(state, seat, action)

    @abstractmethod
    def view(self, state: StateT, seat: int) -> StateT:
        """`state` as `seat` may see it: others' secrets and the seed removed.

        `SPECTATOR` (-1) asks for what everybody may see: the curtain's view.
        """

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome:
        """Each seat's total and the winners, numbers only: a search reads this at the
        end of every simulated game, so it builds no words."""

    def stage(self, state: StateT) -> Stage:
        """The round (or turn) `state` is in.  By default the whole game is one stage
        until it is over."""
        return GAME_OVER if self.is_over(state) else Stage("play")

    def score_sheet(self, state: StateT) -> ScoreSheet:
        """The outcome with its reasons, for the score-sheet screen; it agrees with
        `outcome`.  By default one row of totals: a game with more to tell tells it."""
        outcome = self.outcome(state)
        totals = list(outcome.totals)
        if not outcome.winners:
            decided_by = "the game is not over"
        elif len(outcome.winners) == 1:
            decided_by = "most points"
        else:
            decided_by = "tie on points: the victory is shared"
        return ScoreSheet(
            players=[seat.name for seat in state.seats],
            rows=[ScoreRow(category="Points", values=totals)],
            totals=totals,
            winners=list(outcome.winners),
            decided_by=decided_by,
        )

    @abstractmethod
    def log_line(self, state: StateT, seat: int, action: Any) -> str:
        """The public line `apply` writes into the log for the action, naming the player.
        The log is part of the state, so its words are the rules'; the narrator's
        `describe` tells the same line elsewhere."""

    # -- shared helpers ---------------------------------------------------------
    def player_count(self) -> str:
        """How many may play, in words: "1–4 players", "2 players"."""
        if self.min_players == self.max_players:
            return plural(self.min_players, "player")
        return f"{self.min_players}–{self.max_players} players"

    def check_players(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise ValueError(f"{self.title} takes {self.player_count()}, not {count}")

    def parse_action(self, data: Any) -> Any:
        return self.action_adapter.validate_python(data)

    def dump_action(self, action: Any) -> dict[str, Any]:
        return self.action_adapter.dump_python(action, mode="json")

    def parse_options(self, data: dict[str, Any] | None) -> BaseModel:
        return self.options_model.model_validate(data or {})

    def load_state(self, data: Any) -> StateT:
        return self.state_model.model_validate(data)  # type: ignore[return-value]


def option_choices(field_type: Any) -> list[Any] | None:
    """The values a Literal option field allows, or None for other field types (the
    setup form's lists and the command line's help both read them here)."""
    if typing.get_origin(field_type) is Literal:
        return list(typing.get_args(field_type))
    return None


def construct_frozen(model_class: type[ModelT], values: dict[str, Any], given: set[str]) -> ModelT:
    """`construct` for a frozen model built by the thousand (a game's moves on offer):
    `given` itself becomes the fields counted as given, shared by every model built with
    it, instead of a new set for each.  Nothing changes a frozen model's fields, so
    nothing changes that set either (`model_copy` gives a copy a set of its own)."""
    instance = _new_object(model_class)
    _set_dict(instance, values)
    _set_fields_set(instance, given)
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance


def copy_with_all_given(model: ModelT, values: dict[str, Any]) -> ModelT:
    """`copy_with` for a hot path that copies a state at nearly every move (a view, a
    step): when `model` counts every field as given (see `count_every_field_given`),
    the copy shares that set of names instead of a copy of it, since no assignment can
    change a set that names every field.  Otherwise it is `copy_with`."""
    fields_set = model.__pydantic_fields_set__
    model_class = model.__class__
    if len(fields_set) != len(model_class.__pydantic_fields__):
        return copy_with(model, values)
    instance = _new_object(model_class)
    _set_dict(instance, values)
    _set_fields_set(instance, fields_set)
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance


def count_every_field_given(model: BaseModel) -> None:
    """Count every field of `model` as given (a new game's state: a saved one names every
    field), so that `copy_with_all_given` shares its set of given fields."""
    model.__pydantic_fields_set__.update(model.__class__.__pydantic_fields__)


def record_sharer(record_class: type[RecordT], own: tuple[str, ...]) -> typing.Callable[[RecordT, RecordT], bool]:
    """A function telling whether a copy still holds, in every field of the slotted
    dataclass `record_class` but those named in `own`, the very value (`is`) that the
    record it was copied from holds now: then a copy kept from earlier (a view's hidden
    record) still shows that record, however its fields were assigned since.  Written
    out once per class from its fields, as `record_copier` is, so that a field added to
    the record is checked without being listed anywhere."""
    names = [field.name for field in dataclasses.fields(record_class) if field.name not in own]  # type: ignore[arg-type]
    checks = " and ".join(f"copy.{name} is record.{name}" for name in names) or "True"
    namespace: dict[str, Any] = {}
    exec(f"def shares(copy, record):\n    return {checks}", namespace)  # noqa: S102 - the source is built above from the class's own field names
    shares: typing.Callable[[RecordT, RecordT], bool] = namespace["shares"]
    shares.__qualname__ = shares.__name__ = f"shares_{record_class.__name__}"
    return shares
