"""A hosted table lives as long as its game is open at the host: Save & quit closes the
port at once and tells the joined seats, and no move is taken after it; Continue opens
the table again on the port its save keeps (the links hold it), and a taken port is said
in words, never swapped.  The host's Players panel shows who is here, who is away since
when and whom a bot plays for, and the host is told who came and went."""

from __future__ import annotations

import asyncio
import socket
from contextlib import suppress

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.games.pollen.widgets import StandingsPanel
from boardgames_tui.remote.client import RemoteSeat
from boardgames_tui.remote.wire import JoinLink
from boardgames_tui.ui.confirm import ConfirmScreen
from boardgames_tui.ui.join_links import JoinLinksScreen
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.setup import StartRequest
from tests.remote.seats import finished_hosted_match, hosted_match
from tests.remote.test_hosted_screens import status, until
from tests.ui.conftest import screen_text

ANN, BEN = 0, 1


@pytest.fixture(autouse=True)
def no_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDGAMES_TUI_TEACH_AS_I_PLAY", "false")


def hosting_app(tmp_path, **options) -> BoardGamesApp:
    """Ann at the keyboard, Ben on another machine; Ben plays first."""
    start = StartRequest(
        slug="pollen", seats=[Seat(name="Ann"), Seat(name="Ben", kind="remote")], options={"starting_player": 2}, seed=7
    )
    return BoardGamesApp(
        store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0), **options
    )


def told(app: BoardGamesApp) -> list[str]:
    """Every notice the app shows from now on."""
    notices: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (notices.append(str(message)), notify(message, **options))[1]  # type: ignore[method-assign]
    return notices


async def refused(port: int) -> bool:
    try:
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return True
    writer.close()
    return False


def ben_in_the_players_panel(app: BoardGamesApp) -> str:
    """The lines under Ben's row of the host's standings, where a remote seat's presence shows."""
    panel = app.screen.query_one(StandingsPanel)
    lines = str(panel._shown or "").splitlines()
    row = next((index for index, line in enumerate(lines) if "Ben" in line), len(lines))
    return " / ".join(line.strip() for line in lines[row + 1 :] if line.startswith("   "))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_save_and_quit_closes_the_port_at_once_tells_the_joiner_and_takes_no_move_after(tmp_path):
    app = hosting_app(tmp_path)
    async with app.run_test(size=(80, 24)) as host:
        await until(host, lambda: isinstance(app.screen, JoinLinksScreen), "the join links offered")
        await host.press("escape")
        await until(host, lambda: isinstance(app.screen, PollenScreen), "the game")
        match, port = app.match, app.remote_host.port
        ben = RemoteSeat(app.remote_host.link(BEN), rejoin_delays=())
        await ben.join()
        try:
            assert BEN in ben.update.to_act
            await host.press("q")
            await until(host, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            assert "The table pauses: those who joined are told" in str(app.screen.question)
            await host.press("y")
            # Closed as the key is taken, before anything is awaited.
            assert await refused(port)
            assert isinstance(app.screen, MenuScreen) and app.remote_host is None
            moves, saved = len(match.moves), match.save_path.read_bytes()
            with suppress(Exception):
                await ben.act(match.rules.legal_actions(match.rules.view(match.state, BEN), BEN)[0])
            await until(host, lambda: ben.closed_reason is not None, "Ben's connection closed")
            assert ben.closed_reason == "The host has paused the table; your link works again when it resumes."
            await host.pause(0.2)
            assert len(match.moves) == moves and match.save_path.read_bytes() == saved
        finally:
            await ben.close()


async def test_continue_listens_on_the_saved_port_and_says_in_words_when_it_is_taken(tmp_path):
    store = SaveStore(tmp_path)
    match = hosted_match("pollen", remote=[BEN], players=2, store=store)
    rules = match.rules
    while not any(move.stand_in for move in match.moves):  # a bot played for Ben while he was away
        seat = rules.to_act(match.state)[0]
        match.submit(seat, rules.legal_actions(rules.view(match.state, seat), seat)[0], stand_in=seat == BEN)
    port = free_port()
    match.listen = ("127.0.0.1", port)  # where the table listened before its host quit
    match.autosave()
    link = JoinLink(host="127.0.0.1", port=port, seat=BEN, secret=match.remote_secrets[BEN])
    app = BoardGamesApp(store=store, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    async with app.run_test(size=(80, 24)) as pilot:
        notices = told(app)
        errors: list[str] = []
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", port))
            taken.listen()
            app.resume(match.save_path, errors.append)
            await until(pilot, lambda: notices, "a notice")
            assert app.remote_host is None and isinstance(app.screen, MenuScreen)
            assert f"Port {port} on 127.0.0.1 is taken" in notices[-1] and "choose Continue again" in notices[-1]

        app.resume(match.save_path, errors.append)
        await until(pilot, lambda: isinstance(app.screen, JoinLinksScreen), "the table open again")
        assert app.remote_host.port == port and not errors
        # The log still says which of Ben's moves a bot made.
        assert "Ben is away: a bot plays this move for Ben." in [entry.text for entry in app.match.state.log]
        ben = RemoteSeat(link)  # the link Ben was given before
        await ben.join()
        await ben.close()


def test_host_on_a_taken_port_says_so_and_what_to_do(capsys, monkeypatch):
    import boardgames_tui.__main__ as cli

    monkeypatch.setattr(cli, "run_app", lambda app: pytest.fail("the app started on another port"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = cli.main(["host", "pollen", "--seat", "Ann", "--seat", "remote:Ben", "--listen", f"127.0.0.1:{port}"])
    assert code == 2
    err = capsys.readouterr().err
    assert f"Port {port} on 127.0.0.1 is taken" in err and f"--listen 127.0.0.1:{port + 1}" in err


async def test_the_players_panel_shows_who_is_here_away_and_played_by_a_bot(tmp_path):
    app = hosting_app(tmp_path)
    async with app.run_test(size=(120, 40)) as host:
        notices = told(app)
        await until(host, lambda: isinstance(app.screen, JoinLinksScreen), "the join links offered")
        await host.press("escape")
        await until(host, lambda: ben_in_the_players_panel(app) == "not here yet", "Ben not joined yet, at the host")
        # Waited for, and what the host can do meanwhile, until he joins.
        assert status(app) == "Ben has not joined yet. A bot can play the seat meanwhile: Ctrl+P, then Hand Ben's seat to a bot."
        commands = lambda: [command.title for command in app.across.commands()]  # noqa: E731
        ben = RemoteSeat(app.remote_host.link(BEN), rejoin_delays=())
        await ben.join()
        await until(host, lambda: "Ben joined the table." in notices, "the host told Ben joined")
        await until(host, lambda: ben_in_the_players_panel(app) == "here", "Ben here")
        assert "Hand Ben's seat to a bot" not in commands()

        await ben.close()
        await until(host, lambda: "away since" in ben_in_the_players_panel(app), "Ben away")
        assert "Ctrl+P, then Hand Ben's seat to a bot" in notices[-1]
        assert "Hand Ben's seat to a bot" in commands()
        match = app.match
        app.across.hand_seat(BEN, True)
        await until(host, lambda: "/ a bot plays meanwhile" in ben_in_the_players_panel(app), "a bot playing for Ben")
        await until(host, lambda: any(move.stand_in for move in match.moves), "the bot's move for Ben")
        assert "Ben is away: a bot plays this move for Ben." in [entry.text for entry in match.state.log]

        ben = RemoteSeat(app.remote_host.link(BEN), rejoin_delays=())
        await ben.join()
        await until(host, lambda: ben_in_the_players_panel(app) == "back, a bot still plays", "Ben back, the bot still playing")
        assert "back, a bot still plays" in screen_text(app)  # on screen, not only in the panel's text
        assert "Ben is back, and a bot still plays the seat" in notices[-1] and "Take back Ben's seat" in notices[-1]
        app.across.hand_seat(BEN, False)
        assert notices[-1] == "Ben plays the seat again."
        await ben.close()


async def test_play_again_hosts_the_new_game_where_the_last_one_listened(tmp_path):
    match = finished_hosted_match("pollen", remote=[BEN])
    port = free_port()
    match.listen = ("127.0.0.1", port)
    # This app was told nothing of that port: it would host anywhere else.
    app = BoardGamesApp(store=SaveStore(tmp_path), cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_score_sheet(match)
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, JoinLinksScreen), "the new game's table open")
        assert app.match is not match and app.remote_host.port == port and app.match.listen == ("127.0.0.1", port)


async def test_q_on_the_curtain_of_a_hosted_game_says_the_table_pauses(tmp_path):
    """Ann and Cy share the host's keyboard, Ben is remote: q on the pass-the-keyboard
    curtain puts the game screen's own question, and No leaves the table as it was."""
    from boardgames_tui.ui.curtain import CurtainScreen

    start = StartRequest(
        slug="pollen", seats=[Seat(name="Ann"), Seat(name="Ben", kind="remote"), Seat(name="Cy")], options={"starting_player": 1}, seed=7
    )
    app = BoardGamesApp(store=SaveStore(tmp_path), start=start, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    async with app.run_test(size=(120, 40)) as host:
        await until(host, lambda: isinstance(app.screen, JoinLinksScreen), "the join links offered")
        await host.press("escape")
        await until(host, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain")
        curtain = app.screen
        await host.press("q")
        await until(host, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "The table pauses" in str(app.screen.question)
        await host.press("n")
        await until(host, lambda: app.screen is curtain, "back on the curtain")
        assert "Not done: the game goes on." in screen_text(app)
        assert app.remote_host is not None and app.remote_host.port
