"""The engine under random play side by side with rlcard's gin-rummy environment.

Run: ``python benchmarks/engine_vs_rlcard.py [--rounds 10] [--slice 1.0] [--seed 1]``. It needs
rlcard (``pip install rlcard``, or the ``bench`` extra: ``pip install -e '.[bench]'``), which is
a benchmark-only package and no dependency of the game.

Both sides play whole deals with random legal play through their public interfaces:

* *ours*: Classic Rummy for two players, a new match per deal; at every step
  ``game.legal_actions()`` and ``game.apply()`` of one action picked at random, until the
  deal is over. No invariant checks, no computer players.
* *rlcard*: ``rlcard.make("gin-rummy")`` with a random agent (``RandomAgent``) for both
  seats; ``env.reset()``, then ``env.step()`` of the agent's pick among the legal actions
  ``env`` offers, until ``env.is_over()``. That step also builds rlcard's observation of the
  table, which is part of its public interface.

Classic Rummy and gin rummy are close cousins (one pack, 10 cards each, groups and runs with
aces low), not the same game: the deals differ in length (ours end when a hand is empty, or
dead at the stock's end, gin when a player knocks or the stock is down to two cards), so both
actions per second and deals per second are given.

The two run in the same process, in alternating time slices of ``--slice`` seconds (whole
deals; who goes first alternates from round to round), so machine load hits both alike. Each
slice gives one figure of actions per second and of deals per second by the clock on the wall,
and of actions per second of processor time this process used (less shaken by other programs
on a busy machine); the report gives the medians over the ``--rounds`` slices of each side and
the ratios ours / rlcard. Then every
variant of ours is timed the same way at 2 players and at its largest table (``--variant-rounds``
slices each).

On a terminal a progress bar on standard error counts the slices timed. Ctrl+C stops after the
deal in play: the slice it cut short is dropped, the medians of the slices timed so far are
printed (a table not reached is left out), marked as partial, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.core.variants import VARIANT_IDS
from rummy_tui.tools.progress import progress_bar
from rummy_tui.tools.simulate import StopFlag, stop_on_interrupt

try:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("rlcard is not installed: pip install rlcard (benchmark only)")

EXIT_STOPPED = 130
"""The exit status of a run stopped with Ctrl+C (the same as ``rummy simulate``'s)."""

PlayDeal = Callable[[], int]
"""Plays one whole deal and returns how many actions it took."""


@dataclass
class Side:
    """The slices timed of one side: actions and deals per second, one figure per slice."""

    name: str
    actions: list[float] = field(default_factory=list)
    deals: list[float] = field(default_factory=list)
    cpu_actions: list[float] = field(default_factory=list)

    def median_actions(self) -> float:
        return statistics.median(self.actions)

    def median_deals(self) -> float:
        return statistics.median(self.deals)

    def median_cpu_actions(self) -> float:
        return statistics.median(self.cpu_actions)


def ours(variant: str, players: int, seed: int) -> PlayDeal:
    """Random legal play of ``variant`` at ``players`` seats, a new match per deal."""
    rules = get_variant(variant)
    names = [f"P{seat + 1}" for seat in range(players)]
    rng = random.Random(seed)
    count = iter(range(seed * 1_000_000, sys.maxsize))
    over = (Phase.DEAL_OVER, Phase.MATCH_OVER)

    def play() -> int:
        game = new_game(rules, names, seed=next(count))
        actions = 0
        while game.phase not in over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        return actions

    return play


def theirs(seed: int) -> PlayDeal:
    """rlcard's gin rummy with a random agent in both seats."""
    env = rlcard.make("gin-rummy", config={"seed": seed})
    agent = RandomAgent(num_actions=env.num_actions)
    np.random.seed(seed)  # RandomAgent picks with numpy's global generator

    def play() -> int:
        state, _ = env.reset()
        actions = 0
        while not env.is_over():
            state, _ = env.step(agent.step(state))
            actions += 1
        return actions

    return play


def time_slice(play: PlayDeal, seconds: float, stop: StopFlag) -> tuple[float, float, float] | None:
    """Whole deals for at least ``seconds`` of the clock on the wall: (actions per second,
    deals per second, actions per second of this process's processor time), or None when
    ``stop`` was set before the slice was full."""
    clock = time.perf_counter
    cpu = time.process_time
    actions = deals = 0
    started = clock()
    cpu_started = cpu()
    while True:
        if stop.is_set():
            return None
        actions += play()
        deals += 1
        elapsed = clock() - started
        if elapsed >= seconds:
            return actions / elapsed, deals / elapsed, actions / max(cpu() - cpu_started, 1e-9)


def _time_round(sides: list[tuple[Side, PlayDeal]], seconds: float, stop: StopFlag) -> bool:
    """One slice of each side, in the order given; False when stopped (nothing kept)."""
    figures = []
    for _, play in sides:
        figure = time_slice(play, seconds, stop)
        if figure is None:
            return False
        figures.append(figure)
    for (side, _), (actions, deals, cpu_actions) in zip(sides, figures, strict=True):
        side.actions.append(actions)
        side.deals.append(deals)
        side.cpu_actions.append(cpu_actions)
    return True


def tables() -> list[tuple[str, int]]:
    """Every variant at 2 players and at its largest table."""
    found = []
    for variant in VARIANT_IDS:
        rules = get_variant(variant)
        found.append((variant, rules.min_players))
        found.append((variant, rules.max_players))
    return found


def run(rounds: int, seconds: float, seed: int, variant_rounds: int) -> int:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"random legal play, {rounds} slices of {seconds:g} s per side, seed {seed}, "
        f"load average {load:.2f}; medians over the slices"
    )
    mine = Side("ours: classic, 2 players")
    rl = Side("rlcard: gin-rummy")
    pairs = [(mine, ours("classic", 2, seed)), (rl, theirs(seed))]
    all_tables = tables()
    total = 2 * rounds + variant_rounds * len(all_tables)
    with stop_on_interrupt() as stop, progress_bar("slices timed", total, "slices") as bar:
        for number in range(rounds):
            order = pairs if number % 2 else pairs[::-1]
            if not _time_round(order, seconds, stop):
                break
            bar.advance(2)
        if mine.actions:
            _print_duel(mine, rl)
        timed = []
        for variant, players in all_tables if not stop.is_set() else ():
            side = Side(f"{variant}, {players} players")
            play = ours(variant, players, seed)
            for _ in range(variant_rounds):
                if not _time_round([(side, play)], seconds, stop):
                    break
                bar.advance()
            if side.actions:
                timed.append(side)
            if stop.is_set():
                break
        if timed:
            _print_variants(timed)
    if stop.is_set():
        print(
            f"PARTIAL: stopped with Ctrl+C after {bar.done} of {total} slices; the medians "
            "above cover the slices timed so far."
        )
        return EXIT_STOPPED
    return 0


def _header(title: str) -> None:
    print(f"{title:<26} {'actions/s':>11} {'deals/s':>9} {'actions/cpu-s':>14} {'slices':>7}")


def _print_duel(mine: Side, rl: Side) -> None:
    _header("")
    for side in (mine, rl):
        print(
            f"{side.name:<26} {side.median_actions():>11,.0f} {side.median_deals():>9.1f}"
            f" {side.median_cpu_actions():>14,.0f} {len(side.actions):>7}"
        )
    print(
        f"{'ratio ours / rlcard':<26} {mine.median_actions() / rl.median_actions():>10.2f}x"
        f" {mine.median_deals() / rl.median_deals():>8.2f}x"
        f" {mine.median_cpu_actions() / rl.median_cpu_actions():>13.2f}x",
        flush=True,
    )


def _print_variants(timed: list[Side]) -> None:
    print()
    _header("ours, by table")
    for side in timed:
        print(
            f"{side.name:<26} {side.median_actions():>11,.0f} {side.median_deals():>9.1f}"
            f" {side.median_cpu_actions():>14,.0f} {len(side.actions):>7}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="slices per side (10)")
    parser.add_argument("--slice", type=float, default=1.0, help="seconds per slice (1.0)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument(
        "--variant-rounds", type=int, default=3, help="slices per table of ours (3)"
    )
    args = parser.parse_args(argv)
    return run(args.rounds, args.slice, args.seed, args.variant_rounds)


if __name__ == "__main__":
    raise SystemExit(main())
