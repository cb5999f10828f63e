"""The benchmark and study scripts the README quotes still run, at their smallest sizes.

Timing figures are never checked here (the machine is shared and noisy); these tests only
make sure every command the README gives ends cleanly and prints the figures it promises.
"""

from __future__ import annotations

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
