"""How fast the computer players decide, and how fast bot-only deals simulate.

Run from the project folder::

    python benchmarks/bench_bots.py [--decisions 400] [--deals 100] [--seed 1] [--json]

Decisions: a 12-player European Rummy table with twos wild (the heaviest table the game
offers: 4 packs, 16-card hands, 16 wild cards) is played by computer players of one level at
every seat, deal after deal, until ``--decisions`` of their decisions have been timed. It
prints the median, the 99th percentile and the worst decision per level, against the targets
(easy and normal 50 ms, hard 500 ms at the 99th percentile).

A 2-player European table is timed for the hard level too (there it looks ahead and samples
the next player's hand; at tables of more than four it plays its plain ranking).

Simulation: ``--deals`` bot-only Classic Rummy deals (normal against easy, the target row, and
hard against normal, for information) are played headless by
:func:`rummy_tui.tools.simulate.simulate`, invariant checks included, and the deals per second are
printed against the target of 50.

On a terminal a progress bar on standard error counts the decisions timed, then the deals.
Ctrl+C stops after the decision or action in play: the figures measured so far are printed
(the rows not reached are left out), marked as partial, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.bots import LEVELS, make_bot
from rummy_tui.core import Phase, StartDeal, get_variant, new_game
from rummy_tui.tools.progress import progress_bar, tick
from rummy_tui.tools.simulate import StopFlag, simulate, stop_on_interrupt

DECISION_TARGET_MS = {"easy": 50.0, "normal": 50.0, "hard": 500.0}
DEALS_PER_SECOND_TARGET = 50.0
EXIT_STOPPED = 130
"""The exit status of a run stopped with Ctrl+C (the same as ``rummy simulate``'s)."""


def time_decisions(
    level: str, decisions: int, seed: int, players: int = 12, stop: StopFlag | None = None
) -> list[float]:
    """Seconds per decision of ``level`` bots at a European table with twos wild (fewer
    than ``decisions`` when ``stop`` is set)."""
    rules = get_variant("european", twos_wild=True)
    names = [f"Seat {number + 1}" for number in range(players)]
    timings: list[float] = []
    match = 0
    while len(timings) < decisions and not (stop is not None and stop.is_set()):
        game = new_game(rules, names, seed=seed * 1000 + match)
        bots = [make_bot(level, seed=seed * 100 + seat) for seat in range(players)]
        match += 1
        while len(timings) < decisions and game.phase is not Phase.MATCH_OVER:
            if stop is not None and stop.is_set():
                break
            legal = game.legal_actions()
            if game.phase is Phase.DEAL_OVER:
                game.apply(StartDeal())
                continue
            seat = game.current
            view = game.view(seat)
            started = time.perf_counter()
            action = bots[seat].choose(view, legal)
            timings.append(time.perf_counter() - started)
            tick()
            game.apply(action)
    return timings


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=400, help="decisions timed per level")
    parser.add_argument("--deals", type=int, default=100, help="Classic deals simulated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args(argv)

    with stop_on_interrupt() as stop:
        figures, lines, ok = measure(options, stop)
    partial = stop.is_set()
    if partial:
        figures["partial"] = True
        note = "PARTIAL: stopped with Ctrl+C; the figures cover only what was measured before it."
        lines.append(note)
    if options.json:
        print(json.dumps(figures, indent=2))
        if partial:
            print(note, file=sys.stderr)
    else:
        print("\n".join(lines))
    if partial:
        return EXIT_STOPPED
    return 0 if ok else 1


def measure(
    options: argparse.Namespace, stop: StopFlag
) -> tuple[dict[str, object], list[str], bool]:
    """Time the decisions, then simulate the deals: the figures, the lines to print and
    whether every target was met. After Ctrl+C (``stop`` set) the figures cover what was
    measured; a level or row with nothing measured is left out."""
    figures: dict[str, object] = {}
    lines = ["Decision time, 12-player European Rummy, twos wild:"]
    ok = True
    measured: dict[str, list[float]] = {}
    total = options.decisions * (len(LEVELS) + 1)
    with progress_bar("decisions timed", total, "decisions"):
        for level in LEVELS:
            measured[level] = time_decisions(level, options.decisions, options.seed, stop=stop)
        measured["hard, 2 players"] = time_decisions(
            "hard", options.decisions, options.seed, players=2, stop=stop
        )
    for level in LEVELS:
        timings = measured[level]
        if not timings:
            continue
        median = statistics.median(timings) * 1000
        p99 = percentile(timings, 0.99) * 1000
        worst = max(timings) * 1000
        target = DECISION_TARGET_MS[level]
        met = p99 <= target
        ok = ok and met
        figures[f"{level}_ms"] = {"median": median, "p99": p99, "max": worst, "target": target}
        lines.append(
            f"  {level:<7} median {median:7.2f} ms   p99 {p99:7.2f} ms   max {worst:7.2f} ms"
            f"   (target p99 <= {target:.0f} ms: {'met' if met else 'MISSED'}, "
            f"{len(timings)} decisions)"
        )
    timings = measured["hard, 2 players"]
    if timings:
        p99 = percentile(timings, 0.99) * 1000
        figures["hard_two_players_ms"] = {"median": statistics.median(timings) * 1000, "p99": p99}
        lines.append(
            f"  hard, 2-player table (look-ahead and feeding checks on, for information): "
            f"median {statistics.median(timings) * 1000:.2f} ms   p99 {p99:.2f} ms"
        )
    if stop.is_set():
        return figures, lines, ok
    lines.append("Headless bot-only Classic deals (invariants checked after every action):")
    for seats in (["normal", "easy"], ["hard", "normal"]):
        with progress_bar(f"classic {','.join(seats)}", options.deals, "deals"):
            report = simulate(
                "classic",
                seats,
                deals=options.deals,
                seed=options.seed,
                on_deal=lambda _report: tick(),
                stop=stop,
            )
        if report.deals_played == 0:
            break
        rate = report.deals_per_second
        met = rate >= DEALS_PER_SECOND_TARGET
        figures[f"classic_{'_'.join(seats)}_deals_per_second"] = rate
        if seats[0] == "normal":
            ok = ok and met
            verdict = f"target >= {DEALS_PER_SECOND_TARGET:.0f}: {'met' if met else 'MISSED'}"
        else:
            verdict = "for information: the hard level looks ahead"
        lines.append(
            f"  {','.join(seats):<14} {rate:7.1f} deals/s over {report.deals_finished} deals"
            f" ({verdict})"
            + (f", {report.violation_count} VIOLATIONS" if report.violation_count else "")
        )
        if report.stopped:
            break
    return figures, lines, ok


if __name__ == "__main__":
    raise SystemExit(main())
