"""Game-agnostic engine: the rules contract, matches, saves, bots and the registry."""
