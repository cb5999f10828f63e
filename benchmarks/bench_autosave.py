"""How long an autosave takes: a 12-player European Rummy match, mid-deal, with a long log.

Run from the project folder::

    python benchmarks/bench_autosave.py [--actions 6000] [--saves 300] [--pause 0.02]
                                        [--data-dir DIR]

The match is played by seeded random legal moves until its log holds ``--actions`` actions
(a whole 12-deal match played out by people is shorter), then each of ``--saves`` further
actions is applied and saved, as the game does after every action; only the save is timed.
Actions come ``--pause`` seconds apart (no one plays faster; computer players wait half a
second by default), which gives the background part of a save (directory fsync, deleting the
replaced backup) its time; the back-to-back line shows the worst case. Saves go to a fresh
folder under ``--data-dir`` (default: a temporary folder), so point it at the disk that will
hold real saves to include that disk's fsync.

It prints the median and the 99th percentile of an autosave with fsync (what the game does),
back to back, and without fsync (to show what the fsync costs); then, for comparison, the
first save after loading a match, a full serialization of the game state, and the load
(replay) time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

try:
    import rummy_tui  # noqa: F401
except ImportError:  # run as a script from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.core import Game, Phase, StartDeal, get_variant
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence import SaveStore

PLAYERS = 12


def play(game: Game, rng: random.Random) -> None:
    """Apply one random legal action (starting the next deal when one is over)."""
    if game.phase is Phase.DEAL_OVER:
        game.apply(StartDeal())
    else:
        game.apply(rng.choice(game.legal_actions()))


def long_match(actions: int, seed: int) -> tuple[MatchSetup, Game, random.Random]:
    """A 12-player European match, mid-deal, whose log holds at least ``actions`` actions."""
    rules = get_variant("european")
    seats = tuple(Seat(name=f"Player {number}") for number in range(1, PLAYERS + 1))
    setup = MatchSetup(rules=rules, seats=seats, seed=seed)
    game = setup.start()
    rng = random.Random(seed)
    while len(game.state.log) < actions or game.phase not in (Phase.DRAW, Phase.PLAY):
        if game.is_over:
            raise SystemExit(f"The match ended after {len(game.state.log)} actions; ask fewer.")
        play(game, rng)
    return setup, game, rng


def percentile(samples: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the samples lie (nearest rank)."""
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def timed(
    saves: int, game: Game, rng: random.Random, save: Callable[[], None], pause: float = 0.0
) -> list[float]:
    """Milliseconds of ``save`` after each of ``saves`` further actions, ``pause`` s apart."""
    samples = []
    for _ in range(saves):
        if game.is_over:
            break
        if pause:
            time.sleep(pause)
        play(game, rng)
        start = time.perf_counter()
        save()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def report(label: str, samples: list[float]) -> None:
    """One line: median and 99th percentile."""
    print(
        f"  {label:<44} median {statistics.median(samples):6.2f} ms   "
        f"p99 {percentile(samples, 0.99):6.2f} ms   (n={len(samples)})"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, default=6000, help="log length before timing")
    parser.add_argument("--saves", type=int, default=300, help="autosaves timed per mode")
    parser.add_argument(
        "--pause", type=float, default=0.02, help="seconds between actions (default 0.02)"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--data-dir", type=Path, default=None, help="where to write")
    args = parser.parse_args(argv)

    setup, game, rng = long_match(args.actions, args.seed)
    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        durable = SaveStore(Path(folder) / "durable")
        name = durable.create(setup, game)
        deal = game.state.deal
        size = durable.path_of(name).stat().st_size
        print(
            f"{PLAYERS}-player {game.rules.name}, deal {deal.deal_number}, turn "
            f"{deal.turn_number}, log of {len(game.state.log)} actions, save file "
            f"{size / 1024:.0f} KB, folder {folder}"
        )
        print(f"Autosave after each action ({args.pause * 1000:.0f} ms between actions):")
        report(
            "with fsync (what the game does)",
            timed(args.saves, game, rng, lambda: durable.save(name, setup, game), args.pause),
        )
        durable.flush()
        report(
            "with fsync, back to back (worst case)",
            timed(args.saves, game, rng, lambda: durable.save(name, setup, game)),
        )
        durable.flush()
        quick = SaveStore(Path(folder) / "quick", durable=False)
        quick.create(setup, game, name)
        report(
            "without fsync (to show its cost)",
            timed(args.saves, game, rng, lambda: quick.save(name, setup, game), args.pause),
        )

        print("For comparison:")
        loads = []
        first_saves = []
        for _ in range(5):
            fresh = SaveStore(Path(folder) / "durable")
            start = time.perf_counter()
            loaded_setup, loaded, _ = fresh.load(name)
            loads.append((time.perf_counter() - start) * 1000)
            play(loaded, rng)
            time.sleep(args.pause)
            start = time.perf_counter()
            fresh.save(name, loaded_setup, loaded)
            first_saves.append((time.perf_counter() - start) * 1000)
        report("first autosave after loading (fsync)", first_saves)
        full = []
        for _ in range(20):
            start = time.perf_counter()
            game.to_json()
            full.append((time.perf_counter() - start) * 1000)
        report("serializing the whole GameState (no write)", full)
        report("loading: validate + replay the log", loads)
        durable.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
