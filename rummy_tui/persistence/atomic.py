"""Crash-safe file replacement.

:func:`atomic_write` writes the new bytes to a temporary file in the same directory, flushes
and fsyncs it, keeps the current file as the backup (a hard link, so the backup is the very
file that was there, never a half copy), then swaps the new file in with ``os.replace``. A
process killed at any moment, or a power cut, leaves the old file or the new one under the
name, never a mixture; at worst a hidden temporary file is left behind, which the next session
of the same save sweeps away.

Two steps that only matter after the new file is in place run on a background thread, so the
player never waits for them: fsyncing the directory (which makes the rename itself survive a
power cut; until then a power cut brings back the previous save, which is whole) and deleting
the backup that was replaced (the file system frees its blocks, which costs as much as an
fsync when the disk is busy). The replaced backup is first given a second, hidden name, so
no step of a save frees a file while the player waits.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import queue
import shutil
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rummy_tui.persistence.paths import PRIVATE_FILE

TEMP_SUFFIX = ".tmp"
"""Temporary files are ``.<final name>.<pid>.tmp``: hidden, and never listed as saves."""
RETIRED_SUFFIX = ".old"
"""A replaced backup waiting to be deleted is ``.<final name>.<pid>-<n>.old``."""
STALE_TEMP_SECONDS = 3600
"""Where process ids cannot be checked, a temporary file this old is taken as abandoned."""

_REPLACE_RETRIES = 5 if sys.platform == "win32" else 0
_O_BINARY: int = getattr(os, "O_BINARY", 0)
_retired_numbers = itertools.count(1)


class _Janitor:
    """One daemon thread that runs tidy-up steps in order, off the caller's thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[Callable[[], None]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._unsynced: set[Path] = set()

    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job`` soon; its errors are ignored (it only tidies up)."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="rummy-save-janitor", daemon=True
                )
                self._thread.start()
        self._jobs.put(job)

    def sync_directory(self, directory: Path) -> None:
        """fsync ``directory`` soon; one pending fsync covers every rename made before it."""
        with self._lock:
            if directory in self._unsynced:
                return
            self._unsynced.add(directory)

        def job() -> None:
            with self._lock:
                self._unsynced.discard(directory)
            fsync_directory(directory)

        self.submit(job)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                job()
            except Exception:  # tidy-up only: a failure leaves a file for the next sweep
                pass
            finally:
                self._jobs.task_done()

    def drain(self, timeout: float | None = None) -> None:
        """Wait until every submitted job has run (or ``timeout`` seconds have passed)."""
        if timeout is None:
            self._jobs.join()
            return
        deadline = time.monotonic() + timeout
        while self._jobs.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.005)


_janitor = _Janitor()
atexit.register(_janitor.drain, 5.0)


def finish_pending() -> None:
    """Wait for the background tidy-up of earlier writes (directory fsyncs, old backups)."""
    _janitor.drain()


def temp_path_for(path: Path) -> Path:
    """The temporary file this process writes before replacing ``path``."""
    return path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")


def atomic_write(
    path: Path,
    data: bytes | Sequence[bytes | bytearray],
    *,
    backup: Path | None = None,
    durable: bool = True,
) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file.

    Args:
        path: The file to write; its directory must exist.
        data: The complete new contents, or its pieces in order.
        backup: Where the current ``path`` is kept, if it exists, before it is replaced.
        durable: fsync the file and the directory (turn off only in benchmarks and tests that
            measure something else: a power cut could then lose the last write).

    Raises:
        OSError: when the file cannot be written; ``path`` is then untouched.
    """
    temp = temp_path_for(path)
    descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _O_BINARY, PRIVATE_FILE)
    try:
        try:
            for piece in [data] if isinstance(data, bytes) else data:
                view = memoryview(piece)
                while view:
                    written = os.write(descriptor, view)
                    view = view[written:]
            if durable:
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
        if backup is not None and path.exists():
            keep_copy(path, backup, durable=durable)
        _replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    if durable:
        _janitor.sync_directory(path.parent)


def keep_copy(source: Path, target: Path, *, durable: bool = True) -> None:
    """Make ``target`` a complete copy of ``source``, atomically: a hard link where the file
    system has them, else a copy written beside it and renamed into place. A ``target``
    that is replaced is deleted in the background."""
    temp = temp_path_for(target)
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    try:
        os.link(source, temp)
    except OSError:
        shutil.copyfile(source, temp)
        os.chmod(temp, PRIVATE_FILE)
        if durable:
            with temp.open("rb+") as handle:
                os.fsync(handle.fileno())
    retired = _retire(target)
    try:
        _replace(temp, target)
    except BaseException:
        for leftover in (temp, retired):
            if leftover is not None:
                with contextlib.suppress(OSError):
                    leftover.unlink()
        raise
    if retired is not None:
        _janitor.submit(lambda: retired.unlink(missing_ok=True))


def _retire(path: Path) -> Path | None:
    """Give ``path`` a second, hidden name, so replacing it frees nothing; None if there is
    no such file or the file system has no hard links (the replace then frees it at once)."""
    retired = path.with_name(f".{path.name}.{os.getpid()}-{next(_retired_numbers)}{RETIRED_SUFFIX}")
    try:
        os.link(path, retired)
    except OSError:
        return None
    return retired


def sweep_temp_files(directory: Path, final_name: str) -> None:
    """Remove what killed processes left behind for ``final_name``: half-written temporary
    files and replaced backups not yet deleted (never a save: the file a temporary file was
    meant to replace is still whole). Files of processes still running are left alone."""
    prefix = f".{final_name}."
    try:
        with os.scandir(directory) as scan:
            candidates = [entry for entry in scan if entry.name.startswith(prefix)]
    except OSError:
        return
    for entry in candidates:
        rest = entry.name[len(prefix) :]
        if rest.endswith(TEMP_SUFFIX):
            owner = rest[: -len(TEMP_SUFFIX)]
        elif rest.endswith(RETIRED_SUFFIX):
            owner = rest[: -len(RETIRED_SUFFIX)].partition("-")[0]
        else:
            continue
        if not owner.isdigit() or int(owner) == os.getpid() or not _abandoned(entry, int(owner)):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


def _abandoned(entry: os.DirEntry[str], pid: int) -> bool:
    if sys.platform == "win32":  # os.kill would end the process there, not test it
        try:
            return time.time() - entry.stat().st_mtime > STALE_TEMP_SECONDS
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (a no-op where directories cannot be opened)."""
    if sys.platform == "win32":
        return
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _replace(source: Path, target: Path) -> None:
    # Windows refuses a replace while another program (a virus scanner, a backup tool) has the
    # target open; such locks are brief, so try again a few times before giving up.
    for attempt in range(_REPLACE_RETRIES + 1):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == _REPLACE_RETRIES:
                raise
            time.sleep(0.02 * (attempt + 1))


def same_file(first: Path, second: Path) -> bool:
    """Whether both paths name the same file (False when either is missing)."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def move_no_clobber(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``, failing with FileExistsError rather than replacing."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(str(target)) from None
        os.rename(source, target)
        return
    source.unlink()
