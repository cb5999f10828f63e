"""The player's guide in the game (issue 33): F1 opens it over any screen, it reads in the
player's language where a page is translated and in English otherwise, its pages and links
lead to each other, and ``rummy guide`` opens it from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Markdown

from rummy_tui.i18n import set_language
from rummy_tui.ui.screens.guide import GuideScreen, guide_text
from rummy_tui.ui.shell.app import make_app
from tests.ui.helpers import app_for, pass_to, press, screen_text, stacked_game


def _page_source(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, GuideScreen)
    return screen.query_one("#guide-text", Markdown).source


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "# Player's guide"), ("fi", "# Pelaajan opas"), ("ru", "# Руководство игрока")],
)
async def test_f1_opens_the_guide_in_the_players_language(
    language: str, heading: str, tmp_path: Path
) -> None:
    set_language(language)
    app = make_app(data_dir=tmp_path, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "f1")
        assert _page_source(app).startswith(heading)
        shown = screen_text(app)
        assert heading[2:] in shown


async def test_a_page_not_translated_is_shown_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page is in Finnish now, so the Finnish saves page is hidden to see the fallback."""
    from rummy_tui.ui.shell import assets

    set_language("fi")
    assert guide_text("settings").startswith("# Asetukset")
    assert guide_text("saves").startswith("# Tallennetut pelit")
    read_parts = assets._read_parts

    def without_finnish_saves(parts: list[str], relative_path: str) -> str:
        if parts == ["guide", "fi", "saves.md"]:
            raise assets.AssetMissing(relative_path)
        return read_parts(parts, relative_path)

    monkeypatch.setattr(assets, "_read_parts", without_finnish_saves)
    assert guide_text("saves").startswith("# Saved games")


async def test_pages_links_and_back_at_the_table() -> None:
    app = app_for(stacked_game("classic", {}, upcard="4C", players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "f1")
        screen = app.screen
        assert isinstance(screen, GuideScreen)
        await screen.show_page("settings")
        await pilot.pause()
        assert _page_source(app).startswith("# Settings")
        markdown = screen.query_one("#guide-text", Markdown)
        markdown.post_message(Markdown.LinkClicked(markdown, "saves.md"))
        await pilot.pause()
        assert screen.page == "saves"
        await press(pilot, "backspace")
        assert screen.page == "settings"
        await press(pilot, "escape")
        assert type(app.screen).__name__ == "TableScreen"  # back at the table, hand as it was


def test_rummy_guide_refuses_a_page_it_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    from rummy_tui.cli.main import main

    assert main(["guide", "nowhere"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("rummy: The guide has no page 'nowhere'") and error.count("\n") == 1


async def test_rummy_guide_opens_its_page_and_esc_ends_the_game(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, start="guide", guide_page="keys")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _page_source(app).startswith("# Keys")
        await press(pilot, "escape")
    assert app.return_code == 0
