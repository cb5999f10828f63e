"""The game's colours as theme variables: the felt, the cards and the words that stand out.

Every colour the game draws has a name (``game-highlight``, ``card-red``...). The app gives
each theme these variables (:func:`theme_colours`, through Textual's
``get_theme_variable_defaults``), so the style sheets write ``$game-felt`` and the drawing
code asks :func:`colour` for the colour of the theme in force. The dark themes keep the game's
own colours (green felt, cream cards); the light themes get darker words that read on a light
ground; ``ansi-dark`` and ``ansi-light`` use only the terminal's own sixteen colours, so the
game follows the terminal's palette (and ``NO_COLOR`` chooses ``ansi-dark``).
"""

from __future__ import annotations

from typing import Protocol

DARK: dict[str, str] = {
    "game-felt": "#0f3d2e",
    "game-highlight": "#ffd54f",
    "game-good": "#7cd67c",
    "game-bad": "#ff7b7b",
    "game-link": "#9ecbff",
    "game-dead": "#ff9e64",
    "game-dealer": "#c0a0ff",
    "game-marker": "#e8a317",
    "game-text": "#e0e0e0",
    "game-muted": "#777777",
    "game-muted-back": "#3a3a3a",
    "game-key-text": "#1a1a1a",
    "game-stock": "#5c6bc0",
    "game-stock-back": "#283593",
    "card-face": "#f4f1e8",
    "card-cursor": "#ffd54f",
    "card-wild": "#f7dc6f",
    "card-moved": "#a9d4f5",
    "card-mark": "#333333",
    "card-joker": "#8e24aa",
    "card-black": "#111111",
    "card-red": "#c62828",
    "card-green": "#1b7a1b",
    "card-blue": "#1450c8",
}
"""The game's own colours, for dark themes (the default theme draws exactly these)."""

LIGHT: dict[str, str] = {
    **DARK,
    "game-felt": "#e4efe6",
    "game-highlight": "#8a6100",
    "game-good": "#1b7a1b",
    "game-bad": "#b71c1c",
    "game-link": "#1450c8",
    "game-dead": "#b5540b",
    "game-dealer": "#6a3fb5",
    "game-marker": "#b26a00",
    "game-text": "#1a1a1a",
    "game-muted": "#6b6b6b",
    "game-muted-back": "#d6d6d6",
    "game-key-text": "#ffffff",
    "card-face": "#fffdf6",
}
"""For light themes: words dark enough to read on a light ground."""

ANSI_DARK: dict[str, str] = {
    "game-felt": "ansi_default",
    "game-highlight": "ansi_bright_yellow",
    "game-good": "ansi_bright_green",
    "game-bad": "ansi_bright_red",
    "game-link": "ansi_bright_cyan",
    "game-dead": "ansi_yellow",
    "game-dealer": "ansi_bright_magenta",
    "game-marker": "ansi_yellow",
    "game-text": "ansi_default",
    "game-muted": "ansi_bright_black",
    "game-muted-back": "ansi_black",
    "game-key-text": "ansi_black",
    "game-stock": "ansi_bright_blue",
    "game-stock-back": "ansi_blue",
    "card-face": "ansi_white",
    "card-cursor": "ansi_bright_yellow",
    "card-wild": "ansi_bright_yellow",
    "card-moved": "ansi_bright_cyan",
    "card-mark": "ansi_black",
    "card-joker": "ansi_magenta",
    "card-black": "ansi_black",
    "card-red": "ansi_red",
    "card-green": "ansi_green",
    "card-blue": "ansi_blue",
}
"""The terminal's own colours, on a dark terminal."""

ANSI_LIGHT: dict[str, str] = {
    **ANSI_DARK,
    "game-highlight": "ansi_yellow",
    "game-good": "ansi_green",
    "game-bad": "ansi_red",
    "game-link": "ansi_blue",
    "game-dealer": "ansi_magenta",
    "game-muted-back": "ansi_white",
    "card-face": "ansi_bright_white",
    "card-cursor": "ansi_yellow",
}
"""The terminal's own colours, on a light terminal."""


class ThemeLike(Protocol):
    """What :func:`theme_colours` reads of a Textual theme."""

    name: str
    dark: bool


def theme_colours(theme: ThemeLike | None) -> dict[str, str]:
    """The game's colours in ``theme`` (None: the game's own)."""
    if theme is None:
        return dict(DARK)
    if theme.name == "ansi-dark":
        return dict(ANSI_DARK)
    if theme.name == "ansi-light":
        return dict(ANSI_LIGHT)
    return dict(DARK if theme.dark else LIGHT)


def colour(name: str) -> str:
    """The colour ``name`` in the theme in force, as Rich writes it (the game's own colour
    when no app runs, as in the command line's output and the doctests).

    >>> colour("game-highlight")
    '#ffd54f'
    """
    value = DARK[name]
    try:
        from textual._context import active_app

        value = active_app.get().theme_variables.get(name, value)
    except LookupError:
        pass
    return rich_colour(value)


def rich_colour(value: str) -> str:
    """A Textual colour as Rich writes it: ``ansi_bright_red`` is ``bright_red``, and the
    terminal's default colour is ``default``.

    >>> rich_colour("ansi_bright_red"), rich_colour("#ffd54f")
    ('bright_red', '#ffd54f')
    """
    return value.removeprefix("ansi_")


def style(words: str, name: str) -> str:
    """A Rich style of ``words`` (``"bold"``, ``"italic"`` or empty) in the colour ``name``.

    >>> style("bold", "game-good")
    'bold #7cd67c'
    """
    return f"{words} {colour(name)}".strip()
