"""The menus, load screen, end of deal, score sheet and records in Finnish and Russian.

Each screen is opened with the language switched, and its headings and buttons must be the
catalog's translations (looked up through the catalog, never written here), and no English
message of these screens may be left on it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Button

from rummy_tui.i18n import _, catalogs, pgettext, set_language
from rummy_tui.match.sheet import score_sheet
from rummy_tui.persistence import SaveStore
from rummy_tui.records import Records
from rummy_tui.ui.screens.deal_end import DealEndScreen
from rummy_tui.ui.screens.load import LoadScreen
from rummy_tui.ui.screens.new_game import NewGameScreen
from rummy_tui.ui.screens.records import RecordsScreen
from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.persistence.helpers import match_at
from tests.ui.helpers import setup_for_game
from tests.ui.sheet_games import played_game

SCREEN_FILES = (
    "new_game.py",
    "setup_check.py",
    "load.py",
    "deal_end.py",
    "score_sheet.py",
    "records.py",
    "sheet_table.py",
    "totals_chart.py",
    "rules_help.py",
    "deal_terms.py",
    "deal_words.py",
    "sheet.py",
)
"""The modules whose messages these screens show."""


class OneScreen(App[None]):
    """Pushes one screen."""

    def __init__(self, make_screen: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make_screen = make_screen

    def on_mount(self) -> None:
        self.push_screen(self.make_screen())


@pytest.fixture(params=["fi", "ru"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def screen_text(app: App[None]) -> str:
    svg = app.export_screenshot(title=" ")
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def english_left(shown: str) -> list[str]:
    """Whole English sentences and phrases of these screens' messages found on screen (of
    two words or more, without placeholders, and translated differently)."""
    found = []
    for message in catalogs.extract_template():
        if not message.id or isinstance(message.id, tuple):
            continue
        if not any(Path(path).name in SCREEN_FILES for path, _line in message.locations):
            continue
        text = message.id
        if "{" in text or " " not in text or "[" in text:
            continue
        translated = pgettext(message.context, text) if message.context else _(text)
        if translated != text and text in shown:
            found.append(text)
    return found


def assert_shown(shown: str, *english: str) -> None:
    for text in english:
        translated = _(text)
        assert translated != text, f"{text!r} has no translation"
        assert translated in shown, translated


def button_labels(app: App[None]) -> list[str]:
    return [str(button.label) for button in app.screen.query(Button)]


async def test_new_game_menu(language: str) -> None:
    app = OneScreen(NewGameScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert_shown(
            shown,
            "New game: choose the variant, the players and the options",
            "Number of players",
            "Points to win",
        )
        assert _("Classic Rummy") in shown
        assert button_labels(app) == [_("Start"), _("Back")]
        assert english_left(shown) == []


async def test_load_screen_with_a_save(language: str, tmp_path: Path) -> None:
    setup, game = match_at("classic", "fresh")
    store = SaveStore(tmp_path)
    store.save("evening", setup, game)
    app = OneScreen(lambda: LoadScreen(store))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert_shown(shown, "Load a saved match")
        assert _("last played {time}").split("{")[0].strip() in shown
        assert _("Classic Rummy") in shown
        assert button_labels(app) == [
            pgettext("button", "Load"),
            _("Rename"),
            _("Delete"),
            _("Clear finished"),
            _("Back"),
        ]
        assert english_left(shown) == []


@pytest.mark.parametrize("variant", ["classic", "european", "rummy500"])
async def test_end_of_deal(language: str, variant: str) -> None:
    game = played_game(variant, 3, 1)
    view = game.view(0)
    sheet = score_sheet(game)
    app = OneScreen(lambda: DealEndScreen(view, DisplaySettings(), sheet=sheet))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert _("Deal {number} is over.").format(number=1) in shown
        assert_shown(shown, "Standings")
        over = game.is_over
        assert_shown(
            shown,
            "The match is over. Press Enter for the final score sheet."
            if over
            else "Press Enter to deal the next deal.",
        )
        assert button_labels(app) == [_("Score sheet (c)")]
        assert english_left(shown) == []


async def test_score_sheet(language: str) -> None:
    game = played_game("european", 3, 2)
    app = OneScreen(lambda: ScoreSheetScreen(score_sheet(game), DisplaySettings()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert_shown(shown, "Score sheet", "Chart")
        assert pgettext("sheet column", "Deal") in shown
        assert pgettext("sheet row", "Total") in shown
        assert _("European Rummy") in shown
        assert english_left(shown) == []


async def test_records_screen(language: str, tmp_path: Path) -> None:
    records = Records(tmp_path)
    game = played_game("classic", 3, 1, target_score=1)
    assert records.record_match(setup_for_game(game), game, datetime(2026, 11, 1, tzinfo=UTC))
    app = OneScreen(lambda: RecordsScreen(records))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert_shown(shown, "Player records", "Players", "Last matches", "Deals won")
        assert english_left(shown) == []
