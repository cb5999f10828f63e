"""The match session: the one owner of the match at the table.

A :class:`MatchSession` holds the game and its setup, every seat's hand order
(:class:`HandOrders`), the seat at the keyboard, the autosave, the computers' turns, take-backs
and what the table shows next. Its own table (:class:`SessionTable`) hands the screen's
messages straight to it. Every move takes one road, whoever makes it: :meth:`MatchSession.act`
applies it through ``Game.apply``, brings the mover's hand order up to date and saves with one
call (``Autosave.save``); a take-back (P-4) takes the same road through ``Game.take_back``.
Then :meth:`MatchSession.moved` alone decides what the table shows next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy_tui.core import Action, ActionRecord, IllegalAction, Phase, PlayerView, StartDeal
from rummy_tui.core.offers import offers
from rummy_tui.i18n import _
from rummy_tui.persistence.autosave import Autosave
from rummy_tui.ui import hand_offs, match_end, table_menus
from rummy_tui.ui.computer_moves import ComputerMoves
from rummy_tui.ui.controller import Controller
from rummy_tui.ui.hand_state import HandOrders
from rummy_tui.ui.handoff_lines import computers_first, turn_under_way
from rummy_tui.ui.move_outcome import Outcome, Source
from rummy_tui.ui.refusal_text import refusal_text
from rummy_tui.ui.screens.table import TableScreen, Wish
from rummy_tui.ui.session_answers import TableAnswers
from rummy_tui.ui.table_text import Mode
from rummy_tui.ui.widgets.players import SeatLabel

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.core import Game
    from rummy_tui.core.state import TakeBackNote
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence import SaveStore
    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.settings import DisplaySettings


class SessionTable(TableScreen):
    """The table screen of one session, named ``TableScreen``: its messages go straight to the
    session (Textual finds handlers on the classes a message bubbles through)."""

    def __init__(self, session: MatchSession, *arguments: Any, **keywords: Any) -> None:
        super().__init__(*arguments, **keywords)
        self._session = session

    def on_table_screen_act(self, message: TableScreen.Act) -> None:
        """A person asked for a move: the session makes it."""
        message.stop()
        self._session.person_acts(message.action)

    def on_table_screen_take_back(self, message: TableScreen.TakeBack) -> None:
        """The person at the keyboard takes back their newest move (P-4)."""
        message.stop()
        self._session.take_back()

    def on_table_screen_wants(self, message: TableScreen.Wants) -> None:
        """A menu over the table: the hint, the help, the score sheet or the leave menu."""
        message.stop()
        self._session.wants(message.wish)

    def on_table_screen_resumed(self, message: TableScreen.Resumed) -> None:
        """The table is back on top: a computer's move that waited is made now."""
        message.stop()
        self._session.computers.resumed()


SessionTable.__name__ = SessionTable.__qualname__ = "TableScreen"  # the screen it is, by name


class MatchSession:
    """One match at the table: applies moves from every source, keeps the hands' order, saves,
    and decides the next screen."""

    def __init__(self, host: TableHost, setup: MatchSetup, game: Game) -> None:
        self.host = host
        self.setup, self.game = setup, game
        self.hands = HandOrders()
        self.people = frozenset(
            seat for seat, place in enumerate(setup.seats) if not place.kind.is_bot
        )
        """The seats people play (the others are computers)."""
        self.saving = Autosave()
        """The autosave: the store, the save's name and whether saving works."""
        # Every refusal the table shows is written by one function, with the table's cards.
        self.controller = Controller(setup, game, lambda error: refusal_text(error, host.settings))
        """The match's read-only answers (views, refusals in words, the screens' questions)."""
        labels = tuple(
            SeatLabel(name=name, bot_level=seat.kind.value if seat.kind.is_bot else None)
            for name, seat in zip(game.players, setup.seats, strict=False)
        )
        self.table: TableScreen = SessionTable(
            self,
            self.controller.public_view(),
            labels,
            host.settings,
            TableAnswers(self.controller),
            hints=setup.hints,
        )
        """The table screen of this match."""
        self.keyboard_seat: int | None = None
        """The human whose hand was last shown (no hand-off while they keep the keyboard)."""
        self.handoff_due = False
        """A resumed match: the first person to play gets a hand-off even when computer
        players move first (nobody knows who sat down at the keyboard)."""
        self.computers = ComputerMoves(self)
        """The computer players' turns (their thinking, and how often the table is drawn)."""

    # ------------------------------------------------------------------ opening and closing

    def open(self) -> None:
        """Put the table up (the first hand-off or the cut comes over it)."""
        self.host.show_screen(self.table)
        self.note_saved()

    def close(self) -> None:
        """The table is put away: computers stop, and the save is let go (another window may
        open the match now)."""
        self.stop_bots()
        self.saving.close()

    def save_now(self) -> None:
        """Save the match with the players' hand orders (when leaving the table)."""
        self.autosave()

    @property
    def unsaved(self) -> bool:
        """Whether the newest move is not in the save."""
        return self.saving.unsaved

    def holds_last_move(self) -> bool:
        """Whether the save holds the match's newest move."""
        return self.saving.holds_last_move(self.game)

    # ------------------------------------------------------------------ saving

    def attach_store(self, store: SaveStore | None, name: str | None) -> None:
        """Save to ``store`` under ``name`` from now on (create the save if name is None)."""
        self.saving.store = store
        self.saving.name = name
        if store is not None and name is None:
            self.autosave()

    def restore_extra(self, extra: dict[str, Any] | None) -> None:
        """Take back what the interface kept in a save: hint counts and hand orders (the
        take-back notes, P-4, come back with the game itself)."""
        self.controller.restore_hints(extra)
        views = [self.game.view(seat) for seat in range(len(self.game.players))]
        self.hands.restore((extra or {}).get("hand_order", {}), views)

    def autosave(self) -> None:
        """Save the match with one call to the autosave (the hint counts and the hands' order
        go with it); a failure is shown once, never raised."""
        if self.saving.store is None:
            return
        extra = dict(self.saving.extra)
        hints_used = self.controller.hints_used
        if hints_used:
            extra["hints_used"] = {str(deal): counts for deal, counts in hints_used.items()}
        if self.hands.by_seat:
            extra["hand_order"] = self.hands.to_extra()
        try:
            self.saving.save(self.setup, self.game, extra)  # creates it if the first failed
        except Exception as error:
            message = str(error) or type(error).__name__
            text = _("The match could not be saved: {reason}").format(reason=message)
            if self.saving.problem != text:
                self.saving.problem = text
                self.host.notice(text, "warning")

    def restyle(self, settings: DisplaySettings) -> None:
        """Redraw the table with new display settings (and the language in use)."""
        self.table.restyle(settings)

    def language_changed(self) -> None:
        """Another language is spoken: the table's words again."""
        self.note_saved()
        self.table.restyle(self.host.settings)

    # ------------------------------------------------------------------ the one road

    def act(self, action: Action, source: Source) -> Outcome:
        """Apply ``action`` for the seat to act through the game, bring the mover's hand order
        up to date with the cards the move added or took, and save; on success the table moves
        on. A refusal changes nothing and is returned for the source to answer (a person sees
        the reason). Never raises."""
        try:
            record = self.game.apply(action)
        except IllegalAction as error:
            return Outcome(reason=self.controller.words(error), error=error)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return Outcome(reason=_("That move could not be made: {error}.").format(error=error))
        if record.seat is not None:
            self.hands.follow(self.game.view(record.seat))
        self.autosave()
        self.moved(record, new_deal=isinstance(action, StartDeal))
        return Outcome(record=record)

    def moved(self, record: ActionRecord | TakeBackNote | None, new_deal: bool = False) -> None:
        """After a move or a take-back: the save note, the move's line, and the next screen."""
        self.note_saved()
        self.table.moved(record)
        controller = self.controller
        if controller.phase is Phase.MATCH_OVER:
            match_end.record_match(self.host, self.setup, self.game, self.saving.name)
        if (
            not new_deal
            and controller.phase in (Phase.DRAW, Phase.PLAY)
            and controller.current == self.keyboard_seat
            and not controller.is_bot(controller.current)
        ):
            self.show_hand(controller.current, Mode.PLAY)
            return
        self.next_turn(force_handoff=new_deal)

    def person_acts(self, action: Action) -> None:
        """The player at the keyboard asked for ``action`` (refused: the reason, in red)."""
        if self.table.mode is not Mode.PLAY:
            return
        outcome = self.act(action, Source.PERSON)
        if not outcome.ok:
            self.table.refused(outcome.reason or _("That move is not allowed."))

    def take_back(self, seat: int | None = None) -> None:
        """The person at the keyboard (or ``seat``: the one whose discard the hand-off offered
        to take back, now at the keyboard after the gate) takes back their newest move, if
        the core allows it (P-4). A computer still thinking stops; the keyboard stays with
        (or returns to) the mover, with no further hand-off."""
        mover = self.keyboard_seat if seat is None else seat
        result = self._take_back(mover)
        if not isinstance(result, str):
            self.stop_bots()
            self.keyboard_seat = mover
            self.moved(result)
            return
        refusal = result or _("Nothing can be taken back now ({rule}).").format(rule="P-4")
        if seat is None:
            self.table.refused(refusal)
        else:
            hand_offs.refused(self, refusal)

    def _take_back(self, mover: int | None) -> TakeBackNote | str:
        """Take back ``mover``'s newest move through the game (the core checks once whether it
        may, and replays the deal once), bring their hand order up to date (the cards come
        back) and save as if the move had never been made. Returns the public note, or the
        refusal's sentence with nothing changed."""
        refusal = self.seat_may_not_take_back(mover)
        if refusal is not None or mover is None:
            return refusal or ""
        try:
            note = self.game.take_back(mover)
        except IllegalAction as error:
            return self.controller.words(error)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return _("That move could not be taken back: {error}.").format(error=error)
        self.hands.took_back(self.game.view(mover))
        self.autosave()
        return note

    def seat_may_not_take_back(self, seat: int | None) -> str | None:
        """Why ``seat`` is not a person at this table who may take back a move, or None."""
        if seat is None or not 0 <= seat < len(self.setup.seats):
            return _("Only the player at the keyboard may take back a move ({rule}).").format(
                rule="P-4"
            )
        if seat not in self.people:
            return _("Computer players never take back their moves ({rule}).").format(rule="P-4")
        return None

    def note_saved(self) -> None:
        """The save state in the table's top line."""
        self.table.set_saved_note(self.saving.note)

    # ------------------------------------------------------------------ what the table shows

    def show_hand(self, seat: int, mode: Mode) -> None:
        """``seat``'s hand on the table, played or watched, with what the core offers it now
        (its cards drawn this turn among them)."""
        view = self.controller.view(seat)
        seat_offers = offers(self.game, seat)
        hand = self.hands.shown(view, seat_offers.drawn)
        self.table.show(view, mode, seat_offers, hand)

    def hide_hand(self) -> PlayerView:
        """No hand on the table (the public view, which is returned)."""
        view = self.controller.public_view()
        self.table.show(view, Mode.HIDDEN)
        return view

    def next_turn(self, force_handoff: bool = False) -> None:
        """Show whatever comes next: the end of the deal, a computer's move, or the next
        player's hand (after a hand-off when someone else takes the keyboard).

        With two or more people at the table the keyboard is passed on before any computer
        moves: when a computer is to play and the keyboard is not with the person who plays
        after it, that person's hand-off comes first (it offers the discard back, P-4, as any
        hand-off does), and the computers play once it is passed, the person watching their
        own hand meanwhile."""
        controller = self.controller
        if controller.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            self.computers.end_streak()
            self.show_deal_end()
            return
        seat = controller.current
        humans = self.people
        if controller.is_bot(seat):
            person, computers = controller.next_person()
            if len(humans) > 1 and person is not None and person != self.keyboard_seat:
                self.computers.end_streak()
                hand_offs.hand_off(self, person, computers_first(computers))
                return
            self.computers.play(seat)
            return
        self.computers.end_streak()
        if force_handoff or self.handoff_due or (seat != self.keyboard_seat and len(humans) > 1):
            under_way = turn_under_way(controller.public_view(), seat, self.table.settings)
            hand_offs.hand_off(self, seat, under_way)
            return
        self.keyboard_seat = seat
        self.show_hand(seat, Mode.PLAY)

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

    def show_help(self) -> None:
        """The keys, the display switches and the rules."""
        table_menus.table_help(self)

    # ------------------------------------------------------------------ computer players

    def stop_bots(self) -> None:
        """A computer still thinking stops at once (its choice is dropped)."""
        self.computers.stop()

    def computer_acts(self, action: Action) -> bool:
        """A computer's move, on the one road; whether it was applied."""
        return self.act(action, Source.COMPUTER).ok
