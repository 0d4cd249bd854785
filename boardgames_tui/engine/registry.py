"""The games the app knows, keyed by slug.  Nothing outside games/ names a game."""

from __future__ import annotations

from boardgames_tui.engine.contract import GameRules

_GAMES: dict[str, GameRules] = {}
# slug -> "module:Class" of the game's Textual screen, imported only by the UI so that
# headless uses (simulate, tests, bots) never load Textual.
_SCREENS: dict[str, str] = {}


def register(rules: GameRules, screen: str) -> GameRules:
    if rules.slug in _GAMES:
        raise ValueError(f"game {rules.slug!r} is registered twice")
    _GAMES[rules.slug] = rules
    _SCREENS[rules.slug] = screen
    return rules


def screen_path(slug: str) -> str:
    get_game(slug)
    return _SCREENS[slug]


def _load_builtin_games() -> None:
    # Importing the package registers each built-in game exactly once.
    import boardgames_tui.games  # noqa: F401


def all_games() -> list[GameRules]:
    _load_builtin_games()
    return sorted(_GAMES.values(), key=lambda rules: rules.title)


def slugs() -> list[str]:
    return [rules.slug for rules in all_games()]


def get_game(slug: str) -> GameRules:
    _load_builtin_games()
    try:
        return _GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; choose from: {', '.join(slugs())}") from None
