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
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
KILLED = {1, 3}
TIMEOUT = {36, 24, -24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}


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


def _run(names: list[str]) -> None:
    command = ["nice", "-n", "10", "mutmut", "run", "--max-children", "1", *names]
    subprocess.run(command, cwd=ROOT, check=False)


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
        _run([])
        return _report(None)
    _generate()
    everything = sorted(_results())
    if not everything:
        sys.exit("mutmut wrote no mutants: is it installed (pip install -e '.[test]')?")
    names = random.Random(args.seed).sample(everything, min(args.sample, len(everything)))
    _run(names)
    return _report(names)


if __name__ == "__main__":
    raise SystemExit(main())
