"""A pytest plugin that makes every computer player think longer before each move, as on a
loaded machine: ``python -m pytest -p tests.slow_computers -m "unit or quick"``.

A Pilot test that presses keys while a computer may still be thinking, instead of waiting for
it (``settle``), fails under it every time rather than now and then under load; that is how
the two timing faults of issue 31 were found. ``RUMMY_TEST_COMPUTER_DELAY`` sets the extra
seconds (0.3 by default).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def slow_computers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from rummy_tui.ui import computer_moves

    delay = float(os.environ.get("RUMMY_TEST_COMPUTER_DELAY", "0.3"))
    think = computer_moves.ComputerMoves._think

    def slower(self: Any, *arguments: Any, **options: Any) -> None:
        time.sleep(delay)  # in the computer's worker thread, never in the app's loop
        think(self, *arguments, **options)

    monkeypatch.setattr(computer_moves.ComputerMoves, "_think", slower)
    yield
