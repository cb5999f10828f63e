"""Display settings: how cards are drawn (colours, suit symbols, court letters) and the language.

Two switches help colour-blind players and plain terminals:

* ``four_colour``: every suit gets its own colour (clubs green, diamonds blue, hearts red,
  spades black) instead of the usual red and black;
* ``ascii_suits``: suits are written as letters (``7h``, ``10s``) instead of the glyphs
  ``♣ ♦ ♥ ♠``, for terminals or fonts without them.

A third draws court cards with the letters of the language's own packs (``pack_letters``:
Russian В Д К Т for jack, queen, king, ace); see ``rummy_tui.ui.render``. ``language`` is the
language chosen in the game (None: the system's, see :func:`start_language`).

The settings are read from ``display.json`` in the data folder, and the environment variable
``RUMMY_CARDS`` (a comma-separated list such as ``four,ascii``) switches them on for one run.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from rummy_tui.i18n import _, choose_language, normalise_language, pgettext, set_language
from rummy_tui.persistence.atomic import atomic_write
from rummy_tui.persistence.paths import private_folder

SETTINGS_FILE = "display.json"
ENV_CARDS = "RUMMY_CARDS"


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


def settings_path(data_dir: Path | None) -> Path | None:
    """Where the display settings live: the data folder's ``display.json``.

    Without a data folder, ``RUMMY_DATA_DIR`` is used, else the user data folder that
    platformdirs names (the same place the saves live).
    """
    try:
        from rummy_tui.persistence.paths import data_dir as find_data_dir
    except ImportError:  # pragma: no cover - paths is part of the package
        return Path(data_dir) / SETTINGS_FILE if data_dir is not None else None
    return find_data_dir(data_dir) / SETTINGS_FILE


def load_settings(path: Path | None) -> DisplaySettings:
    """Read the settings file (missing or unreadable: defaults), then apply ``RUMMY_CARDS``."""
    settings = DisplaySettings()
    if path is not None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if isinstance(data, dict):
            language = data.get("language")
            settings = DisplaySettings(
                four_colour=bool(data.get("four_colour", False)),
                ascii_suits=bool(data.get("ascii_suits", False)),
                pack_letters=bool(data.get("pack_letters", False)),
                language=normalise_language(language) if isinstance(language, str) else None,
                turn_signal=data.get("turn_signal", True) is not False,
            )
    words = {word.strip().lower() for word in os.environ.get(ENV_CARDS, "").split(",")}
    if words & {"four", "four_colour", "4"}:
        settings = replace(settings, four_colour=True)
    if words & {"ascii", "letters", "plain"}:
        settings = replace(settings, ascii_suits=True)
    if words & {"pack", "court", "national"}:
        settings = replace(settings, pack_letters=True)
    return settings


def save_settings(path: Path | None, settings: DisplaySettings) -> str | None:
    """Write the settings; returns a one-line problem instead of raising."""
    if path is None:
        return None
    try:
        private_folder(path.parent)
        atomic_write(path, json.dumps(asdict(settings), indent=2).encode("utf-8"))
    except OSError as error:
        return _("Display settings were not saved: {reason}.").format(
            reason=error.strerror or error
        )
    return None


def start_language(requested: str | None = None, data_dir: Path | None = None) -> str:
    """Choose and switch to the game's language; returns its code.

    ``requested`` (``rummy --lang``) wins, else the language saved in the display settings,
    else the system locale's, else English.

    Raises:
        ValueError: For a requested language the game does not speak.
    """
    if requested is not None and normalise_language(requested) is None:
        set_language(requested)  # raises the one-sentence reason
    saved = load_settings(settings_path(data_dir)).language
    return set_language(choose_language(requested, saved))
