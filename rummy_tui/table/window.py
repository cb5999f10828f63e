"""The window of a take-back (P-4) at a table of several screens: a person takes back only
their own moves, only at the screen they play on, and the discard that ended a turn only
until the next seat starts its turn, on any screen."""

from __future__ import annotations

from rummy_tui.core import Game, IllegalAction
from rummy_tui.core.offers import take_back_offer
from rummy_tui.core.takeback import turn_started_refusal
from rummy_tui.i18n.table_words import (
    computers_never_take_back,
    keyboard_takes_back,
    own_screen_takes_back,
)
from rummy_tui.table.model import TableModel


def mover_to_take_back(model: TableModel, game: Game) -> int | None:
    """The person whose move a take-back would undo now (after a discard: the player who
    discarded, not the seat to act), or None (nothing to take back, or a computer's move)."""
    mover = take_back_offer(game).mover
    if mover is None or model.seating.is_computer(mover):
        return None
    return mover


def place_refusal(model: TableModel, game: Game, seat: int | None) -> str | None:
    """Why ``seat`` is not a person at this screen who may take back a move, or None."""
    if seat is None or not 0 <= seat < len(model.seating.places):
        return keyboard_takes_back()
    if seat in model.seating.elsewhere:
        return own_screen_takes_back(game.players[seat])
    if seat not in model.seating.people:
        return computers_never_take_back()
    return None


def core_refusal(model: TableModel, game: Game, seat: int | None) -> IllegalAction | None:
    """The core's reason why ``seat`` may not take back the newest move now, or that the next
    seat has started its turn since the discard (P-4); None when it may."""
    refusal = game.take_back_refusal(seat)
    if refusal is not None:
        return refusal
    return turn_started_refusal(game.state, model.turn_started)


def may_take_back(model: TableModel, game: Game, seat: int) -> bool:
    """Whether ``seat`` may take back the newest move at this screen now."""
    return place_refusal(model, game, seat) is None and core_refusal(model, game, seat) is None


def offer_at_hand_off(model: TableModel, game: Game, seat: int) -> int | None:
    """The person a hand-off to ``seat`` offers their discard back to (P-4), or None: never
    the named person themselves (their own move comes back with u after Enter), a seat on
    another screen, or a discard whose next turn has started."""
    mover = mover_to_take_back(model, game)
    if mover is None or mover == seat or not may_take_back(model, game, mover):
        return None
    return mover


def offer_while_elsewhere(model: TableModel, game: Game) -> int | None:
    """The person at this keyboard who may still take back their discard while the next seat
    plays on another screen (P-4), or None."""
    mover = mover_to_take_back(model, game)
    if mover is None or mover not in model.seating.people:
        return None
    return mover if may_take_back(model, game, mover) else None
