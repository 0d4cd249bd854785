"""The join links of a hosted game's remote seats, shown at the host.

Each link holds its seat's secret: whoever reads it can play that seat and see its
cards.  So a link is never drawn on a seat's screen.  The links have a screen of their
own that hides the game while it is up: opened by the app before the first curtain of
a hosted game, or on purpose from the command palette (Join links), and it first says
what the links are and shows them only at a deliberate key.  Beside each link, where
the `remote` extra brought the `segno` library, its QR code, drawn with half blocks.

The watch link comes last: it shows the table's public view only, so it may go to
anyone (the palette's Watch link shows it alone, without the warning).
"""

from __future__ import annotations

import importlib.util
import io

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

# A QR code's quiet zone, in modules: the width the standard asks for all around it.
QR_QUIET_ZONE = 4
# segno draws a light module as a full block (for light text on a dark terminal): so
# light on dark, whatever the theme, for a phone's camera to read it.
QR_STYLE = "#ffffff on #000000"


def can_draw_qr() -> bool:
    return importlib.util.find_spec("segno") is not None


def qr_text(link: str) -> str | None:
    """The link's QR code in Unicode half blocks (two modules a character, top and
    bottom), as segno draws it; None without segno."""
    try:
        import segno
    except ImportError:
        return None
    code = segno.make(link, micro=False)
    drawn = io.StringIO()
    code.terminal(out=drawn, border=QR_QUIET_ZONE, compact=True)
    return drawn.getvalue().rstrip("\n")


class JoinLinksScreen(Screen[None]):
    """A whole screen (not laid over the game): a seat's frame never shows a link."""

    DEFAULT_CSS = """
    JoinLinksScreen { align: center top; }
    #join-box { width: 100%; height: 1fr; border: round $accent; padding: 0 1; background: $surface; }
    #join-qr { width: auto; height: auto; margin: 1 0 0 0; }
    """

    BINDINGS = [
        Binding("enter", "show_or_close", "Show the links"),
        Binding("escape", "close", "Close"),
        Binding("right,tab", "next_qr(1)", "Next QR code", show=False),
        Binding("left,shift+tab", "next_qr(-1)", "Previous QR code", show=False),
    ]

    def __init__(self, links: list[tuple[str, str]], listening: str, *, starting: bool = False, watch_link: str | None = None) -> None:
        super().__init__()
        self.links = links  # (seat name, link)
        self.watch_link = watch_link
        self.listening = listening
        # At the start of a hosted game: closing it starts the game (its first curtain).
        self.starting = starting
        self.shown = False
        self.qr_seat = 0
        # Each QR code's caption and link, the watch link's last.
        self.qr_links = [(f"{name}'s link", link) for name, link in links]
        if watch_link is not None:
            self.qr_links.append(("The watch link", watch_link))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="join-box"):
            yield Static(self.warning(), id="join-links")
            yield Static("", id="join-qr")
        yield Static(self.hint(), id="join-hint", classes="hint")

    def on_mount(self) -> None:
        if not self.links:
            self.action_show_or_close()  # the watch link alone holds no seat's secret

    def warning(self) -> Text:
        names = ", ".join(name for name, _ in self.links)
        text = Text(f"Join links for the remote seats: {names}.\n\n", style="bold")
        text.append(
            "Each link lets whoever reads it play that seat and see its cards. Show them only "
            "where no other player can read this screen, and send each one to its own player only.\n\n"
        )
        text.append(self.listening)
        return text

    def hint(self) -> Text:
        back = "start the game" if self.starting else "back to the game"
        if not self.shown:
            return Text(f"Enter: show the links · Escape: {back} without them (Ctrl+P → Join links shows them later)")
        more = " · ←/→: the next QR code" if len(self.qr_links) > 1 and can_draw_qr() else ""
        return Text(f"Enter or Escape: {back} · ↑/↓: scroll{more}")

    def action_show_or_close(self) -> None:
        if self.shown:
            self.action_close()
            return
        self.shown = True
        lines = Text()
        if self.links:
            lines.append("Send each player their own link: boardgames-tui join 'LINK' plays it,\n")
            lines.append("and so does a browser, where the host has the web extra.\n\n")
        for name, link in self.links:
            lines.append(f"{name}\n", style="bold")
            lines.append(f"{link}\n")
        if self.watch_link is not None:
            lines.append("\nWatch link" if self.links else "Watch link", style="bold")
            lines.append(
                ": the table as everyone sees it, no hand. Anyone may watch with it (many can, none can play), "
                "with boardgames-tui join 'LINK' or in a browser.\n"
            )
            lines.append(f"{self.watch_link}\n")
        lines.append(f"\n{self.listening}\nTraffic is not encrypted: beyond a trusted network, carry it over ssh -L.")
        self.query_one("#join-links", Static).update(lines)
        self.query_one("#join-hint", Static).update(self.hint())
        self.show_qr()

    def show_qr(self) -> None:
        caption, link = self.qr_links[self.qr_seat]
        drawn = qr_text(link)
        if drawn is None:
            return
        code = Text(f"{caption} as a QR code:\n", style="bold")
        code.append(drawn, style=QR_STYLE)
        self.query_one("#join-qr", Static).update(code)

    def action_next_qr(self, step: int) -> None:
        if self.shown and len(self.qr_links) > 1:
            self.qr_seat = (self.qr_seat + step) % len(self.qr_links)
            self.show_qr()

    def action_close(self) -> None:
        self.dismiss(None)
