"""Time from starting ``rummy`` to its first frame, against a bare Textual app.

Each program is started in a pseudo-terminal of a fixed size, again and again, alternating
between the two; the clock runs from just before the process is spawned until a marker text of
the first screen arrives on the terminal. Medians are printed with the ratio
``rummy / bare Textual``.

    python benchmarks/bench_startup.py [--runs 15] [--command "rummy"]

By default ``rummy`` is the entry point next to this Python if installed, else
``python -m rummy_tui``; it starts on the title screen with an empty data folder.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import shlex
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

BARE_APP = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("bare textual first frame")


Bare().run()
"""

WIDTH, HEIGHT = 100, 30


def spawn_in_pty(
    argv: list[str], width: int, height: int, env: dict[str, str]
) -> tuple[int, subprocess.Popen[bytes]]:
    """Start ``argv`` in a new pseudo-terminal of ``width`` x ``height``; its master end
    and the process."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    process = subprocess.Popen(
        argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
        start_new_session=True,
    )
    os.close(slave)
    return master, process


def time_to_marker(
    argv: list[str], marker: bytes, env: dict[str, str], timeout: float = 20.0
) -> float:
    """Seconds from spawning ``argv`` in a pseudo-terminal until ``marker`` is written."""
    started = time.perf_counter()
    master, process = spawn_in_pty(argv, WIDTH, HEIGHT, env)
    seen = b""
    elapsed = None
    try:
        while time.perf_counter() - started < timeout:
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            seen += chunk
            # Cells may be written one style run at a time: compare without escape codes.
            if marker in _plain(seen):
                elapsed = time.perf_counter() - started
                break
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        _drain(master)
        os.close(master)
    if elapsed is None:
        raise RuntimeError(
            f"{' '.join(argv)} never showed {marker!r}; it wrote:\n{_plain(seen)[-2000:]!r}"
        )
    return elapsed


def _drain(master: int) -> None:
    while True:
        ready, _, _ = select.select([master], [], [], 0.01)
        if not ready:
            return
        try:
            if not os.read(master, 65536):
                return
        except OSError:
            return


def _plain(data: bytes) -> bytes:
    """The bytes with ANSI escape sequences removed."""
    import re

    return re.sub(
        rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[PX^_].*?\x1b\\|\x1b\][^\x07]*\x07|\x1b.", b"", data
    )


def rummy_command(explicit: str | None) -> list[str]:
    if explicit:
        return shlex.split(explicit)
    script = Path(sys.executable).with_name("rummy")
    if script.exists():
        return [str(script)]
    found = shutil.which("rummy")
    if found:
        return [found]
    return [sys.executable, "-m", "rummy_tui"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each program (15)")
    parser.add_argument("--command", help="the rummy command (default: the rummy entry point)")
    parser.add_argument("--marker", default="New game", help="text of rummy's first screen")
    args = parser.parse_args(argv)

    root = Path(__file__).resolve().parents[1]
    work = Path(tempfile.mkdtemp(prefix="rummy-bench-"))
    bare = work / "bare_textual.py"
    bare.write_text(BARE_APP, encoding="utf-8")
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(WIDTH), LINES=str(HEIGHT))
    env["RUMMY_DATA_DIR"] = str(work / "data")
    env.pop("TEXTUAL", None)
    rummy = rummy_command(args.command)
    if rummy[:3] == [sys.executable, "-m", "rummy_tui"]:
        # Not installed: run the source tree's package.
        env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    bare_argv = [sys.executable, str(bare)]

    # One warm-up run each fills the OS file cache and writes bytecode.
    time_to_marker(bare_argv, b"bare textual first frame", env)
    time_to_marker(rummy, args.marker.encode(), env)
    bare_times: list[float] = []
    rummy_times: list[float] = []
    for _ in range(args.runs):
        bare_times.append(time_to_marker(bare_argv, b"bare textual first frame", env))
        rummy_times.append(time_to_marker(rummy, args.marker.encode(), env))
    shutil.rmtree(work, ignore_errors=True)

    bare_median = statistics.median(bare_times)
    rummy_median = statistics.median(rummy_times)
    print(f"time to first frame, median of {args.runs} runs in a {WIDTH}x{HEIGHT} pseudo-terminal")
    print(f"  bare Textual app : {bare_median * 1000:7.1f} ms  (min {min(bare_times) * 1000:.1f})")
    shown = " ".join([Path(rummy[0]).name, *rummy[1:]])
    print(f"  {shown:<17}: {rummy_median * 1000:7.1f} ms  (min {min(rummy_times) * 1000:.1f})")
    print(f"  ratio rummy / bare: {rummy_median / bare_median:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
