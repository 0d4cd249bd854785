"""Games are found through the `boardgames_tui.games` entry points of installed
distributions: a game from outside this repository is picked up like the built-in ones."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.bots import HINT_BUDGET, hint_budget
from boardgames_tui.engine.lessons import lesson_book
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.simulate import play_bot_game, simulate

from ..outside_game import installed
from tests.ui.test_install import launched_by_pipx_run


@pytest.fixture
def fresh_registry():
    """The registry as at start-up: nothing found yet; afterwards, found afresh."""
    registry.rediscover()
    yield
    registry.rediscover()


def test_an_installed_game_from_elsewhere_is_found_beside_the_built_in_ones(tmp_path):
    with installed(tmp_path):
        coin = registry.get_game("coin")
        assert isinstance(coin, Game) and coin.title == "Coin"
        assert registry.slugs() == ["bloom-kingdom", "coin", "everbloom", "evergreen", "pollen"]
        assert registry.get_game("coin").screen == "coin_game.screen:CoinScreen"
        # The engine plays it like any game: bots, rules and score sheet through its parts.
        report = simulate(coin, coin.rules.parse_options({}), ["random", "easy"], games=4, seed=1)
        assert report.errors == 0 and sum(report.wins) == 4
        # A game that tells no more than its outcome gets a plain score sheet of it.
        final, _ = play_bot_game(coin, coin.rules.parse_options({}), ["random", "random"], seed=1)
        outcome, sheet = coin.rules.outcome(final), coin.rules.score_sheet(final)
        assert (sheet.totals, sheet.winners) == (list(outcome.totals), list(outcome.winners))
        assert [row.values for row in sheet.rows] == [list(outcome.totals)]
    assert "coin" not in registry.slugs(), "uninstalled, it is gone again"


def test_a_game_from_elsewhere_brings_its_own_parts(tmp_path):
    """Its rules text and lessons from its own package (importlib.resources), and its
    hint budget from its advisor."""
    with installed(tmp_path):
        coin = registry.get_game("coin")
        assert coin.reference.rules_text().startswith("# Coin\n")
        book = lesson_book("coin")
        assert book is not None and [lesson.id for lesson in book.lessons] == ["toss-or-keep"]
        assert hint_budget(coin).iterations == round(HINT_BUDGET.iterations * 0.1)


def test_the_built_in_games_are_found_through_the_same_entry_points(fresh_registry):
    assert registry.slugs() == ["bloom-kingdom", "everbloom", "evergreen", "pollen"]
    for game in registry.all_games():
        assert type(game.rules).__module__.startswith(f"boardgames_tui.games.{game.slug.replace('-', '_')}.")


def test_an_entry_point_that_names_no_game_is_refused_in_words(tmp_path):
    with installed(tmp_path, "coin = coin_game.game:RULES"):
        with pytest.raises(TypeError, match=r"the entry point 'coin' \(coin_game.game:RULES\) names no Game"):
            registry.all_games()


def test_an_entry_point_named_for_another_slug_is_refused(tmp_path):
    with installed(tmp_path, "heads = coin_game.game:GAME"):
        with pytest.raises(ValueError, match=r"names the game 'coin'"):
            registry.all_games()


def test_an_install_older_than_the_entry_points_is_told_how_to_refresh(capsys, monkeypatch, fresh_registry):
    from boardgames_tui.__main__ import main

    # An editable install made before the games were entry points lists none of them.
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    with pytest.raises(registry.NoGamesInstalled):
        registry.all_games()
    launched_by_pipx_run(monkeypatch)
    assert main(["rules", "pollen"]) == 1
    err = capsys.readouterr().err
    assert "no game is installed" in err and "pipx run --refresh --editable --spec ." in err
