"""The turns of a match whose seats are played on several screens, as its session takes them.

:class:`SharedTurns` is what a match session (:mod:`rummy_tui.ui.play.session`) with seats on their
own screens holds besides its table: a move goes into the shared match's log and not
straight into the game (the file's log is the match's save, and decides which of two screens
moving at once moves); the other screens' moves are looked for a few times a second and shown
as if made here; a seat played on another screen gets no hand-off: this screen shows the
public table (or the hand of its one person) until the move arrives. A match without such
seats never comes here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rummy_tui.core import Action, ActionRecord, IllegalAction, StartDeal, TakeBack
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.i18n.labels import CONTINUE
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_match import WATCH_INTERVAL
from rummy_tui.persistence.shared_moves import DamagedMove
from rummy_tui.table.events import NextTurn, TurnStarted
from rummy_tui.ui.own.shared_play import MovedFirst
from rummy_tui.ui.play.handing_on import shared_news_may_show, take_down_hand_off
from rummy_tui.ui.play.move_outcome import Outcome

if TYPE_CHECKING:
    from rummy_tui.core import Game, PlayerView
    from rummy_tui.table.events import Event
    from rummy_tui.ui.own.shared_play import SharedLink
    from rummy_tui.ui.play.controller import Controller
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shell.host import TableHost


class _Hands(Protocol):
    """The hands' orders, as the moves shown from the file bring them up to date."""

    def follow(self, view: PlayerView) -> None: ...
    def took_back(self, view: PlayerView) -> None: ...


class SharingSession(Protocol):
    """The match session, as the shared match's moves reach it."""

    host: TableHost
    table: TableScreen
    controller: Controller
    game: Game
    link: SharedLink | None

    @property
    def hands(self) -> _Hands:
        """Every seat's hand order."""
        ...

    def stop_bots(self) -> None: ...
    def autosave(self) -> None: ...
    def moved(self, record: ActionRecord | TakeBackNote | None, new_deal: bool = False) -> None:
        """A move was made (or shown from the file)."""
        ...

    def dispatch(self, event: Event) -> None:
        """The table's rules take ``event``."""
        ...

    def seats_moved(self) -> None:
        """The shared screen moved seats."""
        ...


class SharedTurns:
    """The moves of a shared match for one session: its own go into the file, and the other
    screens' come from it as events of the table (a move made, a turn begun)."""

    def __init__(self, session: SharingSession) -> None:
        assert session.link is not None
        self.session = session
        self.link: SharedLink = session.link
        self.watching = False

    def act(self, action: Action) -> Outcome:
        """The one road of a move when seats are played on several screens: the move goes
        into the shared match's log (the file is the match's save), then every move not shown
        yet, this one last, is shown by :meth:`caught_up`."""
        try:
            self.link.append(action, self.session.game.current)
        except IllegalAction as error:
            return Outcome(reason=self.session.controller.words(error), error=error)
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
        try:
            news = link.look()
        except Exception as error:
            self.session.host.notice(str(error), "error")
            return
        if link.taken_over:
            self.seat_taken_over()
            return
        if news and shared_news_may_show(self.session.host, self.session.table):
            self.caught_up()

    def caught_up(self) -> list[ActionRecord | TakeBackNote]:
        """Show every move of the shared log not shown yet (other screens' and this one's):
        the hands' orders follow them, the save too, and the table moves on once; a move that
        does not replay is said (:meth:`damaged`). Returns the moves shown."""
        entries = self._show_unshown()
        if self.link.damage is not None:
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
        self.session.host.notice(said, "error")
        self.session.table.set_status(said, True)  # stays until the table moves on
        if self.link.seat is not None:
            return
        from rummy_tui.ui.screens.dialogs import ConfirmDialog

        if isinstance(self.session.host.top_screen(), ConfirmDialog):
            return  # asked already
        question = _(
            "{problem} Continue the match as it stood before move {seq}? Move {seq} and "
            "every move after it are dropped from the shared match."
        ).format(problem=damage, seq=damage.seq)
        self.session.host.show_screen(ConfirmDialog(question, _(CONTINUE)), self._drop_damaged)

    def _drop_damaged(self, confirmed: bool | None) -> None:
        """The answer to :meth:`damaged`'s question: drop the damaged tail of the log."""
        if not confirmed:
            return
        try:
            self.link.drop_damaged()
        except SaveError as error:
            self.session.host.notice(str(error), "error")
            return
        self.caught_up()  # a row mended meanwhile is replayed instead

    def _show_unshown(self) -> list[ActionRecord | TakeBackNote]:
        try:
            entries = self.link.unshown()
        except Exception as error:  # a damaged file: said, the table stays as it was
            self.follow_shared_game()
            self.session.host.notice(str(error), "error")
            return []
        self.follow_shared_game()
        if self.link.own_changed:
            self.session.seats_moved()
        if not entries:
            if self.link.turn_changed:  # the next seat started its turn: no take-back (P-4)
                if self.link.turn_opened:
                    self.session.dispatch(TurnStarted())
                self.session.dispatch(NextTurn())
            return entries
        self.session.stop_bots()
        for entry in entries:
            if isinstance(entry, ActionRecord):
                if entry.seat is not None:
                    self.session.hands.follow(self.session.game.view(entry.seat))
            else:
                self.session.hands.took_back(self.session.game.view(entry.seat))
        self.session.autosave()
        take_down_hand_off(self.session.host)
        new_deal = any(
            isinstance(entry, ActionRecord) and isinstance(entry.action, StartDeal)
            for entry in entries
        )
        self.session.moved(entries[-1], new_deal=new_deal)
        return entries

    def seat_taken_over(self) -> None:
        """A newer screen opened this screen's seat (a reloaded tab, a phone that slept):
        this screen has let go of it and closes, saying why."""
        assert self.link.seat is not None
        player = self.session.game.players[self.link.seat]
        self.session.host.notice(
            _("{player}'s seat was opened on another screen, so this screen closed.").format(
                player=player
            ),
            "warning",
        )
        self.session.host.show_title()

    def follow_shared_game(self) -> None:
        """The shared match may have rebuilt its game (after a file that failed): the session
        holds that one."""
        if self.link.shared.game is not self.session.game:
            self.session.game = self.link.shared.game

    def take_back(self, mover: int) -> str | None:
        """A take-back on the shared match's log (see :meth:`act`): None once it is
        made and shown (or another screen's move won, which is said), else the refusal."""
        try:
            self.link.append(TakeBack(), mover)
        except IllegalAction as error:
            return self.session.controller.words(error)
        except MovedFirst as lost:
            self.caught_up()
            self.session.host.notice(lost.reason, "warning")
            return None
        except SaveError as error:
            self.follow_shared_game()
            return str(error)
        except Exception as error:
            self.follow_shared_game()
            return _("That move could not be taken back: {error}").format(error=error)
        self.session.stop_bots()
        self.caught_up()  # the take-back's mover has the keyboard (the table's rules)
        return None

    def watch(self) -> None:
        """Look for the other screens' moves a few times a second (once per session)."""
        if not self.watching:
            self.watching = True
            if self.link.damage is not None:  # opened damaged: said at the first look
                self.link.news = True
            self.session.table.set_interval(WATCH_INTERVAL, self.look_for_news)
