"""The game window of one browser tab: a ``rummy`` process driven through textual-serve's
protocol, that ends when its tab closes, whatever it is doing.

The window runs as a process group of its own (so the terminal's Ctrl+C reaches only the
server, which ends every window itself), with no shell between the server and the game, and
nothing secret on its command line or in its environment: a join code travels on an inherited
pipe (:mod:`rummy_tui.cli.join_code`). Keys and sizes the tab sends are written only while the
window keeps up with them (a window busy for a while drops keys rather than queueing them
without end). To stop, the window is asked to quit, then sent SIGTERM, then SIGKILL, each
after a short grace (:data:`QUIT_GRACE`, :data:`TERM_GRACE`): a closed tab's process is gone
within two seconds.

Two things a window writes to its terminal become messages to its page: the bell (the start of
a joined seat's turn) and the window's title, so the page can set the tab's title and vibrate
the phone (see ``assets/web/table.html``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from textual_serve.app_service import AppService

from rummy_tui.cli.join_code import code_pipe, looks_like_join_code
from rummy_tui.i18n.outside_text import clean

log = logging.getLogger("rummy-serve")

QUIT_GRACE = 0.8
"""Seconds a window asked to quit has before it is sent SIGTERM."""
TERM_GRACE = 0.8
"""Seconds a window sent SIGTERM has before it is killed."""
BACKLOG = 65536
"""Bytes of keys and sizes that may wait for a busy window; more are dropped."""
LONGEST_PACKET = 64 * 1024 * 1024
"""The largest packet a window may send to its page."""
STDERR_KEPT = 8192
"""Bytes of a window's error output kept (its last ones), for the server's log."""
HIDDEN_ENVIRONMENT = ("RUMMY_JOIN_CODE",)
"""Variables of the server's environment a window never inherits."""

_TITLE = re.compile(rb"\x1b\][02];([^\x07\x1b]{0,400})(?:\x07|\x1b\\)")
_ANY_OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


class OversizedPacket(ValueError):
    """A window sent a packet larger than :data:`LONGEST_PACKET` (the window is closed)."""


def turn_signals(output: bytes) -> tuple[bool, str | None]:
    """Whether a window's output rings the bell, and the window title it sets (its last), as
    plain text.

    >>> turn_signals(b"\\x1b]2;Your turn\\x07"), turn_signals(b"x\\x07"), turn_signals(b"x")
    ((False, 'Your turn'), (True, None), (False, None))
    """
    if b"\x07" not in output and b"\x1b]" not in output:
        return False, None
    titles = _TITLE.findall(output)
    bell = b"\x07" in _ANY_OSC.sub(b"", output)
    title = clean(titles[-1].decode("utf-8", "replace")) if titles else None
    return bell, title


def _end_group(process: asyncio.subprocess.Process, how: signal.Signals) -> None:
    """Send ``how`` to the window's process group (the window and anything it started)."""
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, how)


async def end_process(process: asyncio.subprocess.Process, quit_grace: float = QUIT_GRACE) -> None:
    """Wait ``quit_grace`` for the window to end, then SIGTERM it, then SIGKILL it."""
    for grace, how in ((quit_grace, signal.SIGTERM), (TERM_GRACE, signal.SIGKILL)):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), grace)
            return
        _end_group(process, how)
    await process.wait()


class TabWindow(AppService):
    """The game window of one browser tab."""

    def __init__(
        self,
        game: Sequence[str],
        *,
        guest: bool,
        code: str | None,
        joined: Callable[[str], Awaitable[None]],
        **service: Any,
    ) -> None:
        """``game`` is the command of the game; a ``guest`` window shows only the join
        prompt (with ``code`` tried first), and calls ``joined`` with the code that opened
        its seat."""
        super().__init__(" ".join(game), **service)
        self.game = list(game)
        self.guest = guest
        self.code = code if looks_like_join_code(code) else None
        self.joined = joined
        self.stopping = False
        self._ended = asyncio.Event()
        self._reports: asyncio.Task[None] | None = None

    @property
    def process(self) -> asyncio.subprocess.Process | None:
        """The window's process (None before it starts)."""
        return self._process

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        for name in HIDDEN_ENVIRONMENT:
            environment.pop(name, None)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """Start the window: the game itself (no shell), in a process group of its own, with
        the code and the report pipe inherited by number."""
        words = [*self.game, "--served"]
        inherited: list[int] = []
        reporting = -1
        if self.guest:
            reporting, report_end = os.pipe()
            inherited.append(report_end)
            words += ["--guest", "--report-fd", str(report_end)]
            if self.code is not None:
                inherited.append(code_pipe(self.code))
                words += ["--code-fd", str(inherited[-1])]
        try:
            self._process = process = await asyncio.create_subprocess_exec(
                *words,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self._build_environment(width=width, height=height),
                pass_fds=inherited,
                start_new_session=True,
            )
        except BaseException:
            if reporting >= 0:
                os.close(reporting)
            raise
        finally:
            for descriptor in inherited:
                os.close(descriptor)
        assert process.stdin is not None
        self._stdin = process.stdin
        if reporting >= 0:
            self._reports = asyncio.create_task(self._read_reports(reporting))
        return process

    async def _read_reports(self, descriptor: int) -> None:
        """Pass on each code the window says opened its seat."""
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=256)
        pipe = os.fdopen(descriptor, "rb", buffering=0)
        transport, _protocol = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), pipe
        )
        try:
            while line := await reader.readline():
                code = line.decode("ascii", "replace").strip()
                if looks_like_join_code(code):
                    await self.joined(code)
        except (ValueError, ConnectionError):
            pass  # a line too long: the window says nothing more
        finally:
            transport.close()

    def _write(self, packet: bytes) -> bool:
        """Write to the window unless it is not keeping up (then the packet is dropped)."""
        stdin = self._stdin
        if stdin is None or stdin.is_closing():
            return False
        if stdin.transport.get_write_buffer_size() > BACKLOG:
            return False
        stdin.write(packet)
        return True

    async def send_bytes(self, data: bytes) -> bool:
        """Keys for the window (dropped while it is busy)."""
        return self._write(self.encode_packet(b"D", data))

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        """A size, focus or quit for the window (dropped while it is busy)."""
        return self._write(self.encode_packet(b"M", json.dumps(data).encode("utf-8")))

    async def on_data(self, payload: bytes) -> None:
        """The window's output to its tab, and its bell and title as messages of their own."""
        await self.remote_write_bytes(payload)
        bell, title = turn_signals(payload)
        if title is not None:
            await self.remote_write_str(json.dumps(["title", title]))
        if bell:
            await self.remote_write_str(json.dumps(["bell"]))

    async def run(self) -> None:
        """Pass the window's output to its tab until the window ends; then close the tab's
        connection."""
        process = self._process
        assert process is not None and process.stdout is not None
        errors = asyncio.create_task(self._keep_errors(process.stderr))
        try:
            await self._pass_output(process.stdout)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            errors.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await errors
        with contextlib.suppress(Exception):
            await self.remote_close()

    async def _pass_output(self, stdout: asyncio.StreamReader) -> None:
        for _line in range(10):  # textual-serve's greeting comes first
            if await stdout.readline() in (b"", b"__GANGLION__\n"):
                break
        while True:
            kind = await stdout.readexactly(1)
            size = int.from_bytes(await stdout.readexactly(4), "big")
            if size > LONGEST_PACKET:
                raise OversizedPacket(size)
            payload = await stdout.readexactly(size)
            if kind == b"D":
                await self.on_data(payload)
            elif kind == b"M":
                await self.on_meta(payload)
            elif kind == b"P":
                await self.on_packed(payload)

    async def _keep_errors(self, stderr: asyncio.StreamReader | None) -> None:
        """Read the window's error output, keeping its end only; log it when it ends."""
        kept = b""
        with contextlib.suppress(asyncio.CancelledError):
            while stderr is not None and (data := await stderr.read(4096)):
                kept = (kept + data)[-STDERR_KEPT:]
        if kept.strip():
            log.warning("%s", kept.decode("utf-8", "replace"))

    async def stop(self) -> None:
        """End the window within two seconds: asked to quit, then SIGTERM, then SIGKILL."""
        if self.stopping:
            await self._ended.wait()
            return
        self.stopping = True
        try:
            await self._end()
        finally:
            self._ended.set()

    async def _end(self) -> None:
        process = self._process
        if process is None:
            return
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        await self.send_meta({"type": "quit"})
        await end_process(process)
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        if self._reports is not None:
            self._reports.cancel()
            with contextlib.suppress(BaseException):
                await self._reports
