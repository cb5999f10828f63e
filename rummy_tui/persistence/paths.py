"""Where rummy_tui keeps its files: the user data directory and the saved games inside it.

The data directory is chosen in this order:

1. an explicit directory (``rummy --data-dir DIR``, or ``SaveStore(DIR)``);
2. the environment variable ``RUMMY_DATA_DIR`` (tests and portable installs use it);
3. the platform's user data directory from platformdirs:
   ``~/.local/share/rummy_tui`` on Linux (or ``$XDG_DATA_HOME/rummy_tui``),
   ``~/Library/Application Support/rummy_tui`` on macOS,
   ``%LOCALAPPDATA%\\rummy_tui`` on Windows.

Saved games live in its ``saves`` folder, one ``NAME.json`` file per match.

The data folder is its owner's alone: it and every folder the game makes in it are created
0700 (:func:`private_folder`; one that exists and belongs to this account is tightened to
0700), and every file the game writes there is created 0600 (:data:`PRIVATE_FILE`), so no
other account of the computer reads a hand, a save or a shared match.
"""

from __future__ import annotations

import contextlib
import os
import stat
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


PRIVATE_FOLDER = 0o700
"""The permissions of the data folder and of every folder in it."""
PRIVATE_FILE = 0o600
"""The permissions every file of the data folder is created with."""


def private_folder(folder: Path, top: Path | None = None) -> Path:
    """Create ``folder`` and the folders between it and ``top`` (a folder above it, usually
    the data folder; ``folder`` itself when not given) as :data:`PRIVATE_FOLDER`, tightening
    those that exist and belong to this account. The folders above ``top`` are created as
    usual when missing, and left as they are.

    Raises:
        OSError: when a folder cannot be made.
    """
    top = folder if top is None else top
    levels = [top, *(top / part for part in _parts_between(top, folder))]
    top.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER)
    for level in levels:
        level.mkdir(exist_ok=True, mode=PRIVATE_FOLDER)
        _tighten(level)
    return folder


def _parts_between(top: Path, folder: Path) -> list[Path]:
    """``a``, ``a/b``: the folders from below ``top`` down to ``folder``."""
    relative = folder.relative_to(top)
    return [*reversed(relative.parents[:-1]), relative] if relative.parts else []


def _tighten(folder: Path) -> None:
    """Make a folder of this account :data:`PRIVATE_FOLDER` (others' folders are left)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # pragma: no cover - Windows: the profile folder is private already
        return
    with contextlib.suppress(OSError):
        status = folder.stat()
        if status.st_uid == getuid() and stat.S_IMODE(status.st_mode) != PRIVATE_FOLDER:
            folder.chmod(PRIVATE_FOLDER)


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
