"""While a bot plays an absent remote seat (the host handed it over), the others are
told a bot is playing for that seat, not that its player is away: at the host's
screen and on another joined seat's screen."""

from __future__ import annotations

import random
import threading

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.bots import RandomBot
from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games.pollen.screen import PollenScreen
from boardgames_tui.remote.host import RemoteHost
from boardgames_tui.ui.join_links import JoinLinksScreen
from boardgames_tui.ui.setup import StartRequest
from tests.remote.test_hosted_screens import status, until

ANN, BEN, CY = 0, 1, 2


class HeldBot:
    """A stand-in that thinks until the test lets it move: the status is read meanwhile."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.go = threading.Event()
        self.bot = RandomBot(random.Random(1))

    def choose(self, game, view, seat):
        self.thinking.set()
        self.go.wait(30)
        return self.bot.choose(game, view, seat)


async def test_the_others_are_told_a_bot_plays_for_an_absent_seat(tmp_path, monkeypatch: pytest.MonkeyPatch):
    held = HeldBot()
    monkeypatch.setattr(RemoteHost, "_bot_for", lambda host, seat: held)
    start = StartRequest(
        slug="pollen",
        seats=[Seat(name="Ann"), Seat(name="Ben", kind="remote"), Seat(name="Cy", kind="remote")],
        options={"starting_player": 2},
        seed=7,
    )
    host_app = BoardGamesApp(store=SaveStore(tmp_path / "host"), start=start, cursor_blink=False, bot_delay=0, listen=("127.0.0.1", 0))
    try:
        async with host_app.run_test(size=(80, 24)) as host:
            await until(host, lambda: isinstance(host_app.screen, JoinLinksScreen), "the join links shown")
            await host.press("escape")  # the game, without showing the links
            await until(host, lambda: "Ben has not joined yet" in status(host_app), "Ben not joined yet, at the host")
            match = host_app.match
            cy_app = BoardGamesApp(
                store=SaveStore(tmp_path / "cy"), join=host_app.remote_host.link(CY), cursor_blink=False, bot_delay=0
            )
            async with cy_app.run_test(size=(80, 24)) as cy:
                await until(cy, lambda: isinstance(cy_app.screen, PollenScreen), "Cy's game screen")
                await until(cy, lambda: "Ben has not joined yet" in status(cy_app), "Ben not joined yet, on Cy's screen")

                host_app.across.hand_seat(BEN, True)
                await until(host, held.thinking.is_set, "the bot thinking for Ben")
                await until(host, lambda: "A bot is playing for Ben" in status(host_app), "the host told a bot plays")
                await until(cy, lambda: "A bot is playing for Ben" in status(cy_app), "Cy told a bot plays")
                for said in (status(host_app), status(cy_app)):
                    assert "away" not in said and "joined" not in said

                moves = match.moves_made
                held.go.set()
                await until(host, lambda: match.moves_made > moves, "the bot's move for Ben")
                host_app.across.hand_seat(BEN, False)
                await until(cy, lambda: BEN not in cy_app.screen.table.stand_ins(), "Ben's seat handed back, on Cy's screen")
    finally:
        held.go.set()
