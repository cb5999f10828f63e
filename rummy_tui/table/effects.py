"""What the interface does for the table, as :func:`rummy_tui.table.step` asks: show, ask,
start a computer, write the turn's mark, take a move back, say a refusal. The runner carries
them out in order and posts what came of the ones that have an answer as the next event."""

from __future__ import annotations

from dataclasses import dataclass

from rummy_tui.core import IllegalAction
from rummy_tui.table.model import Mode


@dataclass(frozen=True)
class ShowHandOff:
    """The hand-off to ``seat`` (P-1). ``offer``: the person who may still press u for their
    discard (P-4). ``computers_before``: how many computer players move before ``seat`` (the
    person watches their own hand meanwhile); None: the seat to act's own hand-off, which
    says when its turn is half played."""

    seat: int
    offer: int | None = None
    computers_before: int | None = None


@dataclass(frozen=True)
class ShowHand:
    """``seat``'s hand on the table, played or watched."""

    seat: int
    mode: Mode


@dataclass(frozen=True)
class HideHand:
    """No hand on the table; ``offer``: the person at this keyboard who may still take back
    their discard with u (P-4), if any."""

    offer: int | None = None


@dataclass(frozen=True)
class PutAwayHandOff:
    """Take down a hand-off or take-back gate still up (its answer is not wanted any more)."""


@dataclass(frozen=True)
class ShowDealEnd:
    """The end of the deal or of the match."""


@dataclass(frozen=True)
class StartComputer:
    """The computer in ``seat`` chooses its move (the runner makes it, then posts
    :class:`~rummy_tui.table.events.TurnOver`)."""

    seat: int


@dataclass(frozen=True)
class EndStreak:
    """No computer is moving now: the next computer's turn is drawn at once."""


@dataclass(frozen=True)
class StopComputers:
    """A computer still thinking stops at once (its choice is dropped)."""


@dataclass(frozen=True)
class MarkTurn:
    """Write that the seat to act starts its turn (the shared file's mark, P-4); answered by
    :class:`~rummy_tui.table.events.TurnMarked` (at once, "opened", without a shared file)."""

    seat: int


@dataclass(frozen=True)
class CatchUp:
    """Show the moves of the shared file this screen has not shown yet."""


@dataclass(frozen=True)
class ShowGate:
    """The take-back gate: ``mover``'s discard comes back after their own Enter."""

    mover: int
    seat: int


@dataclass(frozen=True)
class TakeBack:
    """Take back ``mover``'s newest move through the game (and the shared file); the runner
    posts :class:`~rummy_tui.table.events.TurnOver` with ``took_back``, or says the refusal.
    ``at_hand_off``: asked through the gate (a refusal is a notice, then the hand-off)."""

    mover: int
    at_hand_off: bool = False


@dataclass(frozen=True)
class Refuse:
    """Say why a key did nothing: the table's own sentence, or the core's refusal in words.
    ``at_hand_off``: the table is covered, so it is a notice and the hand-off comes back."""

    sentence: str | None = None
    error: IllegalAction | None = None
    at_hand_off: bool = False


@dataclass(frozen=True)
class AskLeave:
    """Ask whether to leave the table; ``back_to_hand_off``: staying shows the hand-off
    again."""

    back_to_hand_off: bool = True


@dataclass(frozen=True)
class SignalTurn:
    """A joined screen: ring and name the turn in the window title (``mine``), or stop."""

    mine: bool


@dataclass(frozen=True)
class CloseScreen:
    """This joined screen's seat is played at the shared keyboard now: the screen closes."""


@dataclass(frozen=True)
class ShowSeats:
    """The list of own screens (the shared screen only, P-6)."""


Effect = (
    ShowHandOff
    | ShowHand
    | HideHand
    | PutAwayHandOff
    | ShowDealEnd
    | StartComputer
    | EndStreak
    | StopComputers
    | MarkTurn
    | CatchUp
    | ShowGate
    | TakeBack
    | Refuse
    | AskLeave
    | SignalTurn
    | CloseScreen
    | ShowSeats
)
