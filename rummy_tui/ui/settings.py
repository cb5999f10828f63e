"""Display settings: how cards are drawn (colours and suit symbols).

Two switches help colour-blind players and plain terminals:

* ``four_colour``: every suit gets its own colour (clubs green, diamonds blue, hearts red,
  spades black) instead of the usual red and black;
* ``ascii_suits``: suits are written as letters (``7h``, ``10s``) instead of the glyphs
  ``♣ ♦ ♥ ♠``, for terminals or fonts without them.

The settings are read from ``display.json`` in the data folder, and the environment variable
``RUMMY_CARDS`` (a comma-separated list such as ``four,ascii``) switches them on for one run.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

SETTINGS_FILE = "display.json"
ENV_CARDS = "RUMMY_CARDS"


@dataclass(frozen=True)
class DisplaySettings:
    """How cards look on screen."""

    four_colour: bool = False
    """One colour per suit (clubs green, diamonds blue, hearts red, spades black)."""
    ascii_suits: bool = False
    """Suits as letters (c d h s) instead of the glyphs ♣ ♦ ♥ ♠."""

    def toggled(self, name: str) -> DisplaySettings:
        """A copy with the switch ``name`` flipped."""
        return replace(self, **{name: not getattr(self, name)})

    def describe(self) -> str:
        """One line for the help screen."""
        colours = "four colours" if self.four_colour else "red and black"
        suits = "letters" if self.ascii_suits else "symbols"
        return f"Cards: {colours}, suits as {suits}."


def settings_path(data_dir: Path | None) -> Path | None:
    """Where the display settings live: the data folder's ``display.json``.

    Without a data folder, ``RUMMY_DATA_DIR`` is used, else the user data folder that
    platformdirs names (the same place the saves live).
    """
    try:
        from rummy_tui.paths import data_dir as find_data_dir
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
            settings = DisplaySettings(
                four_colour=bool(data.get("four_colour", False)),
                ascii_suits=bool(data.get("ascii_suits", False)),
            )
    words = {word.strip().lower() for word in os.environ.get(ENV_CARDS, "").split(",")}
    if words & {"four", "four_colour", "4"}:
        settings = replace(settings, four_colour=True)
    if words & {"ascii", "letters", "plain"}:
        settings = replace(settings, ascii_suits=True)
    return settings


def save_settings(path: Path | None, settings: DisplaySettings) -> str | None:
    """Write the settings; returns a one-line problem instead of raising."""
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
    except OSError as error:
        return f"Display settings were not saved: {error.strerror or error}."
    return None
