"""Evergreen, with the Cherry Blossoms and Bamboo modules: grow a planet in the sun."""
