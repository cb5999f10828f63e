"""Where an unexpected error goes instead of the player's screen: ``crash.log`` in the data
folder."""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

from rummy_tui import __version__


def write_crash_log(error: BaseException | None, data_dir: Path | None = None) -> Path | None:
    """Append the traceback of ``error`` to ``crash.log``; return its path (None on failure)."""
    if error is None:
        return None
    try:
        from rummy_tui.paths import data_dir as find_data_dir

        folder = find_data_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "crash.log"
        with path.open("a", encoding="utf-8") as handle:
            handle.write(f"--- {datetime.now().isoformat()} rummy_tui {__version__}\n")
            handle.write("".join(traceback.format_exception(error)))
        return path
    except Exception:
        return None
