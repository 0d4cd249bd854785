"""Coin: a small game that lives outside boardgames-tui, as another project's package
would, and brings all of its parts: rules, narrator, advisor (with its hint budget),
reference (its rules.md and lessons.json, read from this package), and a screen with
its CSS.  Installed for the tests that need it (tests/outside_game.py)."""
