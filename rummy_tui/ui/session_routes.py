"""The screens that come over a match's table: the end of a deal, the end of the match and
the menus (the hint, the help, the score sheet, leaving), as its session opens them.

:class:`TableRoutes` is that part of the match session (:mod:`rummy_tui.ui.session`); the
screens themselves are made by :mod:`rummy_tui.ui.match_end` and
:mod:`rummy_tui.ui.table_menus`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_tui.core import Phase, StartDeal
from rummy_tui.i18n import _
from rummy_tui.ui import match_end, table_menus
from rummy_tui.ui.move_outcome import Source

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.core import Action, Game, PlayerView
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence.autosave import Autosave
    from rummy_tui.ui.controller import Controller
    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.move_outcome import Outcome
    from rummy_tui.ui.screens.table import TableScreen, Wish
    from rummy_tui.ui.settings import DisplaySettings
    from rummy_tui.ui.shared_play import SharedLink


class TableRoutes:
    """The match session's screens over the table (a mixin of the session)."""

    if TYPE_CHECKING:  # what the session holds and does, that these screens use
        host: TableHost
        setup: MatchSetup
        game: Game
        controller: Controller
        saving: Autosave
        keyboard_seat: int | None
        table: TableScreen

        link: SharedLink | None

        def restyle(self, settings: DisplaySettings) -> None: ...
        def seated(self, setup: MatchSetup) -> None: ...
        def autosave(self) -> None: ...
        def watch(self) -> None: ...
        def next_turn(self, force_handoff: bool = False) -> None: ...
        def act(self, action: Action, source: Source) -> Outcome: ...
        def save_now(self) -> None: ...
        def stop_bots(self) -> None: ...
        def hide_hand(self) -> PlayerView: ...

    def show_deal_end(self) -> None:
        """Reveal every hand with the score breakdown (P-3)."""
        view = self.hide_hand()
        self.keyboard_seat = None
        hints_used = self.controller.hints_in_deal(view.deal_number)
        match_end.show_deal_end(self.host, view, self.game, hints_used, self._deal_end_closed)

    def _deal_end_closed(self, choice: str | None) -> None:
        if choice == "leave":
            self.leave_table(on_cancel=self.show_deal_end)
            return
        if self.controller.phase is Phase.MATCH_OVER:
            self.show_match_end()
            return
        outcome = self.act(StartDeal(), Source.DEALER)
        if not outcome.ok:
            self.host.notice(outcome.reason or _("The next deal could not be dealt."), "error")

    def show_match_end(self) -> None:
        """The whole sheet with the winner and the way on (play again, new game, title)."""
        self.stop_bots()
        match_end.show_match_end(self.host, self.game)

    def play_again(self) -> None:
        """The same players and options, seats turned by one, a fresh shuffle."""
        match_end.play_again(self.host, self.setup, self.game)

    # ------------------------------------------------------------------ menus over the table

    def wants(self, wish: Wish) -> None:
        """A menu over the table: the hint, the help, the score sheet or the leave menu."""
        table_menus.over_table(self, wish)

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave the table (saved once more first)."""
        self.save_now()
        table_menus.leave_table(self.host, self.saving.leave_note(), self.save_now, on_cancel)

    def show_own_screens(
        self, then: Callable[[], object] | None = None, first_line: str | None = None
    ) -> None:
        """Where each person's seat is played, with the join codes; ``then`` once it closes
        (else the table goes on as it was, or with the seat to act's hand-off when that
        seat moved); ``first_line`` names what its first line (Enter there) goes on to."""
        from rummy_tui.ui.own_screens import own_screens_screen

        own_screens_screen(self, then, first_line)

    def show_help(self) -> None:
        """The keys, the display switches and the rules."""
        table_menus.table_help(self)
