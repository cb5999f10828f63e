"""Benchmarks, run as ``python -m rummy_tui.tools.bench <name> [options]``.

Each benchmark is a subcommand registered in :data:`BENCHMARKS`: a function that adds its
options to an argparse subparser and a function that runs it.

``solver`` times :func:`rummy_tui.core.arrange.best_arrangement` on fresh seeded random hands
(every hand is dealt anew, so the solver's caches only help where real hands share parts).

On a terminal a progress bar counts the hands on standard error (it redraws four times a
second; pipe the output to time without it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import Card, make_packs
from rummy_tui.core.variants import RuleSet, get_variant
from rummy_tui.tools.progress import ProgressBar, progress_bar


@dataclass(frozen=True)
class Benchmark:
    """A subcommand: its one-line help, how it adds options, and how it runs."""

    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class HandSet:
    """One solver workload: a variant, a deck and a hand size."""

    label: str
    rules: RuleSet
    deck: tuple[Card, ...]
    size: int


def _solver_sets() -> list[HandSet]:
    return [
        HandSet("classic, 10 cards, 1 pack", get_variant("classic"), tuple(make_packs(1)), 10),
        HandSet(
            "european twos wild, 16 cards, 4 packs + 4 jokers",
            get_variant("european", twos_wild=True),
            tuple(make_packs(4, 1)),
            16,
        ),
        HandSet(
            "double, 10 cards, 2 packs + 2 jokers",
            get_variant("double"),
            tuple(make_packs(2, 1)),
            10,
        ),
        HandSet("boathouse, 11 cards, 1 pack", get_variant("boathouse"), tuple(make_packs(1)), 11),
    ]


def _percentile(ordered: Sequence[int], fraction: float) -> int:
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def _configure_solver(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=20_000, help="hands per set (20000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")


def _run_solver(args: argparse.Namespace) -> int:
    print(f"best_arrangement on fresh random hands: {args.hands} hands per set, seed {args.seed}")
    print(f"{'set':<50} {'median':>9} {'p99':>9} {'max':>9} {'mean':>9} {'hands/s':>9}")
    sets = _solver_sets()
    with progress_bar("solver", args.hands * len(sets), "hands") as bar:
        for hand_set in sets:
            _time_set(hand_set, args, bar)
    return 0


def _time_set(hand_set: HandSet, args: argparse.Namespace, bar: ProgressBar) -> None:
    """Time the solver on one set's hands and print its row."""
    rng = random.Random(f"{args.seed}:{hand_set.label}")
    hands = [rng.sample(hand_set.deck, hand_set.size) for _ in range(args.hands)]
    timings: list[int] = []
    clock = time.perf_counter_ns
    rules = hand_set.rules
    # One unmeasured hand builds the per-variant lookup tables (a one-off cost per process).
    best_arrangement(rules, random.Random("warm-up").sample(hand_set.deck, hand_set.size))
    for number, hand in enumerate(hands, start=1):
        started = clock()
        best_arrangement(rules, hand)
        timings.append(clock() - started)
        if number % 500 == 0 or number == len(hands):
            bar.advance(500 if number % 500 == 0 else number % 500)
    timings.sort()
    mean = statistics.fmean(timings)
    print(
        f"{hand_set.label:<50} {_percentile(timings, 0.5) / 1000:>7.1f}us"
        f" {_percentile(timings, 0.99) / 1000:>7.1f}us {timings[-1] / 1000:>7.1f}us"
        f" {mean / 1000:>7.1f}us {1e9 / mean:>9.0f}"
    )


BENCHMARKS: dict[str, Benchmark] = {
    "solver": Benchmark("time the exact best-arrangement solver", _configure_solver, _run_solver),
}
"""Subcommand name -> benchmark. Add new benchmarks here."""


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen benchmark."""
    parser = argparse.ArgumentParser(prog="python -m rummy_tui.tools.bench", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, benchmark in BENCHMARKS.items():
        benchmark.configure(commands.add_parser(name, help=benchmark.help))
    args = parser.parse_args(argv)
    return BENCHMARKS[args.command].run(args)


if __name__ == "__main__":
    raise SystemExit(main())
