"""The built-in games; importing this package registers each of them."""

from boardgames_tui.games import bloom_kingdom, everbloom, evergreen, pollen  # noqa: F401
