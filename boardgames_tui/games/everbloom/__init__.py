"""Everbloom: six factions bid pollinators for hybrid beings across the wilderness.

Only the content lives here for now (`content.py`, loading `assets/everbloom/`); the
rules and the screen come next, and the game registers itself once they exist.
"""
