"""Finished matches that could not be recorded when they ended are recorded later, once."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from rummy_tui.persistence import SaveStore
from rummy_tui.records import Records
from rummy_tui.records.pending import (
    pending_path,
    read_pending,
    record_unrecorded,
    remember_unrecorded,
)
from tests.persistence.helpers import match_at

WHEN = datetime(2026, 3, 4, 20, 15, tzinfo=UTC)


def _finished_save(folder: Path, name: str, seed: int = 11) -> None:
    setup, game = match_at("rummy500", "finished", players=2, seed=seed)
    SaveStore(folder).create(setup, game, name)


def test_a_waiting_match_is_recorded_once_with_the_time_it_ended(tmp_path: Path) -> None:
    _finished_save(tmp_path, "Friday")
    remember_unrecorded(tmp_path, "Friday", WHEN)
    remember_unrecorded(tmp_path, "Friday", WHEN)  # named twice, listed once
    assert len(read_pending(pending_path(tmp_path))) == 1

    assert record_unrecorded(Records(tmp_path), tmp_path) == 1
    assert record_unrecorded(Records(tmp_path), tmp_path) == 0
    [match] = Records(tmp_path).recent_matches()
    assert match.finished_at == WHEN
    assert not pending_path(tmp_path).exists()


def test_a_deleted_save_leaves_the_list_and_a_locked_database_keeps_it(tmp_path: Path) -> None:
    _finished_save(tmp_path, "kept", seed=11)
    remember_unrecorded(tmp_path, "gone", WHEN)
    remember_unrecorded(tmp_path, "kept", WHEN)
    Records(tmp_path).players()
    holder = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert record_unrecorded(Records(tmp_path, timeout=0.05), tmp_path) == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [entry.save for entry in read_pending(pending_path(tmp_path))] == ["kept"]

    assert record_unrecorded(Records(tmp_path), tmp_path) == 1
    assert len(Records(tmp_path).recent_matches()) == 1


def test_a_damaged_list_counts_as_empty(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    pending_path(tmp_path).write_text('[{"save": 7}, "x", {"save": "a", "finished_at": "y"}')
    assert read_pending(pending_path(tmp_path)) == []
    assert record_unrecorded(Records(tmp_path), tmp_path) == 0
