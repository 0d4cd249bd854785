"""A browser seat: a hosted game's join link opened in a real headless Chromium (Debian's
`chromium`, driven by Playwright) gives that seat's game screen, through textual-serve
on the host's own port.  The browser sees only its seat's view, its move reaches the
host's table, and the page, a wrong secret and another site's page let nothing in.

The host runs in this test's process, on an event loop of its own thread; the seat's
app is `boardgames-tui join --seat-only`, started by the host for the browser.
"""

from __future__ import annotations

import time
import urllib.request
from typing import Iterator

import pytest

from boardgames_tui.remote.host import RemoteHost
from tests.remote.seats import BOT_PACE, HostThread, hosted_match
from tests.web.test_serve import CHROMIUM, CHROMIUM_ARGS, Terminal, _missing, refused_status

pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))

ANN, BEN = 0, 1


@pytest.fixture
def hosting() -> Iterator[HostThread]:
    # Ann is the host's bot; Ben plays from a browser.
    hosted = HostThread(RemoteHost(hosted_match("bloom-kingdom", remote=[BEN], players=2), rate=BOT_PACE))
    yield hosted
    hosted.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


def until(condition, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def test_a_browser_joins_as_its_seat_sees_its_own_view_and_moves(browser, hosting: HostThread):
    from boardgames_tui.games.bloom_kingdom.rules import card_label

    host, match = hosting.host, hosting.host.match
    link = str(host.link(BEN))
    state = match.state
    ben_cards = [card_label(card) for card in state.players[BEN].hand]
    # The display is empty at the start: Ann's cards are hers alone.  Those with an
    # initiative ("Knight 17") are named on no other card; a column is named "Queen".
    assert not any(state.display.values())
    anns_secret_cards = [
        label for label in map(card_label, state.players[ANN].hand) if label not in ben_cards and label[-1].isdigit()
    ]
    assert anns_secret_cards

    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    terminal = Terminal(page)
    page.goto(link)
    terminal.wait_for("Ben", "Your hand", *ben_cards[:2], timeout=90)
    until(lambda: BEN not in match.away(), "Ben seated at the host")
    # The secret went to this host only, in the path of the terminal's websocket.
    assert terminal.sockets[0].url.startswith(f"ws://127.0.0.1:{host.port}/seat/2/session/")
    seen = terminal.text()
    assert "Pass the keyboard" not in seen  # one audience: no curtain
    for label in anns_secret_cards:
        assert label not in seen, f"Ann's {label} shown to Ben"
    for secret in match.remote_secrets.values():
        assert secret not in seen

    page.locator(".xterm-helper-textarea").focus()
    until(lambda: ANN not in match.rules.to_act(match.state) or match.moves, "Ann's bot choosing")
    ben_moves = sum(move.seat == BEN for move in match.moves)
    terminal.press("Enter")  # play the highlighted card
    until(lambda: sum(move.seat == BEN for move in match.moves) > ben_moves, "Ben's move at the host")
    context.close()
    until(lambda: BEN in match.away(), "Ben away once the page is closed")
    until(lambda: not host.browser_seats.sessions, "the seat's app ended with its page")


def test_the_page_holds_no_secret_and_a_wrong_secret_or_site_starts_nothing(browser, hosting: HostThread):
    host = hosting.host
    base = f"http://127.0.0.1:{host.port}"
    with urllib.request.urlopen(f"{base}/seat/2", timeout=5) as response:
        page_text = response.read().decode()
    with urllib.request.urlopen(f"{base}/seat/1", timeout=5) as response:
        assert response.read().decode() == page_text  # the same page for every seat
    for secret in host.match.remote_secrets.values():
        assert secret not in page_text
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    secret = host.match.remote_secrets[BEN]
    for path in (f"/seat/2/session/{'x' * 32}", f"/seat/1/session/{secret}", f"/seat/9/session/{secret}", "/seat/2/session/"):
        status = refused_status(urllib.request.Request(base + path, headers=upgrade))
        assert status in (403, 404), path
    foreign = urllib.request.Request(base + f"/seat/2/session/{secret}", headers={**upgrade, "Origin": "http://elsewhere.example"})
    assert refused_status(foreign) == 403
    rebound = {**upgrade, "Host": f"evil.example:{host.port}", "Origin": f"http://evil.example:{host.port}"}
    assert refused_status(urllib.request.Request(base + f"/seat/2/session/{secret}", headers=rebound)) == 421
    assert not host.browser_seats.sessions

    # The link without its secret: the page says so and opens nothing.
    context = browser.new_context()
    page = context.new_page()
    terminal = Terminal(page)
    page.goto(f"{base}/seat/2")
    assert "lost its secret" in page.inner_text("body")
    page.wait_for_timeout(300)
    assert terminal.sockets == []
    context.close()


def test_only_the_messages_a_terminal_page_sends_reach_the_seats_app():
    from boardgames_tui.remote.browser import relay_browser_message

    assert relay_browser_message('["stdin", "\\r"]') == ("stdin", "\r")
    assert relay_browser_message('["resize", {"width": 120, "height": 40}]') == ("resize", (120, 40))
    assert relay_browser_message('["ping", "1"]') == ("ping", "1")
    assert relay_browser_message('["focus"]') == ("focus", None)
    for garbage in (
        "not json", "{}", "[]", "[1]", '["stdin", 5]', '["resize", {"width": 1e9, "height": 40}]',
        '["resize", {"width": "80", "height": 24}]', '["resize", {"width": true, "height": 24}]',
        '["resize", [80, 24]]', '["ping", "' + "x" * 100 + '"]', '["quit"]', "[" * 100000,
    ):
        assert relay_browser_message(garbage) is None, garbage
