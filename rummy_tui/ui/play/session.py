"""The match session: the one owner of the match at the table.

A :class:`MatchSession` holds the game and its setup, every seat's hand order
(:class:`HandOrders`), the table's own state (a
:class:`~rummy_tui.table.TableModel`), the autosave and the computers' turns. Every move takes
one road, whoever makes it: :meth:`MatchSession.act` applies it through ``Game.apply`` (or,
with seats on their own screens, through the shared match file,
:class:`~rummy_tui.ui.own.shared_turns.SharedTurns`), brings the mover's hand order up to date and
saves with one call; a take-back (P-4) takes the same road through ``Game.take_back``. Then
:meth:`MatchSession.moved` tells the table's rules (:mod:`rummy_tui.table`) that a move was
made, and they alone decide what the table shows next; the session is their runner
(:meth:`MatchSession.dispatch`) and carries that out.

The same session plays a joined screen (one seat of a shared match, on a screen of its own):
that is a setting of the table's seating (``Seating.screen``), not another class. A joined
screen keeps no save and no records of its own: the shared match file is the match's save,
and the shared screen makes the computers' moves and records the finished match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, Literal

from rummy_tui.core import Action, ActionRecord, Card, IllegalAction, Phase, PlayerView, StartDeal
from rummy_tui.core.offers import Refusal, SeatOffers, offers
from rummy_tui.core.state import TakeBackNote
from rummy_tui.core.takeback import turn_started_refusal
from rummy_tui.i18n import _
from rummy_tui.i18n.refusals import move_not_allowed
from rummy_tui.persistence.autosave import SAVED_NOTE, Autosave
from rummy_tui.persistence.shared_seats import KEYBOARD_SEAT
from rummy_tui.table import Mode, Seating, SeatPlace, TableModel, step
from rummy_tui.table import effects as do
from rummy_tui.table.events import (
    Event,
    NextTurn,
    SeatsAsked,
    SeatsMoved,
    TakeBackAsked,
    TurnMarked,
    TurnOver,
)
from rummy_tui.ui.own.shared_play import SHARED_TABLE_KEY, SharedLink
from rummy_tui.ui.own.shared_turns import SharedTurns
from rummy_tui.ui.play import handing_on, match_end, session_routes, table_menus
from rummy_tui.ui.play.computer_moves import ComputerMoves
from rummy_tui.ui.play.controller import Controller
from rummy_tui.ui.play.hand_state import HandState, restored_orders
from rummy_tui.ui.play.move_outcome import Outcome, Source
from rummy_tui.ui.play.refusal_text import refusal_text
from rummy_tui.ui.play.render import sort_cards
from rummy_tui.ui.play.session_answers import TableAnswers
from rummy_tui.ui.screens.table import TableScreen
from rummy_tui.ui.widgets.players import seat_labels

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence import SaveStore
    from rummy_tui.ui.play.replaying import ReplaySource
    from rummy_tui.ui.screens.table import Wish
    from rummy_tui.ui.shell.host import TableHost
    from rummy_tui.ui.shell.settings import DisplaySettings


class MatchSession:
    """One match at the table: applies moves from every source, keeps the hands' order, saves,
    and carries out what the table's rules decide."""

    def __init__(
        self, host: TableHost, setup: MatchSetup, game: Game, link: SharedLink | None = None
    ) -> None:
        self.host = host
        self.setup, self.game = setup, game
        self.link = link
        """The hold on the shared match file when seats are played on their own screens."""
        self.hands = HandOrders()
        self.saving = Autosave()
        """The autosave: the store, the save's name and whether saving works."""
        # Every refusal the table shows is written by one function, with the table's cards.
        self.controller = Controller(self, lambda error: refusal_text(error, host.settings))
        """The match's read-only answers (views, refusals in words, the screens' questions)."""
        self.model = TableModel(seating=self.seating(setup))
        """The table's own state (:mod:`rummy_tui.table`): who plays where, the seat at the
        keyboard, what the table shows; changed by the table's rules alone."""
        self.table = TableScreen(
            self.controller.public_view(),
            (),
            host.settings,
            TableAnswers(self.controller),
            hints=setup.hints,
            actor=self,
        )
        """The table screen of this match (it tells this session what people ask for)."""
        self.table.manages_seats = self.model.seating.manages_seats  # P-6
        self.computers = ComputerMoves(self)
        """The computer players' turns (their thinking, and how often the table is drawn)."""
        self._carry: dict[type[Any], Callable[[Any], None]] = {
            do.ShowHandOff: partial(handing_on.hand_off, self),
            do.ShowHand: self._show_hand,
            do.HideHand: self._hide_hand,
            do.PutAwayHandOff: lambda _effect: handing_on.take_down_hand_off(self.host),
            do.ShowDealEnd: lambda _effect: self.show_deal_end(),
            do.StartComputer: lambda effect: self.computers.play(effect.seat),
            do.EndStreak: lambda _effect: self.computers.end_streak(),
            do.StopComputers: lambda _effect: self.stop_bots(),
            do.MarkTurn: lambda _effect: self.dispatch(TurnMarked(self.mark_turn())),
            do.CatchUp: self._catch_up,
            do.ShowGate: self._show_gate,
            do.TakeBack: self._take_back,
            do.Refuse: self.say_refusal,
            do.AskLeave: self._ask_leave,
            do.SignalTurn: self._signal_turn,
            do.CloseScreen: lambda _effect: self.seat_went_back(),
            do.ShowSeats: lambda _effect: self.show_own_screens(),
        }
        """How each effect of the table's rules is carried out (:meth:`dispatch`)."""
        self.shared = SharedTurns(self) if link is not None else None
        """The moves of the other screens, when seats are played on their own screens."""
        self.seated(setup)
        if self.joined:  # a joined screen's one person is always at its keyboard
            self.keyboard_seat = self.model.seating.screen

    # ------------------------------------------------------------------ the seats

    @property
    def joined(self) -> bool:
        """Whether this screen plays one seat of a shared match (not the shared screen)."""
        return self.model.seating.joined

    @property
    def manages_seats(self) -> bool:
        """Whether this screen moves seats and gives codes (the shared screen only, P-6)."""
        return self.model.seating.manages_seats

    @property
    def people(self) -> frozenset[int]:
        """The seats people play at this screen's keyboard."""
        return self.model.seating.people

    def elsewhere(self) -> frozenset[int]:
        """The seats people play on screens other than this one."""
        return self.model.seating.elsewhere

    @property
    def keyboard_seat(self) -> int | None:
        """The person whose hand was last shown (no hand-off while they keep the keyboard)."""
        return self.model.keyboard_seat

    @keyboard_seat.setter
    def keyboard_seat(self, seat: int | None) -> None:
        self.model = replace(self.model, keyboard_seat=seat)

    @property
    def handoff_due(self) -> bool:
        """A resumed match: the first person to play gets a hand-off even when computer
        players move first (nobody knows who sat down at the keyboard)."""
        return self.model.handoff_due

    @handoff_due.setter
    def handoff_due(self, due: bool) -> None:
        self.model = replace(self.model, handoff_due=due)

    @property
    def moves_computers(self) -> bool:
        """Whether this screen makes the computer players' moves (a joined screen does not)."""
        return self.model.seating.moves_computers

    @property
    def keeps_records(self) -> bool:
        """Whether a finished match goes into this data folder's records from this screen."""
        return not self.joined

    def seating(self, setup: MatchSetup) -> Seating:
        """Who plays where, as this screen sees it (the table's rules' seating)."""
        away = self.link.own if self.link is not None else frozenset()
        places = tuple(
            SeatPlace.COMPUTER
            if seat.kind.is_bot
            else SeatPlace.OWN_SCREEN
            if number in away
            else SeatPlace.KEYBOARD
            for number, seat in enumerate(setup.seats)
        )
        screen = self.link.seat if self.link is not None else None
        return Seating(places=places, screen=screen, shared=self.link is not None)

    def seated(self, setup: MatchSetup) -> None:
        """Who plays which seat, from ``setup`` and the screens the seats are played on: the
        table's seating, and the seats' labels on the table."""
        self.setup = setup
        self.model = replace(self.model, seating=self.seating(setup))
        self.table.labels = seat_labels(self.game.players, setup.seats, self.elsewhere())

    def share(self, link: SharedLink, setup: MatchSetup) -> None:
        """The match is shared from now on (its moves go into the shared match file of
        ``link``), with the seats of ``setup``; the other screens' moves are looked for."""
        self.link = link
        self.shared = SharedTurns(self)
        self.seated(setup)
        self.shared.watch()

    def seats_moved(self) -> None:
        """The shared screen moved seats to their own screens or back: who plays where (a
        joined screen whose seat went back closes)."""
        self.seated(self.setup)
        self.dispatch(SeatsMoved(self.model.seating))

    def seat_went_back(self) -> None:
        """This joined screen's seat is played at the shared keyboard now: it closes."""
        seat = self.model.seating.screen
        player = self.game.players[seat] if seat is not None else ""
        self.host.notice(_(KEYBOARD_SEAT).format(player=player), "warning")
        self.host.show_title()

    # ------------------------------------------------------------------ the table's rules

    def dispatch(self, event: Event) -> None:
        """The runner: the table's rules decide what ``event`` changes
        (:func:`rummy_tui.table.step`), the model is kept, and their effects are carried out
        in order, each by one small method below; an effect with an answer (the turn's mark
        written, a take-back refused) posts it as the next event. The one place where the
        table's rules meet Textual, the computers' workers and the shared file."""
        self.model, effects = step(self.model, self.game, event)
        for effect in effects:
            self._carry[type(effect)](effect)

    def turn_started(self) -> bool:
        """Whether the shared file says the seat to act has started its turn since the
        newest move (read only when a turn has ended since it)."""
        if self.link is None or turn_started_refusal(self.game.state, True) is None:
            return False
        return self.link.shared.turn_opened()

    def _show_hand(self, effect: do.ShowHand) -> None:
        self.show_hand(effect.seat, effect.mode)

    def _catch_up(self, _effect: do.CatchUp) -> None:
        self.caught_up()

    def _show_gate(self, effect: do.ShowGate) -> None:
        handing_on.take_back_gate(self, effect.seat, effect.mover)

    def _hide_hand(self, effect: do.HideHand) -> None:
        view = self.hide_hand()
        if effect.offer is not None:  # P-4: the discard may still be taken back with u
            self.table.show(view, Mode.HIDDEN, offers(self.game, effect.offer))

    def _take_back(self, effect: do.TakeBack) -> None:
        refusal = self.take_back_now(effect.mover)
        if refusal is None:
            return
        self.say_refusal(do.Refuse(sentence=refusal, at_hand_off=effect.at_hand_off))
        if effect.at_hand_off:
            self.dispatch(NextTurn(True))

    def say_refusal(self, refusal: do.Refuse) -> None:
        """A key that did nothing, and why: on the table in red, or a notice while a
        hand-off covers it."""
        if refusal.sentence is not None:
            text = refusal.sentence
        elif refusal.error is not None:
            text = self.controller.words(refusal.error)
        else:  # pragma: no cover - every refusal of the table's rules has its words
            text = _("Nothing can be taken back now ({rule}).").format(rule="P-4")
        if refusal.at_hand_off:
            self.host.notice(text, "warning")
        else:
            self.table.refused(text)

    def _ask_leave(self, _effect: do.AskLeave) -> None:
        self.leave_table(on_cancel=partial(self.dispatch, NextTurn(True)))

    def _signal_turn(self, effect: do.SignalTurn) -> None:
        host = self.host
        host.signal_turn(effect.mine and host.settings.turn_signal)

    def mark_turn(self) -> Literal["opened", "behind", "failed"]:
        """Write that the seat to act starts its turn here (Enter at its hand-off): in a
        shared match the file says so first, and the discard before it is taken back on no
        screen (P-4). "failed" when the file could not be written (said), "behind" when
        another screen's move came first."""
        if self.link is None:
            return "opened"
        try:
            opened = self.link.open_turn()
        except Exception as error:  # SaveError: the discard may still be taken back elsewhere
            self.host.notice(str(error), "warning")
            return "failed"
        return "opened" if opened else "behind"

    # ------------------------------------------------------------------ opening and closing

    def open(self) -> None:
        """Put the table up (the first hand-off or the cut comes over it); a shared match is
        watched for the other screens' moves from now on."""
        self.host.show_screen(self.table)
        self.note_saved()
        if self.shared is not None:
            self.shared.watch()

    def close(self) -> None:
        """The table is put away: computers stop, and the save is let go (another window may
        open the match now), as is the shared match file; a joined screen's window title is
        the game's again."""
        if self.joined:
            self.host.signal_turn(False)
        self.stop_bots()
        self.saving.close()
        if self.link is not None:
            self.link.close()

    def save_now(self) -> None:
        """Save the match with the players' hand orders (when leaving the table)."""
        self.autosave()

    @property
    def unsaved(self) -> bool:
        """Whether the newest move is not in the save."""
        return self.saving.unsaved

    def holds_last_move(self) -> bool:
        """Whether the save holds the match's newest move (a joined screen's always does:
        a move is written into the shared file before any screen shows it)."""
        return self.joined or self.saving.holds_last_move(self.game)

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
        if self.link is not None:
            extra[SHARED_TABLE_KEY] = self.link.tag
        try:
            self.saving.save(self.setup, self.game, extra)  # creates it if the first failed
        except Exception as error:
            message = str(error) or type(error).__name__
            text = _("The match could not be saved: {reason}").format(reason=message)
            if self.saving.problem != text:
                self.saving.problem = text
                self.host.notice(text, "warning")

    def note_saved(self) -> None:
        """The save state in the table's top line (a joined screen: "saved", every move shown
        is in the shared match file)."""
        self.table.set_saved_note(SAVED_NOTE if self.joined else self.saving.note)

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
        if self.shared is not None:
            return self.shared.act(action)
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
        """After a move or a take-back: the save note, the move's line, the records of a
        finished match, and whatever the table's rules show next."""
        self.note_saved()
        self.table.moved(record)
        if self.controller.phase is Phase.MATCH_OVER and self.keeps_records:
            match_end.record_match(self.host, self.setup, self.game, self.saving.name)
        took_back = record.seat if isinstance(record, TakeBackNote) else None
        self.dispatch(TurnOver(new_deal, took_back, self.turn_started()))

    def person_acts(self, action: Action) -> None:
        """The player at the keyboard asked for ``action`` (refused: the reason, in red)."""
        if self.table.mode is not Mode.PLAY:
            return
        outcome = self.act(action, Source.PERSON)
        if not outcome.ok:
            self.table.refused(outcome.reason or move_not_allowed())

    def take_back(self, seat: int | None = None) -> None:
        """``u``: the person at the keyboard (or ``seat``: the one whose discard the hand-off
        offered to take back, now at the keyboard after the gate) takes back their newest
        move, if the table's rules and the core allow it (P-4)."""
        self.dispatch(TakeBackAsked(seat))

    def take_back_now(self, mover: int) -> str | None:
        """Take back ``mover``'s newest move through the game (the core checks once more and
        replays the deal once), bring their hand order up to date (the cards come back) and
        save as if the move had never been made. Returns the refusal in words (nothing
        changed), or None once it is made and shown."""
        if self.shared is not None:
            return self.shared.take_back(mover)
        try:
            note = self.game.take_back(mover)
        except IllegalAction as error:
            return self.controller.words(error)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return _("That move could not be taken back: {error}.").format(error=error)
        self.hands.took_back(self.game.view(mover))
        self.autosave()
        self.moved(note)
        return None

    def seat_offers(self, seat: int) -> SeatOffers:
        """What the core offers ``seat`` now, the take-back shut once the next seat has
        started its turn on some screen (P-4)."""
        seat_offers = offers(self.game, seat)
        take_back = seat_offers.take_back
        if self.link is None or take_back.refusal is not None:
            return seat_offers
        refusal = turn_started_refusal(self.game.state, self.model.turn_started)
        if refusal is None:
            return seat_offers
        return replace(seat_offers, take_back=replace(take_back, refusal=Refusal.of(refusal)))

    # ------------------------------------------------------------------ what the table shows

    def show_hand(self, seat: int, mode: Mode) -> None:
        """``seat``'s hand on the table, played or watched, with what the core offers it now
        (its cards drawn this turn among them)."""
        view = self.controller.view(seat)
        seat_offers = self.seat_offers(seat)
        hand = self.hands.shown(view, seat_offers.drawn)
        self.table.show(view, mode, seat_offers, hand)

    def hide_hand(self) -> PlayerView:
        """No hand on the table (the public view, which is returned)."""
        view = self.controller.public_view()
        self.table.show(view, Mode.HIDDEN)
        return view

    def next_turn(self, force_handoff: bool = False) -> None:
        """Show whatever comes next, as the table's rules decide (:mod:`rummy_tui.table.turns`):
        the end of the deal, a computer's move, the next person's hand-off or hand."""
        self.dispatch(NextTurn(force_handoff))

    def table_resumed(self) -> None:
        """The table is back on top: a computer's move that waited is made now, and the
        other screens' moves are shown."""
        self.computers.resumed()
        self.look_for_news()

    def arranged(self, seat: int, hand: HandState) -> None:
        """The table's hand keys arranged ``seat``'s hand: keep the arrangement, up to date
        with the hand as it is now (a move may have come in between)."""
        self.hands.arranged(hand, self.game.view(seat))

    def look_for_news(self) -> None:
        """Show the other screens' moves, if any came (a shared match)."""
        if self.shared is not None:
            self.shared.look_for_news()

    def caught_up(self) -> list[ActionRecord | TakeBackNote]:
        """Show every move of the shared match not shown yet; the moves shown."""
        return self.shared.caught_up() if self.shared is not None else []

    # ------------------------------------------------------------------ over the table

    def show_deal_end(self) -> None:
        """Reveal every hand with the score breakdown (P-3)."""
        session_routes.show_deal_end(self)

    def show_match_end(self) -> None:
        """The whole sheet with the winner and the way on."""
        self.stop_bots()
        match_end.show_match_end(self.host, self.game, self.replay_source())

    def replay_source(self) -> ReplaySource:
        """The match at the table, for its replay (a joined screen never deals again)."""
        from rummy_tui.ui.play.replaying import ReplaySource

        return ReplaySource(self.game, self.setup, self.saving.name, not self.joined)

    def play_again(self) -> None:
        """The same players and options, seats turned by one, a fresh shuffle; a joined
        screen goes back to the title (the shared screen deals the next match)."""
        if self.joined:
            self.host.show_title()
            return
        match_end.play_again(self.host, self.setup, self.game)

    def wants(self, wish: Wish) -> None:
        """A menu over the table: the hint, the help, the score sheet or the leave menu; the
        list of own screens as the table's rules allow (the shared screen only, P-6)."""
        if wish == "screens":
            self.dispatch(SeatsAsked())
            return
        table_menus.over_table(self, wish)

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave the table (saved once more first)."""
        session_routes.leave_table(self, on_cancel)

    def show_own_screens(
        self, then: Callable[[], object] | None = None, first_line: str | None = None
    ) -> None:
        """Where each person's seat is played, with the join codes (the shared screen only,
        P-6); ``then`` once it closes; ``first_line`` names what its first line goes on to."""
        session_routes.show_own_screens(self, then, first_line)

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


# ---------------------------------------------------------------------------- hand orders


def arrange_hand(order: list[Card], hand: list[Card], mode: str) -> list[Card]:
    """The player's order brought up to date with the cards now in ``hand``.

    A hand kept sorted stays sorted (new cards go to their place); a hand arranged by hand
    keeps its order, new cards at the end; with nothing left of the old order the hand is
    sorted afresh.
    """
    in_hand = set(hand)
    kept = [card for card in order if card in in_hand]
    if not kept:
        return sort_cards(hand, mode)
    kept_set = set(kept)
    new = [card for card in hand if card not in kept_set]
    if kept == sort_cards(kept, mode):
        return sort_cards(kept + new, mode)
    return kept + new


def sync_hand(state: HandState, view: PlayerView) -> None:
    """Bring ``state`` up to date with the hand in ``view`` (the cards a move added or took).

    Running it twice with the same view changes nothing.
    """
    hand = list(view.hand)
    in_hand = set(hand)
    if state.deal != view.deal_number:
        # Cards are the same objects from deal to deal: nothing of the last deal's order,
        # selection or "new card" marks may leak into the next one.
        state.order, state.selected, state.fresh, state.cursor = [], set(), set(), 0
        state.deal = view.deal_number
    kept = [card for card in state.order if card in in_hand]
    kept_set = set(kept)
    new = [card for card in hand if card not in kept_set]
    turn_key = (view.deal_number, view.turn_number)
    if turn_key != state.turn_key:
        state.fresh = set()
        state.turn_key = turn_key
    at_cursor = state.order[state.cursor] if 0 <= state.cursor < len(state.order) else None
    state.order = arrange_hand(state.order, hand, state.sort_mode)
    if not kept:
        state.fresh = set()
    else:
        if view.current == view.seat:
            state.fresh |= set(new)
        if new and at_cursor in kept_set:
            state.cursor = state.order.index(at_cursor)
    state.fresh &= in_hand
    state.selected &= in_hand
    state.cursor = max(0, min(state.cursor, len(state.order) - 1))


class HandOrders:
    """Every seat's hand state, by seat: what the save keeps as ``hand_order``."""

    def __init__(self) -> None:
        self.by_seat: dict[int, HandState] = {}

    def __getitem__(self, seat: int) -> HandState:
        return self.by_seat[seat]

    def __contains__(self, seat: object) -> bool:
        return seat in self.by_seat

    def clear(self) -> None:
        """Forget every order."""
        self.by_seat.clear()

    def of(self, seat: int) -> HandState:
        """The state of ``seat``'s hand (made empty the first time)."""
        return self.by_seat.setdefault(seat, HandState())

    def shown(self, view: PlayerView, drawn: tuple[Card, ...]) -> HandState:
        """``view.seat``'s hand as the table is to show it: its order up to date with the hand
        in ``view``, the cards ``drawn`` this turn marked (while the seat is to act)."""
        state = self.of(view.seat)
        sync_hand(state, view)
        if view.seat == view.current:
            state.fresh = set(drawn) & set(view.hand)
        return state

    def follow(self, view: PlayerView) -> None:
        """A move of ``view.seat`` changed its hand: the selection is spent, and its order is
        brought up to date (if it has one)."""
        state = self.by_seat.get(view.seat)
        if state is not None:
            state.selected.clear()
            if state.deal == view.deal_number:
                sync_hand(state, view)

    def took_back(self, view: PlayerView) -> None:
        """A take-back (P-4) changed ``view.seat``'s hand: bring its order up to date, with the
        cursor on the first card that came back (the discard taken back, one of a meld's
        cards), so the next key acts on it. Cards coming back did not come in this turn:
        they get no fresh mark."""
        state = self.by_seat.get(view.seat)
        if state is None:
            return
        state.selected.clear()
        if state.deal != view.deal_number:
            return
        before, fresh_before = set(state.order), set(state.fresh)
        sync_hand(state, view)
        state.fresh = fresh_before & set(state.order)
        returned = [index for index, card in enumerate(state.order) if card not in before]
        if returned:
            state.cursor = returned[0]

    def arranged(self, hand: HandState, view: PlayerView) -> None:
        """``view.seat``'s hand as its player arranged it on the table (a copy), brought up to
        date with the hand in ``view``."""
        sync_hand(hand, view)
        self.by_seat[view.seat] = hand

    def to_extra(self) -> dict[str, list[str]]:
        """The orders as they are, for the save's extra data."""
        return {
            str(seat): [card.key for card in state.order] for seat, state in self.by_seat.items()
        }

    def restore(self, saved: object, views: list[PlayerView]) -> None:
        """Take back the orders kept in a save (``views``: each seat's view, by seat)."""
        self.by_seat.update(restored_orders(saved, views))
