"""The last word of a game told to end by the system (SIGTERM, SIGHUP).

Once the match is saved the process must end, even when its terminal has gone and Textual's
last writes to it wait for ever: a process left behind would keep its match's lock, and the
match would say "open in another window" until someone found and killed it.
"""

from __future__ import annotations

import os
import threading
import time

EXIT_GRACE = 5.0
"""Seconds a game told to end may take to give its terminal back before it simply ends."""


def end_after(seconds: float) -> None:
    """End the process after ``seconds`` unless it has ended by then (a daemon thread: a
    process that exits normally never waits for it)."""

    def end() -> None:
        time.sleep(seconds)
        os._exit(0)

    threading.Thread(target=end, name="rummy-exit-guard", daemon=True).start()
