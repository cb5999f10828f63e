"""Cards in what the command line prints: as the game draws them, not as the engine writes
them (``rummy replay NAME --text``, ``rummy review NAME``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummy_tui.ui.shell.settings import DisplaySettings


def card_settings(data_dir: Path | None) -> DisplaySettings:
    """How the settings file says cards are drawn (read once per command)."""
    from rummy_tui.ui.shell.config import read_config

    return read_config(data_dir=data_dir, move=False).display_settings()


def shown_cards(text: str, settings: DisplaySettings) -> str:
    """``text`` with the engine's card tokens (``9D``, ``10S``, ``JK``) written as the game
    draws them (``9♦``, ``10♠``, ``JK``; letters with the ASCII-suits setting)."""
    from rummy_tui.ui.play.render import log_plain

    return log_plain(text, settings)
