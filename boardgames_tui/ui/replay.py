"""Watching a finished (or saved) game again, move by move, drawn by the game's own screen.

`replay_screen(match)` builds a subclass of the game's `GameScreen` whose turn loop
only redraws: it never submits a move, runs a bot, raises a curtain or writes a
save.  The screen reads a `ReplayPosition`, which looks to it like a match stopped
at one step of the recorded history.

Points of view (`v`): the table's, each seat's own screen in turn, then everything
revealed: the public board with a panel listing what the rules'
`hidden_information` says the table could not see, and the whole log.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.widgets import Static

from boardgames_tui.engine.contract import GameState, IllegalMove
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.engine.text import possessive
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.scoresheet import revealed_text
from boardgames_tui.ui.widgets import TextPanel

REPLAY_REFUSAL = "This is a replay: nothing can be played or taken back here."


ROUND_IN_PROGRESS = re.compile(r"\b(round|turn) \d+", re.IGNORECASE)


def round_of(progress: str) -> str:
    """The round a game's progress line names ("Round 2 of 3, turn 4" → "round 2"), else
    the line itself: the contract has no round number, but every game's line starts
    with its round, or its turn where it has no rounds (Pollen), or a setup phase."""
    found = ROUND_IN_PROGRESS.search(progress)
    return found.group(0).lower() if found else progress


class RevealPanel(InspectorPanel):
    """The inspector's overlay, holding everything the table could not see at this step;
    laid over the right of the board, not the sidebar, so the whole log stays in sight."""

    DEFAULT_CSS = """
    RevealPanel { max-height: 70vh; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="reveal-text")

    def show_sections(self, sections: list[RevealedSection]) -> None:
        self.border_title = "Everything revealed"
        self.border_subtitle = "shift+↑↓ scroll · v: next point of view"
        self.query_one("#reveal-text", Static).update(revealed_text(sections, "Nothing is hidden at this step."))
        self.add_class("-open")

    def lay_over(self, board: Region) -> None:
        width = max(40, min(board.width * 3 // 5, 72))
        self.styles.width = width
        self.styles.offset = (max(0, board.right - width), board.y + 1)


class ReplayPosition(Match):
    """The recorded match as it stood at one step of its history: what a game's screen
    reads, and a match that refuses every move, undo and save."""

    def __init__(self, history: Match) -> None:
        super().__init__(
            history.rules, history.options, history.seats, history.seed,
            match_id=history.match_id, created=history.created,
        )
        self.history = history
        self.updated = history.updated
        self.go_to(len(history.moves))

    @property
    def total(self) -> int:
        return len(self.history.moves)

    @property
    def step(self) -> int:
        return len(self.moves)

    def go_to(self, step: int) -> None:
        step = max(0, min(step, self.total))
        self.states = self.history.states[: step + 1]
        self.moves = self.history.moves[:step]

    def undo_blocker(self, seat: int) -> str | None:
        return REPLAY_REFUSAL

    def submit(self, seat: int, action: Any, *, autosave: bool = True) -> GameState:
        raise IllegalMove(REPLAY_REFUSAL)

    def undo(self, seat: int) -> GameState:
        raise IllegalMove(REPLAY_REFUSAL)

    def autosave(self) -> None:
        """A replay never writes."""


class ReplayMixin(GameScreen):
    """Put before a game's screen class; `replay_screen` does that."""

    BINDINGS: ClassVar[list[Binding]] = [
        # Priority: a game's own keys for the same letters and arrows must not answer.
        Binding("right", "step(1)", "Step", priority=True),
        Binding("left", "step(-1)", "Step back", priority=True),
        Binding("pagedown,right_square_bracket", "stage(1)", "Next round", priority=True),
        Binding("pageup,left_square_bracket", "stage(-1)", "Previous round", priority=True),
        Binding("home", "edge(0)", "Start", priority=True, show=False),
        Binding("end", "edge(1)", "End", priority=True, show=False),
        Binding("v", "point_of_view", "Point of view", priority=True),
        Binding("shift+down", "scroll_reveal(1)", "Scroll what is revealed", priority=True, show=False),
        Binding("shift+up", "scroll_reveal(-1)", "Scroll what is revealed", priority=True, show=False),
        Binding("escape,q", "back", "Back", priority=True),
    ]
    # The replay's keys and the read-only ones it keeps from the game screen.
    REPLAY_ACTIONS = frozenset(
        {"step", "stage", "edge", "point_of_view", "scroll_reveal", "back", "rules", "keys", "whole_message"}
    )

    match: ReplayPosition

    def __init__(self, match: Match, *, step: int | None = None) -> None:
        position = ReplayPosition(match)
        if step is not None:
            position.go_to(step)
        super().__init__(position)
        # The point of view: None is the table's (public only), else that seat's own;
        # `revealing` (with viewer None) is everything revealed.
        self.viewer = None
        self.revealing = False
        rounds = [round_of(self.rules.progress(state)) for state in match.states]
        # The steps at which a new round (or turn, in a game without rounds) begins.
        self.stages = [index for index in range(1, len(rounds)) if rounds[index] != rounds[index - 1]]

    # -- the turn loop, reduced to drawing ----------------------------------------------------
    def advance(self) -> None:
        if self.is_mounted:
            self.redraw()

    def after_move(self) -> None:
        self.advance()

    def submit(self, action: Any) -> bool:
        self.say(REPLAY_REFUSAL, error=True)
        return False

    def viewer_acts(self, view: GameState) -> bool:
        return False

    def compose_body(self) -> ComposeResult:
        yield from super().compose_body()
        yield RevealPanel(id="reveal")

    def redraw(self, *, cursor_only: bool = False) -> None:
        view = self.current_view() or self.public_view()
        self.sub_title = f"Replay · {self.rules.progress(self.match.state)}"
        # Everything revealed shows the whole log, every seat's private lines included.
        self._sync_log(self.match.state if self.revealing else view)
        self.show_view(view, self.viewer)
        panel = self.query_one(RevealPanel)
        if self.revealing:
            panel.lay_over(self.query_one("#board").region)
            panel.show_sections(self.rules.hidden_information(self.match.state))
        else:
            panel.close()
        self.query_one("#status", TextPanel).show_text(self._message or self.replay_status())
        self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        # The board's new size is known after the next layout.
        self.call_after_refresh(lambda: self.query_one(RevealPanel).lay_over(self.query_one("#board").region))

    def say(self, message: str, error: bool = False, *, about_cursor: bool = False) -> None:
        # A replay's bar shows its position and this message; a note on the cursor's
        # place is said like any other message.
        self._message = Text(message, style="bold red" if error else "bold")
        self.query_one("#status", TextPanel).show_text(self._message)

    def point_of_view_name(self) -> str:
        if self.revealing:
            return "everything revealed (every hand)"
        if self.viewer is None:
            return "the table (public only)"
        return f"{possessive(self.match.seats[self.viewer].name)} screen"

    def replay_status(self) -> Text:
        position = self.match
        return Text.assemble(
            ("Replay", "bold reverse"),
            f" move {position.step} of {position.total} · point of view: ",
            (self.point_of_view_name(), "bold"),
            " · ←/→ step · [ ] rounds · Home/End · v: point of view",
        )

    # -- keys ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A game may name actions that only change what is shown (a panel put away at a small size).
        if action not in self.REPLAY_ACTIONS | getattr(self, "VIEW_ACTIONS", frozenset()):
            return False
        if self.is_too_small and action not in self.ALWAYS_AVAILABLE | {"back"}:
            return False
        if action == "whole_message":
            return GameScreen.allows(self, action, parameters)
        return True

    def go_to(self, step: int) -> None:
        step = max(0, min(step, self.match.total))
        if step == self.match.step:
            edge = "start" if step == 0 else "end"
            self.say(f"This is the {edge} of the game.")
            return
        self.match.go_to(step)
        self._message = None
        self.redraw()

    def action_step(self, delta: int) -> None:
        self.go_to(self.match.step + delta)

    def action_edge(self, end: int) -> None:
        self.go_to(self.match.total if end else 0)

    def action_stage(self, direction: int) -> None:
        step = self.match.step
        if direction > 0:
            later = [index for index in self.stages if index > step]
            self.go_to(later[0] if later else self.match.total)
        else:
            earlier = [index for index in self.stages if index < step]
            self.go_to(earlier[-1] if earlier else 0)

    def action_point_of_view(self) -> None:
        """The table, each seat in turn, everything revealed, then the table again."""
        if self.revealing:
            self.revealing = False
        elif self.viewer is not None and self.viewer + 1 >= len(self.match.seats):
            self.viewer = None
            self.revealing = True
        else:
            self.viewer = 0 if self.viewer is None else self.viewer + 1
        self._message = None
        self.redraw()

    def action_scroll_reveal(self, lines: int) -> None:
        if not self.revealing:
            self.say("Shift+↑/↓ scroll the panel of everything revealed (v until it shows).")
            return
        self.query_one(RevealPanel).scroll_relative(y=lines, animate=False)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_save_quit(self) -> None:
        # The command palette's "Save & quit" leaves the replay without saving anything.
        self.dismiss(None)


def replay_screen(match: Match, *, step: int | None = None) -> ReplayMixin:
    """A replay of `match` drawn by its game's own screen class, at its end unless `step`."""
    from boardgames_tui.app import game_screen_class

    game_class = game_screen_class(match.rules.slug)
    replay_class = type(f"{game_class.__name__}Replay", (ReplayMixin, game_class), {})
    # Textual's CSS type names follow the first base alone (ReplayMixin, GameScreen, …):
    # the game's own rules ("EvergreenScreen.-eg-normal #eg-planet") must match as well.
    replay_class._css_type_names = replay_class._css_type_names | game_class._css_type_names
    return replay_class(match, step=step)


def replay_app(match: Match, **options: Any) -> App[None]:
    """The app opened on one replay, closing when it is left: `boardgames-tui replay FILE`."""
    from boardgames_tui.app import BoardGamesApp

    class ReplayApp(BoardGamesApp):
        # Textual reads a relative CSS_PATH beside the module of the class being run.
        CSS_PATH = str(Path(inspect.getfile(BoardGamesApp)).parent / str(BoardGamesApp.CSS_PATH))

        def on_mount(self, event: events.Mount) -> None:
            # The app starts as it always does (its menu stays underneath), then the replay
            # goes on top; BoardGamesApp's own on_mount is called here, not a second time.
            event.prevent_default()
            super().on_mount()
            self.push_screen(replay_screen(match, step=0), lambda _: self.exit())

    return ReplayApp(**options)
