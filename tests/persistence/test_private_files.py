"""The data folder is its owner's alone (issue 30, item 5), and ``crash.log`` stays small
(item 4).

Under the usual umask (022) every folder the game makes in the data folder is 0700 and every
file it writes there 0600: saves and their backups, the records, the server's record and
lock, ``crash.log``, shared match files with their WAL and shared memory, and the seats'
lock files. A data folder that exists already, and is ours, is tightened to 0700.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_tui.core import DrawStock
from rummy_tui.persistence import SaveStore
from rummy_tui.persistence.crash_log import write_crash_log
from rummy_tui.persistence.serving import serving
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.records.db import connect as connect_records
from rummy_tui.records.db import records_path
from tests.persistence.test_shared_match import fresh_match


@pytest.fixture
def usual_umask() -> Iterator[None]:
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def modes(folder: Path) -> dict[str, int]:
    """The permission bits of the folder and of everything in it, by path."""
    found = {".": stat.S_IMODE(folder.stat().st_mode)}
    for path in folder.rglob("*"):
        found[path.relative_to(folder).as_posix()] = stat.S_IMODE(path.lstat().st_mode)
    return found


def test_every_file_and_folder_the_game_writes_is_its_owners_alone(
    tmp_path: Path, usual_umask: None
) -> None:
    data = tmp_path / "data"
    setup, game = fresh_match()
    store = SaveStore(data)
    name = store.create(setup, game)
    store.save(name, setup, game)  # the first save becomes the backup
    connection = connect_records(records_path(data))
    connection.close()
    write_crash_log(RuntimeError("boom"), data)
    with SharedMatch.create(setup, game, data) as shared:
        code = shared.issue_code(1)
        with SharedMatch.open(shared.path) as joined:
            assert joined.claim(code).__class__.__name__ == "Claimed"
            shared.append(0, DrawStock(), game.current)
            with serving(data, host="127.0.0.1", port=8000, addresses=[]):
                found = modes(data)
    names = set(found)
    assert {"saves", "shared", "crash.log", "stats.sqlite3", "serving.json"} <= names
    assert any(path.endswith(".sqlite3-wal") for path in names)
    assert any(path.endswith(".sqlite3-shm") for path in names)
    assert any(path.endswith(".lock") and path.startswith("shared/") for path in names)
    assert any(path.startswith("saves/") and path.endswith(".json.bak") for path in names), names
    folders = {path for path in names if (data / path).is_dir()}
    open_to_others = {
        path: oct(mode)
        for path, mode in found.items()
        if mode != (0o700 if path in folders else 0o600)
    }
    assert open_to_others == {}


def test_a_data_folder_that_exists_open_to_others_is_tightened(
    tmp_path: Path, usual_umask: None
) -> None:
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True, mode=0o755)
    data.chmod(0o755)
    (data / "saves").chmod(0o755)
    setup, game = fresh_match()
    SaveStore(data).create(setup, game)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "saves").stat().st_mode) == 0o700


def test_crash_log_keeps_under_its_limit_by_dropping_the_oldest_reports(tmp_path: Path) -> None:
    """Reports keep coming (a window that crashes again and again): the log never passes its
    limit, the newest report is whole in it, the oldest are gone."""
    filler = "x" * 50_000
    for number in range(60):
        path = write_crash_log(RuntimeError(f"report {number} {filler}"), tmp_path)
        assert path is not None
        assert path.stat().st_size <= (1 << 20)
    text = (tmp_path / "crash.log").read_text(encoding="utf-8")
    assert "report 59 " in text and text.count(filler) >= 5
    assert "report 0 " not in text
    assert text.startswith("--- ")
    huge = write_crash_log(RuntimeError("y" * (3 * (1 << 20))), tmp_path)
    assert huge is not None and huge.stat().st_size <= (1 << 20)
    assert (tmp_path / "crash.log").read_text(encoding="utf-8").startswith("--- ")
