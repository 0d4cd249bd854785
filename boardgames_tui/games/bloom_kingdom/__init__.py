"""Bloom Kingdom: play a card in secret each turn, keep two to score, three rounds."""
