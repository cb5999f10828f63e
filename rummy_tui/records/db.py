"""The records database: ``stats.sqlite3`` in the data folder, its schema and migrations.

The file is a standard-library SQLite database. Its ``schema_version`` table holds one row,
the version of the schema the file has; :data:`MIGRATIONS` holds one function per version,
each bringing the file from the version before it (version 1 creates the tables from an
empty file). Opening a file runs the migrations it lacks inside one transaction; a file
written by a newer rummy_tui (a higher version) is refused, never changed.

Tables (version 1):

* ``matches``: one row per finished match; ``match_key`` identifies the match (a hash of its
  rules, seats and whole log), so recording the same match twice keeps one row;
* ``match_players``: one row per seat: the name as typed, the name's key (trimmed and
  case-folded, which is how players are looked up), the seat kind (human or a computer
  level), the sheet column the seat scores in, the final total and whether the seat won;
* ``deal_scores``: one row per deal and seat: the score, whether the deal was a dead hand
  and whether the seat's column won the deal.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from rummy_tui.i18n import _
from rummy_tui.persistence.paths import PRIVATE_FILE, data_dir, private_folder

RECORDS_FILE = "stats.sqlite3"
"""The database's file name inside the data folder."""
SCHEMA_VERSION = 2
"""The schema this version of rummy_tui writes."""
LOCK_TIMEOUT = 2.0
"""Seconds to wait for another program's lock before giving up (records then go off)."""


class RecordsError(Exception):
    """The records database cannot be used (newer schema, damaged, locked, unwritable)."""


def records_path(explicit_data_dir: Path | str | None = None) -> Path:
    """Where the records database lives: ``stats.sqlite3`` in the data folder."""
    return data_dir(explicit_data_dir) / RECORDS_FILE


_VERSION_1 = (
    """CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        match_key TEXT NOT NULL UNIQUE,
        finished_at TEXT NOT NULL,
        variant_id TEXT NOT NULL,
        variant TEXT NOT NULL,
        unit TEXT NOT NULL,
        options TEXT NOT NULL,
        deals INTEGER NOT NULL
    )""",
    """CREATE TABLE match_players (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        team INTEGER NOT NULL,
        final_score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
    )""",
    "CREATE INDEX match_players_by_name ON match_players(name_key)",
    """CREATE TABLE deal_scores (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        deal_number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        score INTEGER NOT NULL,
        dead INTEGER NOT NULL,
        won_deal INTEGER NOT NULL,
        PRIMARY KEY (match_id, deal_number, seat)
    )""",
)


def _create_version_1(connection: sqlite3.Connection) -> None:
    # Statement by statement: executescript would commit the migration's transaction.
    for statement in _VERSION_1:
        connection.execute(statement)


Migration = Callable[[sqlite3.Connection], None]
"""Brings a database to the version it is keyed by, from the version before."""


def _add_reruns(connection: sqlite3.Connection) -> None:
    """Version 2: a match that plays a deal of another again says which (its save's name);
    such a match is kept apart, never counted in a player's record. Earlier matches are
    ordinary (NULL)."""
    connection.execute("ALTER TABLE matches ADD COLUMN rerun_of TEXT")


MIGRATIONS: dict[int, Migration] = {1: _create_version_1, 2: _add_reruns}
"""One migration per schema version, keyed by the version it creates. When the schema
changes, raise :data:`SCHEMA_VERSION`, add ``MIGRATIONS[new] = function`` and a test that
opens a file of the old version."""


def name_key(name: str) -> str:
    """How a player's name is matched: trimmed, inner spaces collapsed, case-folded.

    >>> name_key("  Anna  Maria ") == name_key("anna maria")
    True
    """
    return " ".join(name.split()).casefold()


def schema_version(connection: sqlite3.Connection) -> int:
    """The file's schema version (0 for a new, empty file)."""
    connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def migrate(connection: sqlite3.Connection) -> int:
    """Run the migrations the file lacks, in one transaction; return the version reached.

    Raises:
        RecordsError: for a file of a newer schema, or a version with no migration.
    """
    with connection:
        connection.execute("BEGIN IMMEDIATE")
        version = schema_version(connection)
        if version > SCHEMA_VERSION:
            raise RecordsError(
                _(
                    "the records file has schema version {version}, newer than this rummy_tui "
                    "reads ({newest})"
                ).format(version=version, newest=SCHEMA_VERSION)
            )
        while version < SCHEMA_VERSION:
            step = MIGRATIONS.get(version + 1)
            if step is None:
                raise RecordsError(
                    _("no migration to records schema version {version}").format(
                        version=version + 1
                    )
                )
            step(connection)
            version += 1
            connection.execute("DELETE FROM schema_version")
            connection.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
    return version


def connect(path: Path, timeout: float = LOCK_TIMEOUT) -> sqlite3.Connection:
    """Open (creating if needed) the records file at ``path``, migrated to the current schema.

    Raises:
        RecordsError: for a newer schema; sqlite3.Error or OSError for a damaged, locked or
            unwritable file.
    """
    private_folder(path.parent)
    # made 0600 before SQLite opens it: its journal and WAL take the file's permissions
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE))
    connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        migrate(connection)
    except BaseException:
        connection.close()
        raise
    return connection
