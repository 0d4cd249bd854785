"""The command line: every way in, and every wrong input refused with status 2."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from boardgames_tui import __version__
from boardgames_tui.__main__ import main
from tests.ui.test_install import launched_by_pipx_run


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert __version__ in out


def test_simulate_text_report(capsys):
    code, out, _ = run(capsys, "simulate", "bloom-kingdom", "--players", "3", "--games", "20", "--seed", "4")
    assert code == 0
    assert "seat 3" in out
    assert "errors: 0" in out
    assert "games per second" in out


def test_simulate_json_is_repeatable(capsys):
    args = ("simulate", "bloom-kingdom", "--players", "4", "--games", "30", "--seed", "9", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    first = json.loads(out)
    for key in ("game", "players", "games", "seed", "wins", "average_scores", "errors", "games_per_second"):
        assert key in first
    assert first["game"] == "bloom-kingdom"
    assert len(first["wins"]) == 4
    assert len(first["average_scores"]) == 4
    assert first["errors"] == 0
    # A tie shares its win between the winners: the wins add up to the games.
    assert sum(first["wins"]) == pytest.approx(30, abs=0.01)
    _, again, _ = run(capsys, *args)
    second = json.loads(again)
    for key in ("wins", "average_scores", "errors"):
        assert first[key] == second[key]


def test_simulate_bots_option(capsys):
    code, out, _ = run(capsys, "simulate", "bloom-kingdom", "--players", "2", "--games", "5", "--bots", "random,random", "--json")
    assert code == 0
    assert json.loads(out)["bots"] == ["random", "random"]


def test_simulate_repeatable_is_reported(capsys):
    code, out, _ = run(
        capsys, "simulate", "bloom-kingdom", "--players", "2", "--games", "2", "--bots", "easy,random", "--repeatable"
    )
    assert code == 0 and "bots untimed (repeatable)" in out


def test_simulate_reports_levels_with_intervals(capsys):
    code, out, _ = run(
        capsys, "simulate", "bloom-kingdom", "--players", "2", "--games", "4", "--bots", "easy,random", "--swap-seats"
    )
    assert code == 0
    assert "seats rotated every game" in out
    assert "by bot level" in out and "95% interval" in out
    assert "easy" in out and "random" in out
    # Each level's lead over the other seat, in points: two seats' margins cancel out.
    margins = [float(found) for found in re.findall(r"margin ([+-][0-9.]+)", out)]
    assert len(margins) == 2 and sum(margins) == pytest.approx(0, abs=0.02)


def test_a_bot_seat_is_normal_unless_a_level_is_named():
    from boardgames_tui.__main__ import parse_seats
    from boardgames_tui.engine.registry import get_game

    seats = parse_seats(get_game("pollen").rules, ["Ann", "bot", "bot:hard", "bot:easy"])
    assert [seat.bot_level for seat in seats[1:]] == ["normal", "hard", "easy"]
    assert not seats[0].is_bot


@pytest.mark.parametrize(
    ("seat", "expected"),
    [("remote:", "Seat 2 needs a name"), ("remote:Ben", "start the game with host, not play")],
)
def test_play_has_no_remote_seat(capsys, monkeypatch, seat: str, expected: str):
    import boardgames_tui.__main__ as cli

    started = []
    monkeypatch.setattr(cli, "run_app", lambda app, **_: started.append(app) or 0)
    code, out, err = run(capsys, "play", "pollen", "--seat", "Ann", "--seat", seat)
    assert (code, out, started) == (2, "", [])
    assert expected in err and len(err.strip().splitlines()) == 1


def test_rules_prints_our_rules(capsys):
    code, out, _ = run(capsys, "rules", "bloom-kingdom")
    assert code == 0
    assert "Bloom Kingdom" in out
    assert "Jester" in out


@pytest.mark.parametrize(
    "argv, expected",
    [
        (("simulate", "chess", "--players", "2"), "bloom-kingdom"),
        (("rules", "chess"), "bloom-kingdom"),
        (("play", "chess", "--seat", "A", "--seat", "B"), "bloom-kingdom"),
        (("simulate", "bloom-kingdom", "--players", "5"), "2–4"),
        (("play", "bloom-kingdom", "--seat", "Ann"), "2–4"),
        (("simulate", "bloom-kingdom", "--players", "2", "--bots", "random,genius"), "random"),
        (("simulate", "bloom-kingdom", "--players", "2", "--bots", "random"), "2 players"),
        (("simulate", "bloom-kingdom", "--players", "2", "--option", "speed=fast"), "accepted options: none"),
        (("play", "bloom-kingdom", "--seat", "Ann", "--seat", "ann"), "same name"),
        (("play", "bloom-kingdom", "--seat", "Ann", "--seat", "\u3164"), "nothing visible"),
        (("frobnicate",), "invalid choice"),
        (("simulate", "bloom-kingdom", "--players", "2", "--jobs", "0"), "--jobs"),
        (("simulate", "bloom-kingdom", "--players", "2", "--jobs", "9999"), "the cores of this machine"),
        (("play", "pollen"), "--seat NAME"),
        (("play", "pollen", "--seat", ""), "--seat NAME"),
        (("simulate", "pollen", "--players", "1"), "--players 2"),
        (("play", "pollen", "--seat", "A", "--seat", "B", "--option", "starting_player"), "--option starting_player=VALUE"),
        (("play", "pollen", "--seat", "A", "--seat", "B", "--option", "speed=2"), "KEY=VALUE"),
        (("play", "bloom-kingdom", "--seat", "Ann", "--seat", "bot:genius"), "easy, normal, hard"),
        (("simulate", "pollen", "--players", "2", "--option", "starting_player=3"), "only 2 players"),
        (("simulate", "pollen", "--players", "2", "--option", "starting_player=first"), "starting_player"),
    ],
)
def test_wrong_input_exits_2_with_one_line(capsys, argv, expected):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert expected in lines[0]


def test_simulate_every_registered_game(capsys):
    from boardgames_tui.engine.registry import all_games

    for game in all_games():
        code, out, _ = run(capsys, "simulate", game.slug, "--players", str(game.rules.max_players), "--games", "3", "--json")
        assert code == 0, game.slug
        assert json.loads(out)["errors"] == 0


def test_help_lists_every_game_and_examples(capsys):
    from boardgames_tui.engine.registry import all_games

    code, out, _ = run(capsys, "--help")
    assert code == 0
    for game in all_games():
        assert game.slug in out and game.title in out
    assert "examples:" in out and "boardgames-tui play " in out and "boardgames-tui serve" in out


def test_an_option_without_a_value_is_not_called_unknown(capsys):
    code, _, err = run(capsys, "play", "pollen", "--seat", "A", "--seat", "B", "--option", "starting_player")
    assert code == 2
    assert "unknown" not in err and "starting_player=VALUE" in err and "random, 1, 2" in err


def test_simulate_shares_tied_wins_in_both_outputs(capsys, monkeypatch):
    from boardgames_tui.engine.registry import get_game

    # Every game a two-way tie: each seat gets half a win per game, in both outputs.
    rules_class = type(get_game("bloom-kingdom").rules)
    real_outcome = rules_class.outcome
    monkeypatch.setattr(rules_class, "outcome", lambda self, state: replace(real_outcome(self, state), winners=(0, 1)))
    code, out, _ = run(capsys, "simulate", "bloom-kingdom", "--players", "2", "--games", "5", "--json")
    assert code == 0
    assert json.loads(out)["wins"] == [2.5, 2.5]
    code, out, _ = run(capsys, "simulate", "bloom-kingdom", "--players", "2", "--games", "5")
    assert code == 0
    assert "seat 1:     2.5 wins ( 50.0%)" in out and "seat 2:     2.5 wins ( 50.0%)" in out


def test_serve_without_the_web_extra_says_how_to_get_it(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(sys.modules, "boardgames_tui.web", raising=False)
    launched_by_pipx_run(monkeypatch)
    code, _, err = run(capsys, "serve")
    assert code == 2
    assert "serve needs the web extra" in err and "run: pipx run --editable --spec '.[web]' boardgames-tui serve" in err


def test_a_dependency_missing_after_a_pull_names_the_refresh(capsys, monkeypatch):
    import sys

    import boardgames_tui
    import boardgames_tui.app
    import boardgames_tui.settings

    # Importing the two modules again below rebinds them on the package as well as in
    # sys.modules; both are put back, or a later test's monkeypatch of
    # "boardgames_tui.app.replay_app" patches the package's stray copy while the code
    # imports the original (a replay test then ran the real app and hung its worker).
    monkeypatch.setattr(boardgames_tui, "app", boardgames_tui.app)
    monkeypatch.setattr(boardgames_tui, "settings", boardgames_tui.settings)
    monkeypatch.setitem(sys.modules, "pydantic_settings", None)
    monkeypatch.delitem(sys.modules, "boardgames_tui.settings", raising=False)
    monkeypatch.delitem(sys.modules, "boardgames_tui.app", raising=False)
    launched_by_pipx_run(monkeypatch)
    code, _, err = run(capsys)
    assert code == 1
    assert "'pydantic_settings' is missing" in err and "pipx run --refresh --editable --spec ." in err


def test_host_and_join_start_the_app_with_the_table_they_name(monkeypatch):
    """`host` reads its seats against the game's rules (it met an AttributeError once the
    games became records of parts); `join` takes its link, or the environment's."""
    import boardgames_tui.__main__ as cli

    started = []
    monkeypatch.setattr(cli, "run_app", lambda app, **_: started.append(app) or 0)
    monkeypatch.setattr(cli, "check_can_listen", lambda host, port: None)  # 8470 may be in use here
    assert main(["host", "bloom-kingdom", "--seat", "Ann", "--seat", "remote:Ben", "--seat", "bot", "--listen", "127.0.0.1:8470"]) == 0
    request = started[-1].start_request
    assert [(seat.name, seat.kind) for seat in request.seats][:2] == [("Ann", "human"), ("Ben", "remote")]
    link = "http://127.0.0.1:8470/seat/2#" + "s" * 32
    assert main(["join", link]) == 0
    assert str(started[-1].join_link) == link and not started[-1].seat_only
    monkeypatch.setenv("BOARDGAMES_TUI_JOIN_LINK", link)
    assert main(["join", "--seat-only"]) == 0
    assert str(started[-1].join_link) == link and started[-1].seat_only


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_help_describes_every_option_and_each_game_s_options(capsys, command):
    """`--players`, `--games` and `--seed` had no description, and a game's --option
    names showed only in an error."""
    import argparse

    from boardgames_tui.__main__ import build_parser
    from boardgames_tui.engine.contract import option_choices
    from boardgames_tui.engine.registry import all_games

    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    for action in commands.choices[command]._actions:
        assert action.help, f"{command} {action.option_strings or action.dest} has no description"
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    help_text = " ".join(out.split())
    for game in all_games():
        for name, field in game.rules.options_model.model_fields.items():
            assert f"{name} " in help_text
            for choice in option_choices(field.annotation) or []:
                assert str(choice) in help_text
    assert "no options" in help_text  # Bloom Kingdom
