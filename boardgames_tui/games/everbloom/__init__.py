"""Everbloom: send pollinators into the wilderness, win hybrid beings, gather nectar."""
