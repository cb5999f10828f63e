"""The mark a shared match file keeps of a turn started at the shared keyboard (P-4).

A discard may be taken back until the next seat starts its turn. On its own screen that is
its first move, which the log holds; at the shared keyboard it is Enter at the seat's hand-off,
which the log does not hold. So that Enter is written into the file first, as the number of
the newest move it followed (:data:`TURN_OPENED_KEY`): while no newer move exists, every screen
refuses the take-back of the discard before it, and the append refuses it too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from rummy_tui.core import Game, IllegalAction
from rummy_tui.core.takeback import turn_started_refusal as turn_started_refusal_of
from rummy_tui.persistence.shared_file import read_value, unreadable, writing

TURN_OPENED_KEY = "turn_opened"
"""The ``match`` value holding the number of the newest move when the seat to act started its
turn at the shared keyboard (Enter at its hand-off): the discard before it is no longer taken
back (P-4). It says nothing once a newer move is made."""


def latest_seq(connection: sqlite3.Connection, path: Path) -> int:
    """The number of the newest move in the file (0 when none was made)."""
    try:
        row = connection.execute("SELECT max(seq) FROM moves").fetchone()
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    return int(row[0] or 0)


def open_turn(connection: sqlite3.Connection, path: Path, seq: int) -> bool:
    """Mark the turn started after move ``seq``, the newest this screen holds; False (and no
    mark) when the file holds a newer move (a take-back that came first is shown instead).

    Raises:
        SaveError: when the file cannot be written.
    """
    with writing(connection, path):
        if latest_seq(connection, path) != seq:
            return False
        connection.execute(
            "INSERT OR REPLACE INTO match (key, value) VALUES (?, ?)",
            (TURN_OPENED_KEY, str(seq)),
        )
    return True


def turn_opened(connection: sqlite3.Connection, path: Path, seq: int) -> bool:
    """Whether the seat to act started its turn at the shared keyboard after move ``seq``."""
    try:
        return read_value(connection, TURN_OPENED_KEY) == str(seq)
    except sqlite3.Error as error:
        raise unreadable(path, error) from None


def turn_started_refusal(game: Game, opened: Callable[[], bool]) -> IllegalAction | None:
    """The refusal of taking back the discard that ended the last turn once the next seat has
    started its turn at the shared keyboard (``opened()``, asked only when a turn has ended
    since the newest move), or None."""
    if turn_started_refusal_of(game.state, True) is None:
        return None
    return turn_started_refusal_of(game.state, opened())
