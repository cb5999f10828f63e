"""Who may move seats and act for them (P-6): only the shared screen manages seats; a joined
screen acts for its own seat and no other, and closes when its seat goes back."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rummy_tui.core import Game
from rummy_tui.i18n import _
from rummy_tui.i18n.table_words import CHOOSE_OWN_SEAT, GUEST_ON_OWN_SCREEN, seats_refusal
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


# ---------------------------------------------------------------------------- the list of seats


@dataclass(frozen=True)
class ListedSeat:
    """A person's seat on the shared screen's list: played on a screen of its own or at the
    keyboard, and whether its own screen is open now (a guest plays there)."""

    seat: int
    name: str
    own_screen: bool
    joined: bool


@dataclass(frozen=True)
class MoveSeat:
    """Move ``seat`` to a screen of its own (``own_screen``) or back to the keyboard."""

    seat: int
    own_screen: bool


@dataclass(frozen=True)
class AskBringBack:
    """Ask whether to bring ``seat`` back to the keyboard, naming its guest (No is first)."""

    seat: int
    name: str


@dataclass(frozen=True)
class CloseList:
    """Back to the table (the list's first line, Esc)."""


@dataclass(frozen=True)
class SayOnList:
    """A line under the list saying why the key moved nothing: ``sentence`` in the reader's
    language, with ``{player}`` standing for ``player`` (filled as plain text where drawn)."""

    sentence: str
    player: str = ""


@dataclass(frozen=True)
class StayOnList:
    """Nothing moves (the bring-back question was answered No)."""


ListDecision = MoveSeat | AskBringBack | CloseList | SayOnList | StayOnList


def list_key(key: str, line: ListedSeat | None, answer_yes: bool = False) -> ListDecision:
    """What a key on the list of seats does (the shared screen only, P-6): ``"enter"`` on
    ``line`` (None: the first line, which moves no seat), ``"b"`` (bring back) or
    ``"answer"`` to the bring-back question (``answer_yes``).

    Enter never takes a guest off their screen: on a seat whose own screen is open it only
    says to press b; b on such a seat only asks, naming the guest; the seat moves on a yes."""
    if key == "enter":
        if line is None:
            return CloseList()
        if line.joined:
            return SayOnList(
                _(GUEST_ON_OWN_SCREEN),
                line.name,
            )
        return MoveSeat(line.seat, not line.own_screen)
    if line is None or not line.own_screen:
        return SayOnList(_(CHOOSE_OWN_SEAT))
    if key == "answer":
        return MoveSeat(line.seat, False) if answer_yes else StayOnList()
    if line.joined:
        return AskBringBack(line.seat, line.name)
    return MoveSeat(line.seat, False)
