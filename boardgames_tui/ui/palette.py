"""The app's colours, chosen to stay legible wherever it runs.

A terminal may show every colour, only 16 (Rich gives each colour the nearest of
them, and the terminal draws those in its own shades), or none (NO_COLOR: Textual
turns every colour into its grey, by luma).  Every text cell keeps at least 3:1
against its background in all three (tests/ui/test_palette.py and the colour-mode
snapshots measure it), and no colour is ever the only sign of anything: a seat also
has its symbol, an insect, a biome or a faction its letter or name, a cursor its
marker (▶), a space a move reaches its underline or "+".

What that asks of a colour here: text is light and backgrounds are dark, so that
the greys keep them apart, and a background is dark enough that Rich gives it the
terminal's black in 16 colours (a grey one there, under a red text, reads at 1.5:1).
A cursor's row is the exception, dark text on a light bar.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Literal

from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment, Segments
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from textual.reactive import Reactive

from boardgames_tui.ui.textual_compat import full_frame_strips, terminal_shades

if TYPE_CHECKING:
    from textual.app import App

# The 16 colours the app and its assets name ("red", a biome's "bright_blue", …), as
# the app draws them on a dark theme.  Textual's own shades (Monokai) draw red and
# magenta in one deep pink that greys to 1.7:1 on the screen's background; these keep
# 4.5:1 or more on it and on the darkest panels, in colour and in grey, and each is
# one that Rich sends to a 16-colour terminal as a colour of its own name (the greens
# also when dimmed: a dim green went to the terminal's grey, at 2.7:1).
NAMED_COLOURS_ON_DARK = TerminalTheme(
    (12, 12, 12),
    (217, 217, 217),
    [
        (26, 26, 26),  # black
        (255, 118, 112),  # red
        (144, 224, 36),  # green
        (253, 175, 31),  # yellow
        (131, 150, 255),  # blue
        (240, 143, 224),  # magenta
        (88, 209, 235),  # cyan
        (196, 197, 181),  # white
    ],
    [
        (138, 138, 128),  # bright black
        (255, 144, 150),  # bright red
        (172, 240, 104),  # bright green
        (224, 213, 97),  # bright yellow
        (136, 146, 255),  # bright blue
        (255, 168, 240),  # bright magenta
        (142, 232, 248),  # bright cyan
        (246, 246, 239),  # bright white
    ],
)

# The seats' colours: Okabe and Ito's palette for colour-blind readers (orange, sky
# blue, reddish purple, yellow), each with its own symbol, so colour is never needed.
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#CC79A7", "#F0E442")
SEAT_SYMBOLS = ("▲", "●", "■", "◆")
# A seat's cards on a shared board (Pollen's garden): a dark shade of the seat's
# colour, which 16 colours draw as the terminal's black.
SEAT_BACKGROUNDS = ("on #3a2a10", "on #10283a", "on #3a1a30", "on #302d0c")

# A space the move in hand can reach or reaches: a dark green, under which every
# colour the app names for text keeps 3:1, in grey too.  16 colours draw it as the terminal's black, so each game
# marks those spaces another way as well (Pollen's "+", an underline elsewhere).
MARKED_SPACE = "on #16321e"

# The row under a cursor (a list's ▶): dark text on a light bar, which stays apart
# from the dark screen in every terminal (a grey bar under coloured text did not, in
# grey or in 16 colours).
CURSOR_ROW = "black on bright_white"

ColourMode = Literal["full", "16", "none"]


def colour_mode(app: App) -> ColourMode:
    """How many colours the terminal shows: all of them, 16, or none (NO_COLOR)."""
    if app.no_color:
        return "none"
    return "16" if app.console.color_system == "standard" else "full"


# Textual's theme colours that a 16-colour terminal draws too faint.  Rich gives a
# panel's grey (the footer, the inspector, a lesson) the terminal's grey, where the
# accent's red read at 1.5:1: the accent becomes a yellow.  A half-bright text (an
# unchosen tab, a field's hint) fell to that grey too, at 2.7:1 on black: brighter
# text keeps it white.  The white text of a highlighted row or a coloured button sat
# on a light cyan or green: black there.
SIXTEEN_COLOUR_VARIABLES = {
    "accent": "#FFD75F",
    "warning": "#FFD75F",
    "footer-key-foreground": "#FFD75F",
    "foreground": "#FFFFFF",
    "text-disabled": "auto 60%",
    "block-cursor-foreground": "#000000",
    "block-cursor-blurred-foreground": "#000000",
    "button-color-foreground": "#000000",
}


def legible_variables(variables: dict[str, str], mode: ColourMode) -> dict[str, str]:
    """The theme's CSS variables, with those that would be illegible in `mode` replaced,
    and the app's own: `dialog-scrim`, what a dialog lays over the screen under it, a
    shade of the background; none in 16 colours, where Rich reduces each shaded colour
    on its own and some text behind a dialog took its background's colour, nor under a
    theme of the terminal's own colours (as Textual does for those)."""
    background = variables["background"]
    scrim = "transparent" if mode == "16" or background.startswith("ansi") else f"{background} 60%"
    variables = {**variables, "dialog-scrim": scrim}
    if mode == "16":
        return {**variables, **SIXTEEN_COLOUR_VARIABLES}
    return variables


def in_sixteen_colours(style: Style) -> Style:
    """`style` with each colour the one of the 16 that Rich sends in its place."""
    color = style.color.downgrade(ColorSystem.STANDARD) if style.color is not None else None
    bgcolor = style.bgcolor.downgrade(ColorSystem.STANDARD) if style.bgcolor is not None else None
    return style + Style.from_color(color, bgcolor)


def sixteen_colour_screenshot(app: App, title: str) -> str:
    """An SVG of the screen as a 16-colour terminal shows it, in the shades Textual
    takes such a terminal to have (Textual's own screenshot keeps every colour whole)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    segments: list[Segment] = []
    for line in full_frame_strips(app):
        for strip in line:
            for segment in strip:
                if segment.control:
                    continue
                segments.append(Segment(segment.text, in_sixteen_colours(segment.style or Style())))
        segments.append(Segment.line())
    console.print(Segments(segments[:-1]), end="")
    return console.export_svg(title=title, theme=terminal_shades(app.current_theme.dark))


class LegibleColours:
    """The App's part of the palette (mixed into the App)."""

    # How Textual draws the named colours under a dark theme: the app's own shades.
    ansi_theme_dark = Reactive(NAMED_COLOURS_ON_DARK, init=False)

    def get_css_variables(self) -> dict[str, str]:
        """The theme's colours, with those a terminal of fewer colours would draw
        illegibly replaced."""
        return legible_variables(super().get_css_variables(), colour_mode(self))  # type: ignore[misc,arg-type]

    def export_screenshot(self, *, title: str | None = None, simplify: bool = False) -> str:
        """In a 16-colour terminal, a picture of those 16 colours (Textual draws them whole)."""
        app: Any = self
        if colour_mode(app) == "16":
            return sixteen_colour_screenshot(app, title or app.title)
        return super().export_screenshot(title=title, simplify=simplify)  # type: ignore[misc]
