"""The app's colours keep 3:1 wherever the screens put them, not only on the screens the
colour-mode test visits: every colour the app or a game's assets names for text, on
every background the palette names, in full colour, in grey (NO_COLOR) and in 16
colours (tests/ui/contrast.py says how each is measured)."""

from __future__ import annotations

import pytest
from rich.style import Style

from boardgames_tui.games.bloom_kingdom.content import characters
from boardgames_tui.games.everbloom import content as everbloom
from boardgames_tui.games.evergreen.content import biomes as evergreen_biomes
from boardgames_tui.games.evergreen.widgets import PIECE_STYLES
from boardgames_tui.games.pollen.widgets import INSECT_STYLE
from boardgames_tui.ui import palette
from tests.ui.contrast import LEAST_CONTRAST, as_drawn, contrast_ratio

NAMED = [
    "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "bright_red", "bright_green", "bright_yellow", "bright_blue", "bright_magenta", "bright_cyan", "bright_white",
]  # fmt: skip
# The default theme's background and surface, then the backgrounds the palette names.
BACKGROUNDS = ["#121212", "#1E1E1E", *(style.removeprefix("on ") for style in palette.SEAT_BACKGROUNDS)]
BACKGROUNDS.append(palette.MARKED_SPACE.removeprefix("on "))


def text_colours() -> list[str]:
    styles = [*PIECE_STYLES.values(), *INSECT_STYLE]
    colours = {str(Style.parse(style).color.name) for style in styles}
    colours |= {faction.colour for faction in everbloom.factions().values()}
    colours |= {biome.colour for biome in everbloom.biomes()}
    colours |= {biome.colour for biome in evergreen_biomes()}
    colours |= {info.colour for info in characters().values()}
    return sorted(colours | set(NAMED) | set(palette.SEAT_COLOURS) | {"#E0E0E0"})


@pytest.mark.parametrize("mode", ["full", "16", "none"])
def test_every_text_colour_on_every_background(mode):
    faint = [
        f"{colour} on {background}: {ratio:.2f}"
        for colour in text_colours()
        for background in BACKGROUNDS
        if (ratio := contrast_ratio(as_drawn(colour, mode), as_drawn(background, mode))) < LEAST_CONTRAST
    ]
    assert not faint, "\n".join(faint)


def test_the_backgrounds_stay_dark_in_16_colours():
    # In 16 colours the terminal's grey under a red text reads at 1.5:1: a background
    # is drawn as the terminal's black there, and its meaning told another way.
    black = as_drawn("black", "16")
    assert {background: as_drawn(background, "16") for background in BACKGROUNDS[2:]} == dict.fromkeys(BACKGROUNDS[2:], black)


@pytest.mark.parametrize("mode", ["full", "16", "none"])
def test_the_cursor_row_reads_in_every_mode(mode):
    style = Style.parse(palette.CURSOR_ROW)
    assert contrast_ratio(as_drawn(style.color.name, mode), as_drawn(style.bgcolor.name, mode)) >= LEAST_CONTRAST
