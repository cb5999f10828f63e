"""Seating a match at the table: a new deal, the latest unfinished match, or a saved one.

The opener builds the controller, the table screen and the turn flow for one match and hands
the first screen (the cut or the first hand-off) to the turn flow.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.app import RummyApp
    from rummy_tui.ui.controller import Controller
    from rummy_tui.ui.turns import TurnFlow


class MatchOpener:
    """Starts or resumes a match for the app."""

    def __init__(self, app: RummyApp) -> None:
        self.app = app

    def begin_match(self, setup: MatchSetup | None, game: Game | None = None) -> None:
        """Deal a new match (or take ``game``), save it, show the cut, then the first hand-off."""
        from rummy_tui.core import IllegalAction
        from rummy_tui.ui.controller import setup_for

        app = self.app
        app.clear_screens()
        try:
            if game is None:
                assert setup is not None
                game = setup.start()
            if setup is None:
                setup = setup_for(game)
        except IllegalAction as error:
            app.notice(str(error), "error")
            app.show_title()
            return
        controller = self._make_controller(setup, game)
        if app.autosave:
            from rummy_tui.persistence.last_table import remember_table

            remember_table(setup, app.data_dir)  # the new-game menu starts from it next time
            store = app.store()
            if store is None:
                app.notice(app.data.store_problem or _("The match is not saved."), "warning")
            controller.attach_store(store, None)
        flow = self._install_table(controller)
        if controller.cut_rounds and not any(record.seat is not None for record in game.state.log):
            from rummy_tui.ui.screens.cut import CutScreen

            cut = CutScreen(
                # Translators: the cut screen's title; {variant} is the variant's name.
                _("{variant}: the cut for the first dealer").format(variant=_(game.rules.name)),
                game.players,
                controller.cut_rounds,
                controller.first_dealer,
                app.settings,
            )
            app.push_screen(cut, partial(self._after_cut, flow))
        else:
            flow.next_turn(force_handoff=True)

    def _after_cut(self, flow: TurnFlow, choice: str | None) -> None:
        app = self.app
        if choice == "leave":
            app.menus.leave_table(on_cancel=partial(flow.next_turn, True))
        else:
            flow.next_turn(force_handoff=True)

    def continue_latest(self) -> None:
        """Resume the most recent unfinished match."""
        app = self.app
        store = app.store()
        name = None
        if store is not None:
            try:
                name, skipped = store.latest_loadable()
            except Exception as error:
                app.notice(
                    _("The saved matches could not be read: {error}").format(error=error), "error"
                )
            else:
                for skipped_name, reason in skipped:
                    # Translators: {reason} is a whole sentence saying what is wrong with the file.
                    message = _("Skipped {name}, which cannot be opened. {reason}").format(
                        name=repr(skipped_name), reason=reason
                    )
                    app.notice(message, "warning")
        if name is None:
            app.notice(_("There is no unfinished match to continue."), "warning")
            app.show_title()
            return
        self.load_match(name)

    def load_match(self, name: str) -> None:
        """Resume a saved match: the hand-off of the player to move (P-1); a finished match
        shows its score sheet instead."""
        app = self.app
        store = app.store()
        if store is None:
            app.notice(app.data.store_problem or _("Saving is not possible."), "error")
            app.show_title()
            return
        app.clear_screens()
        try:
            setup, game, extra = store.load(name)
        except Exception as error:  # SaveError and anything unexpected: a notice, no crash
            app.notice(
                _("{name} could not be loaded: {error}").format(name=name, error=error), "error"
            )
            app.show_title()
            return
        if game.is_over:
            self.show_finished(name, game)
            return
        controller = self._make_controller(setup, game)
        controller.attach_store(store if app.autosave else None, name)
        controller.restore_extra(extra)
        flow = self._install_table(controller)
        flow.handoff_due = True
        flow.next_turn(force_handoff=True)

    def show_finished(self, name: str, game: Game) -> None:
        """A finished match opens as its score sheet, read-only (P-5); closing it goes back to
        the list of saves."""
        from rummy_tui.match.sheet import score_sheet
        from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen

        app = self.app
        screen = ScoreSheetScreen(score_sheet(game), app.settings, title=name)
        app.push_screen(screen, lambda _closed: app.show_load())

    def _make_controller(self, setup: MatchSetup, game: Game) -> Controller:
        from rummy_tui.ui.controller import Controller

        controller = Controller(setup, game, notice=self.app.notice)
        self.app.controller = controller
        return controller

    def _install_table(self, controller: Controller) -> TurnFlow:
        from rummy_tui.ui.screens.table import TableScreen
        from rummy_tui.ui.turns import TurnFlow
        from rummy_tui.ui.widgets.players import SeatLabel

        app = self.app
        labels = tuple(
            SeatLabel(name=name, bot_level=seat.kind.value if seat.kind.is_bot else None)
            for name, seat in zip(controller.players, controller.setup.seats, strict=False)
        )
        table = TableScreen(controller, labels, app.settings)
        app.table = table
        app.flow = TurnFlow(app, controller, table)
        app.push_screen(table)
        app.flow.note_saved()
        return app.flow
