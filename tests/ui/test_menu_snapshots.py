"""SVG snapshots of the menu screens at 80x24 (pytest-textual-snapshot).

Update after an intended change of the look with ``pytest tests/ui --snapshot-update`` and
look at the new files in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Select

from rummy_tui.ui.screens.new_game import NewGameScreen
from rummy_tui.ui.screens.title import TitleScreen

SIZE = (80, 24)


class MenuApp(App[None]):
    """Shows one screen, nothing else."""

    def __init__(self, make_screen: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make_screen = make_screen

    def on_mount(self) -> None:
        self.push_screen(self.make_screen())


def test_title_with_saves(snap_compare: Any) -> None:
    assert snap_compare(MenuApp(lambda: TitleScreen(has_saves=True)), terminal_size=SIZE)


def test_title_without_saves(snap_compare: Any) -> None:
    app = MenuApp(lambda: TitleScreen(has_saves=False))
    assert snap_compare(app, press=["down"], terminal_size=SIZE)


def test_new_game_first_view(snap_compare: Any) -> None:
    assert snap_compare(MenuApp(NewGameScreen), terminal_size=SIZE)


def test_new_game_problems_explained(snap_compare: Any) -> None:
    async def make_problems(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        await pilot.press("down", "down", "down")  # Rummy 500
        await pilot.pause()
        screen.query_one("#ng-count", Select).value = 3
        await pilot.pause()
        screen.query_one("#opt-rummy500-partnerships", Select).value = 1
        screen.query_one("#seat-name-2", Input).value = "player 1"
        await pilot.pause()
        screen.query_one("#ng-body", VerticalScroll).scroll_to(y=14, animate=False)
        await pilot.pause()

    assert snap_compare(MenuApp(NewGameScreen), terminal_size=SIZE, run_before=make_problems)
