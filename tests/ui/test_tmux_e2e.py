"""End to end in a real terminal: ``rummy new`` in tmux, a two-player Classic deal played to the
end with key presses, hand-offs without cards, and no card left in the scrollback.

The command defaults to this interpreter's ``python -m rummy_tui``; set ``RUMMY_CMD`` to test an
installed ``rummy`` (for example from a fresh virtual environment).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from tests.ui.tmux_driver import run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_P1_classic_deal_to_the_end_in_tmux() -> None:
    command = os.environ.get("RUMMY_CMD")
    if command is None:
        command = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    outcome = run(command, seed=7, session=f"rummy-e2e-{os.getpid()}")
    assert outcome["winner"] in ("Anna", "Bob")
    assert outcome["handoffs"] >= 2
    assert int(outcome["actions"]) >= 4  # type: ignore[call-overload]
