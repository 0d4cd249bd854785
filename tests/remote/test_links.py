"""A join link says where the host is, which seat, and the seat's secret; anything else
is refused with a reason a person can act on."""

from __future__ import annotations

import pytest

from boardgames_tui.remote.wire import JoinLink

SECRET = "Zq3_-k" * 6


@pytest.mark.parametrize("host", ["127.0.0.1", "192.168.1.20", "::1", "table.local"])
def test_a_link_reads_back_as_itself(host: str):
    link = JoinLink(host=host, port=8765, seat=2, secret=SECRET)
    assert str(link).endswith(f"/seat/3#{SECRET}")
    assert JoinLink.parse(str(link)) == link


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
    ],
)
def test_a_wrong_link_is_refused_with_a_reason(text: str, reason: str):
    with pytest.raises(ValueError, match=reason):
        JoinLink.parse(text)
