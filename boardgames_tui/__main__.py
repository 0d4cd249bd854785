"""Command line: the menu, `play`, `host`, `join`, `simulate`, `rules`, `serve`, `--version`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from boardgames_tui import NoGamesInstalled, __version__, missing_dependency
from boardgames_tui.engine.text import clean_text, plural, repeated_name

# The engine (pydantic models, bots) and the games are imported by the commands that
# use them, never here: the menu's first frame needs none of them
# (tests/ui/test_startup.py).
if TYPE_CHECKING:
    from textual.app import App

    from boardgames_tui.engine.contract import Seat
    from boardgames_tui.engine.parts import Game, Rules

USAGE_ERROR = 2
# Before any command: the app in ASCII (boardgames_tui/ui/plain.py).
PLAIN_OPTION = "--plain"


class CliError(Exception):
    """A wrong game, player count or option: one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(USAGE_ERROR)


EXAMPLES = """\
examples:
  boardgames-tui                                   the menu: new game, continue, rules, settings
  boardgames-tui play bloom-kingdom --seat Ann --seat bot --seat bot:hard --seed 42
  boardgames-tui play pollen --seat Ann --seat Ben --option starting_player=2
  boardgames-tui simulate pollen --players 2 --games 200 --bots normal,random --swap-seats
  boardgames-tui rules evergreen
  boardgames-tui serve                              the same app in a browser on this machine
  boardgames-tui serve --host 0.0.0.0               ... or on a tablet on your network (prints a secret URL)
  boardgames-tui host bloom-kingdom --seat Ann --seat remote:Ben --seat bot   Ben joins from his own terminal
  boardgames-tui join                              ... and Ben pastes the link the host shows when asked
"""


def games_list() -> str:
    from boardgames_tui.engine.registry import all_games

    lines = [f"  {game.slug:<15} {game.title} ({players_range(game.rules)} players)" for game in all_games()]
    return "games:\n" + "\n".join(lines)


def options_list() -> str:
    """Every game's --option names with their values, for `play` and `simulate` --help."""
    from boardgames_tui.engine.registry import all_games

    lines = []
    for game in all_games():
        rules = game.rules
        fields = rules.options_model.model_fields
        if not fields:
            lines.append(f"  {rules.slug}: no options")
            continue
        lines.append(f"  {rules.slug}:")
        for name, field in fields.items():
            about = field.description or name.replace("_", " ").capitalize()
            lines.append(f"    {name}  {about}{option_values_hint(rules, name)}; default {field.default}")
    return "game options (--option KEY=VALUE, once per option):\n" + "\n".join(lines)


def players_range(rules: Rules) -> str:
    return str(rules.min_players) if rules.min_players == rules.max_players else f"{rules.min_players}–{rules.max_players}"


def build_parser() -> argparse.ArgumentParser:
    from boardgames_tui.engine.bots import BOT_LEVELS
    from boardgames_tui.engine.registry import slugs
    from boardgames_tui.remote.wire import JOIN_LINK_ENV

    parser = _Parser(
        prog="boardgames-tui",
        description="Hot-seat terminal board games with bots for every seat. Without a command, opens the menu.",
        epilog=games_list() + "\n\n" + EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"boardgames-tui {__version__}")
    parser.add_argument(
        PLAIN_OPTION, action="store_true",
        help="draw in ASCII only (borders, marks and symbols), for a terminal that cannot show more; "
        "on by itself where the locale is not UTF-8 (LANG=C)",
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    # The parser is built only for a command or --help (never for the plain menu), so
    # listing every game's options here loads the games only when they are needed.
    play = commands.add_parser(
        "play", help="start a game straight away", epilog=options_list(), formatter_class=argparse.RawDescriptionHelpFormatter
    )
    play.add_argument("game", help="one of: " + ", ".join(slugs()))
    play.add_argument(
        "--seat", action="append", default=[], metavar="NAME",
        help=f"a player's name, or bot / bot:LEVEL for a bot (levels: {', '.join(BOT_LEVELS)}); once per seat",
    )
    play.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (listed below)")

    simulate = commands.add_parser(
        "simulate",
        help="play bot-only games without a screen",
        epilog=options_list(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.add_argument("game", help="one of: " + ", ".join(slugs()))
    simulate.add_argument(
        "--players", type=int, required=True, metavar="N", help="how many seats, all bots (each game's range: boardgames-tui --help)"
    )
    simulate.add_argument("--games", type=int, default=100, metavar="N", help="how many games to play (default 100)")
    simulate.add_argument(
        "--seed", type=int, default=1, help="seed of the whole run: the same seed plays the same games again (default 1)"
    )
    simulate.add_argument(
        "--bots",
        default=None,
        metavar="LEVEL,LEVEL…",
        help=f"one bot level per seat, comma-separated; levels: {', '.join(BOT_LEVELS)} (default: random in every seat)",
    )
    simulate.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (listed below)")
    simulate.add_argument(
        "--swap-seats", action="store_true", help="rotate the bots' seats every game, for fair strength comparisons"
    )
    simulate.add_argument(
        "--jobs", type=int, default=1, help=f"games played at once, one process each (at most {cores()}, the cores here)"
    )
    simulate.add_argument(
        "--repeatable",
        action="store_true",
        help="bots spend their whole search budget, with no time ceiling: slower, but the same seed "
        "gives the same result on any machine, busy or not (for balance measurements)",
    )
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

    serve = commands.add_parser(
        "serve",
        help="play in a web browser (a tablet passed around the table); needs the web extra",
        description="Serves the app to web browsers: every page opened starts the menu. Needs the web extra "
        "(from a checkout: pipx run --editable --spec '.[web]' boardgames-tui serve). "
        "Listens on this machine only unless --host says otherwise; "
        "then the printed URL carries a secret token, and requests without it are refused.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--token", action="store_true", help="require the secret token even on this machine (other users of it can reach 127.0.0.1)"
    )
    host = commands.add_parser(
        "host",
        help="host a game that players join from other terminals",
        description="Starts a game whose remote:NAME seats are played from other terminals: each gets a join link "
        "(shown at the start, and again from the command palette: Join links), and anyone may watch the table "
        "with its watch link (the public view: no hand, no play; palette: Watch link). Traffic is not encrypted: beyond a "
        "trusted network, carry it over ssh -L.",
    )
    host.add_argument("game", help="one of: " + ", ".join(slugs()))
    host.add_argument(
        "--seat", action="append", default=[], metavar="NAME",
        help="a player at this keyboard, remote:NAME for a player on another machine, or bot / bot:LEVEL; once per seat",
    )
    host.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    host.add_argument(
        "--listen", default="127.0.0.1:8470", metavar="HOST:PORT",
        help="where to listen (default 127.0.0.1:8470, this machine only; 0.0.0.0:8470 for your network)",
    )
    join = commands.add_parser(
        "join", help="play your seat of a game hosted elsewhere, or watch it",
        description="Joins a hosted game with the link its host gave you (a watch link: to watch it). Run it without the link: it asks for "
        "the link and does not show it as you paste it (or reads it from standard input, join < link.txt, or from "
        f"{JOIN_LINK_ENV}). The link holds your seat's secret, and a command line can be read by every user of the "
        "machine and stays in your shell's history.",
    )
    join.add_argument(
        "link", nargs="?", default=None,
        help="the whole link, like 'http://HOST:PORT/seat/2#SECRET' or 'http://HOST:PORT/watch#SECRET' "
        "(keep the quotes: it holds a #); "
        "best left out, to be asked for",
    )
    join.add_argument("--seat-only", action="store_true", help=argparse.SUPPRESS)  # a browser seat (remote/browser.py)
    return parser


def parse_listen(text: str) -> tuple[str, int]:
    host, colon, port = text.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise CliError(f"--listen takes HOST:PORT, like 127.0.0.1:8470 or 0.0.0.0:8470, not {text!r}")
    return host, int(port)


def check_can_listen(host: str, port: int) -> None:
    """The table's links hold its port: one that is taken is said before the game
    starts, never swapped for another."""
    import asyncio

    from boardgames_tui.addresses import cannot_host

    async def probe() -> None:
        server = await asyncio.get_running_loop().create_server(asyncio.Protocol, host, port)
        server.close()
        await server.wait_closed()

    try:
        asyncio.run(probe())
    except OSError as error:
        raise CliError(cannot_host(host, port, error, resuming=False)) from None


def check_table_dependencies() -> None:
    """aiohttp (the table's connections) and segno (a link's QR code) come with the app;
    an environment made before they did lacks them, and `main` names the command that
    brings them (`missing_dependency`) before any screen opens."""
    import aiohttp  # noqa: F401
    import segno  # noqa: F401


def command_host(args: argparse.Namespace) -> int:
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.ui.setup import StartRequest, parse_seed

    check_table_dependencies()
    rules = resolve_game(args.game).rules
    seats = parse_seats(rules, args.seat)
    if not any(seat.is_remote for seat in seats):
        raise CliError("a hosted game needs a remote seat: write --seat remote:NAME for a player on another machine")
    options = parse_options(rules, args.option)
    check_setup(rules, options, seats)
    listen = parse_listen(args.listen)
    check_can_listen(*listen)
    seed = args.seed if args.seed is not None else parse_seed("")
    request = StartRequest(slug=rules.slug, seats=seats, options=options, seed=seed)
    return run_app(BoardGamesApp(start=request, listen=listen), plain=args.plain)


def command_join(args: argparse.Namespace) -> int:
    from boardgames_tui.app import BoardGamesApp

    check_table_dependencies()
    from boardgames_tui.remote.wire import JoinLink

    text = join_link_text(args.link)
    try:
        link = JoinLink.parse(text)
    except ValueError as error:
        raise CliError(str(error)) from None
    return run_app(BoardGamesApp(join=link, seat_only=args.seat_only), plain=args.plain)


# A link is under a hundred characters; a line longer than this is not one.
LONGEST_LINK_LINE = 4096
JOIN_PROMPT = "Paste the join link the host gave you (it is not shown) and press Enter: "


def join_link_text(given: str | None) -> str:
    """The join link's text, kept off the command line unless it was `given` there: from
    the environment (a browser seat's process is given it so, remote/browser.py), from
    standard input when that is not a terminal, else asked for without echoing it."""
    from boardgames_tui.remote.wire import JOIN_LINK_ENV

    if given is not None:
        return given
    text = os.environ.get(JOIN_LINK_ENV)
    if not text:
        if not sys.stdin.isatty():
            text = sys.stdin.readline(LONGEST_LINK_LINE)
            keys_from_the_terminal()
        else:
            import getpass

            try:
                text = getpass.getpass(JOIN_PROMPT)
            except (EOFError, KeyboardInterrupt):
                print(file=sys.stderr)
                text = ""
    # Pasted as the examples write it on a command line, quotes and all.
    text = text.strip().strip("'\"")
    if not text:
        raise CliError(f"join needs the link the host gave you: paste it when asked, or set {JOIN_LINK_ENV}")
    return text


def keys_from_the_terminal() -> None:
    """The link came down a pipe: the game's keys come from the terminal, which becomes
    standard input (the app reads its keys there)."""
    try:
        terminal = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        raise CliError("the link came on standard input, but there is no terminal to play in") from None
    os.dup2(terminal, sys.stdin.fileno())
    os.close(terminal)


def cores() -> int:
    return os.cpu_count() or 1


def resolve_game(slug: str) -> Game:
    from boardgames_tui.engine.registry import get_game, slugs

    try:
        return get_game(slug)
    except KeyError:
        raise CliError(f"unknown game {slug!r}; choose from: {', '.join(slugs())}") from None


def parse_options(rules: Rules, pairs: list[str]) -> dict[str, object]:
    from pydantic import ValidationError

    fields = rules.options_model.model_fields
    accepted = ", ".join(fields) or "none"
    options: dict[str, object] = {}
    for pair in pairs:
        key, separator, value = pair.partition("=")
        key = key.strip()
        if key not in fields:
            raise CliError(f"unknown option {key!r} for {rules.slug}; accepted options: {accepted} (written KEY=VALUE)")
        if not separator or not value.strip():
            raise CliError(f"option {key!r} needs a value: write --option {key}=VALUE{option_values_hint(rules, key)}")
        value = value.strip()
        # A number on the command line is meant as a number ("starting_player=2").
        options[key] = int(value) if value.isdigit() else value
    try:
        rules.parse_options(options)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else "?"
        # A list of allowed values is already in pydantic's message.
        hint = "" if first["type"] == "literal_error" else option_values_hint(rules, key)
        raise CliError(f"bad option {key}: {first['msg']}{hint}") from None
    return options


def option_values_hint(rules: Rules, key: str) -> str:
    """"; one of: a, b" for an option with a fixed list of values, else ""."""
    from boardgames_tui.engine.contract import option_choices

    field = rules.options_model.model_fields.get(key)
    if field is None:
        return ""
    if field.annotation is bool:
        return " (true or false)"
    choices = option_choices(field.annotation)
    return f" (one of: {', '.join(str(choice) for choice in choices)})" if choices else ""


def parse_seats(rules: Rules, specs: list[str]) -> list[Seat]:
    from boardgames_tui.engine.seats import SeatRefused, parse_seat

    seats = []
    for number, spec in enumerate(specs, start=1):
        try:
            seats.append(parse_seat(spec, number))
        except SeatRefused as refusal:
            raise CliError(f"{str(refusal).rstrip('.')} (write --seat NAME, or --seat bot or bot:LEVEL for a bot)") from None
    if repeated_name([seat.name for seat in seats]) is not None:
        raise CliError("two seats have the same name; give each --seat a different one")
    check_count(rules, len(seats), "give one --seat NAME (or --seat bot) per player, e.g. --seat Ann --seat bot")
    return seats


def check_setup(rules: Rules, options: dict[str, object], seats: list[Seat]) -> None:
    """Options can clash with the number of seats (a starting player who is not there)."""
    try:
        rules.setup(rules.parse_options(options), seats, 0)
    except ValueError as error:
        raise CliError(f"{str(error).rstrip('.')}: change the --option or the seats") from None


def check_count(rules: Rules, count: int, fix: str) -> None:
    if not rules.min_players <= count <= rules.max_players:
        raise CliError(f"{rules.slug} takes {players_range(rules)} players, not {count}: {fix}")


def command_play(args: argparse.Namespace) -> int:
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.ui.setup import StartRequest, parse_seed

    rules = resolve_game(args.game).rules
    seats = parse_seats(rules, args.seat)
    if any(seat.is_remote for seat in seats):
        raise CliError("a remote seat is played from another machine: start the game with host, not play")
    options = parse_options(rules, args.option)
    check_setup(rules, options, seats)
    seed = args.seed if args.seed is not None else parse_seed("")
    return run_app(BoardGamesApp(start=StartRequest(slug=rules.slug, seats=seats, options=options, seed=seed)), plain=args.plain)


def run_app(app: App[Any], *, plain: bool = False) -> int:
    """Run the app (the menu, a game or a replay); its exit status is 1 after a crash, 0 otherwise.
    In ASCII when asked (`plain`) or where the terminal's locale is not UTF-8; never
    into a terminal that cannot take a full screen."""
    from boardgames_tui.terminal import full_screen_refusal, takes_unicode

    refusal = full_screen_refusal()
    if refusal is not None:
        raise CliError(refusal)
    if plain or not takes_unicode():
        app.require_plain_characters()  # type: ignore[attr-defined]
    app.run()
    return app.return_code or 0


def command_simulate(args: argparse.Namespace) -> int:
    from boardgames_tui.engine.bots import BOT_LEVELS
    from boardgames_tui.engine.contract import Seat
    from boardgames_tui.engine.simulate import simulate

    game = resolve_game(args.game)
    rules = game.rules
    check_count(rules, args.players, f"write --players {rules.min_players} up to --players {rules.max_players}")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    levels = [level.strip() for level in args.bots.split(",")] if args.bots else ["random"] * args.players
    if len(levels) != args.players:
        raise CliError(f"--bots names {len(levels)} levels for {args.players} players: give one level per player, comma-separated")
    for level in levels:
        if level not in BOT_LEVELS:
            raise CliError(f"unknown bot level {level!r} in --bots; choose from: {', '.join(BOT_LEVELS)}")
    option_values = parse_options(rules, args.option)
    check_setup(rules, option_values, [Seat(name=f"Seat {seat + 1}", kind="bot") for seat in range(args.players)])
    if not 1 <= args.jobs <= cores():
        raise CliError(f"--jobs must be between 1 and {cores()} (the cores of this machine), not {args.jobs}")
    report = simulate(
        game, rules.parse_options(option_values), levels, args.games, args.seed, swap_seats=args.swap_seats, jobs=args.jobs,
        repeatable=args.repeatable,
    )
    if args.json:
        print(json.dumps(report.model_dump(mode="json")))
        return 0
    swapped = ", seats rotated every game" if report.swap_seats else ""
    swapped += ", bots untimed (repeatable)" if report.repeatable else ""
    print(
        f"{rules.title}: {report.games} games, {report.players} players, seed {report.seed}, "
        f"bots {', '.join(report.bots)}{swapped}"
    )
    played = max(report.games - report.errors, 1)
    print("  wins by seat (a tie shares its win between the winners):")
    for seat in range(report.players):
        share = 100 * report.wins[seat] / played
        print(f"  seat {seat + 1}: {report.wins[seat]:>7g} wins ({share:5.1f}%)  average score {report.average_scores[seat]:.2f}")
    for heading, tallies in (("by bot level", report.by_level), ("by role", report.by_role)):
        if len(tallies) < 2:
            continue
        print(f"  {heading} (wins shared on ties; 95% interval; points ahead of the others' average):")
        for tally in tallies:
            print(
                f"    {tally.name:<14} {100 * tally.win_rate:5.1f}% of {tally.played:>5} played"
                f"  [{100 * tally.low:5.1f}% – {100 * tally.high:5.1f}%]  margin {tally.average_margin:+6.2f}"
            )
    print(f"  errors: {report.errors}")
    for message in report.error_messages:
        print(f"    {message}")
    print(f"  {report.games_per_second:.1f} games per second")
    return 0 if report.errors == 0 else 1


def command_serve(args: argparse.Namespace) -> int:
    try:
        from boardgames_tui.web import serve
    except ImportError as error:
        from boardgames_tui.install import command_with_extra

        raise CliError(
            f"serve needs the web extra ({error.name or 'textual-serve'} is missing); run: {command_with_extra('web', 'serve')}"
        ) from None
    if not 1 <= args.port <= 65535:
        raise CliError(f"--port must be between 1 and 65535, not {args.port}")
    try:
        return serve(host=args.host, port=args.port, force_token=args.token)
    except OSError as error:
        raise CliError(
            f"cannot listen on {args.host}:{args.port} ({error.strerror or error}): choose another --port or --host"
        ) from None


def command_rules(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(resolve_game(args.game).reference.rules_text()))
    return 0


def command_replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    from boardgames_tui.engine.records import RecordError, load_for_replay

    path = Path(args.file)
    name = clean_text(path.name)
    try:
        games = load_for_replay(path, ProgressLine(f"Checking the games in {name}"))
    except RecordError as error:
        raise CliError(f"{name} cannot be replayed: {error.message}") from None
    if args.game is None and len(games) > 1:
        raise CliError(f"{name} holds {len(games)} games: choose one with --game 1 to --game {len(games)}")
    number = args.game or 1
    if not 1 <= number <= len(games):
        raise CliError(f"{name} holds {plural(len(games), 'game')}: --game takes 1 to {len(games)}")
    from boardgames_tui.app import replay_app

    return run_app(replay_app(games[number - 1][1]), plain=args.plain)


def command_records(args: argparse.Namespace) -> int:
    from pathlib import Path

    from boardgames_tui.engine.records import RecordError, RecordStore, points_text, tally, wins_text

    store = RecordStore()
    try:
        if args.import_file:
            path = Path(args.import_file)
            added, known = store.import_file(path, ProgressLine(f"Checking the games in {clean_text(path.name)}"))
            kept = f" ({known} already kept)" if known else ""
            print(f"Imported {plural(added, 'game')} from {clean_text(path.name)} into {clean_text(str(store.directory))}{kept}")
            return 0
        if args.export:
            finished = store.records()
            path = store.export(finished, Path(args.export))
            print(f"Exported {len(finished)} game(s) to {clean_text(str(path))}")
            return 0
    except RecordError as error:
        raise CliError(f"{clean_text(Path(args.import_file or args.export).name)}: {error.message}") from None
    except OSError as error:
        raise CliError(f"cannot write there: {error.strerror or error}") from None
    tallies = tally(store.records())
    if not tallies:
        print(f"No finished games yet (records are kept in {clean_text(str(store.directory))}).")
        return 0
    print(f"{'Player':<32} {'Game':<16} {'Played':>6} {'Won':>6} {'Best':>5} {'Average':>8}")
    for row in tallies:
        print(f"{row.player:<32} {row.game_title:<16} {row.played:>6} {wins_text(row.won):>6} {points_text(row.best):>5} {points_text(row.average):>8}")
    print("A tie shares the win: each of k winners counts 1/k.")
    print("Best and Average are points; a game the most points does not win (Pollen) shows —.")
    return 0


class ProgressLine:
    """How far a long check has gone, rewritten in place on a terminal's stderr (and
    kept quiet when stderr is a file or a pipe); at most ten times a second."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.shown_at = 0.0
        self.on_terminal = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        import time

        if not self.on_terminal or (done < total and time.monotonic() - self.shown_at < 0.1):
            return
        self.shown_at = time.monotonic()
        end = "\n" if done == total else ""
        print(f"\r{self.what}: {done} of {total}…", end=end, file=sys.stderr, flush=True)


MISSING_DEPENDENCY = 1


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(argv)
    except (ModuleNotFoundError, NoGamesInstalled) as error:
        message = missing_dependency(error)
        if message is None:
            raise
        print(message, file=sys.stderr)
        return MISSING_DEPENDENCY


def _run(argv: list[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    try:
        if not [argument for argument in arguments if argument != PLAIN_OPTION]:
            # The menu: straight to its first frame (the parser lists every game in its
            # help, which would load them all first).
            from boardgames_tui.app import BoardGamesApp

            return run_app(BoardGamesApp(), plain=bool(arguments))
    except CliError as error:
        print(f"boardgames-tui: {error}", file=sys.stderr)
        return USAGE_ERROR
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
        if args.command == "serve":
            return command_serve(args)
        if args.command == "host":
            return command_host(args)
        if args.command == "join":
            return command_join(args)
        from boardgames_tui.app import BoardGamesApp

        return run_app(BoardGamesApp(), plain=args.plain)
    except CliError as error:
        print(f"boardgames-tui: {error}", file=sys.stderr)
        return USAGE_ERROR


if __name__ == "__main__":
    sys.exit(main())
