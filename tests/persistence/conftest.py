"""Every save test works in its own data folder; nothing touches the user's saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.persistence import SaveStore


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "env-data"))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path) -> SaveStore:
    return SaveStore(data_dir)
