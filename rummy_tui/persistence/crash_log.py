"""Where an unexpected error goes instead of the player's screen: ``crash.log`` in the data
folder."""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

from rummy_tui import __version__
from rummy_tui.i18n import _


def write_crash_log(error: BaseException | None, data_dir: Path | None = None) -> Path | None:
    """Append the traceback of ``error`` to ``crash.log``; return its path (None on failure)."""
    if error is None:
        return None
    try:
        from rummy_tui.persistence.paths import data_dir as find_data_dir

        folder = find_data_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "crash.log"
        with path.open("a", encoding="utf-8") as handle:
            handle.write(f"--- {datetime.now().isoformat()} rummy_tui {__version__}\n")
            handle.write("".join(traceback.format_exception(error)))
        return path
    except Exception:
        return None


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
