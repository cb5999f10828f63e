"""A stopped test run leaves no process behind (issue 31).

A run of ``tests/test_serve_real.py`` on two workers is stopped while a real ``rummy serve``
runs: by SIGINT or SIGTERM to the pytest process (what a CI timeout or ``kill`` sends; Ctrl+C
in a terminal also reaches every process of the group), or by SIGKILL (no clean-up at all in
the run itself). Afterwards no process whose command line names the run's temporary folder
and no process the run had started may be left after a few seconds: no server, no window,
no worker.

By hand, against any checkout (``--root``; the package is taken from that checkout)::

    python -m tests.test_stopped_run --signal TERM [--root /path/to/checkout]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def processes_naming(text: str) -> list[tuple[int, str]]:
    """Every live process (not a zombie) whose command line holds ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and any(text.encode() in word for word in words):
            found.append((int(entry.name), b" ".join(words).decode(errors="replace")))
    return found


def descendants(pid: int) -> set[tuple[int, str]]:
    """Every live process started by ``pid`` or by one of its descendants, each with its
    start time (so that a number taken again by a new process is not counted)."""
    children: dict[int, list[int]] = {}
    started: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry.name))
            started[int(entry.name)] = fields[19]
    found: set[tuple[int, str]] = set()
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found.add((child, started[child]))
        todo.extend(children.get(child, []))
    return found


def still_alive(processes: set[tuple[int, str]]) -> list[tuple[int, str]]:
    """Those of ``processes`` that still run (not zombies), each with its command line."""
    alive = []
    for pid, start in sorted(processes):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if fields[0] != "Z" and fields[19] == start:
            alive.append((pid, command.decode(errors="replace")))
    return alive


def wait_for(check: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


GRACE = 20
"""Seconds every process of a stopped run has to end (a server ends its windows first)."""


def stop_a_run(root: Path, base: Path, signum: int, target: str = "run") -> list[tuple[int, str]]:
    """Start the served-game tests of ``root`` on two workers, send ``signum`` to pytest once a
        ``rummy serve`` of the run is up, and give every process :data:`GRACE` seconds to end: the
    processes of the run (workers, servers, windows) left after that."""
    marker = str(base)
    environment = {**os.environ, "PYTHONPATH": str(root)}
    base.mkdir(parents=True)
    printed = (base.parent / "run.txt").open("wb")
    run = subprocess.Popen(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2"),
            *(f"--basetemp={base}", "tests/test_serve_real.py"),
        ],
        cwd=root,
        env=environment,
        stdout=printed,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # the signal goes to pytest alone, not to a terminal's group
    )
    try:
        servers = lambda: [p for p in processes_naming(marker) if " serve " in p[1] + " "]  # noqa: E731
        assert wait_for(servers, 120), (base.parent / "run.txt").read_text()[-3000:]
        time.sleep(1)  # the test under way has started its windows
        started = descendants(run.pid)
        if target == "run":
            run.send_signal(signum)
        else:
            server = servers()[0][0]
            stat = Path(f"/proc/{server}/stat").read_text()
            os.kill(int(stat.rsplit(")", 1)[1].split()[1]), signum)  # its parent
            wait_for(lambda: not still_alive({p for p in started if p[0] == server}), GRACE)
            run.send_signal(signal.SIGINT)  # and the rest of the run stopped as by Ctrl+C
        run.wait(timeout=60)

        def left() -> list[tuple[int, str]]:
            return sorted(set(still_alive(started)) | set(processes_naming(marker)))

        wait_for(lambda: not left(), GRACE)
        return left()
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        printed.close()


@pytest.mark.parametrize(
    ("target", "signum"),
    [
        ("run", signal.SIGINT),
        ("run", signal.SIGTERM),
        ("run", signal.SIGKILL),
        ("worker", signal.SIGKILL),
    ],
)
def test_a_stopped_run_leaves_no_server_window_or_worker(
    tmp_path: Path, target: str, signum: int
) -> None:
    left = stop_a_run(ROOT, tmp_path / "run", signum, target)
    for pid, _command in left:  # clean up before failing
        os.kill(pid, signal.SIGKILL)
    assert left == []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--signal", default="TERM", help="INT, TERM or KILL")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run")
    parser.add_argument("--worker", action="store_true", help="signal the server's worker")
    options = parser.parse_args()
    signum = getattr(signal, f"SIG{options.signal.upper()}")
    with tempfile.TemporaryDirectory() as folder:
        target = "worker" if options.worker else "run"
        left = stop_a_run(options.root.resolve(), Path(folder) / "run", signum, target)
        for pid, command in left:
            print(f"left behind: {pid} {command[:200]}")
            os.kill(pid, signal.SIGKILL)
        print(f"{len(left)} processes left behind after SIG{options.signal.upper()}")
    raise SystemExit(1 if left else 0)


if __name__ == "__main__":
    main()
