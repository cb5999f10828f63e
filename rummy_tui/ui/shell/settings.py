"""Display settings: how cards are drawn (colours, suit symbols, court letters) and the language.

Two switches help colour-blind players and plain terminals:

* ``four_colour``: every suit gets its own colour (clubs green, diamonds blue, hearts red,
  spades black) instead of the usual red and black;
* ``ascii_suits``: suits are written as letters (``7h``, ``10s``) instead of the glyphs
  ``♣ ♦ ♥ ♠``, for terminals or fonts without them.

A third draws court cards with the letters of the language's own packs (``pack_letters``:
Russian В Д К Т for jack, queen, king, ace); see ``rummy_tui.ui.play.render``. ``language`` is the
language chosen in the game (None: the system's, see :func:`start_language`).

The settings are kept in the settings file (:mod:`rummy_tui.ui.shell.config`) with the theme and
the turn signal of own screens. The environment variable ``RUMMY_CARDS`` (a comma-separated
list such as ``four,ascii``) switches the card styles on for one run, and ``NO_COLOR`` (any
value) asks for the terminal's own colours: the ``ansi-dark`` theme, whatever the file says.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace

from rummy_tui.i18n import _, normalise_language, pgettext

ENV_CARDS = "RUMMY_CARDS"
ENV_NO_COLOR = "NO_COLOR"

THEMES = (
    "textual-dark",
    "textual-light",
    "ansi-dark",
    "ansi-light",
    "nord",
    "gruvbox",
    "catppuccin-mocha",
    "catppuccin-latte",
    "dracula",
    "tokyo-night",
    "monokai",
    "flexoki",
    "solarized-dark",
    "solarized-light",
    "rose-pine",
    "atom-one-dark",
    "atom-one-light",
)
"""The themes offered: Textual's own, among them the two that follow the terminal's colours."""
DEFAULT_THEME = "textual-dark"
PLAIN_THEME = "ansi-dark"
"""The theme under ``NO_COLOR``: the terminal's own colours."""


@dataclass(frozen=True)
class DisplaySettings:
    """How cards look on screen."""

    four_colour: bool = False
    """One colour per suit (clubs green, diamonds blue, hearts red, spades black)."""
    ascii_suits: bool = False
    """Suits as letters (c d h s) instead of the glyphs ♣ ♦ ♥ ♠."""
    pack_letters: bool = False
    """Court cards (and ASCII suits) with the letters of the language's packs."""
    language: str | None = None
    """The chosen language (en, fi, ru); None follows the system locale."""
    theme: str = DEFAULT_THEME
    """The colour theme (one of :data:`THEMES`)."""
    turn_signal: bool = True
    """A seat's own screen rings the bell and names the turn in the window title when its
    turn starts."""

    def toggled(self, name: str) -> DisplaySettings:
        """A copy with the on/off switch ``name`` flipped (the language is not a switch)."""
        values = asdict(self)
        if not isinstance(values.get(name), bool):
            raise ValueError(f"{name!r} is not a display switch.")
        values[name] = not values[name]
        return DisplaySettings(**values)

    def with_theme(self, theme: str) -> DisplaySettings:
        """A copy with the colour theme ``theme``."""
        return replace(self, theme=theme)

    def with_language(self, language: str | None) -> DisplaySettings:
        """A copy that remembers ``language`` (None: follow the system)."""
        return replace(self, language=normalise_language(language))

    def describe(self) -> str:
        """One line for the help screen."""
        colours = _("four colours") if self.four_colour else _("red and black")
        suits = pgettext("suits as", "letters") if self.ascii_suits else _("symbols")
        line = _("Cards: {colours}, suits as {suits}.").format(colours=colours, suits=suits)
        if self.pack_letters:
            line += " " + _("Court cards with this language's letters.")
        return line

    def signal_line(self) -> str:
        """Whether a seat's own screen signals the start of its turn, in one sentence."""
        if self.turn_signal:
            return _("On a screen of its own, your turn starts with the bell and the window title.")
        return _("On a screen of its own, the start of your turn is not signalled.")


def with_cards_from_environment(settings: DisplaySettings) -> DisplaySettings:
    """``settings`` with what ``RUMMY_CARDS`` switches on and ``NO_COLOR`` asks for."""
    words = {word.strip().lower() for word in os.environ.get(ENV_CARDS, "").split(",")}
    if words & {"four", "four_colour", "4"}:
        settings = replace(settings, four_colour=True)
    if words & {"ascii", "letters", "plain"}:
        settings = replace(settings, ascii_suits=True)
    if words & {"pack", "court", "national"}:
        settings = replace(settings, pack_letters=True)
    if os.environ.get(ENV_NO_COLOR, ""):
        settings = replace(settings, theme=PLAIN_THEME)
    return settings
