"""Key-to-frame latency of the table in a pseudo-terminal, against a bare Textual app's key.

    python benchmarks/bench_keys.py [--turns 20] [--command "rummy"]

Each table is a real ``rummy new`` (European Rummy, seed 7, every seat a person, so every
turn ends on a hand-off) in a pseudo-terminal of a fixed size: 2 and 12 seats, at 80x24 and
120x40. Each turn presses the keys a player uses most, one at a time:

* ``Enter`` on the hand-off, until the table has settled;
* ``d`` draw from the stock;
* ``→`` cursor, ``Space`` select, ``Space`` unselect, ``s`` sort;
* ``g`` go out, European Rummy's one meld key, with one card selected (refused with its reason
  on the status line: what a meld key costs when it is refused; a meld that is made redraws
  the same widgets as a discard);
* ``x`` discard the card under the cursor, until the hand-off has settled.

A key's time runs from writing it to the terminal until the last byte the app writes before
150 ms of quiet (the quiet is not counted). The same is measured, in the same run and at the
same sizes, for a bare Textual app whose key changes one line of text: the anchor. It prints
per key the median and the 99th percentile (with fewer than 100 presses the 99th percentile
is the slowest press), and the ratio of the median to the bare key's median.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import rummy_command, spawn_in_pty

QUIET = 0.15
"""Seconds without output after which the screen counts as settled."""
LIMIT = 10.0
"""The longest a key may take to settle before the run gives up."""

BARE_APP = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    BINDINGS = [("d", "change", "Change")]
    count = 0

    def compose(self):
        yield Static("bare textual key 0", id="line")

    def action_change(self):
        self.count += 1
        self.query_one("#line", Static).update(f"bare textual key {self.count}")


Bare().run()
"""

TURN_KEYS: tuple[tuple[str, bytes], ...] = (
    ("Enter: hand-off to table", b"\r"),
    ("d: draw", b"d"),
    ("→: cursor", b"\x1b[C"),
    ("Space: select", b" "),
    ("g: go out (refused)", b"g"),
    ("Space: unselect", b" "),
    ("s: sort", b"s"),
    ("x: discard to hand-off", b"x"),
)


class Terminal:
    """One program in a pseudo-terminal of a fixed size."""

    def __init__(self, argv: list[str], width: int, height: int, env: dict[str, str]) -> None:
        self.master, self.process = spawn_in_pty(argv, width, height, env)

    def settle(self, since: float) -> float | None:
        """Read until QUIET seconds pass with no output; seconds from ``since`` to the last
        byte (None: nothing was written)."""
        last = None
        while time.perf_counter() - since < LIMIT:
            ready, _, _ = select.select([self.master], [], [], QUIET)
            if not ready:
                if last is not None:
                    return last - since
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            last = time.perf_counter()
        if last is None:
            return None
        raise RuntimeError("the program kept writing for ten seconds after a key")

    def press(self, key: bytes) -> float | None:
        """Seconds from writing ``key`` until the screen settled."""
        started = time.perf_counter()
        os.write(self.master, key)
        return self.settle(started)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.master)


def p99(times: list[float]) -> float:
    """The 99th percentile (the slowest press when there are fewer than 100)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def table_keys(
    rummy: list[str], seats: int, size: tuple[int, int], turns: int, env: dict[str, str]
) -> dict[str, list[float]]:
    """Play ``turns`` turns of a table by keys; every key's settle times."""
    names = ",".join(f"P{number + 1}" for number in range(seats))
    data = tempfile.mkdtemp(prefix="rummy-keys-")
    argv = [*rummy, "--data-dir", data, "new", "--variant", "european", "--players", names]
    terminal = Terminal([*argv, "--seed", "7"], *size, env)
    times: dict[str, list[float]] = {label: [] for label, _ in TURN_KEYS}
    try:
        terminal.settle(time.perf_counter())  # the cut for the first dealer
        terminal.press(b"\r")  # to the first hand-off
        for _ in range(turns):
            for label, key in TURN_KEYS:
                took = terminal.press(key)
                if took is None:
                    raise RuntimeError(f"{label} changed nothing on the screen")
                times[label].append(took)
    finally:
        terminal.close()
    return times


def bare_keys(
    size: tuple[int, int], presses: int, env: dict[str, str], script: Path
) -> list[float]:
    """The bare Textual app's key, ``presses`` times."""
    terminal = Terminal([sys.executable, str(script)], *size, env)
    try:
        terminal.settle(time.perf_counter())
        return [took for _ in range(presses) if (took := terminal.press(b"d")) is not None]
    finally:
        terminal.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20, help="turns played per table (20)")
    parser.add_argument("--command", help="the rummy command (default: the rummy entry point)")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    work = Path(tempfile.mkdtemp(prefix="rummy-bench-keys-"))
    script = work / "bare_textual.py"
    script.write_text(BARE_APP, encoding="utf-8")
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("TEXTUAL", None)
    rummy = rummy_command(args.command)
    if rummy[:3] == [sys.executable, "-m", "rummy_tui"]:
        env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    every: list[float] = []
    print(f"key to settled frame, {args.turns} turns per table, {QUIET * 1000:.0f} ms of quiet")
    for size in ((80, 24), (120, 40)):
        bare = bare_keys(size, 4 * args.turns, env, script)
        bare_median = statistics.median(bare)
        print(f"\n{size[0]}x{size[1]}: bare Textual key {bare_median * 1000:.1f} ms median")
        for seats in (2, 12):
            times = table_keys(rummy, seats, size, args.turns, env)
            print(f"  {seats} seats        median      p99   x bare")
            for label, values in times.items():
                every.extend(values)
                median = statistics.median(values)
                print(
                    f"    {label:<26} {median * 1000:6.1f} ms {p99(values) * 1000:6.1f} ms "
                    f"{median / bare_median:6.1f}"
                )
    print(f"\nevery key at every size: p99 {p99(every) * 1000:.1f} ms over {len(every)} presses")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
