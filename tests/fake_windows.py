"""A game server whose tabs run a stand-in for the game window: a tiny script that writes what
it was started with (the join code in its pipe, its command line, its environment, its process
id) to a file, and then ends, or stays (``FAKE_WINDOW=stay``), or stays and ignores SIGTERM
(``FAKE_WINDOW=stubborn``); with ``FAKE_WINDOW_JOINS=1`` it reports its code as the code that
opened its seat, as a game window does once the code is accepted. The server is the product's
own :class:`~rummy_tui.cli.web_server.GameServer`; only the command it runs for each tab is the
test's."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.processes import end_with_parent

WINDOW = """\
import json, os, signal, sys, time
def option(name):
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else None
code = None
if option("--code-fd") is not None:
    code = os.read(option("--code-fd"), 100).decode()
    os.close(option("--code-fd"))
found = {
    "code": code, "argv": sys.argv, "environ": dict(os.environ), "pid": os.getpid(),
    "guest": "--guest" in sys.argv, "size": [os.environ["COLUMNS"], os.environ["ROWS"]],
}
record = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
os.write(record, (json.dumps(found) + "\\n").encode())  # one write: windows start together
os.close(record)
if code and os.environ.get("FAKE_WINDOW_JOINS"):
    os.write(option("--report-fd"), (code + "\\n").encode())
mode = os.environ.get("FAKE_WINDOW", "end")
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if mode in ("stay", "stubborn", "deaf"):
    sys.stdout.write("__GANGLION__\\n")
    if os.environ.get("FAKE_WINDOW_TURN"):  # a joined seat's turn: the title, then the bell
        turn = b"\\x1b[2J" + b"cards " * 10 + b"\\x1b]2;Rummy: your turn\\x07\\x07"
        sys.stdout.flush()
        sys.stdout.buffer.write(b"D" + len(turn).to_bytes(4, "big") + turn)
    sys.stdout.flush()
    while mode != "deaf" and (data := sys.stdin.buffer.read1(65536)):
        with open(sys.argv[1] + f".{os.getpid()}.in", "ab") as got:
            got.write(data)
    while True:
        time.sleep(1)
"""

SERVER = """\
import json, sys
from rummy_tui.cli.web_server import GameServer
command, port, token = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
GameServer(
    command, host="127.0.0.1", port=port, title="t", opening_lines=[], host_token=token
).serve()
"""
HOST_TOKEN = "the-hosts-own-token-" + "x" * 24
"""The host's token of the stand-in server."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def windows_started(record: Path) -> list[dict[str, Any]]:
    """What each stand-in window found (its join code, its command line), in order."""
    if not record.exists():
        return []
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]


@contextmanager
def fake_window_server(folder: Path, **environment: str) -> Iterator[tuple[str, Path]]:
    """The game server on a free port of 127.0.0.1 with stand-in windows: its address and the
    file the windows write to."""
    window = folder / "window.py"
    window.write_text(WINDOW, encoding="utf-8")
    record = folder / "windows.jsonl"
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SERVER,
            json.dumps([sys.executable, str(window), str(record)]),
            f"{port}",
            HOST_TOKEN,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, **environment},
        preexec_fn=end_with_parent,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert server.poll() is None, server.communicate()[0]
                assert time.monotonic() < deadline, "the server never listened"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/", record
    finally:
        server.terminate()
        server.communicate(timeout=10)


def window_input(record: Path, pid: int) -> list[tuple[str, bytes]]:
    """The packets a stand-in window read from the server, in order (``D`` keys, ``M`` meta)."""
    path = Path(f"{record}.{pid}.in")
    data = path.read_bytes() if path.exists() else b""
    packets = []
    while len(data) >= 5:
        size = int.from_bytes(data[1:5], "big")
        packets.append((data[:1].decode(), data[5 : 5 + size]))
        data = data[5 + size :]
    return packets


def alive(pid: int) -> bool:
    """Whether process ``pid`` is running (not gone, not a zombie)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until(check: Any, what: str, timeout: float = 15.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)
    return found
