"""Issue 14, item 2: two windows on one match never overwrite each other's moves.

A match being played holds an operating-system lock that dies with its process; another
process is refused with "This match is open in another window", and a save whose file no
longer starts with the match's own log is refused too.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rummy_tui.persistence import SaveError, SaveStore
from rummy_tui.persistence.locks import OPEN_ELSEWHERE
from tests.persistence.helpers import match_at, step
from tests.processes import end_with_parent

ROOT = Path(__file__).resolve().parents[2]

_OTHER_WINDOW = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[1])
    from rummy_tui.persistence import SaveStore
    SaveStore(sys.argv[2]).load(sys.argv[3])
    print("open", flush=True)
    sys.stdin.readline()
    """
)


@pytest.fixture
def other_window(data_dir: Path):  # type: ignore[no-untyped-def]
    """Start another process that opens a match and keeps it open until it is killed."""
    started: list[subprocess.Popen[str]] = []

    def open_match(name: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-c", _OTHER_WINDOW, str(ROOT), str(data_dir), name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=end_with_parent,
        )
        started.append(process)
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "open"
        return process

    yield open_match
    for process in started:
        process.kill()
        process.wait()


def test_a_match_open_in_another_window_is_refused_until_that_window_dies(
    data_dir: Path, other_window
) -> None:  # type: ignore[no-untyped-def]
    setup, game = match_at("classic", "fresh", players=2)
    store = SaveStore(data_dir)
    name = store.create(setup, game)
    store.release(name)
    before = store.path_of(name).read_bytes()
    window = other_window(name)

    with pytest.raises(SaveError, match=OPEN_ELSEWHERE):
        SaveStore(data_dir).load(name)
    with pytest.raises(SaveError, match=OPEN_ELSEWHERE):
        store.save(name, setup, game)
    with pytest.raises(SaveError, match=OPEN_ELSEWHERE):
        store.rename(name, "renamed")
    with pytest.raises(SaveError, match=OPEN_ELSEWHERE):
        store.delete(name)
    assert store.is_open_elsewhere(name)
    assert store.path_of(name).read_bytes() == before

    window.kill()  # a crash: the lock goes with the process, nothing stale is left
    window.wait()

    _, loaded, _ = SaveStore(data_dir).load(name)
    assert loaded.to_json() == game.to_json()
    assert not store.is_open_elsewhere(name)


def test_leaving_a_match_lets_another_window_open_it(data_dir: Path, other_window) -> None:  # type: ignore[no-untyped-def]
    setup, game = match_at("classic", "fresh", players=2)
    store = SaveStore(data_dir)
    name = store.create(setup, game)
    store.release(name)

    other_window(name)  # opens: this process no longer holds it


def test_a_save_whose_log_is_not_this_matchs_own_start_is_not_written_over(
    data_dir: Path,
) -> None:
    setup, game = match_at("classic", "fresh", players=2)
    first = SaveStore(data_dir)
    name = first.create(setup, game)
    _, elsewhere, _ = SaveStore(data_dir).load(name)
    start = len(game.state.log)
    for _ in range(3):
        step(elsewhere, random.Random(5))
    rng = random.Random(99)
    while len(game.state.log) < start + 5:
        step(game, rng)
    assert game.state.log[start:] != elsewhere.state.log[start : start + 3]
    SaveStore(data_dir).save(name, setup, elsewhere)  # the other window's moves
    theirs = first.path_of(name).read_bytes()

    with pytest.raises(SaveError, match="did not make"):
        first.save(name, setup, game)

    assert first.path_of(name).read_bytes() == theirs


def test_a_match_open_elsewhere_can_still_be_looked_at(data_dir: Path, other_window) -> None:  # type: ignore[no-untyped-def]
    setup, game = match_at("classic", "fresh", players=2)
    store = SaveStore(data_dir)
    name = store.create(setup, game)
    store.release(name)
    other_window(name)

    _, seen, _ = SaveStore(data_dir).peek(name)  # a score sheet, say: no lock needed

    assert seen.to_json() == game.to_json()
    with pytest.raises(SaveError, match=OPEN_ELSEWHERE):
        SaveStore(data_dir).load(name)
