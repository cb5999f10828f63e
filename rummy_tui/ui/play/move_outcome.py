"""Who made a move at the table, and what became of it (applied with its log record, or
refused with the reason)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummy_tui.core import ActionRecord, IllegalAction


class Source(StrEnum):
    """Who made a move."""

    PERSON = "person"
    COMPUTER = "computer"
    DEALER = "dealer"
    """The next deal, dealt when the players close the end-of-deal screen."""


@dataclass(frozen=True)
class Outcome:
    """What became of an action: applied (with its log record) or refused (with the reason)."""

    record: ActionRecord | None = None
    reason: str | None = None
    error: IllegalAction | None = None
    """The engine's refusal itself (code, rule, cards, meld) when it refused."""

    @property
    def ok(self) -> bool:
        """Whether the action was applied."""
        return self.record is not None
