"""``rummy simulate`` in a real terminal (tmux): the progress bar is drawn on the terminal and
never in a pipe, and Ctrl+C stops the run with the results so far, marked as partial."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from tests.ui.tmux_driver import Terminal

ROOT = Path(__file__).resolve().parent.parent
BAR = re.compile(r"classic normal,easy .*\d+/100000 deals")

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def _simulate(deals: int) -> str:
    base = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    return f"{base} simulate --variant classic --players normal,easy --deals {deals} --seed 3"


def test_the_bar_is_drawn_on_a_terminal_and_ctrl_c_keeps_the_results() -> None:
    terminal = Terminal(session=f"rummy-sim-bar-{os.getpid()}", width=100, height=30)
    try:
        terminal.start(_simulate(100_000))
        screen = terminal.wait_for(
            lambda text: BAR.search(text) is not None and "/s" in text and "left" in text,
            "the progress bar",
            timeout=120,
        )
        assert "Simulation:" not in screen  # results come only at the end
        terminal.keys("C-c")
        screen = terminal.wait_for(
            lambda text: "EXIT-130" in text, "the results after Ctrl+C", timeout=120
        )
        assert "PARTIAL: stopped by Ctrl+C after" in screen
        assert "│ 1      │ normal │" in screen
        assert BAR.search(screen) is None  # the bar is gone once the results are printed
    finally:
        terminal.stop()


def test_no_bar_reaches_a_pipe(tmp_path: Path) -> None:
    out = tmp_path / "piped.txt"
    terminal = Terminal(session=f"rummy-sim-pipe-{os.getpid()}", width=100, height=30)
    try:
        terminal.start(f"{_simulate(8)} 2>&1 | cat > {shlex.quote(str(out))}")
        screen = terminal.wait_for(
            lambda text: "EXIT-0" in text, "the end of the piped run", timeout=300
        )
        assert "deals ·" not in screen  # nothing was drawn on the terminal either
    finally:
        terminal.stop()
    text = out.read_text()
    assert "Simulation: Classic Rummy, 2 players, 8 deals, seed 3" in text
    assert "deals finished: 8 of 8 played" in text
    assert "\x1b" not in text  # no colour, no cursor movement
    assert "/8 deals" not in text and "left" not in text
