"""Which addresses are this machine's own: shared by `serve` and `host`, which answer
only loopback Hosts unless a secret guards them, and show the address a person types."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: it may well resolve beyond this machine


def is_loopback_host_header(host_header: str) -> bool:
    """Whether a request's Host ("localhost:8000", "127.0.0.1", "[::1]:8000") names this
    machine's loopback, whatever the port; a name that only resolves there does not."""
    if any(character in host_header for character in "@/?#\\"):
        return False  # not a bare host and port: no browser sends one
    try:
        parts = urlsplit(f"//{host_header}")
        parts.port  # a port that is not one is not a loopback Host either
    except ValueError:
        return False
    name = parts.hostname
    return name is not None and is_loopback(name)


def shown_address(host: str) -> str:
    """The address a person types on the tablet: for "every interface", this machine's
    address on its local network (found without sending anything)."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostname()
