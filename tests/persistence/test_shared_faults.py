"""The shared match under faults (issue 30, item 6), through the library.

A write that fails (a full disk at the commit, a read-only file, another screen holding the
write lock past the wait) makes no move: the file, the screen's game and its idea of the next
move number are as before, and the same move is made once writing works. The log never has a
gap. A row that does not replay freezes nothing: the screen holds the match as it stood before
it, names the move, finds the match again by itself once the row is mended, and the shared
screen can drop the damaged tail in one change.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.core import Discard, DrawStock, Game
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_match import Applied, SharedMatch
from tests.persistence.test_shared_match import edit, fresh_match

FULL = "database or disk is full"


class FaultyConnection:
    """A shared file's connection that fails the statement starting with :attr:`fail_on`
    the way SQLite fails it (the disk full), and passes everything else on."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        self.fail_on: str | None = None
        self.failed = 0

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if self.fail_on is not None and sql.lstrip().upper().startswith(self.fail_on):
            self.failed += 1
            raise sqlite3.OperationalError(FULL)
        return self.connection.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


def faulty(shared: SharedMatch) -> FaultyConnection:
    wrapped = FaultyConnection(shared._connection)
    shared._connection = wrapped  # type: ignore[assignment]
    return wrapped


def state(game: Game) -> dict[str, Any]:
    return game.state.model_dump()


@pytest.mark.parametrize("fail_on", ["INSERT", "COMMIT"])
def test_a_write_that_fails_makes_no_move_and_the_next_one_is_move_1(
    tmp_path: Path, fail_on: str
) -> None:
    """The disk fills up as move 1 is inserted or committed: nothing is written, the game and
    the next move number are as before; once the disk has room the same draw is move 1 (never
    move 2 after a gap) and every screen replays the file."""
    setup, game = fresh_match()
    seat = game.current
    with SharedMatch.create(setup, game, tmp_path) as shared:
        before = state(shared.game)
        connection = faulty(shared)
        connection.fail_on = fail_on
        with pytest.raises(SaveError, match=r"disk is full"):
            shared.append(shared.seq, DrawStock(), seat)
        assert connection.failed == 1
        assert shared.seq == 0 and shared.latest_seq() == 0
        assert state(shared.game) == before
        connection.fail_on = None
        outcome = shared.append(shared.seq, DrawStock(), seat)
        assert isinstance(outcome, Applied) and outcome.move.seq == 1
        discard = Discard(card=shared.game.state.deal.hands[seat][0])
        assert isinstance(shared.append(shared.seq, discard, seat), Applied)
    with SharedMatch.open(shared.path) as other:
        assert [move.seq for move in other.moves_since(0)] == [1, 2]
        assert state(other.game) == state(shared.game)


def test_a_read_only_file_makes_no_move_and_says_so(tmp_path: Path) -> None:
    setup, game = fresh_match()
    seat = game.current
    with SharedMatch.create(setup, game, tmp_path) as shared:
        before = state(shared.game)
        writable = shared._connection
        shared._connection = sqlite3.connect(
            f"file:{shared.path}?mode=ro", uri=True, isolation_level=None
        )
        try:
            with pytest.raises(SaveError, match=r"could not be written \(the file is read-only\)"):
                shared.append(0, DrawStock(), seat)
            assert shared.seq == 0 and state(shared.game) == before
        finally:
            shared._connection.close()
            shared._connection = writable
        assert shared.latest_seq() == 0
        assert isinstance(shared.append(shared.seq, DrawStock(), seat), Applied)


def test_a_write_lock_held_past_the_wait_makes_no_move_and_the_key_works_after(
    tmp_path: Path,
) -> None:
    """Another screen holds the file's write lock longer than this screen waits: the move is
    not made, said so; once the lock is let go the same move is made."""
    setup, game = fresh_match()
    seat = game.current
    with SharedMatch.create(setup, game, tmp_path) as first:
        shared = SharedMatch.open(first.path, busy_timeout=0.05)
        holder = sqlite3.connect(first.path, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(SaveError, match=r"could not be written \(another screen"):
                shared.append(0, DrawStock(), seat)
            assert shared.seq == 0
            holder.execute("ROLLBACK")
            assert isinstance(shared.append(shared.seq, DrawStock(), seat), Applied)
        finally:
            holder.close()
            shared.close()


def test_the_sentence_of_a_failed_write_speaks_the_language(tmp_path: Path) -> None:
    from rummy_tui.i18n import set_language

    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        faulty(shared).fail_on = "COMMIT"
        set_language("fi")
        with pytest.raises(SaveError) as failed:
            shared.append(0, DrawStock(), game.current)
        assert "levy on täynnä" in str(failed.value)


# ---------------------------------------------------------------------- damaged rows


def damaged_after_two_moves(tmp_path: Path) -> tuple[SharedMatch, dict[str, Any], int]:
    """A match with moves 1 and 2, and a move 3 edited into the file that does not replay
    (a second draw): the match, the game after move 2, the seat."""
    setup, game = fresh_match()
    seat = game.current
    shared = SharedMatch.create(setup, game, tmp_path)
    shared.append(0, DrawStock(), seat)
    shared.append(1, Discard(card=shared.game.state.deal.hands[seat][0]), seat)
    after_two = state(shared.game)
    nxt = shared.game.current
    edit(
        shared.path,
        "INSERT INTO moves VALUES (3, ?, 1, ?, 'now')",
        (nxt + 1) % 3,  # not this seat's turn
        DrawStock().model_dump_json(),
    )
    return shared, after_two, nxt


def test_a_row_that_does_not_replay_leaves_the_match_as_it_stood_before_it(
    tmp_path: Path,
) -> None:
    """Another screen opening the match, and one already watching it, hold the match after
    move 2 (not its opening), name move 3, refuse nothing that move 2 allows: once the row is
    mended (taken away) the watching screen plays on by itself."""
    shared, after_two, nxt = damaged_after_two_moves(tmp_path)
    with shared, SharedMatch.open(shared.path) as joined:
        assert joined.seq == 2 and state(joined.game) == after_two
        assert joined.damage is not None and joined.damage.seq == 3
        assert "Move 3 of the shared match" in str(joined.damage)
        assert shared.has_news()
        with pytest.raises(SaveError, match="Move 3 of the shared match"):
            shared.catch_up()
        assert shared.seq == 2 and state(shared.game) == after_two
        assert shared.damage is not None and shared.damage.seq == 3
        edit(shared.path, "DELETE FROM moves WHERE seq = 3")  # mended by hand
        assert shared.has_news()
        shared.catch_up()
        assert shared.damage is None
        assert isinstance(shared.append(shared.seq, DrawStock(), nxt), Applied)
        assert joined.has_news()
        joined.catch_up()
        assert joined.damage is None and joined.seq == 3


def test_the_shared_screen_drops_only_the_damaged_tail_in_one_change(tmp_path: Path) -> None:
    shared, after_two, nxt = damaged_after_two_moves(tmp_path)
    edit(shared.path, "INSERT INTO moves VALUES (4, 0, 1, ?, 'now')", DrawStock().model_dump_json())
    with shared:
        with pytest.raises(SaveError):
            shared.catch_up()
        assert shared.drop_damaged() == 2
        assert shared.damage is None and shared.latest_seq() == 2
        assert state(shared.game) == after_two
        assert isinstance(shared.append(shared.seq, DrawStock(), nxt), Applied)
    with SharedMatch.open(shared.path) as reopened:
        assert reopened.damage is None and reopened.seq == 3


def test_a_missing_move_is_damage_at_its_number(tmp_path: Path) -> None:
    shared, after_two, _nxt = damaged_after_two_moves(tmp_path)
    edit(shared.path, "UPDATE moves SET seq = 5 WHERE seq = 3")
    shared.close()
    with SharedMatch.open(shared.path) as reopened:
        assert reopened.seq == 2 and state(reopened.game) == after_two
        assert reopened.damage is not None and reopened.damage.seq == 3
        assert "lacks move 3" in str(reopened.damage)
        edit(shared.path, "UPDATE moves SET action_json = 'nonsense' WHERE seq = 2")
    with SharedMatch.open(shared.path) as reopened:
        assert reopened.seq == 1 and reopened.damage is not None and reopened.damage.seq == 2
        assert "Move 2 of the shared match" in str(reopened.damage)
