"""A take-back asked for (P-4): ``u`` at the table, at a hand-off and its gate, or on the
shared screen while the next seat plays elsewhere; who may, the window (:mod:`window
<rummy_tui.table.window>`), and what the table shows after a refusal."""

from __future__ import annotations

from dataclasses import replace

from rummy_tui.core import Game
from rummy_tui.core.takeback import turn_started_refusal
from rummy_tui.i18n.table_words import keyboard_takes_back
from rummy_tui.table import turns
from rummy_tui.table.effects import Effect, Refuse, ShowGate, TakeBack
from rummy_tui.table.model import Gate, TableModel
from rummy_tui.table.window import core_refusal, mover_to_take_back, place_refusal


def asked(model: TableModel, game: Game, seat: int | None) -> tuple[TableModel, list[Effect]]:
    """``u``: at the table by the person at the keyboard (``seat`` None), or by ``seat`` once
    the take-back gate was passed."""
    if seat is None and model.keyboard_seat is None and model.seating.shared:
        return while_elsewhere(model, game)
    mover = model.keyboard_seat if seat is None else seat
    at_hand_off = seat is not None
    refusal = place_refusal(model, game, mover)
    if refusal is not None or mover is None:
        return refused(model, game, Refuse(sentence=refusal, at_hand_off=at_hand_off))
    # The core checks its own part once, as it takes the move back; the table knows whether
    # the next seat has started its turn (P-4 across screens).
    error = turn_started_refusal(game.state, model.turn_started)
    if error is not None:
        return refused(model, game, Refuse(error=error, at_hand_off=at_hand_off))
    return model, [TakeBack(mover, at_hand_off=at_hand_off)]


def while_elsewhere(model: TableModel, game: Game) -> tuple[TableModel, list[Effect]]:
    """``u`` on the shared screen while the next seat plays on its own screen: the gate for
    the person at this keyboard whose discard may still be taken back."""
    mover = mover_to_take_back(model, game)
    if mover is None or mover not in model.seating.people:
        return model, [Refuse(sentence=keyboard_takes_back())]
    return gate(model, game, game.current, mover)


def gate(model: TableModel, game: Game, seat: int, mover: int) -> tuple[TableModel, list[Effect]]:
    """The take-back gate for ``mover`` (asked at the hand-off to ``seat``), or the refusal
    and the hand-off again."""
    refusal = place_refusal(model, game, mover)
    if refusal is not None:
        return refused(model, game, Refuse(sentence=refusal, at_hand_off=True))
    error = core_refusal(model, game, mover)
    if error is not None:
        return refused(model, game, Refuse(error=error, at_hand_off=True))
    return replace(model, showing=Gate(mover, seat)), [ShowGate(mover, seat)]


def refused(model: TableModel, game: Game, refusal: Refuse) -> tuple[TableModel, list[Effect]]:
    """A refused take-back: said on the table, or as a notice and the hand-off again when it
    was asked at a hand-off."""
    if not refusal.at_hand_off:
        return model, [refusal]
    after, effects = turns.next_turn(model, game, force_handoff=True)
    return after, [refusal, *effects]
