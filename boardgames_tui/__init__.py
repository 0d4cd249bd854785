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
            "boardgames-tui: no game is installed: this copy's package metadata is older than its games; "
            f"run once: {_refresh_command()}"
        )
    if not isinstance(error, ModuleNotFoundError) or (error.name or "").startswith("boardgames_tui"):
        return None
    return (
        f"boardgames-tui: the Python package {error.name!r} is missing: this copy's dependencies changed "
        f"since it was installed; run once: {_refresh_command()}"
    )


def _refresh_command() -> str:
    """The command that installs this copy again, for the way it was installed (pipx or pip)."""
    from boardgames_tui.install import command_to_refresh

    return command_to_refresh()
