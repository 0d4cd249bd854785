"""boardgames-tui: hot-seat terminal client for modern tabletop games."""

__version__ = "0.1.0"
