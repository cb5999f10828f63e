"""One window per match: an operating-system lock on each match being played.

Playing a match (loading it, or saving it) takes an exclusive ``flock`` on the file
``DATA_DIR/locks/NAME.json.lock`` (beside the save folder, which holds only saves). The lock
belongs to the process: when the game ends, crashes or is killed, the operating system lets
it go, so no stale lock is ever left to clear by hand. A second window that tries to open or
save the same match is refused with :data:`OPEN_ELSEWHERE`, and so are renaming, deleting or
restoring a save that is open.

Within one process the locks are shared (one table for every store), because one process is
one window. Where ``fcntl`` does not exist (Windows) no lock is taken; the check that a save's
file still starts with the match's own log (see ``SaveStore.save``) still refuses to write
over another window's moves.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

from rummy_tui.i18n import N_, _
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.paths import PRIVATE_FILE, private_folder

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
"""The lock of ``saves/NAME.json`` is ``locks/NAME.json.lock``."""
LOCK_FOLDER = "locks"
OPEN_ELSEWHERE = N_("This match is open in another window.")

_held: dict[Path, int] = {}
"""Lock files this process holds, with their open descriptors."""
_guard = threading.Lock()


def lock_path(save_path: Path) -> Path:
    """The lock file of a save file."""
    return save_path.parent.parent / LOCK_FOLDER / f"{save_path.name}{LOCK_SUFFIX}"


def holds(save_path: Path) -> bool:
    """Whether this process holds the lock of ``save_path``."""
    with _guard:
        return lock_path(save_path) in _held


def acquire(save_path: Path, name: str | None = None) -> None:
    """Take the lock of ``save_path`` for this process (nothing if it already has it).

    Raises:
        SaveError: :data:`OPEN_ELSEWHERE` when another process holds it.
    """
    path = lock_path(save_path)
    with _guard:
        if path in _held or fcntl is None:
            return
        try:
            private_folder(path.parent, path.parent.parent)
            descriptor = os.open(
                path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE
            )
        except OSError:
            return  # no save folder yet, or a full or read-only disk: saving will say why
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise SaveError(_(OPEN_ELSEWHERE), name) from None
        except OSError:
            os.close(descriptor)  # a file system without locks: play on unlocked
            return
        _held[path] = descriptor


def release(save_path: Path) -> None:
    """Let go of the lock of ``save_path`` if this process holds it."""
    with _guard:
        descriptor = _held.pop(lock_path(save_path), None)
    if descriptor is not None:
        with contextlib.suppress(OSError):
            os.close(descriptor)


def check_free(save_path: Path, name: str | None = None) -> None:
    """Refuse (:data:`OPEN_ELSEWHERE`) when another process holds the lock of ``save_path``;
    leaves no lock behind."""
    if holds(save_path):
        return
    acquire(save_path, name)
    release(save_path)


def forget(save_path: Path) -> None:
    """Release the lock of a save that is gone and remove its lock file."""
    release(save_path)
    with contextlib.suppress(OSError):
        lock_path(save_path).unlink()
