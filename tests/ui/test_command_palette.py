"""The command palette (issue 33): Ctrl+P lists the game's public commands and never a
screenshot, above all while a hand is on the screen."""

from __future__ import annotations

from typing import Any

from textual.command import CommandPalette
from textual.widgets import OptionList

from rummy_tui.ui.shell.app import RummyApp, make_app
from tests.ui.helpers import app_for, pass_to, press, stacked_game

PUBLIC = (
    "Help",
    "Rules",
    "Score sheet",
    "Log",
    "Language",
    "Theme",
    "Cards: four colours",
    "Own screens",
)


async def _palette_titles(app: RummyApp, pilot: Any) -> list[str]:
    await press(pilot, "ctrl+p")
    await pilot.pause(0.3)  # the palette gathers its commands in a worker
    assert isinstance(app.screen, CommandPalette)
    options = app.screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_ctrl_p_at_the_table_lists_the_public_commands_and_no_screenshot() -> None:
    app = app_for(stacked_game("classic", {}, upcard="4C", players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert app.session is not None and app.session.table.hand_state is not None  # a hand
        shown = "\n".join(await _palette_titles(app, pilot))
        for title in PUBLIC:
            assert title in shown, title
        assert "screenshot" not in shown.lower()
        assert "Keys" not in shown and "Quit" not in shown  # Textual's own are not offered


async def test_a_palette_command_does_what_its_key_does() -> None:
    app = app_for(stacked_game("classic", {}, upcard="4C", players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"score sheet")
        await pilot.pause(0.3)
        await press(pilot, "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ScoreSheetScreen"


async def test_the_title_screens_palette_has_no_table_commands(tmp_path: Any) -> None:
    app = make_app(data_dir=tmp_path, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = "\n".join(await _palette_titles(app, pilot))
        assert "Rules" in shown and "Theme" in shown
        assert "Score sheet" not in shown and "Own screens" not in shown
        assert "screenshot" not in shown.lower()
