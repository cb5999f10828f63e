"""Seating a match at the table: a new deal, the latest unfinished match, or a saved one.

The opener builds the match session for one match (the one owner of the match at the table),
attaches its save, hands the session to the app (its ``seat`` callback: the app keeps one
session) and lets the session show the first screen (the cut or the first hand-off).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.session import MatchSession


class MatchOpener:
    """Starts or resumes a match for the app."""

    def __init__(self, host: TableHost, seat: Callable[[MatchSession], None]) -> None:
        self.host = host
        self.seat = seat
        """Hands the new match's session to the app."""

    def begin_match(self, setup: MatchSetup | None, game: Game | None = None) -> None:
        """Deal a new match (or take ``game``), save it, show the cut, then the first hand-off."""
        from rummy_tui.core import IllegalAction
        from rummy_tui.i18n.refusals import refusal_sentence
        from rummy_tui.ui.controller import setup_for

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
        if host.autosave:
            from rummy_tui.persistence.last_table import remember_table

            remember_table(setup, host.data_dir)  # the new-game menu starts from it next time
            store = host.store()
            if store is None:
                host.notice(host.data.store_problem or _("The match is not saved."), "warning")
            session.attach_store(store, None)
        self._install_table(session)
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
        store = host.store()
        if store is None:
            host.notice(host.data.store_problem or _("Saving is not possible."), "error")
            host.show_title()
            return
        host.clear_screens()
        try:
            setup, game, extra = store.load(name)
        except Exception as error:  # SaveError and anything unexpected: a notice, no crash
            host.notice(
                _("{name} could not be loaded: {error}").format(name=name, error=error), "error"
            )
            host.show_title()
            return
        if game.is_over:
            self.show_finished(name, game)
            return
        session = self._make_session(setup, game)
        session.attach_store(store if host.autosave else None, name)
        session.restore_extra(extra)
        self._install_table(session)
        session.handoff_due = True
        session.next_turn(force_handoff=True)

    def show_finished(self, name: str, game: Game) -> None:
        """A finished match opens as its score sheet, read-only (P-5); closing it goes back to
        the list of saves."""
        from rummy_tui.match.sheet import score_sheet
        from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen

        host = self.host
        screen = ScoreSheetScreen(score_sheet(game), host.settings, title=name)
        host.show_screen(screen, lambda _closed: host.show_load())

    def _make_session(self, setup: MatchSetup, game: Game) -> MatchSession:
        """The match's session (its table is not up yet)."""
        from rummy_tui.ui.session import MatchSession

        return MatchSession(self.host, setup, game)

    def _install_table(self, session: MatchSession) -> None:
        """The match's session kept by the app, with its table up."""
        self.seat(session)
        session.open()
