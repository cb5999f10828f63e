"""Rummy 500's dig (R-5): whether to ask how deep to take, take at once, or say why not.

The table asks "down to which card?" only when there is a choice to make. When the engine
refuses every depth, a question full of refused choices helps nobody: the refusal is said at
once instead, in the engine's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rummy_tui.i18n import _


class DepthOption(Protocol):
    """One depth of the pile: how many cards, and the engine's refusal (None: allowed)."""

    @property
    def count(self) -> int: ...

    @property
    def reason(self) -> str | None: ...


@dataclass(frozen=True)
class DigPlan:
    """What the take key does.

    Attributes:
        ask: Open the question (more than one depth, at least one allowed).
        count: Without a question: how many cards to take (the engine still checks it).
        refusal: Every depth is refused: the sentence to show instead of the question.
    """

    ask: bool = False
    count: int = 1
    refusal: str | None = None


def plan_dig(options: Sequence[DepthOption]) -> DigPlan:
    """The plan for the take key given every depth of the pile, top first.

    >>> from types import SimpleNamespace as Depth
    >>> plan_dig([Depth(count=1, reason=None), Depth(count=2, reason="no")]).ask
    True
    >>> drew = "You drew already."
    >>> plan_dig([Depth(count=1, reason=drew), Depth(count=2, reason=drew)])
    DigPlan(ask=False, count=1, refusal='You drew already.')
    """
    if len(options) <= 1:
        return DigPlan()
    allowed = [option for option in options if option.reason is None]
    if allowed:
        return DigPlan(ask=True)
    reasons = list(dict.fromkeys(option.reason or "" for option in options))
    if len(reasons) == 1:
        return DigPlan(refusal=reasons[0])
    # Translators: {reason} is the engine's refusal for the top card, a whole sentence.
    return DigPlan(
        refusal=_("No card of the discard pile can be taken now. The top card: {reason}").format(
            reason=reasons[0]
        )
    )
