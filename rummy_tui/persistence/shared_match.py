"""A match played on several screens: one shared move log that every screen replays.

A match with seats on their own screens keeps its shared state in one SQLite file
(``shared_file.py``): the match as it stood when it was shared, written as a save file, and
the moves made since, numbered 1, 2, 3... Each screen is its own process with its own
:class:`SharedMatch`; it rebuilds the game from the opening and replays every move through
the engine (the one replay of :mod:`rummy_tui.core.history`), so all screens hold the same
game: the engine is deterministic from the recorded card orders and the log.

::

    shared = SharedMatch.create(setup, game, data_dir)   # the shared screen
    code = shared.issue_code(2)                           # shown there until seat 2 joins
    joined = SharedMatch.open(shared.path)                # another screen
    joined.claim(code)                                    # Claimed(seat=2) or ClaimRefused
    outcome = joined.append(joined.seq, action, seat=2)   # Applied, Lost or Refused
    if shared.has_news():                                 # a few times a second, cheap
        shared.catch_up()                                 # the moves not yet seen, replayed

Appending move N is one transaction: take the file's write lock, replay what the screen had
not seen, have the engine verify the action (an action it refuses is never written), insert
row N, commit. Of two screens acting at the same moment exactly one move is applied; the
other screen is told :class:`Lost` with the move that won. An append is all or nothing: when
the file cannot be written (the disk full, a read-only file, the lock held too long) the
screen's game and its :attr:`SharedMatch.seq` go back to what the file holds, so the next move
gets the next number and the log never has a gap.

A row that does not replay (a damaged disk, a hand's edit) freezes nothing: the replay stops
before it, :attr:`SharedMatch.damage` names it, and the game is the match as it stood before it;
the next look after the file changes tries again (a mended row is replayed by itself), and the
shared screen may drop the damaged tail (:meth:`SharedMatch.drop_damaged`). The rows and their
replay are in ``shared_moves.py``, the file itself in ``shared_file.py``, seat codes in
``seat_codes.py``.
"""

from __future__ import annotations

import contextlib
import sqlite3
import weakref
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from pydantic import ValidationError

from rummy_tui import __version__
from rummy_tui.core import Action, Game, IllegalAction, TakeBack
from rummy_tui.core.history import ReplayError
from rummy_tui.i18n import _, ngettext
from rummy_tui.i18n.refusals import refusal_sentence
from rummy_tui.match.setup import MatchSetup
from rummy_tui.persistence import seat_codes
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.format import SaveFile, decode, read_file
from rummy_tui.persistence.paths import data_dir as find_data_dir
from rummy_tui.persistence.replay import rebuild
from rummy_tui.persistence.save_cache import Session, first_deal_from_seed, first_deal_from_state
from rummy_tui.persistence.seat_codes import Claimed, ClaimRefused
from rummy_tui.persistence.shared_file import (
    BUSY_TIMEOUT_MS,
    FILE_FORMAT,
    connect,
    create_file,
    data_version,
    read_value,
    shared_path,
    unreadable,
    writing,
)
from rummy_tui.persistence.shared_moves import (
    Applied,
    DamagedMove,
    Entry,
    Lost,
    Refused,
    SharedMove,
    each_move,
    insert_move,
    read_moves,
    replay_move,
)
from rummy_tui.persistence.shared_seats import (
    KEYBOARD_SEAT,
    OWN_SEATS_KEY,
    SeatHolds,
    SeatsRefused,
    has_code,
    read_own_seats,
    seat_list,
    write_own_seats,
)
from rummy_tui.persistence.shared_tables import new_tags, read_join_code, table_path, table_tag
from rummy_tui.persistence.turn_mark import (
    latest_seq,
    open_turn,
    turn_opened,
    turn_started_refusal,
)

__all__ = [
    "Applied",
    "ClaimRefused",
    "Claimed",
    "DamagedMove",
    "Lost",
    "Refused",
    "SeatsRefused",
    "SharedMatch",
    "SharedMove",
]

BUSY_TIMEOUT = BUSY_TIMEOUT_MS / 1000
"""Seconds a change waits for another screen's change to end before it gives up."""
WATCH_INTERVAL = 0.05
"""Seconds between two looks of a watching screen at :meth:`SharedMatch.has_news` (see
``benchmarks/bench_shared_log.py`` for what it costs and how soon a move is seen)."""


class SharedMatch:
    """One screen's handle on a shared match file, with the game replayed to :attr:`seq`.

    Use :meth:`create` or :meth:`open`; :meth:`close` (or a ``with`` block) lets go of the
    file and of the seats this screen holds.
    """

    def __init__(
        self,
        path: Path,
        connection: sqlite3.Connection,
        opening: SaveFile,
        game: Game | None = None,
    ) -> None:
        self.path = path
        """The shared match file."""
        self.setup: MatchSetup = opening.setup
        """The match's setup."""
        self.pace: seat_codes.GuessPace = seat_codes.PACE
        """How long this screen waits for the answer to a wrong code (this process's pace,
        shared by every match it opens)."""
        self._connection = connection
        self._opening = opening
        self._seen_version = data_version(connection)
        self.holds = SeatHolds(connection, path)
        """The seats this screen holds."""
        self.takeover_wait = seat_codes.TAKEOVER_WAIT
        """Seconds a claim waits for another screen holding the seat to let go of it."""
        self.game: Game = game if game is not None else rebuild(opening)
        """The game with every move up to :attr:`seq` replayed (the very game object a match
        was shared from, on the screen that shared it)."""
        self.seq = 0
        """How many moves of the log :attr:`game` holds."""
        self.damage: DamagedMove | None = None
        """The first move of the log that does not replay, while there is one: :attr:`game`
        is the match as it stood before it."""
        self._entries: list[Entry] = []
        self._moves: list[SharedMove] = []
        with contextlib.suppress(DamagedMove):  # the match opens as it stood before it
            self.catch_up()

    # ------------------------------------------------------------------ opening

    @classmethod
    def create(
        cls,
        setup: MatchSetup,
        game: Game,
        data_dir: Path | str | None = None,
        *,
        match_id: str | None = None,
    ) -> SharedMatch:
        """Share ``game`` (as it stands) in a new file ``shared/TAG.sqlite3`` of the data
        directory, and open it. The file is named after a free table tag
        (:mod:`~rummy_tui.persistence.shared_tables`), or ``match_id`` when given; the seats
        of ``setup`` marked as played on their own screens are the match's own-screen seats.

        Raises:
            SaveError: when the match cannot be written (as for a save) or ``match_id``'s
                file exists.
        """
        first = first_deal_from_state(game) or first_deal_from_seed(game)
        pieces = Session(game=weakref.ref(game), first=first).render(
            setup, game, {}, datetime.now(UTC)
        )
        values = {
            "file_format": str(FILE_FORMAT),
            "opening": b"".join(pieces).decode("utf-8"),
            seat_codes.SALT_KEY: seat_codes.new_salt(),
            "finished": "1" if game.is_over else "0",
            OWN_SEATS_KEY: seat_list(setup.own_screen_seats),
        }
        folder = find_data_dir(data_dir)
        for tag in [match_id] if match_id is not None else new_tags():
            path = shared_path(folder, tag)
            if match_id is None and path.exists():
                continue
            try:
                create_file(path, values)
            except SaveError:
                if match_id is None and path.exists():
                    continue  # another match took the tag at the same moment
                raise
            return cls.open(path, game=game)
        raise AssertionError("unreachable")  # pragma: no cover - new_tags never ends

    @classmethod
    def open(
        cls, path: Path, *, game: Game | None = None, busy_timeout: float = BUSY_TIMEOUT
    ) -> SharedMatch:
        """Open a shared match file and replay it (``game``: the game the file was just made
        from, used as it is). A move that does not replay stops the replay there
        (:attr:`damage` names it). A change waits up to ``busy_timeout`` seconds for another
        screen's change to end.

        Raises:
            SaveError: for a missing, damaged or newer file.
        """
        connection = connect(path, busy_timeout)
        try:
            version = read_value(connection, "file_format")
            if version != str(FILE_FORMAT):
                raise SaveError(
                    _(
                        "The shared match {file} is of format {version}; this version reads "
                        "format {known}."
                    ).format(file=path.name, version=version, known=FILE_FORMAT)
                )
            text = read_value(connection, "opening") or ""
            opening = read_file(decode(text.encode("utf-8"), __version__))
            return cls(path, connection, opening, game)
        except sqlite3.Error as error:  # a database that is not a shared match
            connection.close()
            raise unreadable(path, error) from None
        except BaseException:
            connection.close()
            raise

    def close(self) -> None:
        """Let go of this screen's seats and of the file."""
        self.holds.release_all()
        self._connection.close()

    def __enter__(self) -> SharedMatch:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ reading

    @property
    def tag(self) -> str:
        """The table tag: the start of every join code of this match."""
        return table_tag(self.path)

    def own_seats(self) -> frozenset[int]:
        """The seats played on their own screens now (the shared screen may change them)."""
        return read_own_seats(self._connection, self.path)

    def entries_since(self, seq: int) -> list[Entry]:
        """What moves ``seq + 1`` up to :attr:`seq` became (records, or take-back notes)."""
        return list(self._entries[seq:])

    def latest_seq(self) -> int:
        """The number of the newest move in the file (0 when none was made)."""
        return latest_seq(self._connection, self.path)

    def moves_since(self, seq: int) -> list[SharedMove]:
        """The moves after number ``seq``, oldest first."""
        return read_moves(self._connection, self.path, seq)

    def has_news(self) -> bool:
        """Whether another screen changed the file since the last look (cheap: no read of
        the file; see ``shared_file.py``)."""
        try:
            version = data_version(self._connection)
        except sqlite3.Error as error:
            raise unreadable(self.path, error) from None
        news = version != self._seen_version
        self._seen_version = version
        return news

    def catch_up(self) -> list[tuple[SharedMove, Entry]]:
        """Replay the moves this screen has not seen; each with what it became.

        Raises:
            DamagedMove: for the first move that does not replay (the moves before it are
                replayed, :attr:`game` is the match as it stood before it, :attr:`damage`
                names it until the row is mended and replayed, or dropped).
            SaveError: when the file cannot be read.
        """
        done = []
        try:
            for move in each_move(self._connection, self.path, self.seq):
                done.append((move, self._replay(move)))
        except DamagedMove as damage:
            self.damage = damage
            raise
        self.damage = None
        return done

    def _replay(self, move: SharedMove) -> Entry:
        try:
            entry = replay_move(self.game, move)
        except (ReplayError, IllegalAction, ValidationError) as failure:
            refusal = failure if isinstance(failure, IllegalAction) else None
            if isinstance(failure, ReplayError):
                refusal = failure.refusal
            self._rewind(self.seq)  # the replay may have stopped half-way
            reason = refusal_sentence(refusal) if refusal is not None else move.action.kind
            raise DamagedMove(
                move.seq,
                _("Move {seq} of the shared match {file} does not replay: {reason}").format(
                    seq=move.seq, file=self.path.name, reason=reason
                ),
            ) from None
        self.seq = move.seq
        self._entries.append(entry)
        self._moves.append(move)
        return entry

    def _rewind(self, seq: int) -> None:
        """Hold the match as it stood after move ``seq`` (a move only half made, or made in
        memory but not written, is undone): the opening again, and the moves up to ``seq``
        replayed from memory (the file is not read: it may be what failed)."""
        game = rebuild(self._opening)
        moves = self._moves[:seq]
        entries = [replay_move(game, move) for move in moves]
        self.game, self.seq, self._moves, self._entries = game, seq, moves, entries

    def drop_damaged(self) -> int:
        """Continue the match from before its damaged move: that move and every move after
        it are deleted, in one change (a row mended meanwhile is replayed instead, and nothing
        is dropped). Returns how many moves were dropped.

        Raises:
            WriteFailed: when the file cannot be written (nothing was dropped).
        """
        with writing(self._connection, self.path):
            with contextlib.suppress(DamagedMove):
                self.catch_up()
            if self.damage is None:
                return 0
            dropped = self._connection.execute("DELETE FROM moves WHERE seq > ?", (self.seq,))
            self._connection.execute(
                "UPDATE match SET value = ? WHERE key = 'finished'",
                ("1" if self.game.is_over else "0",),
            )
        self.damage = None
        return int(dropped.rowcount)

    # ------------------------------------------------------------------ moving

    def append(
        self, expected_seq: int, action: Action, seat: int | None
    ) -> Applied | Lost | Refused:
        """Make ``action`` for ``seat`` as move ``expected_seq + 1``: ``expected_seq`` is the
        newest move this screen has shown (usually :attr:`seq`).

        Returns:
            :class:`Applied` when it was written; :class:`Lost` when another screen's move
            took that number first (this screen has replayed it); :class:`Refused` when the
            engine refuses the action (nothing is written).

        Raises:
            SaveError: when the file cannot be written (nothing was written then).
        """
        number = expected_seq + 1
        unwritten: int | None = None  # the move number before this move, once it is made
        try:
            with writing(self._connection, self.path):
                self.catch_up()
                if self.seq >= number:
                    return Lost(self._moves_made(number), self._entries[number - 1])
                if number != self.seq + 1:
                    raise SaveError(
                        ngettext(
                            "Move {seq} cannot be made: the shared match holds {latest} move.",
                            "Move {seq} cannot be made: the shared match holds {latest} moves.",
                            self.seq,
                        ).format(seq=number, latest=self.seq)
                    )
                refusal = self.game.refusal(action, seat)
                if refusal is None and isinstance(action, TakeBack):
                    refusal = self.turn_started_refusal()
                if refusal is not None:
                    return Refused(refusal)
                unwritten = self.seq
                move = self._write(number, action, seat)
        except BaseException:
            if unwritten is not None:  # all or nothing: the game and the number as in the file
                self._rewind(unwritten)
            raise
        return Applied(move, self._entries[-1])

    def _write(self, number: int, action: Action, seat: int | None) -> SharedMove:
        """Apply a verified action to the game and insert its row (in the open change)."""
        record = self.game.apply(action, seat)
        if isinstance(action, TakeBack):
            done: Action = action
            entry: Entry = self.game.state.take_back_notes[-1]
        else:
            done, seat, entry = record.action, record.seat, record
        made_at = datetime.now(UTC).isoformat(timespec="milliseconds")
        move = SharedMove(number, seat, record.deal_number, done, made_at)
        insert_move(self._connection, move)
        if self.game.is_over:  # the codes of a finished match are void
            self._connection.execute("DELETE FROM seat_codes")
            self._connection.execute("UPDATE match SET value = '1' WHERE key = 'finished'")
        self.seq = number
        self._entries.append(entry)
        self._moves.append(move)
        return move

    def _moves_made(self, number: int) -> SharedMove:
        return self.moves_since(number - 1)[0]

    # ------------------------------------------------------------------ the turn under way

    def open_turn(self) -> bool:
        """The seat to act starts its turn at the shared keyboard (Enter at its hand-off):
        from now on the discard that ended the turn before is no longer taken back, on any
        screen (P-4); False when the file holds a move this screen has not seen.

        Raises:
            SaveError: when the file cannot be written.
        """
        return open_turn(self._connection, self.path, self.seq)

    def turn_opened(self) -> bool:
        """Whether the seat to act started its turn at the shared keyboard after the newest
        move this screen holds."""
        return turn_opened(self._connection, self.path, self.seq)

    def take_back_refusal(self, seat: int | None = None) -> IllegalAction | None:
        """Why ``seat`` may not take back the newest move now (P-4), or None: the game's
        answer, or that the next seat has started its turn since the discard."""
        return self.game.take_back_refusal(seat) or self.turn_started_refusal()

    def turn_started_refusal(self) -> IllegalAction | None:
        """Why the discard that ended the last turn is not taken back any more: the next
        seat started its turn at the shared keyboard (P-4); None when it has not."""
        return turn_started_refusal(self.game, self.turn_opened)

    # ------------------------------------------------------------------ seats

    def joined_as_seat(self) -> bool:
        """Whether this screen holds a seat of its own (a joined screen, not the shared one)."""
        return bool(self.holds)

    def issue_code(self, seat: int) -> str:
        """A new code for ``seat`` (replacing its earlier one), to be shown on the shared
        screen only, until the seat joins. The file keeps only its salted hash.

        Raises:
            SeatsRefused: on a screen that joined as a seat (P-6).
            SaveError: when the match is over, or ``seat`` is not a seat of the match.
        """
        if self.holds:
            raise SeatsRefused()
        if not 0 <= seat < len(self.game.players):
            raise SaveError(_("The match has no seat {seat}.").format(seat=seat))
        return seat_codes.issue_code(self._connection, self.path, seat)

    def set_own_seats(self, seats: frozenset[int]) -> None:
        """Which seats are played on their own screens from now on; a seat that goes back to
        the shared keyboard loses its code (its screen sees the change and closes).

        Raises:
            SeatsRefused: on a screen that joined as a seat (P-6).
            SaveError: when the file cannot be written.
        """
        if self.holds:
            raise SeatsRefused()
        write_own_seats(self._connection, self.path, seats, len(self.game.players))

    def has_code(self, seat: int) -> bool:
        """Whether ``seat`` holds a code (given out, and not void)."""
        return has_code(self._connection, self.path, seat)

    def seat_is_open(self, seat: int) -> bool:
        """Whether a live screen (this one or another) holds ``seat``."""
        return self.holds.is_open(seat)

    def claim(self, code: str) -> Claimed | ClaimRefused:
        """Open the seat whose code ``code`` is on this screen, or say why not: a wrong or
        malformed code (a wrong one after this screen's wait), a finished match, a seat
        played at the shared keyboard."""
        with self.pace.guess() as guess:
            return self._claim(code, guess)

    @classmethod
    def join(
        cls, data_dir: Path | str | None, text: str, *, pace: seat_codes.GuessPace | None = None
    ) -> tuple[SharedMatch, int] | ClaimRefused:
        """Open the match and the seat of the join code ``text`` (table tag and seat code)
        in the data folder: the match with the seat held, or the refusal. A tag that names
        no match is answered as a wrong code is, after the same work and wait.

        Raises:
            SaveError: when the table's file is damaged or cannot be read.
        """
        pace = pace if pace is not None else seat_codes.PACE
        read = read_join_code(text)
        if read is None:
            return ClaimRefused(_(seat_codes.MALFORMED))
        with pace.guess() as guess:
            path = table_path(find_data_dir(data_dir), read.tag)
            if not path.is_file():
                return seat_codes.no_such_table(read.seat_code, guess)
            shared = cls.open(path)
            shared.pace = pace
            try:
                claimed = shared._claim(read.seat_code, guess)
            except BaseException:
                shared.close()
                raise
        if isinstance(claimed, ClaimRefused):
            shared.close()
            return claimed
        return shared, claimed.seat

    def _claim(self, code: str, guess: seat_codes.Guess) -> Claimed | ClaimRefused:
        found = seat_codes.find_seat(self._connection, self.path, code, guess)
        if isinstance(found, ClaimRefused):
            return found
        player = self.game.players[found]
        if found not in self.own_seats():
            return ClaimRefused(_(KEYBOARD_SEAT).format(player=player))
        if found not in self.holds and not self.holds.take(found, self.takeover_wait):
            return ClaimRefused(_(seat_codes.SEAT_OPEN).format(player=player))
        return Claimed(found)

    def taken_over(self) -> list[int]:
        """The seats of this screen that a newer screen asked for since this one took them:
        let go of now (this screen closes). A look at the file, made when it changed
        (:meth:`has_news`)."""
        return self.holds.taken_over()

    def release(self, seat: int) -> None:
        """Let another screen open ``seat``."""
        self.holds.release(seat)
