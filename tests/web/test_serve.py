"""`boardgames-tui serve` end to end: a real headless Chromium (Debian's `chromium`,
driven by Playwright) plays a hot-seat game in the page; and a request without the
secret token is refused.  Loopback addresses only.

The page draws the terminal on a canvas, so what the app shows is read from the
bytes the browser receives on the page's websocket (escape sequences removed).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from boardgames_tui.ui.quiet import QUIET_SECONDS

try:
    from playwright.sync_api import Page, WebSocket, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ESCAPES = re.compile(r"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>])")


def _missing() -> str | None:
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        return "textual-serve is not installed (pip install '.[web]')"
    if sync_playwright is None:
        return "playwright is not installed (pip install playwright)"
    if not Path(CHROMIUM).exists():
        return "no chromium browser (apt-get install chromium)"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url  # as printed, with the token when there is one
        self.base = url.split("?")[0].rstrip("/")


def start_server(tmp: Path, *extra: str) -> Served:
    port = free_port()
    env = dict(os.environ)
    # A fresh data and config directory: no real saves, settings or screenshots are touched.
    env.update(BOARDGAMES_TUI_DATA_DIR=str(tmp / "data"), BOARDGAMES_TUI_CONFIG_DIR=str(tmp / "config"))
    # The server outlives a test (module fixture), so it misses the suite's per-test
    # "lessons off" (tests/conftest.py); the browser tests are about serving, not lessons.
    env["BOARDGAMES_TUI_TEACH_AS_I_PLAY"] = "false"
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgames_tui", "serve", "--host", "127.0.0.1", "--port", str(port), *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    printed = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        line = process.stdout.readline() if process.stdout else ""
        if not line:
            break
        printed.append(line)
        found = re.search(r"http://\S+", line)
        if found:
            url = found.group(0)
            _wait_listening(port)
            return Served(process, url)
    process.kill()
    raise AssertionError("serve printed no URL:\n" + "".join(printed))


def _wait_listening(port: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port}")


def stop(served: Served) -> None:
    served.process.terminate()
    try:
        served.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait(timeout=10)
    if served.process.stdout is not None:
        served.process.stdout.close()


def refused_status(request: str | urllib.request.Request) -> int:
    """The HTTP status of a request the server refuses (the test fails if it is let in)."""
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5).close()
    refused.value.close()
    return refused.value.code


@pytest.fixture(scope="module")
def served_with_token(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = start_server(tmp_path_factory.mktemp("serve"), "--token")
    yield served
    stop(served)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


class Terminal:
    """What the app sent to the page, as text, and keys typed into the page's terminal."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.received: list[str] = []
        self.sockets: list[WebSocket] = []
        page.on("websocket", self._watch)

    def _watch(self, socket_: WebSocket) -> None:
        self.sockets.append(socket_)
        socket_.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.received.append(payload.decode("utf-8", errors="replace"))

    def text(self, since: int = 0) -> str:
        return ESCAPES.sub("", "".join(self.received[since:]))

    def mark(self) -> int:
        return len(self.received)

    # Generous, but each wait ends as soon as the text is there: a loaded machine starts
    # the app's process slowly.
    def wait_for(self, *needles: str, since: int = 0, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.text(since)
            if all(needle in shown for needle in needles):
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"never shown: {needles!r}; last shown:\n{self.text(since)[-1500:]}")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(40)

    def app_size(self) -> tuple[int, int]:
        """Columns and rows the page asked the app for (in its websocket's URL)."""
        query = dict(part.split("=") for part in self.sockets[0].url.split("?")[1].split("&"))
        return int(query["width"]), int(query["height"])

    def row_of(self, needle: str) -> int:
        """The screen row (from 0) where the app last drew `needle`: its last cursor move before it."""
        raw = "".join(self.received)
        end = raw.rfind(needle)
        assert end >= 0, f"{needle!r} was never drawn"
        moves = list(re.finditer(r"\x1b\[(\d+);(\d+)H", raw[:end]))
        assert moves, "no cursor position before the text"
        row = int(moves[-1].group(1)) - 1
        assert 0 <= row < self.app_size()[1]
        return row

    def tap_row(self, row: int) -> None:
        """A touch in the middle of a screen row, as a finger on a tablet."""
        _, rows = self.app_size()
        box = self.page.locator("#terminal .xterm-screen").bounding_box()
        assert box is not None
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * (row + 0.5) / rows)


def test_a_hot_seat_game_in_the_browser(browser, served_with_token: Served):
    context = browser.new_context(viewport={"width": 1280, "height": 860}, has_touch=True)
    page = context.new_page()
    terminal = Terminal(page)
    page.goto(served_with_token.url)
    # The page's websocket carried no token in its URL: the cookie set with the page let it in.
    terminal.wait_for("New game", "Continue", "Settings", timeout=90)
    assert "token" not in terminal.sockets[0].url
    page.locator(".xterm-helper-textarea").focus()
    terminal.press("Enter")  # New game
    terminal.wait_for("Which game?")
    terminal.press("Enter")  # Bloom Kingdom, the first game
    terminal.wait_for("New game of", "Bloom Kingdom")
    # Seat 2 from bot to human: its default name follows.
    mark = terminal.mark()
    terminal.press("Tab", "Tab", "Enter")
    terminal.wait_for("Bot · easy", since=mark)  # the list is open
    mark = terminal.mark()
    terminal.press("Home", "Enter")  # Human, the first kind (a remote seat may follow it)
    terminal.wait_for("Player 2", since=mark)
    mark = terminal.mark()
    terminal.press("Control+s")
    terminal.wait_for("Pass the keyboard", "Player 1", since=mark)
    # The curtain's button (in the middle of the screen), tapped as on a tablet, after
    # the curtain's guard against keys held over from the last player has passed.
    page.wait_for_timeout(QUIET_SECONDS * 1000 + 400)
    mark = terminal.mark()
    terminal.tap_row(terminal.row_of("I am Player 1"))
    terminal.wait_for("Your hand", since=mark)
    mark = terminal.mark()
    terminal.press("Enter")  # play the highlighted card
    # Player 1's pick is hidden; Player 2 is called behind the curtain.
    terminal.wait_for("Pass the keyboard", "Player 2, it is your turn", since=mark)
    context.close()


def test_without_the_token_every_request_is_refused(browser, served_with_token: Served):
    for path in ("/", "/ws", "/static/js/textual.js", "/?token=guess"):
        assert refused_status(served_with_token.base + path) == 403
    # A browser without it: the page is refused and the app never starts.
    context = browser.new_context()
    page = context.new_page()
    terminal = Terminal(page)
    response = page.goto(served_with_token.base + "/")
    assert response is not None and response.status == 403
    assert "secret token" in page.content()
    page.wait_for_timeout(300)
    assert terminal.sockets == []
    context.close()


def test_another_sites_page_cannot_open_the_app(served_with_token: Served):
    request = urllib.request.Request(served_with_token.url, headers={"Origin": "http://elsewhere.example"})
    assert refused_status(request) == 403
    # With the token on, any Host may be used (a tablet uses this machine's network
    # name), but only with the token.
    foreign = urllib.request.Request(served_with_token.base + "/", headers={"Host": "evil.example:8765"})
    assert refused_status(foreign) == 403
    with_token = urllib.request.Request(served_with_token.url, headers={"Host": "evil.example:8765"})
    with urllib.request.urlopen(with_token, timeout=5) as page:
        assert page.status == 200


def test_on_this_machine_no_token_is_needed(tmp_path: Path):
    served = start_server(tmp_path)
    try:
        assert "token" not in served.url
        with urllib.request.urlopen(served.base + "/", timeout=5) as page:
            assert page.status == 200 and b"boardgames-tui" in page.read()
        # A page on another site whose name was pointed at 127.0.0.1 (DNS rebinding):
        # its Origin and Host agree, but the Host is not this machine's.
        foreign = {"Host": "evil.example:8765", "Origin": "http://evil.example:8765"}
        assert refused_status(urllib.request.Request(served.base + "/", headers=foreign)) == 421
    finally:
        stop(served)
