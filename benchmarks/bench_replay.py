"""Key-to-frame latency of the replay in a pseudo-terminal, beside the table's keys
(bench_keys.py) and against the same bare Textual app's key.

    python benchmarks/bench_replay.py [--presses 40] [--command "rummy"]

A finished European Rummy match of twelve seats (normal computer players, seed 7, three
deals) is saved in a fresh data folder and opened with ``rummy replay NAME`` in a
pseudo-terminal at 80x24 and 120x40. Each run presses, one at a time:

* ``→`` one move forward (``--presses`` times), then ``←`` back as often;
* ``End`` and ``Home`` (the deal's end with its reveal, and the deal as dealt), five times;
* ``PgDn`` and ``PgUp`` (the next deal and back: a deal not replayed yet is built then), as
  often as there are deals.

A key's time runs from writing it until the last byte the app writes before 150 ms of quiet
(not counted), as in bench_keys.py. It prints per key the median, the 99th percentile and the
ratio of the median to the bare key's median. The target of issue 32: one move at twelve
seats, median 30 ms or less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_keys import BARE_APP, Terminal, bare_keys, p99
from bench_startup import rummy_command

NAME = "Twelve"
"""The saved match's name."""


def save_twelve_seat_match(data: Path, deals: int = 3, seed: int = 7) -> int:
    """Play and save a finished 12-seat European match in ``data``; its deal count."""
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from rummy_tui.bots import make_bot
    from rummy_tui.core import Phase, get_variant, new_game
    from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
    from rummy_tui.persistence import SaveStore

    names = [f"P{number + 1}" for number in range(12)]
    rules = get_variant("european", deal_limit=deals)
    setup = MatchSetup(
        rules=rules, seats=tuple(Seat(name=name, kind=SeatKind.NORMAL) for name in names)
    )
    game = new_game(rules, names, seed=seed)
    bots = [make_bot("normal", seed + seat) for seat in range(12)]
    while not game.is_over:
        if game.phase is Phase.DEAL_OVER:
            game.apply(game.legal_actions()[0])
            continue
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    SaveStore(data).save(NAME, setup, game)
    return len(game.state.results)


def replay_keys(
    rummy: list[str],
    data: Path,
    size: tuple[int, int],
    presses: int,
    deals: int,
    env: dict[str, str],
) -> dict[str, list[float]]:
    """Step through the saved match's replay by keys; every key's settle times."""
    terminal = Terminal([*rummy, "--data-dir", str(data), "replay", NAME], *size, env)
    times: dict[str, list[float]] = {
        "→: next move": [],
        "←: back a move": [],
        "End: the deal's end": [],
        "Home: as dealt": [],
        "PgDn: next deal": [],
        "PgUp: previous deal": [],
    }

    def press(label: str, key: bytes) -> None:
        took = terminal.press(key)
        if took is None:
            raise RuntimeError(f"{label} changed nothing on the screen")
        times[label].append(took)

    try:
        terminal.settle(time.perf_counter())  # the replay's first frame
        for _ in range(presses):
            press("→: next move", b"\x1b[C")
        for _ in range(presses):
            press("←: back a move", b"\x1b[D")
        for _ in range(5):
            press("End: the deal's end", b"\x1b[F")
            press("Home: as dealt", b"\x1b[H")
        for _ in range(deals - 1):
            press("PgDn: next deal", b"\x1b[6~")
        for _ in range(deals - 1):
            press("PgUp: previous deal", b"\x1b[5~")
    finally:
        terminal.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=40, help="→ and ← presses per run (40)")
    parser.add_argument("--deals", type=int, default=3, help="deals of the match replayed (3)")
    parser.add_argument("--command", help="the rummy command (default: the rummy entry point)")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    work = Path(tempfile.mkdtemp(prefix="rummy-bench-replay-"))
    script = work / "bare_textual.py"
    script.write_text(BARE_APP, encoding="utf-8")
    data = work / "data"
    deals = save_twelve_seat_match(data, args.deals)
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("TEXTUAL", None)
    rummy = rummy_command(args.command)
    if rummy[:3] == [sys.executable, "-m", "rummy_tui"]:
        env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    print(f"replay key to settled frame, 12 seats, {deals} deals, {QUIET_MS} ms of quiet")
    for size in ((80, 24), (120, 40)):
        bare = bare_keys(size, args.presses, env, script)
        bare_median = statistics.median(bare)
        print(f"\n{size[0]}x{size[1]}: bare Textual key {bare_median * 1000:.1f} ms median")
        times = replay_keys(rummy, data, size, args.presses, deals, env)
        print("  12 seats                   median      p99   x bare")
        for label, values in times.items():
            if not values:
                continue
            median = statistics.median(values)
            print(
                f"    {label:<24} {median * 1000:6.1f} ms {p99(values) * 1000:6.1f} ms "
                f"{median / bare_median:6.1f}"
            )
    return 0


QUIET_MS = 150
"""The quiet after a key's last byte, in milliseconds (bench_keys.QUIET)."""

if __name__ == "__main__":
    raise SystemExit(main())
