"""Themes (issue 33): the game's colours are theme variables, every theme Textual offers is
offered, the theme picker keeps the choice, and four-colour letter cards read in each theme."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.color import Color
from textual.theme import BUILTIN_THEMES

from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.config import read_config
from rummy_tui.ui.shell.palette import DARK, LIGHT, theme_colours
from rummy_tui.ui.shell.settings import THEMES, DisplaySettings
from tests.ui.helpers import press, setup_for_game
from tests.ui.test_play_classic import classic_game
from tests.ui.test_snapshots import classic_turn

INKS = ("card-black", "card-red", "card-green", "card-blue", "card-joker")
WORDS = ("game-highlight", "game-good", "game-bad", "game-link", "game-dead", "game-dealer")


def test_every_theme_offered_is_a_textual_theme_and_both_terminal_themes_are_offered() -> None:
    assert set(THEMES) <= set(BUILTIN_THEMES)
    assert {"ansi-dark", "ansi-light", "textual-dark", "textual-light"} <= set(THEMES)


def _contrast(first: str, second: str) -> float:
    def luminance(colour: str) -> float:
        r, g, b = (
            channel / 255 if channel / 255 <= 0.03928 else ((channel / 255 + 0.055) / 1.055) ** 2.4
            for channel in Color.parse(colour).rgb
        )
        return 0.2126 * (r if r > 0.03928 else r / 12.92) + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("palette", [DARK, LIGHT], ids=["dark", "light"])
def test_card_inks_and_words_read_on_their_ground(palette: dict[str, str]) -> None:
    for ink in INKS:
        assert _contrast(palette[ink], palette["card-face"]) >= 4.5, ink
        assert _contrast(palette[ink], palette["card-wild"]) >= 3, ink
        assert _contrast(palette[ink], palette["card-cursor"]) >= 3, ink
    for word in WORDS:
        assert _contrast(palette[word], palette["game-felt"]) >= 3, word
    assert _contrast(palette["game-key-text"], palette["game-highlight"]) >= 4.5


def test_each_theme_gets_the_games_colours_of_its_kind() -> None:
    for name in THEMES:
        colours = theme_colours(BUILTIN_THEMES[name])
        assert set(colours) == set(DARK)
        if name.startswith("ansi-"):
            assert all(value.startswith("ansi_") for value in colours.values()), name


def _app(theme: str, tmp_path: Path) -> Any:
    settings = DisplaySettings(four_colour=True, ascii_suits=True, theme=theme)
    game = classic_game()
    return make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, autosave=False, settings=settings
    )


@pytest.mark.parametrize("theme", THEMES)
def test_snapshot_four_colour_letter_cards_in_theme(
    theme: str, snap_compare: Any, tmp_path: Path
) -> None:
    assert snap_compare(_app(theme, tmp_path), terminal_size=(80, 24), run_before=classic_turn)


async def test_the_theme_picker_uses_and_keeps_the_theme(tmp_path: Path) -> None:
    app = _app("textual-dark", tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "enter", "question_mark", "c")
        assert type(app.screen).__name__ == "ChoiceScreen"
        choices = [choice.value for choice in app.screen.choices]  # type: ignore[attr-defined]
        assert choices[0] == "textual-dark" and sorted(choices) == sorted(THEMES)
        app.screen.dismiss("nord")
        await pilot.pause()
        assert app.theme == "nord"
        assert app.settings.theme == "nord"
    assert read_config().display_settings().theme == "nord"
