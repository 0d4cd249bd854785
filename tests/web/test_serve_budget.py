"""`boardgames-tui serve` holds strangers within its connection budget: connections that
never show the token nor open a page's terminal are capped per address, the newest
sending the oldest away, and a page is still served."""

from __future__ import annotations

import socket
import urllib.request

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install '.[web]')")

from boardgames_tui.connection_budget import MAX_WAITING_PER_ADDRESS  # noqa: E402
from tests.web.test_serve import start_server, stop  # noqa: E402

EXTRA = 4


def closed_by_the_server(stranger: socket.socket) -> bool:
    stranger.settimeout(5)
    try:
        return stranger.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_strangers_hold_their_share_of_serve_and_a_page_is_still_served(tmp_path):
    served = start_server(tmp_path)
    strangers: list[socket.socket] = []
    try:
        port = int(served.base.rsplit(":", 1)[1])
        strangers = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(MAX_WAITING_PER_ADDRESS + EXTRA)]
        assert all(closed_by_the_server(stranger) for stranger in strangers[:EXTRA])
        with urllib.request.urlopen(served.base + "/", timeout=5) as page:
            assert page.status == 200 and b"boardgames-tui" in page.read()
    finally:
        for stranger in strangers:
            stranger.close()
        stop(served)
    assert served.process.returncode == 0
