"""The match session of a joined screen: one seat of a shared match, on a screen of its own.

``rummy join CODE`` in a terminal, or "Join a table" in a browser tab, opens the shared match
whose code was typed and holds that one seat (:meth:`SharedMatch.claim`): the screen shows the
public table and that seat's hand, always, and acts only for it. There is no hand-off: nobody
else uses this screen. The other seats' moves come from the shared match file, the shared
screen makes the computers' moves and deals; this screen deals too when its player closes the
end of a deal first. It keeps no save and no records of its own: the shared match file is the
match's save (every move in it is on disk before any screen shows it), and the shared screen
records the finished match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_tui.i18n import N_, _
from rummy_tui.ui import table_menus
from rummy_tui.ui.session import MatchSession

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.shared_play import SharedLink


class JoinedSession(MatchSession):
    """One seat of a shared match, played on this screen."""

    moves_computers = False
    keeps_records = False

    def __init__(self, host: TableHost, link: SharedLink) -> None:
        assert link.seat is not None
        self.seat: int = link.seat
        """The seat this screen plays."""
        super().__init__(host, link.shared.setup, link.shared.game, link)
        self.keyboard_seat = self.seat
        self.table.manages_seats = False  # only the shared screen manages seats (P-6)

    def elsewhere(self) -> frozenset[int]:
        """Every other person's seat is played elsewhere (at the shared keyboard or on a
        screen of their own)."""
        return frozenset(
            seat
            for seat in range(len(self.game.players))
            if seat != self.seat and not self.controller.is_bot(seat)
        )

    def close(self) -> None:
        """The table is put away: the window title is the game's again."""
        self.host.signal_turn(False)
        super().close()

    def seats_moved(self) -> None:
        """The shared screen moved seats: this screen closes if its own seat was one."""
        if self.link is not None and self.seat not in self.link.own:
            self.seat_went_back()
            return
        super().seats_moved()

    def show_own_screens(
        self, then: Callable[[], object] | None = None, first_line: str | None = None
    ) -> None:
        """A joined screen shows no list of seats and no code (P-6): it says so."""
        from rummy_tui.i18n.table_words import seats_refusal

        self.table.refused(seats_refusal())
        if then is not None:
            then()

    def seat_went_back(self) -> None:
        """The shared screen took this seat back to its keyboard: this screen closes."""
        player = self.game.players[self.seat]
        self.host.notice(
            _("{player}'s seat is played at the shared keyboard now.").format(player=player),
            "warning",
        )
        self.host.show_title()

    def note_saved(self) -> None:
        """The top line says "saved": every move shown is in the shared match file."""
        self.table.set_saved_note(N_("saved"))

    def holds_last_move(self) -> bool:
        """The shared match file holds every move this screen shows (a move is written
        before any screen shows it)."""
        return True

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave this screen (the seat can be joined again)."""
        table_menus.leave_table(
            self.host,
            _(
                "Every move is kept in the shared match: join again with the same code until "
                "the match ends."
            ),
            self.save_now,
            on_cancel,
        )

    def play_again(self) -> None:
        """The next match of the table is dealt on the shared screen: back to the title."""
        self.host.show_title()
