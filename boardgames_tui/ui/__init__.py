"""Game-agnostic Textual screens and widgets."""
