"""A durable write reaches the disk before it replaces the save (atomic.py): the new file's
bytes are fsynced before the rename, so a power cut leaves the old save or the whole new one,
never an empty file under the save's name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rummy_tui.persistence import atomic


def test_the_new_file_is_fsynced_before_it_replaces_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "match.json"
    target.write_bytes(b"old")
    order: list[str] = []
    real_fsync, real_replace = os.fsync, atomic._replace

    def fsync(descriptor: int) -> None:
        order.append("fsync " + os.readlink(f"/proc/self/fd/{descriptor}").rsplit("/", 1)[-1])
        real_fsync(descriptor)

    def replace(source: Path, destination: Path) -> None:
        order.append("replace")
        real_replace(source, destination)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    monkeypatch.setattr(atomic, "_replace", replace)
    atomic.atomic_write(target, b"new", durable=True)

    assert target.read_bytes() == b"new"
    temp = atomic.temp_path_for(target).name
    assert order.index(f"fsync {temp}") < order.index("replace"), order


def test_a_write_that_is_not_durable_skips_the_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(atomic.os, "fsync", calls.append)
    atomic.atomic_write(tmp_path / "bench.json", b"x", durable=False)
    assert calls == []
