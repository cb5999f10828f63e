"""How long listing the legal actions takes, the fast way and the straightforward way.

Run: ``python benchmarks/bench_legal.py [--deals N] [--seed S]``.

Computer players (level normal) play whole deals of two tables: twelve players of European
Rummy with twos wild, and two players of Classic Rummy. At every decision the legal actions
are listed twice, alternately first, by :func:`list_legal_actions` and by its
straightforward form (``fast=False``, the code as it was before the speed-up); both lists
must be equal. The script prints, per table, the median (and mean) time of each and their
ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.bots import make_bot
from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.core.legal import list_legal_actions

TABLES = [
    ("european, 12 players, twos wild", "european", 12, {"twos_wild": True}),
    ("classic, 2 players", "classic", 2, {}),
]


def measure(
    variant: str, players: int, options: dict[str, object], deals: int, seed: int
) -> tuple[list[int], list[int]]:
    """Nanoseconds per decision: (fast listing, straightforward listing)."""
    rules = get_variant(variant, **options)
    fast: list[int] = []
    plain: list[int] = []
    clock = time.perf_counter_ns
    for deal in range(deals):
        game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed + deal)
        bots = [make_bot("normal", seed=seed + seat) for seat in range(players)]
        while game.phase in (Phase.DRAW, Phase.PLAY):
            listed = {}
            # Alternate which goes first, so that neither always finds the caches warm.
            for quick in (True, False) if len(fast) % 2 else (False, True):
                started = clock()
                listed[quick] = list_legal_actions(game.state, fast=quick)
                (fast if quick else plain).append(clock() - started)
            if listed[True] != listed[False]:
                sys.exit(f"the two listings differ in {variant}, deal {deal}")
            seat = game.current
            game.apply(bots[seat].choose(game.view(seat), listed[True]))
    return fast, plain


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals per table (4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (1)")
    args = parser.parse_args()
    print("median (and mean) microseconds per listing, before = the straightforward listing")
    print(f"{'table':<32} {'decisions':>9} {'before':>15} {'after':>15} {'speed-up':>15}")
    for label, variant, players, options in TABLES:
        fast, plain = measure(variant, players, options, args.deals, args.seed)
        after, before = statistics.median(fast) / 1000, statistics.median(plain) / 1000
        mean_after, mean_before = statistics.fmean(fast) / 1000, statistics.fmean(plain) / 1000
        ratio, mean_ratio = before / after, mean_before / mean_after
        print(
            f"{label:<32} {len(fast):>9} {before:>6.1f} ({mean_before:>6.1f})"
            f" {after:>6.1f} ({mean_after:>6.1f}) {ratio:>6.2f}x ({mean_ratio:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
