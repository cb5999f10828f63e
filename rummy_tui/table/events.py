"""What happens at the table, as :func:`rummy_tui.table.step` is told it: a person's key at
a hand-off or at the table, a move that was made (here or on another screen), the shared
file's answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rummy_tui.table.model import Seating


@dataclass(frozen=True)
class TurnOver:
    """A move or a take-back was made and saved (on this screen, or shown from another).

    ``new_deal``: the move dealt a new deal (its first player gets a hand-off). ``took_back``:
    a take-back, the person whose move came back (they have the keyboard now).
    ``turn_started``: the shared file says the seat to act has started its turn already."""

    new_deal: bool = False
    took_back: int | None = None
    turn_started: bool = False


@dataclass(frozen=True)
class NextTurn:
    """Show whatever comes next (a menu closed, a refusal was said); ``force_handoff``: the
    seat to act gets a hand-off even if its person kept the keyboard."""

    force_handoff: bool = False


@dataclass(frozen=True)
class HandOffAnswered:
    """The hand-off to ``seat`` was answered: Enter (``"enter"``), the discard's player's
    ``u`` (``"take_back"``, ``offer`` is that player) or leaving the table."""

    seat: int
    offer: int | None
    choice: Literal["enter", "take_back", "leave"]


@dataclass(frozen=True)
class TurnMarked:
    """The answer to :class:`~rummy_tui.table.effects.MarkTurn`: ``"opened"`` (the turn has
    begun on every screen), ``"behind"`` (the file holds a move this screen has not shown)
    or ``"failed"`` (the file could not be written; the reason has been said)."""

    result: Literal["opened", "behind", "failed"]


@dataclass(frozen=True)
class TakeBackAsked:
    """``u``: take back the newest move. ``seat`` is the person whose move it is when the
    take-back gate was passed (None: the person at the keyboard, at the table)."""

    seat: int | None = None


@dataclass(frozen=True)
class GateAnswered:
    """The take-back gate for ``mover`` (the hand-off was for ``seat``) was answered: their
    own Enter (``"go"``), Esc back to the hand-off (``"back"``), or leaving the table."""

    mover: int
    seat: int
    choice: Literal["go", "back", "leave"]


@dataclass(frozen=True)
class SeatsMoved:
    """The shared screen moved seats to screens of their own or back: who plays where now."""

    seating: Seating


@dataclass(frozen=True)
class TurnStarted:
    """Another screen says the seat to act has started its turn (P-4: the discard before it
    is taken back no more)."""


@dataclass(frozen=True)
class SeatsAsked:
    """``o``: the list of own screens (moving seats, making codes)."""


Event = (
    TurnOver
    | NextTurn
    | HandOffAnswered
    | TurnMarked
    | TakeBackAsked
    | GateAnswered
    | SeatsMoved
    | TurnStarted
    | SeatsAsked
)
