"""Ctrl+C and progress bars in the long runs benchmarks/README.md and tests/README.md document: the
European studies,
``bench_bots.py``, ``solver_vs_rlcard.py``, ``engine_vs_rlcard.py``, the soak and the mutation
run.

Each run is stopped by a real SIGINT sent to the test's own process the moment the progress
bar has counted a few units (as tests/test_cli.py does for ``rummy simulate``): the run must
print what it measured so far, marked ``PARTIAL``, and end with status 130, the status of an
interrupted ``rummy simulate``. Bars are drawn only on a terminal; the tmux tests at the end
press Ctrl+C in a real terminal.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

from rummy_tui.cli import main as cli
from rummy_tui.tools import progress
from rummy_tui.tools.progress import ProgressBar

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


def script(name: str) -> ModuleType:
    """Import ``benchmarks/name.py`` (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # pool workers find its functions by the module's name
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def interrupt_after(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """``interrupt_after(n)``: a real SIGINT reaches this process when the bar has counted
    ``n`` units; the SIGINT handler must be the old one again after the run."""
    previous = signal.getsignal(signal.SIGINT)
    advance = ProgressBar.advance

    def arm(units: int) -> None:
        def advance_then_interrupt(self: ProgressBar, count: int = 1) -> None:
            before = self.done
            advance(self, count)
            if before < units <= self.done:
                os.kill(os.getpid(), signal.SIGINT)

        monkeypatch.setattr(ProgressBar, "advance", advance_then_interrupt)

    yield arm
    assert signal.getsignal(signal.SIGINT) is previous


def test_the_stopped_status_is_simulate_s() -> None:
    assert cli.EXIT_STOPPED == 130
    for name in ("european_study", "bench_bots", "mutation"):
        assert script(name).EXIT_STOPPED == cli.EXIT_STOPPED


def test_ctrl_c_in_the_speed_study_prints_the_deals_so_far_as_partial(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    interrupt_after(3)
    code = script("european_study").main(["speed", "--deals", "400", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 130
    assert re.search(r"^\| easy \| \d+\.\d\d \|", out, re.MULTILINE), out
    assert "| race |" not in out  # not reached: no row of nothing
    played = int(re.search(r"PARTIAL: stopped with Ctrl\+C after (\d+) of 1600 deals", out)[1])
    assert 3 <= played < 400


def test_ctrl_c_in_the_oracle_study_keeps_the_first_row(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    interrupt_after(2)
    code = script("european_study").main(["oracle", "--deals", "400", "--jobs", "2"])
    out = capsys.readouterr().out
    assert code == 130
    found = re.search(r"as it is: \d+\.\d% of (\d+) deals", out)
    assert found and 2 <= int(found[1]) < 400, out
    assert "PARTIAL: stopped with Ctrl+C after" in out


def test_ctrl_c_in_bench_bots_prints_the_levels_timed_so_far(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    interrupt_after(5)
    code = script("bench_bots").main(["--decisions", "40", "--deals", "20", "--json"])
    out, err = capsys.readouterr()
    assert code == 130
    figures = json.loads(out)  # the standard output is still one JSON object
    assert figures["partial"] is True
    assert figures["easy_ms"]["median"] > 0
    assert not any(key.startswith("classic_") for key in figures)  # the deals never started
    assert "PARTIAL: stopped with Ctrl+C" in err


def test_ctrl_c_during_bench_bots_deals_keeps_the_decision_table(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    module = script("bench_bots")
    open_bar = module.progress_bar

    def opened(what: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        if what.startswith("classic"):  # the decisions are timed: stop in the first deals
            interrupt_after(2)
        return open_bar(what, *args, **kwargs)

    module.progress_bar = opened
    code = module.main(["--decisions", "5", "--deals", "50"])
    out = capsys.readouterr().out
    assert code == 130
    assert "hard, 2-player table" in out
    assert re.search(r"normal,easy +\d+\.\d deals/s over [12] deals", out), out
    assert "hard,normal" not in out
    assert out.rstrip().endswith("the figures cover only what was measured before it.")


def test_ctrl_c_in_the_solver_benchmark_prints_the_medians_so_far(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard")
    interrupt_after(10)
    assert script("solver_vs_rlcard").run(200, 1) == 130
    out = capsys.readouterr().out
    assert re.search(r"^random +\d+\.\dus +\d+\.\dus", out, re.MULTILINE), out
    assert "meld-dense" not in out
    assert "PARTIAL: stopped with Ctrl+C after 10 of 400 hands" in out


def test_ctrl_c_in_the_engine_benchmark_prints_the_slices_so_far(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard")
    module = script("engine_vs_rlcard")
    assert module.EXIT_STOPPED == cli.EXIT_STOPPED
    interrupt_after(4)  # two rounds of both sides, in the third round
    assert module.main(["--rounds", "5", "--slice", "0.05", "--variant-rounds", "1"]) == 130
    out = capsys.readouterr().out
    for side in ("ours: classic, 2 players", "rlcard: gin-rummy"):
        assert re.search(rf"^{side} +[\d,]+ +\d+\.\d +[\d,]+ +2$", out, re.M), out
    assert re.search(r"^ratio ours / rlcard +\d+\.\d\dx +\d+\.\d\dx +\d+\.\d\dx$", out, re.M), out
    assert "ours, by table" not in out  # not reached: no table of nothing
    assert "PARTIAL: stopped with Ctrl+C after 4 of 20 slices" in out


def test_ctrl_c_in_the_soak_prints_the_deals_so_far(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    from rummy_tui.tools.soak import main

    interrupt_after(2)
    code = main(
        ["--deals", "50", "--variants", "classic,european", "--save-every", "0", "--jobs", "1"]
    )
    out = capsys.readouterr().out
    assert code == 130
    assert re.search(r"^classic +deals +2 \(random 1, bots 1\) finished +2 ", out, re.M), out
    assert "european" not in out
    assert "violations in all: 0" in out
    assert "PARTIAL: stopped with Ctrl+C after 2 of 100 deals" in out


def test_ctrl_c_in_a_soak_over_two_processes_prints_the_deals_so_far(
    interrupt_after, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    from rummy_tui.tools.soak import main

    interrupt_after(3)
    code = main(["--deals", "200", "--variants", "boathouse", "--save-every", "0", "--jobs", "2"])
    out = capsys.readouterr().out
    assert code == 130
    played = re.search(r"^boathouse +deals +(\d+) ", out, re.M)
    assert played and 3 <= int(played[1]) < 200, out
    assert "violations in all: 0" in out
    assert re.search(r"PARTIAL: stopped with Ctrl\+C after \d+ of 200 deals", out), out


def test_a_soak_deal_cut_short_by_ctrl_c_is_not_counted(tmp_path: Path) -> None:
    from rummy_tui.tools.soak import soak_variant

    class StopAfter:
        """Set after ``limit`` questions: in the middle of the second deal."""

        def __init__(self, limit: int) -> None:
            self.asked = 0
            self.limit = limit

        def is_set(self) -> bool:
            self.asked += 1
            return self.asked > self.limit

        def set(self) -> None:
            self.asked = self.limit

    whole = soak_variant("classic", 1, 0, 0, tmp_path)
    found = soak_variant("classic", 5, 0, 0, tmp_path, StopAfter(whole.actions + 10))
    assert (found.deals, found.finished, found.actions) == (1, 1, whole.actions)


def test_the_soak_bar_is_on_standard_error_only(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import rummy_tui.tools.soak as soak

    monkeypatch.setattr(
        soak, "progress_bar", functools.partial(progress.progress_bar, enabled=True)
    )
    assert soak.main(["--deals", "2", "--variants", "boathouse", "--save-every", "0"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out and "soak" in err and "2/2" in err and "deals" in err


def test_no_bar_reaches_a_pipe_from_the_soak_or_the_mutation_report(tmp_path: Path) -> None:
    for command in (
        [sys.executable, "-m", "rummy_tui.tools.soak", "--deals", "1", "--variants", "classic"],
        [sys.executable, str(BENCHMARKS / "mutation.py"), "--report"],
    ):
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert "\x1b" not in done.stdout + done.stderr
        assert " left" not in done.stderr and "Traceback" not in done.stderr


# ------------------------------------------------------------------ the mutation run's bar

FAKE_MUTMUT = """\
#!{python}
# Stands in for mutmut: checks the named mutants one by one, as mutmut stores its verdicts.
import json, pathlib, sys, time
names = [arg for arg in sys.argv[1:] if "__mutmut_" in arg]
meta = pathlib.Path("mutants/rummy_tui/core/cards.py.meta")
data = json.loads(meta.read_text())
print("mutmut speaking")
for number, name in enumerate(names):
    time.sleep(0.3)
    data["exit_code_by_key"][name] = 1 if number else 0
    data["durations_by_key"][name] = 0.5 + number
    meta.write_text(json.dumps(data))
"""


def fake_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """A project folder with three mutants (one checked before) and a fake mutmut on PATH."""
    meta = tmp_path / "mutants" / "rummy_tui" / "core" / "cards.py.meta"
    meta.parent.mkdir(parents=True)
    names = [f"rummy_tui.core.cards.x_face__mutmut_{number}" for number in (1, 2, 3)]
    meta.write_text(
        json.dumps(
            {
                "exit_code_by_key": {names[0]: 1, names[1]: None, names[2]: None},
                "durations_by_key": {names[0]: 0.1},
                "estimated_durations_by_key": {},
            }
        )
    )
    binaries = tmp_path / "bin"
    binaries.mkdir()
    fake = binaries / "mutmut"
    fake.write_text(FAKE_MUTMUT.format(python=sys.executable))
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{binaries}{os.pathsep}{os.environ['PATH']}")
    module = script("mutation")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "MUTANTS", tmp_path / "mutants")
    monkeypatch.setattr(module, "POLL_SECONDS", 0.1)
    return module


def test_the_mutation_bar_counts_the_mutants_mutmut_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = fake_project(tmp_path, monkeypatch)
    monkeypatch.setattr(
        module, "progress_bar", functools.partial(progress.progress_bar, enabled=True)
    )
    names = sorted(module._results())
    assert module._run(names) is False
    out, err = capsys.readouterr()
    assert "mutants checked" in err and "3/3" in err  # the one checked before is run again
    log = re.search(r"mutmut's own output: (\S+)", out)
    assert log and "mutmut speaking" in Path(log[1]).read_text()
    assert "mutmut speaking" not in out + err
    assert module._report(names) == 0
    assert "killed by mutmut: 2, timeouts: 0, not killed by mutmut: 1" in capsys.readouterr().out


def test_off_a_terminal_mutmut_speaks_for_itself_and_the_sample_still_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_project(tmp_path, monkeypatch)
    done = subprocess.run(
        [sys.executable, "-c", RUN_SAMPLE.format(root=str(tmp_path))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "mutmut speaking" in done.stdout
    assert "mutants: 2, checked: 2, not checked yet: 0" in done.stdout
    assert "\x1b" not in done.stdout + done.stderr


RUN_SAMPLE = textwrap.dedent(
    """\
    import importlib.util, pathlib, sys
    spec = importlib.util.spec_from_file_location("mutation", "benchmarks/mutation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.ROOT = pathlib.Path({root!r})
    module.MUTANTS = module.ROOT / "mutants"
    sys.argv = ["mutation.py", "--sample", "2", "--seed", "3"]
    raise SystemExit(module.main())
    """
)


FRESH_TEST = """\
import os


def test_the_core() -> None:
    assert os.environ.get("MUTANT_UNDER_TEST") != {name!r}
"""


def test_a_survivor_that_all_the_core_s_tests_catch_in_a_fresh_process_counts_as_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """mutmut tries a mutant against the tests that reached it in its own clean run only; the
    survivor is run again against every test of tests/core, and a failure there kills it."""
    module = fake_project(tmp_path, monkeypatch)
    names = sorted(module._results())
    assert module._run(names) is False  # the fake mutmut: the first name survives
    tests = tmp_path / "mutants" / "tests" / "core"
    tests.mkdir(parents=True)
    (tests / "test_core.py").write_text(FRESH_TEST.format(name=names[0]))
    assert module._recheck(names) is False
    stored = json.loads((tmp_path / "mutants" / "recheck.json").read_text())
    assert stored[names[0]]["code"] == 1 and set(stored) == {names[0]}
    capsys.readouterr()
    module._report(names)
    out = capsys.readouterr().out
    assert "killed in a fresh process by all the core's tests: 1" in out
    assert "score: 100.0% of the checked mutants killed (3/3)" in out
    # Once the tests change, the stored verdict is stale and the survivor is checked again.
    (tests / "test_core.py").write_text(FRESH_TEST.format(name="another mutant"))
    assert module._recheck(names) is False
    module._report(names)
    out = capsys.readouterr().out
    assert f"survived: {names[0]}" in out and "(2/3)" in out


def test_survivors_listed_as_equivalent_leave_the_second_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = fake_project(tmp_path, monkeypatch)
    names = sorted(module._results())
    module._run(names)
    listing = tmp_path / "equivalents.md"
    short = names[0].removeprefix("rummy_tui.core.")
    listing.write_text(f"| mutant | change | why |\n|---|---|---|\n| `{short}` | x | y |\n")
    monkeypatch.setattr(module, "EQUIVALENTS", listing)
    capsys.readouterr()
    module._report(names)
    out = capsys.readouterr().out
    assert f"equivalent: {names[0]}" in out and f"survived: {names[0]}" not in out
    assert "score without the equivalent ones: 100.0% (2/2)" in out


def test_a_mutant_s_place_in_the_sample_depends_on_its_own_name() -> None:
    module = script("mutation")
    names = [f"rummy_tui.core.cards.x_f{index}__mutmut_{index}" for index in range(300)]
    sample = module._sample(names, 40, 1)
    assert len(sample) == 40 and set(sample) <= set(names)
    assert module._sample(list(reversed(names)), 40, 1) == sample
    assert module._sample(names, 40, 2) != sample
    # New mutants elsewhere in the core displace at most as many of the old sample as they add.
    grown = module._sample(
        names + [f"rummy_tui.core.new.x_g__mutmut_{n}" for n in range(10)], 40, 1
    )
    assert len(set(sample) & set(grown)) >= 30


# ------------------------------------------------------------------ Ctrl+C in a real terminal


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize(
    ("command", "bar", "result"),
    [
        (
            "-m rummy_tui.tools.soak --deals 100000 --variants classic --save-every 0",
            r"soak .* [1-9]\d*/100000 deals",
            r"^classic +deals +[1-9]",
        ),
        (
            f"{shlex.quote(str(BENCHMARKS / 'european_study.py'))} speed --deals 100000",
            r"speed study .* [1-9]\d*/400000 deals",
            r"^\| easy \| \d",
        ),
    ],
    ids=["soak", "european-study-two-workers"],
)
def test_ctrl_c_in_a_terminal_stops_with_a_bar_and_partial_results(
    command: str, bar: str, result: str, tmp_path: Path
) -> None:
    from tests.ui.tmux_driver import Terminal

    terminal = Terminal(session=f"rummy-stop-{os.getpid()}", width=120, height=30)
    try:
        terminal.start(f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} {command}")
        terminal.wait_for(lambda text: re.search(bar, text) is not None, "the bar", 120)
        terminal.keys("C-c")
        screen = terminal.wait_for(lambda text: "EXIT-130" in text, "the partial results", 120)
    finally:
        terminal.stop()
    assert re.search(result, screen, re.MULTILINE), screen
    assert "PARTIAL: stopped with Ctrl+C after" in screen
    assert "Traceback" not in screen and " left" not in screen.split("PARTIAL")[-1]
