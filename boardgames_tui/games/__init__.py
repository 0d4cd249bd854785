"""The built-in games, one package each; each names its Game record in pyproject.toml's
`boardgames_tui.games` entry points, as a game from outside this repository would."""
