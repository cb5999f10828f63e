"""SVG snapshots of the main screens in Finnish and Russian, at 80x24 and 120x40 (issue 15).

The table (four players, and twelve), the new-game menu, the hand-off, the end of a deal and
the score sheet, each with fixed seeds or stacked deals so the pictures never change by
chance. The language is chosen the way ``rummy --lang fi`` chooses it
(:func:`~rummy_tui.ui.shell.settings.start_language`) and set back to English after each test.

Finnish words are long and Russian ones wide: these pictures show that every screen still
fits. Generate or update them after an intended change of the text or the look with
``pytest tests/ui/test_language_snapshots.py --snapshot-update`` and look at the new pictures
before committing them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rummy_tui.core import get_variant, new_game
from rummy_tui.i18n import set_language
from rummy_tui.ui.shell.app import RummyApp, make_app
from rummy_tui.ui.shell.config import start_language
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import NAMES, app_for, press, settle
from tests.ui.sheet_games import played_game
from tests.ui.test_play_classic import classic_game
from tests.ui.test_sheet_snapshots import open_sheet
from tests.ui.test_snapshots import classic_deal_to_end

LANGUAGES = ["fi", "ru"]
SIZES = [(80, 24), (120, 40)]
SIZE_IDS = ["80x24", "120x40"]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The game speaks the language for the test (as after ``rummy --lang``), then English."""
    code = str(request.param)
    assert start_language(code, tmp_path) == code
    yield code
    set_language("en")


def table_of(players: int, variant: str) -> RummyApp:
    return app_for(new_game(get_variant(variant), list(NAMES[:players]), seed=7))


async def to_the_table_and_draw(pilot: Pilot[Any]) -> None:
    """Past the cut and the hand-off; the first player draws from the stock."""
    await settle(pilot)
    if type(pilot.app.screen).__name__ == "CutScreen":
        await press(pilot, "enter")
    await press(pilot, "enter", "d")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_table_four_players(
    snap_compare: Any, language: str, size: tuple[int, int]
) -> None:
    app = table_of(4, "classic")
    assert snap_compare(app, terminal_size=size, run_before=to_the_table_and_draw)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_table_twelve_players(
    snap_compare: Any, language: str, size: tuple[int, int]
) -> None:
    app = table_of(12, "european")
    assert snap_compare(app, terminal_size=size, run_before=to_the_table_and_draw)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_new_game_menu(
    snap_compare: Any, language: str, size: tuple[int, int], tmp_path: Path
) -> None:
    app = make_app(data_dir=tmp_path, start="new", settings=DisplaySettings())
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_hand_off(snap_compare: Any, language: str, size: tuple[int, int]) -> None:
    app = app_for(classic_game())
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_end_of_deal(snap_compare: Any, language: str, size: tuple[int, int]) -> None:
    app = app_for(classic_game())
    assert snap_compare(app, terminal_size=size, run_before=classic_deal_to_end)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_score_sheet(snap_compare: Any, language: str, size: tuple[int, int]) -> None:
    app = app_for(played_game("classic", 2, 3, target_score=1000))
    assert snap_compare(app, terminal_size=size, run_before=open_sheet)
