"""How soon a move made on one screen is replayed on another, and what an idle screen costs.

Run from the project folder::

    python benchmarks/bench_shared_log.py [--moves 200] [--interval 0.05] [--idle 10]
                                          [--data-dir DIR]

Two processes share one match file (``rummy_tui/persistence/shared_match.py``). The mover
makes ``--moves`` random legal moves of a three-player Classic Rummy match, each with
``append`` (the engine's check, the insert, the fsynced commit). The watcher, as a joined
screen does, looks at ``has_news()`` every ``--interval`` seconds and, when there is news,
replays the new move with ``catch_up()``. A move counts from the moment the mover starts
to append it until the watcher has replayed it (drawing it on a screen is left out: that is
the interface's cost). After each move the mover waits until the watcher has it and then a
random part of an interval, so moves land anywhere between two looks.

Then no one moves for ``--idle`` seconds and the watcher keeps looking: the processor time it
spends over that wall time is the cost of an idle joined screen.

It prints the median and the 99th percentile of a move's way from one screen to the other
and of ``append`` alone, and the idle screen's share of one core; it ends with code 1 when
the 99th percentile is over 300 ms or the idle share over 2 %.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

try:
    import rummy_tui  # noqa: F401
except ImportError:  # run as a script from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.core import Phase, StartDeal, get_variant
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence.shared_match import WATCH_INTERVAL, Applied, SharedMatch

P99_GOAL_MS = 300.0
IDLE_GOAL_PERCENT = 2.0


def percentile(samples: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the samples lie (nearest rank)."""
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def watch(path: str, moves: int, interval: float, idle: float, seen: Any) -> None:
    """The joined screen: look every ``interval`` s, replay what is new and say when each
    move was replayed; then look for ``idle`` s more and say what that cost."""
    shared = SharedMatch.open(Path(path))
    seen.put(("ready", 0, 0.0))
    while shared.seq < moves:
        time.sleep(interval)
        if shared.has_news():
            for move, _entry in shared.catch_up():
                seen.put(("move", move.seq, time.monotonic()))
    started_wall, started_cpu = time.monotonic(), time.process_time()
    while time.monotonic() - started_wall < idle:
        time.sleep(interval)
        if shared.has_news():
            shared.catch_up()
    used = time.process_time() - started_cpu
    seen.put(("idle", 0, used / (time.monotonic() - started_wall)))
    shared.close()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 when both goals are met."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="moves timed (default 200)")
    parser.add_argument(
        "--interval",
        type=float,
        default=WATCH_INTERVAL,
        help=f"seconds between two looks of the watcher (default {WATCH_INTERVAL})",
    )
    parser.add_argument("--idle", type=float, default=10.0, help="idle seconds (default 10)")
    parser.add_argument("--data-dir", type=Path, default=None, help="where the file goes")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        rules = get_variant("classic", target_score=5000)
        setup = MatchSetup(rules=rules, seats=tuple(Seat(name=n) for n in ("Ann", "Bob", "Cy")))
        mover = SharedMatch.create(setup, setup.start(), folder, match_id="bench")
        context = multiprocessing.get_context("spawn")
        seen = context.Queue()
        watcher = context.Process(
            target=watch, args=(str(mover.path), args.moves, args.interval, args.idle, seen)
        )
        watcher.start()
        seen.get(timeout=60)
        rng = random.Random(24)
        ways, appends = [], []
        for _ in range(args.moves):
            time.sleep(rng.uniform(0, args.interval))
            game = mover.game
            if game.phase is Phase.DEAL_OVER:
                action, seat = StartDeal(), None
            else:
                action, seat = rng.choice(game.legal_actions()), game.current
            started = time.monotonic()
            outcome = mover.append(mover.seq, action, seat)
            appends.append((time.monotonic() - started) * 1000)
            assert isinstance(outcome, Applied), outcome
            kind, seq, when = seen.get(timeout=60)
            assert (kind, seq) == ("move", outcome.move.seq), (kind, seq)
            ways.append((when - started) * 1000)
        kind, _seq, idle_share = seen.get(timeout=args.idle + 60)
        watcher.join(timeout=60)
        mover.close()
    way_p99 = percentile(ways, 0.99)
    print(f"Watcher looks every {args.interval * 1000:.0f} ms; {args.moves} moves.")
    print(
        f"Move to the other screen: median {statistics.median(ways):.1f} ms, "
        f"p99 {way_p99:.1f} ms (goal p99 under {P99_GOAL_MS:.0f} ms)"
    )
    print(
        f"append alone (check, insert, fsynced commit): median "
        f"{statistics.median(appends):.1f} ms, p99 {percentile(appends, 0.99):.1f} ms"
    )
    print(
        f"Idle joined screen over {args.idle:.0f} s: {idle_share * 100:.2f} % of one core "
        f"(goal under {IDLE_GOAL_PERCENT:.0f} %)"
    )
    return 0 if way_p99 < P99_GOAL_MS and idle_share * 100 < IDLE_GOAL_PERCENT else 1


if __name__ == "__main__":
    sys.exit(main())
