"""A match session's hold on a shared match: seats played on their own screens.

When some seats of a match are played on screens of their own (``rummy join`` in another
terminal, or a browser tab of ``rummy serve``), every screen of the match is its own process
and the match itself lives in the shared match file
(:class:`~rummy_tui.persistence.shared_match.SharedMatch`). A :class:`SharedLink` is one
screen's hold on it, for its match session:

* every move of this screen goes into the file's move log (:meth:`SharedLink.append`): of
  two screens moving at the same moment exactly one move is made, and the other screen is
  told which move won (:class:`MovedFirst`);
* a few times a second the screen looks whether another screen moved
  (:meth:`SharedLink.look`, a counter read from shared memory) and, when the session may
  show it, replays what it has not seen (:meth:`SharedLink.unshown`);
* the shared screen keeps the join codes it shows, in memory only (:attr:`SharedLink.codes`):
  the file keeps their hashes, the save keeps nothing.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rummy_tui.core import Action, ActionRecord, StartDeal
from rummy_tui.i18n import _
from rummy_tui.persistence.shared_match import DamagedMove, Lost, Refused, SharedMatch
from rummy_tui.persistence.shared_moves import moved_first_words
from rummy_tui.persistence.shared_tables import join_code, table_path

if TYPE_CHECKING:
    from rummy_tui.persistence.shared_moves import Entry

SHARED_TABLE_KEY = "shared_table"
"""The key of the save's extra data naming the table tag of the match's shared file."""


class MovedFirst(Exception):
    """Another screen made its move first: this screen's move was not made."""

    def __init__(self, winner: Entry, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        """The move that was made instead (replayed on this screen already)."""
        self.reason = reason
        """One sentence for the person whose move was not made."""


@dataclass
class SharedLink:
    """One screen's hold on a shared match: its moves, the other screens' news, the codes."""

    shared: SharedMatch
    seat: int | None = None
    """The seat this screen joined as (None: the shared screen)."""
    shown: int = 0
    """How many moves of the log the session has shown."""
    news: bool = False
    """Another screen moved and the session has not shown it yet."""
    codes: dict[int, str] = field(default_factory=dict)
    """The join codes this shared screen shows, by seat, until the seat joins."""
    own: frozenset[int] = frozenset()
    """The seats played on their own screens, as last read from the file."""
    own_changed: bool = False
    """Whether the last :meth:`unshown` found other seats on their own screens than before."""
    taken_over: bool = False
    """Whether a newer screen took this screen's seat over (this screen let go of it)."""
    turn_opened: bool = False
    """Whether the seat to act started its turn at the shared keyboard since the newest move
    (P-4: the discard before it is not taken back any more), as last read from the file."""
    turn_changed: bool = False
    """Whether the last :meth:`unshown` found :attr:`turn_opened` changed."""

    def __post_init__(self) -> None:
        self.shown = self.shared.seq
        self.own = self.shared.own_seats()

    @property
    def tag(self) -> str:
        """The table tag of the match (what the save keeps to find the file again)."""
        return self.shared.tag

    # ------------------------------------------------------------------ moves

    def append(self, action: Action, seat: int | None) -> None:
        """Make ``action`` for ``seat`` as the next move of the log (the moves of other
        screens this one had not seen are replayed first: :meth:`unshown` gives them all).

        Raises:
            IllegalAction: the engine refuses it (nothing is written).
            MovedFirst: another screen's move took its place.
            SaveError: the file cannot be written.
        """
        result = self.shared.append(self.shared.seq, action, seat)
        if isinstance(result, Refused):
            raise result.refusal
        if isinstance(result, Lost):
            raise MovedFirst(result.entry, moved_first(result.entry))

    @property
    def damage(self) -> DamagedMove | None:
        """The first move of the log that does not replay, while there is one (the match is
        held as it stood before it)."""
        return self.shared.damage

    def drop_damaged(self) -> int:
        """Continue the match from before its damaged move (that move and the ones after it
        are dropped from the log, in one change); how many were dropped.

        Raises:
            SaveError: when the file cannot be written (nothing was dropped).
        """
        return self.shared.drop_damaged()

    def look(self) -> bool:
        """Whether another screen changed the match since the last look (cheap). A change
        may be a newer screen taking this screen's seat over: this screen lets go of it then
        (:attr:`taken_over`)."""
        if self.shared.has_news():
            self.news = True
            if self.seat is not None and self.shared.taken_over():
                self.taken_over = True
        return self.news

    def unshown(self) -> list[Entry]:
        """Every move the session has not shown yet, the other screens' ones replayed now,
        oldest first; afterwards the session has seen them all. A move that does not replay
        stops them there (:attr:`damage` names it).

        Raises:
            SaveError: when the file cannot be read.
        """
        self.news = False
        with contextlib.suppress(DamagedMove):
            self.shared.catch_up()
        before, self.own = self.own, self.shared.own_seats()
        self.own_changed = before != self.own
        opened, self.turn_opened = self.turn_opened, self.shared.turn_opened()
        self.turn_changed = opened != self.turn_opened
        entries = self.shared.entries_since(self.shown)
        self.shown = self.shared.seq
        return entries

    def open_turn(self) -> bool:
        """The seat to act starts its turn at this shared keyboard (Enter at its hand-off):
        the discard before it is taken back no more, on any screen (P-4). False when the
        file holds a move this screen has not shown yet (it is to be shown first).

        Raises:
            SaveError: the file cannot be written.
        """
        if not self.shared.open_turn():
            return False
        self.turn_opened = True
        return True

    # ------------------------------------------------------------------ seats and codes

    def set_own(self, seats: frozenset[int]) -> None:
        """Which seats are played on their own screens from now on; the codes of seats that
        come back to the shared keyboard are forgotten, seats that leave it get one.

        Raises:
            SaveError: when the file cannot be written.
        """
        self.shared.set_own_seats(seats)
        self.own = seats
        for seat in list(self.codes):
            if seat not in seats:
                del self.codes[seat]
        for seat in sorted(seats):
            if seat not in self.codes and not self.shared.has_code(seat):
                self.new_code(seat)

    def new_code(self, seat: int) -> str:
        """A new join code for ``seat`` (the seat's earlier code opens nothing any more)."""
        code = join_code(self.tag, self.shared.issue_code(seat))
        self.codes[seat] = code
        return code

    def is_open(self, seat: int) -> bool:
        """Whether a screen of its own holds ``seat`` now."""
        return self.shared.seat_is_open(seat)

    def close(self) -> None:
        """Let go of the file and of the seat this screen holds."""
        self.shared.close()


def moved_first(winner: Entry) -> str:
    """What a screen whose move came too late says: the move that was made instead."""
    if isinstance(winner, ActionRecord) and isinstance(winner.action, StartDeal):
        return _("The next deal was dealt on another screen.")
    return moved_first_words(winner)


def open_link(data_dir: Path, tag: str) -> SharedLink:
    """The shared screen's hold on the match file of table ``tag`` (a resumed match).

    Raises:
        SaveError: when the file is missing, damaged, or does not replay.
    """
    return SharedLink(SharedMatch.open(table_path(data_dir, tag)))
