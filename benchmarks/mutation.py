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

mutmut runs each mutant against only the tests that called the changed function while it
watched the clean run, in processes forked from that run. A function the core calls once and
remembers (a compiled table, a pydantic schema, a cache) is therefore tried against one test,
or against the cached result of the unmutated code, or against none. So every mutant mutmut
reports surviving, or reached by no test, is checked again in a fresh process against all of
the core's tests (the same selection as ``[tool.mutmut]``), stopping at the first failure
(``--workers 2`` runs those tests on two pytest-xdist workers, for an idle machine);
``--no-recheck`` skips that. The verdicts are kept in ``mutants/recheck.json`` with a
fingerprint of the mutated module and the tests.

The script prints the score (killed / checked, where timeouts count as killed: the tests
noticed the change, and so does a mutant that stops the tests from being collected) and every
surviving mutant's name; ``mutmut show NAME`` prints its diff. Survivors listed in
``benchmarks/mutation_equivalents.md`` are reported as equivalent (they cannot change what the
game does, with the reason there) and left out of the second score. It is not part of the
default test command.

On a terminal a progress bar on standard error counts the mutants checked (it reads mutmut's
results in ``mutants/`` every few seconds); mutmut's own output then goes to a log file whose
name is printed first. In a pipe or a log there is no bar and mutmut's output passes through.
Ctrl+C stops mutmut, which keeps what it has checked; the score of the checked mutants is
printed, marked as partial, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_tui.tools.progress import ProgressBar, progress_bar
from rummy_tui.tools.simulate import stop_on_interrupt

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
KILLED = {1, 2, 3}
"""pytest's statuses when a test fails (1), the tests cannot be collected (2) or mutmut's own
"killed" (3)."""
TIMEOUT = {36, 24, -24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}
EXIT_STOPPED = 130
"""The exit status of a run stopped with Ctrl+C (the same as ``rummy simulate``'s)."""
RECHECK_TIMEOUT = 900.0
"""Seconds one fresh-process check may take before the mutant counts as a timeout (all the core's
tests take about 40 s in one process)."""
CORE_TESTS = ["tests/core", "--ignore=tests/core/test_random_play.py"]
"""The tests a survivor is checked against again: the selection of ``[tool.mutmut]``."""
EQUIVALENTS = ROOT / "benchmarks" / "mutation_equivalents.md"
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


def _tests_digest() -> bytes:
    """The digest of the core's tests as mutmut copied them (read once per check or report)."""
    digest = hashlib.sha256()
    for test in sorted((MUTANTS / "tests" / "core").glob("*.py")):
        digest.update(test.read_bytes())
    return digest.digest()


def _fingerprint(name: str, tests: bytes) -> str:
    """What a fresh-process verdict depends on: the mutated module and the core's tests."""
    module = MUTANTS / (name.split(".x", 1)[0].replace(".", "/") + ".py")
    digest = hashlib.sha256(module.read_bytes() if module.exists() else name.encode())
    digest.update(tests)
    return digest.hexdigest()[:16]


def _rechecked() -> dict[str, dict[str, object]]:
    """Stored fresh-process verdicts: name -> {"code": status, "fingerprint": ...}."""
    path = MUTANTS / "recheck.json"
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _recheck_code(name: str, stored: dict[str, dict[str, object]], tests: bytes) -> int | None:
    """The fresh-process status of ``name`` if it was checked against the current files."""
    entry = stored.get(name)
    if not entry or entry.get("fingerprint") != _fingerprint(name, tests):
        return None
    code = entry.get("code")
    return code if isinstance(code, int) else None


def _recheck(names: list[str], workers: int = 1) -> bool:
    """Check mutmut's survivors among ``names`` in fresh processes (``workers`` pytest-xdist
    workers each); whether Ctrl+C stopped it."""
    results, stored, tests = _results(), _rechecked(), _tests_digest()
    todo = [
        name
        for name in names
        if results.get(name) in SURVIVED | NO_TESTS and _recheck_code(name, stored, tests) is None
    ]
    if not todo:
        return False
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    command += ["-n", str(workers) if workers > 1 else "0"]
    with (
        stop_on_interrupt() as stop,
        progress_bar("survivors checked again", len(todo), "mutants") as bar,
    ):
        for name in todo:
            if stop.is_set():
                return True
            try:
                done = subprocess.run(
                    ["nice", "-n", "10", *command, *CORE_TESTS],
                    cwd=MUTANTS,
                    env={**os.environ, "MUTANT_UNDER_TEST": name},
                    capture_output=True,
                    timeout=RECHECK_TIMEOUT,
                    check=False,
                )
                code = done.returncode
            except subprocess.TimeoutExpired:
                code = 24
            if stop.is_set():
                return True
            stored[name] = {"code": code, "fingerprint": _fingerprint(name, tests)}
            (MUTANTS / "recheck.json").write_text(json.dumps(stored, indent=1), "utf-8")
            bar.advance()
            if not bar.drawn:
                verdict = "killed" if code in KILLED | TIMEOUT else "survived"
                print(f"checked again: {name}: {verdict}", flush=True)
    return bool(stop.is_set())


def _equivalents() -> set[str]:
    """Mutant names (without the ``rummy_tui.core.`` prefix) that the equivalents file lists."""
    if not EQUIVALENTS.exists():
        return set()
    found: set[str] = set()
    for line in EQUIVALENTS.read_text("utf-8").splitlines():
        cell = line.split("|")[1] if line.startswith("|") else ""
        found.update(re.findall(r"`([^`\s]+__mutmut_\d+)`", cell))
    return found


def _report(names: list[str] | None) -> int:
    results = _results()
    if names is not None:
        results = {name: results.get(name) for name in names}
    stored = _rechecked()
    codes = list(results.values())
    killed = sum(code in KILLED for code in codes)
    timeouts = sum(code in TIMEOUT for code in codes)
    missed = sorted(name for name, code in results.items() if code in SURVIVED | NO_TESTS)
    tests = _tests_digest()
    fresh = {name: _recheck_code(name, stored, tests) for name in missed}
    late = sorted(name for name, code in fresh.items() if code in KILLED | TIMEOUT)
    # Not killed: mutmut ran tests that passed, or found none that reach the mutant; in both
    # cases the fresh-process check (when it ran) passed all of the core's tests.
    survivors = [name for name in missed if name not in late and results[name] in SURVIVED]
    untested = [name for name in missed if name not in late and results[name] in NO_TESTS]
    unchecked = sum(code is None for code in codes)
    checked = len(codes) - unchecked
    listed = _equivalents()
    equivalent = [name for name in survivors if name.removeprefix("rummy_tui.core.") in listed]
    open_ = [name for name in survivors if name not in equivalent]
    not_rechecked = sum(code is None for code in fresh.values())
    print(f"mutants: {len(codes)}, checked: {checked}, not checked yet: {unchecked}")
    print(f"killed by mutmut: {killed}, timeouts: {timeouts}, not killed by mutmut: {len(fresh)}")
    print(f"of those, killed in a fresh process by all the core's tests: {len(late)}")
    if not_rechecked:
        print(f"not checked again yet: {not_rechecked}")
    print(f"survived: {len(survivors)} ({len(equivalent)} listed as equivalent)")
    print(f"no test reaches them (mutmut's mapping, and no core test fails): {len(untested)}")
    if checked:
        caught = killed + timeouts + len(late)
        print(f"score: {caught / checked:.1%} of the checked mutants killed ({caught}/{checked})")
        if checked > len(equivalent):
            rest = checked - len(equivalent)
            print(f"score without the equivalent ones: {caught / rest:.1%} ({caught}/{rest})")
    for name in open_:
        print(f"survived: {name}")
    for name in equivalent:
        print(f"equivalent: {name}")
    for name in untested:
        print(f"no test: {name}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, help="check a random sample of this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (1)")
    parser.add_argument("--report", action="store_true", help="only report stored results")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="pytest workers for the fresh-process checks (1; more on an idle machine)",
    )
    parser.add_argument(
        "--no-recheck",
        action="store_true",
        help="do not check mutmut's survivors again in fresh processes",
    )
    args = parser.parse_args()
    if args.report:
        return _report(None)
    if args.sample is None:
        stopped = _run([])
        if not stopped and not args.no_recheck:
            stopped = _recheck(sorted(_results()), args.workers)
        return _stopped(_report(None)) if stopped else _report(None)
    _generate()
    everything = sorted(_results())
    if not everything:
        sys.exit("mutmut wrote no mutants: is it installed (pip install -e '.[test]')?")
    names = _sample(everything, args.sample, args.seed)
    stopped = _run(names)
    if not stopped and not args.no_recheck:
        stopped = _recheck(names, args.workers)
    return _stopped(_report(names)) if stopped else _report(names)


def _sample(everything: list[str], size: int, seed: int) -> list[str]:
    """The ``size`` mutants whose seeded hash of their name is lowest.

    A mutant's place in the sample depends on its own name only, so a change to one function
    of the core leaves the rest of the sample as it was (a mutant's name holds its function and
    its number within that function).
    """

    def rank(name: str) -> str:
        return hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()

    return sorted(sorted(everything, key=rank)[:size])


def _stopped(_code: int) -> int:
    """Mark the score just printed as partial: the exit status of a stopped run."""
    print("PARTIAL: stopped with Ctrl+C; the score covers the mutants checked before it.")
    return EXIT_STOPPED


if __name__ == "__main__":
    raise SystemExit(main())
