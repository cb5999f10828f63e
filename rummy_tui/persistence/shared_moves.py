"""The rows of a shared match's move log, and what each becomes in the game.

Each row of the ``moves`` table (``shared_file.py``) is one :class:`SharedMove`: its number,
its seat, its deal and the action as the engine applied it, written as the save files write
actions (pydantic's JSON of :data:`~rummy_tui.core.Action`). :func:`replay_move` applies a
row through the engine's one replay (:mod:`rummy_tui.core.history`), or, for a take-back,
through the engine's take-back, which replays the deal the same way.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from rummy_tui.core import Action, ActionRecord, Game, IllegalAction, TakeBack
from rummy_tui.core.history import replay
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_file import unreadable

_ACTION: TypeAdapter[Action] = TypeAdapter(Action)


@dataclass(frozen=True)
class SharedMove:
    """One row of the move log."""

    seq: int
    """Its number: 1 for the first move after the match was shared."""
    seat: int | None
    """Who made it (None for the table's own deal starts)."""
    deal_number: int
    """The deal it belongs to."""
    action: Action
    """The action as the engine applied it."""
    made_at: str
    """When it was appended (UTC, ISO 8601)."""


Entry = ActionRecord | TakeBackNote
"""What a move became in the game: its log record, or the note of a take-back."""


@dataclass(frozen=True)
class Applied:
    """The move was appended as :attr:`move`; every screen will replay it."""

    move: SharedMove
    """The row written."""
    entry: Entry
    """What it became in this screen's game (its log line is written from it)."""


@dataclass(frozen=True)
class Lost:
    """Another screen's move took the number first; this screen's move was not made."""

    winner: SharedMove
    """The move that was made instead."""
    entry: Entry
    """It, as this screen replayed it (its sentence keeps card tokens, as log lines do)."""

    @property
    def reason(self) -> str:
        """Why this screen's move was not made, in one sentence with the winning move."""
        return moved_first_words(self.entry)


def moved_first_words(winner: Entry) -> str:
    """Why a screen's move was not made: another screen's move, ``winner``, came first."""
    return _("Another screen moved first, so your move was not made: {move}").format(
        move=entry_sentence(winner)
    )


@dataclass(frozen=True)
class Refused:
    """The engine refused the action on the game as the file holds it; nothing was written."""

    refusal: IllegalAction


class DamagedMove(SaveError):
    """A move of the log that cannot be replayed: a row that is not a move, a move the
    engine does not make as recorded, or a number missing. The moves before it are sound."""

    def __init__(self, seq: int, sentence: str) -> None:
        super().__init__(sentence)
        self.seq = seq
        """The number of the damaged move."""


def read_moves(connection: sqlite3.Connection, path: Path, seq: int) -> list[SharedMove]:
    """The moves of the file ``path`` after number ``seq``, oldest first.

    Raises:
        SaveError: when the file cannot be read; :class:`DamagedMove` for a row that holds
            no action, or a number missing.
    """
    return list(each_move(connection, path, seq))


def each_move(connection: sqlite3.Connection, path: Path, seq: int) -> Iterator[SharedMove]:
    """The moves after number ``seq`` one by one, oldest first (read at once): a damaged row
    raises :class:`DamagedMove` only when its turn comes, after the sound ones before it."""
    try:
        rows = connection.execute(
            "SELECT seq, seat, deal_number, action_json, made_at FROM moves"
            " WHERE seq > ? ORDER BY seq",
            (seq,),
        ).fetchall()
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    expected = seq + 1
    for number, seat, deal_number, action_json, made_at in rows:
        if number != expected:
            raise DamagedMove(
                expected,
                _("The shared match {file} lacks move {seq}.").format(file=path.name, seq=expected),
            )
        try:
            action = _ACTION.validate_json(action_json)
            move = SharedMove(int(number), _seat_of(seat), int(deal_number), action, made_at)
        except (ValidationError, TypeError, ValueError):
            raise DamagedMove(
                number,
                _("Move {seq} of the shared match {file} is not a move.").format(
                    seq=number, file=path.name
                ),
            ) from None
        yield move
        expected += 1


def _seat_of(value: object) -> int | None:
    """A row's seat: a number or none (anything else is no seat)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(value)
    return value


def insert_move(connection: sqlite3.Connection, move: SharedMove) -> None:
    """Insert ``move`` as its row (in a change already begun); SQLite refuses a number that
    is taken."""
    connection.execute(
        "INSERT INTO moves (seq, seat, deal_number, action_json, made_at) VALUES (?, ?, ?, ?, ?)",
        (
            move.seq,
            move.seat,
            move.deal_number,
            _ACTION.dump_json(move.action).decode(),
            move.made_at,
        ),
    )


def replay_move(game: Game, move: SharedMove) -> Entry:
    """Apply one row to ``game`` as it was made, and return what it became.

    Raises:
        ReplayError: the engine did not do what the row records (see
            :func:`rummy_tui.core.history.replay`).
        IllegalAction: the engine refused a take-back.
    """
    if isinstance(move.action, TakeBack):
        game.apply(move.action, move.seat)
        return game.state.take_back_notes[-1]
    record = ActionRecord(seat=move.seat, action=move.action, deal_number=move.deal_number)
    replay(game.state, [record])
    return game.state.log[-1]
