"""The one error type for refused actions (G-10)."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse. ``str(error)`` is one sentence naming the rule; the game
    state is left exactly as it was."""

    @property
    def reason(self) -> str:
        """The one-sentence reason."""
        return str(self)
