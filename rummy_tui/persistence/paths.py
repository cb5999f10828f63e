"""Where rummy_tui keeps its files: the user data directory and the saved games inside it.

The data directory is chosen in this order:

1. an explicit directory (``rummy --data-dir DIR``, or ``SaveStore(DIR)``);
2. the environment variable ``RUMMY_DATA_DIR`` (tests and portable installs use it);
3. the platform's user data directory from platformdirs:
   ``~/.local/share/rummy_tui`` on Linux (or ``$XDG_DATA_HOME/rummy_tui``),
   ``~/Library/Application Support/rummy_tui`` on macOS,
   ``%LOCALAPPDATA%\\rummy_tui`` on Windows.

Saved games live in its ``saves`` folder, one ``NAME.json`` file per match.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "rummy_tui"
"""The folder name under the platform's data directory."""
DATA_DIR_ENV = "RUMMY_DATA_DIR"
"""Environment variable that overrides the data directory."""
SAVES_FOLDER = "saves"
"""The folder inside the data directory that holds the saved games."""
PENDING_FILE = "records-pending.json"
"""The list of finished matches still to be recorded, inside the data directory (see
:mod:`rummy_tui.records.pending`)."""


def data_dir(explicit: Path | str | None = None) -> Path:
    """The data directory: ``explicit``, else ``$RUMMY_DATA_DIR``, else the platform's.

    The directory is not created here; writers create it when they first write.

    >>> data_dir("/srv/rummy").as_posix()
    '/srv/rummy'
    """
    if explicit is not None and str(explicit).strip():
        return Path(explicit).expanduser()
    from_env = os.environ.get(DATA_DIR_ENV, "").strip()
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def data_dir_problem(explicit: Path | str | None = None) -> str | None:
    """Why the data directory (see :func:`data_dir`) cannot hold rummy_tui's files, in one
    sentence, or None when it can: it, its ``saves`` folder or a folder above it is a file.
    Nothing is created or changed."""
    from rummy_tui.i18n import _

    folder = data_dir(explicit)
    place = folder / SAVES_FOLDER
    try:
        while not place.exists():
            if place.parent == place:
                return None
            place = place.parent
        if place.is_dir():
            return None
    except OSError as error:
        return _("The data folder {folder} cannot be used: {problem}.").format(
            folder=folder, problem=error.strerror or error
        )
    return _("The data folder {folder} cannot be used: {file} is a file, not a folder.").format(
        folder=folder, file=place
    )


def saves_dir(explicit: Path | str | None = None) -> Path:
    """The folder of saved games inside the data directory (see :func:`data_dir`).

    >>> saves_dir("/srv/rummy").as_posix()
    '/srv/rummy/saves'
    """
    return data_dir(explicit) / SAVES_FOLDER


def pending_path(explicit: Path | str | None = None) -> Path:
    """Where the finished matches still to be recorded are listed: ``records-pending.json``
    in the data directory (a glance at it needs neither the records nor the rules engine).

    >>> pending_path("/srv/rummy").as_posix()
    '/srv/rummy/records-pending.json'
    """
    return data_dir(explicit) / PENDING_FILE
