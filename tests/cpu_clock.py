"""Where the suite's time goes, in process CPU: an opt-in pytest plugin and its summary.

On a shared machine wall time says more about the others' work than about a test, so
this counts `time.process_time()` (this process's CPU, its threads included; not that
of subprocesses such as Chromium) around each test's setup, call and teardown, and
the seconds of sleep the test asked for through Textual's idle waits (`pilot.pause()`,
each key of `pilot.press`): sleeping costs no CPU, but the workers must be enough to
keep the cores busy meanwhile.  Each process (xdist worker) writes one JSON line per
test to its own file, plus its start-up and collection CPU:

    BOARDGAMES_TUI_CPU_CLOCK=/tmp/cpu/ui pytest -p tests.cpu_clock -n 2 tests/ui
    python -m tests.cpu_clock /tmp/cpu      # per folder, per file, the slowest 40
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

OUTPUT_ENV = "BOARDGAMES_TUI_CPU_CLOCK"


class _Clock:
    def __init__(self, prefix: str) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.path = Path(f"{prefix}-{worker}.jsonl")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.slept = 0.0

    def write(self, record: dict) -> None:
        with self.path.open("a") as file:
            file.write(json.dumps(record) + "\n")

    def count_sleeps(self) -> None:
        import textual._wait as wait
        from textual.pilot import Pilot

        clock, real_sleep, real_pause = self, wait.sleep, Pilot.pause

        async def sleep(delay, *args, **kwargs):
            clock.slept += delay
            return await real_sleep(delay, *args, **kwargs)

        async def pause(pilot, delay=None):
            if delay is not None:
                clock.slept += delay
            return await real_pause(pilot, delay)

        wait.sleep = sleep
        Pilot.pause = pause

    @pytest.hookimpl(hookwrapper=True)
    def pytest_collection(self, session: pytest.Session):
        started = time.process_time()
        yield
        self.write({"kind": "start-up", "cpu": started})
        self.write({"kind": "collection", "cpu": time.process_time() - started, "tests": len(session.items)})
        self.count_sleeps()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem):
        cpu, wall, slept = time.process_time(), time.perf_counter(), self.slept
        yield
        self.write({
            "kind": "test", "id": item.nodeid, "cpu": time.process_time() - cpu,
            "wall": time.perf_counter() - wall, "slept": self.slept - slept,
        })

    def pytest_sessionfinish(self) -> None:
        self.write({"kind": "end", "cpu": time.process_time()})


def pytest_configure(config: pytest.Config) -> None:
    prefix = os.environ.get(OUTPUT_ENV)
    if prefix:
        config.pluginmanager.register(_Clock(prefix), "cpu-clock")


def summary(folder: Path, top: int = 40) -> str:
    tests: dict[str, dict] = {}
    fixed = Counter()
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record["kind"] == "test":
                tests[record["id"]] = record
            elif record["kind"] in ("start-up", "collection"):
                fixed[record["kind"]] += record["cpu"]
    by_folder, by_file = Counter(), Counter()
    for test_id, record in tests.items():
        file = test_id.split("::")[0]
        by_file[file] += record["cpu"]
        parts = file.split("/")
        by_folder["/".join(parts[:3] if parts[1] == "games" and len(parts) > 3 else parts[:2])] += record["cpu"]
    total = sum(record["cpu"] for record in tests.values())
    slept = sum(record["slept"] for record in tests.values())
    lines = [f"{len(tests)} tests: {total:.1f} s CPU in tests, {slept:.1f} s of sleep asked for; "
             f"start-up {fixed['start-up']:.1f} s and collection {fixed['collection']:.1f} s CPU over all processes", "",
             "CPU s  folder"]
    lines += [f"{cpu:6.1f} {name}" for name, cpu in by_folder.most_common()]
    lines += ["", "CPU s  file"] + [f"{cpu:6.1f} {name}" for name, cpu in by_file.most_common(top)]
    lines += ["", "CPU s  slept s  test"]
    slowest = sorted(tests.values(), key=lambda record: -record["cpu"])[:top]
    lines += [f"{record['cpu']:6.2f} {record['slept']:7.1f}  {record['id']}" for record in slowest]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1])))
