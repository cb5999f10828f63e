"""SVG snapshots of the score sheet, its chart, the end of the match and the Records screen.

Update after an intended change of the look with ``pytest tests/ui/test_sheet_snapshots.py
--snapshot-update`` and check the new pictures before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import app_for, press, settle
from tests.ui.sheet_games import played_game
from tests.ui.test_records_screen import fill

SIZES = [(80, 24), (120, 40)]


def two_players() -> Any:
    return app_for(played_game("classic", 2, 3, target_score=1000))


def twelve_players() -> Any:
    return app_for(played_game("european", 12, 4, deal_limit=12))


async def open_sheet(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await press(pilot, "enter", "c")


async def open_chart(pilot: Pilot[Any]) -> None:
    await open_sheet(pilot)
    await press(pilot, "v")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_sheet_two_players(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(two_players(), terminal_size=size, run_before=open_sheet)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_sheet_twelve_players(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(twelve_players(), terminal_size=size, run_before=open_sheet)


def test_snapshot_chart_two_players_line_chart(snap_compare: Any) -> None:
    assert snap_compare(two_players(), terminal_size=(120, 40), run_before=open_chart)


@pytest.mark.parametrize("size", SIZES, ids=["sparklines-80x24", "line-120x40"])
def test_snapshot_chart_twelve_players(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(twelve_players(), terminal_size=size, run_before=open_chart)


def test_snapshot_match_end_rummy500_settlement(snap_compare: Any) -> None:
    app = app_for(played_game("rummy500", 2, 1, target_score=1))

    async def to_the_end(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await press(pilot, "enter")

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_the_end)


def test_snapshot_records_screen(snap_compare: Any, tmp_path: Path) -> None:
    fill(tmp_path)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())

    async def to_records(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await press(pilot, "p")

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_records)
