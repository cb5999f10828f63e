"""The last word of a game told to end by the system (SIGTERM, SIGHUP), and of one that met
an unexpected error.

Once the match is saved the process must end, even when its terminal has gone and Textual's
last writes to it wait for ever: a process left behind would keep its match's lock, and the
match would say "open in another window" until someone found and killed it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

EXIT_GRACE = 5.0
"""Seconds a game told to end may take to give its terminal back before it simply ends."""


def on_termination(terminated: Callable[[], None]) -> None:
    """SIGTERM (``kill``) and SIGHUP (the terminal closed) call ``terminated`` in the running
    loop: the game saves and gives the terminal back as it was (the main screen, mouse
    reporting off), so no hand stays on it. Only for a game in a real terminal: a test's app
    shares its process with the tests."""
    loop = asyncio.get_running_loop()
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, terminated)


def end_after(seconds: float) -> None:
    """End the process after ``seconds`` unless it has ended by then (a daemon thread: a
    process that exits normally never waits for it)."""

    def end() -> None:
        time.sleep(seconds)
        os._exit(0)

    threading.Thread(target=end, name="rummy-exit-guard", daemon=True).start()


def last_words(app: Any, error: BaseException | None, data_dir: Path | None, saved: bool) -> bool:
    """An unexpected error ends the app with no traceback on the player's screen: the details
    go to ``crash.log`` in the data folder, and the message says the match was saved after its
    last move only when a match is open and its save holds that move (``saved``). False when
    this Textual lacks the internals it uses (the caller then ends the app its own way)."""
    from rummy_tui.i18n.outside_text import plain
    from rummy_tui.persistence.crash_log import crash_message, write_crash_log

    message = crash_message(error, write_crash_log(error, data_dir), saved=saved)
    try:
        app.bell()
        app._exit_renderables.append(plain(message))
        app._close_messages_no_wait()
    except AttributeError:  # pragma: no cover - a Textual without these internals
        return False
    return True
