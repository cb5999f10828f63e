"""The screens that come over a match's table and what closing them leads to: the end of a
deal, leaving the table, the list of own screens.

The screens themselves are made by :mod:`rummy_tui.ui.play.match_end`,
:mod:`rummy_tui.ui.play.table_menus` and :mod:`rummy_tui.ui.own.seats`; these functions are the
match session's part of them (:class:`~rummy_tui.ui.play.session.MatchSession` calls them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rummy_tui.core import Phase, StartDeal
from rummy_tui.i18n import _
from rummy_tui.i18n.table_words import seats_refusal
from rummy_tui.ui.play import match_end, table_menus
from rummy_tui.ui.play.move_outcome import Source

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.core import Action, Game, PlayerView
    from rummy_tui.persistence.autosave import Autosave
    from rummy_tui.table import TableModel
    from rummy_tui.ui.own.seats import SeatsSession
    from rummy_tui.ui.play.controller import Controller
    from rummy_tui.ui.play.move_outcome import Outcome
    from rummy_tui.ui.play.replaying import ReplaySource
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shell.host import TableHost


class RoutedSession(Protocol):
    """The match session, as the screens over its table see it."""

    host: TableHost
    game: Game
    controller: Controller
    saving: Autosave
    model: TableModel
    table: TableScreen
    keyboard_seat: int | None

    @property
    def joined(self) -> bool:
        """Whether this screen plays one seat of a shared match."""
        ...

    def hide_hand(self) -> PlayerView: ...
    def save_now(self) -> None: ...
    def show_deal_end(self) -> None: ...
    def show_match_end(self) -> None: ...
    def replay_source(self) -> ReplaySource: ...
    def act(self, action: Action, source: Source) -> Outcome: ...
    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None: ...


def show_deal_end(session: RoutedSession) -> None:
    """Reveal every hand with the score breakdown (P-3); closing it deals the next deal, or
    shows the end of the match."""
    view = session.hide_hand()
    session.keyboard_seat = None
    hints_used = session.controller.hints_in_deal(view.deal_number)

    def closed(choice: str | None) -> None:
        if choice == "leave":
            session.leave_table(on_cancel=session.show_deal_end)
            return
        if session.controller.phase is Phase.MATCH_OVER:
            session.show_match_end()
            return
        outcome = session.act(StartDeal(), Source.DEALER)
        if not outcome.ok:
            session.host.notice(outcome.reason or _("The next deal could not be dealt."), "error")

    match_end.show_deal_end(
        session.host, view, session.game, hints_used, closed, session.replay_source()
    )


def leave_table(session: RoutedSession, on_cancel: Callable[[], object] | None = None) -> None:
    """Ask whether to leave the table (saved once more first); a joined screen says the seat
    can be joined again."""
    session.save_now()
    if session.joined:
        note = _(
            "Every move is kept in the shared match: join again with the same code until "
            "the match ends."
        )
    else:
        note = session.saving.leave_note()
    table_menus.leave_table(session.host, note, session.save_now, on_cancel)


def show_own_screens(
    session: SeatsSession,
    then: Callable[[], object] | None = None,
    first_line: str | None = None,
) -> None:
    """Where each person's seat is played, with the join codes; a joined screen shows no list
    of seats and no code (P-6) and says so."""
    if not session.manages_seats:
        session.table.refused(seats_refusal())
        if then is not None:
            then()
        return
    from rummy_tui.ui.own.seats import own_screens_screen

    own_screens_screen(session, then, first_line)
