"""Stands in for a browser seat's `join --seat-only` app in tests/web/test_browser_seat_race.py:
it says it is a Textual app as textual-serve expects, writes to the file named by
`SEAT_APP_LOG` when it starts and when it ends, and ends when told to quit."""

from __future__ import annotations

import json
import os
import sys
import time


def note(what: str) -> None:
    with open(os.environ["SEAT_APP_LOG"], "a", encoding="utf-8") as log:
        log.write(f"{os.getpid()} {what} {time.monotonic()}\n")


def main() -> None:
    note("start")
    try:
        sys.stdout.write("__GANGLION__\n")
        sys.stdout.flush()
        packets = sys.stdin.buffer
        # textual-serve's packets: a kind byte, a 4-byte size, the payload.
        while len(header := packets.read(5)) == 5:
            payload = packets.read(int.from_bytes(header[1:], "big"))
            if header[:1] == b"M" and json.loads(payload).get("type") == "quit":
                return
    finally:
        note("end")


if __name__ == "__main__":
    main()
