"""The help (``?``) lists every key of its screen, read from the screen's own bindings
(issue 21, item 14): whatever the key bar shows on the table, in every variant and phase, and
on the title screen, is in the help, with the key bar's own words, in every language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.i18n import set_language
from rummy_tui.ui.screens.title import TitleScreen
from rummy_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import app_for, pass_to, press, screen_lines, stacked_game, table
from tests.ui.test_menus import ScreenApp

VARIANTS = ("classic", "boathouse", "double", "rummy500", "european")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def footer_items(app) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(key, words) of every key the table's key bar shows now."""
    return [(key, words) for key, words, *_rest in table(app).query_one(KeyBar)._items]


def help_lines(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines of the help's box as drawn (not the screen dimmed behind it)."""
    box = app.screen.query_one("#text-body").parent.parent.region
    return [line[box.x : box.right] for line in screen_lines(app)[box.y : box.bottom]]


def help_has(lines: list[str], key: str, words: str) -> bool:
    """Whether a line of the help names ``key`` followed by the key bar's ``words``."""
    return any(f"{key}  {words}" in line for line in lines)


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
@pytest.mark.parametrize("variant", VARIANTS)
async def test_every_key_on_the_table_key_bar_is_in_the_help(variant: str, language: str) -> None:
    set_language(language)
    game = stacked_game(variant, {}, upcard="4C", players=2)
    app = app_for(game)
    async with app.run_test(size=(130, 60)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        footer = footer_items(app)  # the draw
        await press(pilot, "d")
        footer += footer_items(app)  # the rest of the turn
        await press(pilot, "question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        lines = help_lines(app)
        missing = [item for item in dict.fromkeys(footer) if not help_has(lines, *item)]
        assert not missing, "\n".join(lines)


async def test_the_table_help_names_the_keys_it_used_to_forget() -> None:
    game = stacked_game("rummy500", {}, upcard="4C", players=2)
    app = app_for(game)
    async with app.run_test(size=(130, 60)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "question_mark")
        shown = "\n".join(help_lines(app))
        for key, words in (
            ("u", "Take back"),
            ("c", "Score sheet"),
            ("L", "Log"),
            ("PgUp/PgDn", "Scroll players"),
            ("Home End", "First or last card"),
            ("Ctrl+Q", "Quit"),
        ):
            assert help_has(shown.splitlines(), key, words), key
        assert "v switches to the chart" in shown
        assert "Two-card draw" not in shown  # a Boathouse key: not in Rummy 500
        assert "f four-colour cards" in shown and "Esc Close" in shown  # the help's own keys


class TitleApp(ScreenApp):
    """The title screen alone, without Textual's command palette (as in the game)."""

    ENABLE_COMMAND_PALETTE = False


def title_footer(app) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(key, words) of every key in the title screen's key bar."""
    return app.screen.query_one(KeyBar).keys


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("saves", [True, False])
async def test_question_mark_on_the_title_screen_opens_its_help(saves: bool, language: str) -> None:
    set_language(language)
    app = TitleApp(lambda: TitleScreen(has_saves=saves))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        footer = title_footer(app)
        assert "?" in dict(footer)
        await press(pilot, "question_mark")
        assert type(app.screen).__name__ == "TextScreen"
        lines = help_lines(app)
        missing = [item for item in footer if not help_has(lines, *item)]
        assert not missing, "\n".join(lines)
        shown = "\n".join(lines)
        assert ("Continue" in shown) is saves or language != "en"
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)
