"""Watching a finished (or saved) game again, move by move, drawn by the game's own screen.

`replay_screen(table)` builds a subclass of the game's `GameScreen` whose turn loop
only redraws: it never submits a move, runs a bot, raises a curtain or writes a
save.  The screen's table is a `ReplayTable` (engine/replay_table.py): a read-only
table at one step of the recorded history, which refuses every move and undo.

Points of view (`v`): the table's, each seat's own screen in turn, then everything
revealed: the public board with a panel listing what the rules'
`hidden_information` says the table could not see, and the whole log.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.widgets import Static

from boardgames_tui.engine.contract import GameState
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.engine.replay_table import REPLAY_REFUSAL, ReplayTable
from boardgames_tui.engine.text import capital, possessive
from boardgames_tui.ui.game_screen import GameScreen, game_screen_class
from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.scoresheet import revealed_text
from boardgames_tui.ui.widgets import TextPanel
from boardgames_tui.ui.textual_compat import share_css_type_names


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


class ReplayMixin(GameScreen):
    """Put before a game's screen class; `replay_screen` does that."""

    BINDINGS: ClassVar[list[Binding]] = [
        # Priority: a game's own keys for the same letters and arrows must not answer.
        Binding("right", "replay_step(1)", "Step", priority=True),
        Binding("left", "replay_step(-1)", "Step back", priority=True),
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
        {"replay_step", "stage", "edge", "point_of_view", "scroll_reveal", "back", "rules", "keys", "whole_message"}
    )

    table: ReplayTable

    def __init__(self, table: ReplayTable, *, step: int | None = None) -> None:
        if step is not None:
            table.go_to(step)
        super().__init__(table)
        # The point of view: None is the table's (public only), else that seat's own;
        # `revealing` (with viewer None) is everything revealed.
        self.keyboard.viewer = None
        self.revealing = False
        # The replay's own message, shown in place of its position until the next step.
        self._note: Text | None = None
        # The steps at which a new round (or turn, in a game without rounds) begins.
        self.stages = table.history.stage_starts

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
        self.sub_title = f"Replay · {self.table.progress()}"
        # Everything revealed shows the whole log, every seat's private lines included.
        self.show_log(self.table.state if self.revealing else view)
        self.show_view(view, self.viewer)
        panel = self.query_one(RevealPanel)
        if self.revealing:
            panel.lay_over(self.query_one("#board").region)
            panel.show_sections(self.table.hidden_information())
        else:
            panel.close()
        self.query_one("#status", TextPanel).show_text(self._note or self.replay_status())
        self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        # The board's new size is known after the next layout.
        self.call_after_refresh(lambda: self.query_one(RevealPanel).lay_over(self.query_one("#board").region))

    def say(self, message: str, error: bool = False, *, about_cursor: bool = False) -> None:
        # A replay's bar shows its position and this message; a note on the cursor's
        # place is said like any other message.
        self._note = Text(message, style="bold red" if error else "bold")
        self.query_one("#status", TextPanel).show_text(self._note)

    def point_of_view_name(self) -> str:
        if self.revealing:
            return "everything revealed (every hand)"
        if self.viewer is None:
            return "the table (public only)"
        return f"{capital(possessive(self.table.seats[self.viewer].name))} screen"

    def replay_status(self) -> Text:
        position = self.table
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
        step = max(0, min(step, self.table.total))
        if step == self.table.step:
            edge = "start" if step == 0 else "end"
            self.say(f"This is the {edge} of the game.")
            return
        self.table.go_to(step)
        self._note = None
        self.redraw()

    # Not `step`: Pollen's and Evergreen's cursor keys are `step('down')`, and a replay's
    # own `step` would be handed those keys' names where it takes a number.
    def action_replay_step(self, delta: int) -> None:
        self.go_to(self.table.step + delta)

    def action_edge(self, end: int) -> None:
        self.go_to(self.table.total if end else 0)

    def action_stage(self, direction: int) -> None:
        step = self.table.step
        if direction > 0:
            later = [index for index in self.stages if index > step]
            self.go_to(later[0] if later else self.table.total)
        else:
            earlier = [index for index in self.stages if index < step]
            self.go_to(earlier[-1] if earlier else 0)

    def action_point_of_view(self) -> None:
        """The table, each seat in turn, everything revealed, then the table again."""
        if self.revealing:
            self.revealing = False
        elif self.viewer is not None and self.viewer + 1 >= len(self.table.seats):
            self.keyboard.viewer = None
            self.revealing = True
        else:
            self.keyboard.viewer = 0 if self.viewer is None else self.viewer + 1
        self._note = None
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


def replay_screen(table: ReplayTable | Match, *, step: int | None = None) -> ReplayMixin:
    """A replay of `table` (or of a match's history) drawn by its game's own screen
    class, at its end unless `step`."""
    if isinstance(table, Match):
        table = ReplayTable.of_match(table)
    game_class = game_screen_class(table.game)
    replay_class = type(f"{game_class.__name__}Replay", (ReplayMixin, game_class), {})
    share_css_type_names(replay_class, game_class)
    return replay_class(table, step=step)
