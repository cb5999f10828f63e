"""The table at phone size (a browser tab of 390x844 px is about 40-50 columns): each seat of
the players panel takes one line (name, cards, score), the seat to play is always in view,
and the hand, piles and keys stay on the screen (issue 30: item 7, the evening's defect 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.core import get_variant
from rummy_tui.match.setup import MatchSetup, parse_players
from rummy_tui.ui.app import RummyApp, make_app
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.widgets.players import PlayerBox
from tests.ui.helpers import press, screen_lines, settle


def phone_app(tmp_path: Path, players: str, variant: str = "rummy500") -> RummyApp:
    setup = MatchSetup(
        rules=get_variant(variant), seats=parse_players(players), seed=4, bot_delay=0.0
    )
    return make_app(setup=setup, data_dir=tmp_path, settings=DisplaySettings(), autosave=False)


FIVE = "Anna,Bob,Cy,Dan,bot:normal"
TWELVE = ",".join(["Anna", "Bob"] + ["bot:easy"] * 10)


@pytest.mark.parametrize("size", [(44, 60), (50, 40)])
async def test_each_seat_takes_one_line_at_phone_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = phone_app(tmp_path, FIVE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _round in range(3):
            if type(app.screen).__name__ != "TableScreen":
                await press(pilot, "enter")
        assert type(app.screen).__name__ == "TableScreen"
        boxes = list(app.screen.query(PlayerBox))
        assert len(boxes) == 5
        assert all(box.size.height == 1 for box in boxes), [box.size.height for box in boxes]
        shown = "\n".join(screen_lines(app))
        for name in ("Anna", "Bob", "Cy", "Dan", "Computer 5"):
            assert name in shown
        assert "cards" in shown and "pts" in shown
        assert "Stock" in shown and "'s hand" in shown and "Help" in shown and "Draw" in shown


async def test_twelve_seats_at_phone_size_keep_the_seat_to_play_in_view(tmp_path: Path) -> None:
    """Twelve seats at 44 columns: one line each, the seat to play in the panel's view."""
    app = phone_app(tmp_path, TWELVE, "european")
    async with app.run_test(size=(44, 60)) as pilot:
        await settle(pilot)
        for _round in range(3):
            if type(app.screen).__name__ != "TableScreen":
                await press(pilot, "enter")
        boxes = list(app.screen.query(PlayerBox))
        assert all(box.size.height == 1 for box in boxes), [box.size.height for box in boxes]
        assert app.session is not None
        current = app.session.game.current
        panel = app.screen.query_one("#players")
        box = boxes[current]
        assert panel.region.contains_region(box.region), (panel.region, box.region)
