"""The in-app rules are our own words: no run of eight words from a rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgames_tui.engine.registry import all_games

RULEBOOKS = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"
SOURCES = {
    "bloom-kingdom": ["bloom-kingdom.txt"],
    "pollen": ["pollen.txt"],
    "evergreen": ["evergreen.txt", "evergreen-cherry-blossoms-and-bamboo.txt"],
    "everbloom": ["everbloom.txt"],
}
RUN = 8


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_rules_text_is_in_our_own_words(game):
    if not RULEBOOKS.is_dir():
        pytest.skip("the rulebooks live in ../shared, beside a developer's checkout")
    ours = words(game.reference.rules_text())
    theirs = " " + " ".join(" ".join(words((RULEBOOKS / name).read_text())) for name in SOURCES[game.slug]) + " "
    copied = {" ".join(ours[start : start + RUN]) for start in range(len(ours) - RUN + 1)}
    copied = {run for run in copied if f" {run} " in theirs}
    assert not copied, f"{game.slug}: runs of {RUN} words taken from the rulebook: {sorted(copied)[:5]}"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_rules_text_explains_the_keys(game):
    text = game.reference.rules_text()
    assert text.startswith(f"# {game.title}")
    assert "boardgames-tui" in text
    assert "`u`" in text and "F1" in text
