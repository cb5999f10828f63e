"""Each player's record: every finished match kept in ``stats.sqlite3`` in the data folder.

::

    from rummy_tui.records import Records

    records = Records()                      # $RUMMY_DATA_DIR or the user data dir
    records.record_match(setup, game)        # when a match ends (a second call adds nothing)
    records.player("anna")                   # PlayerRecord or None
    records.players()                        # every PlayerRecord, for the Records screen
    records.recent_matches("rummy500")       # the last 20 matches of a variant, newest first
    records.recent_results("Anna")           # a player's last 20 results, oldest first
    records.take_notice()                    # "Records are off ..." once, after a failure

A damaged, locked or unwritable database never stops play: the first failure turns records
off for the rest of the session (nothing is written or read any more), every call answers
as if there were no records, and :meth:`Records.take_notice` hands the reason out once.
Abandoned matches are never recorded, and deleting a save leaves its record alone.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from rummy_tui.core import Game
from rummy_tui.i18n import _
from rummy_tui.match.setup import MatchSetup
from rummy_tui.records.db import LOCK_TIMEOUT, RecordsError, connect, records_path
from rummy_tui.records.queries import (
    RECENT,
    MatchSummary,
    PlayerRecord,
    PlayerResult,
    SeatRecord,
    VariantRecord,
    insert_match,
    player_names,
    player_record,
    recent_matches,
    recent_results,
)

_T = TypeVar("_T")

__all__ = [
    "MatchSummary",
    "PlayerRecord",
    "PlayerResult",
    "Records",
    "RecordsError",
    "SeatRecord",
    "VariantRecord",
    "records_path",
]


class Records:
    """The records of one data folder, safe to use from any thread."""

    def __init__(
        self,
        data_dir: Path | str | None = None,
        *,
        path: Path | None = None,
        timeout: float = LOCK_TIMEOUT,
    ) -> None:
        self.path = path if path is not None else records_path(data_dir)
        """The database file."""
        self.timeout = timeout
        self.problem: str | None = None
        """Why records are off, or None while they work."""
        self._noticed = False
        self._lock = threading.Lock()

    @property
    def on(self) -> bool:
        """Whether records are being kept."""
        return self.problem is None

    def take_notice(self) -> str | None:
        """The one-sentence "records are off" message, the first time it is asked for after
        records went off; None otherwise."""
        if self.problem is None or self._noticed:
            return None
        self._noticed = True
        return self.problem

    def _run(self, question: Callable[[sqlite3.Connection], _T], default: _T) -> _T:
        with self._lock:
            if self.problem is not None:
                return default
            try:
                connection = connect(self.path, self.timeout)
                try:
                    return question(connection)
                finally:
                    connection.close()
            except (sqlite3.Error, OSError, RecordsError, ValueError) as error:
                self.problem = _(
                    "Records are off until rummy_tui is restarted: the records file "
                    "{path} could not be used ({reason}); play and saving go on."
                ).format(path=self.path, reason=_plain(error))
                return default

    def record_match(
        self, setup: MatchSetup, game: Game, finished_at: datetime | None = None
    ) -> bool:
        """Record a finished match; False if it is not finished, already recorded or records
        are off. Never raises for a database problem."""
        if not game.is_over:
            return False
        when = finished_at or datetime.now(UTC)
        return self._run(lambda connection: insert_match(connection, setup, game, when), False)

    def player(self, name: str) -> PlayerRecord | None:
        """One player's record (name trimmed, any case), or None."""
        return self._run(lambda connection: player_record(connection, name), None)

    def players(self, variant_id: str | None = None) -> list[PlayerRecord]:
        """Every recorded player's record (those who played ``variant_id``, if given)."""

        def every(connection: sqlite3.Connection) -> list[PlayerRecord]:
            found = (
                player_record(connection, name) for name in player_names(connection, variant_id)
            )
            return [record for record in found if record is not None]

        return self._run(every, [])

    def recent_matches(
        self, variant_id: str | None = None, limit: int = RECENT, reruns: bool = False
    ) -> list[MatchSummary]:
        """The last ordinary matches (of one variant, if given), newest first; with
        ``reruns``, the deals played again, which never count in a player's record."""
        return self._run(
            lambda connection: recent_matches(connection, variant_id, limit, reruns), []
        )

    def recent_results(self, name: str, limit: int = RECENT) -> list[PlayerResult]:
        """A player's last results, oldest first."""
        return self._run(lambda connection: recent_results(connection, name, limit), [])


def _plain(error: BaseException) -> str:
    text = str(error).strip().rstrip(".")
    return text or type(error).__name__
