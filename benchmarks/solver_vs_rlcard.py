"""The best-arrangement solver side by side with rlcard's gin-rummy meld search.

Run: ``python benchmarks/solver_vs_rlcard.py [--hands 5000] [--seed 1]``. It needs rlcard
(``pip install rlcard``), which is a benchmark-only package and no dependency of the game.

Both searches get the same 10-card one-pack hands in the same process, alternately hand by
hand, so machine load hits both alike. Classic Rummy's meld rules are gin rummy's (aces low,
groups of three or four, runs of three or more in one suit, pip values with court cards 10),
and the script checks that both find the same least deadwood on every hand before it reports
anything. rlcard lists every cheapest set of melds (``get_best_meld_clusters``) and the
deadwood count comes from it; ours returns one cheapest arrangement.

Two kinds of hand:

* *random*: ten cards dealt from a shuffled pack.
* *meld-dense*: three disjoint melds (runs of 3 to 5 cards of one suit or groups of three or
  four, drawn at random) make up at least nine of the ten cards, the rest is dealt at random;
  these hands have many overlapping melds, where a search that lists meld combinations is at
  its slowest.

It prints per kind the median time per hand of each search and the ratio of the medians
(rlcard / ours). On a terminal a progress bar on standard error counts the hands timed. Ctrl+C
stops after the hand in play: the medians of the hands timed so far are printed (a kind not
reached is left out), marked as partial, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import Card, make_packs
from rummy_tui.core.variants import RuleSet, get_variant
from rummy_tui.tools.progress import progress_bar
from rummy_tui.tools.simulate import StopFlag, stop_on_interrupt

try:
    from rlcard.games.gin_rummy.utils import melding as rl_melding
    from rlcard.games.gin_rummy.utils import utils as rl_utils
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("rlcard is not installed: pip install rlcard (benchmark only)")

_RL_RANKS = "A23456789TJQK"
EXIT_STOPPED = 130
"""The exit status of a run stopped with Ctrl+C (the same as ``rummy simulate``'s)."""


def _rl_card(card: Card) -> object:
    face = card.face
    return rl_utils.card_from_text(_RL_RANKS[face.rank - 1] + face.suit.value)


def _meld(rng: random.Random, deck: list[Card], used: set[Card]) -> list[Card] | None:
    """A random run of 3-5 or group of 3-4 from ``deck`` avoiding ``used``, or None."""
    if rng.random() < 0.5:
        length = rng.randint(3, 5)
        suit = rng.choice("CDHS")
        start = rng.randint(1, 14 - length)
        wanted = {(rank, suit) for rank in range(start, start + length)}
    else:
        rank = rng.randint(1, 13)
        suits = rng.sample("CDHS", rng.randint(3, 4))
        wanted = {(rank, suit) for suit in suits}
    cards = [card for card in deck if (card.face.rank, card.face.suit.value) in wanted]
    if any(card in used for card in cards):
        return None
    return cards


def _dense_hand(rng: random.Random, deck: list[Card]) -> list[Card]:
    while True:
        used: set[Card] = set()
        melds = 0
        while melds < 3:
            meld = _meld(rng, deck, used)
            if meld is not None:
                used.update(meld)
                melds += 1
        if 9 <= len(used) <= 10:
            rest = [card for card in deck if card not in used]
            hand = [*used, *rng.sample(rest, 10 - len(used))]
            rng.shuffle(hand)
            return hand


def _rl_deadwood(hand: list[object]) -> int:
    clusters = rl_melding.get_best_meld_clusters(hand)
    if not clusters:
        return sum(rl_utils.get_deadwood_value(card) for card in hand)
    return rl_utils.get_deadwood_count(hand, clusters[0])


def run(hands: int, seed: int) -> int:
    rules = get_variant("classic")
    deck = list(make_packs(1))
    rng = random.Random(seed)
    kinds = {
        "random": [rng.sample(deck, 10) for _ in range(hands)],
        "meld-dense": [_dense_hand(rng, deck) for _ in range(hands)],
    }
    best_arrangement(rules, deck[:10])  # builds the variant's lookup tables once
    print(f"{hands} hands per kind, seed {seed}; median time per hand")
    print(f"{'hands':<12} {'ours':>10} {'rlcard':>10} {'ratio':>8}", flush=True)
    total = 2 * hands
    with stop_on_interrupt() as stop, progress_bar("hands timed", total, "hands") as bar:
        for kind, dealt in kinds.items():
            timings = _time(rules, dealt, bar.advance, stop)
            if timings is None:
                return 1
            ours, theirs = timings
            if not ours:
                break
            ours_median = statistics.median(ours) / 1000
            theirs_median = statistics.median(theirs) / 1000
            print(
                f"{kind:<12} {ours_median:>8.1f}us {theirs_median:>8.1f}us"
                f" {theirs_median / ours_median:>7.2f}x",
                flush=True,
            )
    if stop.is_set():
        print(
            f"PARTIAL: stopped with Ctrl+C after {bar.done} of {total} hands; the medians "
            "above cover the hands timed so far."
        )
        return EXIT_STOPPED
    return 0


def _time(
    rules: RuleSet, dealt: list[list[Card]], advance: Callable[[], None], stop: StopFlag
) -> tuple[list[int], list[int]] | None:
    """Time both searches on each hand of ``dealt`` until ``stop`` is set: the nanoseconds
    of ours and of rlcard's per hand, or None (after saying so) when the two disagree."""
    clock = time.perf_counter_ns
    ours: list[int] = []
    theirs: list[int] = []
    for hand in dealt:
        if stop.is_set():
            break
        rl_hand = [_rl_card(card) for card in hand]
        started = clock()
        result = best_arrangement(rules, hand)
        ours.append(clock() - started)
        started = clock()
        deadwood = _rl_deadwood(rl_hand)
        theirs.append(clock() - started)
        if deadwood != result.penalty:
            print(f"disagreement on {hand}: ours {result.penalty}, rlcard {deadwood}")
            return None
        advance()
    return ours, theirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per kind (5000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = parser.parse_args()
    return run(args.hands, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
