"""boardgames-tui: hot-seat terminal client for modern tabletop games."""

__version__ = "0.1.0"


def missing_dependency(error: BaseException) -> str | None:
    """What to tell the player when `error` is a dependency missing from their install
    (an editable install, the README's pipx command, keeps the dependencies it was made
    with: a pull that adds one lands here); None for any other error.  The menu starts
    before pydantic and the engine load, so this can happen in the app as well as in
    the command line."""
    if not isinstance(error, ModuleNotFoundError) or (error.name or "").startswith("boardgames_tui"):
        return None
    return (
        f"boardgames-tui: the Python package {error.name!r} is missing: the checkout's dependencies changed "
        "since it was installed. With pipx, run once: pipx run --refresh --editable --spec . boardgames-tui "
        "(with pip: pip install -e .)"
    )
