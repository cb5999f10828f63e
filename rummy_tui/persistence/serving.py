"""Where the game is served: the record ``rummy serve`` keeps while it runs.

While ``rummy serve`` runs, ``DATA_DIR/serving.json`` says where: its process id, the host and
port it listens on, and the addresses a phone or another computer could open, best first
(``{"pid": 4242, "host": "0.0.0.0", "port": 8000, "addresses": ["http://192.168.1.20:8000/",
"http://127.0.0.1:8000/"]}``). The shared screen of a match reads it to show, beside each own
screen's join code, the address (and its QR code) that opens the served page with the code.

The file is written atomically when the server starts and removed when it stops, Ctrl+C
included. A server that was killed leaves it behind, so the file alone is never trusted: the
server also holds an operating-system lock on ``DATA_DIR/locks/serving.lock`` for as long as it
lives (the system lets it go when the process ends, however it ends), and a record counts only
while that lock is held and its process is alive. Where there are no such locks (Windows), the
living process id alone decides.

The record holds no join code: the codes stay on the shared screen.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from rummy_tui.persistence.atomic import atomic_write
from rummy_tui.persistence.locks import LOCK_FOLDER
from rummy_tui.persistence.paths import PRIVATE_FILE, private_folder

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SERVING_FILE = "serving.json"
"""The record of the running server, in the data folder."""
SERVING_LOCK = "serving.lock"
"""The lock the running server holds, in the data folder's ``locks`` folder."""


def serving_path(data_dir: Path) -> Path:
    """The record of the running server in ``data_dir``."""
    return data_dir / SERVING_FILE


def _lock_path(data_dir: Path) -> Path:
    return data_dir / LOCK_FOLDER / SERVING_LOCK


def _alive(pid: int) -> bool:
    """Whether process ``pid`` is running now."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # pragma: no cover - os.kill would end the process there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, under another user
        return True
    return True


def _lock_held(data_dir: Path) -> bool:
    """Whether some process holds the server's lock in ``data_dir`` (True where there are no
    locks to ask)."""
    if fcntl is None:  # pragma: no cover - Windows
        return True
    try:
        descriptor = os.open(_lock_path(data_dir), os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(descriptor)  # closing lets a lock taken just now go at once
    return False


def _take_lock(data_dir: Path) -> int | None:
    """Take the server's lock in ``data_dir`` for this process: its descriptor, or None when
    another running server holds it."""
    folder = data_dir / LOCK_FOLDER
    private_folder(folder, data_dir)
    descriptor = os.open(folder / SERVING_LOCK, os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
    if fcntl is None:  # pragma: no cover - Windows
        return descriptor
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        return None
    return descriptor


def _read(data_dir: Path) -> dict[str, Any] | None:
    try:
        found = json.loads(serving_path(data_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def served_addresses(data_dir: Path) -> list[str]:
    """The base addresses (``http://192.168.1.20:8000/``) of the server running now on
    ``data_dir``, best first; [] when none runs (no record, a damaged one, or one a killed
    server left behind)."""
    record = _read(data_dir)
    if record is None:
        return []
    pid, addresses = record.get("pid"), record.get("addresses")
    if not isinstance(pid, int) or not isinstance(addresses, list):
        return []
    if not _alive(pid) or not _lock_held(data_dir):
        return []
    return [address for address in addresses if isinstance(address, str) and address]


def join_url(base: str, join_code: str) -> str:
    """The address that opens the served page with ``join_code`` filled in:
    ``BASE?join=CODE``, the code quoted for an address.

    >>> join_url("http://192.168.1.20:8000/", "HR-K7QM-4TZP-XE")
    'http://192.168.1.20:8000/?join=HR-K7QM-4TZP-XE'
    """
    return f"{base}?join={quote(join_code, safe='')}"


@contextlib.contextmanager
def serving(data_dir: Path, *, host: str, port: int, addresses: list[str]) -> Iterator[bool]:
    """Keep the record of this server in ``data_dir`` for the time of the ``with`` block, and
    remove it when the block ends (however it ends). Yields whether the record was written:
    False when another server on the same data folder is running, whose record stays, or when
    the folder cannot be written (serving goes on; only the shared screen's addresses are
    missing)."""
    try:
        descriptor = _take_lock(data_dir)
    except OSError:
        descriptor = None
    if descriptor is None:
        yield False
        return
    path = serving_path(data_dir)
    record = {"pid": os.getpid(), "host": host, "port": port, "addresses": addresses}
    written = False
    try:
        try:
            atomic_write(path, json.dumps(record, indent=1).encode("utf-8"), durable=False)
            written = True
        except OSError:
            pass
        yield written
    finally:
        if written:
            with contextlib.suppress(OSError):
                path.unlink()
        os.close(descriptor)
