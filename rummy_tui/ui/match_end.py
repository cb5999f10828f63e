"""The end of a match at the table: recording it, the whole score sheet with the winner, and
the way on that the players choose there (play again, the new-game menu, or the title).

The end-of-match screen posts :class:`~rummy_tui.ui.match_end_messages.MatchEnd` messages; the
app hands them to :class:`MatchEndRoute`, which knows the finished match (still the app's
current match while the message travels).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.ui.app import RummyApp


class MatchEndRoute:
    """What happens once the last deal of a match is scored."""

    def __init__(self, app: RummyApp) -> None:
        self.app = app

    def record(self) -> None:
        """Record the finished match at the table (once; a match that is not saved, as in
        tests with autosave off, is not recorded either). A damaged or locked database never
        stops play: its notice is shown once, and the match's save waits to be recorded the
        next time the records can be written (see :mod:`rummy_tui.records.pending`)."""
        from rummy_tui.records.pending import remember_unrecorded

        app = self.app
        controller = app.controller
        if controller is None or not app.autosave or not controller.game.is_over:
            return
        records = app.data.records()
        finished_at = datetime.now(UTC)
        try:
            records.record_match(controller.setup, controller.game, finished_at)
        except Exception as error:  # never a traceback: records are a side line
            app.notice(_("The match could not be recorded: {error}").format(error=error), "warning")
            return
        if not records.on and controller.saving.name is not None:
            remember_unrecorded(app.data_dir, controller.saving.name, finished_at)
        notice = records.take_notice()
        if notice:
            app.notice(notice, "warning")

    def show(self) -> None:
        """The whole sheet with the winner, the chart, and the choice of Play again, New game
        or Title (posted back as messages)."""
        from rummy_tui.match.sheet import score_sheet
        from rummy_tui.ui.screens.score_sheet import MatchEndScreen

        app = self.app
        if app.controller is None:
            app.show_title()
            return
        if app.flow is not None:
            app.flow.stop_bots()
        app.push_screen(MatchEndScreen(score_sheet(app.controller.game), app.settings))

    def play_again(self) -> None:
        """The same players and options, seats turned by one, a fresh shuffle."""
        from rummy_tui.match.rematch import play_again

        app = self.app
        controller = app.controller
        if controller is None or not controller.game.is_over:
            app.show_title()
            return
        try:
            setup, game = play_again(controller.setup, controller.game)
        except Exception as error:  # never a traceback
            app.notice(_("The next match could not be dealt: {error}").format(error=error), "error")
            app.show_title()
            return
        app.opener.begin_match(setup, game)
