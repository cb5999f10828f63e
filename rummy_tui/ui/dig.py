"""Rummy 500's dig (R-5): whether to ask how deep to take, take at once, or say why not.

The table asks "down to which card?" only when there is a choice to make. When the engine
refuses every depth, a question full of refused choices helps nobody: the refusal is said at
once instead, in the engine's words. In the question a refused depth is greyed with its
reason; a reason that refuses several depths alike is said once, under the list, and each of
those depths carries its mark.
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


class SharedDepthOption(DepthOption, Protocol):
    """A depth that may also say its refusal without naming its card."""

    @property
    def shared(self) -> str | None: ...


@dataclass(frozen=True)
class DepthNotes:
    """How the question gives the reasons of refused depths.

    Attributes:
        marks: For each depth, top first: the mark shown after it in place of its reason when
            the reason is said under the list (None: allowed, or its own reason is shown).
        notes: The reasons said once under the list, each after its mark.
    """

    marks: tuple[str | None, ...]
    notes: tuple[str, ...]


def depth_notes(options: Sequence[SharedDepthOption]) -> DepthNotes:
    """Say each reason that refuses more than one depth once, under the list.

    Depths are refused alike when their card-free sentences (``shared``), or else their
    whole sentences, are the same; a reason that refuses one depth stays beside it.

    >>> from types import SimpleNamespace as Depth
    >>> unusable = "The deepest card cannot be used (R-5)."
    >>> notes = depth_notes([
    ...     Depth(reason="7C cannot be used (R-5).", shared=unusable),
    ...     Depth(reason="6C cannot be used (R-5).", shared=unusable),
    ...     Depth(reason=None, shared=None),
    ... ])
    >>> notes.marks, notes.notes
    (('*', '*', None), ('* The deepest card cannot be used (R-5).',))
    """
    keys = [
        None if option.reason is None else (option.shared or option.reason) for option in options
    ]
    counts: dict[str, int] = {}
    for key in keys:
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    repeated = [key for key, count in counts.items() if count > 1]
    mark_of = {key: "*" * (index + 1) for index, key in enumerate(repeated)}
    marks = tuple(None if key is None else mark_of.get(key) for key in keys)
    return DepthNotes(marks, tuple(f"{mark_of[key]} {key}" for key in repeated))


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
