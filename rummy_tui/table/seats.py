"""Who may move seats and act for them (P-6): only the shared screen manages seats; a joined
screen acts for its own seat and no other, and closes when its seat goes back."""

from __future__ import annotations

from dataclasses import replace

from rummy_tui.core import Game
from rummy_tui.i18n.table_words import seats_refusal
from rummy_tui.table import turns
from rummy_tui.table.effects import CloseScreen, Effect, Refuse, ShowSeats
from rummy_tui.table.model import Closed, Seating, TableModel


def asked(model: TableModel) -> tuple[TableModel, list[Effect]]:
    """``o``: the list of own screens on the shared screen; refused on a joined one."""
    if not model.seating.manages_seats:
        return model, [Refuse(sentence=seats_refusal())]
    return model, [ShowSeats()]


def acts_for(model: TableModel, seat: int) -> bool:
    """Whether a person's key at this screen may act for ``seat``: the seats at the shared
    keyboard on the shared screen, a joined screen's own seat on it."""
    return seat in model.seating.people


def moved(model: TableModel, game: Game, seating: Seating) -> tuple[TableModel, list[Effect]]:
    """Seats moved: a joined screen whose seat went back closes; otherwise who plays where
    is known from now on (the table shows what it showed)."""
    after = replace(model, seating=seating)
    if seating.joined and seating.screen not in seating.own_screens:
        return replace(after, showing=Closed()), [CloseScreen()]
    if after.keyboard_seat is not None and after.keyboard_seat not in seating.people:
        return turns.next_turn(replace(after, keyboard_seat=None), game)
    return after, []
