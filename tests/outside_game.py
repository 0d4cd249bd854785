"""The game from outside this repository (outside_site/coin_game), installed the way pip
would leave it: its package on the path and a dist-info naming it in the entry-point
group the app reads.  Only while a test asks: every other test sees the games built in."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from boardgames_tui.engine import registry

# Where the outside game's package lives, as if in another project's site-packages.
SITE = Path(__file__).with_name("outside_site")
SLUG = "coin"
ENTRY_POINT = f"{SLUG} = coin_game.game:GAME"


def write_distribution(folder: Path, entry_points: str = ENTRY_POINT) -> None:
    """A dist-info in `folder` (put on the path beside SITE) naming `entry_points` in
    the group the app reads."""
    info = folder / "coin_game-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: coin-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\n{entry_points}\n", encoding="utf-8")


@contextmanager
def installed(folder: Path, entry_points: str = ENTRY_POINT) -> Iterator[None]:
    """The outside game installed (its dist-info written to `folder`), and the registry
    reading the entry points afresh; afterwards, as it was."""
    write_distribution(folder, entry_points)
    added = [str(folder), str(SITE)]
    sys.path[:0] = added
    registry.rediscover()
    try:
        yield
    finally:
        for path in added:
            sys.path.remove(path)
        registry.rediscover()
