"""Issue 14, item 3: a match whose first save fails is saved as soon as writing works again.

The disk is full when the match starts: the table shows NOT SAVED, every autosave tries again
(creating the save), leaving warns, and once there is space no move is lost.
"""

from __future__ import annotations

import errno
import random
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.persistence import SaveError, SaveStore
from rummy_tui.persistence import store as store_module
from rummy_tui.persistence.autosave import Autosave
from tests.persistence.helpers import match_at, step


class Disk:
    """Writing fails with "No space left on device" while ``full``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = True
        real = store_module.atomic_write

        def write(*args: Any, **kwargs: Any) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(*args, **kwargs)

        monkeypatch.setattr(store_module, "atomic_write", write)


def test_a_failed_first_save_is_retried_until_it_succeeds(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    setup, game = match_at("classic", "fresh", players=2)
    saving = Autosave(store=SaveStore(data_dir))

    with pytest.raises(SaveError, match="No space left"):
        saving.save(setup, game)
    assert saving.unsaved and saving.note == "NOT SAVED" and saving.name is None
    assert "NOT SAVED" in saving.leave_note()

    rng = random.Random(3)
    for _ in range(5):  # moves made while the disk is full: each autosave fails
        step(game, rng)
        with pytest.raises(SaveError):
            saving.save(setup, game)
    assert not list(data_dir.glob("saves/*.json"))

    disk.full = False
    for _ in range(6):  # space is back: the next autosave creates the save
        step(game, rng)
        saving.save(setup, game, {"moves": len(game.state.log)})
        assert not saving.unsaved and saving.note == "saved"

    assert saving.name is not None and "saved after every move" in saving.leave_note()
    saving.close()
    _, loaded, extra = SaveStore(data_dir).load(saving.name)
    assert loaded.to_json() == game.to_json()
    assert extra == {"moves": len(game.state.log)}


def test_a_failure_mid_match_shows_not_saved_until_a_save_works(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    disk.full = False
    setup, game = match_at("classic", "fresh", players=2)
    saving = Autosave(store=SaveStore(data_dir))
    saving.save(setup, game)
    name = saving.name

    disk.full = True
    step(game, random.Random(1))
    with pytest.raises(SaveError):
        saving.save(setup, game)
    assert saving.note == "NOT SAVED" and saving.name == name

    disk.full = False
    saving.save(setup, game)
    assert saving.note == "saved"


def test_without_a_store_the_match_is_plainly_not_saved() -> None:
    setup, game = match_at("classic", "fresh", players=2)
    saving = Autosave()
    saving.save(setup, game)
    assert saving.note == "not saved" and not saving.unsaved
    assert saving.leave_note() == "This match is not being saved."
