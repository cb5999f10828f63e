"""The table at phone size (a browser tab of 390x844 px is about 40-50 columns): each seat of
the players panel takes one line (name, cards, score), the seat to play is always in view,
and the hand, piles and keys stay on the screen (issue 30: item 7, the evening's defect 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.core import get_variant
from rummy_tui.match.setup import MatchSetup, parse_players
from rummy_tui.ui.shell.app import RummyApp, make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.players import PlayerBox
from tests.ui.helpers import press, screen_lines, settle
from tests.ui.test_own_screens import joined_app, own_setup, screen_name, wait_for


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
                await settle(pilot)  # a computer that moves first has moved, however slowly
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


def seat_rows(lines: list[str]) -> list[str]:
    """The rows of the players panel between its borders (at phone size the panel is as tall
    as its seats: a blank row is a seat's line drawn in a box two lines high)."""
    top = next(n for n, line in enumerate(lines) if "Players" in line and "╭" in line)
    bottom = next(n for n in range(top + 1, len(lines)) if lines[n].lstrip().startswith("╰"))
    return [line.strip().strip("│").strip() for line in lines[top + 1 : bottom]]


async def test_a_table_narrowed_to_phone_size_takes_one_line_a_seat(tmp_path: Path) -> None:
    """A table laid out at 100 columns and then narrowed to 44 (a phone turned upright, a
    terminal made narrow): each seat's box is as high as the one line it draws, with no blank
    line under it; widened again, every seat's line is back whole."""
    app = phone_app(tmp_path, FIVE)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _round in range(3):
            if type(app.screen).__name__ != "TableScreen":
                await press(pilot, "enter")
        assert type(app.screen).__name__ == "TableScreen"
        await pilot.resize_terminal(44, 60)
        await settle(pilot)
        boxes = list(app.screen.query(PlayerBox))
        assert [box.size.height for box in boxes] == [1] * 5
        rows = seat_rows(screen_lines(app))
        assert len(rows) == 5 and all(rows), rows
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        for line in ("Dan [dealer] · 7 cards · 0 pts · 0 on table", "Anna (you) · 7 cards"):
            assert line in shown, shown


async def test_a_joined_screen_at_phone_size_takes_one_line_a_seat(tmp_path: Path) -> None:
    """A seat joined on a screen of phone size (a browser tab of 390x844 px, ``rummy join``
    in a narrow terminal): the table is laid out for the first time at that width, and each
    seat still takes one line, the seat's own (with "(you)") too."""
    host = make_app(
        setup=own_setup("Anna,own:Bob,Cy,own:Dee,bot:normal", seed=5),
        data_dir=tmp_path,
        settings=DisplaySettings(),
    )
    async with host.run_test(size=(100, 30)) as hp:
        await settle(hp)
        assert host.session is not None and host.session.link is not None
        joined = joined_app(tmp_path, host.session.link.codes[3])
        async with joined.run_test(size=(44, 60)) as jp:
            await wait_for([hp, jp], lambda: screen_name(joined) == "TableScreen", "the table")
            await settle(jp)
            boxes = list(joined.screen.query(PlayerBox))
            assert [box.size.height for box in boxes] == [1] * 5
            rows = seat_rows(screen_lines(joined))
            assert len(rows) == 5 and all(rows), rows
            assert any(row.startswith("Dee") for row in rows), rows
