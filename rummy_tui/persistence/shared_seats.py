"""The seats of a shared match as the file keeps them, and the seats one screen holds.

The shared match file lists the seats played on their own screens (:data:`OWN_SEATS_KEY`);
only the shared screen changes that list or gives out codes (P-6): a screen that joined as a
seat is refused with :class:`SeatsRefused`. A screen that opens a seat holds its lock
(:class:`SeatHolds`): a newer screen with the right code asks it to let go (a takeover
request in the file, :mod:`~rummy_tui.persistence.seat_codes`), and the holder lets go on its
next look. :class:`~rummy_tui.persistence.shared_match.SharedMatch` keeps one
:class:`SeatHolds` and answers for the rest of the match.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from rummy_tui.i18n import N_
from rummy_tui.i18n.table_words import seats_refusal
from rummy_tui.persistence import seat_codes
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_file import read_value, unreadable, writing

OWN_SEATS_KEY = "own_seats"
"""The ``match`` value listing the seats played on their own screens (JSON)."""
KEYBOARD_SEAT = N_("{player}'s seat is played at the shared keyboard now.")


class SeatsRefused(SaveError):
    """A screen that joined as a seat asked to move a seat or make a code (P-6): nothing was
    changed."""

    def __init__(self) -> None:
        super().__init__(seats_refusal())


def seat_list(seats: Iterable[int]) -> str:
    """Seats as the file keeps them: a sorted JSON list."""
    return json.dumps(sorted(seats))


def read_own_seats(connection: sqlite3.Connection, path: Path) -> frozenset[int]:
    """The seats the file lists as played on their own screens."""
    try:
        text = read_value(connection, OWN_SEATS_KEY)
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    try:
        seats = json.loads(text or "[]")
    except ValueError:
        seats = []
    return frozenset(seat for seat in seats if isinstance(seat, int))


def write_own_seats(
    connection: sqlite3.Connection, path: Path, seats: frozenset[int], players: int
) -> None:
    """List ``seats`` as played on their own screens; every other seat of the ``players``
    loses its code."""
    with writing(connection, path):
        connection.execute(
            "UPDATE match SET value = ? WHERE key = ?", (seat_list(seats), OWN_SEATS_KEY)
        )
        for seat in range(players):
            if seat not in seats:
                connection.execute("DELETE FROM seat_codes WHERE seat = ?", (seat,))


def has_code(connection: sqlite3.Connection, path: Path, seat: int) -> bool:
    """Whether ``seat`` holds a code (given out, and not void)."""
    try:
        row = connection.execute("SELECT 1 FROM seat_codes WHERE seat = ?", (seat,)).fetchone()
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    return row is not None


class SeatHolds:
    """The seats one screen holds of a shared match file: the lock of each, and the takeover
    request it was taken under (a newer request means a newer screen wants it)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._connection = connection
        self.path = path
        self._locks: dict[int, int] = {}
        self._tokens: dict[int, str | None] = {}

    def __bool__(self) -> bool:
        return bool(self._locks)

    def __contains__(self, seat: object) -> bool:
        return seat in self._locks

    def is_open(self, seat: int) -> bool:
        """Whether a live screen (this one or another) holds ``seat``."""
        if seat in self._locks:
            return True
        try:
            return seat_codes.seat_is_locked(self.path, seat)
        except OSError:
            return False

    def take(self, seat: int, wait: float) -> bool:
        """Hold ``seat``: its lock, taken over from a live screen holding it (asked to let go
        and waited for up to ``wait`` seconds). False when the holder kept it."""
        known = seat_codes.takeover_token(self._connection, self.path, seat)
        try:
            descriptor = seat_codes.lock_seat(self.path, seat)
            if descriptor is None:
                known = seat_codes.request_takeover(self._connection, self.path, seat)
                descriptor = seat_codes.wait_for_seat(self.path, seat, wait)
        except OSError as error:
            raise unreadable(self.path, error) from None
        if descriptor is None:
            return False
        self._locks[seat] = descriptor
        self._tokens[seat] = known
        return True

    def taken_over(self) -> list[int]:
        """The seats that a newer screen asked for since this one took them: let go of now."""
        lost = [
            seat
            for seat in self._locks
            if seat_codes.takeover_token(self._connection, self.path, seat) != self._tokens[seat]
        ]
        for seat in lost:
            self.release(seat)
        return lost

    def release(self, seat: int) -> None:
        """Let another screen open ``seat``."""
        descriptor = self._locks.pop(seat, None)
        self._tokens.pop(seat, None)
        if descriptor is not None:
            seat_codes.unlock_seat(descriptor)

    def release_all(self) -> None:
        """Let go of every seat held."""
        for seat in list(self._locks):
            self.release(seat)
