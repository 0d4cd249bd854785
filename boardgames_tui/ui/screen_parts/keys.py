"""The keys every game shares, each handing its work to the part that does it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events

from boardgames_tui.ui.inspector import InspectorPanel
from boardgames_tui.ui.widgets import MessageBar

if TYPE_CHECKING:
    from boardgames_tui.engine.table import Table


LEAVE_THE_TABLE = "Leave the table? Your seat waits for you; the link rejoins (Join a table in the menu)."


def leave_question(table: Table) -> tuple[str, str]:
    """What leaving `table` asks first, and what is said if the player stays: a joined
    seat saves nothing (its host keeps the game, and the seat waits there); a hosted
    game pauses for those who joined; a local game is saved."""
    if table.joined:
        return LEAVE_THE_TABLE, "Not done: you stay at the table."
    question = "Save this game and go back to the menu?"
    if any(seat.is_remote for seat in table.seats):
        question += " The table pauses: those who joined are told, and Continue opens it again for the same links."
    return question, "Not done: the game goes on."


class SharedKeys:
    """Textual looks up a binding's `action_…` method on the screen itself: these are
    the shared ones, for `GameScreen`."""

    def action_undo(self) -> None:
        # On the table's screen, the seat that handed it over may take its move back:
        # its own curtain comes first (`advance` after the undo).
        seat = self.keyboard.mover()
        if seat is None:
            self.say("Nothing to undo here: no player is at the keyboard.", error=True)
            return
        blocker = self.table.undo_blocker(seat)
        if blocker is not None:
            # Refused before anything stops: a thinking bot goes on thinking.
            self.say(f"Undo is not possible. {blocker}", error=True)
            return
        self.undo_move(seat)

    def action_hint(self) -> None:
        self.hints.ask()

    def action_step_away(self) -> None:
        self.keyboard.step_away()

    def action_dismiss_lesson(self) -> None:
        self.lessons.dismiss()

    def action_lessons(self) -> None:
        self.lessons.list_seen()

    def action_whole_message(self) -> None:
        self.query_one("#status", MessageBar).toggle_whole()

    def action_rules(self) -> None:
        from boardgames_tui.ui.rules_viewer import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_legend(self) -> None:
        from boardgames_tui.ui.rules_viewer import RulesScreen

        self.app.push_screen(RulesScreen(self.game, tab="legend"))

    def action_keys(self) -> None:
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()

    def action_leave(self, table_kind: str = "") -> None:
        """q, whichever table it leaves (`table_kind` only picks the key's name)."""
        from boardgames_tui.ui.confirm import confirm_then

        question, staying = leave_question(self.table)
        confirm_then(self, question, self.action_save_quit, lambda: self.say(staying))

    def action_inspect(self) -> None:
        panel = self.query_one(InspectorPanel)
        if panel.close():
            self.keyboard.settle_keys_after("the inspector")
            return
        entry = self.inspect_target() if self.viewer is not None else None
        if entry is None:
            self.say("Nothing is highlighted to inspect here; move the cursor onto a card, a space or a choice first.", error=True)
            return
        panel.show_entry(entry)

    def key_for_layers(self, event: events.Key) -> bool:
        """Whether `event` is for what lies over the board rather than for the game
        (then it is taken): a key on the heels of a closed layer (used for nothing), a
        key while a lesson shows, Escape while the inspector is open.  Asked before a
        game's own keys: a game's Escape would act on the screen under the inspector."""
        if self.keyboard.key_left_over(event) or self.lessons.key(event):
            return True
        if event.key == "escape" and self.query_one(InspectorPanel).close():
            event.stop()
            event.prevent_default()
            self.keyboard.settle_keys_after("the inspector")
            return True
        return False

    def action_step_back(self) -> None:
        """Escape closes an open view (the inspector and a lesson take it first:
        `key_for_layers`); otherwise it never leaves a game without a question."""
        if self.close_view():
            return
        if self.app.settings.confirmations:  # type: ignore[attr-defined]
            self.action_leave()
        elif self.table.joined:
            self.say("Press q to leave the table.")
        else:
            self.say("Press q to save this game and go back to the menu.")

    def action_save_quit(self) -> None:
        self.bots.cancel()
        self.hints.drop()
        # Left: what the table does next (a joined seat's connection closing) is no
        # longer this screen's to draw, while its widgets are being taken down.
        self.table_watch.stop()
        self.table.leave()
        self.app.return_to_menu()  # type: ignore[attr-defined]

    def allows(self, action: str, parameters: tuple[Any, ...]) -> bool | None:
        """True: offered; None: shown dimmed; False: hidden — for the shared keys."""
        if action == "dismiss_lesson":
            return False
        if action == "lessons":
            return self.lessons.teacher is not None
        # Undo is always offered: when it cannot be done, the key says why (a dimmed
        # binding would swallow the key in silence).
        if action == "step_away":
            return self.keyboard.uses_curtains and self.viewer is not None
        if action == "whole_message":
            # Offered only while the status bar has more to show (or is showing it).
            # The footer also asks while the screen is being taken down (leaving the
            # game), when the bar may be gone already: then nothing is offered.
            bar = self.query_one_optional("#status", MessageBar)
            return bar is not None and (bar.is_cut or bar.expanded)
        return True
