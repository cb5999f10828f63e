"""``rummy serve`` itself, with real game windows (issue 30, items 2, 4, 5 and 6), driven by
aiohttp's websocket client on 127.0.0.1:

- a tab without the host's token gets the join prompt, and Esc keeps it there; the host's
  token (printed by the server) gets the title screen;
- a tab opened with a join code opens that seat, and the code is in neither the window's
  environment nor its command line (``/proc/PID/environ``, ``/proc/PID/cmdline``);
- sizes that are text, below zero or huge neither crash the window nor write ``crash.log``;
- SIGHUP, SIGTERM and SIGINT to the server end every window (no process of the data folder
  remains), remove ``serving.json``, and leave the seat free for another screen.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from rummy_tui.cli.web_server import TAKEN_OVER
from rummy_tui.core import get_variant
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence.serving import serving_path
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.persistence.shared_tables import join_code
from tests.fake_windows import free_port, wait_until
from tests.processes import end_with_parent

pytestmark = pytest.mark.slow


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    base: str
    data: Path
    token: str

    def descendants(self) -> list[int]:
        """Every running process whose command line names this server's data folder, but the
        server itself."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == self.process.pid:
                continue
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if str(self.data).encode() in words and state != "Z":
                found.append(int(entry.name))
        return found


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "rummy_tui", "--data-dir", str(data), "--lang", "en"),
            *("serve", "--port", str(port)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=end_with_parent,
    )
    assert process.stdout is not None
    printed = b""
    while b"Ctrl+C" not in printed:  # the last line the server prints when it starts
        line = process.stdout.readline()
        assert line, "the server ended before it said where it serves"
        printed += line
    tokens = re.findall(rb"\?host=([A-Za-z0-9_-]+)", printed)
    token = tokens[0].decode() if tokens else ""
    server = Served(process, f"http://127.0.0.1:{port}/", data, token)
    try:
        wait_until(lambda: serving_path(data).exists() and listening(port), "the server")
        yield server
    finally:
        if process.poll() is None:
            process.terminate()
        process.communicate(timeout=30)
        for pid in server.descendants():
            os.kill(pid, signal.SIGKILL)


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def shared_match(data: Path) -> tuple[Path, str]:
    """A Classic match with Bob on his own screen, shared in ``data``: its file and Bob's code."""
    seats = (Seat(name="Anna"), Seat(name="Bob", kind=SeatKind.OWN))
    setup = MatchSetup(rules=get_variant("classic"), seats=seats, seed=5)
    with SharedMatch.create(setup, setup.start(), data) as match:
        return match.path, join_code(match.tag, match.issue_code(1))


def seat_is_open(path: Path) -> bool:
    with SharedMatch.open(path) as match:
        return match.seat_is_open(1)


class Tab:
    """A browser tab's websocket, and what its window drew."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.drawn = b""
        self.texts: list[object] = []

    async def until(self, check, what: str) -> None:
        deadline = time.monotonic() + 60
        while not check(self):
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            try:
                message = await self.socket.receive(timeout=1)
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.drawn += message.data
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(json.loads(message.data))
            else:
                raise AssertionError(f"the tab closed while waiting for {what}")

    async def keys(self, keys: str) -> None:
        self.drawn = b""
        await self.socket.send_json(["stdin", keys])


async def open_tab(session: aiohttp.ClientSession, served: Served, hello: dict) -> Tab:
    socket = await session.ws_connect(
        f"{served.base.replace('http://', 'ws://')}ws?width=100&height=30",
        origin=served.base.rstrip("/"),
    )
    await socket.send_json(["hello", hello])
    return Tab(socket)


def shows(text: str):
    return lambda tab: text.encode() in tab.drawn


async def test_a_tab_without_the_hosts_token_gets_the_join_prompt_and_nothing_else(
    served: Served,
) -> None:
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, served, {})
        await tab.until(shows("Join a table"), "the join prompt")
        for key in ("\x1b", "\x1b", "q", "n", "l", "p"):
            await tab.keys(key)
        await tab.keys("\x1b")
        await tab.until(shows("Join a table"), "the join prompt again")
        await tab.socket.close()
        host = await open_tab(session, served, {"host": served.token})
        await host.until(shows("Player records"), "the title screen")
        await host.socket.close()
    assert b"Player records" not in tab.drawn and b"New game" not in tab.drawn


async def test_the_code_opens_its_seat_and_is_in_no_environment_or_command_line(
    served: Served,
) -> None:
    path, code = shared_match(served.data)
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, served, {"join": code})
        await tab.until(lambda tab: any(t[0] == "resume" for t in tab.texts), "the seat to open")
        assert seat_is_open(path)
        (window,) = served.descendants()
        for part in ("environ", "cmdline"):
            shown = Path(f"/proc/{window}/{part}").read_bytes()
            assert code.encode() not in shown and code.replace("-", "").encode() not in shown
        await tab.socket.close()


def drew(tab: Tab) -> bool:
    return len(tab.drawn) > 500


async def test_sizes_of_text_below_zero_or_huge_crash_nothing(served: Served) -> None:
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, served, {})
        await tab.until(drew, "the window's first frame")
        (window,) = served.descendants()
        hostile = (("wide", -5), ("wide", 30), (-5, -5), (100000, 100000), (1e9, "1"), (None, 30))
        for width, height in hostile:
            await tab.socket.send_json(["resize", {"width": width, "height": height}])
            await asyncio.sleep(1)  # time for a window to take it in (and to fail, before)
        await tab.socket.send_json(["resize", {"width": 60, "height": 20}])
        tab.drawn = b""
        await tab.until(drew, "the window drawn at the last good size")
        assert served.descendants() == [window]
        await tab.socket.close()
    assert not list(served.data.rglob("crash*"))


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
async def test_a_signal_to_the_server_ends_every_window_and_frees_the_seat(
    served: Served, number: signal.Signals
) -> None:
    path, code = shared_match(served.data)
    async with aiohttp.ClientSession() as session:
        guest = await open_tab(session, served, {})
        await guest.until(drew, "a window's first frame")
        tab = await open_tab(session, served, {"join": code})
        await tab.until(lambda _tab: seat_is_open(path), "the seat to open")
        windows = served.descendants()
        assert len(windows) == 2 and seat_is_open(path)
        served.process.send_signal(number)
        await asyncio.to_thread(served.process.wait, 60)
    assert served.descendants() == []
    assert not serving_path(served.data).exists()
    assert not seat_is_open(path)


def resumed(tab: Tab) -> str | None:
    """The resume token the server gave the tab (None before)."""
    tokens = [t[1] for t in tab.texts if isinstance(t, list) and t[0] == "resume"]
    return tokens[-1] if tokens else None


async def test_a_code_typed_in_the_prompt_gives_the_tab_its_resume_token(served: Served) -> None:
    path, code = shared_match(served.data)
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, served, {})
        await tab.until(shows("Join a table"), "the join prompt")
        await tab.keys(code)
        await tab.keys("\r")
        await tab.until(resumed, "the resume token")
        assert seat_is_open(path)
        await tab.socket.close()


async def test_a_reloaded_tab_opens_its_seat_again_and_the_older_window_closes(
    served: Served,
) -> None:
    """The reload race (issue 30, item 7 of the evening): the newer window of a seat takes
    over, so the returning phone is never told that its seat is open on another screen."""
    path, code = shared_match(served.data)
    async with aiohttp.ClientSession() as session:
        first = await open_tab(session, served, {"join": code})
        await first.until(resumed, "the seat to open")
        (older,) = served.descendants()
        again = await open_tab(session, served, {"resume": resumed(first)})
        await first.until(lambda tab: ["notice", TAKEN_OVER] in tab.texts, "the older to close")
        await again.until(shows("Bob's hand"), "Bob's table in the newer window")
        assert older not in served.descendants() and len(served.descendants()) == 1
        assert seat_is_open(path)
        assert b"is open on another screen" not in again.drawn
        await again.socket.close()
