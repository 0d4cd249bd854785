"""A join link says where the host is, which seat, and the seat's secret; anything else
is refused with a reason a person can act on."""

from __future__ import annotations

import io

import pytest

from boardgames_tui.engine.contract import SPECTATOR
from boardgames_tui.remote.wire import JoinLink

SECRET = "Zq3_-k" * 6


@pytest.mark.parametrize("host", ["127.0.0.1", "192.168.1.20", "::1", "table.local"])
def test_a_link_reads_back_as_itself(host: str):
    link = JoinLink(host=host, port=8765, seat=2, secret=SECRET)
    assert str(link).endswith(f"/seat/3#{SECRET}")
    assert JoinLink.parse(str(link)) == link


def test_a_watch_link_reads_back_as_itself_and_names_no_seat():
    link = JoinLink(host="192.168.1.20", port=8470, seat=SPECTATOR, secret=SECRET)
    assert str(link) == f"http://192.168.1.20:8470/watch#{SECRET}"
    assert JoinLink.parse(str(link)) == link and link.is_watch_link


@pytest.mark.parametrize(
    "text, reason",
    [
        (f"https://127.0.0.1:8765/seat/2#{SECRET}", "not a join link"),
        (f"http://127.0.0.1/seat/2#{SECRET}", "not a join link"),
        (f"http://127.0.0.1:8765/seat/9#{SECRET}", "not a join link"),
        (f"http://127.0.0.1:8765/seat/2/../1#{SECRET}", "not a join link"),
        ("http://127.0.0.1:8765/seat/2", "lost its secret"),
        ("http://127.0.0.1:8765/seat/2#short", "lost its secret"),
        ("http://127.0.0.1:99999/seat/2#" + SECRET, "not a join link"),
        ("seat 2 please", "not a join link"),
        (f"http://127.0.0.1:8765/watch/2#{SECRET}", "not a join link"),
        ("http://127.0.0.1:8765/watch", "lost its secret"),
    ],
)
def test_a_wrong_link_is_refused_with_a_reason(text: str, reason: str):
    with pytest.raises(ValueError, match=reason):
        JoinLink.parse(text)


# segno's half blocks: a full block is two light modules (top, bottom), a space two dark.
HALF_BLOCKS = {"█": (False, False), "▀": (False, True), "▄": (True, False), " ": (True, True)}


def test_a_links_qr_code_is_segnos_in_half_blocks_with_its_quiet_zone():
    import segno

    from boardgames_tui.ui.join_links import QR_QUIET_ZONE, qr_text

    link = str(JoinLink(host="192.168.1.20", port=8470, seat=1, secret=SECRET))
    drawn = qr_text(link)
    code = segno.make(link, micro=False)
    written = io.StringIO()
    code.terminal(out=written, border=QR_QUIET_ZONE, compact=True)
    assert drawn == written.getvalue().rstrip("\n")

    # Two modules a character: a symbol of `size` modules a side, and the quiet zone of
    # four light modules all round it.
    size = code.symbol_size(border=0)[0]
    width = size + 2 * QR_QUIET_ZONE
    lines = drawn.split("\n")
    assert len(lines) == (width + 1) // 2 and {len(line) for line in lines} == {width}
    dark = [[False] * width for _ in range(2 * len(lines))]
    for row, line in enumerate(lines):
        for column, character in enumerate(line):
            dark[2 * row][column], dark[2 * row + 1][column] = HALF_BLOCKS[character]
    expected = [[bool(module) for module in row] for row in code.matrix]
    inside = range(QR_QUIET_ZONE, QR_QUIET_ZONE + size)
    assert [[dark[row][column] for column in inside] for row in inside] == expected
    quiet = [dark[row][column] for row in range(width) for column in range(width) if row not in inside or column not in inside]
    assert not any(quiet)


async def test_the_links_screen_warns_first_then_shows_each_link_and_its_qr_code():
    from textual.app import App

    from boardgames_tui.ui.join_links import JoinLinksScreen, qr_text
    from tests.ui.conftest import screen_text

    links = [(name, str(JoinLink(host="127.0.0.1", port=8470, seat=seat, secret=SECRET[seat:] + "x" * seat)))
             for seat, name in ((1, "Ben"), (2, "Cy"))]
    watch = str(JoinLink(host="127.0.0.1", port=8470, seat=SPECTATOR, secret=SECRET[3:] + "w" * 3))
    app = App()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(JoinLinksScreen(links, "Listening on 127.0.0.1:8470.", watch_link=watch))
        await pilot.pause()
        shown = screen_text(app)
        assert "lets whoever reads it play that seat" in shown
        assert all(link not in shown for _, link in [*links, ("", watch)]) and "▀" not in shown
        await pilot.press("enter")
        shown = screen_text(app)
        assert all(link in shown for _, link in links) and watch in shown
        assert "Ben's link as a QR code" in shown and qr_text(links[0][1]).split("\n")[3] in shown
        await pilot.press("right")
        assert qr_text(links[1][1]).split("\n")[3] in screen_text(app)
        await pilot.press("right")
        assert "The watch link as a QR code" in screen_text(app)
        # The watch link alone (the palette's Watch link) holds no seat's secret: no warning.
        await pilot.press("escape")
        app.push_screen(JoinLinksScreen([], "Listening on 127.0.0.1:8470.", watch_link=watch))
        await pilot.pause()
        shown = screen_text(app)
        assert watch in shown and "lets whoever reads it" not in shown
