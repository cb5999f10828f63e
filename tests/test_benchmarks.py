"""The benchmark and study scripts benchmarks/README.md and the guide quote still run, at their
smallest sizes.

Timing figures are never checked here (the machine is shared and noisy); these tests only
make sure every command they give ends cleanly and prints the figures it promises.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


def run_script(name: str, *args: str, tmp_path: Path, codes: tuple[int, ...] = (0,)) -> str:
    """Run ``benchmarks/name`` with ``args``; its standard output. It must end with one of
    ``codes`` and without a traceback."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / name), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode in codes, done.stderr[-2000:]
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    # the progress bars are drawn only on a terminal: nothing of them reaches a pipe
    assert "\x1b" not in done.stdout + done.stderr
    assert " left" not in done.stderr
    return done.stdout


def run_between_screens(name: str, moves: int, tmp_path: Path) -> str:
    """A benchmark of moves between screens, at its smallest: ``moves`` moves, 0.3 s idle (the
    goals are not met by so few moves on a busy machine: exit code 1 is fine)."""
    args = ("--moves", str(moves), "--idle", "0.3", "--data-dir", str(tmp_path))
    return run_script(name, *args, tmp_path=tmp_path, codes=(0, 1))


def test_bench_bots_reports_decisions_and_deal_rate(tmp_path: Path) -> None:
    # two deals are too few for the rate target, which the script reports with exit code 1
    out = run_script(
        "bench_bots.py", "--decisions", "5", "--deals", "2", tmp_path=tmp_path, codes=(0, 1)
    )
    assert "normal  median" in out
    assert "hard,normal" in out
    assert "deals/s" in out


def test_bench_autosave_reports_medians(tmp_path: Path) -> None:
    out = run_script(
        "bench_autosave.py",
        "--actions",
        "40",
        "--saves",
        "3",
        "--pause",
        "0",
        "--data-dir",
        str(tmp_path),
        tmp_path=tmp_path,
    )
    assert "median" in out
    assert "with fsync" in out


def test_bench_shared_log_reports_the_way_between_screens_and_the_idle_cost(
    tmp_path: Path,
) -> None:
    out = run_between_screens("bench_shared_log.py", 5, tmp_path)
    assert "Move to the other screen: median" in out
    assert "p99" in out
    assert "of one core" in out


def test_bench_own_screens_reports_both_ways_between_screens_and_the_idle_cost(
    tmp_path: Path,
) -> None:
    out = run_between_screens("bench_own_screens.py", 4, tmp_path)
    assert re.search(r"Anna's moves, shared -> joined +n= +\d+ +median", out), out
    assert re.search(r"Bob's moves, joined -> shared +n= +\d+ +median", out), out
    assert re.search(r"every move +n=  4 .* p99 +\d+\.\d ms +max", out), out
    assert re.search(r"^Idle joined screen over 0.3 s: \d+\.\d\d % of one core$", out, re.M)


def test_strength_prints_a_row_per_pairing(tmp_path: Path) -> None:
    out = run_script("strength.py", "--deals", "2", "--variants", "classic", tmp_path=tmp_path)
    assert "| classic | normal vs easy |" in out
    assert "| classic | hard vs normal |" in out


@pytest.mark.parametrize(
    ("study", "args", "expected"),
    [
        ("speed", ("--deals", "2"), "| race |"),
        ("oracle", ("--deals", "2"), "told normal's hand"),
        ("knowledge", ("--deals", "2"), "guess with AUC 0.9"),
        ("headroom", ("--deals", "1", "--rollouts", "2"), "discard among its 4 best"),
    ],
)
def test_european_study_runs(
    study: str, args: tuple[str, ...], expected: str, tmp_path: Path
) -> None:
    out = run_script("european_study.py", study, *args, "--jobs", "1", tmp_path=tmp_path)
    assert expected in out


def test_solver_benchmark_prints_a_row_per_set(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummy_tui.tools.bench", "solver", "--hands", "20"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "\x1b" not in done.stdout + done.stderr  # no progress bar in a pipe
    assert done.stdout.count("us ") >= 4
    assert "european twos wild" in done.stdout


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_strength_shows_progress_and_keeps_its_rows_on_ctrl_c(tmp_path: Path) -> None:
    """In a terminal the strength table draws a bar; Ctrl+C stops both worker processes and
    prints the rows of the deals played so far, marked as partial."""
    from tests.ui.tmux_driver import Terminal

    terminal = Terminal(session=f"rummy-strength-{os.getpid()}", width=120, height=30)
    command = (
        f"cd {shlex.quote(str(tmp_path))} && {shlex.quote(sys.executable)} "
        f"{shlex.quote(str(BENCHMARKS / 'strength.py'))} --deals 100000 --variants classic "
        "--jobs 2"
    )
    try:
        terminal.start(command)
        terminal.wait_for(
            lambda text: re.search(r"strength table .* [1-9]\d*/200000 deals", text) is not None,
            "the progress bar after the first deal",
            timeout=120,
        )
        terminal.keys("C-c")
        screen = terminal.wait_for(lambda text: "EXIT-130" in text, "the partial table", 120)
    finally:
        terminal.stop()
    assert re.search(r"\| classic \| (normal vs easy|hard vs normal) \| [1-9]", screen)
    assert "PARTIAL: stopped with Ctrl+C after" in screen
    assert "Traceback" not in screen


@pytest.mark.slow
def test_bench_keys_times_every_key_at_every_size(tmp_path: Path) -> None:
    out = run_script("bench_keys.py", "--turns", "1", tmp_path=tmp_path)
    for size in ("80x24", "120x40"):
        assert re.search(rf"^{size}: bare Textual key \d+\.\d ms median$", out, re.M), out
    assert out.count("x: discard to hand-off") == 4  # 2 and 12 seats at both sizes
    assert re.search(r"^ +Enter: hand-off to table +\d+\.\d ms +\d+\.\d ms +\d+\.\d$", out, re.M)
    assert re.search(r"every key at every size: p99 \d+\.\d ms over 32 presses", out), out


def test_engine_benchmark_prints_the_duel_and_every_table(tmp_path: Path) -> None:
    pytest.importorskip("rlcard")
    out = run_script(
        "engine_vs_rlcard.py",
        *("--rounds", "1", "--slice", "0.01", "--variant-rounds", "1"),
        tmp_path=tmp_path,
    )
    assert re.search(r"^ratio ours / rlcard +\d+\.\d\dx", out, re.M), out
    largest = {"classic": 6, "boathouse": 6, "double": 6, "rummy500": 8, "european": 12}
    for variant, players in largest.items():
        for seats in (2, players):
            assert re.search(rf"^{variant}, {seats} players +[\d,]+ +\d+\.\d", out, re.M), out


def test_rlcard_is_a_benchmark_extra_and_no_dependency_of_the_game() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any("rlcard" in requirement for requirement in project["dependencies"])
    extras = project["optional-dependencies"]
    assert any(requirement.startswith("rlcard") for requirement in extras["bench"])


def test_mutation_operators_check_two_mutants_and_keep_their_verdicts(tmp_path: Path) -> None:
    # the smallest run: two mutants against one small test file, verdicts kept in tmp_path
    store = tmp_path / "store"
    args = ("--sample", "2", "--tests", "tests/core/test_deal_terms.py", "--store", str(store))
    out = run_script("mutation_operators.py", *args, tmp_path=tmp_path)
    assert "mutants sampled: 2, checked: 2" in out, out
    assert re.search(r"score of the checked: \d+\.\d% \(\d/2\), 95% interval", out), out
    verdicts = (store / "verdicts.json").read_text("utf-8")
    # a second run finds both verdicts kept and runs no test
    again = run_script("mutation_operators.py", *args, tmp_path=tmp_path)
    assert "mutants sampled: 2, checked: 2" in again
    assert "[1/" not in again
    assert (store / "verdicts.json").read_text("utf-8") == verdicts


def test_mutation_sites_are_all_valid_changes_with_unique_names() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import mutation_sites
    finally:
        sys.path.remove(str(BENCHMARKS))
    found = mutation_sites.sites()
    assert len({site.name for site in found}) == len(found)
    assert {site.name.split(":")[3] for site in found} == {
        "true",
        "false",
        "plus1",
        "andor",
        "loosen",
    }
    for site in found:
        assert site.new != site.old
        compile(site.source(), str(site.path), "exec")


def test_save_bytes_reports_bytes_a_move_and_the_moves_the_limit_holds(tmp_path: Path) -> None:
    out = run_script("save_bytes.py", "--actions", "200", tmp_path=tmp_path)
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == ["european", "classic"]
    for line in lines:
        moves = int(line.split()[1])
        size = int(line.split()[3].replace(",", ""))
        assert 0 < moves <= 201 and size > 0
        assert f"{size / moves:6.1f} bytes a move" in line and "8,388,608 bytes hold about" in line


def test_bench_review_reports_the_whole_and_the_rebuild(tmp_path: Path) -> None:
    out = run_script(
        "bench_review.py", "--deals", "1", "--players", "3", "--runs", "1", tmp_path=tmp_path
    )
    assert "review (rebuild + every seat): median" in out
    assert "ratio review / rebuild" in out
    assert "turns reviewed:" in out
