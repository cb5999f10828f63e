"""Mutation testing of the rules core: how many broken copies of it the core's tests catch.

Run from the project root:

    python benchmarks/mutation.py               # every mutant (hours on a 2-core machine)
    python benchmarks/mutation.py --sample 400  # a seeded random sample of the mutants
    python benchmarks/mutation.py --report      # only print the score of what has been run

mutmut (a test extra) makes small changes ("mutants") to ``rummy_tui/core`` one at a time,
for example ``>`` into ``>=`` or ``+ 1`` into ``+ 2``, and runs the tests of ``tests/core``
that reach the changed function ([tool.mutmut] in pyproject.toml). A mutant is *killed* when a
test fails. The run is niced and uses one worker, since the machine is shared; results are
kept in ``mutants/`` so a later run only checks what changed or was not checked yet.

The script prints the score (killed / checked, where timeouts count as killed: the tests
noticed the change) and every surviving mutant's name; ``mutmut show NAME`` prints its diff.
It is not part of the default test command.

On a terminal a progress bar on standard error counts the mutants checked (it reads mutmut's
results in ``mutants/`` every few seconds); mutmut's own output then goes to a log file whose
name is printed first. In a pipe or a log there is no bar and mutmut's output passes through.
Ctrl+C stops mutmut, which keeps what it has checked; the score of the checked mutants is
printed, marked as partial, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.progress import ProgressBar, progress_bar
from rummy_tui.simulate import stop_on_interrupt

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
KILLED = {1, 3}
TIMEOUT = {36, 24, -24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}
EXIT_STOPPED = 130
"""The exit status of a run stopped with Ctrl+C (the same as ``rummy simulate``'s)."""
POLL_SECONDS = 3.0
"""How often the progress bar reads mutmut's results."""


def _results() -> dict[str, int | None]:
    """Mutant name -> mutmut's exit code (None: not checked yet), from ``mutants/``."""
    found: dict[str, int | None] = {}
    for meta in sorted(MUTANTS.glob("rummy_tui/core/**/*.py.meta")):
        found.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return found


def _generate() -> None:
    """Let mutmut write the mutants (it does so at the start of every run)."""
    if not MUTANTS.exists():
        # A run with a name that matches nothing stops right after generating the mutants.
        subprocess.run(
            ["mutmut", "run", "--max-children", "1", "generate-only-no-such-mutant"],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )


def _verdicts() -> dict[str, tuple[object, object]]:
    """Mutant name -> (exit code, seconds) as mutmut has stored them so far."""
    found: dict[str, tuple[object, object]] = {}
    for meta in sorted(MUTANTS.glob("rummy_tui/core/**/*.py.meta")):
        data = json.loads(meta.read_text("utf-8"))
        durations = data.get("durations_by_key", {})
        for name, code in data["exit_code_by_key"].items():
            found[name] = (code, durations.get(name))
    return found


def _checked(names: list[str], before: dict[str, tuple[object, object]]) -> int:
    """How many mutants the running mutmut has checked: of ``names``, those whose stored
    verdict changed since ``before`` (a named mutant is checked again); of a whole run (no
    names), every mutant with a verdict."""
    try:
        now = _verdicts()
    except (OSError, ValueError, KeyError):  # a file being written: read it next time
        return -1
    if not names:
        return sum(code is not None for code, _ in now.values())
    return sum(
        name in now and now[name][0] is not None and now[name] != before.get(name) for name in names
    )


def _watch(
    bar: ProgressBar,
    names: list[str],
    before: dict[str, tuple[object, object]],
    finished: threading.Event,
) -> None:
    """Advance ``bar`` to the number of mutants checked until ``finished`` is set."""
    while not finished.wait(POLL_SECONDS):
        _catch_up(bar, names, before)


def _catch_up(bar: ProgressBar, names: list[str], before: dict[str, tuple[object, object]]) -> None:
    checked = _checked(names, before)
    if checked > bar.done:
        bar.advance(checked - bar.done)


def _run(names: list[str]) -> bool:
    """Run mutmut on ``names`` (all mutants when empty); whether Ctrl+C stopped it."""
    command = ["nice", "-n", "10", "mutmut", "run", "--max-children", "1", *names]
    total = len(names) or (len(_results()) if MUTANTS.exists() else 0)
    with (
        stop_on_interrupt() as stop,
        progress_bar("mutants checked", total or None, "mutants") as bar,
    ):
        if not bar.drawn:
            _wait(subprocess.Popen(command, cwd=ROOT), stop)
            return bool(stop.is_set())
        with tempfile.NamedTemporaryFile(
            "w", prefix="rummy-mutmut-", suffix=".log", delete=False
        ) as log:
            print(f"mutmut's own output: {log.name}", flush=True)
            finished = threading.Event()
            before = _verdicts() if MUTANTS.exists() else {}
            watcher = threading.Thread(
                target=_watch, args=(bar, names, before, finished), daemon=True
            )
            watcher.start()
            try:
                _wait(subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log), stop)
            finally:
                finished.set()
                watcher.join(timeout=POLL_SECONDS * 2)
            _catch_up(bar, names, before)
    return bool(stop.is_set())


def _wait(process: subprocess.Popen[bytes], stop: threading.Event) -> None:
    """Wait for mutmut. Ctrl+C on the terminal reaches it directly; a Ctrl+C that reached
    only this script (a signal to its process alone) is passed on after a few seconds."""
    waited_after_stop = 0
    while True:
        try:
            process.wait(timeout=1)
            return
        except subprocess.TimeoutExpired:
            if stop.is_set():
                waited_after_stop += 1
                if waited_after_stop == 5:
                    process.send_signal(signal.SIGINT)


def _report(names: list[str] | None) -> int:
    results = _results()
    if names is not None:
        results = {name: results.get(name) for name in names}
    codes = list(results.values())
    killed = sum(code in KILLED for code in codes)
    timeouts = sum(code in TIMEOUT for code in codes)
    survivors = sorted(name for name, code in results.items() if code in SURVIVED)
    untested = sorted(name for name, code in results.items() if code in NO_TESTS)
    unchecked = sum(code is None for code in codes)
    checked = len(codes) - unchecked
    print(f"mutants: {len(codes)}, checked: {checked}, not checked yet: {unchecked}")
    print(f"killed: {killed}, timeouts: {timeouts}, survived: {len(survivors)}")
    print(f"no test reaches them: {len(untested)}")
    if checked:
        score = (killed + timeouts) / checked
        print(f"score: {score:.1%} of the checked mutants killed")
    for name in survivors:
        print(f"survived: {name}")
    for name in untested:
        print(f"no test: {name}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, help="check a random sample of this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (1)")
    parser.add_argument("--report", action="store_true", help="only report stored results")
    args = parser.parse_args()
    if args.report:
        return _report(None)
    if args.sample is None:
        stopped = _run([])
        return _stopped(_report(None)) if stopped else _report(None)
    _generate()
    everything = sorted(_results())
    if not everything:
        sys.exit("mutmut wrote no mutants: is it installed (pip install -e '.[test]')?")
    names = random.Random(args.seed).sample(everything, min(args.sample, len(everything)))
    stopped = _run(names)
    return _stopped(_report(names)) if stopped else _report(names)


def _stopped(_code: int) -> int:
    """Mark the score just printed as partial: the exit status of a stopped run."""
    print("PARTIAL: stopped with Ctrl+C; the score covers the mutants checked before it.")
    return EXIT_STOPPED


if __name__ == "__main__":
    raise SystemExit(main())
