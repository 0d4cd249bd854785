"""`serve`'s guard at the aiohttp level (no browser, no app process): without the token,
a request whose Host is not this machine's loopback is refused, so a web page whose
name was pointed at 127.0.0.1 (DNS rebinding) cannot drive the app; with the token,
the Host does not matter; beyond loopback, the token is always on."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is not installed (pip install '.[web]')")

from aiohttp import WSServerHandshakeError  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from boardgames_tui import web  # noqa: E402
from boardgames_tui.web import TOKEN_PARAMETER, TableServer, is_loopback_host_header  # noqa: E402

FOREIGN_HOSTS = ["evil.example:8765", "evil.example", "127.0.0.1.nip.io:8000", "localhost.evil.example", "192.168.1.20:8000"]
LOOPBACK_HOSTS = ["localhost", "localhost:8765", "127.0.0.1", "127.0.0.1:8765", "127.1.2.3:80", "[::1]", "[::1]:8765"]


async def client_for(token: str | None) -> TestClient:
    server = TableServer("127.0.0.1", 8765, token)
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    return client


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
def test_loopback_host_headers_are_recognised(host: str):
    assert is_loopback_host_header(host)


@pytest.mark.parametrize("host", [*FOREIGN_HOSTS, "", "[::1", "127.0.0.1:99999", "localhost:port", "me@127.0.0.1", "0.0.0.0"])
def test_other_host_headers_are_not_loopback(host: str):
    assert not is_loopback_host_header(host)


async def test_without_a_token_a_foreign_host_is_refused_on_every_route():
    client = await client_for(None)
    try:
        for host in FOREIGN_HOSTS:
            origin = f"http://{host}"
            for path in ("/", "/static/js/textual.js", "/download/x"):
                response = await client.get(path, headers={"Host": host, "Origin": origin})
                assert response.status == 421, (host, path)
                assert "answers only to localhost" in await response.text()
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws", headers={"Host": host, "Origin": origin})
            assert refused.value.status == 421
        for host in LOOPBACK_HOSTS:
            response = await client.get("/", headers={"Host": host, "Origin": f"http://{host}"})
            assert response.status == 200, host
    finally:
        await client.close()


async def test_with_the_token_the_host_does_not_matter_but_the_token_does():
    client = await client_for("s3cret")
    try:
        for host in ("evil.example:8765", "192.168.1.20:8000", "localhost:8765"):
            client.session.cookie_jar.clear()  # the last round's token cookie
            assert (await client.get("/", headers={"Host": host})).status == 403
            response = await client.get(f"/?{TOKEN_PARAMETER}=s3cret", headers={"Host": host})
            assert response.status == 200, host
    finally:
        await client.close()


@pytest.mark.parametrize(
    ("host", "force_token", "token_on"),
    [
        ("127.0.0.1", False, False),
        ("localhost", False, False),
        ("::1", False, False),
        ("127.0.0.1", True, True),
        ("0.0.0.0", False, True),
        ("::", False, True),
        ("192.168.1.20", False, True),
        ("my-laptop.local", False, True),
    ],
)
def test_beyond_loopback_the_token_is_mandatory(monkeypatch: pytest.MonkeyPatch, host: str, force_token: bool, token_on: bool):
    started: list[Any] = []
    monkeypatch.setattr(TableServer, "serve", lambda self, *args, **kwargs: started.append(self))
    monkeypatch.setattr(web, "shown_address", lambda host: host)  # no network lookup
    assert web.serve(host, 8765, force_token=force_token) == 0
    assert (started[0].token is not None) is token_on
