"""SVG snapshots of the gameplay screens at fixed sizes and seeds (pytest-textual-snapshot).

Update after an intended change of the look with ``pytest tests/ui/test_snapshots.py
--snapshot-update`` and check the new pictures in the report before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from rummy_tui.core import get_variant, new_game
from rummy_tui.ui.shell.app import make_app
from tests.replay.saved import save_match
from tests.ui.helpers import NAMES, app_for, cursor_to, press, select, settle, stacked_game
from tests.ui.screenshot_table import busy_table
from tests.ui.test_play_classic import classic_game
from tests.ui.test_play_double import BOB as DOUBLE_BOB
from tests.ui.test_play_rummy500 import ANNA as R500_ANNA
from tests.ui.test_play_rummy500 import BOB as R500_BOB


async def classic_turn(pilot: Pilot[Any]) -> None:
    """Bob takes the 4♣ and melds three melds; one card is selected."""
    await press(pilot, "enter", "t")
    for cards in (("7H", "8H", "9H"), ("KS", "KD", "KC"), ("2C", "3C", "4C")):
        await select(pilot, *cards)
        await press(pilot, "m")
    await select(pilot, "JS")


async def classic_deal_to_end(pilot: Pilot[Any]) -> None:
    """The whole stacked Classic deal of test_play_classic, to the end-of-deal screen."""
    await press(pilot, "enter", "t")
    for cards in (("7H", "8H", "9H"), ("KS", "KD", "KC"), ("2C", "3C", "4C")):
        await select(pilot, *cards)
        await press(pilot, "m")
    await cursor_to(pilot, "JS")
    await press(pilot, "x", "enter", "d")
    await select(pilot, "10H")
    await press(pilot, "x", "enter", "t")
    await select(pilot, "10H")
    await press(pilot, "l", "x")


def test_snapshot_table_two_players_80x24(snap_compare: Any) -> None:
    app = app_for(classic_game())
    assert snap_compare(app, terminal_size=(80, 24), run_before=classic_turn)


def test_snapshot_table_two_players_120x40(snap_compare: Any) -> None:
    app = app_for(classic_game())
    assert snap_compare(app, terminal_size=(120, 40), run_before=classic_turn)


def test_snapshot_table_twelve_players_120x40(snap_compare: Any) -> None:
    game = new_game(get_variant("european"), list(NAMES), seed=7)
    app = app_for(game)
    assert snap_compare(app, terminal_size=(120, 40), press=["enter", "enter", "d"])


def test_snapshot_table_five_players_rummy500_phone_44x60(snap_compare: Any) -> None:
    """The table at phone size (a browser tab of 390x844 px is about 44 columns): five seats of
    Rummy 500 well into the deal, each on one line with its melds under it, the piles and the
    log under the players, Anna's hand and keys at the bottom."""
    game = busy_table(1, players=5)
    assert game is not None

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-off to Anna

    assert snap_compare(app_for(game), terminal_size=(44, 60), run_before=run_before)


def test_snapshot_cut_for_dealer(snap_compare: Any) -> None:
    game = new_game(get_variant("european"), list(NAMES[:5]), seed=7)
    app = app_for(game)
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_hand_off(snap_compare: Any) -> None:
    app = app_for(classic_game())
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_double_rum_moved_joker(snap_compare: Any) -> None:
    game = stacked_game("double", {1: DOUBLE_BOB}, upcard="2S", stock="3D 8S 8D")

    async def run_before(pilot: Pilot[Any]) -> None:
        await press(pilot, "enter", "d")
        await select(pilot, "5H", "6H", "JK")
        await press(pilot, "m", "1")
        await select(pilot, "7H")
        await press(pilot, "l")

    assert snap_compare(app_for(game), terminal_size=(100, 30), run_before=run_before)


def test_snapshot_rummy500_dig_question(snap_compare: Any) -> None:
    game = stacked_game("rummy500", {0: R500_ANNA, 1: R500_BOB}, upcard="KS", stock="5C 9S")

    async def run_before(pilot: Pilot[Any]) -> None:
        await press(pilot, "enter", "d")
        await cursor_to(pilot, "6C")
        await press(pilot, "x", "enter", "d")
        await select(pilot, "7C")
        await press(pilot, "x", "enter", "t")

    assert snap_compare(app_for(game), terminal_size=(100, 30), run_before=run_before)


def test_snapshot_end_of_deal(snap_compare: Any) -> None:
    app = app_for(classic_game())
    assert snap_compare(app, terminal_size=(100, 30), run_before=classic_deal_to_end)


def test_snapshot_replay_rummy500_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The replay of a finished Rummy 500 match, eight moves into its first deal (issue 32)."""
    save_match(tmp_path, "Friday", "rummy500", 3, seed=3, target_score=300)
    app = make_app(data_dir=tmp_path, save_name="Friday", start="replay", replay_deal=1)
    assert snap_compare(app, terminal_size=(80, 24), press=["right"] * 8)


def test_snapshot_replay_european_twelve_at_the_end_120x40(
    snap_compare: Any, tmp_path: Path
) -> None:
    """The end of a 12-seat European deal in the replay: its reveal (P-3)."""
    save_match(tmp_path, "Big table", "european", 12, seed=2)
    app = make_app(data_dir=tmp_path, save_name="Big table", start="replay", replay_deal=1)
    assert snap_compare(app, terminal_size=(120, 40), press=["end"])
