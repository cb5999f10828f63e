"""The computer player's contract: a :class:`PlayerView` and the legal actions in, one action out.

A bot never sees the game state. It receives exactly what a person in its seat would see (the
view) and the list of actions the engine would accept, and it returns one of those actions.
Its random choices come from a generator seeded by the bot's own seed and the position in the
match, so the same seed and the same inputs always give the same answer.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from rummy_tui.core import Action, PlayerView, StartDeal


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A generator for one decision: the same seed and the same moment give the same numbers.

    String seeds hash the same on every Python, unlike ``hash()`` of a tuple.
    """
    return random.Random(
        f"rummy-bot:{seed}:{view.seat}:{view.deal_number}:{view.turn_number}:{len(view.log)}"
    )


class Bot(ABC):
    """A computer player of one level.

    Attributes:
        level: The level name ("random", "easy", "normal" or "hard").
        seed: The seed all of the bot's random choices derive from.
    """

    level: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take: always one of ``legal``.

        Args:
            view: What the bot's seat may see now.
            legal: The actions the engine accepts now (not empty).

        Returns:
            One element of ``legal``.

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("a bot needs at least one legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if isinstance(action, StartDeal):
                return action
        rng = decision_rng(self.seed, view)
        chosen = self.decide(view, list(legal), rng)
        if chosen not in legal:  # pragma: no cover - a level's bug must not reach the table
            return legal[0]
        return chosen

    @abstractmethod
    def decide(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
        """The level's own choice among at least two legal actions."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Picks a uniformly random legal action (the ``random`` level of ``rummy simulate``)."""

    level = "random"

    def decide(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)
