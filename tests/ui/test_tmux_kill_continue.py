"""End to end in a real terminal: a match killed with SIGKILL resumes with ``rummy continue`` at
the hand-off of the player to move, with the same table behind it (issue: saved games)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_tui.core import Game
from rummy_tui.persistence import OPEN_ELSEWHERE, SaveError, SaveStore
from tests.ui.helpers import handoff_parts
from tests.ui.tmux_driver import Terminal

ROOT = Path(__file__).resolve().parents[2]


def _command(data_dir: Path) -> str:
    base = os.environ.get("RUMMY_CMD")
    if base is None:
        base = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    return f"{base} --data-dir {shlex.quote(str(data_dir))}"


def _peek(data_dir: Path, name: str) -> Game:
    """The saved match, read without opening it (the game in the terminal holds its lock)."""
    return SaveStore(data_dir).peek(name)[1]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_P1_killed_match_continues_at_the_right_hand_off(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    terminal = Terminal(session=f"rummy-kill-{os.getpid()}", width=120, height=40)
    try:
        terminal.start(_command(data_dir) + " new --variant classic --players Anna,Bob --seed 3")
        terminal.wait_for(lambda text: "cut for the first dealer" in text, "the cut")
        terminal.keys("Enter")
        terminal.wait_for(lambda text: "Pass to" in text, "the first hand-off")
        terminal.keys("Enter")
        terminal.wait_for(lambda text: "Draw a card" in text, "the table")
        terminal.keys("d")
        terminal.wait_for(lambda text: "Meld, lay off or discard" in text, "the draw")
        terminal.keys("x")
        terminal.wait_for(lambda text: "Pass to" in text, "the hand-off after a discard")

        store = SaveStore(data_dir)
        name = store.latest_unfinished()
        assert name is not None
        with pytest.raises(SaveError, match=OPEN_ELSEWHERE):
            store.load(name)  # the match is open in the terminal (issue 14, item 2)
        before = _peek(data_dir, name)
        assert len(before.state.log) >= 3  # deal 1, a draw and a discard were saved

        killed = subprocess.run(
            ["pkill", "-KILL", "-f", f"data-dir {data_dir}"], capture_output=True
        )
        assert killed.returncode == 0
        terminal.wait_for(lambda text: "EXIT-137" in text, "the killed process", timeout=10)

        terminal.keys("clear", "Enter")
        terminal.keys(f"{_command(data_dir)} continue; echo EXIT-$?", "Enter", literal_first=True)
        to_move = before.players[before.current]
        screen = terminal.wait_for(
            lambda text: f"Pass to {to_move}" in text, f"the hand-off to {to_move}"
        )
        # The gate shows no card; below it, the public moves since the last turn (P-2).
        gate = handoff_parts(screen)[0]
        assert "♠" not in gate and "♥" not in gate and "♦" not in gate
        assert "♣" not in gate
        terminal.keys("Enter")
        screen = terminal.wait_for(lambda text: f"{to_move}: Draw a card" in text, "the table")
        assert _peek(data_dir, name).to_json() == before.to_json()
        terminal.keys("q")
    finally:
        terminal.stop()
