"""Screens of a shared match as separate processes, for the race, kill and seat tests.

Each function runs in a child process (``multiprocessing``); it opens the shared match file
itself, as a screen of its own would.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

from rummy_tui.core import Action, Game, Phase, StartDeal, TakeBack
from rummy_tui.persistence.shared_match import Applied, Claimed, Lost, SharedMatch


def pick(game: Game, rng: random.Random, take_backs: float = 0.0) -> tuple[Action, int | None]:
    """A legal move and the seat making it: the next deal when a deal is over, sometimes a
    take-back (with probability ``take_backs``) where the engine allows one, else a random
    legal action of the seat to act."""
    if game.phase is Phase.DEAL_OVER:
        return StartDeal(), None
    seat = game.current
    if take_backs and rng.random() < take_backs and game.can_take_back(seat):
        return TakeBack(), seat
    return rng.choice(game.legal_actions()), seat


def action_text(action: Action) -> str:
    """An action as JSON, comparable across processes."""
    return action.model_dump_json()


def race(path: str, which: int, rounds: int, barrier: Any, results: Any) -> None:
    """Make a move at the same moment as the other racer, ``rounds`` times: both wait at
    ``barrier``, append the same number, and report what happened."""
    rng = random.Random(which * 7919)
    with SharedMatch.open(Path(path)) as shared:
        for round_number in range(rounds):
            shared.catch_up()
            seen = shared.seq
            action, seat = pick(shared.game, rng)
            barrier.wait(timeout=30)
            outcome = shared.append(seen, action, seat)
            if isinstance(outcome, Applied):
                results.put(
                    (
                        round_number,
                        which,
                        "applied",
                        outcome.move.seq,
                        action_text(outcome.move.action),
                    )
                )
            elif isinstance(outcome, Lost):
                results.put(
                    (
                        round_number,
                        which,
                        "lost",
                        outcome.winner.seq,
                        action_text(outcome.winner.action),
                    )
                )
            else:
                results.put((round_number, which, "refused", seen + 1, str(outcome.refusal)))
            barrier.wait(timeout=30)  # both have answered before the next round


def append_until_killed(path: str, report: str, most: int, seed: int, ready: Any) -> None:
    """Append up to ``most`` legal moves, writing each one that ``append`` reported applied
    to ``report`` (one ``write`` per line, so a kill never leaves half a line)."""
    rng = random.Random(seed)
    shared = SharedMatch.open(Path(path))
    out = os.open(report, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    ready.set()
    for _ in range(most):
        if shared.game.is_over:
            break
        action, seat = pick(shared.game, rng, take_backs=0.1)
        outcome = shared.append(shared.seq, action, seat)
        assert isinstance(outcome, Applied), outcome
        os.write(out, f"{outcome.move.seq}\t{action_text(outcome.move.action)}\n".encode())


def hold_seat(path: str, code: str, claimed: Any) -> None:
    """Open the seat of ``code`` and keep it until killed."""
    shared = SharedMatch.open(Path(path))
    outcome = shared.claim(code)
    assert isinstance(outcome, Claimed), outcome
    claimed.set()
    time.sleep(120)


def guess_wrong(path: str, guesses: int) -> None:
    """Type ``guesses`` wrong codes for the match, as a stranger's screen would (its own
    waits made short)."""
    from rummy_tui.persistence.seat_codes import GuessPace

    with SharedMatch.open(Path(path)) as shared:
        shared.pace = GuessPace(first=0.001, cap=0.001)
        for _ in range(guesses):
            shared.claim("2222-2222-22")


def watch_seat(path: str, code: str, claimed: Any, let_go: Any) -> None:
    """Open the seat of ``code`` and look at the match as a screen does (every 50 ms) until
    another screen takes the seat over: then set ``let_go`` and end."""
    from rummy_tui.persistence.shared_match import WATCH_INTERVAL

    shared = SharedMatch.open(Path(path))
    outcome = shared.claim(code)
    assert isinstance(outcome, Claimed), outcome
    claimed.set()
    for _ in range(round(120 / WATCH_INTERVAL)):
        if shared.has_news() and shared.taken_over():
            let_go.set()
            shared.close()
            return
        time.sleep(WATCH_INTERVAL)
