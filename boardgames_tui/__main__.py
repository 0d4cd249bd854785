"""Command line: the menu, `play`, `simulate`, `rules`, `--version`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, NoReturn

from pydantic import ValidationError

from boardgames_tui import __version__
from boardgames_tui.engine.bots import BOT_LEVELS, DEFAULT_BOT_LEVEL
from boardgames_tui.engine.contract import GameRules, Seat
from boardgames_tui.engine.registry import get_game, slugs
from boardgames_tui.engine.text import check_name

if TYPE_CHECKING:
    from boardgames_tui.app import BoardGamesApp

USAGE_ERROR = 2


class CliError(Exception):
    """A wrong game, player count or option: one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(USAGE_ERROR)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="boardgames-tui", description="Hot-seat terminal board games with bots for every seat.")
    parser.add_argument("--version", action="version", version=f"boardgames-tui {__version__}")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = commands.add_parser("play", help="start a game straight away")
    play.add_argument("game", help="one of: " + ", ".join(slugs()))
    play.add_argument(
        "--seat", action="append", default=[], metavar="NAME",
        help="a player's name, or bot / bot:LEVEL for a bot (repeat once per seat)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")

    simulate = commands.add_parser("simulate", help="play bot-only games without a screen")
    simulate.add_argument("game", help="one of: " + ", ".join(slugs()))
    simulate.add_argument("--players", type=int, required=True)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--bots", default=None, metavar="LEVEL,LEVEL…", help="one bot level per seat")
    simulate.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    simulate.add_argument(
        "--swap-seats", action="store_true", help="rotate the bots' seats every game, for fair strength comparisons"
    )
    simulate.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")

    rules = commands.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", help="one of: " + ", ".join(slugs()))

    replay = commands.add_parser("replay", help="watch a finished game again, move by move")
    replay.add_argument("file", help="a record, a shared file (from Records → Export) or a save file")
    replay.add_argument("--game", type=int, default=None, metavar="N", help="which game of a shared file (1, 2, …)")

    records = commands.add_parser("records", help="print your records, or export / import finished games")
    transfer = records.add_mutually_exclusive_group()
    transfer.add_argument("--export", metavar="PATH", help="write every finished game to one shared file at PATH")
    transfer.add_argument("--import", dest="import_file", metavar="FILE", help="add the games of a shared file")
    return parser


def resolve_game(slug: str) -> GameRules:
    try:
        return get_game(slug)
    except KeyError:
        raise CliError(f"unknown game {slug!r}; choose from: {', '.join(slugs())}") from None


def parse_options(rules: GameRules, pairs: list[str]) -> dict[str, object]:
    fields = rules.options_model.model_fields
    accepted = ", ".join(fields) or "none"
    options: dict[str, object] = {}
    for pair in pairs:
        key, separator, value = pair.partition("=")
        if not separator or key not in fields:
            raise CliError(f"unknown option {pair!r} for {rules.slug}; accepted options: {accepted}")
        # A number on the command line is meant as a number ("starting_player=2").
        options[key] = int(value) if value.isdigit() else value
    try:
        rules.parse_options(options)
    except ValidationError as error:
        first = error.errors()[0]
        raise CliError(f"bad option {first['loc'][0]!s}: {first['msg']}") from None
    return options


def parse_seats(rules: GameRules, specs: list[str]) -> list[Seat]:
    seats = []
    for number, spec in enumerate(specs, start=1):
        if spec == "bot" or spec.startswith("bot:"):
            level = spec.partition(":")[2] or DEFAULT_BOT_LEVEL
            if level not in BOT_LEVELS:
                raise CliError(f"unknown bot level {level!r}; choose from: {', '.join(BOT_LEVELS)}")
            seats.append(Seat(name=f"Bot {number}", kind="bot", bot_level=level))
        else:
            if not spec.strip():
                raise CliError("a seat needs a name (or bot)")
            try:
                seats.append(Seat(name=check_name(spec, f"seat {number}'s name")))
            except ValueError as error:
                raise CliError(str(error).rstrip(".")) from None
    names = [seat.name.casefold() for seat in seats]
    if len(set(names)) != len(names):
        raise CliError("two seats have the same name")
    check_count(rules, len(seats))
    return seats


def check_setup(rules: GameRules, options: dict[str, object], seats: list[Seat]) -> None:
    """Options can clash with the number of seats (a starting player who is not there)."""
    try:
        rules.setup(rules.parse_options(options), seats, 0)
    except ValueError as error:
        raise CliError(str(error)) from None


def check_count(rules: GameRules, count: int) -> None:
    if not rules.min_players <= count <= rules.max_players:
        raise CliError(f"{rules.slug} takes {rules.min_players}–{rules.max_players} players, not {count}")


def command_play(args: argparse.Namespace) -> int:
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.ui.setup import StartRequest, parse_seed

    rules = resolve_game(args.game)
    seats = parse_seats(rules, args.seat)
    options = parse_options(rules, args.option)
    check_setup(rules, options, seats)
    seed = args.seed if args.seed is not None else parse_seed("")
    return run_app(BoardGamesApp(start=StartRequest(slug=rules.slug, seats=seats, options=options, seed=seed)))


def run_app(app: BoardGamesApp) -> int:
    """Run the app; its exit status is 1 after a crash, 0 otherwise."""
    app.run()
    return app.return_code or 0


def command_simulate(args: argparse.Namespace) -> int:
    from boardgames_tui.engine.simulate import simulate

    rules = resolve_game(args.game)
    check_count(rules, args.players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    levels = args.bots.split(",") if args.bots else ["random"] * args.players
    if len(levels) != args.players:
        raise CliError(f"--bots names {len(levels)} levels for {args.players} players")
    for level in levels:
        if level not in BOT_LEVELS:
            raise CliError(f"unknown bot level {level!r}; choose from: {', '.join(BOT_LEVELS)}")
    option_values = parse_options(rules, args.option)
    check_setup(rules, option_values, [Seat(name=f"Seat {seat + 1}", kind="bot") for seat in range(args.players)])
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    report = simulate(
        rules, rules.parse_options(option_values), levels, args.games, args.seed, swap_seats=args.swap_seats, jobs=args.jobs
    )
    if args.json:
        print(json.dumps(report.model_dump(mode="json")))
        return 0
    swapped = ", seats rotated every game" if report.swap_seats else ""
    print(
        f"{rules.title}: {report.games} games, {report.players} players, seed {report.seed}, "
        f"bots {', '.join(report.bots)}{swapped}"
    )
    for seat in range(report.players):
        share = 100 * report.wins[seat] / report.games
        print(f"  seat {seat + 1}: {report.wins[seat]:>5} wins ({share:5.1f}%)  average score {report.average_scores[seat]:.2f}")
    for heading, tallies in (("by bot level", report.by_level), ("by role", report.by_role)):
        if len(tallies) < 2:
            continue
        print(f"  {heading} (wins shared on ties; 95% interval):")
        for tally in tallies:
            print(
                f"    {tally.name:<14} {100 * tally.win_rate:5.1f}% of {tally.played:>5} played"
                f"  [{100 * tally.low:5.1f}% – {100 * tally.high:5.1f}%]"
            )
    print(f"  errors: {report.errors}")
    for message in report.error_messages:
        print(f"    {message}")
    print(f"  {report.games_per_second:.1f} games per second")
    return 0 if report.errors == 0 else 1


def command_rules(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    rules = resolve_game(args.game)
    Console().print(Markdown(rules.rules_text()))
    return 0


def command_replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    from boardgames_tui.engine.records import RecordError, load_for_replay

    path = Path(args.file)
    try:
        games = load_for_replay(path)
    except RecordError as error:
        raise CliError(f"{path.name} cannot be replayed: {error.message}") from None
    if args.game is None and len(games) > 1:
        raise CliError(f"{path.name} holds {len(games)} games: choose one with --game 1 to --game {len(games)}")
    number = args.game or 1
    if not 1 <= number <= len(games):
        raise CliError(f"{path.name} holds {len(games)} game(s): --game takes 1 to {len(games)}")
    from boardgames_tui.ui.replay import replay_app

    replay_app(games[number - 1][1]).run()
    return 0


def command_records(args: argparse.Namespace) -> int:
    from pathlib import Path

    from boardgames_tui.engine.records import RecordError, RecordStore, tally, wins_text

    store = RecordStore()
    try:
        if args.import_file:
            path = Path(args.import_file)
            added, known = store.import_file(path)
            print(f"Imported {added} game(s) from {path.name} into {store.directory}" + (f" ({known} already kept)" if known else ""))
            return 0
        if args.export:
            finished = store.records()
            path = store.export(finished, Path(args.export))
            print(f"Exported {len(finished)} game(s) to {path}")
            return 0
    except RecordError as error:
        raise CliError(f"{Path(args.import_file or args.export).name}: {error.message}") from None
    except OSError as error:
        raise CliError(f"cannot write there: {error.strerror or error}") from None
    tallies = tally(store.records())
    if not tallies:
        print(f"No finished games yet (records are kept in {store.directory}).")
        return 0
    print(f"{'Player':<32} {'Game':<16} {'Played':>6} {'Won':>6} {'Best':>5} {'Average':>8}")
    for row in tallies:
        print(f"{row.player:<32} {row.game_title:<16} {row.played:>6} {wins_text(row.won):>6} {row.best:>5} {row.average:>8g}")
    print("A tie shares the win: each of k winners counts 1/k.")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return command_play(args)
        if args.command == "simulate":
            return command_simulate(args)
        if args.command == "rules":
            return command_rules(args)
        if args.command == "replay":
            return command_replay(args)
        if args.command == "records":
            return command_records(args)
    except CliError as error:
        print(f"boardgames-tui: {error}", file=sys.stderr)
        return USAGE_ERROR
    from boardgames_tui.app import BoardGamesApp

    return run_app(BoardGamesApp())


if __name__ == "__main__":
    sys.exit(main())
