"""The contrast of text, measured from the colours the terminal gets.

A frame is read as the terminal would receive it (`full_frame_strips`).  Each cell's
colours are taken from its segment's style: reverse video swaps them, dim blends the
text towards its background as Textual's own filter does, and in a 16-colour terminal
(Rich's "standard" colour system) each colour is first reduced to one of the 16 as Rich
reduces it on the way out.  A terminal draws its default colours and its 16 in shades
of its own: they are taken to be the ones Textual assumes (`terminal_shades`: Textual's
Monokai under a dark theme).  Under NO_COLOR Textual's own filter has turned every
colour grey by the time the frame is read.

The ratio is WCAG 2's: (L1 + 0.05) / (L2 + 0.05) over relative luminances.  A cell
counts when it shows a character other than a space or a line-drawing mark (a border, a
scroll bar, a block): those may be faint; text may not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Literal

from rich.cells import get_character_cell_size
from rich.color import Color, ColorSystem
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from textual.app import App
from textual.color import Color as TextualColor
from textual.constants import DIM_FACTOR

from boardgames_tui.ui.palette import NAMED_COLOURS_ON_DARK
from boardgames_tui.ui.textual_compat import full_frame_strips, terminal_shades

LEAST_CONTRAST = 3.0

# Box drawing and blocks: borders, scroll bars, the halves of a checkbox.
DRAWING = range(0x2500, 0x25A0)

RGB = tuple[int, int, int]
Mode = Literal["full", "16", "none"]


@dataclass(frozen=True)
class Cell:
    x: int
    y: int
    character: str
    foreground: RGB
    background: RGB

    @property
    def ratio(self) -> float:
        return contrast_ratio(self.foreground, self.background)


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    red, green, blue = (_linear(channel) for channel in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: RGB, second: RGB) -> float:
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def on_terminal(color: Color | None, system: ColorSystem, shades: TerminalTheme, *, foreground: bool) -> RGB:
    """The shade a terminal of `system` shows for a colour of a frame."""
    if color is None:
        color = Color.default()
    if system == ColorSystem.STANDARD:
        color = color.downgrade(ColorSystem.STANDARD)
    return tuple(color.get_truecolor(shades, foreground=foreground))  # type: ignore[return-value]


def as_drawn(colour: str, mode: Mode) -> RGB:
    """What a terminal shows for a colour the app names (in a style or an asset) on its
    default dark theme: the 16 named ones in the app's own shades, then made grey as
    Textual does under NO_COLOR, or reduced to one of 16 as Rich does."""
    rgb = tuple(Color.parse(colour).get_truecolor(NAMED_COLOURS_ON_DARK))
    if mode == "none":
        grey = TextualColor(*rgb).monochrome
        return (grey.r, grey.g, grey.b)
    if mode == "16":
        return on_terminal(Color.from_rgb(*rgb), ColorSystem.STANDARD, terminal_shades(), foreground=True)
    return rgb  # type: ignore[return-value]


def _cell_colours(style: Style, system: ColorSystem, shades: TerminalTheme) -> tuple[RGB, RGB]:
    foreground = on_terminal(style.color, system, shades, foreground=True)
    background = on_terminal(style.bgcolor, system, shades, foreground=False)
    if style.reverse:
        foreground, background = background, foreground
    if style.dim:
        foreground = tuple(round(back + (fore - back) * DIM_FACTOR) for fore, back in zip(foreground, background))  # type: ignore[assignment]
    return foreground, background


def text_cells(app: App) -> Iterator[Cell]:
    """Every cell of the frame that shows a character other than a space or a drawing mark."""
    system = ColorSystem.STANDARD if app.console.color_system == "standard" else ColorSystem.TRUECOLOR
    shades = terminal_shades(app.current_theme.dark)
    for y, line in enumerate(full_frame_strips(app)):
        x = 0
        for strip in line:
            for segment in strip:
                if segment.control:
                    continue
                colours = None
                for character in segment.text:
                    if not character.isspace() and ord(character) not in DRAWING:
                        colours = colours or _cell_colours(segment.style or Style(), system, shades)
                        yield Cell(x, y, character, *colours)
                    x += get_character_cell_size(character)


def illegible_cells(app: App) -> list[Cell]:
    return [cell for cell in text_cells(app) if cell.ratio < LEAST_CONTRAST]


def describe(cells: list[Cell]) -> str:
    """The illegible cells, as runs of one colour on a row."""
    runs: list[list[Cell]] = []
    for cell in cells:
        last = runs[-1][-1] if runs else None
        if last is not None and (cell.y, cell.x, cell.foreground) == (last.y, last.x + 1, last.foreground):
            runs[-1].append(cell)
        else:
            runs.append([cell])
    return "\n".join(
        f"  row {run[0].y} col {run[0].x}: {''.join(cell.character for cell in run)!r} "
        f"{run[0].foreground} on {run[0].background} = {run[0].ratio:.2f}"
        for run in runs
    )
