"""The games the app knows, keyed by slug.  Nothing outside games/ names a game.

Games are found the way pytest and Flake8 find their plugins: each installed
distribution names its `Game` records in the `boardgames_tui.games` entry-point group
(`[project.entry-points."boardgames_tui.games"]` in its pyproject.toml).  The built-in
games are listed there like any other; this module imports none of them.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from boardgames_tui import NoGamesInstalled
from boardgames_tui.engine.parts import Game

ENTRY_POINT_GROUP = "boardgames_tui.games"

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    if game.slug in _GAMES:
        raise ValueError(f"game {game.slug!r} is registered twice")
    _GAMES[game.slug] = game
    return game


def _discover() -> None:
    """Load every game named in the entry-point group, once."""
    global _discovered
    if _discovered:
        return
    found = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name)
    for point in found:
        game = point.load()
        if not isinstance(game, Game):
            raise TypeError(f"the entry point {point.name!r} ({point.value}) names no Game")
        if game.slug != point.name:
            raise ValueError(f"the entry point {point.name!r} ({point.value}) names the game {game.slug!r}")
        if game.slug in _GAMES and _GAMES[game.slug] is game:
            continue  # the same distribution seen twice on the path
        register(game)
    if not _GAMES:
        raise NoGamesInstalled(f"no game is installed in the {ENTRY_POINT_GROUP!r} entry points")
    _discovered = True


def rediscover() -> None:
    """Forget the games found so far: the next question reads the entry points again
    (a process that installs or removes a game while it runs: the tests do)."""
    global _discovered
    _GAMES.clear()
    _discovered = False


def all_games() -> list[Game]:
    _discover()
    return sorted(_GAMES.values(), key=lambda game: game.title)


def slugs() -> list[str]:
    return [game.slug for game in all_games()]


def get_game(slug: str) -> Game:
    _discover()
    try:
        return _GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; choose from: {', '.join(slugs())}") from None
