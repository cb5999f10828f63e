"""The one function of the table's rules: the table and an event in, the table after it and
what the interface is to do out."""

from __future__ import annotations

from dataclasses import replace

from rummy_tui.core import Game
from rummy_tui.table import seats, takebacks, turns
from rummy_tui.table.effects import AskLeave, CatchUp, Effect, MarkTurn, StopComputers
from rummy_tui.table.events import (
    Event,
    GateAnswered,
    HandOffAnswered,
    NextTurn,
    SeatsAsked,
    SeatsMoved,
    TakeBackAsked,
    TurnMarked,
    TurnOver,
    TurnStarted,
)
from rummy_tui.table.model import Mode, TableModel

Stepped = tuple[TableModel, list[Effect]]


def step(model: TableModel, game: Game, event: Event) -> Stepped:
    """The table after ``event`` (``game`` as it stands after it) and the effects to carry
    out, in order. Pure: neither the model nor the game is changed."""
    match event:
        case TurnOver():
            return _turn_over(model, game, event)
        case NextTurn(force_handoff=force):
            return turns.next_turn(model, game, force_handoff=force)
        case HandOffAnswered():
            return _hand_off_answered(model, game, event)
        case TurnMarked(result=result):
            return _turn_marked(model, game, result)
        case TakeBackAsked(seat=seat):
            return takebacks.asked(model, game, seat)
        case GateAnswered():
            return _gate_answered(model, game, event)
        case SeatsMoved(seating=seating):
            return seats.moved(model, game, seating)
        case TurnStarted():
            return replace(model, turn_started=True), []
        case SeatsAsked():
            return seats.asked(model)
    raise TypeError(event)  # pragma: no cover - every event is matched above


def _turn_over(model: TableModel, game: Game, event: TurnOver) -> Stepped:
    """A move or a take-back was made: a take-back's mover has the keyboard (a computer still
    thinking stops); then what comes next."""
    model = replace(model, turn_started=event.turn_started)
    stop: list[Effect] = []
    if event.took_back is not None:
        stop = [StopComputers()]
        if event.took_back in model.seating.people:
            model = replace(model, keyboard_seat=event.took_back)
    after, effects = turns.after_move(model, game, event.new_deal)
    return after, [*stop, *effects]


def _hand_off_answered(model: TableModel, game: Game, event: HandOffAnswered) -> Stepped:
    """Enter at the hand-off: the turn's mark is written first (P-4), and the hand shows once
    it is; u: the gate for the discard's player; leaving: the question."""
    if event.choice == "take_back":  # u with no discard on offer does nothing (P-1)
        if event.offer is None:
            return model, []
        return takebacks.gate(model, game, event.seat, event.offer)
    if event.choice == "leave":
        return model, [AskLeave(back_to_hand_off=True)]
    return replace(model, keyboard_seat=event.seat), [MarkTurn(event.seat)]


def _turn_marked(model: TableModel, game: Game, result: str) -> Stepped:
    """The turn's mark was written: the person's hand (or the computers before them, the
    person watching); the file was behind: its moves first; it failed: the hand-off stays,
    so no hand shows while the discard may still be taken back elsewhere."""
    if result == "behind":
        return model, [CatchUp()]
    if result == "failed":
        return turns.next_turn(model, game, force_handoff=True)
    model = replace(model, turn_started=True)
    seat = model.keyboard_seat
    if model.seating.is_computer(game.current) or seat is None:
        return turns.next_turn(model, game)
    return turns.show_hand(model, seat, Mode.PLAY)


def _gate_answered(model: TableModel, game: Game, event: GateAnswered) -> Stepped:
    """The take-back gate: the mover's Enter takes their move back; Esc, the hand-off again."""
    if event.choice == "go":
        return takebacks.asked(model, game, event.mover)
    if event.choice == "leave":
        return model, [AskLeave(back_to_hand_off=True)]
    return turns.next_turn(model, game, force_handoff=True)
