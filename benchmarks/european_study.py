"""Why the hard level does not pull ahead in two-player European Rummy: two measurements.

Run from the project folder::

    python benchmarks/european_study.py speed [--deals 600] [--jobs 2]
    python benchmarks/european_study.py oracle [--deals 800] [--margin 0.5] [--jobs 2]

``speed`` plays each policy alone against a passive partner (it draws from the stock and
throws the card it drew away, so the pile offers random cards) and reports how many draws the
policy needs to go out, on the same deals for every policy. The policies: the easy, normal and
hard levels, and "race", which discards by the race count of :mod:`rummy_tui.bots.race`
(fewest cards still needed, then most outs) and takes the top discard only when it brings the
hand a card nearer.

``oracle`` measures the most that holding back cards from the opponent could be worth: a
player that discards like the hard level without its look-ahead plays normal, once as it is
and once *told the normal player's hand*, so that among discards within ``--margin`` of its
best it throws none that normal would take. The second is a cheat, for measurement only.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.bots import make_bot
from rummy_tui.bots.analysis import Judge
from rummy_tui.bots.base import Bot
from rummy_tui.bots.hard import HardBot
from rummy_tui.bots.normal import NormalBot
from rummy_tui.bots.race import Race
from rummy_tui.core import (
    Card,
    Discard,
    DrawStock,
    Game,
    Phase,
    PlayerView,
    TakeDiscard,
    get_variant,
    new_game,
)

RULES = get_variant("european")


class RaceBot(HardBot):
    """Discards by the race count (nearest to going out, then most outs)."""

    level = "race"

    def race(self, view: PlayerView, judge: Judge) -> Race:
        return Race(view.rules, len(view.players), judge.live)

    def rank_discards(
        self, view: PlayerView, judge: Judge, hand: list[Card], candidates: list[Card]
    ) -> list[tuple[float, Card]]:
        ranked = self.race(view, judge).discards(hand, candidates)
        return [(standing.distance * 1000.0 - standing.outs, card) for standing, card in ranked]

    def wants_discard(self, view: PlayerView, judge: Judge, hand: list[Card], top: Card) -> bool:
        race = self.race(view, judge)
        return race.discards([*hand, top], hand)[0][0].distance < race.standing(hand).distance


def policy(name: str, seed: int) -> Bot:
    return RaceBot(seed) if name == "race" else make_bot(name, seed)


def draws_to_go_out(job: tuple[str, list[int]]) -> list[int]:
    """Draws the policy needs on each deal, with a passive partner."""
    name, seeds = job
    results = []
    for seed in seeds:
        game = new_game(RULES, ["Policy", "Passive"], seed=seed, dealer=1)
        player = policy(name, seed)
        draws = 0
        before: set[Card] = set()
        while game.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER) and draws < 300:
            legal = game.legal_actions()
            if game.current == 0:
                action = player.choose(game.view(0), legal)
                draws += isinstance(action, DrawStock | TakeDiscard)
            elif game.phase is Phase.DRAW:
                before = set(game.view(1).hand)
                action = next((item for item in legal if isinstance(item, DrawStock)), legal[0])
            else:
                discards = [item for item in legal if isinstance(item, Discard)]
                fresh = [item for item in discards if item.card not in before]
                action = (fresh or discards or legal)[0]
            game.apply(action)
        results.append(draws)
    return results


class Oracle(HardBot):
    """Hard's discard ranking without look-ahead; with ``margin`` it is shown the opponent's
    hand and keeps back what the normal player would take."""

    margin = 0.0
    game: Game | None = None
    opponent: NormalBot | None = None

    def rank_discards(
        self, view: PlayerView, judge: Judge, hand: list[Card], candidates: list[Card]
    ) -> list[tuple[float, Card]]:
        ranked = judge.discard_costs(hand, candidates)
        if not self.margin or self.game is None or self.opponent is None:
            return ranked
        seat = 1 - view.seat
        seen = self.game.view(seat)
        seen_judge = self.opponent.judge(seen)
        best = ranked[0][0]
        guarded = []
        for cost, card in ranked:
            wanted = self.opponent.wants_discard(seen, seen_judge, list(seen.hand), card)
            penalty = self.margin + 0.001 if wanted and cost <= best + self.margin else 0.0
            guarded.append((cost + penalty, card))
        guarded.sort(key=lambda item: (item[0], item[1]))
        return guarded


def oracle_wins(job: tuple[float, list[int]]) -> tuple[int, int]:
    """Deals won by the oracle player against normal (both seatings of every deal)."""
    margin, seeds = job
    won = played = 0
    for seed in seeds:
        for first in (0, 1):
            game = new_game(RULES, ["Oracle", "Normal"], seed=seed, dealer=first)
            player = Oracle(seed)
            opponent = NormalBot(seed + 1)
            player.margin, player.game, player.opponent = margin, game, opponent
            bots: list[Bot] = [player, opponent]
            while game.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                seat = game.current
                game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
            scores = game.state.scores
            won += scores[0] > scores[1]
            played += 1
    return won, played


def split(seeds: list[int], jobs: int) -> list[list[int]]:
    return [seeds[index::jobs] for index in range(jobs)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("study", choices=("speed", "oracle"))
    parser.add_argument("--deals", type=int, default=0)
    parser.add_argument("--margin", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args(argv)
    jobs = max(1, options.jobs)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        if options.study == "speed":
            deals = options.deals or 600
            seeds = list(range(options.seed, options.seed + deals))
            print(f"Draws to go out alone, {deals} deals of two-player European Rummy:")
            print("| Policy | Mean | s.e. | Median |\n|---|---:|---:|---:|")
            for name in ("easy", "normal", "hard", "race"):
                parts = pool.map(draws_to_go_out, [(name, part) for part in split(seeds, jobs)])
                draws = [value for part in parts for value in part]
                spread = statistics.pstdev(draws) / math.sqrt(len(draws))
                print(
                    f"| {name} | {statistics.mean(draws):.2f} | {spread:.2f} "
                    f"| {statistics.median(draws):.0f} |"
                )
            return 0
        deals = options.deals or 800
        seeds = list(range(options.seed, options.seed + deals // 2))
        print(f"Oracle study, {len(seeds) * 2} deals against normal:")
        for margin in (0.0, options.margin):
            parts = list(pool.map(oracle_wins, [(margin, part) for part in split(seeds, jobs)]))
            won = sum(part[0] for part in parts)
            played = sum(part[1] for part in parts)
            rate = won / played
            margin_se = (rate - 0.5) / math.sqrt(0.25 / played)
            label = "told normal's hand" if margin else "as it is"
            print(f"  {label}: {rate:.1%} of {played} deals ({margin_se:+.1f} s.e.)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
