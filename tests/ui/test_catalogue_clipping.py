"""The rules viewer at 80×24, 120×40 and 200×60: no tab cuts its text."""

from __future__ import annotations

import pytest
from textual.widgets import Static, TabbedContent

from boardgames_tui.engine.registry import get_game
from boardgames_tui.ui.rules_viewer import RulesScreen

from .clipping import clipped_widgets
from .test_scoresheet import words

GAMES = ["bloom-kingdom", "everbloom", "evergreen", "pollen"]
# The narrowest and the widest: text that wraps whole at both wraps whole between them
# (the panels only grow with the window).
SIZES = [(80, 24), (200, 60)]


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_no_tab_of_the_rules_viewer_is_clipped(app_factory, slug, size):
    app = app_factory()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen(get_game(slug)))
        await pilot.pause()
        screen = app.screen
        reference = get_game(slug).reference
        catalogue = " ".join(
            " ".join((section.title, section.about, *(" ".join((entry.title, *entry.lines)) for entry in section.entries)))
            for section in reference.catalogue()
        )
        # Each area's name heads its entries once.
        areas = " ".join(dict.fromkeys(entry.where for entry in reference.legend()))
        legend = areas + " " + " ".join(f"{entry.symbol} {entry.meaning}" for entry in reference.legend())
        sources = {"catalogue-text": catalogue, "legend-text": legend}
        for tab, text_id in (("rules", None), ("components", "catalogue-text"), ("legend", "legend-text")):
            screen.action_show_tab(tab)
            await pilot.pause()
            assert screen.query_one(TabbedContent).active == f"{tab}-tab"
            assert not clipped_widgets(screen), (tab, clipped_widgets(screen))
            if text_id is None:
                continue
            panel = screen.query_one(f"#{text_id}", Static)
            # The text wraps to its panel's width: every line fits and every word is there.
            lines = [strip.text for strip in panel.render_lines(panel.region.reset_offset)]
            assert all(len(line.rstrip()) <= panel.region.width for line in lines)
            assert panel.virtual_size.width <= panel.region.width
            missing = words(sources[text_id]) - words("\n".join(lines))
            assert not missing, (tab, dict(missing))
