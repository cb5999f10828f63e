"""The turns of a match whose seats are played on several screens, as its session takes them.

:class:`SharedTurns` is the part of the match session (:mod:`rummy_tui.ui.session`) that a
match with seats on their own screens uses: a move goes into the shared match's log and not
straight into the game (the file's log is the match's save, and decides which of two screens
moving at once moves); the other screens' moves are looked for a few times a second and shown
as if made here; a seat played on another screen gets no hand-off: this screen shows the
public table (or the hand of its one person) until the move arrives. A match without such
seats never comes here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from rummy_tui.core import Action, ActionRecord, IllegalAction, StartDeal, TakeBack
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_match import WATCH_INTERVAL
from rummy_tui.persistence.shared_moves import DamagedMove
from rummy_tui.table import Mode
from rummy_tui.table.events import NextTurn, TurnStarted
from rummy_tui.ui.hand_offs import shared_news_may_show, take_down_hand_off
from rummy_tui.ui.move_outcome import Outcome
from rummy_tui.ui.shared_play import MovedFirst
from rummy_tui.ui.widgets.players import SeatLabel

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.core import Game, PlayerView
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.table import Seating, TableModel
    from rummy_tui.table.events import Event
    from rummy_tui.ui.controller import Controller
    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shared_play import SharedLink


class _Hands(Protocol):
    """The session's hand orders, as these turns keep them up to date."""

    def follow(self, view: PlayerView) -> None: ...
    def took_back(self, view: PlayerView) -> None: ...


class SharedTurns:
    """The match session's turns on a shared match (a mixin of the session)."""

    if TYPE_CHECKING:  # what the session holds and does, that these turns use
        host: TableHost
        setup: MatchSetup
        game: Game
        link: SharedLink | None
        controller: Controller
        table: TableScreen
        hands: _Hands
        people: frozenset[int]
        keyboard_seat: int | None
        watching: bool
        handoff_due: bool

        model: TableModel

        def dispatch(self, event: Event) -> None: ...
        def seating(self, setup: MatchSetup) -> Seating: ...
        def next_turn(self, force_handoff: bool = False) -> None: ...
        def take_back(self, seat: int | None = None) -> None: ...
        def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None: ...

        def elsewhere(self) -> frozenset[int]: ...
        def moved(
            self, record: ActionRecord | TakeBackNote | None, new_deal: bool = False
        ) -> None: ...
        def autosave(self) -> None: ...
        def stop_bots(self) -> None: ...
        def show_hand(self, seat: int, mode: Mode) -> None: ...
        def hide_hand(self) -> PlayerView: ...

    def seated(self, setup: MatchSetup) -> None:
        """Who plays which seat, from ``setup`` and the screens the seats are played on: the
        people at this keyboard, and the seats' labels on the table."""
        self.setup = self.controller.setup = setup
        away = self.elsewhere()
        self.controller.elsewhere = away
        self.model = replace(self.model, seating=self.seating(setup))
        self.people = self.model.seating.people
        self.table.labels = tuple(
            SeatLabel(
                name=name,
                bot_level=seat.kind.value if seat.kind.is_bot else None,
                own_screen=number in away,
            )
            for number, (name, seat) in enumerate(zip(self.game.players, setup.seats, strict=False))
        )

    def _act_shared(self, action: Action) -> Outcome:
        """The one road of a move when seats are played on several screens: the move goes
        into the shared match's log (the file is the match's save), then every move not shown
        yet, this one last, is shown by :meth:`caught_up`."""
        assert self.link is not None
        try:
            self.link.append(action, self.game.current)
        except IllegalAction as error:
            return Outcome(reason=self.controller.words(error), error=error)
        except MovedFirst as lost:
            self.caught_up()
            if isinstance(action, StartDeal) and isinstance(lost.winner, ActionRecord):
                return Outcome(record=lost.winner)  # the deal another screen dealt
            return Outcome(reason=lost.reason)
        except SaveError as error:  # the file failed: nothing was made, said in a sentence
            self.caught_up()  # the moves before a damaged one, if one was met
            return Outcome(reason=str(error))
        except Exception as error:  # engine bugs: nothing was made
            self.follow_shared_game()
            return Outcome(reason=_("That move could not be made: {error}").format(error=error))
        entries = self.caught_up()
        record = entries[-1] if entries else None
        return Outcome(record=record if isinstance(record, ActionRecord) else None)

    def look_for_news(self) -> None:
        """A few times a second: when another screen moved and nothing covers the table but
        a hand-off, show what it did (a menu over the table shows it once it closes)."""
        link = self.link
        if link is None:
            return
        try:
            news = link.look()
        except Exception as error:
            self.host.notice(str(error), "error")
            return
        if link.taken_over:
            self.seat_taken_over()
            return
        if news and shared_news_may_show(self.host, self.table):
            self.caught_up()

    def caught_up(self) -> list[ActionRecord | TakeBackNote]:
        """Show every move of the shared log not shown yet (other screens' and this one's):
        the hands' orders follow them, the save too, and the table moves on once; a move that
        does not replay is said (:meth:`damaged`). Returns the moves shown."""
        entries = self._show_unshown()
        if self.link is not None and self.link.damage is not None:
            self.damaged(self.link.damage)
        return entries

    def damaged(self, damage: DamagedMove) -> None:
        """A move of the shared log does not replay: this screen says which, holds the match
        as it stood before it, and keeps looking (a mended row is replayed by itself); the
        shared screen asks whether to continue from there without the damaged move and the
        moves after it."""
        said = _("{problem} The match is shown as it stood before move {seq}.").format(
            problem=damage, seq=damage.seq
        )
        self.host.notice(said, "error")
        self.table.set_status(said, True)  # stays until the table moves on
        if self.link is None or self.link.seat is not None:
            return
        from rummy_tui.ui.screens.dialogs import ConfirmDialog

        if isinstance(self.host.top_screen(), ConfirmDialog):
            return  # asked already
        question = _(
            "{problem} Continue the match as it stood before move {seq}? Move {seq} and "
            "every move after it are dropped from the shared match."
        ).format(problem=damage, seq=damage.seq)
        self.host.show_screen(ConfirmDialog(question, _("Continue")), self._drop_damaged)

    def _drop_damaged(self, confirmed: bool | None) -> None:
        """The answer to :meth:`damaged`'s question: drop the damaged tail of the log."""
        if not confirmed or self.link is None:
            return
        try:
            self.link.drop_damaged()
        except SaveError as error:
            self.host.notice(str(error), "error")
            return
        self.caught_up()  # a row mended meanwhile is replayed instead

    def _show_unshown(self) -> list[ActionRecord | TakeBackNote]:
        assert self.link is not None
        try:
            entries = self.link.unshown()
        except Exception as error:  # a damaged file: said, the table stays as it was
            self.follow_shared_game()
            self.host.notice(str(error), "error")
            return []
        self.follow_shared_game()
        if self.link.own_changed:
            self.seats_moved()
        if not entries:
            if self.link.turn_changed:  # the next seat started its turn: no take-back (P-4)
                if self.link.turn_opened:
                    self.dispatch(TurnStarted())
                self.dispatch(NextTurn())
            return entries
        self.stop_bots()
        for entry in entries:
            if isinstance(entry, ActionRecord):
                if entry.seat is not None:
                    self.hands.follow(self.game.view(entry.seat))
            else:
                self.hands.took_back(self.game.view(entry.seat))
        self.autosave()
        take_down_hand_off(self.host)
        new_deal = any(
            isinstance(entry, ActionRecord) and isinstance(entry.action, StartDeal)
            for entry in entries
        )
        self.moved(entries[-1], new_deal=new_deal)
        return entries

    def seat_taken_over(self) -> None:
        """A newer screen opened this screen's seat (a reloaded tab, a phone that slept):
        this screen has let go of it and closes, saying why."""
        assert self.link is not None and self.link.seat is not None
        player = self.game.players[self.link.seat]
        self.host.notice(
            _("{player}'s seat was opened on another screen, so this screen closed.").format(
                player=player
            ),
            "warning",
        )
        self.host.show_title()

    def seats_moved(self) -> None:
        """The shared screen moved seats to their own screens or back: who plays where."""
        self.seated(self.setup)

    def follow_shared_game(self) -> None:
        """The shared match may have rebuilt its game (after a file that failed): the session
        holds that one."""
        if self.link is not None and self.link.shared.game is not self.game:
            self.game = self.controller.game = self.link.shared.game

    def _take_back_shared(self, mover: int) -> str | None:
        """A take-back on the shared match's log (see :meth:`_act_shared`): None once it is
        made and shown (or another screen's move won, which is said), else the refusal."""
        assert self.link is not None
        try:
            self.link.append(TakeBack(), mover)
        except IllegalAction as error:
            return self.controller.words(error)
        except MovedFirst as lost:
            self.caught_up()
            self.host.notice(lost.reason, "warning")
            return None
        except SaveError as error:
            self.follow_shared_game()
            return str(error)
        except Exception as error:
            self.follow_shared_game()
            return _("That move could not be taken back: {error}").format(error=error)
        self.stop_bots()
        self.caught_up()  # the take-back's mover has the keyboard (the table's rules)
        return None

    def watch(self) -> None:
        """Look for the other screens' moves a few times a second (once per session)."""
        if self.link is not None and not self.watching:
            self.watching = True
            if self.link.damage is not None:  # opened damaged: said at the first look
                self.link.news = True
            self.table.set_interval(WATCH_INTERVAL, self.look_for_news)
