"""How strong the computer levels are, measured: normal against easy, hard against normal.

Run from the project folder::

    python benchmarks/strength.py [--deals 500] [--seed 1] [--variants classic,european]
                                  [--jobs 2]

For every variant it plays ``--deals`` two-player deals of each pairing with
:func:`rummy_tui.tools.simulate.simulate` (seats rotate and every block of deals repeats the same
cards with the players swapped, so seat and card luck cancel out) and prints a markdown table:
the stronger level's share of the deals won (Rummy 500: the best score of the deal), its
margin over an even split in standard errors, and both levels' average score per deal
(points, or chips in European Rummy). ``--jobs`` runs pairings in parallel processes.

On a terminal a progress bar counts the deals of all rows on standard error. Ctrl+C stops
early: the rows are printed for the deals played so far, the table is marked as partial and
the exit status is 130.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.core import VARIANT_IDS
from rummy_tui.tools.progress import progress_bar, shared_stop, tick, worker_stop
from rummy_tui.tools.simulate import SimulationReport, StopFlag, simulate, stop_on_interrupt

PAIRINGS: tuple[tuple[str, str], ...] = (("normal", "easy"), ("hard", "normal"))


def run_pairing(
    job: tuple[str, str, str, int, int], stop: StopFlag | None = None
) -> tuple[str, str, str, SimulationReport]:
    """Play one pairing of one variant (a top-level function, so processes can run it); it
    stops early when ``stop`` (in a pool worker: the parent's stop event) is set."""
    variant, stronger, weaker, deals, seed = job
    report = simulate(
        variant,
        [stronger, weaker],
        deals=deals,
        seed=seed,
        on_deal=lambda _report: tick(),
        stop=stop if stop is not None else worker_stop(),
    )
    return variant, stronger, weaker, report


def table(results: list[tuple[str, str, str, SimulationReport]]) -> str:
    """The markdown table of the results."""
    lines = [
        "| Variant | Pairing | Deals | Win rate of the first | Margin (s.e.) "
        "| Avg score first | Avg score second | Dead hands | Violations |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for variant, stronger, weaker, report in results:
        scored = max(1, report.scored_deals)
        rate = report.win_rates[0]
        margin = (rate - 0.5) / math.sqrt(0.25 / scored)
        first, second = report.average_scores
        lines.append(
            f"| {variant} | {stronger} vs {weaker} | {report.deals_finished} | {rate:.1%} "
            f"| {margin:+.1f} | {first:.2f} | {second:.2f} | {report.dead_hands} "
            f"| {report.violation_count} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="deals per pairing and variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANT_IDS))
    parser.add_argument("--jobs", type=int, default=1, help="pairings played in parallel")
    options = parser.parse_args(argv)
    variants = [name.strip() for name in options.variants.split(",") if name.strip()]
    jobs = [
        (variant, stronger, weaker, options.deals, options.seed)
        for variant in variants
        for stronger, weaker in PAIRINGS
    ]
    started = time.perf_counter()
    stop = shared_stop()
    total = len(jobs) * options.deals
    with (
        stop_on_interrupt(stop),
        progress_bar("strength table", total, "deals") as bar,
    ):
        if options.jobs > 1:
            pool_options = bar.pool_arguments(stop)
            with ProcessPoolExecutor(max_workers=options.jobs, **pool_options) as pool:
                results = list(pool.map(run_pairing, jobs))
        else:
            results = []
            for job in jobs:
                if stop.is_set():
                    break
                results.append(run_pairing(job, stop))
    partial = stop.is_set()
    results = [result for result in results if result[3].deals_played > 0]
    print(table(results))
    print()
    print(
        f"{options.deals} two-player deals per row, seed {options.seed}, "
        f"{time.perf_counter() - started:.0f} s. Margin: the first level's win rate above 50% "
        "in standard errors of a fair coin over the scored deals."
    )
    if partial:
        played = sum(report.deals_played for *_, report in results)
        print(
            f"PARTIAL: stopped with Ctrl+C after {played} of {total} deals; rows with fewer "
            f"than {options.deals} deals cover the deals played so far."
        )
        return 130
    stronger_everywhere = all(report.win_rates[0] > 0.5 for *_, report in results)
    clean = all(report.violation_count == 0 for *_, report in results)
    return 0 if stronger_everywhere and clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
