"""SIGTERM and SIGHUP end the game as Ctrl+Q does, in a real pseudo-terminal: the terminal
leaves the alternate screen with mouse reporting off (so no hand stays on it), the process
exits, and the match at the table is saved."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from rummy_tui.persistence import SaveStore

ROOT = Path(__file__).resolve().parents[2]
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"


class Game:
    """``python -m rummy_tui ARGS`` on a pseudo-terminal of 80x24."""

    def __init__(self, *args: str) -> None:
        environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        environment.pop("TEXTUAL", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the game
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "rummy_tui", *args], environment)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""

    def read_until(self, wanted: bytes, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while wanted not in self.output:
            assert time.monotonic() < deadline, f"{wanted!r} never came"
            assert self.read_some(0.2) is not None, f"the game ended before {wanted!r}"

    def read_some(self, wait: float) -> bytes | None:
        """What the game wrote within ``wait`` seconds (b"" for nothing); None once it has
        closed the terminal."""
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return b""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the game has gone
            return None
        self.output += chunk
        return chunk or None

    def end_with(self, number: int, timeout: float = 30) -> tuple[bytes, int]:
        """Send a signal; returns what the game wrote after it and its exit status."""
        before = len(self.output)
        os.kill(self.pid, number)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                while self.read_some(0.2):  # the last of its output
                    pass
                return self.output[before:], status
            self.read_some(0.1)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError("the game did not exit")

    def close(self) -> None:
        os.close(self.fd)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_at_the_table_restores_the_terminal_and_keeps_the_match(
    tmp_path: Path, number: int
) -> None:
    game = Game(
        "--data-dir", str(tmp_path), "--lang", "en",
        "new", "--variant", "classic", "--players", "Anna,bot:easy", "--seed", "7",
    )  # fmt: skip
    try:
        game.read_until(b"Start the deal")
        os.write(game.fd, b"\r")
        game.read_until(b"Anna's hand")  # the table is up, Anna's cards on it
        after, status = game.end_with(number)
    finally:
        game.close()
    assert LEAVE_ALTERNATE_SCREEN in after
    assert MOUSE_OFF in after
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    [saved] = SaveStore(tmp_path).list()
    _setup, loaded, _extra = SaveStore(tmp_path).load(saved.name)
    assert loaded.players[0] == "Anna" and not loaded.is_over


def test_sigterm_on_the_title_screen_restores_the_terminal(tmp_path: Path) -> None:
    game = Game("--data-dir", str(tmp_path), "--lang", "en")
    try:
        game.read_until(b"New game")
        after, status = game.end_with(signal.SIGTERM)
    finally:
        game.close()
    assert LEAVE_ALTERNATE_SCREEN in after and MOUSE_OFF in after
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def test_a_terminal_that_goes_away_ends_the_game_and_frees_its_match(tmp_path: Path) -> None:
    """The terminal closed under the game (its window shut, its tmux session killed): the game
    saves and exits rather than waiting on the lost terminal for ever, and the match can be
    opened again at once (no window holds it)."""
    game = Game(
        "--data-dir", str(tmp_path), "--lang", "en",
        "new", "--variant", "classic", "--players", "Anna,bot:easy", "--seed", "7",
    )  # fmt: skip
    game.read_until(b"Start the deal")
    os.write(game.fd, b"\r")
    game.read_until(b"Anna's hand")
    game.close()  # the terminal is gone: the kernel hangs the game up
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        done, status = os.waitpid(game.pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.1)
    else:
        os.kill(game.pid, signal.SIGKILL)
        os.waitpid(game.pid, 0)
        raise AssertionError("the game outlived its terminal")
    assert os.WIFEXITED(status)
    store = SaveStore(tmp_path)
    [saved] = store.list()
    _setup, loaded, _extra = store.load(saved.name)  # no other window holds it
    assert loaded.players[0] == "Anna" and not loaded.is_over


def test_a_game_told_to_end_ends_even_when_closing_its_terminal_hangs(tmp_path: Path) -> None:
    """Once armed, the exit guard ends a process whose shutdown waits for ever (as Textual's
    writer to a lost terminal was seen to), with status 0; a process that ends by itself is
    never held up by it."""
    stuck = "from rummy_tui.ui.shell.exit_guard import end_after; import threading\n"
    stuck += "end_after(1.0); threading.Event().wait()"
    started = time.monotonic()
    hung = subprocess.run([sys.executable, "-c", stuck], cwd=ROOT, timeout=30)
    assert hung.returncode == 0 and 0.9 < time.monotonic() - started < 20
    started = time.monotonic()
    done = "from rummy_tui.ui.shell.exit_guard import end_after; end_after(30.0)"
    assert subprocess.run([sys.executable, "-c", done], cwd=ROOT, timeout=30).returncode == 0
    assert time.monotonic() - started < 20
