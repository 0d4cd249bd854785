"""A game is a small record of parts, each typed here as a Protocol the engine works against.

- `Rules`: the game itself, pure (setup, who acts, legal actions, validate, apply, view,
  the outcome in numbers and the stage a position is in, the score sheet, reading and
  writing actions, options and states).  `GameRules` in
  contract.py is its base class.
- `Narrator`: the words about moves and changes (the log line, progress, what changed
  since a seat last looked, table moments, why a move is good).
- `Advisor`: what bots and hints need (determinize a view, an estimate, a playout policy).
- `Reference`: rules text, components catalogue, legend, what was hidden.

Each part is built over the game's rules and depends on them, never the other way: a
game's rules module imports none of its other parts.  A game package makes its `Game`
record and names it in the `boardgames_tui.games` entry-point group (see registry.py).
Each part has a small base class below with the behaviour most games keep.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from boardgames_tui.engine.contract import (
    NO_CHANGES,
    ChangeReport,
    GameState,
    MoveExplanation,
    Outcome,
    ScoreSheet,
    Seat,
    Stage,
    TableMoment,
)
from boardgames_tui.engine.reference import CatalogueSection, LegendEntry, RevealedSection
from boardgames_tui.engine.text import readable_value

StateT = TypeVar("StateT", bound=GameState)


class Rules(Protocol):
    """The game, pure: every method leaves the state it is given as it was."""

    slug: str
    title: str
    min_players: int
    max_players: int
    options_model: type[BaseModel]
    # Whether the most points wins (False for Pollen): records rank by points only then.
    points_decide: bool

    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> Any: ...
    def to_act(self, state: Any) -> list[int]: ...
    def is_over(self, state: Any) -> bool: ...
    def legal_actions(self, state: Any, seat: int) -> list[Any]: ...
    def validate(self, state: Any, seat: int, action: Any) -> None: ...
    def apply(self, state: Any, seat: int, action: Any) -> Any: ...
    def apply_in_place(self, state: Any, seat: int, action: Any) -> Any: ...
    def view(self, state: Any, seat: int) -> Any: ...
    def outcome(self, state: Any) -> Outcome: ...
    def stage(self, state: Any) -> Stage: ...
    def score_sheet(self, state: Any) -> ScoreSheet: ...
    def log_line(self, state: Any, seat: int, action: Any) -> str: ...
    def parse_action(self, data: Any) -> Any: ...
    def dump_action(self, action: Any) -> dict[str, Any]: ...
    def parse_options(self, data: dict[str, Any] | None) -> BaseModel: ...
    def load_state(self, data: Any) -> Any: ...
    def player_count(self) -> str: ...
    def check_players(self, count: int) -> None: ...


class Narrator(Protocol):
    """The words about moves and changes, for the log, the table and hints."""

    rules: Rules

    def describe(self, state: Any, seat: int, action: Any) -> str: ...
    def progress(self, state: Any) -> str: ...
    def changes_since(self, before: Any, after: Any, seat: int) -> ChangeReport: ...
    def changes_set_off(self, before: Any, after: Any, seat: int) -> ChangeReport: ...
    def table_moments(self, before: Any, after: Any) -> list[TableMoment]: ...
    def explain_move(self, view: Any, seat: int, action: Any) -> MoveExplanation: ...
    def follow_through(self, view: Any, seat: int, action: Any) -> tuple[Any, ...]: ...


class Advisor(Protocol):
    """What the search bots and hints need beyond the rules."""

    rules: Rules
    playout_horizon: int | None
    search_effort: float
    hint_playouts: float

    def determinize(self, view: Any, seat: int, rng: random.Random) -> Any: ...
    def estimate_scores(self, state: Any) -> list[float] | None: ...
    def estimate_spread(self, state: Any) -> float: ...
    def seat_roles(self, state: Any) -> list[str] | None: ...
    def playout_action(self, state: Any, seat: int, actions: list[Any], rng: random.Random) -> Any: ...
    def reply(self, state: Any, seat: int, rng: random.Random) -> tuple[Any, ...]: ...
    def finish_turn(self, state: Any, seat: int) -> tuple[Any, ...]: ...


class Reference(Protocol):
    """What a player reads about the game rather than plays."""

    rules: Rules
    # The package holding the game's rules.md and lessons.json (read through
    # importlib.resources), or None for a game built in (this app's assets/<slug>/).
    parts: str | None

    def rules_text(self) -> str: ...
    def catalogue(self) -> list[CatalogueSection]: ...
    def legend(self) -> list[LegendEntry]: ...
    def hidden_information(self, state: Any) -> list[RevealedSection]: ...
    def option_label(self, field: str, value: Any) -> str: ...


@dataclass(frozen=True)
class Game:
    """One game: its parts, its screen's import path and what the menu says of it."""

    rules: Rules
    narrator: Narrator
    advisor: Advisor
    reference: Reference
    # "module:Class" of the game's Textual screen, imported only by the UI so that
    # headless uses (simulate, tests, bots) never load Textual.
    screen: str
    tagline: str = ""
    # Smallest terminal (columns, rows) the game's screen is laid out for.
    min_screen: tuple[int, int] = (80, 24)

    @property
    def slug(self) -> str:
        return self.rules.slug

    @property
    def title(self) -> str:
        return self.rules.title


class GameNarrator(ABC, Generic[StateT]):
    """A narrator's defaults: the rules' own log line, and the log lines written since."""

    # How many log lines the default `changes_since` passes on; a game that writes many
    # lines for one event (a migration) sums them up itself.
    CHANGE_LINES: ClassVar[int] = 6

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def describe(self, state: StateT, seat: int, action: Any) -> str:
        """A short public line for the action, naming the player: the line the rules
        write into the log when they apply it (the log is part of the state)."""
        return self.rules.log_line(state, seat, action)

    @abstractmethod
    def progress(self, state: StateT) -> str:
        """Where the game stands, for save listings ("Round 2 of 3")."""

    def changes_since(self, before: StateT, after: StateT, seat: int) -> ChangeReport:
        """What `seat` sees changed from `before` to `after`, two views it could see
        (its own, or the public view when the table watches), for the screen that comes
        up after other seats moved.  By default no marks and the log lines written since."""
        if after.log[: len(before.log)] != before.log:
            return NO_CHANGES
        new = [entry.text for entry in after.log[len(before.log) :]]
        if len(new) > self.CHANGE_LINES:
            skipped = len(new) - self.CHANGE_LINES + 1
            new = [f"({skipped} earlier lines are in the log)", *new[-(self.CHANGE_LINES - 1) :]]
        return ChangeReport(lines=tuple(new))

    def changes_set_off(self, before: StateT, after: StateT, seat: int) -> ChangeReport:
        """What `seat`'s own move (from `before` to `after`, two views as for
        `changes_since`) set off beyond the move itself (a scoring, other seats' results)
        that the seat has not seen: told before `changes_since`'s report.  By default
        nothing (a game whose moves set nothing off in one step keeps it)."""
        return NO_CHANGES

    def table_moments(self, before: StateT, after: StateT) -> list[TableMoment]:
        """The public events between two public views (`view(·, SPECTATOR)`), in order,
        for announcements to the whole table.  `before` may lie several moves back."""
        return []

    def explain_move(self, view: StateT, seat: int, action: Any) -> MoveExplanation:
        """`action` in `seat`'s own words with what it does, from `seat`'s `view`."""
        return MoveExplanation(self.describe(view, seat, action))

    def follow_through(self, view: StateT, seat: int, action: Any) -> tuple[Any, ...]:
        """The seat's own moves right after `action` that `explain_move`'s words for it
        promise (Everbloom: a chip's sends), for the hint's search to play after it, so
        that its record is the record of what it says.  By default none: a move's words
        name it alone."""
        return ()


class GameAdvisor(ABC, Generic[StateT]):
    """An advisor's defaults: whole playouts, uniform random playout moves."""

    # How many actions a search bot's quick simulated game takes before it asks
    # `estimate_scores`; None: every simulated game is played to its end.
    playout_horizon: ClassVar[int | None] = None
    # Scales every bot level's search iterations for this game: a long game with
    # many small decisions gives each one less, so a bot game takes minutes, not hours.
    search_effort: ClassVar[float] = 1.0
    # This game's share of a hint's simulated games (engine/bots.py HINT_BUDGET): a
    # game whose simulated games are slow takes fewer, so that a hint takes about a
    # second whatever the game.
    hint_playouts: ClassVar[float] = 1.0

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    @abstractmethod
    def determinize(self, view: StateT, seat: int, rng: random.Random) -> StateT:
        """A full state that `seat` could be in, knowing only `view` (= `view(state, seat)`).

        Every hidden card is replaced by one drawn with `rng` from the cards `seat` has
        not seen, every hidden order is shuffled, and the seed is a fresh
        `rng.randrange(2**31)` so that future chance differs between samples.  The
        result must pass `rules.view(result, seat) == view` (seed and log aside) and
        must never be built from anything but `view` and `rng`: a bot that looked at
        the true state would cheat.
        """

    def estimate_scores(self, state: StateT) -> list[float] | None:
        """Each seat's expected final score from here, cheaply, or None to play on.

        Lets a search cut a playout short; games whose playouts are cheap enough
        return None and are played to the end.
        """
        return None

    def estimate_spread(self, state: StateT) -> float:
        """How far (one standard deviation) each seat's final score may stray from
        `estimate_scores(state)`.  0: the estimate's leader is taken as the winner;
        above 0, a search counts each seat's chance of finishing on top instead."""
        return 0.0

    def seat_roles(self, state: StateT) -> list[str] | None:
        """What each seat plays as (a faction, say), for `simulate`'s balance report."""
        return None

    def playout_action(self, state: StateT, seat: int, actions: list[Any], rng: random.Random) -> Any:
        """The action a quick simulated game takes: uniform unless a game knows better."""
        return actions[rng.randrange(len(actions))]

    def reply(self, state: StateT, seat: int, rng: random.Random) -> tuple[Any, ...]:
        """The moves `seat` would answer with from `state` (a full state of the search's
        own), the way a player would answer a move: a hint's quick games let the first
        other seat to reply so (`compare_moves`), so that a move leaving an obvious
        answer open is judged with that answer played (Everbloom: the chip turn that
        leads on the most valuable cards).  Empty, the default: no answer known here,
        the quick game plays on with `playout_action`."""
        return ()

    def finish_turn(self, state: StateT, seat: int) -> tuple[Any, ...]:
        """The rest of a turn `seat` has under way in `state` (a full state of the
        search's own), as its hints would play it: a hint's quick games play it after
        the move judged (`compare_moves`), so that a move that begins a turn of several
        is judged with the turn finished well, not at random (Everbloom: the rest of a
        chip's pollinators).  Empty, the default: the quick game plays on with
        `playout_action`."""
        return ()


class GameReference(Generic[StateT]):
    """A reference: the rules text from the game's parts, and the game's own functions
    for its components, legend and hidden information where it has them (a game
    without printed components, a test game, lists none).  Built, not subclassed, by
    the games: a subclass would only forward these three to the game's modules.
    `parts`: the package holding rules.md and lessons.json, None for a game built in."""

    def __init__(
        self,
        rules: Any,
        *,
        parts: str | None = None,
        catalogue: Callable[[], list[CatalogueSection]] | None = None,
        legend: Callable[[], list[LegendEntry]] | None = None,
        hidden_information: Callable[[StateT], list[RevealedSection]] | None = None,
    ) -> None:
        self.rules = rules
        self.parts = parts
        self._catalogue = catalogue
        self._legend = legend
        self._hidden_information = hidden_information

    def rules_text(self) -> str:
        from boardgames_tui.engine.assets import game_part

        return game_part(self, "rules.md").read_text(encoding="utf-8")

    def catalogue(self) -> list[CatalogueSection]:
        """Every component with its full text, for the rules viewer."""
        return self._catalogue() if self._catalogue is not None else []

    def legend(self) -> list[LegendEntry]:
        """Every symbol the game's screen draws and what it means."""
        return self._legend() if self._legend is not None else []

    def hidden_information(self, state: StateT) -> list[RevealedSection]:
        """Everything in the full `state` that `view(state, SPECTATOR)` hides, one section per
        seat holding something, then the face-down piles: a replay's "everything revealed"
        point of view.  Empty when nothing is hidden."""
        return self._hidden_information(state) if self._hidden_information is not None else []

    def option_label(self, field: str, value: Any) -> str:
        """What the setup form shows for `value` of the option `field`: by default the
        value made readable ("first-blossom" → "First Blossom"); a game whose values do
        not read well that way names them itself."""
        return readable_value(value)
