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

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rummy_tui.core import (
    Action,
    ActionRecord,
    Card,
    IllegalAction,
    Phase,
    PlayerView,
    StartDeal,
)
from rummy_tui.core.offers import Refusal, SeatOffers, offers
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.persistence.autosave import Autosave
from rummy_tui.ui import hand_offs, match_end
from rummy_tui.ui.computer_moves import ComputerMoves
from rummy_tui.ui.controller import Controller
from rummy_tui.ui.hand_state import HandState, restored_orders
from rummy_tui.ui.handoff_lines import computers_first, turn_under_way
from rummy_tui.ui.move_outcome import Outcome, Source
from rummy_tui.ui.refusal_text import refusal_text
from rummy_tui.ui.render import sort_cards
from rummy_tui.ui.screens.table import TableScreen
from rummy_tui.ui.session_answers import TableAnswers
from rummy_tui.ui.session_routes import TableRoutes
from rummy_tui.ui.shared_play import SHARED_TABLE_KEY, SharedLink
from rummy_tui.ui.shared_turns import SharedTurns
from rummy_tui.ui.table_text import Mode

if TYPE_CHECKING:
    from rummy_tui.core import Game
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
        self._session.look_for_news()


SessionTable.__name__ = SessionTable.__qualname__ = "TableScreen"  # the screen it is, by name


class MatchSession(SharedTurns, TableRoutes):
    """One match at the table: applies moves from every source, keeps the hands' order, saves,
    and decides the next screen."""

    def __init__(
        self, host: TableHost, setup: MatchSetup, game: Game, link: SharedLink | None = None
    ) -> None:
        self.host = host
        self.setup, self.game = setup, game
        self.link = link
        """The hold on the shared match file when seats are played on their own screens."""
        self.hands: HandOrders = HandOrders()
        self.people: frozenset[int] = frozenset()
        """The seats people play at this screen's keyboard (the others are computers, or
        people on screens of their own)."""
        self.saving = Autosave()
        """The autosave: the store, the save's name and whether saving works."""
        # Every refusal the table shows is written by one function, with the table's cards.
        self.controller = Controller(setup, game, lambda error: refusal_text(error, host.settings))
        """The match's read-only answers (views, refusals in words, the screens' questions)."""
        self.table: TableScreen = SessionTable(
            self,
            self.controller.public_view(),
            (),
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
        self.watching = False
        self.seated(setup)

    def elsewhere(self) -> frozenset[int]:
        """The seats people play on screens other than this one."""
        if self.link is None:
            return frozenset()
        return self.link.own

    # ------------------------------------------------------------------ opening and closing

    moves_computers = True
    """Whether this screen makes the computer players' moves (a joined screen does not)."""
    keeps_records = True
    """Whether a finished match goes into this data folder's records from this screen."""

    def open(self) -> None:
        """Put the table up (the first hand-off or the cut comes over it); a shared match is
        watched for the other screens' moves from now on."""
        self.host.show_screen(self.table)
        self.note_saved()
        if self.link is not None:
            self.watch()

    def close(self) -> None:
        """The table is put away: computers stop, and the save is let go (another window may
        open the match now), as is the shared match file."""
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
        if self.link is not None:
            return self._act_shared(action)
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
        if controller.phase is Phase.MATCH_OVER and self.keeps_records:
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
        if seat is None and self.keyboard_seat is None and self.link is not None:
            return self.gate_while_elsewhere()  # u while the next seat plays on its screen
        mover = self.keyboard_seat if seat is None else seat
        if (result := self._take_back(mover)) is None:  # shown already (a shared match)
            return
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

    def _take_back(self, mover: int | None) -> TakeBackNote | str | None:
        """Take back ``mover``'s newest move through the game (the core checks once whether it
        may, and replays the deal once), bring their hand order up to date (the cards come
        back) and save as if the move had never been made. Returns the public note, or the
        refusal's sentence with nothing changed."""
        refusal = self.seat_may_not_take_back(mover)
        if refusal is not None or mover is None:
            return refusal or ""
        if self.link is not None:
            return self._take_back_shared(mover)
        try:
            note = self.game.take_back(mover)
        except IllegalAction as error:
            return self.controller.words(error)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return _("That move could not be taken back: {error}.").format(error=error)
        self.hands.took_back(self.game.view(mover))
        self.autosave()
        return note

    def take_back_refusal(self, seat: int | None = None) -> IllegalAction | None:
        """The core's reason why ``seat`` may not take back the newest move now (P-4), or
        None; in a shared match also once the next seat started its turn on the shared
        screen (the file knows, the game does not)."""
        if self.link is not None:
            return self.link.take_back_refusal(seat)
        return self.game.take_back_refusal(seat)

    def turn_opened(self) -> None:
        """The seat to act starts its turn here (Enter at its hand-off): in a shared match
        the file says so, and the discard before it is taken back on no screen (P-4)."""
        if self.link is None:
            return
        try:
            self.link.open_turn()
        except Exception as error:  # SaveError: the other screens may still offer the discard
            self.host.notice(str(error), "warning")

    def seat_offers(self, seat: int) -> SeatOffers:
        """What the core offers ``seat`` now, the take-back as :meth:`take_back_refusal`
        says (P-4)."""
        seat_offers = offers(self.game, seat)
        take_back = seat_offers.take_back
        if self.link is None or take_back.refusal is not None:
            return seat_offers
        refusal = self.link.shared.turn_started_refusal()
        if refusal is None:
            return seat_offers
        return replace(seat_offers, take_back=replace(take_back, refusal=Refusal.of(refusal)))

    def seat_may_not_take_back(self, seat: int | None) -> str | None:
        """Why ``seat`` is not a person at this table who may take back a move, or None."""
        if seat is None or not 0 <= seat < len(self.setup.seats):
            return _("Only the player at the keyboard may take back a move ({rule}).").format(
                rule="P-4"
            )
        if seat in self.elsewhere():
            return _("Only the screen of {player} may take back that move ({rule}).").format(
                player=self.game.players[seat], rule="P-4"
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
        seat_offers = self.seat_offers(seat)
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
        if seat in self.elsewhere() or (controller.is_bot(seat) and not self.moves_computers):
            self.computers.end_streak()
            self.played_elsewhere(seat)
            return
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

    def to_extra(self) -> dict[str, list[str]]:
        """The orders as they are, for the save's extra data."""
        return {
            str(seat): [card.key for card in state.order] for seat, state in self.by_seat.items()
        }

    def restore(self, saved: object, views: list[PlayerView]) -> None:
        """Take back the orders kept in a save (``views``: each seat's view, by seat)."""
        self.by_seat.update(restored_orders(saved, views))
