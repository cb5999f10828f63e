"""The computer levels a seat may be given, and the computer player of each.

>>> from rummy_tui.core import get_variant, new_game
>>> game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=3)
>>> bot = make_bot("normal", seed=1)
>>> bot.choose(game.view(game.current), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

from rummy_tui.bots.base import Bot, RandomBot

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The levels a seat may be given, weakest first."""

ALL_LEVELS: tuple[str, ...] = ("random", *LEVELS)
"""The levels ``rummy simulate`` accepts (``random``: a uniformly random legal action)."""


def make_bot(level: str, seed: int = 0) -> Bot:
    """A computer player of ``level`` ("easy", "normal", "hard", or "random").

    Args:
        level: The level name (case does not matter).
        seed: Seed of every random choice the bot makes.

    Raises:
        ValueError: for an unknown level.
    """
    name = str(level).strip().lower()
    if name == "random":
        return RandomBot(seed)
    if name == "easy":
        from rummy_tui.bots.easy import EasyBot

        return EasyBot(seed)
    if name == "normal":
        from rummy_tui.bots.normal import NormalBot

        return NormalBot(seed)
    if name == "hard":
        from rummy_tui.bots.hard import HardBot

        return HardBot(seed)
    raise ValueError(f"There is no computer level {level!r} (levels: {', '.join(ALL_LEVELS)}).")
