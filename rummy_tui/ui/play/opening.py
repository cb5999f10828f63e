"""Seating a match at the table: a new deal, the latest unfinished match, or a saved one.

The opener builds the match session for one match (the one owner of the match at the table),
attaches its save, hands the session to the app (its ``seat`` callback: the app keeps one
session) and lets the session show the first screen (the cut or the first hand-off).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence import SaveStore
    from rummy_tui.persistence.shared_match import SharedMatch
    from rummy_tui.ui.own.shared_play import SharedLink
    from rummy_tui.ui.play.session import MatchSession
    from rummy_tui.ui.shell.host import TableHost


class MatchOpener:
    """Starts or resumes a match for the app."""

    def __init__(
        self,
        host: TableHost,
        seat: Callable[[MatchSession], None],
        joined: Callable[[str], None] | None = None,
    ) -> None:
        self.host = host
        self.seat = seat
        """Hands the new match's session to the app."""
        self.joined = joined
        """Told the join code that opened a seat on this screen (a served window's server)."""

    def begin_match(self, setup: MatchSetup | None, game: Game | None = None) -> None:
        """Deal a new match (or take ``game``), save it, show the cut, then the first hand-off."""
        from rummy_tui.core import IllegalAction
        from rummy_tui.i18n.refusals import refusal_sentence
        from rummy_tui.ui.play.controller import setup_for

        host = self.host
        host.clear_screens()
        try:
            if game is None:
                assert setup is not None
                game = setup.start()
            if setup is None:
                setup = setup_for(game)
        except IllegalAction as error:
            host.notice(refusal_sentence(error), "error")
            host.show_title()
            return
        session = self._make_session(setup, game)
        if setup.own_screen_seats and not self._share(session):
            return
        if host.autosave:
            from rummy_tui.persistence.last_table import remember_table

            remember_table(setup, host.data_dir)  # the new-game menu starts from it next time
            store = host.store()
            if store is None:
                host.notice(host.data.store_problem or _("The match is not saved."), "warning")
            session.attach_store(store, None)
        self._install_table(session)
        if session.link is not None:  # the codes first: people join before the cut
            from rummy_tui.ui.own.seats_screen import START_MATCH

            session.show_own_screens(partial(self._first_screen, session), START_MATCH)
            return
        self._first_screen(session)

    def _share(self, session: MatchSession) -> bool:
        """Share a new match that has own-screen seats; on failure say why and go back to the
        title (False)."""
        from rummy_tui.ui.own.seats import share

        try:
            share(session, session.setup)
        except Exception as error:  # SaveError: the shared file cannot be written
            self.host.notice(
                _("The match could not be shared with other screens: {error}").format(error=error),
                "error",
            )
            self.host.show_title()
            return False
        return True

    def _first_screen(self, session: MatchSession) -> None:
        """The cut for the first dealer, or the first turn."""
        host, game = self.host, session.game
        controller = session.controller
        if controller.cut_rounds and not any(record.seat is not None for record in game.state.log):
            from rummy_tui.ui.screens.cut import CutScreen

            cut = CutScreen(
                # Translators: the cut screen's title; {variant} is the variant's name.
                _("{variant}: the cut for the first dealer").format(variant=_(game.rules.name)),
                game.players,
                controller.cut_rounds,
                controller.first_dealer,
                host.settings,
            )
            host.show_screen(cut, partial(self._after_cut, session))
        else:
            session.next_turn(force_handoff=True)

    def _after_cut(self, session: MatchSession, choice: str | None) -> None:
        if choice == "leave":
            session.leave_table(on_cancel=partial(session.next_turn, True))
        else:
            session.next_turn(force_handoff=True)

    def replay_match(self, name: str, deal_number: int | None = None) -> None:
        """The replay of saved match ``name`` at deal ``deal_number`` (``rummy replay``):
        every hand of a finished match, only the public table and each deal's reveal of one
        still being played (P-2, P-3). Leaving it shows the title screen, as does a save
        that cannot be read (with its reason)."""
        from rummy_tui.ui.play.replaying import ReplaySource, open_replay

        host = self.host
        read = self._read_save(name, look_only=True)  # no lock: a replay changes no save
        if read is None:
            return
        _store, setup, game, _extra = read
        open_replay(host, ReplaySource(game, setup, name), deal_number, then=host.show_title)

    def _read_save(
        self, name: str, look_only: bool = False
    ) -> tuple[SaveStore, MatchSetup, Game, dict[str, Any]] | None:
        """The store and save ``name`` (``look_only``: read without taking its lock), or
        None after saying why not on the title screen (no store, a damaged save, anything
        unexpected: a notice, never a crash)."""
        host = self.host
        store = host.store()
        if store is None:
            host.notice(host.data.why_not_saving(), "error")
            host.show_title()
            return None
        if not look_only:
            host.clear_screens()
        try:
            setup, game, extra = store.peek(name) if look_only else store.load(name)
        except Exception as error:  # SaveError and anything unexpected: a notice, no crash
            host.notice(could_not_load(name, error), "error")
            host.show_title()
            return None
        return store, setup, game, extra

    def continue_latest(self) -> None:
        """Resume the most recent unfinished match."""
        host = self.host
        store = host.store()
        name = None
        if store is not None:
            try:
                name, skipped = store.latest_loadable()
            except Exception as error:
                host.notice(
                    _("The saved matches could not be read: {error}").format(error=error), "error"
                )
            else:
                for skipped_name, reason in skipped:
                    # Translators: {reason} is a whole sentence saying what is wrong with the file.
                    message = _("Skipped {name}, which cannot be opened. {reason}").format(
                        name=repr(skipped_name), reason=reason
                    )
                    host.notice(message, "warning")
        if name is None:
            host.notice(_("There is no unfinished match to continue."), "warning")
            host.show_title()
            return
        self.load_match(name)

    def load_match(self, name: str) -> None:
        """Resume a saved match: the hand-off of the player to move (P-1); a finished match
        shows its score sheet instead."""
        host = self.host
        read = self._read_save(name)
        if read is None:
            return
        store, setup, game, extra = read
        if game.is_over:
            self.show_finished(name, game, setup)
            return
        link = self._shared_link(setup, extra)
        if link is not None:
            game = link.shared.game  # the shared file holds every move, the save a copy
        elif setup.own_screen_seats:
            setup = at_one_keyboard(setup)
        session = self._make_session(setup, game, link)
        session.attach_store(store if host.autosave else None, name)
        session.restore_extra(extra)
        self._install_table(session)
        session.handoff_due = True
        if link is not None:  # who is still to join, and the codes
            from rummy_tui.ui.own.seats_screen import CONTINUE_MATCH

            session.show_own_screens(partial(session.next_turn, True), CONTINUE_MATCH)
            return
        session.next_turn(force_handoff=True)

    def _shared_link(self, setup: MatchSetup, extra: dict[str, object] | None) -> SharedLink | None:
        """The hold on the shared file of a resumed match with own-screen seats, or None
        (said in a notice when the file cannot be used: the match is played at this keyboard
        then, and the file is left as it is)."""
        from rummy_tui.persistence.paths import data_dir
        from rummy_tui.ui.own.shared_play import SHARED_TABLE_KEY, open_link

        tag = (extra or {}).get(SHARED_TABLE_KEY)
        if not isinstance(tag, str) or not setup.own_screen_seats:
            return None
        try:
            return open_link(data_dir(self.host.data_dir), tag)
        except Exception as error:
            self.host.notice(
                _("{error} Every seat is played at this keyboard.").format(error=error), "warning"
            )
            return None

    def show_join(self, code: str = "") -> None:
        """ "Join a table": the field for a join code (``code`` filled in and tried at once);
        Esc goes to the title screen."""
        from rummy_tui.ui.own.join_screen import JoinScreen

        host = self.host
        host.clear_screens()

        def submit(typed: str) -> None:
            self.join(typed, screen.refuse)

        screen = JoinScreen(submit, code)
        host.show_screen(screen, lambda _closed: host.show_title())

    def join(self, code: str, refused: Callable[[str], None]) -> None:
        """Open the seat of join code ``code`` on this screen (the shared match found by the
        code's table tag); ``refused`` gets the reason when the code opens nothing. The code
        is tried in a worker thread: a wrong code is answered only after a wait."""
        from rummy_tui.persistence.seat_codes import MALFORMED
        from rummy_tui.persistence.shared_tables import read_join_code

        if read_join_code(code) is None:
            refused(_(MALFORMED))
            return
        self.host.in_thread(partial(self._claim, code, refused), "join")

    def _claim(self, code: str, refused: Callable[[str], None]) -> None:
        """In a worker thread: open the shared match of the join code and claim the seat (a
        table tag that names no match is answered as a wrong code is)."""
        from rummy_tui.persistence.paths import data_dir
        from rummy_tui.persistence.shared_match import ClaimRefused, SharedMatch
        from rummy_tui.persistence.shared_tables import read_join_code

        try:
            joined = SharedMatch.join(data_dir(self.host.data_dir), code)
        except Exception as error:
            joined = ClaimRefused(str(error))
        if isinstance(joined, ClaimRefused):
            self.host.from_thread(refused, joined.reason)
            return
        read = read_join_code(code)
        told = f"{read.tag}-{read.seat_code}" if read is not None else code
        self.host.from_thread(self._joined, *joined, told)

    def _joined(self, shared: SharedMatch, seat: int, code: str = "") -> None:
        """The seat is this screen's: its table (the match as it stands); the window's server
        is told the code (as people write it, ``HR-K7QM4TZPXE``)."""
        from rummy_tui.persistence.shared_tables import read_join_code
        from rummy_tui.ui.own.shared_play import SharedLink
        from rummy_tui.ui.play.session import MatchSession

        read = read_join_code(code)
        if self.joined is not None and read is not None:
            self.joined(f"{read.tag}-{read.seat_code}")

        host = self.host
        host.clear_screens()
        session = MatchSession(host, shared.setup, shared.game, SharedLink(shared, seat=seat))
        self._install_table(session)
        session.next_turn()

    def show_finished(self, name: str, game: Game, setup: MatchSetup | None = None) -> None:
        """A finished match opens as its score sheet, read-only (P-5), from which its deals
        are replayed; closing it goes back to the list of saves."""
        from rummy_tui.match.sheet import score_sheet
        from rummy_tui.ui.play.replaying import ReplaySource, replay_opener
        from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen

        host = self.host
        source = ReplaySource(game, setup, name)
        screen = ScoreSheetScreen(
            score_sheet(game), host.settings, title=name, replay=replay_opener(host, source)
        )
        host.show_screen(screen, lambda _closed: host.show_load())

    def _make_session(
        self, setup: MatchSetup, game: Game, link: SharedLink | None = None
    ) -> MatchSession:
        """The match's session (its table is not up yet)."""
        from rummy_tui.ui.play.session import MatchSession

        return MatchSession(self.host, setup, game, link)

    def _install_table(self, session: MatchSession) -> None:
        """The match's session kept by the app, with its table up."""
        self.seat(session)
        session.open()


def at_one_keyboard(setup: MatchSetup) -> MatchSetup:
    """``setup`` with every own-screen seat played at the shared keyboard (a match whose
    shared file cannot be used)."""
    from rummy_tui.match.setup import Seat, SeatKind

    seats = tuple(
        Seat(name=seat.name, kind=SeatKind.HUMAN) if seat.kind.own_screen else seat
        for seat in setup.seats
    )
    return setup.model_copy(update={"seats": seats})


def could_not_load(name: str, error: Exception) -> str:
    """Why save ``name`` could not be opened (its reason), for a notice."""
    return _("{name} could not be loaded: {error}").format(name=name, error=error)
