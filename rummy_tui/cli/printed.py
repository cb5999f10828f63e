"""Cards in what the command line prints: as the game draws them, not as the engine writes
them (``rummy replay NAME --text``, ``rummy review NAME``)."""

from __future__ import annotations

from pathlib import Path


def shown_cards(text: str, data_dir: Path | None) -> str:
    """``text`` with the engine's card tokens (``9D``, ``10S``, ``JK``) written as the game
    draws them (``9♦``, ``10♠``, ``JK``; letters with the ASCII-suits setting of the settings
    file)."""
    from rummy_tui.ui.play.render import log_plain
    from rummy_tui.ui.shell.config import read_config

    return log_plain(text, read_config(data_dir=data_dir, move=False).display_settings())
