"""The table as data: the seats and the screens they are played on, the seat at the
keyboard, and what the table shows now."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Mode(StrEnum):
    """Whose cards the table shows."""

    PLAY = "play"
    """The player at the keyboard is to act: their hand, all keys."""
    WATCH = "watch"
    """Someone else is moving; the one person at this screen sees their own hand."""
    HIDDEN = "hidden"
    """No hand is shown (the keyboard is between players, or several people share it)."""


class SeatPlace(StrEnum):
    """Where a seat is played from."""

    KEYBOARD = "keyboard"
    """A person at the shared keyboard."""
    OWN_SCREEN = "own_screen"
    """A person on a screen of their own (``rummy join``, a browser tab)."""
    COMPUTER = "computer"
    """A computer player (its moves are made by the shared screen)."""


@dataclass(frozen=True)
class Seating:
    """Which seat is played where, as one screen sees it: ``screen`` is None for the shared
    screen, or the seat a joined screen plays."""

    places: tuple[SeatPlace, ...]
    screen: int | None = None
    shared: bool = False
    """Whether the match is played from a shared file (seats on several screens); always so
    on a joined screen."""

    @property
    def joined(self) -> bool:
        """Whether this is a joined screen (one seat of its own) rather than the shared one."""
        return self.screen is not None

    @property
    def people(self) -> frozenset[int]:
        """The seats people play at this screen: the keyboard's on the shared screen, its own
        seat on a joined one."""
        if self.screen is not None:
            return frozenset({self.screen})
        return frozenset(s for s, place in enumerate(self.places) if place is SeatPlace.KEYBOARD)

    @property
    def elsewhere(self) -> frozenset[int]:
        """The seats people play on other screens than this one."""
        if self.screen is not None:
            return frozenset(
                s
                for s, place in enumerate(self.places)
                if place is not SeatPlace.COMPUTER and s != self.screen
            )
        return frozenset(s for s, place in enumerate(self.places) if place is SeatPlace.OWN_SCREEN)

    @property
    def own_screens(self) -> frozenset[int]:
        """The seats played on screens of their own."""
        return frozenset(s for s, place in enumerate(self.places) if place is SeatPlace.OWN_SCREEN)

    def is_computer(self, seat: int) -> bool:
        """Whether ``seat`` is a computer player."""
        return 0 <= seat < len(self.places) and self.places[seat] is SeatPlace.COMPUTER

    @property
    def moves_computers(self) -> bool:
        """Whether this screen makes the computer players' moves (the shared screen does)."""
        return self.screen is None

    @property
    def manages_seats(self) -> bool:
        """Whether this screen may move seats to screens of their own and make codes (P-6:
        the shared screen only)."""
        return self.screen is None


# ---------------------------------------------------------------------------- what shows


@dataclass(frozen=True)
class Nothing:
    """Nothing of the match is up yet (the table before its first turn, or under a menu)."""


@dataclass(frozen=True)
class HandOff:
    """The hand-off to ``seat`` (P-1): no hand until their Enter; ``offer`` is the person who
    may still press u to take back the discard that ended the last turn (P-4), if any."""

    seat: int
    offer: int | None = None


@dataclass(frozen=True)
class Gate:
    """The take-back gate: ``mover``'s discard comes back after their own Enter (P-1, P-4);
    Esc goes back to the hand-off for ``seat``."""

    mover: int
    seat: int


@dataclass(frozen=True)
class Hand:
    """``seat``'s hand on the table, played or watched."""

    seat: int
    mode: Mode


@dataclass(frozen=True)
class Elsewhere:
    """``seat`` plays on another screen: the public table here, no hand; ``offer`` is the
    person at this keyboard who may still take back their discard (P-4), if any."""

    seat: int
    offer: int | None = None


@dataclass(frozen=True)
class ComputerTurn:
    """The computer in ``seat`` is choosing its move on this screen."""

    seat: int


@dataclass(frozen=True)
class DealEnd:
    """The end of the deal (or of the match) is shown."""


@dataclass(frozen=True)
class Closed:
    """This joined screen's seat went back to the shared keyboard: the screen closes."""


Showing = Nothing | HandOff | Gate | Hand | Elsewhere | ComputerTurn | DealEnd | Closed


@dataclass(frozen=True)
class TableModel:
    """The table of one match as one screen holds it."""

    seating: Seating
    keyboard_seat: int | None = None
    """The person whose hand was last shown here (no hand-off while they keep the keyboard)."""
    handoff_due: bool = False
    """A resumed match: the first person to play gets a hand-off even when computers move
    first (nobody knows who sat down at the keyboard)."""
    turn_started: bool = False
    """The seat to act has started its turn on some screen since the newest move (the shared
    file's mark): the discard before it is taken back no more (P-4)."""
    showing: Showing = field(default_factory=Nothing)
    """What the table shows now."""
