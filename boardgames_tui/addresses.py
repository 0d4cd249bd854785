"""Which addresses are this machine's own: shared by `serve` and `host`, which answer
only loopback Hosts unless a secret guards them, and show the address a person types."""

from __future__ import annotations

import errno
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


def cannot_host(host: str, port: int, error: OSError, *, resuming: bool) -> str:
    """Why a table cannot listen on `host`:`port`, and what to do, in words: a new table
    (`host` on the command line) may take another port, a resumed one may not (its links
    hold this one)."""
    if error.errno == errno.EADDRINUSE:
        if resuming:
            fix = "Close what uses it, then choose Continue again: the links hold this port, so the table does not move to another."
        else:
            fix = f"Host with --listen {host}:{port % 65535 + 1} for another port, or close what uses port {port}."
        return f"Port {port} on {host} is taken: another table, or another program, listens there. {fix}"
    if resuming:
        fix = "Choose Continue again once that is mended: the links hold this address and port."
    else:
        fix = f"Host with --listen 127.0.0.1:{port} (this machine only) or --listen 0.0.0.0:{port} (your network)."
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine now, so nothing can listen there. {fix}"
    if error.errno == errno.EACCES:
        fix = fix if resuming else f"Host with --listen {host}:8470 (a port above 1023)."
        return f"Port {port} needs privileges this user does not have. {fix}"
    return f"Cannot listen on {host}:{port} ({error.strerror or error}). {fix}"
