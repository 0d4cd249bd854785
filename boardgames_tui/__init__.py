"""boardgames-tui: hot-seat terminal client for modern tabletop games."""

__version__ = "0.2.0"


class NoGamesInstalled(LookupError):
    """Not one game in the `boardgames_tui.games` entry points: the installed metadata
    predates them (an editable install made before a pull), or the package runs
    without being installed (engine/registry.py raises it)."""


def missing_dependency(error: BaseException) -> str | None:
    """What to tell the player when `error` is a dependency missing from their install
    (an editable install, the README's pipx command, keeps the dependencies it was made
    with: a pull that adds one lands here); None for any other error.  The menu starts
    before pydantic and the engine load, so this can happen in the app as well as in
    the command line."""
    if isinstance(error, NoGamesInstalled):
        return (
            "boardgames-tui: no game is installed: the checkout's package metadata is older than its games. "
            "With pipx, run once: pipx run --refresh --editable --spec . boardgames-tui (with pip: pip install -e .)"
        )
    if not isinstance(error, ModuleNotFoundError) or (error.name or "").startswith("boardgames_tui"):
        return None
    return (
        f"boardgames-tui: the Python package {error.name!r} is missing: the checkout's dependencies changed "
        "since it was installed. With pipx, run once: pipx run --refresh --editable --spec . boardgames-tui "
        "(with pip: pip install -e .)"
    )
