"""Pollen: plant garden cards around pollinator tokens and win the insects they draw."""
