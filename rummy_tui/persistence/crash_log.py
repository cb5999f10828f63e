"""Where an unexpected error goes instead of the player's screen: ``crash.log`` in the data
folder.

Each report starts with a line ``--- TIME rummy_tui VERSION``. The log is kept under
:data:`CRASH_LOG_LIMIT` bytes whatever keeps crashing: when a report would pass it, the
oldest reports are dropped (the file is rewritten atomically), and a report that alone is too
long keeps its end, where the error is. The file is its owner's alone (0600).
"""

from __future__ import annotations

import contextlib
import os
import traceback
from datetime import datetime
from pathlib import Path

from rummy_tui import __version__
from rummy_tui.i18n import _

CRASH_LOG = "crash.log"
CRASH_LOG_LIMIT = 1 << 20
"""The most bytes ``crash.log`` holds (1 MiB)."""
REPORT_START = "--- "
"""How each report's first line begins."""


def write_crash_log(error: BaseException | None, data_dir: Path | None = None) -> Path | None:
    """Append the traceback of ``error`` to ``crash.log``; return its path (None on failure)."""
    if error is None:
        return None
    try:
        from rummy_tui.persistence.paths import data_dir as find_data_dir
        from rummy_tui.persistence.paths import private_folder

        folder = private_folder(find_data_dir(data_dir))
        path = folder / CRASH_LOG
        report = f"{REPORT_START}{datetime.now().isoformat()} rummy_tui {__version__}\n"
        report += _tail(
            "".join(traceback.format_exception(error)), CRASH_LOG_LIMIT // 8
        )  # UTF-8: at most 4 bytes a character
        _append(path, report.encode("utf-8", "replace"))
        return path
    except Exception:
        return None


def _tail(text: str, most: int) -> str:
    """``text``, or its last ``most`` characters after a line saying the start was cut."""
    if len(text) <= most:
        return text
    return "[...]\n" + text[-most:]


def _append(path: Path, report: bytes) -> None:
    """Add ``report`` to the log, dropping the oldest reports when the log would pass its
    limit."""
    from rummy_tui.persistence.atomic import atomic_write
    from rummy_tui.persistence.paths import PRIVATE_FILE

    size = 0
    with contextlib.suppress(OSError):
        size = path.stat().st_size
    if size + len(report) <= CRASH_LOG_LIMIT:
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, PRIVATE_FILE)
        with os.fdopen(descriptor, "ab") as handle:
            handle.write(report)
        return
    kept = path.read_bytes().split(b"\n" + REPORT_START.encode())
    reports = [kept[0], *(REPORT_START.encode() + rest for rest in kept[1:])]
    reports = [piece if piece.endswith(b"\n") else piece + b"\n" for piece in reports if piece]
    while reports and sum(map(len, reports)) + len(report) > CRASH_LOG_LIMIT:
        reports.pop(0)
    atomic_write(path, [*reports, report], durable=False)


def crash_message(error: BaseException | None, path: Path | None, saved: bool = False) -> str:
    """What the player reads instead of a traceback, in their language.

    Args:
        error: The unexpected error (its text is shown as it is).
        path: Where the details went (None: the log could not be written).
        saved: Whether a match is open and its save holds its last move (only then does the
            message say so).
    """
    if path is not None:
        message = _("rummy: something went wrong: {error} (details in {path}).").format(
            error=error, path=path
        )
    else:
        message = _("rummy: something went wrong: {error}.").format(error=error)
    if saved:
        message += "\n" + _(
            "The match was saved after the last move: `rummy continue` picks it up again."
        )
    return message
