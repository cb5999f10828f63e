"""Copies of a match's state, one per step of a deal, that the replay keeps and hands out.

The engine changes a :class:`~rummy_tui.core.state.GameState` in place (hands, piles, the
turn), so the replay keeps a copy of it at every step. Most of a state is immutable and is
shared between copies: cards, the melds on the table, deal results, the cut, log records and
take-back notes are frozen. Only its lists and its unfrozen models (the deal, the turn) are
copied, which makes a copy a few dozen microseconds even at twelve seats, where pydantic's
deep copy takes half a millisecond for the deal alone and tens of milliseconds with the log.

A step's copy leaves the log and the take-back notes out (*bare*): the records of a match are
kept once, and a step's log is the first records of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from rummy_tui.core.actions import ActionRecord
from rummy_tui.core.state import GameState, TakeBackNote

ModelT = TypeVar("ModelT", bound=BaseModel)


def _is_mutable(value: object) -> bool:
    """Whether ``value`` is a list or an unfrozen model (anything else in a state is frozen)."""
    if isinstance(value, list):
        return True
    return isinstance(value, BaseModel) and not value.model_config.get("frozen", False)


def _copied(value: object) -> object:
    """``value`` with every list and unfrozen model in it copied; frozen parts shared.

    The state's lists hold one kind of item each (cards, hands, melds, results, numbers), so
    the first item says whether the items need copying too."""
    if isinstance(value, list):
        if value and _is_mutable(value[0]):
            return [_copied(item) for item in value]
        return list(value)
    if isinstance(value, BaseModel) and not value.model_config.get("frozen", False):
        return copied_model(value)
    return value


def copied_model(model: ModelT) -> ModelT:
    """An independent copy of an unfrozen state model (the match, the deal, the turn): a
    change to either never reaches the other."""
    copy = model.model_copy()
    fields = copy.__dict__
    for name, value in fields.items():
        if _is_mutable(value):
            fields[name] = _copied(value)
    return copy


def bare_copy(state: GameState) -> GameState:
    """An independent copy of ``state`` with an empty log and no take-back notes."""
    return copied_model(state.model_copy(update={"log": [], "take_back_notes": []}))


def dressed(
    bare: GameState, log: Sequence[ActionRecord], notes: Sequence[TakeBackNote]
) -> GameState:
    """An independent copy of a bare state with its log and take-back notes put back."""
    copy = copied_model(bare)
    copy.__dict__.update(log=list(log), take_back_notes=list(notes))
    return copy


def shallow_dressed(
    bare: GameState, log: Sequence[ActionRecord], notes: Sequence[TakeBackNote]
) -> GameState:
    """A bare state with its log and notes put back that shares everything else with it:
    only to be read (the replay draws its views from it), never changed or handed out."""
    return bare.model_copy(update={"log": list(log), "take_back_notes": list(notes)})
