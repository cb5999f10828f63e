"""A reader that goes away (``rummy review NAME | head``) ends the command quietly, with the
shell's status of a broken pipe: no crash message, no crash log."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.replay.saved import save_match


@pytest.mark.parametrize("command", [["review", "Friday"], ["replay", "Friday", "--text"]])
def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path, command: list[str]) -> None:
    data = tmp_path / "data"
    save_match(data, "Friday", "rummy500", 3, seed=3, target_score=300)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg"), HOME=str(tmp_path))
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write meets a broken pipe
    done = subprocess.run(
        [sys.executable, "-m", "rummy_tui", "--data-dir", str(data), *command],
        stdout=writer,
        stderr=subprocess.PIPE,
        env=env,
        timeout=120,
        check=False,
    )
    os.close(writer)
    assert done.returncode == 141, done.stderr
    assert done.stderr == b""
    assert not list(tmp_path.rglob("crash.log"))
