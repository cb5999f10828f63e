"""The file of a shared match: one SQLite database that several screens change safely.

A match whose seats are played on several screens (each its own process) keeps its shared
state in ``DATA_DIR/shared/MATCH-ID.sqlite3``:

* table ``match`` (``key``, ``value``): ``file_format``; ``opening``, the match as it stood
  when it was shared, written exactly as a save file of the match (``session.py`` renders it,
  ``format.py`` and ``replay.py`` read it back: one encoding for saves and shared matches);
  ``code_salt``, the salt of the seat codes' hashes; ``finished``, ``1`` once the match is
  over; ``takeover_SEAT``, the newest request of a screen to take seat SEAT over from the
  screen holding it (a random token, ``seat_codes.py``);
* table ``moves`` (``seq``, ``seat``, ``deal_number``, ``action_json``, ``made_at``): every
  move made since, the action as the engine applied it (a deal's start with its card order),
  numbered from 1. ``seq`` is the primary key, so move N is one row: of two screens that
  insert move N at the same moment, exactly one succeeds;
* table ``seat_codes`` (``seat``, ``digest``, ``issued_at``): the salted hash of each seat's
  code, never the code (``seat_codes.py``). No count of wrong codes is kept (older files
  have an unused table ``wrong_codes``): each screen's wrong guesses are slowed down in its
  own memory, so nobody can lock a seat's owner out.

The database runs in WAL mode with ``synchronous=FULL``: a move that its writer was told is
applied has been written to disk (the WAL is fsynced at each commit), so neither ``kill -9``
of any process at any moment nor a power cut loses it, and readers never wait for a writer.
Every change is one transaction begun with ``BEGIN IMMEDIATE``, which takes the file's one
write lock first: the check that a move is legal and its insertion see the same log.

A screen notices moves of other screens with ``PRAGMA data_version``, a counter SQLite
keeps in shared memory that changes when another connection commits: one query costs a few
microseconds and reads nothing from the file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from rummy_tui.i18n import N_, _
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.paths import PRIVATE_FILE, private_folder

SHARED_FOLDER = "shared"
"""The folder of shared matches inside the data directory, beside ``saves``."""
SHARED_SUFFIX = ".sqlite3"
FILE_FORMAT = 1
"""The shared file's own format (the opening inside it is a save of the save format)."""
BUSY_TIMEOUT_MS = 10_000
"""How long a change waits for another screen's change to finish before giving up."""

SCHEMA = (
    "CREATE TABLE match (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE moves (seq INTEGER PRIMARY KEY, seat INTEGER, deal_number INTEGER NOT NULL,"
    " action_json TEXT NOT NULL, made_at TEXT NOT NULL)",
    "CREATE TABLE seat_codes (seat INTEGER PRIMARY KEY, digest BLOB NOT NULL UNIQUE,"
    " issued_at TEXT NOT NULL)",
)


def shared_path(data_dir: Path, match_id: str) -> Path:
    """The file of the shared match ``match_id`` in the data directory ``data_dir``.

    >>> shared_path(Path("/srv/rummy"), "3f9a").as_posix()
    '/srv/rummy/shared/3f9a.sqlite3'
    """
    return data_dir / SHARED_FOLDER / f"{match_id}{SHARED_SUFFIX}"


_BUSY = N_("another screen kept it busy too long")
"""A file held by another screen past the time allowed (busy or locked)."""
PROBLEMS = {
    sqlite3.SQLITE_FULL: N_("the disk is full"),
    sqlite3.SQLITE_READONLY: N_("the file is read-only"),
    sqlite3.SQLITE_BUSY: _BUSY,
    sqlite3.SQLITE_LOCKED: _BUSY,
    sqlite3.SQLITE_IOERR: N_("the disk failed"),
    sqlite3.SQLITE_CANTOPEN: N_("the file cannot be opened"),
    sqlite3.SQLITE_PERM: N_("the file may not be written"),
}
"""What went wrong, by SQLite's primary result code, in the words of the game."""
_PROBLEM_TEXTS = {
    "database or disk is full": sqlite3.SQLITE_FULL,
    "attempt to write a readonly database": sqlite3.SQLITE_READONLY,
    "database is locked": sqlite3.SQLITE_BUSY,
}


def problem(error: BaseException) -> str:
    """What went wrong with the file, in the current language where the game knows the
    problem (SQLite's own words, or the system's, otherwise)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        code = _PROBLEM_TEXTS.get(str(error))
    if code is not None and code & 0xFF in PROBLEMS:
        return _(PROBLEMS[code & 0xFF])
    return str(getattr(error, "strerror", None) or error)


class WriteFailed(SaveError):
    """A change of the shared file that could not be written; nothing was changed."""


def unreadable(path: Path, error: BaseException) -> SaveError:
    """The refusal of a shared match file that cannot be used."""
    return SaveError(
        _("The shared match {file} cannot be used: {problem}.").format(
            file=path.name, problem=problem(error)
        )
    )


def unwritable(path: Path, error: BaseException) -> WriteFailed:
    """A change of the shared file that failed, in one sentence."""
    return WriteFailed(
        _("Nothing was changed: the shared match {file} could not be written ({problem}).").format(
            file=path.name, problem=problem(error)
        )
    )


def connect(path: Path, busy_timeout: float = BUSY_TIMEOUT_MS / 1000) -> sqlite3.Connection:
    """A connection to an existing shared match file, in WAL mode with full sync; a change
    waits up to ``busy_timeout`` seconds for another screen's change to end.

    Raises:
        SaveError: when the file is missing or is not a database.
    """
    if not path.is_file():
        raise SaveError(_("There is no shared match {file}.").format(file=path.name))
    try:
        # isolation_level=None: no implicit transactions, each change is begun explicitly.
        # check_same_thread=False: a screen may open the file in a worker thread (a join
        # waits for the code's hash there) and use it in its own loop afterwards; it is
        # never used by two threads at once.
        connection = sqlite3.connect(
            path,
            timeout=busy_timeout,
            isolation_level=None,
            check_same_thread=False,
        )
        _set_up(connection, round(busy_timeout * 1000))
        connection.execute("SELECT count(*) FROM moves").fetchone()
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    return connection


def _set_up(connection: sqlite3.Connection, busy_ms: int = BUSY_TIMEOUT_MS) -> None:
    connection.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")


def create_file(path: Path, values: dict[str, str]) -> None:
    """Write a new shared match file at ``path`` holding ``values`` in its ``match`` table.

    The file is built under a temporary name, closed (so its WAL is folded in) and fsynced,
    then moved into place: no screen ever opens a file that is half made.

    Raises:
        SaveError: when ``path`` exists already or the folder cannot be written.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        private_folder(path.parent, path.parent.parent)
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
        connection = sqlite3.connect(temporary, isolation_level=None)  # its WAL: 0600 too
        try:
            _set_up(connection)
            connection.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA:
                connection.execute(statement)
            connection.executemany(
                "INSERT INTO match (key, value) VALUES (?, ?)", sorted(values.items())
            )
            connection.execute("COMMIT")
        finally:
            connection.close()
        descriptor = os.open(temporary, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.link(temporary, path)  # never over another match's file
        temporary.unlink()
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except FileExistsError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise SaveError(_("A shared match {file} exists already.").format(file=path.name)) from None
    except (OSError, sqlite3.Error) as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise unreadable(path, error) from None


@contextlib.contextmanager
def writing(connection: sqlite3.Connection, path: Path) -> Iterator[sqlite3.Connection]:
    """One change of the file: ``BEGIN IMMEDIATE`` (the write lock, waited for), committed
    when the block ends, rolled back when it raises.

    Raises:
        WriteFailed: when SQLite fails (the file is busy for too long, read-only, damaged, or
            the disk is full); nothing was changed then.
    """
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        raise unwritable(path, error) from None
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException as error:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise unwritable(path, error) from None
        raise


def read_value(connection: sqlite3.Connection, key: str) -> str | None:
    """One value of the ``match`` table, or None."""
    row = connection.execute("SELECT value FROM match WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def data_version(connection: sqlite3.Connection) -> int:
    """SQLite's counter of commits by other connections to the file (see the module)."""
    row = connection.execute("PRAGMA data_version").fetchone()
    return int(row[0])
