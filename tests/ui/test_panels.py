"""The shared text panels' own rules."""

from __future__ import annotations

from pydantic import BaseModel

from boardgames_tui.ui.widgets import TextPanel


class Table(BaseModel):
    cards: list[int]


def test_a_panel_knows_the_inputs_its_text_was_built_from():
    panel = TextPanel()
    table = Table(cards=[1, 2])
    assert not panel.drawn_from(table, "Ann", frozenset({3}))
    assert panel.drawn_from(table, "Ann", frozenset({3}))
    # Another argument, or another state object even with equal fields (a move that
    # changed nothing shown still gets a fresh look), builds the text again.
    assert not panel.drawn_from(table, "Ben", frozenset({3}))
    same_fields = Table(cards=[1, 2])
    assert not panel.drawn_from(same_fields, "Ben", frozenset({3}))
    assert panel.drawn_from(same_fields, "Ben", frozenset({3}))
    panel.forget_inputs()  # the width changed, say
    assert not panel.drawn_from(same_fields, "Ben", frozenset({3}))
