"""SVG snapshots of a replay: Bloom Kingdom in round 1, from Anna's point of view and with everything revealed."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.app import replay_app
from tests.engine.test_records import finished_match

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((200, 60), id="200x60"),
]


@pytest.mark.parametrize("size", SIZES)
def test_replay(snap_compare, tmp_path, size):
    app = replay_app(finished_match(4), store=SaveStore(tmp_path), cursor_blink=False)
    assert snap_compare(app, press=["right", "right", "right", "right", "v"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES[:2])
def test_replay_everything_revealed(snap_compare, tmp_path, size):
    """The same step with every hand listed over the public board (three seats: v four times)."""
    app = replay_app(finished_match(4), store=SaveStore(tmp_path), cursor_blink=False)
    assert snap_compare(app, press=["right", "right", "right", "right", "v", "v", "v", "v"], terminal_size=size)
