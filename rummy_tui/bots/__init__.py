"""Computer players and hints.

The package only gathers its modules' public names; no module of the package imports it
(``levels.py``: the levels and ``make_bot``; ``hints.py``: the hint of a seat).
"""

from __future__ import annotations

from rummy_tui.bots.base import Bot, RandomBot
from rummy_tui.bots.hints import Hint, hint
from rummy_tui.bots.levels import ALL_LEVELS, LEVELS, make_bot

__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "Hint", "RandomBot", "hint", "make_bot"]
