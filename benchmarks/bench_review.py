"""How long the review of a finished match takes: twelve seats of European Rummy, 20 deals.

Run: ``python benchmarks/bench_review.py [--deals 20] [--players 12] [--runs 5] [--level easy]``.

Computer players (level easy by default: they make mistakes, so the review has claims to
find and prove) play one European match of ``--deals`` scored deals (``deal_limit``; deals
void under the dead-hand guard come on top and are rebuilt too). Then, ``--runs`` times,
the whole review as ``rummy review`` does it once the save is read: the match's finished
deals rebuilt step by step (:class:`rummy_tui.replay.MatchSteps`) and every seat reviewed as
a person's (:func:`rummy_tui.review.review_match`, every claim's better moves applied
through the engine). It prints the median (and slowest) of the whole, of the rebuild alone
and their ratio, the turns reviewed and the claims found. Issue 32's target for the whole:
at most 10 s on the project's machine (2 cores). No test asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.bots import make_bot
from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.replay import MatchSteps
from rummy_tui.review import review_match

TARGET = 10.0
"""Issue 32: seconds for the review of a 12-seat European match of 20 deals, at most."""


def play(players: int, deals: int, level: str, seed: int) -> Game:
    """A finished European match of ``deals`` scored deals between computer players."""
    rules = get_variant("european", deal_limit=deals)
    game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed)
    bots = [make_bot(level, seed=seed + seat) for seat in range(players)]
    while not game.is_over:
        if game.phase is Phase.DEAL_OVER:
            game.apply(game.legal_actions()[0])
            continue
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def rebuild(game: Game) -> MatchSteps:
    """Every finished deal's steps, built."""
    steps = MatchSteps(game.state)
    for span in steps.replayable:
        steps.deal(span.deal_number)
    return steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="scored deals (20)")
    parser.add_argument("--players", type=int, default=12, help="seats (12)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (5)")
    parser.add_argument("--level", default="easy", help="the computer players' level (easy)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the match (1)")
    args = parser.parse_args()
    game = play(args.players, args.deals, args.level, args.seed)
    log = len(game.state.log)
    wholes: list[float] = []
    rebuilds: list[float] = []
    review = None
    for _run in range(args.runs):
        started = time.perf_counter()
        rebuild(game)
        rebuilds.append(time.perf_counter() - started)
        started = time.perf_counter()
        review = review_match(MatchSteps(game.state))
        wholes.append(time.perf_counter() - started)
    assert review is not None
    whole = statistics.median(wholes)
    alone = statistics.median(rebuilds)
    turns = sum(seat.turns for seat in review.seats)
    print(
        f"european, {args.players} seats, {args.deals} scored deals "
        f"({len(game.state.results)} dealt, {log} records), level {args.level}"
    )
    print(f"  review (rebuild + every seat): median {whole:.2f} s, slowest {max(wholes):.2f} s")
    print(f"  rebuild alone:                 median {alone:.2f} s, slowest {max(rebuilds):.2f} s")
    print(f"  ratio review / rebuild:        {whole / alone:.2f}")
    print(f"  turns reviewed: {turns}; claims: {len(review.claims)}; target {TARGET:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
