"""Apply each fault of ``tests/faults/faults.toml`` alone and see which tier of tests catches it.

Every fault is applied to a temporary copy of the tree (the files git knows, the new ones not
yet added included; the checkout itself is never written), and the copy's tests are run
there, with the copy first on ``PYTHONPATH`` so that the faulty package is the one imported,
in the tests and in every process they start:

1. the unit tier (``-m unit``);
2. when the unit tier missed it, the rest of the quick tier (``-m quick``);
3. with ``--full``, when both missed it, the rest of the full run
   (``-m "not unit and not quick"``).

Each run stops at its first failure (``-x``). A fault whose snippet is not found exactly once
in its file is reported as "does not apply" (the code moved on), never skipped in silence.
The table gives each fault, the tier that caught it (unit, quick, full, or none), the
seconds spent on it and the first test that failed; then the share caught by the unit tier.

Before the faults, each tier to be used is run once on the copy without a fault: a tier
that fails then would make every fault look caught, so the script stops.

::

    python tests/faults/run_faults.py                  # unit, then quick when needed
    python tests/faults/run_faults.py --full           # and the full run when both missed
    python tests/faults/run_faults.py --only core-court-cards-by-rank saves-no-fsync
    python tests/faults/run_faults.py --check          # only whether every fault applies
    python tests/faults/run_faults.py --markdown out.md --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAULTS = Path(__file__).with_name("faults.toml")
FIELDS = ("id", "area", "file", "original", "replacement", "models")
AREAS = ("core", "table", "glue", "saves", "words")

TIERS: tuple[tuple[str, str, float], ...] = (
    ("unit", "unit", 600),
    ("quick", "quick", 900),
    ("full", "not unit and not quick", 2400),
)
"""Each tier: its name, the mark expression of what it adds to the tiers before it, and a
time limit in seconds (a run over it counts as caught: the fault hung the tests)."""


@dataclass(frozen=True)
class Fault:
    id: str
    area: str
    file: str
    original: str
    replacement: str
    models: str


@dataclass
class Outcome:
    id: str
    area: str
    file: str
    caught_by: str
    """unit, quick, full, none (not caught by the tiers run), or "does not apply"."""
    seconds: float = 0.0
    failed: str = ""
    """The first test that failed (or why the fault does not apply)."""
    runs: list[str] = field(default_factory=list)


def load_faults(path: Path = FAULTS) -> list[Fault]:
    """The faults of the list, checked for their fields and for unique ids."""
    entries = tomllib.loads(path.read_text(encoding="utf-8"))["fault"]
    faults = []
    for entry in entries:
        missing = [name for name in FIELDS if name not in entry]
        if missing:
            raise SystemExit(f"{entry.get('id', entry)}: missing {', '.join(missing)}")
        if entry["area"] not in AREAS:
            raise SystemExit(f"{entry['id']}: area {entry['area']!r} is not one of {AREAS}")
        faults.append(Fault(**{name: entry[name] for name in FIELDS}))
    ids = [fault.id for fault in faults]
    doubles = sorted({name for name in ids if ids.count(name) > 1})
    if doubles:
        raise SystemExit(f"ids used twice: {', '.join(doubles)}")
    return faults


def why_not_applicable(fault: Fault, tree: Path) -> str | None:
    """Why ``fault`` cannot be applied in ``tree`` (its file or snippet gone), or None."""
    path = tree / fault.file
    if not path.is_file():
        return f"{fault.file} does not exist"
    count = path.read_text(encoding="utf-8").count(fault.original)
    if count != 1:
        return f"the snippet is found {count} times in {fault.file}"
    return None


def read_bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None


def apply(fault: Fault, tree: Path) -> None:
    path = tree / fault.file
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(fault.original, fault.replacement, 1), encoding="utf-8")


def tracked_files(root: Path) -> list[str]:
    """The files of the checkout as git sees them: tracked ones and new ones not ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (root / name).is_file()]


def copy_tree(root: Path, target: Path) -> None:
    for name in tracked_files(root):
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, destination)


def environment(tree: Path) -> dict[str, str]:
    """The copy first on the path (ahead of the editable install's finder), compiled modules
    kept in the copy, and no colour in the output."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["NO_COLOR"] = "1"
    return env


def check_imports(tree: Path) -> None:
    """The copy's package, not the checkout's, is the one its tests import."""
    found = subprocess.run(
        [sys.executable, "-c", "import rummy_tui, tests; print(rummy_tui.__file__)"],
        cwd=tree,
        env=environment(tree),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(found).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the copy imports rummy_tui from {found}, not from {tree}")


FAILED_LINE = re.compile(r"^(FAILED|ERROR) (.+?)(?: - .*)?$", re.MULTILINE)


def run_tier(tree: Path, expression: str, limit: float) -> tuple[bool, float, str]:
    """Run the tests of ``expression`` in ``tree``: whether they failed, the seconds, and
    the first test that failed."""
    command = [
        *(sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"),
        *("-m", expression, "-o", "console_output_style=classic"),
    ]
    started = time.monotonic()
    try:
        done = subprocess.run(
            command,
            cwd=tree,
            env=environment(tree),
            capture_output=True,
            text=True,
            timeout=limit,
            start_new_session=True,
        )
    except subprocess.TimeoutExpired:
        return True, time.monotonic() - started, f"(over {limit:.0f} s: the tests hung)"
    seconds = time.monotonic() - started
    if done.returncode == 0:
        return False, seconds, ""
    found = FAILED_LINE.search(done.stdout)
    if found:
        return True, seconds, found.group(2)
    last = (done.stdout.strip().splitlines() or done.stderr.strip().splitlines() or ["?"])[-1]
    return True, seconds, f"(exit {done.returncode}: {last[:120]})"


def judge(fault: Fault, base: Path, scratch: Path, tiers: list[tuple[str, str, float]]) -> Outcome:
    """Apply ``fault`` to a fresh copy of ``base`` and run the tiers until one catches it."""
    outcome = Outcome(fault.id, fault.area, fault.file, "none")
    reason = why_not_applicable(fault, base)
    if reason is not None:
        outcome.caught_by, outcome.failed = "does not apply", reason
        return outcome
    tree = scratch / fault.id
    shutil.copytree(base, tree, symlinks=True)
    try:
        apply(fault, tree)
        for name, expression, limit in tiers:
            failed, seconds, test = run_tier(tree, expression, limit)
            outcome.seconds += seconds
            outcome.runs.append(f"{name} {seconds:.0f} s")
            if failed:
                outcome.caught_by, outcome.failed = name, test
                break
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    return outcome


def table(outcomes: list[Outcome]) -> str:
    lines = [
        "| fault | area | caught by | seconds | first failing test |",
        "| --- | --- | --- | --- | --- |",
    ]
    for outcome in outcomes:
        test = outcome.failed.replace("|", "\\|")
        lines.append(
            f"| `{outcome.id}` | {outcome.area} | {outcome.caught_by} | "
            f"{outcome.seconds:.0f} | {test} |"
        )
    return "\n".join(lines)


def shares(outcomes: list[Outcome], tiers: list[str]) -> str:
    applied = [outcome for outcome in outcomes if outcome.caught_by != "does not apply"]
    total = len(applied)
    lines = [f"{len(outcomes) - total} of {len(outcomes)} faults do not apply."]
    caught = 0
    for name in tiers:
        caught += sum(1 for outcome in applied if outcome.caught_by == name)
        share = 100 * caught / total if total else 0.0
        lines.append(f"Caught by the {name} tier: {caught} of {total} ({share:.0f}%).")
    missed = [outcome.id for outcome in applied if outcome.caught_by == "none"]
    lines.append(f"Caught by none of them: {len(missed)} ({', '.join(missed) or 'none'}).")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="also the full run when needed")
    parser.add_argument("--only", nargs="+", metavar="ID", help="only these faults")
    parser.add_argument("--check", action="store_true", help="only whether each fault applies")
    parser.add_argument("--no-baseline", action="store_true", help="skip the runs without fault")
    parser.add_argument("--markdown", type=Path, help="write the table and shares here too")
    parser.add_argument("--json", type=Path, help="write the outcomes here as JSON")
    options = parser.parse_args()

    faults = load_faults()
    if options.only:
        unknown = set(options.only) - {fault.id for fault in faults}
        if unknown:
            raise SystemExit(f"no such fault: {', '.join(sorted(unknown))}")
        faults = [fault for fault in faults if fault.id in options.only]
    if options.check:
        for fault in faults:
            print(f"{fault.id}: {why_not_applicable(fault, ROOT) or 'applies'}")
        return
    tiers = list(TIERS if options.full else TIERS[:2])
    before = {fault.file: read_bytes(ROOT / fault.file) for fault in faults}

    with tempfile.TemporaryDirectory(prefix="rummy-faults-") as folder:
        scratch = Path(folder)
        base = scratch / "base"
        copy_tree(ROOT, base)
        check_imports(base)
        if not options.no_baseline:
            for name, expression, limit in tiers:
                failed, seconds, test = run_tier(base, expression, limit)
                verdict = f"FAILED {test}" if failed else "passed"
                print(f"baseline {name}: {verdict}, {seconds:.0f} s", flush=True)
                if failed:
                    raise SystemExit(f"the {name} tier fails without any fault: {test}")
        outcomes = []
        for number, fault in enumerate(faults, 1):
            outcome = judge(fault, base, scratch, tiers)
            outcomes.append(outcome)
            print(
                f"[{number}/{len(faults)}] {fault.id}: {outcome.caught_by} "
                f"({outcome.seconds:.0f} s) {outcome.failed}",
                flush=True,
            )

    report = f"{table(outcomes)}\n\n{shares(outcomes, [name for name, _, _ in tiers])}"
    print()
    print(report)
    changed = [name for name, data in before.items() if read_bytes(ROOT / name) != data]
    if changed:  # the script writes only its copies: someone edited these meanwhile
        print(f"\nchanged in the checkout while the faults ran: {', '.join(changed)}")
    if options.markdown:
        options.markdown.write_text(report + "\n", encoding="utf-8")
    if options.json:
        options.json.write_text(
            json.dumps([asdict(outcome) for outcome in outcomes], indent=1), encoding="utf-8"
        )


if __name__ == "__main__":
    main()
