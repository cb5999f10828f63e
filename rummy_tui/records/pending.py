"""Finished matches still to be recorded: ``records-pending.json`` in the data folder.

A match that ends while ``stats.sqlite3`` cannot be written (another program holds its lock,
the disk is full) is saved as usual, and its save's name goes on this list with the time the
match ended. The next session that can write the records (the app's start, the Records
screen) records every save on the list and takes it off: each match once, since a match is
recorded under its own key and a second recording adds nothing. A save that is gone or no
longer finished is taken off without a record; one that cannot be read stays on the list.

The file is a JSON list of ``{"save": NAME, "finished_at": ISO-8601}``; a file that cannot be
read counts as an empty list.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rummy_tui.persistence.paths import PENDING_FILE, PRIVATE_FILE, pending_path, private_folder

if TYPE_CHECKING:
    from rummy_tui.records import Records

__all__ = [
    "PENDING_FILE",
    "Unrecorded",
    "pending_path",
    "read_pending",
    "record_unrecorded",
    "remember_unrecorded",
    "write_pending",
]


@dataclass(frozen=True)
class Unrecorded:
    """A finished match waiting to be recorded."""

    save: str
    """The name of its save."""
    finished_at: datetime
    """When it ended (recorded as the match's time)."""


def read_pending(path: Path) -> list[Unrecorded]:
    """The matches on the list (none when the file is missing or cannot be read)."""
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    found: list[Unrecorded] = []
    for entry in entries if isinstance(entries, list) else []:
        try:
            moment = datetime.fromisoformat(entry["finished_at"]).astimezone(UTC)
            save = entry["save"]
        except (KeyError, TypeError, ValueError, OverflowError):
            continue
        if isinstance(save, str) and save:
            found.append(Unrecorded(save=save, finished_at=moment))
    return found


def write_pending(path: Path, entries: list[Unrecorded]) -> None:
    """Replace the list (an empty list removes the file); a failure is let go silently: the
    list is a second chance, never a reason to stop play."""
    with contextlib.suppress(OSError):
        if not entries:
            path.unlink(missing_ok=True)
            return
        text = json.dumps(
            [
                {"save": entry.save, "finished_at": entry.finished_at.isoformat()}
                for entry in entries
            ]
        )
        private_folder(path.parent)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)


def remember_unrecorded(
    explicit_data_dir: Path | str | None, save: str, finished_at: datetime
) -> None:
    """Put a finished match's save on the list, to be recorded when the records work again."""
    path = pending_path(explicit_data_dir)
    entries = [entry for entry in read_pending(path) if entry.save != save]
    write_pending(path, [*entries, Unrecorded(save=save, finished_at=finished_at)])


def record_unrecorded(records: Records, explicit_data_dir: Path | str | None = None) -> int:
    """Record every match on the list while the records work, taking each off once it is in
    them; returns how many were added. Never raises."""
    from rummy_tui.persistence import SaveError, SaveStore

    path = pending_path(explicit_data_dir)
    waiting = read_pending(path)
    if not waiting or not records.on:
        return 0
    store = SaveStore(explicit_data_dir)
    kept: list[Unrecorded] = []
    added = 0
    for index, entry in enumerate(waiting):
        try:
            if not store.exists(entry.save):
                continue  # deleted: nothing left to record
            setup, game, _extra = store.peek(entry.save)
        except SaveError:
            kept.append(entry)  # unreadable for now: tried again next time
            continue
        except Exception:  # a strange file never stops the others
            kept.append(entry)
            continue
        if not game.is_over:
            continue
        added += records.record_match(setup, game, entry.finished_at)
        if not records.on:  # the records went off again: the rest waits
            kept.extend(waiting[index:])
            break
    write_pending(path, kept)
    return added
