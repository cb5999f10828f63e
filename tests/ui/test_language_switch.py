"""Switching the language in the middle of a match (the help screen's display settings): every
open screen speaks the new language at once, with nothing restarted and the match untouched.

The test plays as a person does: Bob sits down at the table in English, opens the help (?)
and presses g for the next language; the table's footer keys, phase line and top line are
then the Finnish catalog's words. Two more switches (Russian, then English) bring back the
English table exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from rummy_tui.i18n import current_language, load_translation, set_language
from rummy_tui.ui.play.table_text import phase_hint
from rummy_tui.ui.shell.app import RummyApp
from rummy_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import app_for, pass_to, press, table
from tests.ui.test_play_classic import classic_game


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test here starts and ends in English (the language is process-wide)."""
    set_language("en")
    yield
    set_language("en")


def footer(app: RummyApp) -> list[str]:
    """The descriptions the table's footer shows, in order."""
    return [item[1] for item in table(app).query_one(KeyBar)._items]


def phase_line(app: RummyApp) -> str:
    return str(table(app).query_one("#phase-hint").render())


def top_line(app: RummyApp) -> str:
    return str(table(app).query_one("#top-bar").render())


def phase_line_now(app: RummyApp) -> str:
    """The phase line the table's view gives in the language in use now."""
    screen = table(app)
    assert screen.view is not None
    return phase_hint(screen.view, screen.mode, screen.offers, screen.settings).plain


async def switch_language(pilot) -> None:  # type: ignore[no-untyped-def]
    """Open the help over the table and press g (the next language), as a person does."""
    await press(pilot, "question_mark")
    assert type(pilot.app.screen).__name__ == "HelpScreen"
    await press(pilot, "g")
    assert type(pilot.app.screen).__name__ == "TableScreen"


async def test_a_language_switch_redraws_the_table_at_once_and_back(tmp_path: Path) -> None:
    game = classic_game()
    app = app_for(game, tmp_path, autosave=True)
    finnish = load_translation("fi")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        english_footer, english_phase = footer(app), phase_line(app)
        assert english_phase == phase_line_now(app)
        assert top_line(app).endswith("saved")
        before = game.to_json()

        await switch_language(pilot)
        assert current_language() == "fi"
        assert footer(app) == [finnish.gettext(words) for words in english_footer]
        assert phase_line(app) == phase_line_now(app)
        assert top_line(app).endswith(finnish.gettext("saved"))
        assert finnish.gettext("saved") == "tallennettu"
        assert "Kieli: suomi." in [notice.message for notice in app._notifications]
        assert game.to_json() == before  # the match is untouched
        assert app.session is not None and app.session.game is game  # not restarted

        await switch_language(pilot)  # suomi -> русский
        assert current_language() == "ru"
        assert top_line(app).endswith("сохранено")
        await switch_language(pilot)  # русский -> English
        assert current_language() == "en"
        assert footer(app) == english_footer
        assert phase_line(app) == english_phase
        assert top_line(app).endswith("saved")
        assert game.to_json() == before


async def test_key_descriptions_are_translated_from_english_on_every_switch() -> None:
    """A screen's footer words come from its English bindings each time, never from the
    previous translation (Finnish -> Russian must not look the Finnish word up)."""
    from textual.app import App
    from textual.binding import Binding, BindingType
    from textual.screen import Screen

    class Keys(Screen[None]):
        BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]

    def shown(screen: Screen[None]) -> str:
        return screen._bindings.key_to_bindings["q"][0].description

    from rummy_tui.ui.shell.translate import translate_bindings

    app: App[None] = App()
    async with app.run_test() as pilot:
        screen = Keys()
        await app.push_screen(screen)
        await pilot.pause()
        for language, words in (("fi", "Lopeta"), ("ru", "Выход"), ("en", "Quit")):
            set_language(language)
            translate_bindings(screen)
            assert shown(screen) == words
