"""Crash safety: a process killed while it saves leaves every save and backup loadable.

A helper process (``sys.executable -c``) imports the game once, then on each request forks a
worker that loads the match from disk (or starts one) and autosaves after every action, as
the game does, without end. The test kills the worker with SIGKILL at a random moment (while
it plays, serializes, writes, fsyncs, links the backup or renames), at least 100 times, and
after each kill loads the save and its backup; at the end it loads every file in the folder.
Forking from a warm helper keeps each round to milliseconds instead of a fresh interpreter's
start-up.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy_tui.persistence import SaveStore

KILLS = 120
"""How many times a saving process is killed."""
MAX_LOG = 60
"""A worker starts a new match under a new name once the log passes this length."""

_HELPER = r"""
import os, random, sys
sys.path.insert(0, sys.argv[1])
from rummy_tui.core import Discard, DrawStock, Phase, StartDeal
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.core import get_variant
from rummy_tui.persistence import SaveStore

folder, max_log = sys.argv[2], int(sys.argv[3])
seats = tuple(Seat(name=f"P{n}") for n in range(6))

def worker(round_number):
    rng = random.Random(round_number)
    store = SaveStore(folder)
    current = [info.name for info in store.list() if info.name.startswith("crash-")]
    name = max(current, key=lambda text: int(text.split("-")[1])) if current else None
    if name is not None:
        setup, game, extra = store.load(name)
    if name is None or len(game.state.log) > max_log:
        number = int(name.split("-")[1]) + 1 if name else 0
        name = f"crash-{number}"
        setup = MatchSetup(rules=get_variant("european"), seats=seats, seed=number)
        game = setup.start()
        os.write(1, b"saving\n")
        store.create(setup, game, name)
    else:
        os.write(1, b"saving\n")
    while True:  # cheap moves, so nearly all the time goes into saving
        if game.phase is Phase.DEAL_OVER:
            game.apply(StartDeal())
        elif game.phase is Phase.DRAW:
            game.apply(DrawStock())
        else:
            game.apply(Discard(card=rng.choice(game.state.deal.hands[game.current])))
        store.save(name, setup, game, {"round": round_number})

print("ready", flush=True)
for line in sys.stdin:
    round_number = int(line)
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        try:
            # The worker names itself, so its lines never interleave with the parent's.
            os.write(1, f"{os.getpid()}\n".encode())
            worker(round_number)
        finally:
            os._exit(1)
    os.waitpid(pid, 0)
    print("reaped", flush=True)
"""


def _check_all(store: SaveStore, names: list[str] | None = None) -> int:
    """Load every save (or those named) and its backup; return how many files loaded."""
    infos = store.list()
    damaged = {info.name: info.damaged for info in infos if info.damaged}
    assert not damaged, damaged
    loaded = 0
    for info in infos:
        if names is not None and info.name not in names:
            continue
        store.load(info.name)
        store.release(info.name)  # this test is another window: let the worker have the match
        loaded += 1
        if info.has_backup:
            store.load_backup(info.name)
            loaded += 1
    return loaded


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_killed_while_saving_leaves_every_save_loadable(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    folder = tmp_path / "data"
    helper = subprocess.Popen(
        [sys.executable, "-c", _HELPER, str(root), str(folder), str(MAX_LOG)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert helper.stdin is not None and helper.stdout is not None
    rng = random.Random(20240501)
    kills = 0
    try:
        assert helper.stdout.readline().strip() == "ready"
        for round_number in range(KILLS):
            helper.stdin.write(f"{round_number}\n")
            helper.stdin.flush()
            pid = int(helper.stdout.readline())
            assert helper.stdout.readline().strip() == "saving"
            # Between 0 and about 20 autosaves in: every phase of a save gets hit.
            time.sleep(rng.uniform(0.0, 0.04))
            os.kill(pid, signal.SIGKILL)
            kills += 1
            assert helper.stdout.readline().strip() == "reaped"
            store = SaveStore(folder)
            newest = [info.name for info in store.list()[:1]]
            _check_all(store, newest)
    finally:
        helper.stdin.close()
        helper.wait(timeout=30)

    assert kills >= 100
    store = SaveStore(folder)
    assert _check_all(store) >= 2
    names = [info.name for info in store.list()]
    assert all(name.startswith("crash-") for name in names)
    # Each new session of a save sweeps what killed processes left: only the last one's stay.
    stray = [path.name for path in folder.joinpath("saves").iterdir() if path.name.startswith(".")]
    owners = {re.findall(r"\.(\d+)(?:-\d+)?\.(?:tmp|old)$", name)[0] for name in stray}
    assert len(owners) <= 1, stray
    print(f"{kills} kills, saves: {[(n, len(store.load(n)[1].state.log)) for n in names]}")
