"""Start-up: the menu's first frame needs Textual and the menu, nothing heavier.

pydantic (and pydantic-settings), the engine and the games take about as long to
import as a bare Textual app takes to draw its first frame; they load when first
needed (a game, a save, the settings) or just after that frame."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter: this test process has imported everything already.
PROBE = r"""
import asyncio, json, sys

def heavy():
    return sorted(
        name for name in sys.modules
        if name.split(".")[0] in ("pydantic", "pydantic_core", "pydantic_settings")
        or name.startswith(("boardgames_tui.games", "boardgames_tui.settings"))
        or (name.startswith("boardgames_tui.engine.") and name != "boardgames_tui.engine.text")
    )

import boardgames_tui.__main__
from boardgames_tui.app import BoardGamesApp

found = {"imported": heavy()}

first_frame_done = getattr(BoardGamesApp, "on_ready", lambda app: None)

def on_ready(self):
    found["first frame"] = heavy()
    first_frame_done(self)

BoardGamesApp.on_ready = on_ready

async def run():
    app = BoardGamesApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        found["menu"] = type(app.screen).__name__
        found["theme"] = app.theme

asyncio.run(run())
print(json.dumps(found))
"""


def test_the_menus_first_frame_imports_no_engine_games_settings_or_pydantic(isolated_config_dir):
    (isolated_config_dir / "settings.toml").write_text('theme = "nord"\n')
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, env=environment, timeout=120, check=True
    )
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["imported"] == [], "the entry point and the app import: " + ", ".join(found["imported"])
    assert found["first frame"] == [], "the menu's first frame needed: " + ", ".join(found["first frame"])
    # The settings still apply, right after that frame.
    assert found["menu"] == "MenuScreen" and found["theme"] == "nord"
