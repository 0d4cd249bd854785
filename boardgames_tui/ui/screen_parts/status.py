"""The status line: a message to the seat at the keyboard, else who is thinking, the
seat's prompt or who is awaited."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from boardgames_tui.engine.text import and_list
from boardgames_tui.ui.table_words import hand_to_bot_hint
from boardgames_tui.ui.widgets import MessageBar

if TYPE_CHECKING:
    from boardgames_tui.engine.table import Table


class CursorNote(Text):
    """A status message on the place under the cursor (why a cell takes no card): like
    the prompt, it follows the cursor, so the bar keeps its height as the cursor moves."""


class StatusLine:
    def __init__(self, screen: Any) -> None:
        self.screen = screen

    def say(self, message: str, error: bool = False, *, about_cursor: bool = False) -> None:
        """Show a message until the next move; `about_cursor` for a note on the place the
        cursor just moved to (it follows the cursor like the prompt: the bar keeps its height)."""
        self.screen.ui.message = (CursorNote if about_cursor else Text)(message, style="bold red" if error else "bold")
        self.update(cursor_only=about_cursor)

    def update(self, *, cursor_only: bool = False) -> None:
        """Draw the bar; `cursor_only` when only a highlight moved since it was last set."""
        screen = self.screen
        table = screen.table
        status = screen.query_one("#status", MessageBar)
        message = screen.ui.message
        if message is not None:
            status.show_text(message, follows_cursor=isinstance(message, CursorNote), cursor_only=cursor_only)
            return
        if table.save_error:
            status.show_text(Text(table.save_error, style="bold red"))
            return
        if screen.thinking is not None:
            status.show_text(Text(f"{table.seats[screen.thinking].name} is thinking…", style="italic"))
            return
        viewer = screen.viewer
        stand_ins = table.stand_ins()
        if viewer is not None and viewer in stand_ins:
            # A joined player back while the host's bot still plays their seat.
            status.show_text(Text("A bot plays your seat until the host hands it back to you.", style="italic"))
            return
        to_act = table.to_act()
        if viewer is not None and viewer in to_act:
            name = table.seats[viewer].name
            prompt = Text.assemble((f"{name}: ", "bold"), screen.prompt_text(screen.current_view(), viewer))
            status.show_text(prompt, follows_cursor=True, cursor_only=cursor_only)
            return
        away = table.away()
        elsewhere = [seat for seat in to_act if not table.played_here(seat) and not screen.bots.plays(seat)]
        if elsewhere:
            # Played on another machine (or by the host's bots): they think there.
            # A seat the host handed to a bot is played, not waited for.
            played_for = [table.seats[seat].name for seat in elsewhere if seat in stand_ins]
            gone_seats = [seat for seat in elsewhere if seat in away and seat not in stand_ins]
            gone = [table.seats[seat].name for seat in gone_seats]
            if played_for or gone:
                said = [f"A bot is playing for {and_list(played_for)}."] if played_for else []
                if gone:
                    said.extend(_not_here(table, gone_seats))
                    if not table.joined:
                        # The host, who alone can hand a seat to a bot, is told how.
                        said.append(hand_to_bot_hint(gone))
                status.show_text(Text(" ".join(said), style="italic"))
            else:
                names = and_list([table.seats[seat].name for seat in elsewhere])
                status.show_text(Text(f"{names} {'is' if len(elsewhere) == 1 else 'are'} thinking…", style="italic"))
            return
        waiting = and_list([table.seats[seat].name for seat in to_act])
        status.show_text(Text(f"Waiting for {waiting}.") if waiting else "")


def _not_here(table: Table, seats: list[int]) -> list[str]:
    """Who the game waits for in vain: those not joined yet, then those away."""
    said = []
    for names, verb in (
        ([table.seats[seat].name for seat in seats if not table.joined_yet(seat)], ("has not joined yet", "have not joined yet")),
        ([table.seats[seat].name for seat in seats if table.joined_yet(seat)], ("is away", "are away")),
    ):
        if names:
            said.append(f"{and_list(names)} {verb[0] if len(names) == 1 else verb[1]}.")
    return said
