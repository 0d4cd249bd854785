"""A host in a process of its own, with few open files allowed, for the load test.

    python -m tests.remote.host_process FILES DATA_DIR

Limits its open files to FILES (as `ulimit -n FILES` would), hosts a two-seat Pollen
game saved in DATA_DIR (Ann is the host's bot, Ben joins), prints one JSON line with
Ben's link, and serves until its standard input closes; then it stops and prints one
JSON line with the moves it holds, its save's path, every autosave error it met and the
most files it had open at once.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import sys
from pathlib import Path

from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.remote.host import RemoteHost
from tests.remote.seats import BOT_PACE, hosted_match

BEN = 1


async def serve(data_dir: Path) -> None:
    match = hosted_match("pollen", remote=[BEN], players=2, store=SaveStore(data_dir))
    host = RemoteHost(match, rate=BOT_PACE)
    await host.start()
    save_errors: list[str] = []
    match.watch(lambda: save_errors.append(match.save_error) if match.save_error else None)
    peak = [0]
    counting = asyncio.ensure_future(count_open_files(peak))
    print(json.dumps({"link": str(host.link(BEN))}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    counting.cancel()
    await host.stop()
    ended = {"moves": len(match.moves), "save": str(match.save_path), "save_errors": save_errors, "peak_files": peak[0]}
    print(json.dumps(ended), flush=True)


async def count_open_files(peak: list[int]) -> None:
    while True:
        try:
            peak[0] = max(peak[0], len(os.listdir("/proc/self/fd")))
        except OSError:
            pass  # no /proc here, or no descriptor left to read it with
        await asyncio.sleep(0.005)


def main() -> None:
    files, data_dir = int(sys.argv[1]), Path(sys.argv[2])
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))
    asyncio.run(serve(data_dir))


if __name__ == "__main__":
    main()
