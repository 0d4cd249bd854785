"""Games are found through the `boardgames_tui.games` entry points of installed
distributions: a game from outside this repository is picked up like the built-in ones."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.simulate import play_bot_game, simulate

COIN_GAME = '''
"""A one-move game that lives outside boardgames-tui."""

from typing import Literal

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import GameRules, GameState, Outcome
from boardgames_tui.engine.parts import Game, GameAdvisor, GameNarrator, GameReference


class Flip(BaseModel):
    kind: Literal["flip"] = "flip"


class CoinState(GameState):
    flipped: bool = False


class CoinRules(GameRules[CoinState]):
    slug = "coin"
    title = "Coin"
    min_players = 1
    max_players = 2
    state_model = CoinState
    action_adapter = TypeAdapter(Flip)

    def setup(self, options, seats, seed):
        return CoinState(game=self.slug, seats=seats, seed=seed)

    def to_act(self, state):
        return [] if state.flipped else [0]

    def is_over(self, state):
        return state.flipped

    def legal_actions(self, state, seat):
        return [] if state.flipped else [Flip()]

    def validate(self, state, seat, action):
        return None

    def apply(self, state, seat, action):
        after = state.model_copy(update={"flipped": True, "log": list(state.log)})
        after.say(self.log_line(state, seat, action))
        return after

    def view(self, state, seat):
        return state

    def outcome(self, state) -> Outcome:
        return Outcome(totals=(1,) + (0,) * (len(state.seats) - 1), winners=(0,))

    def log_line(self, state, seat, action):
        return f"{state.name(seat)} flipped the coin."


class CoinNarrator(GameNarrator[CoinState]):
    def progress(self, state):
        return "Flipped" if state.flipped else "Not flipped yet"


class CoinAdvisor(GameAdvisor[CoinState]):
    def determinize(self, view, seat, rng):
        return view


RULES = CoinRules()
GAME = Game(
    rules=RULES,
    narrator=CoinNarrator(RULES),
    advisor=CoinAdvisor(RULES),
    reference=GameReference(RULES),
    screen="coin_game.screen:CoinScreen",
    tagline="1–2 players · flip a coin",
)
NOT_A_GAME = RULES
'''


def install(site: Path, entry_points: str) -> None:
    """`coin_game` as pip would leave it in site-packages: the module, and a dist-info
    whose entry_points.txt names it in the group the app reads."""
    (site / "coin_game.py").write_text(COIN_GAME, encoding="utf-8")
    info = site / "coin_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: coin-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\n{entry_points}\n", encoding="utf-8")


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch):
    """The registry as at start-up: nothing found yet."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_discovered", False)
    yield
    sys.modules.pop("coin_game", None)


def test_an_installed_game_from_elsewhere_is_found_beside_the_built_in_ones(tmp_path, monkeypatch, fresh_registry):
    install(tmp_path, "coin = coin_game:GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    coin = registry.get_game("coin")
    assert isinstance(coin, Game) and coin.title == "Coin"
    assert registry.slugs() == ["bloom-kingdom", "coin", "everbloom", "evergreen", "pollen"]
    assert registry.get_game("coin").screen == "coin_game.screen:CoinScreen"
    # The engine plays it like any game: bots, rules and outcome through its parts.
    report = simulate(coin, coin.rules.parse_options({}), ["random", "easy"], games=2, seed=1)
    assert report.errors == 0 and report.wins == [2.0, 0.0]
    # A game that tells no more than its outcome gets a plain score sheet of it.
    final, _ = play_bot_game(coin, coin.rules.parse_options({}), ["random", "random"], seed=1)
    sheet = coin.rules.score_sheet(final)
    assert (sheet.totals, sheet.winners, sheet.decided_by) == ([1, 0], [0], "most points")
    assert [row.values for row in sheet.rows] == [[1, 0]]


def test_the_built_in_games_are_found_through_the_same_entry_points(fresh_registry):
    assert registry.slugs() == ["bloom-kingdom", "everbloom", "evergreen", "pollen"]
    for game in registry.all_games():
        assert type(game.rules).__module__.startswith(f"boardgames_tui.games.{game.slug.replace('-', '_')}.")


def test_an_entry_point_that_names_no_game_is_refused_in_words(tmp_path, monkeypatch, fresh_registry):
    install(tmp_path, "coin = coin_game:NOT_A_GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match=r"the entry point 'coin' \(coin_game:NOT_A_GAME\) names no Game"):
        registry.all_games()


def test_an_entry_point_named_for_another_slug_is_refused(tmp_path, monkeypatch, fresh_registry):
    install(tmp_path, "heads = coin_game:GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=r"names the game 'coin'"):
        registry.all_games()


def test_an_install_older_than_the_entry_points_is_told_how_to_refresh(capsys, monkeypatch, fresh_registry):
    from boardgames_tui.__main__ import main

    # An editable install made before the games were entry points lists none of them.
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    with pytest.raises(registry.NoGamesInstalled):
        registry.all_games()
    assert main(["rules", "pollen"]) == 1
    err = capsys.readouterr().err
    assert "no game is installed" in err and "pipx run --refresh --editable --spec ." in err
