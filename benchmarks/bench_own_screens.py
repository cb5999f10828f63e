"""How soon a move made on one screen is drawn on another screen of the match, and what an
idle joined screen costs: the real apps, each in its own process.

Run from the project folder::

    python benchmarks/bench_own_screens.py [--moves 200] [--idle 20] [--seed 24]
                                           [--data-dir DIR]

A two-player Rummy 500 match, ``Anna,own:Bob``: process A is the shared screen
(``make_app(setup=...)``, Anna at its keyboard), process B is Bob's joined screen
(``make_app(start="join", join_code=CODE)``, as ``rummy join CODE`` starts it). Both run
headless (``App.run_test``: Textual draws every frame, only the terminal write is left out)
on one data folder. A third process, the conductor, presses the keys through each app's
Pilot: on Anna's turn on A, on Bob's on B (``d`` draw from the stock, ``x`` discard), and
deals anew as deals end (Enter on the end of the deal and on the hand-off; dealing is not
timed).

A move counts from the moment the key is pressed on the moving screen until the other
screen has drawn it: its session showed the move (``SharedTurns.caught_up``, from its look
for news every ``WATCH_INTERVAL`` s) and the screen has been refreshed since
(``call_after_refresh``). Both times are read from ``time.monotonic()``, which on Linux is
one clock for every process, and go to the conductor through a pipe. Before each move the
conductor waits until both screens show the same move, then a random part of a watch
interval, so moves land anywhere between two looks.

Then nobody moves for ``--idle`` seconds: the processor time each screen's process spends
over that wall time is the cost of an idle screen (the joined one is the one the issue
sets a goal for).

It prints, for each way (Anna's moves drawn on Bob's screen and Bob's on the shared
screen, and both together), the median, 90th and 99th percentile and the slowest move, and
the idle share of one core of each screen; it ends with code 1 when the 99th percentile of
all moves is over 300 ms or the idle joined screen over 2 %.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import rummy_tui  # noqa: F401
except ImportError:  # run as a script from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_shared_log import IDLE_GOAL_PERCENT, P99_GOAL_MS, percentile

from rummy_tui.persistence.shared_match import WATCH_INTERVAL

SIZE = (110, 36)
"""The size of both screens."""
WAIT = 30.0
"""The longest the conductor waits for a screen before it gives up."""
SHARED, JOINED = "shared", "joined"


# ---------------------------------------------------------------------- a screen's process


def screen_process(role: str, conn: Connection, data_dir: str, code: str, seed: int) -> None:
    """One screen of the match, run headless, doing what the conductor asks."""
    asyncio.run(_screen(role, conn, Path(data_dir), code, seed))


async def _screen(role: str, conn: Connection, data_dir: Path, code: str, seed: int) -> None:
    from rummy_tui.core import Phase, get_variant
    from rummy_tui.match.setup import MatchSetup, parse_players
    from rummy_tui.ui.shell.app import make_app
    from rummy_tui.ui.shell.settings import DisplaySettings

    settings = DisplaySettings()
    if role == SHARED:
        setup = MatchSetup(
            rules=get_variant("rummy500"),
            seats=parse_players("Anna,own:Bob"),
            seed=seed,
            bot_delay=0.0,
        )
        app = make_app(setup=setup, data_dir=data_dir, settings=settings)
    else:
        app = make_app(start="join", join_code=code, data_dir=data_dir, settings=settings)
    loop = asyncio.get_running_loop()
    asks: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
    loop.add_reader(conn.fileno(), lambda: asks.put_nowait(conn.recv()))
    hooked: set[int] = set()

    def hook() -> None:
        """Say when each move the session shows has been drawn."""
        session = app.session
        if session is None or id(session) in hooked:
            return
        shared = session.shared  # the session's moves of the shared match
        if shared is None:
            return
        hooked.add(id(session))
        shown_before = shared.caught_up

        def caught_up() -> Any:
            link = session.link
            before = link.shown if link is not None else 0
            entries = shown_before()
            after = link.shown if link is not None else 0
            if after > before:
                app.call_after_refresh(
                    lambda: conn.send(("drawn", before, after, time.monotonic()))
                )
            return entries

        shared.caught_up = caught_up  # type: ignore[method-assign]

    def state() -> tuple[Any, ...]:
        session = app.session
        screen = type(app.screen).__name__
        if session is None or session.link is None:
            return ("state", screen, "", -1, -1)
        game = session.game
        return ("state", screen, game.phase.name, game.current, session.link.shown)

    async with app.run_test(headless=True, size=SIZE) as pilot:
        while True:
            ask = await asks.get()
            hook()
            kind = ask[0]
            if kind == "code":
                for _ in range(int(WAIT / 0.05)):
                    if app.session is not None and app.session.link is not None:
                        break
                    await pilot.pause(0.05)
                assert app.session is not None and app.session.link is not None
                conn.send(("code", app.session.link.codes[1]))
            elif kind == "state":
                conn.send(state())
            elif kind == "press":
                started = time.monotonic()
                await pilot.press(ask[1])
                hook()
                conn.send(("pressed", started, *state()[1:]))
            elif kind == "move":
                assert app.session is not None
                game = app.session.game
                key = "x"
                if game.phase is Phase.DRAW:
                    kinds = {action.kind for action in game.legal_actions()}
                    key = "d" if "draw_stock" in kinds else "e"
                started = time.monotonic()
                await pilot.press(key)
                conn.send(("pressed", started, *state()[1:]))
            elif kind == "idle":
                wall, cpu = time.monotonic(), time.process_time()
                await asyncio.sleep(ask[1])
                used = time.process_time() - cpu
                conn.send(("idle", used / (time.monotonic() - wall)))
            elif kind == "quit":
                break
        loop.remove_reader(conn.fileno())
    conn.send(("done",))


# ---------------------------------------------------------------------- the conductor


class Screen:
    """The conductor's end of one screen's pipe."""

    def __init__(self, role: str, conn: Connection, process: Any) -> None:
        self.role = role
        self.conn = conn
        self.process = process
        self.drawn: dict[int, float] = {}
        """When each move (by its number in the log) was drawn on this screen."""

    def _take(self, message: tuple[Any, ...]) -> bool:
        if message[0] == "drawn":
            _kind, before, after, when = message
            for seq in range(before + 1, after + 1):
                self.drawn.setdefault(seq, when)
            return True
        return False

    def ask(self, *message: Any) -> tuple[Any, ...]:
        """Send ``message``; the answer (the news of drawn moves noted on the way)."""
        self.conn.send(message)
        return self.answer(message[0])

    def answer(self, what: str, wait: float = WAIT) -> tuple[Any, ...]:
        """The answer to the last ask (the news of drawn moves noted on the way)."""
        while True:
            if not self.conn.poll(wait):
                raise RuntimeError(f"the {self.role} screen did not answer {what}")
            answer = self.conn.recv()
            if not self._take(answer):
                return tuple(answer)

    def drawn_at(self, seq: int) -> float:
        """When move ``seq`` was drawn here (waiting for it)."""
        deadline = time.monotonic() + WAIT
        while seq not in self.drawn:
            left = deadline - time.monotonic()
            if left <= 0 or not self.conn.poll(left):
                raise RuntimeError(f"move {seq} was never drawn on the {self.role} screen")
            answer = self.conn.recv()
            if not self._take(answer):
                raise RuntimeError(f"unexpected {answer!r} from the {self.role} screen")
        return self.drawn[seq]


def start_screen(context: Any, role: str, folder: str, code: str, seed: int) -> Screen:
    ours, theirs = context.Pipe()
    process = context.Process(target=screen_process, args=(role, theirs, folder, code, seed))
    process.start()
    return Screen(role, ours, process)


def wait_until(check: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"never happened: {what}")
        time.sleep(0.02)


def play(shared: Screen, joined: Screen, moves: int, rng: random.Random) -> dict[str, list[float]]:
    """Make ``moves`` timed moves; the milliseconds of each, by the way it went."""
    ways: dict[str, list[float]] = {
        "Anna's moves, shared -> joined": [],
        "Bob's moves, joined -> shared": [],
    }
    anna, bob = ways
    untimed = 0
    while len(ways[anna]) + len(ways[bob]) < moves:
        if untimed > 50:
            raise RuntimeError("the screens went on without a move")
        a, b = shared.ask("state"), joined.ask("state")
        if a[1] in ("HandoffScreen", "CutScreen", "DealEndScreen", "OwnScreensScreen"):
            shared.ask("press", "escape" if a[1] == "OwnScreensScreen" else "enter")
            untimed += 1
            continue
        if b[1] == "DealEndScreen":
            joined.ask("press", "enter")
            untimed += 1
            continue
        if a[1] != "TableScreen" or b[1] != "TableScreen" or a[2] not in ("DRAW", "PLAY"):
            raise RuntimeError(f"screens the benchmark does not know: {a!r}, {b!r}")
        wait_until(lambda: shared.ask("state")[4] == joined.ask("state")[4], "both screens level")
        mover, watcher, way = (shared, joined, anna) if a[3] == 0 else (joined, shared, bob)
        time.sleep(rng.uniform(0, WATCH_INTERVAL))
        before = mover.ask("state")[4]
        _kind, started, *after = mover.ask("move")
        seq = after[3]
        if seq != before + 1:
            raise RuntimeError(f"the {mover.role} screen's move was not made once: {after!r}")
        ways[way].append((watcher.drawn_at(seq) - started) * 1000)
        untimed = 0
    return ways


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 when both goals are met."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="moves timed (default 200)")
    parser.add_argument("--idle", type=float, default=20.0, help="idle seconds (default 20)")
    parser.add_argument("--seed", type=int, default=24, help="the match's seed (default 24)")
    parser.add_argument("--data-dir", type=Path, default=None, help="where the folder goes")
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(dir=args.data_dir) as folder:
        shared = start_screen(context, SHARED, folder, "", args.seed)
        joined = None
        try:
            code = shared.ask("code")[1]
            joined = start_screen(context, JOINED, folder, code, args.seed)
            wait_until(lambda: joined.ask("state")[1] == "TableScreen", "the joined table")
            ways = play(shared, joined, args.moves, random.Random(args.seed))
            for screen in (shared, joined):
                screen.conn.send(("idle", args.idle))
            idle = {
                screen.role: screen.answer("idle", args.idle + WAIT)[1]
                for screen in (shared, joined)
            }
            for screen in (shared, joined):
                screen.conn.send(("quit",))
        finally:
            for screen in (shared, joined):
                if screen is not None:
                    screen.process.terminate()
                    screen.process.join(timeout=10)
    return report(args, ways, idle)


def report(args: argparse.Namespace, ways: dict[str, list[float]], idle: dict[str, float]) -> int:
    every = [ms for samples in ways.values() for ms in samples]
    print(
        f"Rummy 500, Anna,own:Bob, seed {args.seed}; screens look for news every "
        f"{WATCH_INTERVAL * 1000:.0f} ms; {len(every)} moves, key pressed to drawn on the "
        "other screen:"
    )
    for name, samples in (*ways.items(), ("every move", every)):
        if not samples:
            continue
        print(
            f"  {name:32} n={len(samples):3}  median {statistics.median(samples):6.1f} ms  "
            f"p90 {percentile(samples, 0.90):6.1f} ms  p99 {percentile(samples, 0.99):6.1f} ms  "
            f"max {max(samples):6.1f} ms"
        )
    p99 = percentile(every, 0.99)
    print(f"  p99 / goal ({P99_GOAL_MS:.0f} ms): {p99 / P99_GOAL_MS:.2f}")
    for role, share in idle.items():
        print(f"Idle {role} screen over {args.idle:g} s: {share * 100:.2f} % of one core")
    print(f"  (goal for the joined screen: under {IDLE_GOAL_PERCENT:.0f} %)")
    return 0 if p99 < P99_GOAL_MS and idle[JOINED] * 100 < IDLE_GOAL_PERCENT else 1


if __name__ == "__main__":
    sys.exit(main())
