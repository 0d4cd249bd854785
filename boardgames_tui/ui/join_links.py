"""The join links of a hosted game's remote seats, shown at the host.

Each link holds its seat's secret: whoever has it plays that seat.  So they are shown
to the host's keyboard only when asked (at the start, and from the command palette),
never on the game screen the table watches.  No QR code: no well-kept QR library comes
with the app's dependencies, and the link alone is what `join` needs.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class JoinLinksScreen(ModalScreen[None]):
    # Wide, so that a link stays on one line to copy (at 80 columns too).
    DEFAULT_CSS = """
    JoinLinksScreen { align: center middle; }
    #join-box { width: 100%; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    """

    BINDINGS = [Binding("enter,escape", "close", "Close")]

    def __init__(self, links: list[tuple[str, str]], listening: str) -> None:
        super().__init__()
        self.links = links  # (seat name, link)
        self.listening = listening

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            lines = Text("Send each player their own link (it holds their seat's secret); they play with\n")
            lines.append("  boardgames-tui join 'LINK'\n\n")
            for name, link in self.links:
                lines.append(f"{name}\n", style="bold")
                lines.append(f"{link}\n")
            lines.append(f"\n{self.listening}\nTraffic is not encrypted: beyond a trusted network, carry it over ssh -L.")
            yield Static(lines, id="join-links")
            yield Static(Text("Enter or Escape: back to the game (Ctrl+P → Join links shows them again)"), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
