"""Mutation testing of the rules core with operators mutmut does not have.

Run from the project root:

    python benchmarks/mutation_operators.py --sample 400   # a seeded sample of the mutants
    python benchmarks/mutation_operators.py --report       # the score of what has been run
    python benchmarks/mutation_operators.py --show NAME    # one mutant's change

The mutants (``benchmarks/mutation_sites.py``) force a condition true or false, add one to an
integer constant, swap ``and`` and ``or``, or loosen a comparison (``<`` to ``<=``, ``>`` to
``>=``, ``==`` to ``<=`` or ``>=``). The sample is the ``--sample`` mutants whose seeded hash of
their name is lowest, so it stays put when other functions of the core change.

The core's tests (``tests/core`` without the random-play runs, as ``[tool.mutmut]``) run once
under coverage, each test in its own coverage context; a mutant is then tried against the tests
that ran its lines, fastest first, and stops at the first failure. Each mutant runs in a
process forked from this script before it imported anything of ``rummy_tui``: the mutated
module is compiled from the changed text by an import hook, and nothing the core computed or
cached for another mutant is there. A mutant those tests let through, or whose lines no test
ran, is tried again against all of the core's tests. A mutant is *killed* when a test fails,
when the tests cannot be collected, or when they run past the time limit.

Verdicts are kept in ``mutants-ops/`` (git-ignored) with a fingerprint of the mutated module
and of the tests: a killed mutant stays killed while the test file that killed it is
unchanged, a survivor is tried again when any of the core's tests changed. Survivors listed in
``benchmarks/mutation_equivalents.md`` (the section on these operators) are reported as
equivalent and left out of the second score. Ctrl+C stops the run; the score of what was
checked is printed, marked as partial, with exit status 130.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutation_sites import ROOT, Site, sites

STORE = ROOT / "mutants-ops"
TESTS = ROOT / "tests"
CORE_TESTS = ["tests/core", "--ignore=tests/core/test_random_play.py"]
"""All of the core's tests, as ``[tool.mutmut]`` selects them."""
PYTEST = ["-x", "-q", "-p", "no:cacheprovider", "-n", "0", "-o", "addopts="]
SLOWER = 3.0
"""How many times their clean time (under coverage, plus half a minute) a mutant's tests may
take before it counts as a timeout, which is killed: the tests noticed the change."""
EQUIVALENTS = ROOT / "benchmarks" / "mutation_equivalents.md"
EXIT_STOPPED = 130


# ----------------------------------------------------------------------------- fingerprints
def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _test_files() -> list[Path]:
    return sorted([TESTS / "conftest.py", *(TESTS / "core").glob("*.py")])


def _file_digest(nodeid: str) -> str:
    """What a killing test's verdict depends on: its file and the shared fixtures."""
    path = ROOT / nodeid.split("::", 1)[0]
    shared = [TESTS / "conftest.py", TESTS / "core" / "helpers.py", TESTS / "core" / "__init__.py"]
    return _digest([p for p in [path, *shared] if p.exists()])


def _core_digest() -> str:
    return _digest(sorted((ROOT / "rummy_tui" / "core").rglob("*.py")))


# ----------------------------------------------------------------------------- coverage map
def _coverage_map() -> dict[str, object]:
    """Which tests ran each line of the core, and how long each test took, from a clean run of
    the core's tests under coverage (kept in ``mutants-ops/coverage.json`` for the same core
    and tests)."""
    key = _core_digest() + _digest(_test_files()) + " ".join(CORE_TESTS)
    path = STORE / "coverage.json"
    if path.exists():
        data = json.loads(path.read_text("utf-8"))
        if data.get("key") == key:
            return data  # type: ignore[no-any-return]
    STORE.mkdir(exist_ok=True)
    print("running the core's tests once under coverage ...", flush=True)
    done = subprocess.run(
        [
            *("nice", "-n", "10", sys.executable, __file__, "--coverage-run", str(path)),
            *("--store", str(STORE), "--tests", " ".join(CORE_TESTS)),
        ],
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        sys.exit("the core's tests do not pass on the unchanged code: fix that first")
    data = json.loads(path.read_text("utf-8"))
    data["key"] = key
    path.write_text(json.dumps(data), "utf-8")
    return data  # type: ignore[no-any-return]


def _coverage_run(out: str) -> int:
    """In a child process: run the core's tests under coverage, one context per test."""
    import coverage
    import pytest

    cov = coverage.Coverage(data_file=None, source=[str(ROOT / "rummy_tui" / "core")])
    durations: dict[str, float] = {}

    class Contexts:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item: pytest.Item, nextitem: object) -> object:
            cov.switch_context(item.nodeid)
            started = time.perf_counter()
            yield
            durations[item.nodeid] = time.perf_counter() - started
            cov.switch_context("")

    cov.start()
    code = pytest.main([*PYTEST[1:], *CORE_TESTS], plugins=[Contexts()])
    cov.stop()
    data = cov.get_data()
    lines: dict[str, dict[str, list[str]]] = {}
    for filename in data.measured_files():
        rel = str(Path(filename).resolve().relative_to(ROOT))
        lines[rel] = {
            str(line): sorted(contexts)
            for line, contexts in data.contexts_by_lineno(filename).items()
        }
    Path(out).write_text(json.dumps({"lines": lines, "durations": durations}), "utf-8")
    return int(code)


def _tests_for(
    site: Site, cover: dict[str, object], lines: Iterable[int], imports: bool = True
) -> list[str]:
    """The tests that ran any of ``lines`` of ``site``'s module, fastest first (``[""]``: the
    module's import ran one of them, and any test may read what it made; with ``imports``
    false, only when no test ran any of them, since a function's ``def`` line runs at import)."""
    ran = cover["lines"].get(str(site.path.relative_to(ROOT)), {})  # type: ignore[attr-defined]
    durations: dict[str, float] = cover["durations"]  # type: ignore[assignment]
    found: set[str] = set()
    for line in lines:
        found.update(ran.get(str(line), []))
    imported = "" in found
    found.discard("")
    ran = sorted(found, key=lambda nodeid: (durations.get(nodeid, 0.0), nodeid))
    if imported and (imports or not ran):
        # the tests that ran the lines first, then every other test
        rest = sorted(set(durations) - found, key=lambda nodeid: (durations[nodeid], nodeid))
        return ["", *ran, *rest]
    return ran


def _limit(tests: list[str], cover: dict[str, object]) -> float:
    durations: dict[str, float] = cover["durations"]  # type: ignore[assignment]
    return 30.0 + SLOWER * sum(durations.get(nodeid, 1.0) for nodeid in tests)


def _all_tests(cover: dict[str, object]) -> list[str]:
    durations: dict[str, float] = cover["durations"]  # type: ignore[assignment]
    return sorted(durations, key=lambda nodeid: (durations[nodeid], nodeid))


# ----------------------------------------------------------------------------- forked runs
def _preload() -> None:
    """Import pytest, its plugins and the libraries the core uses, once, before any fork, so
    that a mutant's process starts at once. Nothing of ``rummy_tui`` is imported here."""
    import importlib
    from importlib.metadata import entry_points

    import _pytest.python  # noqa: F401
    import hypothesis  # noqa: F401
    import pydantic  # noqa: F401
    import pytest  # noqa: F401

    for point in entry_points(group="pytest11"):
        # a plugin that fails to import here is left to pytest, which reports it
        with contextlib.suppress(Exception):
            importlib.import_module(point.value.split(":")[0])
    assert not any(name.startswith("rummy_tui") for name in sys.modules)


def _run_forked(site: Site, tests: list[str], timeout: float) -> tuple[str, str]:
    """Run ``tests`` with ``site`` switched on in a forked process: (verdict, failing test)."""
    source = site.source()
    with tempfile.NamedTemporaryFile("r", suffix=".json", delete=False) as handle:
        result = handle.name
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.setpgid(0, 0)
        code = 2
        try:
            code = _child(site, source, tests, result)
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.unlink(result)
        return "timeout", ""
    failed = Path(result).read_text("utf-8").strip()
    os.unlink(result)
    code = os.waitstatus_to_exitcode(status) if status is not None else 2
    if code == 0:
        return "survived", ""
    if code == 5:
        return "no test", ""
    if code == 4 and not failed.startswith("collecting"):
        # pytest's usage error: a test it could not find, not the mutant's doing
        return "error", failed or "usage error"
    return "killed", failed or f"exit status {code}"


def _child(site: Site, source: str, tests: list[str], result: str) -> int:  # pragma: no cover
    import importlib.machinery
    import importlib.util

    import pytest

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    target = "rummy_tui.core." + site.module
    path = str(site.path)

    class Loader(importlib.machinery.SourceFileLoader):
        def get_code(self, fullname: str) -> types.CodeType:
            return compile(source, path, "exec", dont_inherit=True)

    class Finder:
        @staticmethod
        def find_spec(fullname: str, _path: object = None, _target: object = None) -> object:
            if fullname != target:
                return None
            return importlib.util.spec_from_file_location(
                fullname, path, loader=Loader(fullname, path)
            )

    sys.meta_path.insert(0, Finder)  # type: ignore[arg-type]

    class First:
        def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
            if report.failed and not Path(result).read_text("utf-8"):
                Path(result).write_text(report.nodeid, "utf-8")

        def pytest_collectreport(self, report: pytest.CollectReport) -> None:
            if report.failed and not Path(result).read_text("utf-8"):
                Path(result).write_text(f"collecting {report.nodeid}", "utf-8")

    return int(pytest.main([*PYTEST, *tests], plugins=[First()]))


# ----------------------------------------------------------------------------- verdicts
PART = ""
"""``-2of3`` for the second of three runs side by side (``--part 2/3``): each keeps its own file
of verdicts, and every file is read."""


def _load(own: bool = False) -> dict[str, dict[str, str]]:
    """Every stored verdict (the newest file's first), or only this run's file's (``own``)."""
    found: dict[str, dict[str, str]] = {}
    paths = [STORE / f"verdicts{PART}.json"] if own else STORE.glob("verdicts*.json")
    for path in sorted((p for p in paths if p.exists()), key=lambda p: p.stat().st_mtime):
        try:
            data = json.loads(path.read_text("utf-8"))
        except ValueError:
            continue
        if isinstance(data, dict):
            found.update(data)
    return found


def _save(stored: dict[str, dict[str, str]]) -> None:
    STORE.mkdir(exist_ok=True)
    text = json.dumps(stored, indent=1, sort_keys=True)
    (STORE / f"verdicts{PART}.json").write_text(text, "utf-8")


def _fingerprint(site: Site) -> str:
    return hashlib.sha256(site.source().encode()).hexdigest()[:16]


def _still(site: Site, entry: dict[str, str] | None, tests: str) -> dict[str, str] | None:
    """A stored verdict that still holds for the current module and tests."""
    if not entry or entry.get("module") != _fingerprint(site):
        return None
    if entry["verdict"] == "killed" and entry.get("by", "").startswith("tests/"):
        return entry if entry.get("file") == _file_digest(entry["by"]) else None
    return entry if entry.get("tests") == tests else None


def _within(tests: list[str], cover: dict[str, object], budget: float | None) -> list[str]:
    """The fastest of ``tests`` (they come fastest first) whose clean times add up to
    ``budget`` seconds (all of them: None), at least one."""
    if budget is None:
        return tests
    durations: dict[str, float] = cover["durations"]  # type: ignore[assignment]
    chosen: list[str] = []
    spent = 0.0
    for nodeid in tests:
        spent += durations.get(nodeid, 1.0)
        if chosen and spent > budget:
            break
        chosen.append(nodeid)
    return chosen


def _check_one(
    site: Site, cover: dict[str, object], everything: list[str], how: Settings
) -> tuple[str, str, str]:
    """(verdict, the test that failed, which tests ran) of one mutant."""
    selected = _tests_for(site, cover, site.lines)
    if selected[:1] == [""]:
        tests = _within(selected[1:], cover, how.budget)
        verdict, by = _run_forked(site, tests, _limit(tests, cover))
        return verdict, by, "all (import)" if len(tests) == len(everything) else "fastest (import)"
    label = "line"
    if selected:
        tests = _within(selected, cover, how.budget)
        label = "line" if tests == selected else "fastest of line"
        verdict, by = _run_forked(site, tests, _limit(tests, cover))
        if verdict not in {"survived", "no test"} or not how.wider:
            return verdict if selected else "no test", by, label
    if not how.wider:
        return "no test", "", "none"
    if how.recheck_all:
        wider, then = everything, "all"
    else:
        scope = range(site.scope_lines[0], site.scope_lines[1] + 1)
        wider = _tests_for(site, cover, scope, imports=False)
        wider, then = (everything, "all") if wider[:1] == [""] else (wider, "function")
    if not selected and not wider:
        return "no test", "", "none"
    if set(wider) == set(selected):
        return "survived", "", label
    verdict, by = _run_forked(site, wider, _limit(wider, cover))
    if verdict == "survived" and not selected:
        verdict = "no test"
    return verdict, by, f"{label}, then {then}"


class Settings:
    """How thoroughly each mutant is tried (see ``--budget``, ``--wider``, ``--recheck-all``,
    ``--changed``)."""

    def __init__(
        self, budget: float | None, wider: bool, recheck_all: bool, changed: list[str] | None
    ) -> None:
        self.budget = budget
        self.wider = wider or recheck_all
        self.recheck_all = recheck_all
        self.changed = changed


def _check_changed(
    site: Site, cover: dict[str, object], how: Settings, old: dict[str, str]
) -> tuple[str, str, str]:
    """A survivor tried against the tests of the ``--changed`` files that ran its lines."""
    files = tuple(how.changed or ())
    selected = [t for t in _tests_for(site, cover, site.lines) if t.startswith(files)]
    if not selected:
        return old["verdict"], "", old["how"]
    verdict, by = _run_forked(site, selected, _limit(selected, cover))
    if verdict == "survived":
        return old["verdict"], "", old["how"]
    return verdict, by, f"{old['how']}; changed tests"


def check(chosen: list[Site], stop: list[bool], how: Settings) -> dict[str, dict[str, str]]:
    """Check every mutant of ``chosen`` that has no current verdict; all verdicts of them."""
    stored, mine, tests = _load(), _load(own=True), _digest(_test_files())
    todo = [site for site in chosen if _still(site, stored.get(site.name), tests) is None]
    if todo:
        cover = _coverage_map()
        _preload()
        everything = _all_tests(cover)
        for number, site in enumerate(todo, 1):
            if stop[0]:
                break
            old = stored.get(site.name)
            if how.changed is not None and old and old["verdict"] in {"survived", "no test"}:
                # a survivor of the tests as they were: only the changed files' tests can kill it
                verdict, by, tried = _check_changed(site, cover, how, old)
            else:
                verdict, by, tried = _check_one(site, cover, everything, how)
            if stop[0]:
                break
            if verdict == "error":
                print(f"{site.name}: pytest could not run the tests ({by})", flush=True)
                continue
            entry = {"verdict": verdict, "by": by, "how": tried, "module": _fingerprint(site)}
            entry["tests"] = tests
            if by.startswith("tests/"):
                entry["file"] = _file_digest(by)
            stored[site.name] = mine[site.name] = entry
            _save(mine)
            print(f"[{number}/{len(todo)}] {site.name}: {verdict} ({tried}) {by}", flush=True)
    return {site.name: stored[site.name] for site in chosen if site.name in stored}


def current(chosen: list[Site]) -> dict[str, dict[str, str]]:
    """The stored verdicts of ``chosen`` that still hold for the current core and tests."""
    stored, tests = _load(), _digest(_test_files())
    found = {site.name: _still(site, stored.get(site.name), tests) for site in chosen}
    return {name: entry for name, entry in found.items() if entry is not None}


# ----------------------------------------------------------------------------- report
def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``k`` successes in ``n``."""
    if n == 0:
        return 0.0, 1.0
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def equivalents() -> set[str]:
    """Mutant names listed in the equivalents file (names with a ``:`` are this run's)."""
    if not EQUIVALENTS.exists():
        return set()
    found: set[str] = set()
    for line in EQUIVALENTS.read_text("utf-8").splitlines():
        cell = line.split("|")[1] if line.startswith("|") else ""
        found.update(re.findall(r"`([^`\s]+:[^`\s]+)`", cell))
    return found


def report(chosen: list[Site], verdicts: dict[str, dict[str, str]], partial: bool) -> None:
    checked = [site.name for site in chosen if site.name in verdicts]
    killed = [n for n in checked if verdicts[n]["verdict"] in {"killed", "timeout"}]
    missed = [n for n in checked if n not in killed]
    listed = equivalents()
    equivalent = [n for n in missed if n in listed]
    open_ = [n for n in missed if n not in listed]
    timeouts = sum(verdicts[n]["verdict"] == "timeout" for n in checked)
    late = sum(", then" in verdicts[n]["how"] for n in killed)
    print(f"mutants sampled: {len(chosen)}, checked: {len(checked)}")
    print(
        f"killed: {len(killed)} (timeouts: {timeouts}; by all the tests, not the selected: {late})"
    )
    print(f"not killed: {len(missed)} ({len(equivalent)} listed as equivalent)")
    for label, total in (
        ("of the checked", len(checked)),
        ("non-equivalent", len(checked) - len(equivalent)),
    ):
        if total:
            low, high = wilson(len(killed), total)
            print(
                f"score {label}: {len(killed) / total:.1%} ({len(killed)}/{total}), "
                f"95% interval {low:.1%}-{high:.1%}"
            )
    for name in open_:
        print(f"{verdicts[name]['verdict']}: {name}")
    for name in equivalent:
        print(f"equivalent: {name}")
    if partial:
        print("PARTIAL: stopped with Ctrl+C; the score covers the mutants checked before it.")


def sample(everything: list[Site], size: int | None, seed: int) -> list[Site]:
    """The ``size`` sites whose seeded hash of their name is lowest (all of them: None)."""
    if size is None:
        return everything

    def rank(site: Site) -> str:
        return hashlib.sha256(f"{seed}:{site.name}".encode()).hexdigest()

    return sorted(sorted(everything, key=rank)[:size], key=lambda site: site.name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, help="check a seeded sample of this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (1)")
    parser.add_argument("--report", action="store_true", help="only report stored verdicts")
    parser.add_argument("--show", metavar="NAME", help="print one mutant's change")
    parser.add_argument("--list", action="store_true", help="list the sampled mutants' names")
    parser.add_argument(
        "--mutant",
        action="append",
        metavar="NAME",
        help="check only this mutant, again (may be given more than once)",
    )
    parser.add_argument(
        "--tests",
        metavar="PATHS",
        help="the tests to run, separated by spaces (all of the core's, as [tool.mutmut])",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=20.0,
        help="seconds of clean test time per mutant: its fastest tests that fit (20; 0: all)",
    )
    parser.add_argument(
        "--wider",
        action="store_true",
        help="try survivors again against every test that ran any line of their function",
    )
    parser.add_argument(
        "--changed",
        metavar="PATHS",
        help="only these test files (separated by spaces) changed since the last run: try its "
        "survivors against their tests only",
    )
    parser.add_argument(
        "--recheck-all",
        action="store_true",
        help="try survivors again against all the tests",
    )
    parser.add_argument("--store", help="where verdicts are kept (mutants-ops/)")
    parser.add_argument(
        "--part", metavar="K/N", help="check every N-th mutant from the K-th (runs side by side)"
    )
    parser.add_argument("--coverage-run", help=argparse.SUPPRESS)
    args = parser.parse_args()
    global STORE, CORE_TESTS, PART
    if args.store:
        STORE = Path(args.store).resolve()
    if args.tests:
        CORE_TESTS = args.tests.split()
    os.chdir(ROOT)  # the tests are named from the project root
    if args.coverage_run:
        return _coverage_run(args.coverage_run)
    everything = sites()
    if args.show:
        return _show(everything, args.show)
    chosen = sample(everything, args.sample, args.seed)
    if args.mutant:
        chosen = [site for site in everything if site.name in set(args.mutant)]
        for path in STORE.glob("verdicts*.json"):
            stored = json.loads(path.read_text("utf-8"))
            for site in chosen:
                stored.pop(site.name, None)
            path.write_text(json.dumps(stored, indent=1, sort_keys=True), "utf-8")
    if args.list:
        for site in chosen:
            print(site.name)
        return 0
    print(f"mutants of the core: {len(everything)}; sampled: {len(chosen)} (seed {args.seed})")
    if args.report:
        report(chosen, current(chosen), partial=False)
        return 0
    stop = [False]

    def interrupted(_signum: int, _frame: object) -> None:
        stop[0] = True

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        part = chosen
        if args.part:
            k, n = (int(x) for x in args.part.split("/"))
            part, PART = chosen[k - 1 :: n], f"-{k}of{n}"
        changed = args.changed.split() if args.changed else None
        settings = Settings(args.budget or None, args.wider, args.recheck_all, changed)
        check(part, stop, settings)
        verdicts = current(chosen)
    finally:
        signal.signal(signal.SIGINT, previous)
    report(chosen, verdicts, partial=stop[0])
    return EXIT_STOPPED if stop[0] else 0


def _show(everything: list[Site], name: str) -> int:
    for site in everything:
        if site.name == name:
            text, mutated = site.path.read_text("utf-8"), site.source()
            first = text[: site.start].count("\n")
            last = first + site.old.count("\n")
            print(f"{site.path.relative_to(ROOT)}:{first + 1}: {site.old!r} -> {site.new!r}")
            for line in text.splitlines()[first : last + 1]:
                print(f"- {line}")
            for line in mutated.splitlines()[first : first + site.new.count("\n") + 1]:
                print(f"+ {line}")
            return 0
    print(f"no mutant named {name}")
    return 1


if __name__ == "__main__":
    os.nice(10) if "--coverage-run" not in sys.argv else None
    raise SystemExit(main())
