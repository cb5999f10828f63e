"""Why the hard level does not pull ahead in two-player European Rummy: four measurements.

Run from the project folder::

    python benchmarks/european_study.py speed [--deals 600] [--jobs 2]
    python benchmarks/european_study.py oracle [--deals 800] [--margin 0.5] [--jobs 2]
    python benchmarks/european_study.py knowledge [--deals 800] [--margin 0.5] [--jobs 2]
    python benchmarks/european_study.py headroom [--deals 40] [--rollouts 40] [--jobs 2]

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

``knowledge`` asks how good a guess of the opponent's wishes would have to be: the same
player is told normal's wishes blurred by noise, so that its guess separates wanted from
unwanted cards with a chosen AUC (1.0 is the cheat above, 0.5 a coin), and it plays normal
with each. It also plays the cheat with several margins, to show how much holding back pays
at best.

``headroom`` asks how much faster than normal a player could go out by searching its
choices: at four moments of each solo deal it plays every one of normal's four best discards
out to the end in 40 futures (the stock and the partner's hand shuffled anew, so the futures
know no more than the player does), chooses by half of them and scores the choice on the
other half against normal's own; at six moments it does the same for the stock against the
top discard. This is the gain a rollout player with a perfect copy of normal's play and a
generous time budget would make per decision.

On a terminal a progress bar counts the deals played on standard error. Ctrl+C stops the
workers after the deal in play: the figures of the deals played so far are printed, marked as
partial, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Callable
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
    Action,
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
from rummy_tui.tools.progress import progress_bar, shared_stop, tick, worker_stop
from rummy_tui.tools.simulate import stop_on_interrupt

RULES = get_variant("european")
EXIT_STOPPED = 130
"""The exit status of a study stopped with Ctrl+C (the same as ``rummy simulate``'s)."""


def stopped() -> bool:
    """Whether the parent asked the workers to stop (Ctrl+C); checked between deals."""
    stop = worker_stop()
    return stop is not None and stop.is_set()


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


class Passive:
    """The partner of the solo studies: draws from the stock and throws away what it drew, so
    the pile offers random cards and it never takes anything."""

    def __init__(self) -> None:
        self.before: set[Card] = set()

    def action(self, game: Game, legal: list[Action]) -> Action:
        if game.phase is Phase.DRAW:
            self.before = set(game.view(game.current).hand)
            return next((item for item in legal if isinstance(item, DrawStock)), legal[0])
        discards = [item for item in legal if isinstance(item, Discard)]
        fresh = [item for item in discards if item.card not in self.before]
        return (fresh or discards or legal)[0]


Watch = Callable[[Game, PlayerView, list[Action], Action, int], None]
"""Called before each of seat 0's moves with the game, its view, the legal moves, the move
chosen and the draws made so far."""


def finish_alone(game: Game, player: Bot, limit: int = 300, watch: Watch | None = None) -> int:
    """Play ``game`` on with ``player`` in seat 0 and a passive partner in seat 1 until seat 0
    goes out (or has drawn ``limit`` cards); the draws seat 0 made."""
    draws = 0
    partner = Passive()
    while game.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER) and draws < limit:
        legal = game.legal_actions()
        if game.current == 0:
            view = game.view(0)
            action = player.choose(view, legal)
            if watch is not None:
                watch(game, view, legal, action, draws)
            draws += isinstance(action, DrawStock | TakeDiscard)
        else:
            action = partner.action(game, legal)
        game.apply(action)
    return draws


def draws_to_go_out(job: tuple[str, list[int]]) -> list[int]:
    """Draws the policy needs on each deal, with a passive partner."""
    name, seeds = job
    draws = []
    for seed in seeds:
        if stopped():
            break
        game = new_game(RULES, ["Policy", "Passive"], seed=seed, dealer=1)
        draws.append(finish_alone(game, policy(name, seed)))
        tick()
    return draws


HEADROOM_DRAWS = (2, 5, 8, 11)
"""The draws after which the headroom study examines normal's discard."""
HEADROOM_TAKES = (1, 3, 5, 7, 9, 11)
"""The draws after which it examines normal's choice between the stock and the pile."""


def futures(game: Game, count: int, seed: int) -> list[Game]:
    """``count`` copies of ``game`` in which the cards seat 0 cannot see (the stock and the
    partner's hand) are shuffled anew, so that no future knows more than seat 0 does."""
    copies = []
    for number in range(count):
        future = game.copy()
        deal = future.state.deal
        hidden = [*deal.stock, *deal.hands[1]]
        random.Random(seed * 7919 + number).shuffle(hidden)
        size = len(deal.hands[1])
        deal.hands[1][:] = hidden[:size]
        deal.stock[:] = hidden[size:]
        copies.append(future)
    return copies


def choice_gain(game: Game, options: list[Action], rollouts: int, seed: int) -> float:
    """Draws saved by choosing among ``options`` (normal's own choice first) by played-out
    futures: the choice is made on one half of the futures and scored on the other half (the
    same futures for every option), against normal's own choice."""
    half = rollouts // 2
    chosen_on: list[float] = []
    scored_on: list[float] = []
    for option in options:
        results = []
        for future in futures(game, rollouts, seed):
            future.apply(option)
            results.append(finish_alone(future, NormalBot(seed)))
        chosen_on.append(statistics.mean(results[:half]))
        scored_on.append(statistics.mean(results[half:]))
    best = min(range(len(options)), key=lambda index: chosen_on[index])
    return scored_on[0] - scored_on[best]


def headroom(job: tuple[int, int, list[int]]) -> tuple[list[float], list[float]]:
    """The gains of :func:`choice_gain` over normal's discards (among its ``candidates`` best)
    after the draws in ``HEADROOM_DRAWS``, and over its choice between the stock and the pile
    after the draws in ``HEADROOM_TAKES``."""
    candidates, rollouts, seeds = job
    discards: list[float] = []
    draws_taken: list[float] = []

    def examine(
        game: Game, view: PlayerView, legal: list[Action], action: Action, draws: int
    ) -> None:
        if stopped():  # Ctrl+C: the decisions examined so far stand, no new ones
            return
        allowed = [item.card for item in legal if isinstance(item, Discard)]
        sources = [item for item in legal if isinstance(item, DrawStock | TakeDiscard)]
        if action in sources and len(sources) == 2 and draws in HEADROOM_TAKES:
            options = [action, *(item for item in sources if item != action)]
            draws_taken.append(choice_gain(game, options, rollouts, seed))
        elif allowed and isinstance(action, Discard) and draws in HEADROOM_DRAWS:
            judge = player.judge(view)
            ranked = [card for _, card in judge.discard_costs(list(view.hand), allowed)]
            options = [Discard(card=card) for card in ranked[:candidates]]
            discards.append(choice_gain(game, options, rollouts, seed))

    for seed in seeds:
        if stopped():
            break
        game = new_game(RULES, ["Normal", "Passive"], seed=seed, dealer=1)
        player = NormalBot(seed)
        finish_alone(game, player, limit=60, watch=examine)
        tick()
    return discards, draws_taken


class Oracle(HardBot):
    """Hard's discard ranking without look-ahead; with ``margin`` it is shown the opponent's
    hand and keeps back what the normal player would take."""

    margin = 0.0
    noise = 0.0
    """Standard deviation of the noise added to the 0/1 truth of "normal wants this card"
    (a card counts as wanted when truth plus noise exceeds one half)."""
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
        blur = random.Random(self.seed * 1_000_003 + len(view.log))
        for cost, card in ranked:
            wanted = self.opponent.wants_discard(seen, seen_judge, list(seen.hand), card)
            if self.noise:
                wanted = wanted + blur.gauss(0.0, self.noise) > 0.5
            penalty = self.margin + 0.001 if wanted and cost <= best + self.margin else 0.0
            guarded.append((cost + penalty, card))
        guarded.sort(key=lambda item: (item[0], item[1]))
        return guarded


def noise_for(auc: float) -> float:
    """The noise that makes the blurred truth separate wanted from unwanted cards with
    ``auc`` (the two scores differ by 1 and each carries normal noise)."""
    if auc >= 1.0:
        return 0.0
    return 1.0 / (math.sqrt(2.0) * statistics.NormalDist().inv_cdf(auc))


def oracle_wins(job: tuple[float, float, list[int]]) -> tuple[int, int]:
    """Deals won by the oracle player against normal (both seatings of every deal)."""
    margin, noise, seeds = job
    won = played = 0
    for seed in seeds:
        for first in (0, 1):
            if stopped():
                return won, played
            game = new_game(RULES, ["Oracle", "Normal"], seed=seed, dealer=first)
            player = Oracle(seed)
            opponent = NormalBot(seed + 1)
            player.margin, player.game, player.opponent = margin, game, opponent
            player.noise = noise
            bots: list[Bot] = [player, opponent]
            while game.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                seat = game.current
                game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
            scores = game.state.scores
            won += scores[0] > scores[1]
            played += 1
            tick()
    return won, played


def split(seeds: list[int], jobs: int) -> list[list[int]]:
    return [seeds[index::jobs] for index in range(jobs)]


def study_deals(options: argparse.Namespace) -> int:
    """How many deals a study plays in all (the length of its progress bar)."""
    if options.study == "speed":
        return 4 * (options.deals or 600)
    if options.study == "headroom":
        return options.deals or 40
    seeds = (options.deals or 800) // 2
    plays = 2 if options.study == "oracle" else 6
    return plays * seeds * 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("study", choices=("speed", "oracle", "knowledge", "headroom"))
    parser.add_argument("--deals", type=int, default=0)
    parser.add_argument("--margin", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rollouts", type=int, default=40, help="headroom: futures per option")
    options = parser.parse_args(argv)
    jobs = max(1, options.jobs)
    total = study_deals(options)
    stop = shared_stop()
    with (
        stop_on_interrupt(stop),
        progress_bar(f"{options.study} study", total, "deals") as bar,
        ProcessPoolExecutor(max_workers=jobs, **bar.pool_arguments(stop)) as pool,
    ):
        run_study(options, jobs, pool)
    if stop.is_set():
        print(
            f"PARTIAL: stopped with Ctrl+C after {bar.done} of {total} deals; the figures "
            "above cover the deals played so far."
        )
        return EXIT_STOPPED
    return 0


def run_study(options: argparse.Namespace, jobs: int, pool: ProcessPoolExecutor) -> None:
    """Play the chosen study in ``pool`` and print its figures (after Ctrl+C: of the deals
    played so far; a row with no deal played is left out)."""
    if options.study == "speed":
        deals = options.deals or 600
        seeds = list(range(options.seed, options.seed + deals))
        print(f"Draws to go out alone, {deals} deals of two-player European Rummy:")
        print("| Policy | Mean | s.e. | Median |\n|---|---:|---:|---:|")
        for name in ("easy", "normal", "hard", "race"):
            parts = pool.map(draws_to_go_out, [(name, part) for part in split(seeds, jobs)])
            draws = [value for part in parts for value in part]
            if not draws:
                continue
            spread = statistics.pstdev(draws) / math.sqrt(len(draws))
            print(
                f"| {name} | {statistics.mean(draws):.2f} | {spread:.2f} "
                f"| {statistics.median(draws):.0f} |",
                flush=True,
            )
        return
    if options.study == "headroom":
        deals = options.deals or 40
        seeds = list(range(options.seed, options.seed + deals))
        rollouts = max(2, options.rollouts)
        jobs_list = [(4, rollouts, part) for part in split(seeds, jobs)]
        parts = list(pool.map(headroom, jobs_list))
        print(f"Headroom of normal's choices in {deals} deals, {rollouts // 2} futures each:")
        for index, what in enumerate(("discard among its 4 best", "stock or pile")):
            gains = [gain for part in parts for gain in part[index]]
            if not gains:
                continue
            spread = statistics.pstdev(gains) / math.sqrt(len(gains))
            print(
                f"  {what}: {len(gains)} decisions, the search saves "
                f"{statistics.mean(gains):.3f} draws a decision (s.e. {spread:.3f}); "
                f"normal's own choice kept in {sum(gain == 0 for gain in gains)}."
            )
        return
    deals = options.deals or 800
    seeds = list(range(options.seed, options.seed + deals // 2))

    def play(label: str, margin: float, noise: float) -> None:
        jobs_list = [(margin, noise, part) for part in split(seeds, jobs)]
        parts = list(pool.map(oracle_wins, jobs_list))
        won = sum(part[0] for part in parts)
        played = sum(part[1] for part in parts)
        if not played:
            return
        rate = won / played
        margin_se = (rate - 0.5) / math.sqrt(0.25 / played)
        print(f"  {label}: {rate:.1%} of {played} deals ({margin_se:+.1f} s.e.)", flush=True)

    if options.study == "oracle":
        print(f"Oracle study, {len(seeds) * 2} deals against normal:")
        play("as it is", 0.0, 0.0)
        play("told normal's hand", options.margin, 0.0)
        return
    print(f"Knowledge study, {len(seeds) * 2} deals against normal:")
    for auc in (0.9, 0.8, 0.7):
        play(f"guess with AUC {auc:.1f}, margin {options.margin}", options.margin, noise_for(auc))
    for margin in (0.25, 0.5, 1.0):
        play(f"told normal's hand, margin {margin}", margin, 0.0)


if __name__ == "__main__":
    raise SystemExit(main())
